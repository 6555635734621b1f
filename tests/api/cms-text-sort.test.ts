import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery } from '../../server/src/site/content/engine/parse.js';
import { schemasWith } from '../../server/src/site/content/schemas.js';
import { cmsOf } from '../support/cms.js';
import { ownSite, type EditorSite } from '../support/editor.js';
import { dialect, startTestServer, type TestServer } from '../support/server.js';
import { makeSiteDoc } from '../support/siteDoc.js';

// Issue 32 point 3: a page of a large collection sorted by a text field is read along an index of
// that sort (server/src/site/content/engine/sort-index.ts) instead of sorting every row. On SQLite
// and on PostgreSQL (this suite runs in both passes of .ci/run): the indexed sort answers exactly
// the pages of the plain SQL sort, for random texts (empty, missing, cases, accents, digits,
// numbers, toggles, localized values), and the database really reads the page from the index.

let t: TestServer;
let s: EditorSite;
beforeAll(async () => {
  t = await startTestServer();
  s = await ownSite(t, makeSiteDoc({ languages: ['en', 'de'] }));
});
afterAll(() => t.close());

let collections = 0;

/** A new collection of these items, with a text, a localized text and a toggle field. */
async function collectionOf(items: Record<string, unknown>[]): Promise<string> {
  const id = `words-${++collections}`;
  const cms = cmsOf(s.api, s.siteId);
  expect((await cms.create({ id, name: id })).error).toBeUndefined();
  await cms.addField(id, { name: 'title', type: 'text' });
  await cms.addField(id, { name: 'label', type: 'text', localizable: true });
  await cms.addField(id, { name: 'live', type: 'published' });
  if (items.length) expect((await cms.import(id, { items })).error).toBeUndefined();
  return id;
}

/** The SQL engine's page, with the text-sort indexes or without (the plain SQL sort). */
async function page(collection: string, query: Record<string, string>, textSortIndexes: boolean) {
  const db = t.pw.deps.db;
  const content = t.pw.services.content;
  const schema = (await schemasWith(db, s.siteId, [])).find((x) => x.id === collection)!;
  const q = parseListQuery(query, schema.fields, ['en', 'de']);
  content.textSortIndexes = textSortIndexes;
  try {
    const answer = (await content.list(db, s.siteId, schema, q, 'en', 'sql'))!;
    return { ids: answer.items.map((i) => i._id), total: answer.total };
  } finally {
    content.textSortIndexes = true;
  }
}

const text = fc.oneof(
  fc.constantFrom(undefined, null, '', 'a', 'A', 'b', 'B', 'ä', 'é', 'Z', '10', '9', ' x', 'x ', "O'Brien", 'same'),
  fc.string({ unit: fc.constantFrom('a', 'B', 'c', 'ü', 'É', '1', ' ', '-'), maxLength: 6 }),
);
const item = fc.record(
  {
    title: fc.oneof(text, fc.integer({ min: -5, max: 20 })),
    label: fc.oneof(
      text,
      fc
        .record({ en: text, de: text })
        .map((v) => ({ _loc: true, ...Object.fromEntries(Object.entries(v).filter(([, x]) => typeof x === 'string')) })),
    ),
    live: fc.boolean(),
  },
  { requiredKeys: [] },
);
const QUERIES: Record<string, string>[] = [
  { sort: 'title' },
  { sort: 'title', order: 'desc' },
  { sort: 'title', order: 'desc', offset: '3', limit: '4' },
  { sort: 'label' },
  { sort: 'label', order: 'desc', language: 'de' },
  { sort: 'live', order: 'desc' },
  { sort: 'title', search: 'a' },
  { sort: 'title', where: JSON.stringify({ live: true }), offset: '1', limit: '5' },
];

describe('text sorts over their index', () => {
  it('answer the pages of the plain SQL sort, for any texts', { timeout: 300_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          item.map((i) => Object.fromEntries(Object.entries(i).filter(([, v]) => v !== undefined && v !== null))),
          { maxLength: 30 },
        ),
        async (items) => {
          const id = await collectionOf(items);
          for (const query of QUERIES) expect(await page(id, query, true), JSON.stringify(query)).toEqual(await page(id, query, false));
          // And still after writes: an update that moves an item in the sort, a delete.
          const cms = cmsOf(s.api, s.siteId);
          if (items.length) {
            expect((await cms.editItem(id, 1, { title: 'mm' })).error).toBeUndefined();
            expect((await cms.deleteItem(id, items.length)).error).toBeUndefined();
            for (const query of QUERIES) expect(await page(id, query, true), JSON.stringify(query)).toEqual(await page(id, query, false));
          }
        },
      ),
      { numRuns: 12 },
    );
  });

  it('read the page along the index rather than sorting every row', { timeout: 120_000 }, async () => {
    const items = Array.from({ length: 5_000 }, (_, k) => ({ title: `Title ${(k * 7919) % 5_000}`, live: k % 3 === 0 }));
    const id = await collectionOf(items);
    const db = t.pw.deps.db;
    if (dialect === 'postgres') await db.raw('ANALYZE cms_items');
    for (const order of ['asc', 'desc']) {
      // The statement the engine ran, asked again under EXPLAIN.
      let ran: { sql: string; bindings: Knex.Value[] } | undefined;
      const seen = (data: { sql: string; bindings: Knex.Value[] }) => {
        if (/ORDER BY/.test(data.sql)) ran = data;
      };
      db.on('query', seen);
      try {
        expect((await page(id, { sort: 'title', order, offset: '200', limit: '20' }, true)).ids).toHaveLength(20);
      } finally {
        db.off('query', seen);
      }
      expect(ran, order).toBeDefined();
      const plan =
        dialect === 'postgres'
          ? (await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(`EXPLAIN ${ran!.sql.replace(/\$\d+/g, '?')}`, ran!.bindings)).rows
              .map((r) => r['QUERY PLAN'])
              .join('\n')
          : (await db.raw<{ detail: string }[]>(`EXPLAIN QUERY PLAN ${ran!.sql}`, ran!.bindings)).map((r) => r.detail).join('\n');
      expect(plan, order).toMatch(/cms_sort_[0-9a-f]+/);
      expect(plan, order).not.toMatch(dialect === 'postgres' ? /^\s*(->\s+)?Sort\b/m : /TEMP B-TREE FOR ORDER BY/);
    }
  });
});
