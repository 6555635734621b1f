import type { Knex } from 'knex';
import { isPostgres } from '../../db/knex.js';
import type { Item } from '../../model/document.js';
import { run, type Statement } from '../../db/prepared.js';

/**
 * Reads of single item rows and small sets of them (`cms_items`), O(log n) each through the
 * primary key or the order-key index: what a write needs of its neighbours, and what an engine
 * reads of a page's items by id.
 */

/** Ids per `IN (…)` list. */
const IDS_PER_READ = 500;

/** The JSON of an item's row: text in both dialects (PostgreSQL's driver may hand back a parsed value). */
export const parseItem = (data: unknown): Item => (typeof data === 'string' ? (JSON.parse(data) as Item) : (data as Item));

export const rowsOf = (db: Knex, siteId: string, collectionId: string) =>
  db('cms_items').where({ site_id: siteId, collection_id: collectionId });

const READ_ITEM: Statement = {
  name: 'cms_read_item',
  sqlite: 'SELECT data, order_key FROM cms_items WHERE site_id = ? AND collection_id = ? AND item_id = ?',
  pg: 'SELECT data, order_key FROM cms_items WHERE site_id = $1 AND collection_id = $2 AND item_id = $3',
};

/** An item with its hand-order key. */
export interface FoundItem {
  item: Item;
  key: string;
}

/** One item with its order key (a prepared statement: every write of one item reads it first). */
export async function readItem(db: Knex, siteId: string, collectionId: string, itemId: number): Promise<FoundItem | undefined> {
  const [row] = await run(db, READ_ITEM, [siteId, collectionId, itemId]);
  return row && { item: parseItem(row.data), key: row.order_key as string };
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
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const rows: { item_id: number | string; data: unknown; order_key: string }[] = await rowsOf(db, siteId, collectionId)
      .whereIn('item_id', ids.slice(i, i + IDS_PER_READ))
      .select('item_id', 'data', 'order_key');
    for (const r of rows) out.set(Number(r.item_id), { item: parseItem(r.data), key: r.order_key });
  }
  return out;
}

/** The order keys of these ids (missing ones left out). */
export async function keysById(db: Knex, siteId: string, collectionId: string, ids: readonly number[]): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  for (let i = 0; i < ids.length; i += IDS_PER_READ) {
    const rows: { item_id: number | string; order_key: string }[] = await rowsOf(db, siteId, collectionId)
      .whereIn('item_id', ids.slice(i, i + IDS_PER_READ))
      .select('item_id', 'order_key');
    for (const r of rows) out.set(Number(r.item_id), r.order_key);
  }
  return out;
}

/** Every item of a collection in hand order with its key, read in one pass. */
export async function allItems(db: Knex, siteId: string, collectionId: string): Promise<{ list: Item[]; keys: string[] }> {
  const rows: { data: unknown; order_key: string }[] = await rowsOf(db, siteId, collectionId)
    .orderBy('order_key')
    .select('data', 'order_key');
  return { list: rows.map((r) => parseItem(r.data)), keys: rows.map((r) => r.order_key) };
}

/** A field id as a JSON path step: ids are checked names, quotes are dropped all the same. */
export const step = (id: string) => `"${id.replace(/["\\]/g, '')}"`;

/** Whether an item of the collection holds this text as a field's value (a duplicate's free slug). */
export async function valueTaken(db: Knex, siteId: string, collectionId: string, field: string, value: string): Promise<boolean> {
  const q = rowsOf(db, siteId, collectionId);
  const hit: unknown = isPostgres(db)
    ? await q.andWhereRaw('(data::jsonb ->> CAST(? AS text)) = ?', [field, value]).first('item_id')
    : await q.andWhereRaw('json_extract(data, ?) = ?', [`$.${step(field)}`, value]).first('item_id');
  return Boolean(hit);
}
