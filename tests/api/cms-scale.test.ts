import { createClient } from '@pagewright/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPagewright } from '../../server/src/index.js';
import { migrationSource } from '../../server/src/db/migrations/index.js';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

// Issue 18: the `where` filter language on both list engines (the item cache for collections it
// holds, the database for larger ones), hand order by fractional keys, and reads right after writes.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

type Site = Awaited<ReturnType<typeof site>>;

async function site(languages?: string[]) {
  const s = await ownSite(t, makeSiteDoc(languages ? { languages } : {}));
  return { ...s, cms: cmsOf(s.api, s.siteId) };
}

/** A catalogue of seven products with a field of every kind the filters type by. */
async function catalogue(languages = ['en', 'de']) {
  const s = await site(languages);
  await s.cms.create({ id: 'products', name: 'Products' });
  await s.cms.addField('products', { name: 'name', type: 'text', localizable: true });
  await s.cms.addField('products', { name: 'price', type: 'number' });
  await s.cms.addField('products', { name: 'day', type: 'date' });
  await s.cms.addField('products', { name: 'kind', type: 'enum', options: ['Shoes', 'Hats', 'Bags'] });
  await s.cms.addField('products', { name: 'live', type: 'published' });
  await s.cms.addField('products', { name: 'tags', type: 'list' });
  await s.cms.addField('products', { name: 'note', type: 'text' });
  const { error } = await s.cms.import('products', {
    items: [
      {
        name: { _loc: true, en: 'Red shoe', de: 'Roter Schuh' },
        price: 25,
        day: '2026-01-10',
        kind: 'Shoes',
        live: true,
        tags: ['red', 'sale'],
      },
      {
        name: { _loc: true, en: 'Blue hat', de: 'Blauer Hut' },
        price: 12.5,
        day: '2026-02-01',
        kind: 'Hats',
        live: true,
        tags: ['blue'],
        note: 'wool',
      },
      { name: { _loc: true, en: 'Green bag', de: 'Grüne Tasche' }, price: 80, day: '2025-12-24', kind: 'Bags', live: false, tags: [] },
      {
        name: { _loc: true, en: 'Black shoe', de: 'Schwarzer Schuh' },
        price: 19.99,
        day: '2026-03-05',
        kind: 'Shoes',
        live: true,
        tags: ['sale'],
      },
      { name: { _loc: true, en: 'Sun hat', de: 'Sonnenhut' }, price: 20, day: '2026-01-31', kind: 'Hats', live: false, note: 'Straw' },
      { name: { _loc: true, en: 'Tote bag', de: 'Stofftasche' }, price: 5, kind: 'Bags', live: true, tags: ['sale', 'eco'] },
      { name: { _loc: true, en: 'Boot', de: 'Stiefel' }, day: '2026-02-14', kind: 'Shoes', live: true },
    ],
  });
  expect(error).toBeUndefined();
  return s;
}

async function where(
  s: Site,
  filter: unknown,
  query: { sort?: string; order?: 'asc' | 'desc'; language?: string; offset?: number; limit?: number } = {},
) {
  const { data, error } = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
    params: { path: { siteId: s.siteId, collection: 'products' }, query: { where: JSON.stringify(filter), ...query } },
  });
  if (!data) throw new Error(JSON.stringify(error));
  return { ids: data.items.map((i) => i._id), total: data.total };
}
const ids = async (s: Site, filter: unknown, query = {}) => (await where(s, filter, query)).ids;

// Every behaviour below holds on both list engines: the item cache, and the database (forced by
// holding no collection in memory).
describe.each([
  ['the item cache', 50_000],
  ['the database', 0],
])('the where filter, answered from %s', (_engine, memoryItems) => {
  let s: Site;
  beforeAll(async () => {
    s = await catalogue();
  });
  beforeEach(() => {
    t.pw.services.content.memoryItems = memoryItems;
  });
  afterAll(() => {
    t.pw.services.content.memoryItems = 50_000;
  });

  it('eq and neq on numbers, text, enums, toggles and lists; a bare value is eq; neq matches empty values too', async () => {
    expect(await ids(s, { price: 20 })).toEqual([5]);
    expect(await ids(s, { price: { eq: '20' } })).toEqual([5]);
    expect(await ids(s, { price: { neq: 20 } })).toEqual([1, 2, 3, 4, 6, 7]);
    expect(await ids(s, { note: 'wool' })).toEqual([2]);
    expect(await ids(s, { note: { neq: 'wool' } })).toEqual([1, 3, 4, 5, 6, 7]);
    expect(await ids(s, { kind: 'Hats' })).toEqual([2, 5]);
    expect(await ids(s, { live: false })).toEqual([3, 5]);
    expect(await ids(s, { live: { neq: false } })).toEqual([1, 2, 4, 6, 7]);
    expect(await ids(s, { tags: 'sale' })).toEqual([1, 4, 6]);
    expect(await ids(s, { tags: { neq: 'sale' } })).toEqual([2, 3, 5, 7]);
    expect(await ids(s, { _id: 3 })).toEqual([3]);
  });

  it('lt, lte, gt and gte on numbers, _id and dates; empty values never compare', async () => {
    expect(await ids(s, { price: { lt: 20 } })).toEqual([2, 4, 6]);
    expect(await ids(s, { price: { lte: 20 } })).toEqual([2, 4, 5, 6]);
    expect(await ids(s, { price: { gt: 20 } })).toEqual([1, 3]);
    expect(await ids(s, { price: { gte: 20 } })).toEqual([1, 3, 5]);
    expect(await ids(s, { _id: { gt: 5 } })).toEqual([6, 7]);
    expect(await ids(s, { day: { lt: '2026-01-31' } })).toEqual([1, 3]);
    expect(await ids(s, { day: { gte: '2026-02-01', lte: '2026-02-28' } })).toEqual([2, 7]);
  });

  it('in and nin take a list of values', async () => {
    expect(await ids(s, { kind: { in: ['Hats', 'Bags'] } })).toEqual([2, 3, 5, 6]);
    expect(await ids(s, { kind: { nin: ['Hats', 'Bags'] } })).toEqual([1, 4, 7]);
    expect(await ids(s, { price: { in: [5, 80] } })).toEqual([3, 6]);
    expect(await ids(s, { price: { nin: [5, 80] } })).toEqual([1, 2, 4, 5, 7]);
    expect(await ids(s, { tags: { in: ['eco', 'blue'] } })).toEqual([2, 6]);
    expect(await ids(s, { _id: { in: [1, 7] } })).toEqual([1, 7]);
  });

  it('contains and startsWith ignore case; localized text is read in the language asked for', async () => {
    expect(await ids(s, { name: { contains: 'SHOE' } })).toEqual([1, 4]);
    expect(await ids(s, { name: { startsWith: 'b' } })).toEqual([2, 4, 7]);
    expect(await ids(s, { name: { contains: 'schuh' } })).toEqual([]);
    expect(await ids(s, { name: { contains: 'schuh' } }, { language: 'de' })).toEqual([1, 4]);
    expect(await ids(s, { name: 'Sonnenhut' }, { language: 'de' })).toEqual([5]);
    expect(await ids(s, { note: { startsWith: 'str' } })).toEqual([5]);
    expect(await ids(s, { tags: { contains: 'AL' } })).toEqual([1, 4, 6]);
    expect(await ids(s, { note: { contains: '%' } })).toEqual([]);
  });

  it('empty and notEmpty: missing values, empty text and empty lists are empty', async () => {
    expect(await ids(s, { tags: { empty: true } })).toEqual([3, 5, 7]);
    expect(await ids(s, { tags: { notEmpty: true } })).toEqual([1, 2, 4, 6]);
    expect(await ids(s, { tags: { empty: false } })).toEqual([1, 2, 4, 6]);
    expect(await ids(s, { price: { empty: true } })).toEqual([7]);
    expect(await ids(s, { day: { notEmpty: true } })).toEqual([1, 2, 3, 4, 5, 7]);
  });

  it('and, or and not combine conditions; several fields in one object must all hold', async () => {
    expect(await ids(s, { kind: 'Shoes', price: { lt: 20 } })).toEqual([4]);
    expect(await ids(s, { and: [{ kind: 'Shoes' }, { price: { lt: 30 } }] })).toEqual([1, 4]);
    expect(await ids(s, { or: [{ kind: 'Bags' }, { price: { lt: 15 } }] })).toEqual([2, 3, 6]);
    expect(await ids(s, { not: { kind: 'Shoes' } })).toEqual([2, 3, 5, 6]);
    expect(await ids(s, { not: { or: [{ live: false }, { tags: { empty: true } }] } })).toEqual([1, 2, 4, 6]);
    expect(await ids(s, { price: { gt: 10, lt: 30 } })).toEqual([1, 2, 4, 5]);
  });

  it('sorts, pages and counts what the filter keeps, and holds with filter= and search=', async () => {
    // "products under 20, newest first"
    expect(await where(s, { price: { lt: 20 } }, { sort: 'day', order: 'desc' })).toEqual({ ids: [4, 2, 6], total: 3 });
    expect(await where(s, { live: true }, { sort: 'price', order: 'asc', offset: 1, limit: 2 })).toEqual({ ids: [2, 4], total: 5 });
    // Empty values last whichever the direction.
    expect((await where(s, { kind: 'Shoes' }, { sort: 'price', order: 'desc' })).ids).toEqual([1, 4, 7]);
    const { data } = await s.cms.items('products', { filter: ['kind:Shoes'], search: 'black' });
    expect(data!.items.map((i) => i._id)).toEqual([4]);
    const both = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
      params: {
        path: { siteId: s.siteId, collection: 'products' },
        query: { filter: ['live:true'], where: '{"price":{"gte":20}}', search: 'hat' },
      },
    });
    expect(both.data!.items.map((i) => i._id)).toEqual([]);
    const hats = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
      params: { path: { siteId: s.siteId, collection: 'products' }, query: { filter: ['kind:Hats'], where: '{"price":{"gte":20}}' } },
    });
    expect(hats.data).toMatchObject({ total: 1, items: [{ _id: 5 }] });
  });

  it('a filter that does not fit the fields answers 400 naming the field and the operator', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['{"price": {"lt": 20}', { field: 'where' }],
      ['[1, 2]', { field: 'where' }],
      ['{"colour": "red"}', { field: 'where', filterField: 'colour' }],
      ['{"price": {"contains": "2"}}', { field: 'where', filterField: 'price', operator: 'contains' }],
      ['{"price": {"lt": "cheap"}}', { field: 'where', filterField: 'price', operator: 'lt' }],
      ['{"kind": {"in": ["Shoes", "Socks"]}}', { field: 'where', filterField: 'kind', operator: 'in' }],
      ['{"live": {"gt": true}}', { field: 'where', filterField: 'live', operator: 'gt' }],
      ['{"day": {"gte": "someday"}}', { field: 'where', filterField: 'day', operator: 'gte' }],
      ['{"note": {"like": "w%"}}', { field: 'where', filterField: 'note', operator: 'like' }],
      ['{"tags": {"in": []}}', { field: 'where', filterField: 'tags', operator: 'in' }],
      ['{"tags": {"empty": "yes"}}', { field: 'where', filterField: 'tags', operator: 'empty' }],
      ['{"or": []}', { field: 'where', operator: 'or' }],
    ];
    for (const [text, info] of cases) {
      const { error, response } = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
        params: { path: { siteId: s.siteId, collection: 'products' }, query: { where: text } },
      });
      expect(response.status, text).toBe(400);
      expect(error, text).toMatchObject({ code: 'VALIDATION_FAILED', info });
    }
    const { error } = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
      params: { path: { siteId: s.siteId, collection: 'products' }, query: { where: '{"price": {"contains": "2"}}' } },
    });
    expect(error!.error).toBe('The filter contains does not apply to the field price');
  });
});

describe.each([
  ['the item cache', 50_000],
  ['the database', 0],
])('hand order by order keys, read from %s', (_engine, memoryItems) => {
  beforeEach(() => {
    t.pw.services.content.memoryItems = memoryItems;
  });
  afterAll(() => {
    t.pw.services.content.memoryItems = 50_000;
  });

  // About 130 writes: on a loaded machine (and PostgreSQL) that takes more than the default time.
  it('stays exact after many moves, inserts, duplicates and deletes', { timeout: 90_000 }, async () => {
    const s = await site();
    await s.cms.import('posts', { items: Array.from({ length: 38 }, (_, i) => ({ title: `Post ${i + 3}` })) });
    const expected = Array.from({ length: 40 }, (_, i) => i + 1);
    // A fixed sequence (no randomness): moves to both ends, into the same gap again and again, and back.
    let seed = 7;
    const next = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let step = 0; step < 120; step++) {
      const from = step % 10 === 0 ? expected.length - 1 : next(expected.length);
      const to = step % 3 === 0 ? 5 : step % 7 === 0 ? 0 : next(expected.length);
      expect((await s.cms.sortItems('posts', from, to)).response.status).toBe(200);
      const [moved] = expected.splice(from, 1);
      expected.splice(to, 0, moved!);
    }
    const created = await s.cms.addItem('posts', { title: 'Inserted', _index: 5 });
    expected.splice(5, 0, created.data!.itemId);
    const copy = await s.cms.duplicate('posts', expected[10]!);
    expected.splice(11, 0, copy.data!.itemId);
    await s.cms.deleteItem('posts', expected[20]!);
    expected.splice(20, 1);
    expect((await s.cms.all('posts')).map((i) => i._id)).toEqual(expected);
    expect((await s.cms.get('posts')).data!.count).toBe(expected.length);
    // Descending hand order is the same list the other way round.
    const { data } = await s.cms.items('posts', { order: 'desc', limit: 5 });
    expect(data!.items.map((i) => i._id)).toEqual(expected.slice(-5).reverse());
  });
});

describe('reads right after writes', () => {
  it('a write through one server process is read at once through another, from its cache and from the database', async () => {
    const second = createPagewright(t.pw.deps.config, t.pw.deps.log, { sectionLibrary: fixtureLibrary });
    const url = await second.start();
    try {
      const s = await catalogue();
      const login = await t
        .client()
        .POST('/auth/login', { body: { email: (await s.api.GET('/user')).data!.email, password: 'correct horse battery' } });
      const other = createClient({ baseUrl: url, token: (login.data as { token: string }).token, fetch: contractFetch(url) });
      const list = async () =>
        (
          await other.GET('/sites/{siteId}/content/{collection}/items', {
            params: { path: { siteId: s.siteId, collection: 'products' }, query: { where: '{"price":{"lt":20}}', sort: 'price' } },
          })
        ).data!;
      // The second process holds the collection in its cache before the first one writes.
      expect((await list()).items.map((i) => i._id)).toEqual([6, 2, 4]);
      await s.cms.editItem('products', 3, { price: 1 });
      await s.cms.sortItems('products', 6, 0);
      expect((await list()).items.map((i) => i._id)).toEqual([3, 6, 2, 4]);
      expect((await cmsOf(other, s.siteId).all('products')).map((i) => i._id)).toEqual([7, 1, 2, 3, 4, 5, 6]);
      second.services.content.memoryItems = 0;
      await s.cms.deleteItem('products', 6);
      expect((await list()).items.map((i) => i._id)).toEqual([3, 2, 4]);
    } finally {
      await second.close();
    }
  });

  it("the writer's own next read shows every kind of write without reading the collection again", async () => {
    const s = await catalogue();
    const content = t.pw.services.content;
    const schema = async () => (await import('../../server/src/site/content/schemas.js')).schemasWith(t.pw.deps.db, s.siteId, []);
    const before = await content.itemsOf(
      t.pw.deps.db,
      s.siteId,
      (await schema()).find((c) => c.id === 'products')!,
    );
    await s.cms.editItem('products', 2, { note: 'cotton' });
    await s.cms.addItem('products', { name: 'Cap', price: 9, kind: 'Hats', _index: 1 });
    await s.cms.sortItems('products', 7, 3);
    await s.cms.deleteItem('products', 5);
    // The renderer and the editor read the same cache: unchanged items are the very same objects.
    const after = await content.itemsOf(
      t.pw.deps.db,
      s.siteId,
      (await schema()).find((c) => c.id === 'products')!,
    );
    expect(after.list.map((i) => i._id)).toEqual([1, 8, 2, 7, 3, 4, 6]);
    expect(after.list[0]).toBe(before.list[0]);
    expect(after.list[2]).toMatchObject({ note: 'cotton' });
    const { data } = await s.cms.items('products', { sort: 'price' });
    expect(data!.items.map((i) => i._id)).toEqual([6, 8, 2, 4, 1, 3, 7]);
  });
});

describe('an existing database', () => {
  it('migrates: items get order keys in their old positions and collections their counts', async () => {
    const s = await site();
    await s.cms.import('posts', { items: [{ title: 'Three' }, { title: 'Four' }, { title: 'Five' }] });
    const db = t.pw.deps.db;
    // Back to the schema before order keys, with the hand order written as positions 0 … n-1.
    await db.migrate.down({ migrationSource, name: '20261130S-add-cms-order-keys' });
    const order = [4, 1, 5, 3, 2];
    for (const [position, id] of order.entries())
      await db('cms_items').where({ site_id: s.siteId, collection_id: 'posts', item_id: id }).update({ position });
    await db.migrate.latest({ migrationSource });
    const row = await db('cms_collections').where({ site_id: s.siteId, id: 'posts' }).first('item_count');
    expect(Number(row.item_count)).toBe(5);
    // Read from the database (the cache still holds the order from before).
    t.pw.services.content.memoryItems = 0;
    try {
      expect((await s.cms.all('posts')).map((i) => i._id)).toEqual(order);
    } finally {
      t.pw.services.content.memoryItems = 50_000;
    }
    await s.cms.sortItems('posts', 0, 4);
    expect((await s.cms.all('posts')).map((i) => i._id)).toEqual([1, 5, 3, 2, 4]);
  });
});
