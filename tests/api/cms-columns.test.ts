import { createClient } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { columnBlocks } from '../../server/src/site/content/engine/sorted-slots.js';
import { createPagewright } from '../../server/src/index.js';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

// Issue 18 (f): a large collection's pages sorted by a number or a date and filtered on number,
// date, toggle and choice fields are answered from typed columns held in memory (server/src/site/
// content/columns.ts). Whatever answers, the page and the total are exactly those of the item cache: the
// same matches, empty values last, equal values in hand order, after every kind of write.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

const KINDS = ['Shoes', 'Hats', 'Bags'];
const DAYS = ['2026-01-10', '2026-02-01', '2026-02-14', '2026-03-05', '2025-12-24'];

/** 240 items with few distinct values (so many tie) and some of every field empty. */
function goods() {
  let seed = 7;
  const next = (n: number) => Math.floor((seed = (seed * 1103515245 + 12345) % 2147483648) / 65536) % n;
  return Array.from({ length: 240 }, () => {
    const item: Record<string, unknown> = { title: `Item ${next(1000)}` };
    if (next(10) > 0) item.price = [5, 12.5, 19.99, 20, 25, 80, 0, -3][next(8)];
    if (next(8) > 0) item.day = DAYS[next(DAYS.length)];
    if (next(6) > 0) item.kind = KINDS[next(KINDS.length)];
    const live = next(3);
    if (live < 2) item.live = live === 0;
    return item;
  });
}

type Site = Awaited<ReturnType<typeof shop>>;

async function shop() {
  const s = await ownSite(t, makeSiteDoc({}));
  const cms = cmsOf(s.api, s.siteId);
  await cms.create({ id: 'goods', name: 'Goods' });
  await cms.addField('goods', { name: 'title', type: 'text' });
  await cms.addField('goods', { name: 'price', type: 'number' });
  await cms.addField('goods', { name: 'day', type: 'date' });
  await cms.addField('goods', { name: 'kind', type: 'enum', options: KINDS });
  await cms.addField('goods', { name: 'live', type: 'published' });
  const { error } = await cms.import('goods', { items: goods() });
  expect(error).toBeUndefined();
  // Hand order unlike id order, so ties show which order they follow.
  for (const [from, to] of [
    [200, 0],
    [10, 150],
    [0, 239],
    [77, 3],
  ])
    expect((await cms.sortItems('goods', from!, to!)).error).toBeUndefined();
  return { ...s, cms };
}

type Query = { sort: string; order?: 'asc' | 'desc'; offset?: number; limit?: number; where?: unknown };

async function page(s: Site, q: Query) {
  const { where, ...rest } = q;
  const { data, error } = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
    params: {
      path: { siteId: s.siteId, collection: 'goods' },
      query: { ...rest, ...(where === undefined ? {} : { where: JSON.stringify(where) }) },
    },
  });
  if (!data) throw new Error(JSON.stringify(error));
  return { ids: data.items.map((i) => i._id), total: data.total };
}

/** The page from the item cache and from the columns (the collection counted as large), which must agree. */
async function both(s: Site, q: Query) {
  const content = t.pw.services.content;
  content.memoryItems = 50_000;
  const cache = await page(s, q);
  content.memoryItems = 0;
  const spy = vi.spyOn(content, 'listByColumns');
  try {
    const columns = await page(s, q);
    // The columns answered (not the SQL engine).
    expect(await spy.mock.results[0]?.value, JSON.stringify(q)).toBeDefined();
    return { cache, columns };
  } finally {
    spy.mockRestore();
    content.memoryItems = 50_000;
  }
}

const FILTERS: unknown[] = [
  undefined,
  { price: { gte: 5, lt: 25 } },
  { price: { gt: 0, lte: 20 }, day: { gte: '2026-01-10', lt: '2026-03-01' } },
  { price: 20 },
  { price: { neq: 20 } },
  { price: { in: [5, 80] } },
  { price: { nin: [5, 80] } },
  { price: { empty: true } },
  { day: { notEmpty: true } },
  { day: { eq: '2026-02-14' } },
  { kind: 'Hats' },
  { kind: { neq: 'Hats' } },
  { kind: { in: ['Hats', 'Bags'] }, live: true },
  { kind: { nin: ['Shoes'] } },
  { kind: { empty: true } },
  { live: false },
  { live: { neq: true } },
  { live: { empty: true } },
  { _id: { gt: 100, lte: 200 } },
  { or: [{ kind: 'Bags' }, { price: { lt: 10 } }] },
  { not: { or: [{ live: false }, { day: { empty: true } }] } },
  { and: [{ price: { gte: 12.5 } }, { not: { kind: 'Shoes' } }] },
];

describe('pages of a large collection from its columns', () => {
  let s: Site;
  beforeAll(async () => {
    s = await shop();
  });

  it(
    'every operator, sorted by a number, a date or _id either way, matches the item cache page for page',
    { timeout: 120_000 },
    async () => {
      for (const where of FILTERS) {
        for (const [sort, order] of [
          ['price', 'asc'],
          ['price', 'desc'],
          ['day', 'asc'],
          ['day', 'desc'],
          ['_id', 'desc'],
        ] as const) {
          // Pages that start and end inside runs of equal values, and one past the end.
          for (const [offset, limit] of [
            [0, 100],
            [7, 13],
            [90, 40],
            [400, 10],
          ] as const) {
            const q = { sort, order, offset, limit, where };
            const { cache, columns } = await both(s, q);
            expect(columns, JSON.stringify(q)).toEqual(cache);
          }
        }
      }
    },
  );

  it('stays exact through creates, edits, moves, deletes and imports made by this process', { timeout: 60_000 }, async () => {
    const q = { sort: 'price', offset: 20, limit: 60, where: { price: { gte: 5 }, live: { neq: false } } };
    expect((await both(s, q)).columns).toEqual((await both(s, q)).cache);
    const changes = [
      () => s.cms.editItem('goods', 5, { price: 12.5, live: true }),
      () => s.cms.editItem('goods', 6, { price: null }),
      () => s.cms.addItem('goods', { title: 'New', price: 19.99, day: '2026-02-01', kind: 'Hats', live: true, _index: 0 }),
      () => s.cms.sortItems('goods', 120, 1),
      () => s.cms.deleteItem('goods', 7),
      () => s.cms.duplicate('goods', 9),
      () =>
        s.cms.import('goods', {
          items: [
            { title: 'Imported', price: 5, live: true },
            { _id: 11, price: 80 },
          ],
          upsertBy: '_id',
        }),
      () => s.cms.editItem('goods', 12, { day: '2026-03-05', kind: 'Bags' }),
    ];
    for (const change of changes) {
      expect((await change()).error).toBeUndefined();
      for (const query of [q, { sort: 'day', order: 'desc' as const, where: { kind: { in: ['Hats', 'Bags'] } } }]) {
        const { cache, columns } = await both(s, query);
        expect(columns).toEqual(cache);
      }
    }
  });

  it('a value the columns cannot hold exactly, a text sort or a search leave the page to the database, with the same answer', async () => {
    // A date written with a time compares as text: the database answers it.
    expect((await s.cms.editItem('goods', 20, { day: '2026-02-01T10:00' })).error).toBeUndefined();
    const content = t.pw.services.content;
    const q = { sort: 'day', offset: 0, limit: 100, where: { day: { gte: '2026-02-01' } } };
    content.memoryItems = 50_000;
    const cache = await page(s, q);
    content.memoryItems = 0;
    try {
      const spy = vi.spyOn(content, 'listByColumns');
      const answer = await page(s, q);
      expect(await spy.mock.results[0]?.value).toBeUndefined();
      spy.mockRestore();
      expect(answer.total).toBe(cache.total);
      expect(new Set(answer.ids)).toEqual(new Set(cache.ids));
      const titles = await page(s, { sort: 'title', limit: 5 });
      expect(titles.total).toBe(242);
    } finally {
      content.memoryItems = 50_000;
    }
  });

  it('holds thousands of items in blocks that split and empty as edits move values around', { timeout: 120_000 }, async () => {
    // Blocks of 16 entries: 5,000 items make hundreds of them.
    columnBlocks.size = 16;
    onTestFinished(() => {
      columnBlocks.size = 1_024;
    });
    const big = await ownSite(t, makeSiteDoc({}));
    const cms = cmsOf(big.api, big.siteId);
    await cms.create({ id: 'goods', name: 'Goods' });
    await cms.addField('goods', { name: 'price', type: 'number' });
    const n = 5_000;
    const { error } = await cms.import('goods', { items: Array.from({ length: n }, (_, i) => ({ price: (i * 37) % 50 })) });
    expect(error).toBeUndefined();
    const s3: Site = { ...big, cms };
    const q = (offset: number) => ({ sort: 'price', order: 'desc' as const, offset, limit: 100, where: { price: { gte: 3, lt: 47 } } });
    for (const offset of [0, 1_950, 4_300]) expect((await both(s3, q(offset))).columns).toEqual((await both(s3, q(offset))).cache);
    // Each edit sends one of the items priced 25 to an end of the order: the blocks there fill and
    // split, the blocks that held them empty.
    const moved = (await page(s3, { sort: '_id', limit: 100, where: { price: 25 } })).ids;
    expect(moved).toHaveLength(100);
    for (let k = 0; k < 60; k++) {
      expect((await cms.editItem('goods', moved[k]!, { price: k % 2 ? 49 : 0 })).error).toBeUndefined();
      if (k % 20 === 19) {
        for (const offset of [0, 1_950, 4_300]) {
          const { cache, columns } = await both(s3, q(offset));
          expect(columns).toEqual(cache);
        }
      }
    }
    const ends = { sort: 'price', limit: 100, where: { price: { lte: 0 } } };
    const { cache, columns } = await both(s3, ends);
    expect(columns).toEqual(cache);
    expect(columns.total).toBe(100 + 30);
  });

  it('a write through another process is seen at once: the columns are built again at the new revision', async () => {
    const s2 = await shop();
    const q = { sort: 'price', limit: 100, where: JSON.stringify({ price: { gte: 20 } }) };
    const second = createPagewright(t.pw.deps.config, t.pw.deps.log, { sectionLibrary: fixtureLibrary });
    const url = await second.start();
    second.services.content.memoryItems = 0;
    try {
      const login = await t
        .client()
        .POST('/auth/login', { body: { email: (await s2.api.GET('/user')).data!.email, password: 'correct horse battery' } });
      const other = createClient({ baseUrl: url, token: (login.data as { token: string }).token, fetch: contractFetch(url) });
      // The second process lists from its columns; this one writes.
      const list = async () => {
        const spy = vi.spyOn(second.services.content, 'listByColumns');
        const { data } = await other.GET('/sites/{siteId}/content/{collection}/items', {
          params: { path: { siteId: s2.siteId, collection: 'goods' }, query: q },
        });
        expect(await spy.mock.results[0]?.value).toBeDefined();
        spy.mockRestore();
        return { ids: data!.items.map((i) => i._id), total: data!.total };
      };
      const before = await list();
      const first = before.ids[0]!;
      expect((await s2.cms.editItem('goods', first, { price: 1 })).error).toBeUndefined();
      const after = await list();
      expect(after.total).toBe(before.total - 1);
      expect(after.ids).not.toContain(first);
      expect(after).toEqual(await page(s2, { sort: 'price', limit: 100, where: { price: { gte: 20 } } }));
    } finally {
      await second.close();
    }
  });
});
