import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsFor } from '../../server/src/site/content/engine/columns.js';
import { parseListQuery } from '../../server/src/site/content/engine/parse.js';
import type { EngineName } from '../../server/src/site/content/engine/planner.js';
import { schemasWith } from '../../server/src/site/content/schemas.js';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

// Issue 27 point 3: one conformance suite for every engine of the CMS query engine
// (server/src/site/content/engine/): the in-memory engine over the item cache, the typed columns
// and the SQL engine answer the same list query with the same page and the same total, on SQLite
// and on PostgreSQL (this suite runs in both passes of .ci/run). Each case runs on every engine
// that may answer it (the columns only sorted by a number, a date or _id under filters on the
// fields they hold); the engines are called by name, whatever the collection's size would pick.
// Most cases also state the expected answer; after each kind of write the engines must still agree.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

const loc = (en: string, de: string) => ({ _loc: true, en, de });

/** Eight products with a field of every kind the engines type by; some values empty. */
const PRODUCTS = [
  {
    title: 'Apple',
    name: loc('Red shoe', 'Roter Schuh'),
    price: 25,
    day: '2026-01-10',
    kind: 'Shoes',
    live: true,
    tags: ['red', 'sale'],
    note: 'soft',
  },
  {
    title: 'banana',
    name: loc('Blue hat', 'Blauer Hut'),
    price: 12.5,
    day: '2026-02-01',
    kind: 'Hats',
    live: true,
    tags: ['blue'],
    note: 'wool',
  },
  { title: 'Cherry', name: loc('Green bag', 'Grüne Tasche'), price: 80, day: '2025-12-24', kind: 'Bags', live: false, tags: [] },
  {
    title: 'date',
    name: loc('Black shoe', 'Schwarzer Schuh'),
    price: 19.99,
    day: '2026-03-05',
    kind: 'Shoes',
    live: true,
    tags: ['sale'],
  },
  { title: 'Elder', name: loc('Sun hat', 'Sonnenhut'), price: 20, day: '2026-01-31', kind: 'Hats', live: false, note: 'Straw' },
  { title: 'fig', name: loc('Tote bag', 'Stofftasche'), price: 5, kind: 'Bags', live: true, tags: ['sale', 'eco'] },
  { title: 'Grape', name: loc('Boot', 'Stiefel'), day: '2026-02-14', kind: 'Shoes', live: true },
  { title: 'honeydew melon', price: 0, kind: 'Bags', live: false, note: 'Soft and sweet' },
];

type Query = Record<string, unknown>;
interface Case {
  query: Query;
  /** The ids of the page in order, and the total (when the case states them). */
  ids?: number[];
  total?: number;
}

const w = (where: unknown, ids: number[], more: Query = {}): Case => ({
  query: { where: JSON.stringify(where), ...more },
  ids,
  total: ids.length,
});
const all = (query: Query, ids: number[]): Case => ({ query, ids, total: 8 });

const CASES: Case[] = [
  // Numbers: every operator; neq and nin match empty values too, comparisons never do.
  w({ price: 20 }, [5]),
  w({ price: { eq: '20' } }, [5]),
  w({ price: { neq: 20 } }, [1, 2, 3, 4, 6, 7, 8]),
  w({ price: { lt: 19.99 } }, [2, 6, 8]),
  w({ price: { lte: 19.99 } }, [2, 4, 6, 8]),
  w({ price: { gt: 20 } }, [1, 3]),
  w({ price: { gte: 20 } }, [1, 3, 5]),
  w({ price: { in: [5, 80] } }, [3, 6]),
  w({ price: { nin: [5, 80] } }, [1, 2, 4, 5, 7, 8]),
  w({ price: { empty: true } }, [7]),
  w({ price: { notEmpty: true } }, [1, 2, 3, 4, 5, 6, 8]),
  w({ _id: { gt: 6 } }, [7, 8]),
  w({ _id: { lte: 2 } }, [1, 2]),
  // Dates.
  w({ day: { lt: '2026-01-31' } }, [1, 3]),
  w({ day: { gte: '2026-02-01' } }, [2, 4, 7]),
  w({ day: '2026-02-14' }, [7]),
  w({ day: { neq: '2026-02-14' } }, [1, 2, 3, 4, 5, 6, 8]),
  w({ day: { in: ['2026-01-10', '2026-03-05'] } }, [1, 4]),
  w({ day: { empty: true } }, [6, 8]),
  // Toggles.
  w({ live: true }, [1, 2, 4, 6, 7]),
  w({ live: { neq: true } }, [3, 5, 8]),
  w({ live: false }, [3, 5, 8]),
  w({ live: { notEmpty: true } }, [1, 2, 3, 4, 5, 6, 7, 8]),
  // Choices.
  w({ kind: 'Hats' }, [2, 5]),
  w({ kind: { neq: 'Hats' } }, [1, 3, 4, 6, 7, 8]),
  w({ kind: { in: ['Hats', 'Bags'] } }, [2, 3, 5, 6, 8]),
  w({ kind: { nin: ['Shoes'] } }, [2, 3, 5, 6, 8]),
  w({ kind: { contains: 'AT' } }, [2, 5]),
  w({ kind: { startsWith: 'b' } }, [3, 6, 8]),
  // Text: exact, case-insensitive contains and startsWith, empty.
  w({ title: 'fig' }, [6]),
  w({ title: { neq: 'fig' } }, [1, 2, 3, 4, 5, 7, 8]),
  w({ title: { in: ['Apple', 'date'] } }, [1, 4]),
  w({ title: { nin: ['Apple', 'date'] } }, [2, 3, 5, 6, 7, 8]),
  w({ title: { contains: 'E' } }, [1, 3, 4, 5, 7, 8]),
  w({ title: { startsWith: 'g' } }, [7]),
  w({ note: { empty: true } }, [3, 4, 6, 7]),
  w({ note: { notEmpty: true } }, [1, 2, 5, 8]),
  w({ note: { contains: 'soft' } }, [1, 8]),
  // Lists: one entry matching is enough.
  w({ tags: 'sale' }, [1, 4, 6]),
  w({ tags: { neq: 'sale' } }, [2, 3, 5, 7, 8]),
  w({ tags: { in: ['red', 'eco'] } }, [1, 6]),
  w({ tags: { nin: ['red', 'eco'] } }, [2, 3, 4, 5, 7, 8]),
  w({ tags: { contains: 'e' } }, [1, 2, 4, 6]),
  w({ tags: { startsWith: 'bl' } }, [2]),
  w({ tags: { empty: true } }, [3, 5, 7, 8]),
  // Localized text in the list's language.
  w({ name: 'Boot' }, [7]),
  w({ name: 'Stiefel' }, [7], { language: 'de' }),
  w({ name: { contains: 'shoe' } }, [1, 4]),
  w({ name: { contains: 'schuh' } }, [1, 4], { language: 'de' }),
  w({ name: { empty: true } }, [8]),
  // and, or, not.
  w({ or: [{ kind: 'Bags' }, { price: { lt: 10 } }] }, [3, 6, 8]),
  w({ not: { or: [{ live: false }, { day: { empty: true } }] } }, [1, 2, 4, 7]),
  w({ and: [{ price: { gte: 12.5 } }, { not: { kind: 'Shoes' } }] }, [2, 3, 5]),
  w({ price: { gte: 5, lt: 25 }, day: { gte: '2026-01-10' } }, [2, 4, 5]),
  // The older filter=field:value.
  { query: { filter: ['kind:Hats'] }, ids: [2, 5], total: 2 },
  { query: { filter: ['tags:sale', 'live:true'] }, ids: [1, 4, 6], total: 3 },
  { query: { filter: ['note:'] }, ids: [3, 4, 6, 7], total: 4 },
  // Sorts: hand order, text (case-insensitive), numbers, dates, toggles, choices, localized text;
  // empty values last either way, equal values in hand order.
  all({}, [1, 2, 3, 4, 5, 6, 7, 8]),
  all({ order: 'desc' }, [8, 7, 6, 5, 4, 3, 2, 1]),
  all({ sort: 'title' }, [1, 2, 3, 4, 5, 6, 7, 8]),
  all({ sort: 'title', order: 'desc' }, [8, 7, 6, 5, 4, 3, 2, 1]),
  all({ sort: 'price' }, [8, 6, 2, 4, 5, 1, 3, 7]),
  all({ sort: 'price', order: 'desc' }, [3, 1, 5, 4, 2, 6, 8, 7]),
  all({ sort: 'day' }, [3, 1, 5, 2, 7, 4, 6, 8]),
  all({ sort: 'day', order: 'desc' }, [4, 7, 2, 5, 1, 3, 6, 8]),
  all({ sort: 'live' }, [3, 5, 8, 1, 2, 4, 6, 7]),
  all({ sort: 'live', order: 'desc' }, [1, 2, 4, 6, 7, 3, 5, 8]),
  all({ sort: 'kind' }, [3, 6, 8, 2, 5, 1, 4, 7]),
  all({ sort: 'name' }, [4, 2, 7, 3, 1, 5, 6, 8]),
  all({ sort: 'name', language: 'de' }, [2, 3, 1, 4, 5, 7, 6, 8]),
  all({ sort: '_id', order: 'desc' }, [8, 7, 6, 5, 4, 3, 2, 1]),
  // Text sorts with empty values (last either way), pages of them, and a localized one backwards.
  all({ sort: 'note' }, [1, 8, 5, 2, 3, 4, 6, 7]),
  all({ sort: 'note', order: 'desc' }, [2, 5, 8, 1, 3, 4, 6, 7]),
  { query: { sort: 'title', order: 'desc', offset: 2, limit: 3 }, ids: [6, 5, 4], total: 8 },
  all({ sort: 'name', order: 'desc', language: 'de' }, [6, 7, 5, 4, 1, 3, 2, 8]),
  // Pages and counts: a page inside the matches, one past the last (the total still counted).
  { query: { sort: 'price', offset: 2, limit: 3 }, ids: [2, 4, 5], total: 8 },
  { query: { sort: 'price', offset: 20 }, ids: [], total: 8 },
  { query: { sort: 'price', where: JSON.stringify({ price: { gte: 5 } }), offset: 1, limit: 2 }, ids: [2, 4], total: 6 },
  { query: { sort: 'price', where: JSON.stringify({ price: { gte: 5 } }), offset: 10 }, ids: [], total: 6 },
  { query: { sort: 'title', where: JSON.stringify({ kind: 'Shoes' }), offset: 1, limit: 1 }, ids: [4], total: 3 },
  { query: { offset: 6, limit: 5 }, ids: [7, 8], total: 8 },
  // Search: every field's text in the list's language, or one field with field:text; case-insensitive.
  { query: { search: 'hat' }, ids: [2, 5], total: 2 },
  { query: { search: 'SOFT' }, ids: [1, 8], total: 2 },
  { query: { search: 'title:an' }, ids: [2], total: 1 },
  { query: { search: 'sale', sort: 'price', order: 'desc' }, ids: [1, 4, 6], total: 3 },
  { query: { search: 'zzz' }, ids: [], total: 0 },
  // A search of every field finds a localized value in any language; a search of one field, in the list's.
  { query: { search: 'stiefel' }, ids: [7], total: 1 },
  { query: { search: 'name:stiefel' }, ids: [], total: 0 },
  { query: { search: 'name:stiefel', language: 'de' }, ids: [7], total: 1 },
  { query: { search: 'e', where: JSON.stringify({ live: true }), sort: 'title', limit: 2 }, ids: [1, 2], total: 5 },
  // Text that means something to a search engine or to LIKE is plain text here.
  { query: { search: '"red' }, ids: [], total: 0 },
  { query: { search: 'sale*' }, ids: [], total: 0 },
  { query: { search: 'red NEAR sale' }, ids: [], total: 0 },
  { query: { search: '%' }, ids: [], total: 0 },
  { query: { search: '_' }, ids: [], total: 0 },
  { query: { search: ':' }, ids: [], total: 0 },
  { query: { search: 'unknown:soft' }, ids: [], total: 0 },
  { query: { search: 'x'.repeat(10_000) }, ids: [], total: 0 },
];

type Site = Awaited<ReturnType<typeof shop>>;

async function shop() {
  const s = await ownSite(t, makeSiteDoc({ languages: ['en', 'de'] }));
  const cms = cmsOf(s.api, s.siteId);
  await cms.create({ id: 'products', name: 'Products' });
  await cms.addField('products', { name: 'title', type: 'text' });
  await cms.addField('products', { name: 'name', type: 'text', localizable: true });
  await cms.addField('products', { name: 'price', type: 'number' });
  await cms.addField('products', { name: 'day', type: 'date' });
  await cms.addField('products', { name: 'kind', type: 'enum', options: ['Shoes', 'Hats', 'Bags'] });
  await cms.addField('products', { name: 'live', type: 'published' });
  await cms.addField('products', { name: 'tags', type: 'list' });
  await cms.addField('products', { name: 'note', type: 'text' });
  const { error } = await cms.import('products', { items: PRODUCTS });
  expect(error).toBeUndefined();
  return { ...s, cms };
}

/** The engines that may answer a query: memory and SQL always, the columns when the planner would ask them. */
async function answers(s: Site, query: Query) {
  const db = t.pw.deps.db;
  const schema = (await schemasWith(db, s.siteId, [])).find((x) => x.id === 'products')!;
  // As the route hands them over: every parameter is text.
  const params = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
  const q = parseListQuery(params, schema.fields, ['en', 'de']);
  const engines: EngineName[] = columnsFor(schema, q) ? ['memory', 'sql', 'columns'] : ['memory', 'sql'];
  const content = t.pw.services.content;
  const out = new Map<string, { ids: number[]; total: number }>();
  for (const engine of engines) {
    // The SQL engine twice: sorting as a plain SQL sort, and over the text sort's own index (sort-index.ts).
    for (const textSortIndexes of engine === 'sql' ? [false, true] : [true]) {
      content.textSortIndexes = textSortIndexes;
      try {
        const page = await content.list(db, s.siteId, schema, q, 'en', engine);
        // Where the columns may answer, they must: each value here is one they hold exactly.
        expect(page, `${engine} ${JSON.stringify(query)}`).toBeDefined();
        out.set(engine === 'sql' && !textSortIndexes ? 'sql without text-sort indexes' : engine, {
          ids: page!.items.map((i) => i._id),
          total: page!.total,
        });
      } finally {
        content.textSortIndexes = true;
      }
    }
  }
  return out;
}

/** Every engine answers the case alike, and as the case says. */
async function conform(s: Site, c: Case, stated = true) {
  const got = await answers(s, c.query);
  const reference = got.get('memory')!;
  for (const [engine, page] of got) expect(page, `${engine} ${JSON.stringify(c.query).slice(0, 200)}`).toEqual(reference);
  if (stated && c.ids) expect(reference, JSON.stringify(c.query).slice(0, 200)).toEqual({ ids: c.ids, total: c.total });
  return reference;
}

describe('every engine answers every list query alike', () => {
  let s: Site;
  beforeAll(async () => {
    s = await shop();
  });

  it('filters of every operator and field type, sorts, pages, counts and searches', { timeout: 120_000 }, async () => {
    for (const c of CASES) await conform(s, c);
  });

  it('still alike after inserts, updates, deletes, moves, duplicates and imports', { timeout: 180_000 }, async () => {
    const writes: [string, () => Promise<{ error?: unknown }>, (s: Site) => Promise<void>][] = [
      [
        'an insert at the top',
        () =>
          s.cms.addItem('products', {
            title: 'Acorn',
            price: 7,
            day: '2026-01-20',
            kind: 'Hats',
            tags: ['sale'],
            _index: 0,
          }),
        async () => expect((await conform(s, { query: { limit: 2 } })).ids).toEqual([9, 1]),
      ],
      [
        'an update of a sorted and a searched value',
        () => s.cms.editItem('products', 5, { price: 1, note: 'hat box' }),
        async () => expect((await conform(s, { query: { sort: 'price', limit: 3 } })).ids).toEqual([8, 5, 6]),
      ],
      [
        'a value emptied',
        () => s.cms.editItem('products', 1, { day: null, tags: [] }),
        async () => expect((await conform(s, { query: { where: JSON.stringify({ day: { empty: true } }) } })).ids).toEqual([1, 6, 8]),
      ],
      [
        'a delete',
        () => s.cms.deleteItem('products', 3),
        async () => expect((await conform(s, { query: { where: JSON.stringify({ kind: 'Bags' }) } })).ids).toEqual([6, 8]),
      ],
      [
        'a move by hand',
        () => s.cms.sortItems('products', 7, 0),
        async () => expect((await conform(s, { query: { limit: 3 } })).ids).toEqual([8, 9, 1]),
      ],
      [
        'a duplicate',
        () => s.cms.duplicate('products', 4),
        async () => expect((await conform(s, { query: { where: JSON.stringify({ title: 'date' }) } })).ids).toEqual([4, 10]),
      ],
      [
        'an import that updates one item and adds two',
        () =>
          s.cms.import('products', {
            items: [
              { _id: 2, price: 99, note: 'updated' },
              { title: 'kiwi', price: 3, day: '2026-04-01', kind: 'Shoes', tags: ['green'] },
              { title: 'lime', kind: 'Hats', note: 'sour' },
            ],
            upsertBy: '_id',
          }),
        async () => expect((await conform(s, { query: { sort: 'price', order: 'desc', limit: 2 } })).ids).toEqual([2, 1]),
      ],
    ];
    for (const [what, write, check] of writes) {
      const { error } = await write();
      expect(error, what).toBeUndefined();
      await check(s);
      // The stated answers no longer hold after writes; the engines must still agree on every case.
      for (const c of CASES) await conform(s, c, false);
    }
  });

  it('a search of 10,000 characters, search-engine operators and unbalanced quotes are plain text over HTTP, on every engine', async () => {
    const content = t.pw.services.content;
    for (const memoryItems of [50_000, 0]) {
      content.memoryItems = memoryItems;
      try {
        for (const search of [
          'x'.repeat(10_000),
          '"',
          '"hat',
          'hat"',
          '*',
          'h*',
          'hat NEAR box',
          'NEAR(hat box)',
          ':',
          '::',
          'title:"',
          "'",
          '\\',
          '-hat',
          'hat OR box',
          '(',
          '^hat',
        ]) {
          const { data, error, response } = await s.cms.items('products', { search });
          expect(response.status, search.slice(0, 40)).toBe(200);
          expect(error).toBeUndefined();
          expect(data!.total, search.slice(0, 40)).toBe(0);
        }
        const { data } = await s.cms.items('products', { search: 'hat box' });
        expect(data!.items.map((i) => i._id)).toEqual([5]);
      } finally {
        content.memoryItems = 50_000;
      }
    }
  });
});
