import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createSite, fixtureLibrary } from '../support/siteDoc.js';
import { loggedIn, removeCliUsers, rows } from './run.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

/** An owner with a site made from the fixture document, logged in to the CLI. */
async function ownerSite() {
  const owner = await t.signup('Owner');
  const siteId = await createSite(t.pw.deps.db, owner.api);
  const path = { siteId };
  return {
    siteId,
    api: owner.api,
    cli: loggedIn(t.url, owner.session.token),
    rename: (name: string) => owner.api.PATCH('/sites/{siteId}', { params: { path }, body: { name } }),
    view: async () => (await owner.api.GET('/sites/{siteId}', { params: { path, query: { expand: 'versions' } } })).data!,
  };
}

describe('versions list', () => {
  it('prints the versions newest first as tab-separated rows, and the history counts on stderr', async () => {
    const s = await ownerSite();
    await s.api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: s.siteId } }, body: { message: 'Second' } });
    await s.rename('Renamed once');
    const result = await s.cli.run(['versions', 'list', '--site', s.siteId]);
    expect(result.code).toBe(0);
    const { versions } = await s.view();
    expect(rows(result.stdout)).toEqual(
      versions!.map((v) => [String(v.id), v.created, v.authorName ?? '', v.hash.slice(0, 12), v.message]),
    );
    expect(rows(result.stdout).map((r) => r[4])).toEqual(['Second', 'Created from the Launch template']);
    expect(result.stderr).toBe(`History of ${s.siteId}: 1 to undo, 0 to redo, 1 unsaved\n`);
  });

  it('shows an aligned table with a header and UTC dates on a terminal', async () => {
    const s = await ownerSite();
    const { code, screen } = await s.cli.runInTerminal(['versions', 'list', '--site', s.siteId]);
    expect(code).toBe(0);
    expect(screen).toMatch(/ID\s+CREATED\s+AUTHOR\s+HASH\s+MESSAGE/);
    expect(screen).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC .*Created from the Launch template/);
    expect(screen).toContain(`History of ${s.siteId}: 0 to undo, 0 to redo, 0 unsaved`);
  });

  it('answers the versions, the history and the document hash with --json', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['versions', 'ls', '--site', s.siteId, '--json']);
    const view = await s.view();
    expect(JSON.parse(result.stdout)).toEqual({ hash: view.hash, history: { undo: 0, redo: 0, unsaved: 0 }, versions: view.versions });
  });

  it('exits 4 when not logged in, and 1 for a site that is not yours', async () => {
    const s = await ownerSite();
    const stranger = await t.signup('Stranger');
    const notYours = await loggedIn(t.url, stranger.session.token).run(['versions', 'list', '--site', s.siteId]);
    expect(notYours).toMatchObject({ code: 1, stdout: '' });
    expect(notYours.stderr).toMatch(/^error: .+ \(40[34]\)\n$/);
    const anonymous = await loggedIn('http://elsewhere.example.com', 'x').run(['versions', 'list', '--site', s.siteId], {
      env: { PAGEWRIGHT_URL: t.url },
    });
    expect(anonymous.code).toBe(4);
  });
});

describe('versions commit', () => {
  it('saves a version with the message, prints its hash, and starts the counts again', async () => {
    const s = await ownerSite();
    await s.rename('Before commit');
    const result = await s.cli.run(['versions', 'commit', '--site', s.siteId, '-m', 'Nightly import']);
    expect(result.code).toBe(0);
    const { versions, hash, history: counts } = await s.view();
    expect(versions![0]).toMatchObject({ message: 'Nightly import', authorName: 'Owner' });
    expect(result.stdout).toBe(`${versions![0]!.hash}\n`);
    expect(versions![0]!.hash).toBe(hash);
    expect(counts).toEqual({ undo: 0, redo: 0, unsaved: 0 });
    expect(result.stderr).toBe(
      `Saved version ${versions![0]!.id} of ${s.siteId}: Nightly import\nHistory of ${s.siteId}: 0 to undo, 0 to redo, 0 unsaved\n`,
    );
  });

  it('answers the version and the counts with --json', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['versions', 'commit', '--site', s.siteId, '--message', 'JSON', '--json'], {
      env: { PAGEWRIGHT_SITE: 'ignored.example.com' },
    });
    const { versions } = await s.view();
    expect(JSON.parse(result.stdout)).toEqual({ version: versions![0], history: { undo: 0, redo: 0, unsaved: 0 } });
  });

  it('needs a message when it cannot ask, and stores nothing', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['versions', 'commit', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'error: --message required when not running interactively\n' });
    expect((await s.view()).versions).toHaveLength(1);
  });

  it("reports the server's validation with the field", async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['versions', 'commit', '--site', s.siteId, '-m', 'x'.repeat(501)]);
    expect(result).toMatchObject({ code: 1, stderr: 'error: message must be at most 500 characters (400) field: message\n' });
  });
});

describe('versions undo and redo', () => {
  it('undo puts the old value back, redo the new one, with the counts', async () => {
    const s = await ownerSite();
    const before = (await s.view()).name;
    await s.rename('Undo me');
    const undo = await s.cli.run(['versions', 'undo', '--site', s.siteId]);
    expect(undo).toMatchObject({ code: 0, stdout: '' });
    expect(undo.stderr).toBe(`Undid an edit of ${s.siteId} (1 value written)\nHistory of ${s.siteId}: 0 to undo, 1 to redo, 2 unsaved\n`);
    expect((await s.view()).name).toBe(before);

    const redo = await s.cli.run(['versions', 'redo', '--site', s.siteId, '--json']);
    expect(redo.code).toBe(0);
    expect(JSON.parse(redo.stdout)).toEqual({
      edits: [{ path: ['settings', 'name'], value: 'Undo me' }],
      history: { undo: 1, redo: 0, unsaved: 3 },
    });
    expect((await s.view()).name).toBe('Undo me');
  });

  it("exits 1 with the server's message when there is nothing to undo", async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['versions', 'undo', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'error: There is nothing to undo (409)\n' });
  });
});

describe('versions reset', () => {
  it('with --yes returns to the last version and empties the history', async () => {
    const s = await ownerSite();
    const before = (await s.view()).name;
    await s.rename('Lost one');
    await s.rename('Lost two');
    const result = await s.cli.run(['versions', 'reset', '--site', s.siteId, '--yes']);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe(`Reset ${s.siteId} to its last version\nHistory of ${s.siteId}: 0 to undo, 0 to redo, 0 unsaved\n`);
    const view = await s.view();
    expect(view).toMatchObject({ name: before, history: { undo: 0, redo: 0, unsaved: 0 } });
  });

  it('refuses without --yes when it cannot ask, and changes nothing', async () => {
    const s = await ownerSite();
    await s.rename('Kept');
    const result = await s.cli.run(['versions', 'reset', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'error: --yes required when not running interactively\n' });
    expect(await s.view()).toMatchObject({ name: 'Kept', history: { unsaved: 1 } });
  });

  it('asks on a terminal: no cancels with exit 2, yes resets', async () => {
    const s = await ownerSite();
    await s.rename('Maybe lost');
    const args = ['versions', 'reset', '--site', s.siteId];
    const question = `Reset Maybe lost (${s.siteId}) to its last version? 1 unsaved change is lost. (y/N) `;
    const no = await s.cli.runInTerminal(args, [[question, 'n\r']]);
    expect(no.code).toBe(2);
    expect((await s.view()).name).toBe('Maybe lost');
    const yes = await s.cli.runInTerminal(args, [[question, 'y\r']]);
    expect(yes.code).toBe(0);
    expect(yes.screen).toContain(`Reset ${s.siteId} to its last version`);
    expect((await s.view()).history.unsaved).toBe(0);
  });
});

describe('versions restore', () => {
  it('restores the second-newest of three versions as one step: the document equals that version, and undo takes it back', async () => {
    const s = await ownerSite();
    const path = { siteId: s.siteId };
    for (const name of ['One', 'Two', 'Three']) {
      await s.rename(name);
      await s.api.POST('/sites/{siteId}/versions/commit', { params: { path }, body: { message: name } });
    }
    const { versions } = await s.view();
    const second = versions![1]!;
    expect(second.message).toBe('Two');
    const download = async () =>
      JSON.parse(
        (
          await s.api.GET('/sites/{siteId}/versions/{versionId}/download', {
            params: { path: { ...path, versionId: second.id } },
            parseAs: 'text',
          })
        ).data as unknown as string,
      ) as unknown;
    const current = async () => JSON.parse(JSON.stringify(await t.pw.services.content.loadSiteDoc(t.pw.deps.db, s.siteId))) as unknown;

    const result = await s.cli.run(['versions', 'restore', String(second.id), '--site', s.siteId]);
    expect(result).toMatchObject({ code: 0, stdout: '' });
    expect(result.stderr).toBe(
      `Restored version ${second.id} of ${s.siteId} (Two); pagewright versions undo takes it back
History of ${s.siteId}: 1 to undo, 0 to redo, 1 unsaved
`,
    );
    expect(await current()).toEqual(await download());
    const view = await s.view();
    expect(view).toMatchObject({ name: 'Two', hash: second.hash });
    expect(view.versions).toHaveLength(versions!.length);

    expect((await s.cli.run(['versions', 'undo', '--site', s.siteId])).code).toBe(0);
    expect((await s.view()).name).toBe('Three');
  });

  it('answers the counts and the version with --json; refuses an id the site does not have', async () => {
    const s = await ownerSite();
    await s.rename('Later');
    const [version] = (await s.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: s.siteId } } })).data!;
    const json = await s.cli.run(['versions', 'restore', String(version!.id), '--site', s.siteId, '--json', 'history,version']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      history: { undo: 2, redo: 0, unsaved: 2 },
      version,
    });
    const missing = await s.cli.run(['versions', 'restore', '999999', '--site', s.siteId]);
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain(`${s.siteId} has no version 999999`);
    const bad = await s.cli.run(['versions', 'restore', 'latest', '--site', s.siteId]);
    expect(bad.stderr).toBe(`error: "latest" is not a version id: see pagewright versions list --site ${s.siteId}\n`);
  });
});

describe('versions with an API key', () => {
  it('commit, undo and reset work with PAGEWRIGHT_API_KEY and PAGEWRIGHT_SITE', async () => {
    const s = await ownerSite();
    const { data: key } = await s.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId: s.siteId } }, body: { name: 'CI' } });
    const env = { PAGEWRIGHT_URL: t.url, PAGEWRIGHT_API_KEY: key!.key, PAGEWRIGHT_SITE: s.siteId };
    const ci = loggedIn('http://unused.example.com', 'unused', env);
    await s.rename('Via key');
    expect((await ci.run(['versions', 'undo'])).code).toBe(0);
    const commit = await ci.run(['versions', 'commit', '-m', 'From CI']);
    expect(commit.code).toBe(0);
    expect((await s.view()).versions![0]).toMatchObject({ message: 'From CI', hash: commit.stdout.trim() });
    const list = await ci.run(['versions', 'list']);
    expect(rows(list.stdout)[0]![4]).toBe('From CI');
    const { response } = await s.rename('Reset away');
    expect(history(response)?.unsaved).toBe(1);
    expect((await ci.run(['versions', 'reset', '--yes'])).code).toBe(0);
    expect((await s.view()).history.unsaved).toBe(0);
  });
});

describe('versions download', () => {
  it('saves the version document into the current folder under its name, never replacing a file there', async () => {
    const s = await ownerSite();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-versions-'));
    try {
      const [version] = (await s.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: s.siteId } } })).data!;
      const first = await s.cli.run(['versions', 'download', String(version!.id), '--site', s.siteId], { cwd: dir });
      expect(first.code).toBe(0);
      const file = path.join(dir, version!.download.name);
      expect(first.stdout).toBe(`${file}\n`);
      expect(first.stderr).toContain(`Saved version ${version!.id} of ${s.siteId}`);
      const bytes = fs.readFileSync(file);
      expect(crypto.createHash('md5').update(bytes).digest('hex')).toBe(version!.download.md5);
      expect(JSON.parse(bytes.toString('utf8'))).toHaveProperty('pages');

      const second = await s.cli.run(['versions', 'download', String(version!.id), '--site', s.siteId, '--json'], { cwd: dir });
      const saved = JSON.parse(second.stdout) as { path: string; md5: string; size: number };
      expect(saved.path).not.toBe(file);
      expect(saved).toMatchObject({ md5: version!.download.md5, size: bytes.length });
      expect(fs.readdirSync(dir).sort()).toEqual([path.basename(saved.path), version!.download.name].sort());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('writes to stdout with --out -, and fails with exit 1 for a version the site does not have', async () => {
    const s = await ownerSite();
    const [version] = (await s.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: s.siteId } } })).data!;
    const out = await s.cli.run(['versions', 'download', String(version!.id), '--site', s.siteId, '--out', '-']);
    expect(out.code).toBe(0);
    expect(crypto.createHash('md5').update(out.stdout).digest('hex')).toBe(version!.download.md5);
    const missing = await s.cli.run(['versions', 'download', '999', '--site', s.siteId]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${s.siteId} has no version 999`);
  });
});
