import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';
import { loggedIn, removeCliUsers, rows } from './run.js';

let t: TestServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-assets-'));
const file = (name: string) => path.join(work, name);
beforeAll(async () => {
  t = await startTestServer();
  fs.writeFileSync(file('hero.png'), await fixtures.png());
  fs.writeFileSync(file('photo.jpg'), await fixtures.jpeg());
  fs.writeFileSync(file('logo.svg'), fixtures.svg());
  fs.writeFileSync(file('menu.pdf'), fixtures.pdf());
  fs.writeFileSync(file('fake.png'), fixtures.txt());
});
afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

async function ownerSite() {
  const owner = await t.signup('Owner');
  const siteId = domain();
  await owner.api.POST('/sites', { body: { name: 'Assets', siteId, templateId: 'launch' } });
  return {
    siteId,
    api: owner.api,
    cli: loggedIn(t.url, owner.session.token),
    /** The site's uploaded files (a template's placeholders left out), by name. */
    files: async () =>
      (await owner.api.GET('/sites/{siteId}/files', { params: { path: { siteId } } })).data!.files.filter((f) => !f.placeholder),
  };
}

describe('assets upload', () => {
  it('uploads several files in one request and lists what was stored', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['assets', 'upload', file('hero.png'), file('logo.svg'), file('menu.pdf'), '--site', s.siteId]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe(`Uploaded 3 files to ${s.siteId}\n`);
    const stored = await s.files();
    expect(stored.map((f) => f.name).sort()).toEqual(['hero.png', 'logo.svg', 'menu.pdf']);
    expect(rows(result.stdout).map((r) => [r[0], r[1]])).toEqual([
      ['hero.png', 'image'],
      ['logo.svg', 'svg'],
      ['menu.pdf', 'file'],
    ]);
    expect(rows(result.stdout)[0]![3]).toBe(stored.find((f) => f.name === 'hero.png')!.url);
  });

  it('answers the stored files with --json', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['assets', 'upload', file('photo.jpg'), '--site', s.siteId, '--json']);
    const json = JSON.parse(result.stdout);
    expect(json).toEqual([
      expect.objectContaining({ name: 'photo.jpg', kind: 'image', mime: 'image/jpeg', size: fs.statSync(file('photo.jpg')).size }),
    ]);
    expect((await s.files()).map((f) => f.id)).toEqual(['photo.jpg']);
  });

  it('refuses a name that exists unless --overwrite', async () => {
    const s = await ownerSite();
    await s.cli.run(['assets', 'upload', file('hero.png'), '--site', s.siteId]);
    const again = await s.cli.run(['assets', 'upload', file('hero.png'), '--site', s.siteId]);
    expect(again).toMatchObject({ code: 1, stdout: '', stderr: `error: ${messages.fileExists} (409) file: hero.png\n` });
    const overwrite = await s.cli.run(['assets', 'upload', file('hero.png'), '--site', s.siteId, '--overwrite']);
    expect(overwrite.code).toBe(0);
    expect(await s.files()).toHaveLength(1);
  });

  it('stores nothing when a file is missing or one of them is refused', async () => {
    const s = await ownerSite();
    const missing = await s.cli.run(['assets', 'upload', file('hero.png'), file('nope.png'), '--site', s.siteId]);
    expect(missing).toMatchObject({ code: 1, stdout: '', stderr: `error: cannot read ${file('nope.png')}: no such file\n` });
    const refused = await s.cli.run(['assets', 'upload', file('hero.png'), file('fake.png'), '--site', s.siteId]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error: .+ \(400\) file: fake\.png\n$/);
    expect(await s.files()).toEqual([]);
  });

  it('works with an API key of the site', async () => {
    const s = await ownerSite();
    const { data: key } = await s.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId: s.siteId } }, body: {} });
    const ci = loggedIn('http://unused.example.com', 'unused', {
      PAGEWRIGHT_URL: t.url,
      PAGEWRIGHT_API_KEY: key!.key,
      PAGEWRIGHT_SITE: s.siteId,
    });
    expect((await ci.run(['assets', 'upload', file('logo.svg')])).code).toBe(0);
    expect(rows((await ci.run(['assets', 'list', '--search', 'logo'])).stdout).map((r) => r[0])).toEqual(['logo.svg']);
  });
});

describe('assets list', () => {
  it('lists the files as rows (sizes in bytes), narrowed by --type and --search, with the storage on stderr', async () => {
    const s = await ownerSite();
    await s.cli.run(['assets', 'upload', file('hero.png'), file('photo.jpg'), file('menu.pdf'), '--site', s.siteId]);
    const all = await s.cli.run(['assets', 'list', '--site', s.siteId]);
    expect(all.code).toBe(0);
    const names = rows(all.stdout).map((r) => r[0]);
    expect(names).toEqual(expect.arrayContaining(['hero.png', 'photo.jpg', 'menu.pdf']));
    const hero = rows(all.stdout).find((r) => r[0] === 'hero.png')!;
    expect(hero.slice(0, 4)).toEqual(['hero.png', 'image', String(fs.statSync(file('hero.png')).size), 'no']);
    expect(all.stderr).toMatch(/^Storage: [\d.]+ (B|KB|MB) of [\d.]+ MB \(\d+%\)\n$/);

    const images = await s.cli.run(['assets', 'list', '--site', s.siteId, '--type', 'images', '--search', 'o']);
    expect(
      rows(images.stdout)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['hero.png', 'photo.jpg']);
    const unused = await s.cli.run(['assets', 'ls', '--site', s.siteId, '--type', 'unused', '--search', 'menu']);
    expect(rows(unused.stdout).map((r) => r[0])).toEqual(['menu.pdf']);
  });

  it('answers the files and storage with --json, as the API does', async () => {
    const s = await ownerSite();
    await s.cli.run(['assets', 'upload', file('hero.png'), '--site', s.siteId]);
    const result = await s.cli.run(['assets', 'list', '--site', s.siteId, '--search', 'hero', '--json']);
    const { data } = await s.api.GET('/sites/{siteId}/files', { params: { path: { siteId: s.siteId }, query: { search: 'hero' } } });
    expect(JSON.parse(result.stdout)).toEqual(data);
  });

  it('refuses an unknown --type before calling the server', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['assets', 'list', '--site', s.siteId, '--type', 'pictures']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "error: option '--type <type>' argument 'pictures' is invalid. Allowed choices are images, svgs, videos, files, unused.",
    );
  });
});

describe('assets delete', () => {
  it('deletes with --yes', async () => {
    const s = await ownerSite();
    await s.cli.run(['assets', 'upload', file('hero.png'), file('menu.pdf'), '--site', s.siteId]);
    const result = await s.cli.run(['assets', 'delete', 'hero.png', '--site', s.siteId, '--yes']);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: `Deleted hero.png from ${s.siteId}\n` });
    expect((await s.files()).map((f) => f.name)).toEqual(['menu.pdf']);
  });

  it('needs --yes when it cannot ask, and deletes nothing', async () => {
    const s = await ownerSite();
    await s.cli.run(['assets', 'upload', file('hero.png'), '--site', s.siteId]);
    const result = await s.cli.run(['assets', 'rm', 'hero.png', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 1, stderr: 'error: --yes required when not running interactively\n' });
    expect(await s.files()).toHaveLength(1);
  });

  it('asks on a terminal: no cancels with exit 2, yes deletes', async () => {
    const s = await ownerSite();
    await s.cli.run(['assets', 'upload', file('hero.png'), '--site', s.siteId]);
    const args = ['assets', 'delete', 'hero.png', '--site', s.siteId];
    const question = `Delete hero.png from ${s.siteId}? (y/N) `;
    const no = await s.cli.runInTerminal(args, [[question, 'n\r']]);
    expect(no.code).toBe(2);
    expect(await s.files()).toHaveLength(1);
    const yes = await s.cli.runInTerminal(args, [[question, 'y\r']]);
    expect(yes.code).toBe(0);
    expect(await s.files()).toEqual([]);
  });

  it('exits 1 for a file that does not exist', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['assets', 'delete', 'ghost.png', '--site', s.siteId, '--yes']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .+ \(404\)\n$/);
  });
});
