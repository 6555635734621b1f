import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SiteRow } from '../core/access.js';
import { isPostgres } from '../db/knex.js';
import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';
import { parseSiteDoc, type Collection, type Field, type Item, type SiteDoc } from '../model/document.js';
import { Columns, columnsFor, pageOf } from './columns.js';
import type { ListQuery } from './query.js';

/**
 * The data layer of the CMS (docs/decisions.md "CMS"): collections in `cms_collections`, items in
 * `cms_items`, and the items of recently used collections kept in memory, frozen, under the
 * collection's revision. Every write gives the collection a new random revision in its
 * transaction, so any process reading a revision it does not hold reloads, and a rolled-back
 * write can never leave a process trusting rows that were not committed.
 *
 * The site's document no longer holds collections: `hydrate` puts them back for the renderer, the
 * editor and versions. Documents written before (templates, older sites, versions) still carry
 * them inline; they count until the first write of the site moves them here (`storeMissing`).
 */

export interface Schema {
  id: string;
  name: string;
  icon: string;
  fields: Field[];
  position: number;
  revision: string;
  /** How many items the collection holds (kept with every write, so a summary needs no scan). */
  itemCount: number;
  /** Still inline in the site's document (not yet moved to the tables). */
  inline?: Collection;
}

/**
 * The items of one collection at one revision, in hand-sorted order, with their order keys
 * (fractional keys, compared as bytes: `keys[i]` belongs to `list[i]`). Never mutate.
 */
export interface ItemSet {
  revision: string;
  list: readonly Item[];
  keys: readonly string[];
  /** What queries work out once per revision: orders by a field, search texts (see query.ts). */
  memo: Map<string, unknown>;
}

/**
 * One item's change, as a write hands it to the cache after its commit: the item at its (new)
 * order key, found by its old key; or the item at `key` gone. `changed` names the fields an
 * update changed (the others' query work is kept).
 */
export type ItemOp =
  | { kind: 'put'; item: Item; key: string; oldKey?: string; changed?: ReadonlySet<string> }
  /** `id`: the deleted item's (the columns of large collections find it by id). */
  | { kind: 'delete'; key: string; id?: number };

interface CollectionRow {
  site_id: string;
  id: string;
  position: number;
  name: string;
  icon: string;
  fields: string;
  revision: string;
  item_count: number | string;
}

const newRevision = (): string => crypto.randomUUID();

/** The JSON of an item's row: text in both dialects (PostgreSQL's driver may hand back a parsed value). */
export const parseItem = (data: unknown): Item => (typeof data === 'string' ? (JSON.parse(data) as Item) : (data as Item));

// ------------------------------------------------------------------------------------------------
// Order keys

/** `count` keys after `after` (null: the first), in order. */
export const keysAfter = (after: string | null, count: number): string[] => (count ? generateNKeysBetween(after, null, count) : []);

/** A key between two neighbours (null: an end). */
export const keyBetween = (before: string | null, after: string | null): string => generateKeyBetween(before, after);

/** Where `key` is in sorted `keys` (-1 when absent). */
function findKey(keys: readonly string[], key: string): number {
  const at = lowerBound(keys, key);
  return at < keys.length && keys[at] === key ? at : -1;
}

/** The first place in sorted `keys` whose key is not below `key`. */
function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ------------------------------------------------------------------------------------------------
// Reading, through the in-memory item cache

/**
 * At most this many items are held in memory across collections; the least recently used go first.
 * A collection larger than `ContentStore.memoryItems` is never held for the CMS's lists: the
 * database pages, sorts and filters it (query-sql.ts).
 */
const CACHE_ITEMS = 200_000;
/** Changes waiting for a cached collection's next read; past this many its next read loads it again. */
const MAX_PENDING = 2_000;
const cacheKey = (siteId: string, collectionId: string) => `${siteId}\u0000${collectionId}`;
/** At most this many bytes of typed columns (columns.ts) are held across large collections; the least recently used go first. */
const COLUMN_BYTES = 160 * 1024 * 1024;

/** An item set from items in order; the items are frozen so a reader cannot change what others read. */
export function itemSet(revision: string, items: Item[], keys: string[]): ItemSet {
  for (const item of items) Object.freeze(item);
  return { revision, list: Object.freeze(items), keys: Object.freeze(keys), memo: new Map() };
}

/**
 * After an edit that kept every item in its place and changed only `changed` fields, what queries
 * worked out for the other fields still holds (memo keys are `<kind>:<field>:…`, see query.ts):
 * orders and columns of unchanged fields, and positions. Results and upsert indexes are dropped.
 */
export function carryMemo(from: ItemSet, to: ItemSet, changed: ReadonlySet<string>): void {
  for (const [key, value] of from.memo) {
    const [kind, field = ''] = key.split(':');
    const keep =
      kind === 'positions' ||
      ((kind === 'order' || kind === 'column') && !changed.has(field)) ||
      (kind === 'search' && field !== '*' && !changed.has(field));
    if (keep) to.memo.set(key, value);
  }
}

/**
 * A cached set with the changes of later writes applied: each is found by binary search on its key
 * and spliced in; unchanged items keep their identity (the renderer's incremental compile compares
 * them), and when every change kept its item's place the query work on untouched fields carries over.
 */
export function applyOps(set: ItemSet, ops: readonly ItemOp[], revision: string): ItemSet {
  const list = set.list.slice();
  const keys = set.keys.slice();
  let inPlace = true;
  const changed = new Set<string>();
  for (const op of ops) {
    if (op.kind === 'delete') {
      const at = findKey(keys, op.key);
      if (at >= 0) {
        list.splice(at, 1);
        keys.splice(at, 1);
      }
      inPlace = false;
      continue;
    }
    Object.freeze(op.item);
    const at = op.oldKey === undefined ? -1 : findKey(keys, op.oldKey);
    if (at >= 0 && op.oldKey === op.key && op.changed) {
      list[at] = op.item;
      for (const f of op.changed) changed.add(f);
      continue;
    }
    inPlace = false;
    if (at >= 0) {
      list.splice(at, 1);
      keys.splice(at, 1);
    }
    const to = lowerBound(keys, op.key);
    list.splice(to, 0, op.item);
    keys.splice(to, 0, op.key);
  }
  const next: ItemSet = { revision, list: Object.freeze(list), keys: Object.freeze(keys), memo: new Map() };
  if (inPlace) carryMemo(set, next, changed);
  return next;
}

const toSchema = (row: CollectionRow): Schema => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  fields: JSON.parse(row.fields) as Field[],
  position: Number(row.position),
  revision: row.revision,
  itemCount: Number(row.item_count),
});

/** The site's collections in order: the stored ones, then the inline ones of its document not stored yet. */
export async function schemasWith(db: Knex, siteId: string, inline: readonly Collection[]): Promise<Schema[]> {
  const rows = (await db('cms_collections').where({ site_id: siteId }).orderBy('position')) as CollectionRow[];
  const schemas = rows.map(toSchema);
  const taken = new Set(schemas.map((s) => s.id));
  let position = schemas.length;
  for (const c of inline) {
    if (taken.has(c.id)) continue;
    taken.add(c.id);
    schemas.push({
      id: c.id,
      name: c.name,
      icon: c.icon,
      fields: c.fields ?? [],
      position: position++,
      revision: 'inline',
      itemCount: (c.items ?? []).length,
      inline: c,
    });
  }
  return schemas;
}

/** Collections read from the tables: saving a document that holds them stores nothing (storeMissing). */
const fromTables = new WeakSet<Collection>();

interface Cached {
  /** The revision the set was read at, or that its pending changes bring it to. */
  revision: string;
  set: ItemSet;
  pending: ItemOp[];
}

/**
 * The items of the sites' collections as the readers (the editor, the renderer, versions, the CMS's
 * lists of small collections) see them, with the items of recently used collections kept in memory
 * under their revision. A write in this process hands its changes over (`changed`) and the next
 * read applies them in place of a reload; a write by another process changes the revision, which
 * a read notices and reloads. One instance per server, held by the services that read content.
 */
export class ContentStore {
  private readonly cache = new Map<string, Cached>();
  private cached = 0;
  /** Typed columns of large collections (columns.ts), most recently used last. */
  private readonly columns = new Map<string, Columns>();
  /** Collections up to this many items are listed from memory; larger ones by the database (or their columns). */
  memoryItems = 50_000;

  /**
   * A page of a large collection sorted by a number or a date and filtered on fields the columns
   * hold (columns.ts), or undefined when the database must answer (query-sql.ts).
   */
  async listByColumns(db: Knex, siteId: string, schema: Schema, q: ListQuery): Promise<{ items: Item[]; total: number } | undefined> {
    const fields = columnsFor(schema, q);
    if (!fields) return undefined;
    const columns = await this.columnsOf(db, siteId, schema, fields);
    const picked = columns?.select(q);
    if (!picked) return undefined;
    const items = await pageOf(
      picked,
      q.offset,
      q.limit,
      (ids) => itemsById(db, siteId, schema.id, ids),
      (ids) => keysById(db, siteId, schema.id, ids),
    );
    return { items, total: picked.total };
  }

  /** The collection's columns of these fields, current: built, completed or built again as needed. */
  private async columnsOf(db: Knex, siteId: string, schema: Schema, fields: readonly string[]): Promise<Columns | undefined> {
    const key = cacheKey(siteId, schema.id);
    const fieldsText = JSON.stringify(schema.fields);
    let held = this.columns.get(key);
    if (held && held.revision !== schema.revision && held.revision !== (await currentRevision(db, siteId, schema.id))) held = undefined;
    if (held && held.fieldsText !== fieldsText) held = undefined;
    if (!held) this.columns.delete(key);
    const revision = held?.revision ?? schema.revision;
    const missing = fields.filter((f) => !held?.has(f));
    if (missing.length) {
      if (!held) held = await Columns.load(db, siteId, schema, fields);
      else if (!(await held.add(db, siteId, schema, missing))) held = undefined;
      // A write while they were read: they may mix two revisions.
      if (held && (await currentRevision(db, siteId, schema.id)) !== revision) held = undefined;
      if (!held) {
        this.columns.delete(key);
        return undefined;
      }
    }
    this.columns.delete(key);
    this.columns.set(key, held!);
    let bytes = 0;
    for (const c of this.columns.values()) bytes += c.bytes;
    for (const [k, c] of this.columns) {
      if (bytes <= COLUMN_BYTES) break;
      bytes -= c.bytes;
      this.columns.delete(k);
    }
    return held;
  }

  /** The items of a collection, from memory when the revision is the one stored. */
  async itemsOf(db: Knex, siteId: string, schema: Schema): Promise<ItemSet> {
    if (schema.inline) {
      const items = (schema.inline.items ?? []).map((i) => ({ ...i }));
      return itemSet('inline', items, keysAfter(null, items.length));
    }
    const key = cacheKey(siteId, schema.id);
    const hit = this.recall(key, schema.revision);
    if (hit) return hit;
    const rows: { data: unknown; order_key: string }[] = await db('cms_items')
      .where({ site_id: siteId, collection_id: schema.id })
      .orderBy('order_key')
      .select('data', 'order_key');
    const set = itemSet(
      schema.revision,
      rows.map((r) => parseItem(r.data)),
      rows.map((r) => r.order_key),
    );
    this.remember(key, set);
    return set;
  }

  /** After a commit, the writer hands a whole new set over (a rewrite of every item). */
  rememberItems(siteId: string, collectionId: string, set: ItemSet): void {
    this.columns.delete(cacheKey(siteId, collectionId));
    this.remember(cacheKey(siteId, collectionId), set);
  }

  /**
   * After a commit, the writer hands over what it changed between two revisions: a held set at
   * `from` is brought to `to` at its next read. One held at another revision (another process
   * wrote between) is left as is: its next read sees the revision differ and loads again.
   */
  changed(siteId: string, collectionId: string, from: string, to: string, ops: readonly ItemOp[]): void {
    const key = cacheKey(siteId, collectionId);
    const columns = this.columns.get(key);
    if (columns) {
      if (columns.revision === from && columns.apply(ops)) columns.at(to);
      else this.columns.delete(key);
    }
    const entry = this.cache.get(key);
    if (!entry || entry.revision !== from) return;
    entry.revision = to;
    entry.pending.push(...ops);
    if (entry.pending.length > MAX_PENDING) this.drop(key);
  }

  /** A renamed collection's held items follow it. */
  renamed(siteId: string, from: string, to: string, revision: string): void {
    const entry = this.cache.get(cacheKey(siteId, from));
    this.columns.delete(cacheKey(siteId, from));
    this.columns.delete(cacheKey(siteId, to));
    this.drop(cacheKey(siteId, from));
    if (entry && entry.pending.length === 0) this.remember(cacheKey(siteId, to), { ...entry.set, revision });
  }

  /** The site's document with its collections, for the editor, the renderer and versions. */
  async hydrate(db: Knex, row: SiteRow): Promise<SiteDoc> {
    const doc = parseSiteDoc(row.data);
    doc.collections = await this.collectionsWith(db, row.id, Array.isArray(doc.collections) ? doc.collections : []);
    return doc;
  }

  /**
   * A document parsed earlier from the site's row at its current revision (the editor keeps the
   * last one of each site), with its collections read again: CMS writes do not change the revision.
   */
  async rehydrate(db: Knex, siteId: string, doc: SiteDoc): Promise<SiteDoc> {
    doc.collections = await this.collectionsWith(db, siteId, []);
    return doc;
  }

  /** The stored document of a site with its collections (tests and tools). */
  async loadSiteDoc(db: Knex, siteId: string): Promise<SiteDoc> {
    const row = (await db('sites').where({ id: siteId }).first()) as SiteRow;
    return this.hydrate(db, row);
  }

  private async collectionsWith(db: Knex, siteId: string, inline: readonly Collection[]): Promise<Collection[]> {
    const schemas = await schemasWith(db, siteId, inline);
    const out: Collection[] = [];
    // One at a time: inside a transaction SQLite has one connection, and a cache hit costs nothing.
    for (const s of schemas) {
      const c: Collection = {
        id: s.id,
        name: s.name,
        icon: s.icon,
        fields: s.fields,
        items: (await this.itemsOf(db, siteId, s)).list as Item[],
      };
      if (!s.inline) fromTables.add(c);
      out.push(c);
    }
    return out;
  }

  private drop(key: string): void {
    const old = this.cache.get(key);
    if (!old) return;
    this.cached -= old.set.list.length;
    this.cache.delete(key);
  }

  private remember(key: string, set: ItemSet): void {
    this.drop(key);
    if (set.list.length > CACHE_ITEMS) return;
    this.cache.set(key, { revision: set.revision, set, pending: [] });
    this.cached += set.list.length;
    for (const [k] of this.cache) {
      if (this.cached <= CACHE_ITEMS) break;
      this.drop(k);
    }
  }

  private recall(key: string, revision: string): ItemSet | undefined {
    const entry = this.cache.get(key);
    if (!entry || entry.revision !== revision) return undefined;
    if (entry.pending.length) {
      const set = applyOps(entry.set, entry.pending, revision);
      this.remember(key, set);
      return set;
    }
    // Most recently used last.
    this.cache.delete(key);
    this.cache.set(key, entry);
    return entry.set;
  }
}

// ------------------------------------------------------------------------------------------------
// Single rows (O(log n) each: the primary key or the order-key index)

const rowsOf = (db: Knex, siteId: string, collectionId: string) => db('cms_items').where({ site_id: siteId, collection_id: collectionId });

/** One item with its order key. */
export async function readItem(
  db: Knex,
  siteId: string,
  collectionId: string,
  itemId: number,
): Promise<{ item: Item; key: string } | undefined> {
  const row: { data: unknown; order_key: string } | undefined = await rowsOf(db, siteId, collectionId)
    .andWhere({ item_id: itemId })
    .first('data', 'order_key');
  return row && { item: parseItem(row.data), key: row.order_key };
}

/** The last item in hand order, with its key. */
export async function lastItem(db: Knex, siteId: string, collectionId: string): Promise<{ item: Item; key: string } | undefined> {
  const row: { data: unknown; order_key: string } | undefined = await rowsOf(db, siteId, collectionId)
    .orderBy('order_key', 'desc')
    .first('data', 'order_key');
  return row && { item: parseItem(row.data), key: row.order_key };
}

/** The items at hand-order places `offset` … `offset + count - 1`, with their keys. */
export async function itemsAt(db: Knex, siteId: string, collectionId: string, offset: number, count: number) {
  const rows: { data: unknown; order_key: string }[] = await rowsOf(db, siteId, collectionId)
    .orderBy('order_key')
    .offset(offset)
    .limit(count)
    .select('data', 'order_key');
  return rows.map((r) => ({ item: parseItem(r.data), key: r.order_key }));
}

/** The first key after `key` in hand order (null at the end). */
export async function keyAfter(db: Knex, siteId: string, collectionId: string, key: string): Promise<string | null> {
  const row: { order_key: string } | undefined = await rowsOf(db, siteId, collectionId)
    .andWhere('order_key', '>', key)
    .orderBy('order_key')
    .first('order_key');
  return row?.order_key ?? null;
}

/** The highest item id (0 when none). */
export async function maxItemId(db: Knex, siteId: string, collectionId: string): Promise<number> {
  const row = (await rowsOf(db, siteId, collectionId).max({ m: 'item_id' }).first()) as { m: number | string | null } | undefined;
  return row?.m === null || row?.m === undefined ? 0 : Number(row.m);
}

/** The items of these ids (missing ones left out). */
export async function itemsById(
  db: Knex,
  siteId: string,
  collectionId: string,
  ids: readonly number[],
): Promise<Map<number, { item: Item; key: string }>> {
  const out = new Map<number, { item: Item; key: string }>();
  for (let i = 0; i < ids.length; i += ROWS_PER_INSERT) {
    const rows: { item_id: number | string; data: unknown; order_key: string }[] = await rowsOf(db, siteId, collectionId)
      .whereIn('item_id', ids.slice(i, i + ROWS_PER_INSERT))
      .select('item_id', 'data', 'order_key');
    for (const r of rows) out.set(Number(r.item_id), { item: parseItem(r.data), key: r.order_key });
  }
  return out;
}

/** The order keys of these ids (missing ones left out). */
export async function keysById(db: Knex, siteId: string, collectionId: string, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += ROWS_PER_INSERT) {
    const rows: { item_id: number | string; order_key: string }[] = await rowsOf(db, siteId, collectionId)
      .whereIn('item_id', ids.slice(i, i + ROWS_PER_INSERT))
      .select('item_id', 'order_key');
    for (const r of rows) out.set(Number(r.item_id), r.order_key);
  }
  return out;
}

/** The collection's revision as stored now. */
async function currentRevision(db: Knex, siteId: string, collectionId: string): Promise<string | undefined> {
  const row: { revision: string } | undefined = await db('cms_collections').where({ site_id: siteId, id: collectionId }).first('revision');
  return row?.revision;
}

/** Every item of a collection in hand order with its key, read in one pass (a rewrite of every item needs them). */
export async function allItems(db: Knex, siteId: string, collectionId: string): Promise<{ list: Item[]; keys: string[] }> {
  const rows: { data: unknown; order_key: string }[] = await rowsOf(db, siteId, collectionId)
    .orderBy('order_key')
    .select('data', 'order_key');
  return { list: rows.map((r) => parseItem(r.data)), keys: rows.map((r) => r.order_key) };
}

// ------------------------------------------------------------------------------------------------
// Writing (always inside the caller's transaction)

const ROWS_PER_INSERT = 500;

/** SQLite's prepared insert of one item row, per connection. */
const insertStatements = new WeakMap<object, { run(...values: unknown[]): unknown }>();
const INSERT_ROW = 'INSERT INTO cms_items (site_id, collection_id, item_id, position, order_key, data) VALUES (?, ?, ?, 0, ?, ?)';
/** PostgreSQL rows per statement (three arrays of values). */
const ROWS_PER_ARRAY_INSERT = 10_000;

/**
 * Inserts items with their order keys the fastest way each dialect has: inside a transaction,
 * SQLite runs one prepared statement per row on the transaction's connection (no SQL built or
 * compiled per batch), PostgreSQL inserts thousands of rows per statement from three arrays.
 * `position` is not read any more: the hand order is `order_key` (migration 20261130S).
 */
export async function insertItems(
  trx: Knex,
  siteId: string,
  collectionId: string,
  items: readonly Item[],
  keys: readonly string[],
): Promise<void> {
  if (items.length === 0) return;
  if ((trx as { isTransaction?: boolean }).isTransaction && items.length > 1) {
    // The transaction's own connection (knex hands a transaction the one it runs on).
    const connection = await (trx.client as { acquireConnection(): Promise<object> }).acquireConnection();
    if (isPostgres(trx)) {
      const pg = connection as { query(text: string, values: unknown[]): Promise<unknown> };
      for (let i = 0; i < items.length; i += ROWS_PER_ARRAY_INSERT) {
        const batch = items.slice(i, i + ROWS_PER_ARRAY_INSERT);
        await pg.query(
          'INSERT INTO cms_items (site_id, collection_id, item_id, position, order_key, data) SELECT $1, $2, u.id, 0, u.k, u.d FROM unnest($3::int[], $4::text[], $5::text[]) AS u(id, k, d)',
          [siteId, collectionId, batch.map((item) => item._id), keys.slice(i, i + batch.length), batch.map((item) => JSON.stringify(item))],
        );
      }
      return;
    }
    let statement = insertStatements.get(connection);
    if (!statement) {
      statement = (connection as { prepare(sql: string): { run(...values: unknown[]): unknown } }).prepare(INSERT_ROW);
      insertStatements.set(connection, statement);
    }
    for (let i = 0; i < items.length; i++) statement.run(siteId, collectionId, items[i]!._id, keys[i]!, JSON.stringify(items[i]));
    return;
  }
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const rows = items.slice(i, i + ROWS_PER_INSERT).map((item, k) => ({
      site_id: siteId,
      collection_id: collectionId,
      item_id: item._id,
      position: 0,
      order_key: keys[i + k]!,
      data: JSON.stringify(item),
    }));
    await trx('cms_items').insert(rows);
  }
}

/** Writes new values of existing items (their keys unchanged unless given). */
export async function updateItems(
  trx: Knex,
  siteId: string,
  collectionId: string,
  items: readonly { item: Item; key: string }[],
): Promise<void> {
  if (items.length === 0) return;
  if (items.length <= 20) {
    for (const { item, key } of items) {
      await rowsOf(trx, siteId, collectionId)
        .andWhere({ item_id: item._id })
        .update({ data: JSON.stringify(item), order_key: key });
    }
    return;
  }
  // Many rows: delete and insert in batches, which both dialects do far faster than one update per row.
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const batch = items.slice(i, i + ROWS_PER_INSERT);
    await rowsOf(trx, siteId, collectionId)
      .whereIn(
        'item_id',
        batch.map((b) => b.item._id),
      )
      .delete();
    await insertItems(
      trx,
      siteId,
      collectionId,
      batch.map((b) => b.item),
      batch.map((b) => b.key),
    );
  }
}

/** Rewrites a whole collection's items in the given order (a sort by a field): new keys, answered. */
export async function rewriteItems(trx: Knex, siteId: string, collectionId: string, items: readonly Item[]): Promise<string[]> {
  await rowsOf(trx, siteId, collectionId).delete();
  const keys = keysAfter(null, items.length);
  await insertItems(trx, siteId, collectionId, items, keys);
  return keys;
}

/** A new revision for the collection, its item count moved by `added`, and any of its schema columns. */
export async function touchCollection(
  trx: Knex,
  siteId: string,
  id: string,
  now: number,
  patch: Partial<Pick<Schema, 'name' | 'icon' | 'fields'>> & { id?: string } = {},
  added = 0,
): Promise<string> {
  const revision = newRevision();
  const { fields, ...rest } = patch;
  await trx('cms_collections')
    .where({ site_id: siteId, id })
    .update({
      ...rest,
      ...(fields ? { fields: JSON.stringify(fields) } : {}),
      ...(added ? { item_count: trx.raw('item_count + ?', [added]) } : {}),
      revision,
      modified_at: now,
    });
  return revision;
}

/** Adds a collection with its items, last in the site's list; answers its revision and the items' keys. */
export async function insertCollection(
  trx: Knex,
  siteId: string,
  c: Collection,
  now: number,
): Promise<{ revision: string; keys: string[] }> {
  const last = (await trx('cms_collections').where({ site_id: siteId }).max({ p: 'position' }).first()) as { p: number | null } | undefined;
  const revision = newRevision();
  const items = c.items ?? [];
  await trx('cms_collections').insert({
    site_id: siteId,
    id: c.id,
    position: last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1,
    name: c.name,
    icon: c.icon,
    fields: JSON.stringify(c.fields ?? []),
    revision,
    item_count: items.length,
    created_at: now,
    modified_at: now,
  });
  const keys = keysAfter(null, items.length);
  await insertItems(trx, siteId, c.id, items, keys);
  return { revision, keys };
}

/**
 * Stores the collections of a document that the tables do not have yet (inline ones of an older
 * document, or those a new section brings). Existing collections are never overwritten from a
 * document: the tables are the truth.
 */
export async function storeMissing(trx: Knex, siteId: string, collections: readonly Collection[], now: number): Promise<void> {
  const candidates = (collections ?? []).filter((c) => !fromTables.has(c));
  if (!candidates.length) return;
  const stored: { id: string }[] = await trx('cms_collections').where({ site_id: siteId }).select('id');
  const have = new Set(stored.map((r) => r.id));
  for (const c of candidates) {
    if (have.has(c.id)) continue;
    have.add(c.id);
    await insertCollection(trx, siteId, c, now);
  }
}

/** Deletes every collection of the site (a version's reset stores the version's instead). */
export async function deleteCollections(trx: Knex, siteId: string): Promise<void> {
  await trx('cms_items').where({ site_id: siteId }).delete();
  await trx('cms_collections').where({ site_id: siteId }).delete();
}
