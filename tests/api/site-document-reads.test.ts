import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteHeadAccess } from '../../server/src/core/access.js';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

/**
 * A site's document is 75–180 kB for a template's site, and most writes do not need it: an item's
 * write needs the site's languages (kept per revision), an edit the document the last edit left (kept
 * per revision). Those writes read the site's row without its document; reading it on every write
 * cost 0.4–1 ms on PostgreSQL (issue 32's update p50, tests/bench/RESULTS.md). The document is read
 * again once another process changed it.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

/** The statements that read the sites table's `data` column (or every column) while `fn` runs. */
async function documentReads(fn: () => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const listen = (q: { sql: string }) => {
    if (/from [`"]sites[`"]/i.test(q.sql) && /^select/i.test(q.sql) && /\*|[`"]data[`"]/.test(q.sql.split(/ from /i)[0]!)) seen.push(q.sql);
  };
  t.pw.deps.db.on('query', listen);
  try {
    await fn();
  } finally {
    t.pw.deps.db.off('query', listen);
  }
  return seen;
}

describe("the site's document on a write", () => {
  it("reads every other column of the site's row (a column added to the table is not left out)", async () => {
    const site = await ownSite(t);
    const full = await t.pw.deps.db('sites').where({ id: site.siteId }).first<Record<string, unknown>>();
    const actor = { userId: site.userId, isAdmin: false, tokenHash: '' };
    const { site: head } = await siteHeadAccess(t.pw.deps, actor, site.siteId, 'write');
    const { data: _data, ...rest } = full;
    expect(head).toEqual(rest);
    // Asked locked, in a transaction, on either database (SQLite has no FOR UPDATE: it reads it plain).
    const locked = await t.pw.deps.db.transaction((trx) =>
      siteHeadAccess({ ...t.pw.deps, db: trx }, actor, site.siteId, 'write', { lock: true }),
    );
    expect(locked.site).toEqual(rest);
  });

  it("an item's update and a component's edit do not read it once the revision's document is known", async () => {
    const site = await ownSite(t);
    const cms = cmsOf(site.api, site.siteId);
    const setTitle = (value: string) =>
      site.api.PATCH('/sites/{siteId}/components/{componentId}', {
        params: { path: { siteId: site.siteId, componentId: 'hero.title' } },
        body: { data: { value } },
      });
    // The first of each reads it (nothing is known of this revision yet).
    expect((await setTitle('First')).error).toBeUndefined();
    expect((await cms.editItem('posts', 1, { title: 'First' })).error).toBeUndefined();

    expect(await documentReads(() => cms.editItem('posts', 1, { title: 'Second' }))).toEqual([]);
    // An item's write leaves the document's revision as it was: the edit's document is still the one kept.
    expect(await documentReads(() => setTitle('Second'))).toEqual([]);
    // The edit made a new revision, whose languages an item's write reads once.
    expect((await documentReads(() => cms.editItem('posts', 1, { title: 'Third' }))).length).toBe(1);
    expect(await documentReads(() => cms.editItem('posts', 1, { title: 'Fourth' }))).toEqual([]);

    // What they wrote is what a reader sees.
    const doc = await site.doc();
    expect(doc.nodes['hero.title']!.data).toMatchObject({ value: 'Second' });
    expect(doc.collections.find((c) => c.id === 'posts')!.items.find((i) => i._id === 1)!.title).toBe('Fourth');
  });

  it('is read again when another process changed the site, so an item write uses the languages it has now', async () => {
    const site = await ownSite(t);
    const cms = cmsOf(site.api, site.siteId);
    expect((await cms.editItem('posts', 1, { title: 'Known' })).error).toBeUndefined();
    // Another process makes French the main language: the row's document and revision change behind this one's back.
    const row = await t.pw.deps.db('sites').where({ id: site.siteId }).first<{ data: string; revision: number }>('data', 'revision');
    const doc = JSON.parse(row.data) as { settings: { languages?: string[] } };
    doc.settings.languages = ['fr', 'en'];
    await t.pw.deps
      .db('sites')
      .where({ id: site.siteId })
      .update({ data: JSON.stringify(doc), revision: Number(row.revision) + 1 });

    // A localized value for a field that is not localizable keeps the main language's text (spec 002 §4).
    const value = { _loc: true, en: 'Hello', fr: 'Bonjour' } as never;
    expect((await documentReads(() => cms.editItem('posts', 1, { title: value }))).length).toBe(1);
    const { data } = await cms.item('posts', 1);
    expect(data!.title).toBe('Bonjour');
  });
});
