import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, ownSite, teamSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

/**
 * Issue 29: a resent edit applies once (Idempotency-Key, kept in the database with its answer), and
 * an edit that waited while offline keeps another editor's later change to the same setting
 * (X-Edit-Age), saying which of its settings was replaced.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

type Site = Awaited<ReturnType<typeof ownSite>>;
const key = () => crypto.randomUUID();
const headers = (k?: string, age?: number) => ({
  ...(k ? { 'Idempotency-Key': k } : {}),
  ...(age !== undefined ? { 'X-Edit-Age': String(age) } : {}),
});
const addText = (site: Site, k: string) =>
  site.api.POST('/sites/{siteId}/components', {
    params: { path: { siteId: site.siteId }, header: headers(k) },
    body: { toContainer: 'hero', type: 'text' },
  });
const historyRows = (siteId: string) => t.pw.deps.db('history').where({ site_id: siteId }).count<{ n: number }[]>({ n: '*' });

describe('Idempotency-Key', () => {
  it('answers a resent call as the first time and applies it once', async () => {
    const site = await ownSite(t);
    const k = key();
    const first = await addText(site, k);
    expect(first.response.status).toBe(201);
    expect(first.response.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await addText(site, k);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.data!.id).toBe(first.data!.id);
    expect(history(again.response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect((await site.doc()).nodes.hero!.children.filter((c) => c.startsWith('hero.text'))).toHaveLength(2);
    expect(Number((await historyRows(site.siteId))[0]!.n)).toBe(1);

    // Another key is another edit.
    await addText(site, key());
    expect((await site.doc()).nodes.hero!.children.filter((c) => c.startsWith('hero.text'))).toHaveLength(3);
  });

  it('replays undo once, with the preview of the page as it is now', async () => {
    const site = await ownSite(t);
    await addText(site, key());
    await addText(site, key());
    const k = key();
    const undo = () =>
      site.api.PATCH('/sites/{siteId}/versions/undo', {
        params: { path: { siteId: site.siteId }, query: { preview: 'home,light' }, header: headers(k) },
      });
    const first = await undo();
    const again = await undo();
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.data!.edits).toEqual(first.data!.edits);
    expect(again.data!.preview?.pageId).toBe('home');
    expect(history(again.response)).toEqual({ undo: 1, redo: 1, unsaved: 3 });
  });

  it('refuses the key with another call, or from another user, and writes nothing', async () => {
    const { owner, guest, siteId } = await teamSite(t);
    const k = key();
    const patch = (api: typeof owner.api, value: string) =>
      api.PATCH('/sites/{siteId}/components/{componentId}', {
        params: { path: { siteId, componentId: 'hero.title' }, header: headers(k) },
        body: { data: { value } },
      });
    expect((await patch(owner.api, 'One')).response.status).toBe(200);
    const other = await patch(owner.api, 'Two');
    expect(other.response.status).toBe(400);
    expect(other.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', info: { field: 'Idempotency-Key' } });
    const stranger = await patch(guest.api, 'One');
    expect(stranger.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
    expect(doc.nodes['hero.title']!.data.value).toBe('One');
  });

  it('refuses a malformed key or age with the header named', async () => {
    const site = await ownSite(t);
    for (const [h, field] of [
      [{ 'Idempotency-Key': 'has space' }, 'Idempotency-Key'],
      [{ 'Idempotency-Key': 'x'.repeat(129) }, 'Idempotency-Key'],
      [{ 'X-Edit-Age': '-5' }, 'X-Edit-Age'],
      [{ 'X-Edit-Age': '1e3' }, 'X-Edit-Age'],
    ] as const) {
      const { response, error } = await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
        params: { path: { siteId: site.siteId, componentId: 'hero.title' }, header: h as never },
        body: { data: { value: 'Changed' } },
      });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', info: { field } });
    }
    expect((await site.doc()).nodes['hero.title']!.data.value).not.toBe('Changed');
  });

  it('keeps each key in the database with its answer, without the preview', async () => {
    const site = await ownSite(t);
    const k = key();
    await addText(site, k);
    const rows = await t.pw.deps.db('edit_keys').where({ site_id: site.siteId, key: k });
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0].body as string)).not.toHaveProperty('preview');
    const again = await addText(site, k);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
  });
});

describe('versions with an Idempotency-Key (the editor resends them after a dropped connection)', () => {
  const versionCount = async (siteId: string) =>
    Number((await t.pw.deps.db('versions').where({ site_id: siteId }).count<{ n: number }[]>({ n: '*' }))[0]!.n);
  const commit = (site: Site, k: string, message = 'Before the sale') =>
    site.api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: site.siteId }, header: headers(k) }, body: { message } });

  it('a resent commit answers the same version and saves no second one', async () => {
    const site = await ownSite(t);
    await addText(site, key());
    const before = await versionCount(site.siteId);
    const k = key();
    const first = await commit(site, k);
    expect(first.response.status).toBe(201);
    const again = await commit(site, k);
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.data!.version).toEqual(first.data!.version);
    expect(await versionCount(site.siteId)).toBe(before + 1);
    // The same key with another message is another call.
    const other = await commit(site, k, 'Another');
    expect(other.response.status).toBe(400);
    expect(other.error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await versionCount(site.siteId)).toBe(before + 1);
  });

  it('a resent reset does not throw away the edits made after it', async () => {
    const site = await ownSite(t);
    const texts = async () => (await site.doc()).nodes.hero!.children.filter((c) => c.startsWith('hero.text')).length;
    await commit(site, key());
    const committed = await texts();
    await addText(site, key());
    const k = key();
    const reset = () =>
      site.api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId: site.siteId }, header: headers(k) } });
    expect((await reset()).response.status).toBe(200);
    expect(await texts()).toBe(committed);
    await addText(site, key());
    const again = await reset();
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await texts()).toBe(committed + 1);
    expect(history(again.response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
  });

  it('a resent restore is one step of the history, not two', async () => {
    const site = await ownSite(t);
    const saved = await commit(site, key());
    await addText(site, key());
    const k = key();
    const restore = () =>
      site.api.POST('/sites/{siteId}/versions/{versionId}/restore', {
        params: { path: { siteId: site.siteId, versionId: saved.data!.version.id }, header: headers(k) },
      });
    const first = await restore();
    expect(history(first.response)).toEqual({ undo: 2, redo: 0, unsaved: 2 });
    const again = await restore();
    expect(again.response.status).toBe(200);
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(history(again.response)).toEqual({ undo: 2, redo: 0, unsaved: 2 });
    expect(Number((await historyRows(site.siteId))[0]!.n)).toBe(2);
  });
});

describe('X-Edit-Age: the later edit wins', () => {
  const setTitle = (api: Awaited<ReturnType<typeof teamSite>>['owner']['api'], siteId: string, value: string, age?: number) =>
    api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' }, header: headers(key(), age) },
      body: { data: { value, '_attr.id': `by-${value.toLowerCase()}` } },
    });

  it('an edit made before another user’s change to the same setting leaves it, and says so', async () => {
    const { owner, guest, siteId } = await teamSite(t);
    // The guest changed the title just now; the owner's edit was made a minute ago, offline.
    expect((await setTitle(guest.api, siteId, 'Theirs')).response.status).toBe(200);
    const { data, response } = await setTitle(owner.api, siteId, 'Mine', 60_000);
    expect(response.status).toBe(200);
    expect(data!.replaced).toEqual([
      { id: 'hero.title', kind: 'data', setting: 'value', value: 'Mine', by: { id: guest.session.id, name: 'Guest' } },
      { id: 'hero.title', kind: 'data', setting: '_attr.id', value: 'by-mine', by: { id: guest.session.id, name: 'Guest' } },
    ]);
    expect(data!.node.data.value).toBe('Theirs');
    const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
    expect(doc.nodes['hero.title']!.data.value).toBe('Theirs');
    expect(history(response)!.undo).toBe(1);
  });

  it('an edit made after the other change wins; a setting nobody else touched is applied', async () => {
    const { owner, guest, siteId } = await teamSite(t);
    await guest.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Theirs' } },
    });
    const { data } = await setTitle(owner.api, siteId, 'Mine', 0);
    expect(data!.replaced).toBeUndefined();
    expect(data!.node.data.value).toBe('Mine');

    const style = await owner.api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.text' }, header: headers(key(), 60_000) },
      body: { edit: [{ setting: 'opacity', value: 'opacity-50' }] },
    });
    expect(style.data!.replaced).toBeUndefined();
    expect(style.data!.style.opacity).toBe('opacity-50');
  });

  it('a style setting changed later by another user is kept', async () => {
    const { owner, guest, siteId } = await teamSite(t);
    const edit = (api: typeof owner.api, value: string, age?: number) =>
      api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
        params: { path: { siteId, componentId: 'hero.text' }, header: headers(key(), age) },
        body: { edit: [{ setting: 'opacity', value }] },
      });
    await edit(guest.api, 'opacity-25');
    const mine = await edit(owner.api, 'opacity-75', 30_000);
    expect(mine.data!.style.opacity).toBe('opacity-25');
    expect(mine.data!.replaced).toMatchObject([
      { id: 'hero.text', kind: 'style', setting: 'opacity', value: 'opacity-75', by: { name: 'Guest' } },
    ]);
  });
});
