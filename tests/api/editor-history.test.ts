import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@pagewright/sdk';
import { createPagewright } from '../../server/src/index.js';
import { history, ownSite, teamSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

type Site = Awaited<ReturnType<typeof ownSite>>;
const setTitle = (site: Site, value: string) =>
  site.api.PATCH('/sites/{siteId}/components/{componentId}', {
    params: { path: { siteId: site.siteId, componentId: 'hero.title' } },
    body: { data: { value } },
  });
const undo = (site: Site, preview?: string) =>
  site.api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId: site.siteId }, query: preview ? { preview } : {} } });
const redo = (site: Site) => site.api.PATCH('/sites/{siteId}/versions/redo', { params: { path: { siteId: site.siteId } } });
const commit = (site: Site, message: string) =>
  site.api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: site.siteId } }, body: { message } });

describe('undo and redo', () => {
  it('replay the exact values before and after, with the counts in X-History', async () => {
    const site = await ownSite(t);
    const start = await site.doc();
    await setTitle(site, 'One');
    expect(history((await setTitle(site, 'Two')).response)).toEqual({ undo: 2, redo: 0, unsaved: 2 });

    const first = await undo(site, 'home,light');
    expect(first.response.status).toBe(200);
    expect(history(first.response)).toEqual({ undo: 1, redo: 1, unsaved: 3 });
    expect(first.data!.edits).toEqual([{ path: ['nodes', 'hero.title', 'data', 'value'], value: 'One' }]);
    expect(first.data!.preview!.html).toContain('One');
    await undo(site);
    expect(await site.doc()).toEqual(start);

    const again = await redo(site);
    expect(again.data!.edits).toEqual([{ path: ['nodes', 'hero.title', 'data', 'value'], value: 'One' }]);
    expect(history((await redo(site)).response)).toEqual({ undo: 2, redo: 0, unsaved: 6 });
    expect((await site.doc()).nodes['hero.title']!.data.value).toBe('Two');
  });

  it('undo a rename restores every id, and a removed key comes back as absent', async () => {
    const site = await ownSite(t);
    const start = await site.doc();
    await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.actions' } },
      body: { name: 'Buttons', data: { '_attr.id': 'cta' } },
    });
    const { data } = await undo(site);
    expect(data!.edits.some((e) => e.path.join('/') === 'nodes/hero.buttons' && !('value' in e))).toBe(true);
    expect(await site.doc()).toEqual(start);
  });

  it('undo of a site rename puts the old name back in the site list too', async () => {
    const site = await ownSite(t);
    await site.api.PATCH('/sites/{siteId}', { params: { path: { siteId: site.siteId } }, body: { name: 'Renamed' } });
    await undo(site);
    expect((await site.api.GET('/sites')).data!.find((s) => s.id === site.siteId)!.name).toBe('Test Site');
  });

  it('a new edit drops what could be redone', async () => {
    const site = await ownSite(t);
    await setTitle(site, 'One');
    await undo(site);
    const { response } = await setTitle(site, 'Other');
    expect(history(response)).toEqual({ undo: 1, redo: 0, unsaved: 3 });
    const nothing = await redo(site);
    expect(nothing.response.status).toBe(409);
    expect(nothing.error).toMatchObject({ code: 'NOTHING_TO_REDO', error: 'There is nothing to redo' });
  });

  it('keeps the last 200 edits; unsaved keeps counting', async () => {
    const site = await ownSite(t);
    const actor = { userId: site.userId, isAdmin: false, tokenHash: '' };
    const e = t.pw.services.editor;
    for (let i = 0; i < 202; i++) await e.updateComponent(actor, site.siteId, 'hero.title', { data: { value: `Edit ${i}` } }, null);
    const { history: counts } = await e.view(actor, site.siteId, undefined);
    expect(counts).toEqual({ undo: 200, redo: 0, unsaved: 202 });
    expect(await t.pw.deps.db('history').where({ site_id: site.siteId })).toHaveLength(200);
    for (let i = 0; i < 200; i++) await e.undo(actor, site.siteId, null);
    expect((await site.doc()).nodes['hero.title']!.data.value).toBe('Edit 1');
  }, 60_000);

  it('answers 409 when there is nothing to undo', async () => {
    const site = await ownSite(t);
    const { error, response } = await undo(site);
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: 'NOTHING_TO_UNDO', error: 'There is nothing to undo' });
  });
});

describe('commit and reset', () => {
  it('commit stores a version with the document hash and message, and the counts start again', async () => {
    const site = await ownSite(t);
    await setTitle(site, 'Saved title');
    const { data, response } = await commit(site, 'New hero');
    expect(response.status).toBe(201);
    expect(history(response)).toEqual({ undo: 0, redo: 0, unsaved: 0 });
    const stored: { data: string } = await t.pw.deps.db('sites').where({ id: site.siteId }).first('data');
    expect(data!.version).toMatchObject({
      message: 'New hero',
      authorId: site.userId,
      authorName: 'Owner',
      hash: crypto.createHash('sha256').update(stored.data).digest('hex'),
    });
    expect((await undo(site)).response.status).toBe(409);
    const view = await site.api.GET('/sites/{siteId}', { params: { path: { siteId: site.siteId }, query: { expand: 'versions' } } });
    expect(view.data!.versions!.map((v) => v.message)).toEqual(['New hero', 'Created from the Launch template']);
  });

  it('commit needs a message', async () => {
    const site = await ownSite(t);
    for (const [message, text] of [
      ['  ', 'Message is required'],
      ['x'.repeat(501), 'message must be at most 500 characters'],
    ]) {
      const { error, response } = await commit(site, message!);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: text, info: { field: 'message' } });
    }
    expect(await t.pw.deps.db('versions').where({ site_id: site.siteId })).toHaveLength(1);
  });

  it('reset returns to the last commit and empties the history', async () => {
    const site = await ownSite(t);
    await setTitle(site, 'Committed');
    await commit(site, 'First');
    const committed = await site.doc();
    await setTitle(site, 'Lost');
    await site.api.POST('/sites/{siteId}/pages', { params: { path: { siteId: site.siteId } }, body: { name: 'Also lost' } });
    const { data, response } = await site.api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId: site.siteId } } });
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 0, redo: 0, unsaved: 0 });
    expect(data).toMatchObject({ id: site.siteId, error: null, object: null });
    expect(await site.doc()).toEqual(committed);
    expect(await t.pw.deps.db('history').where({ site_id: site.siteId })).toEqual([]);
  });
});

describe('writes to one site are serialized', () => {
  it('keeps every edit of two collaborators editing at once', async () => {
    const { owner, guest, siteId } = await teamSite(t);
    const edits = [1, 2, 3].flatMap((card) =>
      [owner, guest].map((who, i) =>
        who.api.PATCH('/sites/{siteId}/components/{componentId}', {
          params: { path: { siteId, componentId: `features.card-${card}.${i === 0 ? 'heading' : 'body'}` } },
          body: { data: { value: `${i === 0 ? 'Owner' : 'Guest'} ${card}` } },
        }),
      ),
    );
    const styles = [owner, guest].map((who, i) =>
      who.api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
        params: { path: { siteId, componentId: 'hero' } },
        body: { edit: [{ setting: i ? 'guest' : 'owner', value: 'p-4' }] },
      }),
    );
    const answers = await Promise.all([...edits, ...styles]);
    expect(answers.map((a) => a.response.status)).toEqual(Array(8).fill(200));
    const stored = JSON.parse((await t.pw.deps.db('sites').where({ id: siteId }).first('data')).data);
    for (const card of [1, 2, 3]) {
      expect(stored.nodes[`features.card-${card}.heading`].data.value).toBe(`Owner ${card}`);
      expect(stored.nodes[`features.card-${card}.body`].data.value).toBe(`Guest ${card}`);
    }
    expect(stored.nodes.hero.style).toMatchObject({ owner: 'p-4', guest: 'p-4' });
    const counts = answers.map((a) => history(a.response)!.undo).sort((a, b) => a - b);
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('runs an edit again when the revision it read has moved on by the time it saves', async () => {
    const site = await ownSite(t);
    const actor = { userId: site.userId, isAdmin: false, tokenHash: '' };
    let runs = 0;
    const { body, history: counts } = await t.pw.services.documents.edit(actor, site.siteId, async (draft, ctx) => {
      runs += 1;
      // As if another process had written the site after this write read it.
      if (runs === 1)
        await ctx
          .trx('sites')
          .where({ id: site.siteId })
          .update({ revision: ctx.trx.raw('revision + 1') });
      draft.set(['nodes', 'hero.title', 'data', 'value'], `Run ${runs}`);
      return { runs };
    });
    expect(body).toEqual({ runs: 2 });
    expect(counts.undo).toBe(1);
    expect((await site.doc()).nodes['hero.title']!.data.value).toBe('Run 2');
    expect(await t.pw.deps.db('history').where({ site_id: site.siteId })).toHaveLength(1);
  });

  it('keeps every edit when two server processes share the database', async () => {
    const second = createPagewright(t.pw.deps.config, t.pw.deps.log, { sectionLibrary: fixtureLibrary });
    const url = await second.start();
    try {
      const site = await ownSite(t);
      const login = await t
        .client()
        .POST('/auth/login', { body: { email: (await site.api.GET('/user')).data!.email, password: 'correct horse battery' } });
      const other = createClient({ baseUrl: url, token: (login.data as { token: string }).token, fetch: contractFetch(url) });
      const clients = [site.api, other];
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          clients[i % 2]!.PATCH('/sites/{siteId}/theme/components/{componentId}', {
            params: { path: { siteId: site.siteId, componentId: 'hero' } },
            body: { edit: [{ setting: `s${i}`, value: `p-${i}` }] },
          }),
        ),
      );
      expect(answers.map((a) => a.response.status)).toEqual(Array(12).fill(200));
      const style = (await site.doc()).nodes.hero!.style;
      for (let i = 0; i < 12; i++) expect(style[`s${i}`]).toBe(`p-${i}`);
      const row: { revision: number; undo_count: number } = await t.pw.deps
        .db('sites')
        .where({ id: site.siteId })
        .first('revision', 'undo_count');
      expect(Number(row.undo_count)).toBe(12);
      expect(await t.pw.deps.db('history').where({ site_id: site.siteId })).toHaveLength(12);
    } finally {
      await second.close();
    }
  });
});
