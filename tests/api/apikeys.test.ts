import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, multipart } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic, team, type Team } from '../support/team.js';

let t: TestServer;
let crew: Team;
beforeAll(async () => {
  t = await startTestServer();
  // The first account of an instance is its admin: the owner here, so admin calls are tried with its key.
  crew = await team(t);
});
afterAll(() => t.close());

/** A raw call: scope refusals land on routes of other resources, whose documented answers are theirs. */
async function raw(token: string | null, method: string, url: string, json?: unknown) {
  const response = await fetch(`${t.url}/api${url}`, {
    method,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: basic(token) } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const keysOf = (siteId: string) => crew.owner.api.GET('/sites/{siteId}/api-keys', { params: { path: { siteId } } });

describe('API keys of a site', () => {
  it('are made by the owner and shown once; only a hash is stored', async () => {
    const { siteId, owner } = crew;
    const { data, response } = await owner.api.POST('/sites/{siteId}/api-keys', {
      params: { path: { siteId } },
      body: { name: 'CI deploy' },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ name: 'CI deploy', isLocked: false, usedCount: 0, lastUsed: null });
    expect(data!.token).toMatch(/^pw_[A-Za-z0-9]{8}$/);
    expect(data!.key).toMatch(new RegExp(`^${data!.token}_[A-Za-z0-9_-]{43}$`));
    const listed = (await keysOf(siteId)).data!.find((k) => k.token === data!.token)!;
    expect(listed).toEqual({
      token: data!.token,
      name: 'CI deploy',
      isLocked: false,
      usedCount: 0,
      lastUsed: null,
      created: data!.created,
    });
    expect(JSON.stringify((await keysOf(siteId)).data)).not.toContain(data!.key.slice(12));
    const row = await t.pw.deps
      .db('api_keys')
      .where({ public_id: data!.token.slice(3) })
      .first();
    expect(row.key_hash).toBe(crypto.createHash('sha256').update(data!.key).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(data!.key.slice(12));
    const unnamed = await owner.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } } });
    expect(unnamed.data!.name).toBe('API key');
  });

  it('lock, unlock, rename and delete, with their validation', async () => {
    const { siteId, owner } = crew;
    const { data: created } = await owner.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: {} });
    const path = { siteId, token: created!.token };
    const files = () => raw(created!.key, 'GET', `/sites/${siteId}/files`);
    expect((await files()).status).toBe(200);
    expect((await owner.api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path }, body: { isLocked: true } })).data).toMatchObject({
      isLocked: true,
    });
    expect(await files()).toMatchObject({
      status: 403,
      body: { code: 'API_KEY_LOCKED', error: 'This API key is locked by the site owner' },
    });
    expect(
      (await owner.api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path }, body: { isLocked: false, name: 'Importer' } })).data,
    ).toMatchObject({ isLocked: false, name: 'Importer' });
    expect((await files()).status).toBe(200);
    const bad = await owner.api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path }, body: { isLocked: 'yes' as never } });
    expect(bad.error).toMatchObject({ status: 400, error: 'isLocked must be true or false', info: { field: 'isLocked' } });
    const long = await owner.api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path }, body: { name: 'x'.repeat(101) } });
    expect(long.error).toMatchObject({ status: 400, error: 'Name must be at most 100 characters', info: { field: 'name' } });
    expect(
      (await owner.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: { name: 'x'.repeat(101) } })).response.status,
    ).toBe(400);
    expect((await owner.api.DELETE('/sites/{siteId}/api-keys/{token}', { params: { path } })).response.status).toBe(204);
    expect(await files()).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    const gone = await owner.api.DELETE('/sites/{siteId}/api-keys/{token}', { params: { path } });
    expect(gone.error).toMatchObject({ status: 404, error: 'API key not found' });
    expect(
      (
        await owner.api.PATCH('/sites/{siteId}/api-keys/{token}', {
          params: { path: { siteId, token: 'pw_AAAAAAAA' } },
          body: { isLocked: true },
        })
      ).response.status,
    ).toBe(404);
    // A key is named within its own site only.
    const { data: other } = await owner.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId: crew.otherSiteId } } });
    expect(
      (await owner.api.DELETE('/sites/{siteId}/api-keys/{token}', { params: { path: { siteId, token: other!.token } } })).response.status,
    ).toBe(404);
  });

  it('counts every use and records when it was last used', async () => {
    const { siteId, owner } = crew;
    const { data: created } = await owner.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: { name: 'Counter' } });
    const before = Date.now();
    for (let i = 0; i < 3; i++) expect((await raw(created!.key, 'GET', `/sites/${siteId}/files`)).status).toBe(200);
    const listed = (await keysOf(siteId)).data!.find((k) => k.token === created!.token)!;
    expect(listed.usedCount).toBe(3);
    expect(Date.parse(listed.lastUsed!)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('are for the owner only: collaborators are told so, strangers see nothing', async () => {
    const { siteId } = crew;
    const token = (await keysOf(siteId)).data![0]!.token;
    for (const [who, member] of [
      ['collaborator', crew.collaborator],
      ['locked collaborator', crew.locked],
    ] as const) {
      const answers = [
        await member.api.GET('/sites/{siteId}/api-keys', { params: { path: { siteId } } }),
        await member.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: {} }),
        await member.api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path: { siteId, token } }, body: { isLocked: true } }),
        await member.api.DELETE('/sites/{siteId}/api-keys/{token}', { params: { path: { siteId, token } } }),
      ];
      expect([who, answers.map((a) => a.error?.error)]).toEqual([who, Array(4).fill('Only the site owner can create API-keys')]);
      expect(answers.every((a) => a.response.status === 403)).toBe(true);
    }
    expect((await crew.stranger.api.GET('/sites/{siteId}/api-keys', { params: { path: { siteId } } })).response.status).toBe(404);
    expect((await crew.stranger.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: {} })).response.status).toBe(
      404,
    );
    expect((await t.client().GET('/sites/{siteId}/api-keys', { params: { path: { siteId } } })).response.status).toBe(401);
    expect((await keysOf(siteId)).data!.find((k) => k.token === token)!.isLocked).toBe(false);
  });
});

describe('what an API key may do', () => {
  it("reads and writes its own site's files", async () => {
    const { siteId, key } = crew;
    const { body, contentType } = multipart([{ field: 'file0', filename: 'from-ci.png', data: await fixtures.png() }]);
    const response = await fetch(`${t.url}/api/sites/${siteId}/files`, {
      method: 'POST',
      headers: { authorization: basic(key), 'content-type': contentType },
      body,
    });
    expect(response.status).toBe(201);
    expect((await raw(key, 'GET', `/sites/${siteId}/files`)).body.files.map((f: { name: string }) => f.name)).toContain('from-ci.png');
    expect((await raw(key, 'DELETE', `/sites/${siteId}/files/from-ci.png`)).status).toBe(204);
    // Bearer works as well as Basic.
    expect((await fetch(`${t.url}/api/sites/${siteId}/files`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  });

  it('reads its site, commits, moves through history and publishes, as CI does; page design stays with people', async () => {
    const { siteId, key, otherSiteKey } = crew;
    const site = await raw(key, 'GET', `/sites/${siteId}?expand=pages`);
    expect(site.status).toBe(200);
    const heading = Object.values(site.body.nodes as Record<string, { id: string; type: string }>).find((n) => n.type === 'heading')!;
    const design = await raw(key, 'PATCH', `/sites/${siteId}/components/${heading.id}`, { data: { value: 'By a robot' } });
    expect(design).toMatchObject({ status: 403, body: { code: 'API_KEY_SCOPE' } });
    const edit = await crew.owner.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: heading.id } },
      body: { data: { value: 'By the owner' } },
    });
    expect(edit.response.status).toBe(200);
    expect((await raw(key, 'PATCH', `/sites/${siteId}/versions/undo`)).status).toBe(200);
    expect((await raw(key, 'PATCH', `/sites/${siteId}/versions/redo`)).status).toBe(200);
    const commit = await raw(key, 'POST', `/sites/${siteId}/versions/commit`, { message: 'Release from CI' });
    expect(commit.status).toBe(201);
    const published = await raw(key, 'GET', `/sites/${siteId}/publish?type=download`);
    expect(published.status).toBe(200);
    expect(published.body.download.md5).toMatch(/^[0-9a-f]{32}$/);
    // A key acts for the site's owner: the publish is recorded as theirs.
    expect(published.body).toMatchObject({ type: 'download', author: 'Owner' });
    expect((await raw(key, 'GET', `/sites/${siteId}/compiled`)).body.files.map((f: { path: string }) => f.path)).toContain('index.html');
    expect((await raw(otherSiteKey, 'GET', `/sites/${siteId}`)).status).toBe(403);
    expect((await raw(otherSiteKey, 'GET', `/sites/${siteId}/publish?type=download`)).status).toBe(403);
    expect((await raw(key, 'DELETE', `/sites/${siteId}/versions/reset`)).status).toBe(200);
  });

  it('reaches nothing else: not the account, not other sites, not admin, collaborators or API keys', async () => {
    const { siteId, key, otherSiteId } = crew;
    expect((await crew.owner.api.GET('/user')).data!.isAdmin).toBe(true);
    const calls: [string, string, unknown?][] = [
      ['GET', '/user'],
      ['PATCH', '/user', { name: 'Hijacked' }],
      ['GET', '/user/2fa'],
      ['POST', '/auth/logout'],
      ['GET', '/subscription'],
      ['GET', '/sites'],
      ['POST', '/sites', { name: 'New', siteId: 'new-by-key.example.com', templateId: 'launch' }],
      ['GET', '/admin/users'],
      ['GET', '/admin/sites'],
      ['GET', `/sites/${siteId}/collaborators`],
      ['POST', `/sites/${siteId}/collaborators/invitations`],
      ['PATCH', `/sites/${siteId}/collaborators/${crew.collaborator.id}`, { isLocked: true }],
      ['DELETE', `/sites/${siteId}/collaborators/${crew.collaborator.id}`],
      ['GET', `/sites/${siteId}/api-keys`],
      ['POST', `/sites/${siteId}/api-keys`, {}],
      ['POST', `/sites/${siteId}/message`, { type: 'message', message: 'hi' }],
      ['GET', `/sites/${otherSiteId}/files`],
      ['GET', '/assets/unsplash?search=mountain'],
    ];
    const invitations = async () =>
      Number(((await t.pw.deps.db('invitations').where({ site_id: siteId }).count({ n: '*' }).first()) as { n: number }).n);
    const openInvitations = await invitations();
    for (const [method, url, json] of calls) {
      const answer = await raw(key, method, url, json);
      expect([method, url, answer.status, answer.body?.code]).toEqual([method, url, 403, 'API_KEY_SCOPE']);
    }
    expect((await crew.owner.api.GET('/user')).data!.name).toBe('Owner');
    expect(await t.pw.deps.db('sites').where({ id: 'new-by-key.example.com' }).first()).toBeUndefined();
    expect(await invitations()).toBe(openInvitations);
    expect(
      (await crew.owner.api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } })).data!.collaborators.map(
        (c) => c.isLocked,
      ),
    ).toEqual([false, false, true]);
  });

  it("cannot touch another site's files, and a locked key nothing at all", async () => {
    const { siteId, otherSiteKey, lockedKey } = crew;
    expect(await raw(otherSiteKey, 'GET', `/sites/${siteId}/files`)).toMatchObject({
      status: 403,
      body: { code: 'API_KEY_SCOPE', error: "An API key works only for its own site's content" },
    });
    expect((await raw(otherSiteKey, 'POST', `/sites/${siteId}/files/import`, { url: 'https://example.com/a.png' })).status).toBe(403);
    for (const url of [`/sites/${siteId}/files`, '/user', '/templates']) {
      expect(await raw(lockedKey, 'GET', url)).toMatchObject({ status: 403, body: { code: 'API_KEY_LOCKED' } });
    }
    expect((await raw('pw_AAAAAAAA_' + 'A'.repeat(43), 'GET', `/sites/${siteId}/files`)).status).toBe(401);
  });
});
