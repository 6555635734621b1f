import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isPostgres } from '../../db/knex.js';
import type * as pgCopyStreams from 'pg-copy-streams';
import type { CopyStreamQuery } from 'pg-copy-streams';
import { lazyRequire } from '../../core/lazy.js';
import type { Collection, Item } from '../../model/document.js';
import { searchText } from './engine/filter.js';
import type { Schema } from './engine/types.js';
import { keysAfter } from './keys.js';
import { connectionOf, run, sqliteStatement, type Statement } from '../../db/prepared.js';
import { rowsOf } from './rows.js';
import { fromTables } from './schemas.js';

/** The COPY streams of the PostgreSQL driver, loaded on the first bulk import. */
const copyStreams = lazyRequire<typeof pgCopyStreams>('pg-copy-streams');

/**
 * Writes of collections and items, always inside the caller's transaction. Every write gives the
 * collection a new random revision (`touchCollection`), so any process reading a revision it does
 * not hold reloads, and a rolled-back write can never leave a process trusting rows that were not
 * committed. After the commit the writer hands its change to the ContentStore (store.ts `changed`).
 */

const newRevision = (): string => crypto.randomUUID();

/**
 * SQLite's full-text index of the items' search texts (the FTS5 table `cms_items_search`, migration
 * 20261202E), kept by these writes in their own transaction. Not by triggers: FTS5 written from a
 * trigger took 12 times as long per row as the same rows written by one statement (about 4,400 rows
 * a second against 56,000 for the rows alone), so a bulk write adds its rows to the index in one
 * statement after inserting them. A row deleted without these (a site's rows when the site is
 * deleted) leaves index entries that match no row: the search joins them to nothing.
 *
 * Only the items of collections past `searchIndex.from` items (the tests lower it) are in the index (`search_indexed`, issue 32,
 * docs/decisions/0089): smaller ones are listed from memory (ContentStore.memoryItems) and a search the
 * SQL engine runs over them reads their rows, so their writes pay nothing for the index. Every statement
 * below reads the flag: an entry is added and dropped only for a collection in the index (dropping one
 * that was never added would corrupt FTS5's external-content index).
 *
 * PostgreSQL keeps its pg_trgm index itself, with each write of a row, but only of the rows whose own
 * `search_indexed` is true (a partial index, migration 20261204A, docs/decisions/0100): a row takes its
 * collection's flag when it is written, and a collection joining the index sets it on all its rows.
 */
export const searchIndex = { from: 50_000 };
const INDEXED = '(SELECT search_indexed FROM cms_collections WHERE site_id = ? AND id = ?)';
const FTS_ADD_SINCE: Statement = {
  name: 'cms_fts_add_since',
  sqlite: `INSERT INTO cms_items_search (rowid, search) SELECT rowid, search FROM cms_items WHERE rowid > ? AND search IS NOT NULL AND ${INDEXED}`,
  pg: '',
};
const FTS_ADD_ITEM: Statement = {
  name: 'cms_fts_add_item',
  sqlite: `INSERT INTO cms_items_search (rowid, search) SELECT rowid, search FROM cms_items WHERE site_id = ? AND collection_id = ? AND item_id = ? AND search IS NOT NULL AND ${INDEXED}`,
  pg: '',
};
const FTS_DROP_ITEM: Statement = {
  name: 'cms_fts_drop_item',
  sqlite: `INSERT INTO cms_items_search (cms_items_search, rowid, search) SELECT 'delete', rowid, search FROM cms_items WHERE site_id = ? AND collection_id = ? AND item_id = ? AND search IS NOT NULL AND ${INDEXED}`,
  pg: '',
};
const FTS_ADD_COLLECTION: Statement = {
  name: 'cms_fts_add_collection',
  sqlite:
    'INSERT INTO cms_items_search (rowid, search) SELECT rowid, search FROM cms_items WHERE site_id = ? AND collection_id = ? AND search IS NOT NULL',
  pg: '',
};
const MARK_INDEXED: Statement = {
  name: 'cms_mark_search_indexed',
  sqlite: 'UPDATE cms_collections SET search_indexed = 1 WHERE site_id = ? AND id = ?',
  pg: 'UPDATE cms_collections SET search_indexed = true WHERE site_id = $1 AND id = $2',
};
const MARK_ROWS_INDEXED: Statement = {
  name: 'cms_mark_rows_search_indexed',
  sqlite: '',
  pg: 'UPDATE cms_items SET search_indexed = true WHERE site_id = $1 AND collection_id = $2 AND NOT search_indexed',
};
/**
 * PostgreSQL: a new row's `search_indexed`, its collection's (the statement's $1 and $2). Cast as the
 * columns they are written to: a comparison alone would deduce `text`, and PostgreSQL refuses two
 * types for one parameter.
 */
const ROW_INDEXED_PG = '(SELECT search_indexed FROM cms_collections WHERE site_id = $1::varchar AND id = $2::varchar)';
const COLLECTION_INDEXED: Statement = {
  name: 'cms_collection_search_indexed',
  sqlite: '',
  pg: `SELECT ${ROW_INDEXED_PG} AS indexed`,
};
/** PostgreSQL: whether rows written now into the collection go into the trigram index (its flag). */
const collectionIndexed = async (db: Knex, siteId: string, collectionId: string): Promise<boolean> =>
  (await run(db, COLLECTION_INDEXED, [siteId, collectionId]))[0]?.indexed === true;

/**
 * A collection that has grown past `searchIndex.from` items (an import, an insert) joins the search
 * index: on SQLite all its rows go into the full-text table in one statement, on PostgreSQL all its
 * rows are marked, which puts them in the partial trigram index. Called before an import inserts its
 * rows, which then join as they are written. Answers whether it did.
 */
export async function indexWhenLarge(trx: Knex, siteId: string, schema: Schema, count: number): Promise<boolean> {
  if (schema.searchIndexed || schema.inline || count <= searchIndex.from) return false;
  await run(trx, isPostgres(trx) ? MARK_ROWS_INDEXED : FTS_ADD_COLLECTION, [siteId, schema.id]);
  await run(trx, MARK_INDEXED, [siteId, schema.id]);
  schema.searchIndexed = true;
  return true;
}
const LAST_ROWID: Statement = { name: 'cms_last_rowid', sqlite: 'SELECT COALESCE(MAX(rowid), 0) AS r FROM cms_items', pg: '' };

/** SQLite: the highest rowid of the items, before a bulk insert (the rows it adds come after it). */
async function lastRowid(db: Knex): Promise<number | undefined> {
  if (isPostgres(db)) return undefined;
  return Number((await run(db, LAST_ROWID, []))[0]!.r);
}

/** SQLite: the rows of the collection inserted after `rowid` into the full-text index (when it is indexed), in one statement. */
async function indexSince(db: Knex, rowid: number | undefined, siteId: string, collectionId: string): Promise<void> {
  if (rowid !== undefined) await run(db, FTS_ADD_SINCE, [rowid, siteId, collectionId]);
}

/** SQLite: rows about to be deleted (or to have their search text rewritten) out of the full-text index. */
async function unindex(db: Knex, siteId: string, collectionId?: string, itemIds?: readonly number[]): Promise<void> {
  if (isPostgres(db)) return;
  const where = ['site_id = ?', ...(collectionId === undefined ? [] : ['collection_id = ?'])];
  const bindings: Knex.RawBinding[] = [siteId, ...(collectionId === undefined ? [] : [collectionId])];
  if (itemIds) {
    where.push(`item_id IN (${itemIds.map(() => '?').join(', ')})`);
    bindings.push(...itemIds);
  }
  await db.raw(
    `INSERT INTO cms_items_search (cms_items_search, rowid, search) SELECT 'delete', rowid, search FROM cms_items WHERE ${where.join(' AND ')} AND search IS NOT NULL AND (SELECT search_indexed FROM cms_collections c WHERE c.site_id = cms_items.site_id AND c.id = cms_items.collection_id)`,
    bindings,
  );
}

/** Rows per multi-row INSERT (knex) and per batch of a many-row update. */
const ROWS_PER_INSERT = 500;
/** PostgreSQL: fewer rows than this go in one INSERT from arrays; more are streamed with COPY. */
const COPY_FROM = 2_000;

const INSERT_ROW: Statement = {
  name: 'cms_insert_item',
  sqlite: 'INSERT INTO cms_items (site_id, collection_id, item_id, position, order_key, data, search) VALUES (?, ?, ?, 0, ?, ?, ?)',
  pg: '', // PostgreSQL inserts rows with their search_indexed: ITEM_WRITES, INSERT_ARRAYS, copyItems
};
const INSERT_ARRAYS = `INSERT INTO cms_items (site_id, collection_id, item_id, position, order_key, data, search, search_indexed) SELECT $1::varchar, $2::varchar, u.id, 0, u.k, u.d, u.s, ${ROW_INDEXED_PG} FROM unnest($3::int[], $4::text[], $5::text[], $6::text[]) AS u(id, k, d, s)`;

/** A value in COPY's text format: backslash, tab, newline and carriage return escaped. */
const copyText = (v: string) =>
  /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : v;

/** PostgreSQL's bulk path: the rows streamed to COPY … FROM STDIN on the transaction's connection, a few hundred kB a write. */
async function copyItems(trx: Knex, siteId: string, collectionId: string, items: readonly Item[], keys: readonly string[]) {
  const indexed = (await collectionIndexed(trx, siteId, collectionId)) ? 't' : 'f';
  const connection = await connectionOf(trx);
  const stream = (connection as { query(q: CopyStreamQuery): CopyStreamQuery }).query(
    copyStreams().from('COPY cms_items (site_id, collection_id, item_id, position, order_key, data, search, search_indexed) FROM STDIN'),
  );
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  const prefix = `${copyText(siteId)}\t${copyText(collectionId)}\t`;
  let chunk = '';
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    chunk += `${prefix}${item._id}\t0\t${copyText(keys[i]!)}\t${copyText(JSON.stringify(item))}\t${copyText(searchText(item))}\t${indexed}\n`;
    if (chunk.length > 256 * 1024) {
      if (!stream.write(chunk)) await new Promise((resolve) => stream.once('drain', resolve));
      chunk = '';
    }
  }
  stream.end(chunk);
  await done;
}

/**
 * Inserts items with their order keys (and search texts) the fastest way each dialect has: inside a
 * transaction, SQLite runs one prepared statement per row on the transaction's connection (no SQL
 * built or compiled per batch); PostgreSQL streams thousands of rows with COPY, or inserts a few from
 * arrays in one statement. `position` is not read any more: the hand order is `order_key`.
 */
export async function insertItems(
  trx: Knex,
  siteId: string,
  collectionId: string,
  items: readonly Item[],
  keys: readonly string[],
): Promise<void> {
  if (items.length === 0) return;
  if ((trx as { isTransaction?: boolean }).isTransaction) {
    if (isPostgres(trx)) {
      if (items.length >= COPY_FROM) return copyItems(trx, siteId, collectionId, items, keys);
      const connection = await connectionOf(trx);
      await (connection as { query(text: string, values: unknown[]): Promise<unknown> }).query(INSERT_ARRAYS, [
        siteId,
        collectionId,
        items.map((item) => item._id),
        keys,
        items.map((item) => JSON.stringify(item)),
        items.map(searchText),
      ]);
      return;
    }
    const since = await lastRowid(trx);
    const insert = await sqliteStatement(trx, INSERT_ROW);
    for (let i = 0; i < items.length; i++)
      insert.run(siteId, collectionId, items[i]!._id, keys[i]!, JSON.stringify(items[i]), searchText(items[i]!));
    await indexSince(trx, since, siteId, collectionId);
    return;
  }
  const since = await lastRowid(trx);
  const indexed = isPostgres(trx) ? { search_indexed: await collectionIndexed(trx, siteId, collectionId) } : {};
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const rows = items.slice(i, i + ROWS_PER_INSERT).map((item, k) => ({
      site_id: siteId,
      collection_id: collectionId,
      item_id: item._id,
      position: 0,
      order_key: keys[i + k]!,
      data: JSON.stringify(item),
      search: searchText(item),
      ...indexed,
    }));
    await trx('cms_items').insert(rows);
  }
  await indexSince(trx, since, siteId, collectionId);
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
      await unindex(trx, siteId, collectionId, [item._id]);
      await rowsOf(trx, siteId, collectionId)
        .andWhere({ item_id: item._id })
        .update({ data: JSON.stringify(item), order_key: key, search: searchText(item) });
      if (!isPostgres(trx)) await run(trx, FTS_ADD_ITEM, [siteId, collectionId, item._id, siteId, collectionId]);
    }
    return;
  }
  // Many rows: delete and insert in batches, which both dialects do far faster than one update per row.
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const batch = items.slice(i, i + ROWS_PER_INSERT);
    await unindex(
      trx,
      siteId,
      collectionId,
      batch.map((b) => b.item._id),
    );
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

/** One item's write, with the collection's new revision. */
export type ItemWrite =
  | { kind: 'insert'; item: Item; key: string }
  | { kind: 'update'; item: Item; key: string }
  | { kind: 'move'; itemId: number; key: string }
  | { kind: 'delete'; itemId: number };

/** The collection's new revision and time, its count moved by $5 (PostgreSQL: once the item's write `w` wrote a row). */
const TOUCH_SQLITE = 'UPDATE cms_collections SET revision = ?, modified_at = ?, item_count = item_count + ? WHERE site_id = ? AND id = ?';
const TOUCH_PG =
  ', s AS (UPDATE sites SET modified_at = $4 WHERE id = $1) UPDATE cms_collections SET revision = $3, modified_at = $4, item_count = item_count + $5 WHERE site_id = $1 AND id = $2 AND EXISTS (SELECT 1 FROM w) RETURNING revision';
const TOUCH_SITE: Statement = { name: 'cms_touch_site', sqlite: 'UPDATE sites SET modified_at = ? WHERE id = ?', pg: '' };

const ITEM_WRITES: Record<ItemWrite['kind'], { sqlite: Statement; pg: Statement }> = {
  insert: {
    sqlite: INSERT_ROW,
    pg: {
      name: 'cms_write_insert',
      sqlite: '',
      pg: `WITH w AS (INSERT INTO cms_items (site_id, collection_id, item_id, position, order_key, data, search, search_indexed) VALUES ($1, $2, $6, 0, $7, $8, $9, ${ROW_INDEXED_PG}) RETURNING 1)${TOUCH_PG}`,
    },
  },
  update: {
    sqlite: {
      name: 'cms_update_item',
      sqlite: 'UPDATE cms_items SET order_key = ?, data = ?, search = ? WHERE site_id = ? AND collection_id = ? AND item_id = ?',
      pg: '',
    },
    pg: {
      name: 'cms_write_update',
      sqlite: '',
      pg: `WITH w AS (UPDATE cms_items SET order_key = $7, data = $8, search = $9 WHERE site_id = $1 AND collection_id = $2 AND item_id = $6 RETURNING 1)${TOUCH_PG}`,
    },
  },
  move: {
    sqlite: {
      name: 'cms_move_item',
      sqlite: 'UPDATE cms_items SET order_key = ? WHERE site_id = ? AND collection_id = ? AND item_id = ?',
      pg: '',
    },
    pg: {
      name: 'cms_write_move',
      sqlite: '',
      pg: `WITH w AS (UPDATE cms_items SET order_key = $7 WHERE site_id = $1 AND collection_id = $2 AND item_id = $6 RETURNING 1)${TOUCH_PG}`,
    },
  },
  delete: {
    sqlite: { name: 'cms_delete_item', sqlite: 'DELETE FROM cms_items WHERE site_id = ? AND collection_id = ? AND item_id = ?', pg: '' },
    pg: {
      name: 'cms_write_delete',
      sqlite: '',
      pg: `WITH w AS (DELETE FROM cms_items WHERE site_id = $1 AND collection_id = $2 AND item_id = $6 RETURNING 1)${TOUCH_PG}`,
    },
  },
};
const TOUCH: Statement = { name: 'cms_touch_collection', sqlite: TOUCH_SQLITE, pg: '' };

/**
 * One item's insert, update, move or delete with the collection's new revision and count and the
 * site's time (the site list orders by the last change): on PostgreSQL one prepared statement (the
 * item's and the site's writes in a WITH, the collection's row updated when the item's wrote a row,
 * and its revision returned), on SQLite three prepared statements (it has no writes in WITH; its
 * statements cost no round trip). Answers the new revision.
 */
export async function writeItem(trx: Knex, siteId: string, collectionId: string, now: number, write: ItemWrite): Promise<string> {
  const revision = newRevision();
  const added = write.kind === 'insert' ? 1 : write.kind === 'delete' ? -1 : 0;
  const itemId = 'item' in write ? write.item._id : write.itemId;
  if (isPostgres(trx)) {
    const values: unknown[] = [siteId, collectionId, revision, now, added, itemId];
    if (write.kind === 'insert' || write.kind === 'update') values.push(write.key, JSON.stringify(write.item), searchText(write.item));
    else if (write.kind === 'move') values.push(write.key);
    const rows = await run(trx, ITEM_WRITES[write.kind].pg, values);
    if (rows.length !== 1) throw new Error(`the ${write.kind} of item ${itemId} wrote no row`);
    return revision;
  }
  const statement = ITEM_WRITES[write.kind].sqlite;
  const item = [siteId, collectionId, itemId];
  const inIndex = [...item, siteId, collectionId];
  if (write.kind === 'update' || write.kind === 'delete') await run(trx, FTS_DROP_ITEM, inIndex);
  if (write.kind === 'insert')
    await run(trx, statement, [siteId, collectionId, itemId, write.key, JSON.stringify(write.item), searchText(write.item)]);
  else if (write.kind === 'update') await run(trx, statement, [write.key, JSON.stringify(write.item), searchText(write.item), ...item]);
  else if (write.kind === 'move') await run(trx, statement, [write.key, ...item]);
  else await run(trx, statement, item);
  if (write.kind === 'insert' || write.kind === 'update') await run(trx, FTS_ADD_ITEM, inIndex);
  await run(trx, TOUCH, [revision, now, added, siteId, collectionId]);
  await run(trx, TOUCH_SITE, [now, siteId]);
  return revision;
}

/** Rewrites a whole collection's items in the given order (a sort by a field): new keys, answered. */
export async function rewriteItems(trx: Knex, siteId: string, collectionId: string, items: readonly Item[]): Promise<string[]> {
  await unindex(trx, siteId, collectionId);
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
    // A large collection stored whole (a version's restore) is in the full-text index from the start.
    search_indexed: items.length > searchIndex.from,
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
  await unindex(trx, siteId);
  await trx('cms_items').where({ site_id: siteId }).delete();
  await trx('cms_collections').where({ site_id: siteId }).delete();
}

/**
 * PostgreSQL, after a bulk import's commit: the pg_trgm index's pending entries merged into it. GIN
 * keeps new entries in a pending list (up to 4 MB) that every search reads one by one until the
 * next vacuum merges it: at 300,000 items, 50,000 pending entries made a search take twice as long.
 */
export async function settleSearchIndex(db: Knex): Promise<void> {
  if (!isPostgres(db)) return;
  await db.raw(`SELECT gin_clean_pending_list(c.oid) FROM pg_class c WHERE c.relname = 'cms_items_search_trgm' AND c.relkind = 'i'`);
}
