import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { Field, Item } from '../../server/src/model/document.js';
import { Columns, pageOf } from '../../server/src/site/content/engine/columns.js';
import { parseWhere } from '../../server/src/site/content/engine/filter.js';
import { columnBlocks, SortedSlots, sortKey } from '../../server/src/site/content/engine/sorted-slots.js';
import type { ItemOp, ListQuery, Schema } from '../../server/src/site/content/engine/types.js';
import { keyBetween } from '../../server/src/site/content/keys.js';

// Issue 27 point 3: the sorted index of the typed columns (server/src/site/content/engine/
// sorted-slots.ts, columns.ts) under random sequences of inserts, updates, deletes and moves stays
// equal to a plain sort of the rows, and its ranges and pages equal a plain filter of them. Blocks
// are made tiny so that they split and empty all the time.

afterEach(() => {
  columnBlocks.size = 1_024;
});

/** Values with many ties and some empty (NaN). */
const value = fc.oneof(fc.constantFrom(NaN, 0, -3, 5, 12.5, 20, 80), fc.integer({ min: -50, max: 50 }));

type SlotOp =
  { kind: 'insert'; v: number } | { kind: 'update'; at: number; v: number } | { kind: 'delete'; at: number } | { kind: 'move'; at: number };

const slotOp: fc.Arbitrary<SlotOp> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), v: value }),
  fc.record({ kind: fc.constant('update' as const), at: fc.nat(), v: value }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat() }),
);

/** The live slots sorted the plain way: by value, empty last, ties by slot. */
const naive = (values: Float64Array, live: readonly number[]) =>
  [...live].sort((a, b) => sortKey(values[a]!) - sortKey(values[b]!) || a - b);

describe('the sorted index (SortedSlots)', () => {
  it('stays a plain sort of the live slots through random inserts, updates, deletes and moves', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 60 }),
        fc.array(slotOp, { maxLength: 150 }),
        fc.integer({ min: 1, max: 6 }),
        (start, ops, block) => {
          columnBlocks.size = block;
          let values = new Float64Array(Math.max(16, start.length * 2));
          values.set(start);
          const live = start.map((_, i) => i);
          let used = start.length;
          const index = new SortedSlots(() => values, Int32Array.from(live));
          for (const op of ops) {
            if (op.kind === 'insert') {
              if (used === values.length) {
                const grown = new Float64Array(values.length * 2);
                grown.set(values);
                values = grown;
              }
              const slot = used++;
              values[slot] = op.v;
              live.push(slot);
              index.insert(slot);
            } else if (live.length) {
              const at = op.at % live.length;
              const slot = live[at]!;
              if (op.kind === 'delete') {
                expect(index.remove(slot)).toBe(true);
                live.splice(at, 1);
              } else if (op.kind === 'update') {
                expect(index.remove(slot)).toBe(true);
                values[slot] = op.v;
                index.insert(slot);
              } else {
                // A move by hand changes no value: the index must not change either.
                expect(index.remove(slot)).toBe(true);
                index.insert(slot);
              }
            }
            expect(index.length).toBe(live.length);
          }
          const expected = naive(values, live);
          expect(Array.from(index.slice(0, index.length))).toEqual(expected);
          const forwards: number[] = [];
          index.each(0, index.length, false, (s) => forwards.push(s));
          expect(forwards).toEqual(expected);
          const backwards: number[] = [];
          index.each(0, index.length, true, (s) => backwards.push(s));
          expect(backwards).toEqual([...expected].reverse());
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers ranges as a plain filter does: rank, slice and each between two bounds', () => {
    fc.assert(
      fc.property(
        fc.array(value, { maxLength: 120 }),
        fc.array(slotOp, { maxLength: 60 }),
        value,
        value,
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 1, max: 5 }),
        (start, ops, a, b, loOpen, hiOpen, block) => {
          columnBlocks.size = block;
          const values = new Float64Array(start.length + ops.length + 1);
          values.set(start);
          const live = start.map((_, i) => i);
          let used = start.length;
          const index = new SortedSlots(() => values, Int32Array.from(live));
          for (const op of ops) {
            if (op.kind === 'insert') {
              values[used] = op.v;
              live.push(used);
              index.insert(used++);
            } else if (live.length && op.kind !== 'move') {
              const at = op.at % live.length;
              const slot = live[at]!;
              index.remove(slot);
              if (op.kind === 'delete') live.splice(at, 1);
              else {
                values[slot] = op.v;
                index.insert(slot);
              }
            }
          }
          const lo = Number.isNaN(a) ? -Infinity : Math.min(a, Number.isNaN(b) ? a : b);
          const hi = Number.isNaN(b) ? Infinity : Math.max(b, Number.isNaN(a) ? b : a);
          const from = index.rank(lo, loOpen);
          const to = index.rank(hi, !hiOpen);
          const inRange = (x: number) => x === x && (loOpen ? x > lo : x >= lo) && (hiOpen ? x < hi : x <= hi);
          const expected = naive(values, live).filter((s) => inRange(values[s]!));
          const got = from < to ? Array.from(index.slice(from, to)).filter((s) => values[s] === values[s]) : [];
          expect(got).toEqual(expected);
          const walked: number[] = [];
          index.each(from, to, false, (s) => walked.push(s));
          expect(walked.filter((s) => values[s] === values[s])).toEqual(expected);
          // The filled part ends where the empty values start.
          expect(index.rank(Infinity, false)).toBe(live.filter((s) => values[s] === values[s]).length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

// ------------------------------------------------------------------------------------------------
// The whole columns engine: pages of random queries equal a plain filter, sort and slice.

const FIELDS: Field[] = [
  { id: 'price', name: 'price', type: 'number' },
  { id: 'day', name: 'day', type: 'date' },
  { id: 'kind', name: 'kind', type: 'enum', options: ['Shoes', 'Hats', 'Bags'] },
  { id: 'live', name: 'live', type: 'published' },
] as Field[];
const schema: Schema = { id: 'goods', name: 'Goods', icon: 'book', fields: FIELDS, position: 0, revision: 'r0', itemCount: 0 };
const DAYS = ['2025-12-24', '2026-01-10', '2026-02-01', '2026-02-14', '2026-03-05'];

const values = fc.record(
  {
    price: fc.constantFrom(0, -3, 5, 12.5, 19.99, 20, 25, 80),
    day: fc.constantFrom(...DAYS),
    kind: fc.constantFrom('Shoes', 'Hats', 'Bags'),
    live: fc.boolean(),
  },
  { requiredKeys: [] },
);

type ItemChange =
  | { kind: 'insert'; values: Record<string, unknown>; at: number }
  | { kind: 'update'; at: number; values: Record<string, unknown> }
  | { kind: 'delete'; at: number }
  | { kind: 'move'; at: number; to: number };

const itemChange: fc.Arbitrary<ItemChange> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), values, at: fc.nat() }),
  fc.record({ kind: fc.constant('update' as const), at: fc.nat(), values }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
);

const range = (field: 'price' | 'day') =>
  fc
    .record({
      op: fc.constantFrom('gt', 'gte', 'lt', 'lte', 'eq'),
      v: field === 'price' ? fc.constantFrom(0, 5, 12.5, 20, 25, 50) : fc.constantFrom(...DAYS),
    })
    .map(({ op, v }) => ({ [field]: { [op]: v } }));
const where = fc.option(
  fc.oneof(
    range('price'),
    range('day'),
    fc.tuple(range('price'), range('day')).map(([p, d]) => ({ ...p, ...d })),
    fc
      .tuple(range('price'), fc.constantFrom({ kind: 'Hats' }, { live: true }, { kind: { in: ['Shoes', 'Bags'] } }))
      .map(([p, k]) => ({ ...p, ...k })),
  ),
  { nil: undefined },
);

/** A plain answer: every stored item, filtered, sorted by the field (empty last), ties in hand order, sliced. */
function plainPage(rows: { item: Item; key: string }[], q: ListQuery, w: Record<string, unknown> | undefined) {
  const test = (item: Item) =>
    Object.entries(w ?? {}).every(([field, spec]) => {
      const v = item[field];
      if (typeof spec !== 'object' || spec === null) return field === 'live' ? (v === true) === spec : v === spec;
      return Object.entries(spec).every(([op, want]) => {
        if (op === 'in') return (want as unknown[]).includes(v);
        if (v === undefined) return false;
        const x = v as number | string;
        const y = want as number | string;
        return op === 'gt' ? x > y : op === 'gte' ? x >= y : op === 'lt' ? x < y : op === 'lte' ? x <= y : x === y;
      });
    });
  const sort = q.sort!;
  const dir = q.order === 'desc' ? -1 : 1;
  const matches = rows
    .filter((r) => test(r.item))
    .sort((a, b) => (a.key < b.key ? -1 : 1))
    .map((r, hand) => ({ r, hand }))
    .sort((a, b) => {
      const x = a.r.item[sort] as number | string | undefined;
      const y = b.r.item[sort] as number | string | undefined;
      if (x === undefined || y === undefined) return x === y ? a.hand - b.hand : x === undefined ? 1 : -1;
      return x < y ? -dir : x > y ? dir : a.hand - b.hand;
    });
  return { ids: matches.slice(q.offset, q.offset + q.limit).map((m) => m.r.item._id), total: matches.length };
}

describe('the typed columns (Columns.select and pageOf)', () => {
  it('after random writes, every sorted, filtered page equals a plain filter, sort and slice of the rows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(values, { minLength: 1, maxLength: 40 }),
        fc.array(itemChange, { maxLength: 40 }),
        fc.constantFrom('price', 'day', '_id'),
        fc.constantFrom('asc' as const, 'desc' as const),
        where,
        fc.nat({ max: 50 }),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 1, max: 4 }),
        async (start, changes, sort, order, w, offset, limit, block) => {
          columnBlocks.size = block;
          let nextId = 1;
          // The stored rows in hand order (their keys sorted).
          let rows: { item: Item; key: string }[] = [];
          let key: string | null = null;
          for (const v of start) {
            key = keyBetween(key, null);
            rows.push({ item: { _id: nextId++, ...v }, key });
          }
          const fields = ['price', 'day', 'kind', 'live', '_id'];
          const columns = Columns.from(
            schema,
            rows.map((r) => r.item),
            fields,
          )!;
          expect(columns).toBeDefined();
          for (const change of changes) {
            const ops: ItemOp[] = [];
            if (change.kind === 'insert') {
              const at = change.at % (rows.length + 1);
              const k = keyBetween(rows[at - 1]?.key ?? null, rows[at]?.key ?? null);
              const item = { _id: nextId++, ...change.values };
              rows.splice(at, 0, { item, key: k });
              ops.push({ kind: 'put', item, key: k });
            } else if (rows.length) {
              const at = change.at % rows.length;
              const row = rows[at]!;
              if (change.kind === 'delete') {
                rows.splice(at, 1);
                ops.push({ kind: 'delete', key: row.key, id: row.item._id });
              } else if (change.kind === 'update') {
                const item = { _id: row.item._id, ...change.values };
                rows[at] = { item, key: row.key };
                ops.push({ kind: 'put', item, key: row.key, oldKey: row.key, changed: new Set(Object.keys(change.values)) });
              } else {
                rows.splice(at, 1);
                const to = change.to % (rows.length + 1);
                const k = keyBetween(rows[to - 1]?.key ?? null, rows[to]?.key ?? null);
                rows.splice(to, 0, { item: row.item, key: k });
                ops.push({ kind: 'put', item: row.item, key: k, oldKey: row.key });
              }
            }
            expect(columns.apply(ops)).toBe(true);
          }
          rows = [...rows];
          const q: ListQuery = {
            sort,
            order,
            filters: [],
            where: w && parseWhere(JSON.stringify(w), FIELDS),
            offset,
            limit,
            language: 'en',
          };
          const picked = columns.select(q)!;
          expect(picked).toBeDefined();
          const byId = new Map(rows.map((r) => [r.item._id, r]));
          const items = await pageOf(
            picked,
            offset,
            limit,
            async (ids) => new Map(ids.filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!])),
            async (ids) => new Map(ids.filter((id) => byId.has(id)).map((id) => [id, byId.get(id)!.key])),
          );
          expect({ ids: items.map((i) => i._id), total: picked.total }).toEqual(plainPage(rows, q, w));
        },
      ),
      { numRuns: 300 },
    );
  });
});
