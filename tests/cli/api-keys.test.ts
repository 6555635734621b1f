import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';
import { loggedIn, removeCliUsers, rows } from './run.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

async function ownerSite() {
  const owner = await t.signup('Owner');
  const siteId = domain();
  await owner.api.POST('/sites', { body: { name: 'Keys', siteId, templateId: 'launch' } });
  return {
    siteId,
    api: owner.api,
    cli: loggedIn(t.url, owner.session.token),
    keys: async () => (await owner.api.GET('/sites/{siteId}/api-keys', { params: { path: { siteId } } })).data!,
  };
}

/** A call made with the key, as a script would make it. */
const useKey = (siteId: string, key: string) => t.client(key).GET('/sites/{siteId}/files', { params: { path: { siteId } } });

describe('api-keys create', () => {
  it('prints only the key on stdout, so KEY=$(pagewright api-keys create) works', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['api-keys', 'create', '--site', s.siteId, '--name', 'CI deploy']);
    expect(result.code).toBe(0);
    const key = result.stdout.trim();
    expect(result.stdout).toBe(`${key}\n`);
    expect(key).toMatch(/^pw_[A-Za-z0-9]{8}_[A-Za-z0-9_-]{43}$/);
    const [listed] = await s.keys();
    expect(listed).toMatchObject({ token: key.slice(0, 11), name: 'CI deploy', isLocked: false });
    expect(result.stderr).toBe(
      `Created API key ${listed!.token} (CI deploy) for ${s.siteId}. This is the only time it is shown: store it now.\n`,
    );
    expect((await useKey(s.siteId, key)).response.status).toBe(200);
  });

  it('answers the key object with --json, named "API key" by default', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['api-keys', 'create', '--site', s.siteId, '--json']);
    const json = JSON.parse(result.stdout);
    expect(json).toEqual({
      token: expect.stringMatching(/^pw_/),
      key: expect.stringMatching(/^pw_/),
      name: 'API key',
      isLocked: false,
      usedCount: 0,
      lastUsed: null,
      created: expect.any(String),
    });
    expect(await s.keys()).toEqual([
      { token: json.token, name: 'API key', isLocked: false, usedCount: 0, lastUsed: null, created: json.created },
    ]);
  });

  it('is for the owner only', async () => {
    const s = await ownerSite();
    const stranger = await t.signup('Stranger');
    const result = await loggedIn(t.url, stranger.session.token).run(['api-keys', 'create', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toMatch(/^error: .+ \(40[34]\)\n$/);
    expect(await s.keys()).toEqual([]);
  });
});

describe('api-keys list', () => {
  it('lists the keys oldest first as rows, never a secret', async () => {
    const s = await ownerSite();
    const first = (await s.cli.run(['api-keys', 'create', '--site', s.siteId, '--name', 'First'])).stdout.trim();
    const second = (await s.cli.run(['api-keys', 'create', '--site', s.siteId, '--name', 'Second'])).stdout.trim();
    await useKey(s.siteId, first);
    const result = await s.cli.run(['api-keys', 'list', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const listed = rows(result.stdout);
    expect(listed.map((r) => r.slice(0, 4))).toEqual([
      [first.slice(0, 11), 'First', 'active', '1'],
      [second.slice(0, 11), 'Second', 'active', '0'],
    ]);
    expect(listed[0]![4]).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const key of [first, second]) {
      expect(result.stdout).not.toContain(key.slice(12));
    }
    const json = await s.cli.run(['api-keys', 'ls', '--site', s.siteId, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(await s.keys());
    expect(json.stdout).not.toContain(first.slice(12));
  });
});

describe('api-keys lock and unlock', () => {
  it('locks a key by its token (calls with it are refused), and unlocks it', async () => {
    const s = await ownerSite();
    const key = (await s.cli.run(['api-keys', 'create', '--site', s.siteId, '--name', 'Deploy'])).stdout.trim();
    const token = key.slice(0, 11);
    const lock = await s.cli.run(['api-keys', 'lock', token, '--site', s.siteId]);
    expect(lock).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `Locked API key ${token} (Deploy) of ${s.siteId}: refused until unlocked\n`,
    });
    expect((await s.keys())[0]!.isLocked).toBe(true);
    expect((await useKey(s.siteId, key)).response.status).toBe(403);
    expect(rows((await s.cli.run(['api-keys', 'list', '--site', s.siteId])).stdout)[0]![2]).toBe('locked');

    const unlock = await s.cli.run(['api-keys', 'unlock', token, '--site', s.siteId, '--json']);
    expect(JSON.parse(unlock.stdout)).toMatchObject({ token, isLocked: false, name: 'Deploy' });
    expect((await useKey(s.siteId, key)).response.status).toBe(200);
  });

  it('takes the whole key too, sending only its token', async () => {
    const s = await ownerSite();
    const key = (await s.cli.run(['api-keys', 'create', '--site', s.siteId])).stdout.trim();
    expect((await s.cli.run(['api-keys', 'lock', key, '--site', s.siteId])).code).toBe(0);
    expect((await s.keys())[0]!.isLocked).toBe(true);
  });

  it('refuses what is not a key before calling the server, and exits 1 for an unknown one', async () => {
    const s = await ownerSite();
    const bad = await s.cli.run(['api-keys', 'lock', 'deploy', '--site', s.siteId]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Not an API key name (pw_ and 8 characters); see them with: pagewright api-keys list');
    const unknown = await s.cli.run(['api-keys', 'lock', 'pw_AAAAAAAA', '--site', s.siteId]);
    expect(unknown).toMatchObject({ code: 1, stderr: 'error: API key not found (404)\n' });
  });

  it('cannot be managed with an API key', async () => {
    const s = await ownerSite();
    const key = (await s.cli.run(['api-keys', 'create', '--site', s.siteId])).stdout.trim();
    const ci = loggedIn('http://unused.example.com', 'unused', {
      PAGEWRIGHT_URL: t.url,
      PAGEWRIGHT_API_KEY: key,
      PAGEWRIGHT_SITE: s.siteId,
    });
    const result = await ci.run(['api-keys', 'create']);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `error: ${messages.apiKeyScope} (403)\n` });
    expect(await s.keys()).toHaveLength(1);
  });
});
