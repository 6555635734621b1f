import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationSource } from '../../server/src/db/migrations/index.js';
import { schemasWith } from '../../server/src/site/content/schemas.js';
import { searchIndex } from '../../server/src/site/content/writes.js';
import { cmsOf } from '../support/cms.js';
import { ownSite, type EditorSite } from '../support/editor.js';
import { dialect, startTestServer, type TestServer } from '../support/server.js';

// Issue 32 point 3: only the items of collections past the items the CMS lists from memory are in the
// search index (server/src/site/content/writes.ts `searchIndex`; SQLite's full-text table, PostgreSQL's
// partial trigram index, docs/decisions/0089 and 0100), so the writes of smaller collections pay
// nothing for it. A search answers the same items before and after a collection joins the index,
// through the SQL engine and from memory, after every kind of write.

let t: TestServer;
let s: EditorSite;
const FROM = searchIndex.from;
beforeAll(async () => {
  t = await startTestServer();
  s = await ownSite(t);
  searchIndex.from = 6;
});
afterAll(async () => {
  searchIndex.from = FROM;
  await t.close();
});

/**
 * Whether the collection is in the index, and how many items the index holds: SQLite's full-text
 * table's rows; PostgreSQL's rows the partial index takes (its condition, read from the index itself).
 */
async function indexState(collection: string) {
  const db = t.pw.deps.db;
  const schema = (await schemasWith(db, s.siteId, [])).find((x) => x.id === collection)!;
  if (dialect === 'postgres') {
    const { rows } = await db.raw<{ rows: { predicate: string | null }[] }>(
      `SELECT pg_get_expr(indpred, indrelid) AS predicate FROM pg_index WHERE indexrelid = 'cms_items_search_trgm'::regclass`,
    );
    expect(rows[0]?.predicate).toBe('search_indexed');
    const [row] = await db('cms_items').where({ site_id: s.siteId }).whereRaw(rows[0]!.predicate!).count({ n: '*' });
    return { indexed: schema.searchIndexed, entries: Number(row!.n) };
  }
  const [row] = await db.raw<{ n: number }[]>('SELECT count(*) AS n FROM cms_items_search_docsize');
  return { indexed: schema.searchIndexed, entries: Number(row!.n) };
}

/** The ids a search answers, from memory and through the SQL engine (the server's own choice for large collections). */
async function searched(collection: string, search: string) {
  const cms = cmsOf(s.api, s.siteId);
  const content = t.pw.services.content;
  const out: number[][] = [];
  for (const memoryItems of [50_000, 0]) {
    content.memoryItems = memoryItems;
    try {
      const { data, error } = await cms.items(collection, { search, limit: 100 });
      expect(error).toBeUndefined();
      out.push(data!.items.map((i) => i._id));
    } finally {
      content.memoryItems = 50_000;
    }
  }
  expect(out[1], `search ${search}`).toEqual(out[0]);
  return out[0]!;
}

describe('the full-text index of search texts', () => {
  it('holds only collections past the bound, and every search answers alike before and after', { timeout: 60_000 }, async () => {
    const cms = cmsOf(s.api, s.siteId);
    await cms.create({ id: 'notes', name: 'Notes' });
    await cms.addField('notes', { name: 'title', type: 'text' });
    expect(
      (await cms.import('notes', { items: ['apple pie', 'banana split', 'cherry tart'].map((title) => ({ title })) })).error,
    ).toBeUndefined();
    // Small: its writes leave the index alone.
    expect((await cms.editItem('notes', 2, { title: 'banana bread' })).error).toBeUndefined();
    expect((await cms.deleteItem('notes', 3)).error).toBeUndefined();
    expect(await indexState('notes')).toEqual({ indexed: false, entries: 0 });
    expect(await searched('notes', 'banana')).toEqual([2]);
    expect(await searched('notes', 'split')).toEqual([]);

    // An import takes it past the bound: every item joins the index.
    const more = ['plum cake', 'pear tart', 'apple crumble', 'fig roll', 'lemon tart'].map((title) => ({ title }));
    expect((await cms.import('notes', { items: more })).error).toBeUndefined();
    expect(await indexState('notes')).toEqual({ indexed: true, entries: 7 });
    expect(await searched('notes', 'tart')).toEqual([4, 7]);
    expect(await searched('notes', 'apple')).toEqual([1, 5]);

    // Then each write keeps it: an insert, an update, a delete, a move, a duplicate.
    expect((await cms.addItem('notes', { title: 'apple tart' })).error).toBeUndefined();
    expect((await cms.editItem('notes', 1, { title: 'cherry pie' })).error).toBeUndefined();
    expect((await cms.deleteItem('notes', 5)).error).toBeUndefined();
    expect((await cms.sortItems('notes', 0, 3)).error).toBeUndefined();
    expect((await cms.duplicate('notes', 8)).error).toBeUndefined();
    expect(await indexState('notes')).toEqual({ indexed: true, entries: 8 });
    expect(await searched('notes', 'tart')).toEqual([4, 7, 8, 9]);
    expect(await searched('notes', 'apple')).toEqual([8, 9]);
    expect(await searched('notes', 'cherry')).toEqual([1]);
    expect(await searched('notes', 'crumble')).toEqual([]);
  });
});

describe('an existing database', () => {
  // PostgreSQL's index kept every row and PostgreSQL never marked a collection; migration 20261204A
  // moves the small collections' rows out of the index and marks a collection that grew past the bound.
  // SQLite's writes always marked theirs, and the migration leaves SQLite as it is.
  it('keeps every search answer through the upgrade, with only large collections in the index', { timeout: 60_000 }, async () => {
    const db = t.pw.deps.db;
    const cms = cmsOf(s.api, s.siteId);
    for (const id of ['shelf', 'archive']) {
      await cms.create({ id, name: id });
      await cms.addField(id, { name: 'title', type: 'text' });
      expect((await cms.import(id, { items: ['oak shelf', 'pine shelf', 'elm crate'].map((title) => ({ title })) })).error).toBeUndefined();
    }
    const before = await indexState('shelf');
    // Back to before the migration, with an archive that had grown past the bound (its count says 60,000) unmarked.
    await db.migrate.down({ migrationSource, name: '20261204A-add-cms-items-search-indexed' });
    const archive = { site_id: s.siteId, id: 'archive' };
    await db('cms_collections').where(archive).update({ item_count: 60_000, search_indexed: false });
    await db.migrate.latest({ migrationSource });

    if (dialect === 'postgres') {
      const flags = async (collection: string) =>
        (await db('cms_items').where({ site_id: s.siteId, collection_id: collection }).pluck('search_indexed')) as boolean[];
      expect(await flags('shelf')).toEqual([false, false, false]);
      expect(await flags('archive')).toEqual([true, true, true]);
      expect((await db('cms_collections').where(archive).first('search_indexed')).search_indexed).toBe(true);
    }
    await db('cms_collections').where(archive).update({ item_count: 3 });
    expect(await indexState('shelf')).toEqual(
      dialect === 'postgres' ? { indexed: false, entries: before.entries + 3 } /* the archive's rows joined */ : before,
    );
    expect(await searched('shelf', 'shelf')).toEqual([1, 2]);
    expect(await searched('archive', 'crate')).toEqual([3]);
  });
});
