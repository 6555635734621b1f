import { SDK_VERSION } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, ownSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';
import { basic, team, type Team } from '../support/team.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

type Api = Awaited<ReturnType<typeof ownSite>>['api'];
const create = (api: Api, siteId: string, body: Record<string, unknown>) =>
  api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: body as never });
const edit = (api: Api, siteId: string, index: number, body: Record<string, unknown>) =>
  api.PATCH('/sites/{siteId}/redirects/{index}', { params: { path: { siteId, index } }, body: body as never });
const remove = (api: Api, siteId: string, index: number) =>
  api.DELETE('/sites/{siteId}/redirects/{index}', { params: { path: { siteId, index } } });

describe('redirects', () => {
  it('creates, lists, edits and deletes, each an undoable edit', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const first = await create(api, siteId, { from: '/old-menu', to: '/menu/' });
    expect(first.response.status).toBe(200);
    expect(first.data).toEqual({ redirects: [{ from: '/old-menu', to: '/menu/' }], changed: true, index: 0 });
    expect(history(first.response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    await create(api, siteId, { from: '/shop', to: 'https://shop.example.com/' });
    const list = await api.GET('/sites/{siteId}/redirects', { params: { path: { siteId } } });
    expect(list.data!.redirects).toEqual([
      { from: '/old-menu', to: '/menu/' },
      { from: '/shop', to: 'https://shop.example.com/' },
    ]);

    const edited = await edit(api, siteId, 0, { to: '/lunch/' });
    expect(edited.data).toEqual({
      redirects: [
        { from: '/old-menu', to: '/lunch/' },
        { from: '/shop', to: 'https://shop.example.com/' },
      ],
      changed: true,
      index: 0,
    });
    const deleted = await remove(api, siteId, 0);
    expect(deleted.data!.redirects).toEqual([{ from: '/shop', to: 'https://shop.example.com/' }]);
    expect((await doc()).settings.redirects).toEqual([{ from: '/shop', to: 'https://shop.example.com/' }]);
    await api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect((await doc()).settings.redirects).toHaveLength(2);
    await remove(api, siteId, 1);
    await remove(api, siteId, 0);
    expect((await doc()).settings).not.toHaveProperty('redirects');
  });

  it('ignores a creation whose from exists: the list unchanged, nothing written', async () => {
    const { api, siteId } = await ownSite(t);
    await create(api, siteId, { from: '/a', to: '/b/' });
    const again = await create(api, siteId, { from: '/a', to: '/c/' });
    expect(again.response.status).toBe(200);
    expect(again.data).toEqual({ redirects: [{ from: '/a', to: '/b/' }], changed: false, index: 0 });
    expect(history(again.response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
  });

  it('ignores an edit whose new from is taken by another redirect', async () => {
    const { api, siteId } = await ownSite(t);
    await create(api, siteId, { from: '/a', to: '/x/' });
    await create(api, siteId, { from: '/b', to: '/y/' });
    const taken = await edit(api, siteId, 1, { from: '/a', to: '/z/' });
    expect(taken.data).toEqual({
      redirects: [
        { from: '/a', to: '/x/' },
        { from: '/b', to: '/y/' },
      ],
      changed: false,
      index: 1,
    });
    expect(history(taken.response)!.undo).toBe(2);
    // Its own from is not "taken".
    expect((await edit(api, siteId, 1, { from: '/b', to: '/w/' })).data!.changed).toBe(true);
  });

  it.each([
    [{ to: '/b/' }, 'from', 'From is required'],
    [{ from: '/a' }, 'to', 'To is required'],
    [{ from: 'old', to: '/b/' }, 'from', 'From is a path of the site starting with /, such as /old-page'],
    [{ from: 'https://example.com/old', to: '/b/' }, 'from', 'From is a path of the site starting with /, such as /old-page'],
    [{ from: '//evil.example/x', to: '/b/' }, 'from', 'From is a path of the site starting with /, such as /old-page'],
    [{ from: '/a b', to: '/b/' }, 'from', 'From is a path of the site starting with /, such as /old-page'],
    [{ from: '/a', to: 'javascript:alert(1)' }, 'to', 'To is a path starting with / or an http or https address'],
    [{ from: '/a', to: 'b' }, 'to', 'To is a path starting with / or an http or https address'],
    [{ from: '/a', to: '/b/"><script>' }, 'to', 'To is a path starting with / or an http or https address'],
  ])('refuses the creation of %j', async (body, field, message) => {
    const { api, siteId, doc } = await ownSite(t);
    const before = await doc();
    const { error, response } = await create(api, siteId, body);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, code: 'VALIDATION_FAILED', info: { field } });
    expect(await doc()).toEqual(before);
  });

  it('an edit needs from or to; an index out of range is 404', async () => {
    const { api, siteId } = await ownSite(t);
    await create(api, siteId, { from: '/a', to: '/b/' });
    const empty = await edit(api, siteId, 0, {});
    expect(empty.response.status).toBe(400);
    expect(empty.error).toMatchObject({ error: 'Change from or to' });
    for (const response of [(await edit(api, siteId, 1, { to: '/c/' })).response, (await remove(api, siteId, 5)).response]) {
      expect(response.status).toBe(404);
    }
    const word = await contractFetch(t.url)(`${t.url}/api/sites/${siteId}/redirects/first`, {
      method: 'DELETE',
      headers: { Authorization: basic((await t.signup()).session.token), 'X-Client-Version': `sdk/${SDK_VERSION}` },
    });
    expect(word.status).toBe(404);
  });
});

describe('who may use redirects', () => {
  let who: Team;
  beforeAll(async () => {
    who = await team(t);
  });
  const call = (token: string, method: string, path: string, body?: unknown, siteId = who.siteId) =>
    contractFetch(t.url)(`${t.url}/api/sites/${siteId}/redirects${path}`, {
      method,
      headers: {
        Authorization: basic(token),
        'X-Client-Version': `sdk/${SDK_VERSION}`,
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  let n = 0;
  /** List, add, edit, remove: each run leaves the list as it found it. */
  const calls = () => {
    const from = `/r-${++n}`;
    return [
      { method: 'GET', path: '', read: true },
      { method: 'POST', path: '', body: { from, to: '/x/' } },
      { method: 'PATCH', path: '/0', body: { to: '/y/' } },
      { method: 'DELETE', path: '/0' },
    ];
  };
  const ok = (s: number) => s === 200;

  it('the owner, a collaborator and an API key of the site may make every call', async () => {
    for (const token of [who.owner.token, who.collaborator.token, who.key]) {
      for (const c of calls())
        expect([token.slice(0, 3), c.method, (await call(token, c.method, c.path, c.body)).status]).toEqual([
          token.slice(0, 3),
          c.method,
          expect.toSatisfy(ok),
        ]);
    }
  });

  it('a locked collaborator may list and gets 403 for every change', async () => {
    await call(who.owner.token, 'POST', '', { from: '/kept', to: '/x/' });
    for (const c of calls()) {
      const response = await call(who.locked.token, c.method, c.path, c.body);
      expect([c.method, response.status]).toEqual([c.method, c.read ? 200 : 403]);
    }
    await call(who.owner.token, 'DELETE', '/0');
  });

  it('another user gets 404, an API key of another site 403', async () => {
    for (const c of calls()) {
      expect((await call(who.stranger.token, c.method, c.path, c.body)).status).toBe(404);
      const other = await call(who.otherSiteKey, c.method, c.path, c.body);
      expect(other.status).toBe(403);
      expect(await other.json()).toMatchObject({ code: 'API_KEY_SCOPE' });
    }
  });
});
