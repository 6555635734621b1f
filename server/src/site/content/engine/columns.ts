import type { Knex } from 'knex';
import { isPostgres } from '../../../db/knex.js';
import type { Field, Item } from '../../../model/document.js';
import { kindOf, type Filter } from './filter.js';
import { SortedSlots, sortKey } from './sorted-slots.js';
import type { ItemOp, ListQuery, Schema } from './types.js';

/**
 * Typed columns of a large collection (docs/decisions/0050-cms-typed-columns.md): for the collections the
 * database lists (more than `ContentStore.memoryItems` items, planner.ts), the values of the number, date,
 * toggle and choice fields a list sorts or filters by, one Float64Array per field (8 bytes an
 * item), and per sorted field the items in that field's order (a list of sorted blocks, so a write
 * moves one entry in one block: O(log n + block)). A page sorted by a number or a date under
 * filters on such fields is then a walk over the sorted range in memory, counting every match
 * exactly, and only the page's items (with the order keys of values that tie at its edges) are
 * read from the database by id. Columns are built on the first query that needs them, updated in
 * place by this process's writes (`apply`), and built again when another process changed the
 * collection (its revision differs) or its fields changed.
 *
 * A column serves only when it can answer exactly what the in-memory engine (memory.ts, filter.ts)
 * answers: numbers are finite numbers, dates are `YYYY-MM-DD` (whose order as text is the order of
 * the number YYYYMMDD), toggles are true or false, choices are among the field's categories, and
 * empty is missing, null, "" or []. Any other value, a localized field, a search, a text sort or
 * operator (contains, startsWith, the older `filter=`) leaves the query to sql.ts.
 */

/** How a column holds its field's values. */
type ColumnKind = 'number' | 'date' | 'boolean' | 'enum';

/** Equal sort keys at the page's edges read their order keys; past this many, the database answers. */
const TIES_READ = 5_000;
/** Rows read per statement while building. */
const LOAD_ROWS = 20_000;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The column kind of a field (or `_id`), if it has one. */
function columnKind(field: Field | undefined, id: string): ColumnKind | undefined {
  if (id !== '_id' && (!field || field.localizable)) return undefined;
  const kind = kindOf(field, id);
  return kind === 'number' || kind === 'date' || kind === 'boolean' || kind === 'enum' ? kind : undefined;
}

/** A date as written (`YYYY-MM-DD`) as a number in the same order; undefined for any other text. */
function dateCode(v: string): number | undefined {
  const m = DATE.exec(v);
  return m ? Number(`${m[1]}${m[2]}${m[3]}`) : undefined;
}

/** How one field's values become numbers: NaN for empty, undefined when a value cannot be held exactly. */
function encoder(kind: ColumnKind, field: Field | undefined): (v: unknown) => number | undefined {
  const options = Array.isArray(field?.options) ? (field.options as unknown[]).map(String) : [];
  return (v) => {
    if (v === undefined || v === null || v === '') return NaN;
    if (Array.isArray(v)) return v.length === 0 ? NaN : undefined;
    switch (kind) {
      case 'number':
        return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
      case 'date':
        return typeof v === 'string' ? dateCode(v) : undefined;
      case 'boolean':
        return v === true ? 1 : v === false ? 0 : undefined;
      case 'enum': {
        const at = typeof v === 'string' ? options.indexOf(v) : -1;
        return at < 0 ? undefined : at;
      }
    }
  };
}

/** Everything the columns of one collection hold. */
export class Columns {
  /** Item id of each slot (-1: deleted). */
  private ids: Int32Array;
  /** Slot + 1 of each item id (0: none). */
  private slotOf: Int32Array;
  private used: number;
  private readonly values = new Map<string, Float64Array>();
  private readonly encoders = new Map<string, (v: unknown) => number | undefined>();
  private readonly orders = new Map<string, SortedSlots>();

  private constructor(
    readonly revision: string,
    readonly fieldsText: string,
    ids: Int32Array,
  ) {
    this.ids = ids;
    this.used = ids.length;
    let max = 0;
    for (const id of ids) if (id > max) max = id;
    this.slotOf = new Int32Array(max + 1);
    ids.forEach((id, slot) => (this.slotOf[id] = slot + 1));
  }

  /** Item ids this dense are held by slot; a collection with far sparser ids is left to the database. */
  static fits(count: number, maxId: number): boolean {
    return maxId <= count * 4 + 65_536;
  }

  /** Which fields have columns. */
  has(field: string): boolean {
    return this.values.has(field);
  }

  /** How many bytes the columns hold (for the store's bound). */
  get bytes(): number {
    let n = this.ids.byteLength + this.slotOf.byteLength;
    for (const v of this.values.values()) n += v.byteLength;
    n += this.orders.size * this.ids.length * 6;
    return n;
  }

  /** Builds the columns of `fields` from the database; undefined when a value cannot be held exactly or the ids are too sparse. */
  static async load(db: Knex, siteId: string, schema: Schema, fields: readonly string[]): Promise<Columns | undefined> {
    const loaded = await readColumns(db, siteId, schema, fields);
    return loaded && Columns.of(schema, loaded.ids, loaded.values);
  }

  /** Columns of items already read: their ids and, per field, their values' codes (slot by slot). */
  static of(schema: Schema, ids: Int32Array, values: ReadonlyMap<string, Float64Array>): Columns {
    const columns = new Columns(schema.revision, JSON.stringify(schema.fields), ids);
    for (const [field, column] of values) {
      columns.values.set(field, column);
      columns.encoders.set(field, encoderOf(schema, field)!);
    }
    return columns;
  }

  /** The items of a collection as columns of `fields` (tests and tools; undefined when one cannot be held). */
  static from(schema: Schema, items: readonly Item[], fields: readonly string[]): Columns | undefined {
    const ids = Int32Array.from(items, (item) => item._id);
    const values = new Map<string, Float64Array>();
    for (const field of fields) {
      const encode = encoderOf(schema, field);
      if (!encode) return undefined;
      const column = new Float64Array(items.length);
      for (let k = 0; k < items.length; k++) {
        const code = encode(field === '_id' ? items[k]!._id : items[k]![field]);
        if (code === undefined) return undefined;
        column[k] = code;
      }
      values.set(field, column);
    }
    let max = 0;
    for (const id of ids) max = Math.max(max, id);
    return Columns.fits(items.length, max) ? Columns.of(schema, ids, values) : undefined;
  }

  /** Adds columns for more fields (read at the same revision); false when one cannot be held. */
  async add(db: Knex, siteId: string, schema: Schema, fields: readonly string[]): Promise<boolean> {
    const loaded = await readColumns(db, siteId, schema, fields);
    if (!loaded) return false;
    for (const [field, values] of loaded.values) {
      const column = new Float64Array(this.ids.length).fill(NaN);
      loaded.ids.forEach((id, k) => {
        const slot = id < this.slotOf.length ? this.slotOf[id]! - 1 : -1;
        if (slot >= 0) column[slot] = values[k]!;
      });
      this.values.set(field, column);
      this.encoders.set(field, encoderOf(schema, field)!);
    }
    return true;
  }

  private order(field: string): SortedSlots {
    let order = this.orders.get(field);
    if (!order) {
      const live: number[] = [];
      for (let s = 0; s < this.used; s++) if (this.ids[s]! >= 0) live.push(s);
      order = new SortedSlots(() => this.values.get(field)!, Int32Array.from(live));
      this.orders.set(field, order);
    }
    return order;
  }

  /**
   * A write of this process, after its commit: each item's values moved in every column and
   * order. False when a value cannot be held (the caller drops the columns).
   */
  apply(ops: readonly ItemOp[]): boolean {
    for (const op of ops) {
      if (op.kind === 'delete') {
        if (op.id === undefined) return false;
        const slot = op.id < this.slotOf.length ? this.slotOf[op.id]! - 1 : -1;
        if (slot < 0) continue;
        for (const order of this.orders.values()) order.remove(slot);
        for (const column of this.values.values()) column[slot] = NaN;
        this.ids[slot] = -1;
        this.slotOf[op.id] = 0;
        continue;
      }
      const item = op.item;
      const id = item._id;
      if (!Number.isSafeInteger(id) || id < 1) return false;
      let slot = id < this.slotOf.length ? this.slotOf[id]! - 1 : -1;
      const codes = new Map<string, number>();
      for (const [field, encode] of this.encoders) {
        const code = encode(field === '_id' ? id : item[field]);
        if (code === undefined) return false;
        codes.set(field, code);
      }
      if (slot < 0) {
        if (!Columns.fits(this.used + 1, id)) return false;
        slot = this.newSlot(id);
        for (const [field, column] of this.values) column[slot] = codes.get(field)!;
        for (const order of this.orders.values()) order.insert(slot);
        continue;
      }
      for (const [field, column] of this.values) {
        const code = codes.get(field)!;
        if (Object.is(column[slot], code)) continue;
        const order = this.orders.get(field);
        order?.remove(slot);
        column[slot] = code;
        order?.insert(slot);
      }
    }
    return true;
  }

  private newSlot(id: number): number {
    if (this.used === this.ids.length) {
      const size = Math.max(16, Math.ceil(this.ids.length * 1.25));
      const ids = new Int32Array(size).fill(-1);
      ids.set(this.ids);
      this.ids = ids;
      for (const [field, column] of this.values) {
        const grown = new Float64Array(size).fill(NaN);
        grown.set(column);
        this.values.set(field, grown);
      }
    }
    if (id >= this.slotOf.length) {
      const grown = new Int32Array(Math.max(id + 1, Math.ceil(this.slotOf.length * 1.25)));
      grown.set(this.slotOf);
      this.slotOf = grown;
    }
    const slot = this.used++;
    this.ids[slot] = id;
    this.slotOf[id] = slot + 1;
    return slot;
  }

  /** Another revision of the same collection: what this process's write brought it to. */
  at(revision: string): Columns {
    (this as { revision: string }).revision = revision;
    return this;
  }

  /**
   * The matches of a sorted, filtered query: the ids of every match whose sort key ties with the
   * page's edges or lies between them, in order up to ties (`groups` marks where a run of equal
   * keys starts), with the place of the first of them among all matches, and the total.
   */
  select(q: ListQuery): { candidates: number[]; starts: boolean[]; first: number; total: number } | undefined {
    const sort = q.sort!;
    const v = this.values.get(sort)!;
    const order = this.order(sort);
    const all = order.length;
    const filled = order.rank(Infinity, false);
    // The range of the sort field the top-level conditions allow: those conditions need no test.
    let from = 0;
    let to = all;
    const bounds = new Set<Filter>();
    for (const c of topConditions(q.where)) {
      if (c.field !== sort || !('value' in c) || typeof c.value === 'boolean') continue;
      const code = this.encoders.get(sort)!(c.value);
      if (code === undefined || code !== code) continue;
      if (c.op === 'gt' || c.op === 'gte' || c.op === 'eq') from = Math.max(from, order.rank(code, c.op === 'gt'));
      if (c.op === 'lt' || c.op === 'lte' || c.op === 'eq') to = Math.min(to, order.rank(code, c.op !== 'lt'));
      if (c.op === 'gt' || c.op === 'gte' || c.op === 'eq' || c.op === 'lt' || c.op === 'lte') bounds.add(c);
    }
    // An empty value never compares.
    if (bounds.size) to = Math.min(to, filled);
    const test = q.where ? this.predicate(q.where, bounds) : null;
    if (test === undefined) return undefined;
    // The walked range, in the page's order: descending walks the values backwards, empty ones last.
    let pool: Int32Array;
    if (q.order === 'desc') {
      const filledPart = order.slice(from, Math.min(to, filled)).reverse();
      const empty = order.slice(Math.max(from, filled), to);
      pool = new Int32Array(filledPart.length + empty.length);
      pool.set(filledPart);
      pool.set(empty, filledPart.length);
    } else pool = order.slice(from, to);
    let matches = pool;
    let n = pool.length;
    if (test) {
      matches = new Int32Array(pool.length);
      n = 0;
      const ranges = this.ranges(q.where!, bounds);
      if (ranges) {
        // Comparisons only (the usual "between" filters): one tight loop, no call per item.
        for (let k = 0; k < pool.length; k++) {
          const slot = pool[k]!;
          let ok = true;
          for (const r of ranges) {
            const x = r.column[slot]!;
            if (!(r.loOpen ? x > r.lo : x >= r.lo) || !(r.hiOpen ? x < r.hi : x <= r.hi)) {
              ok = false;
              break;
            }
          }
          if (ok) matches[n++] = slot;
        }
      } else for (let k = 0; k < pool.length; k++) if (test(pool[k]!)) matches[n++] = pool[k]!;
    }

    const end = Math.min(n, q.offset + q.limit);
    if (q.offset >= end) return { candidates: [], starts: [], first: q.offset, total: n };
    const key = (k: number) => sortKey(v[matches[k]!]!);
    let a = q.offset;
    while (a > 0 && key(a - 1) === key(q.offset)) a--;
    let b = end;
    while (b < n && key(b) === key(end - 1)) b++;
    if (b - a > TIES_READ) return undefined;
    const candidates: number[] = [];
    const starts: boolean[] = [];
    for (let k = a; k < b; k++) {
      candidates.push(this.ids[matches[k]!]!);
      starts.push(k === a || key(k) !== key(k - 1));
    }
    return { candidates, starts, first: a, total: n };
  }

  /**
   * A filter that is only comparisons (lt, lte, gt, gte, eq) of number or date columns under
   * `and`, as one range per condition; undefined for anything else.
   */
  private ranges(
    f: Filter,
    bounds: ReadonlySet<Filter>,
  ): { column: Float64Array; lo: number; hi: number; loOpen: boolean; hiOpen: boolean }[] | undefined {
    // `or` and `not` are not comparisons (topConditions leaves them out): count what it kept.
    const all = (x: Filter): number => ('and' in x ? x.and.reduce((n, y) => n + all(y), 0) : 1);
    const top = topConditions(f);
    if (all(f) !== top.length) return undefined;
    const out: { column: Float64Array; lo: number; hi: number; loOpen: boolean; hiOpen: boolean }[] = [];
    for (const c of top) {
      if (bounds.has(c)) continue;
      const column = this.values.get(c.field);
      if (!column || !('value' in c) || (c.kind !== 'number' && c.kind !== 'date')) return undefined;
      const code = this.encoders.get(c.field)!(c.value);
      if (code === undefined || code !== code) return undefined;
      if (c.op === 'eq') out.push({ column, lo: code, hi: code, loOpen: false, hiOpen: false });
      else if (c.op === 'gt' || c.op === 'gte') out.push({ column, lo: code, hi: Infinity, loOpen: c.op === 'gt', hiOpen: true });
      else if (c.op === 'lt' || c.op === 'lte') out.push({ column, lo: -Infinity, hi: code, loOpen: true, hiOpen: c.op === 'lt' });
      else return undefined;
    }
    return out;
  }

  /**
   * A filter as a test of a slot: null when it always holds (its conditions are `bounds`, which
   * the range walked already meets), undefined when a condition is not one the columns answer.
   */
  private predicate(f: Filter, bounds: ReadonlySet<Filter>): ((slot: number) => boolean) | null | undefined {
    if (bounds.has(f)) return null;
    if ('and' in f || 'or' in f) {
      const parts = ('and' in f ? f.and : f.or).map((x) => this.predicate(x, bounds));
      if (parts.some((p) => p === undefined)) return undefined;
      // Only top-level conditions are bounds, so an `or` never holds one.
      const tests = parts.filter((p): p is (slot: number) => boolean => p !== null);
      if (tests.length === 0) return null;
      if (tests.length === 1) return tests[0]!;
      if ('or' in f) return (s) => tests.some((t) => t(s));
      if (tests.length === 2) {
        const [x, y] = tests as [(slot: number) => boolean, (slot: number) => boolean];
        return (s) => x(s) && y(s);
      }
      return (s) => {
        for (const t of tests) if (!t(s)) return false;
        return true;
      };
    }
    if ('not' in f) {
      const part = this.predicate(f.not, bounds);
      if (part === undefined) return undefined;
      return part === null ? () => false : (s) => !part(s);
    }
    const column = this.values.get(f.field);
    const encode = this.encoders.get(f.field);
    if (!column || !encode || f.op === 'is' || f.op === 'contains' || f.op === 'startsWith') return undefined;
    if (f.op === 'empty') return (s) => column[s] !== column[s];
    if (f.op === 'notEmpty') return (s) => column[s] === column[s];
    if (f.kind === 'boolean') {
      // A missing toggle is off (filter.ts): eq true is "is on", eq false "is not on".
      const on = (f as { value: unknown }).value === true;
      return (f.op === 'eq') === on ? (s) => column[s] === 1 : (s) => column[s] !== 1;
    }
    const raw = 'values' in f ? f.values : [(f as { value: unknown }).value];
    const codes: number[] = [];
    for (const x of raw) {
      const code = encode(x);
      // A value outside what the column holds (a date not written YYYY-MM-DD): the database compares it.
      if (code === undefined || code !== code) return undefined;
      codes.push(code);
    }
    const w = codes[0]!;
    switch (f.op) {
      case 'eq':
        return (s) => column[s] === w;
      case 'neq':
        return (s) => column[s] !== w;
      case 'lt':
        return (s) => column[s]! < w;
      case 'lte':
        return (s) => column[s]! <= w;
      case 'gt':
        return (s) => column[s]! > w;
      case 'gte':
        return (s) => column[s]! >= w;
      case 'in':
        return (s) => codes.includes(column[s]!);
      case 'nin':
        return (s) => !codes.includes(column[s]!);
    }
    return undefined;
  }
}

/** The conditions that must all hold at the top of a filter. */
function topConditions(f: Filter | undefined): Extract<Filter, { op: string }>[] {
  if (!f) return [];
  if ('and' in f) return f.and.flatMap(topConditions);
  if ('or' in f || 'not' in f) return [];
  return [f];
}

function encoderOf(schema: Schema, id: string): ((v: unknown) => number | undefined) | undefined {
  const field = schema.fields.find((f) => f.id === id);
  const kind = columnKind(field, id);
  return kind && encoder(kind, field);
}

/** The fields a query needs columns of, or undefined when columns cannot answer it. */
export function columnsFor(schema: Schema, q: ListQuery): string[] | undefined {
  if (!q.sort || q.search) return undefined;
  const sortField = schema.fields.find((f) => f.id === q.sort);
  const sortKind = columnKind(sortField, q.sort);
  if (sortKind !== 'number' && sortKind !== 'date') return undefined;
  const fields = new Set([q.sort]);
  const walk = (f: Filter): boolean => {
    if ('and' in f) return f.and.every(walk);
    if ('or' in f) return f.or.every(walk);
    if ('not' in f) return walk(f.not);
    if (
      !columnKind(
        schema.fields.find((x) => x.id === f.field),
        f.field,
      )
    )
      return false;
    fields.add(f.field);
    return true;
  };
  if (q.where && !walk(q.where)) return undefined;
  return [...fields];
}

/** Every live item's id and the codes of these fields, read in id order a slice at a time. */
async function readColumns(
  db: Knex,
  siteId: string,
  schema: Schema,
  fields: readonly string[],
): Promise<{ ids: Int32Array; values: Map<string, Float64Array> } | undefined> {
  const pg = isPostgres(db);
  const encoders = fields.map((f) => encoderOf(schema, f));
  if (encoders.some((e) => !e)) return undefined;
  const stored = fields.filter((f) => f !== '_id');
  const step = (id: string) => `"${id.replace(/["\\]/g, '')}"`;
  const select = [
    'item_id',
    ...stored.map((f, k) => {
      const kind = columnKind(
        schema.fields.find((x) => x.id === f),
        f,
      );
      // SQLite's json_extract answers true as 1: toggles are read by their JSON type.
      if (pg) return `(data::jsonb -> '${f.replace(/'/g, "''")}') AS c${k}`;
      return kind === 'boolean' ? `json_type(data, '$.${step(f)}') AS c${k}` : `json_extract(data, '$.${step(f)}') AS c${k}`;
    }),
  ].join(', ');
  // Typed from the start (sized by the collection's count, grown if it grew): no list of a million numbers.
  let capacity = Math.max(16, schema.itemCount);
  let ids = new Int32Array(capacity);
  let codes = stored.map(() => new Float64Array(capacity));
  const kinds = stored.map((f) =>
    columnKind(
      schema.fields.find((x) => x.id === f),
      f,
    ),
  );
  const encode = stored.map((f) => encoders[fields.indexOf(f)]!);
  let n = 0;
  let after = 0;
  for (;;) {
    const answer = (await db.raw(
      `SELECT ${select} FROM cms_items WHERE site_id = ? AND collection_id = ? AND item_id > ? ORDER BY item_id LIMIT ?`,
      [siteId, schema.id, after, LOAD_ROWS],
    )) as unknown;
    const rows = (pg ? (answer as { rows: Record<string, unknown>[] }).rows : answer) as Record<string, unknown>[];
    if (n + rows.length > capacity) {
      capacity = Math.ceil((n + rows.length) * 1.25);
      const grown = new Int32Array(capacity);
      grown.set(ids);
      ids = grown;
      codes = codes.map((c) => {
        const more = new Float64Array(capacity);
        more.set(c);
        return more;
      });
    }
    for (const row of rows) {
      ids[n] = Number(row.item_id);
      for (let k = 0; k < stored.length; k++) {
        let raw = row[`c${k}`];
        if (!pg && raw !== null) {
          if (kinds[k] === 'boolean') raw = raw === 'true' ? true : raw === 'false' ? false : raw === 'null' ? null : 'other';
          // A list or an object comes back as JSON text: only an empty list is empty.
          else if (typeof raw === 'string' && (raw.startsWith('[') || raw.startsWith('{'))) raw = raw === '[]' ? [] : [raw];
        }
        const code = encode[k]!(raw);
        if (code === undefined) return undefined;
        codes[k]![n] = code;
      }
      n++;
    }
    if (rows.length < LOAD_ROWS) break;
    after = ids[n - 1]!;
  }
  let max = 0;
  for (let i = 0; i < n; i++) if (ids[i]! > max) max = ids[i]!;
  if (!Columns.fits(n, max)) return undefined;
  const values = new Map<string, Float64Array>();
  stored.forEach((f, k) => values.set(f, codes[k]!.slice(0, n)));
  const live = ids.slice(0, n);
  if (fields.includes('_id')) values.set('_id', Float64Array.from(live));
  return { ids: live, values };
}

/** The page's items from the candidates: runs of equal sort keys put in hand order (their order keys), then read by id. */
export async function pageOf(
  picked: { candidates: number[]; starts: boolean[]; first: number },
  offset: number,
  limit: number,
  readItems: (ids: readonly number[]) => Promise<Map<number, { item: Item; key: string }>>,
  readKeys: (ids: readonly number[]) => Promise<Map<number, string>>,
): Promise<Item[]> {
  const { candidates, starts } = picked;
  let ordered = candidates;
  let found: Map<number, { item: Item; key: string }> | undefined;
  if (starts.some((s, k) => k > 0 && !s)) {
    let keys: Map<number, string>;
    if (candidates.length <= limit * 3) {
      found = await readItems(candidates);
      keys = new Map([...found].map(([id, x]) => [id, x.key]));
    } else keys = await readKeys(candidates);
    ordered = [];
    for (let k = 0; k < candidates.length;) {
      let e = k + 1;
      while (e < candidates.length && !starts[e]) e++;
      const run = candidates.slice(k, e);
      if (run.length > 1) run.sort((x, y) => ((keys.get(x) ?? '') < (keys.get(y) ?? '') ? -1 : 1));
      ordered.push(...run);
      k = e;
    }
  }
  const page = ordered.slice(offset - picked.first, offset - picked.first + limit);
  if (!found) found = await readItems(page);
  return page.flatMap((id) => {
    const hit = found.get(id);
    return hit ? [hit.item] : [];
  });
}
