import type { Knex } from 'knex';
import { isPostgres } from '../../db/knex.js';
import type { Collection, Field } from '../../model/document.js';
import type { Schema } from './engine/types.js';
import { run, type Statement } from '../../db/prepared.js';
import { parseItem, type FoundItem } from './rows.js';

/**
 * The collections of a site as the tables hold them (`cms_collections`, docs/decisions/0019-cms-content-tables.md):
 * their fields, revision and item count. Documents written before the tables (templates, older
 * sites, versions) still carry collections inline; they count until the first write of the site
 * moves them (writes.ts `storeMissing`).
 */

interface CollectionRow {
  id: string;
  position: number;
  name: string;
  icon: string;
  fields: string;
  revision: string;
  item_count: number | string;
  search_indexed: boolean | number;
}

const toSchema = (row: CollectionRow): Schema => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  fields: JSON.parse(row.fields) as Field[],
  position: Number(row.position),
  revision: row.revision,
  itemCount: Number(row.item_count),
  searchIndexed: Boolean(row.search_indexed),
});

const COLUMNS = 'id, position, name, icon, fields, revision, item_count, search_indexed';
/** Every write of a site's content reads its collections first: a statement prepared once per connection. */
const READ_COLLECTIONS: Statement = {
  name: 'cms_read_collections',
  sqlite: `SELECT ${COLUMNS} FROM cms_collections WHERE site_id = ? ORDER BY position`,
  pg: `SELECT ${COLUMNS} FROM cms_collections WHERE site_id = $1 ORDER BY position`,
};

const JOINED = COLUMNS.split(', ')
  .map((c) => `c.${c}`)
  .join(', ');
/**
 * The same with one item of one of them, joined to its collection's row (LEFT JOIN through the items'
 * primary key): a write of one item reads both in one round trip, not two.
 */
const READ_COLLECTIONS_AND_ITEM: Statement = {
  name: 'cms_read_collections_item',
  sqlite: `SELECT ${JOINED}, i.data AS item_data, i.order_key AS item_key FROM cms_collections c LEFT JOIN cms_items i ON i.site_id = c.site_id AND i.collection_id = c.id AND c.id = ? AND i.item_id = ? WHERE c.site_id = ? ORDER BY c.position`,
  pg: `SELECT ${JOINED}, i.data AS item_data, i.order_key AS item_key FROM cms_collections c LEFT JOIN cms_items i ON i.site_id = c.site_id AND i.collection_id = c.id AND c.id = $2 AND i.item_id = $3 WHERE c.site_id = $1 ORDER BY c.position`,
};

/** The site's stored collections in order, and the item `itemId` of `collectionId` (undefined when it has none). */
export async function schemasAndItem(
  db: Knex,
  siteId: string,
  collectionId: string,
  itemId: number,
): Promise<{ schemas: Schema[]; found: FoundItem | undefined }> {
  // SQLite binds its `?` in order; PostgreSQL's are numbered.
  const values = isPostgres(db) ? [siteId, collectionId, itemId] : [collectionId, itemId, siteId];
  const rows = (await run(db, READ_COLLECTIONS_AND_ITEM, values)) as unknown as (CollectionRow & {
    item_data: unknown;
    item_key: string | null;
  })[];
  const hit = rows.find((r) => r.item_key !== null);
  return { schemas: rows.map(toSchema), found: hit && { item: parseItem(hit.item_data), key: hit.item_key! } };
}

/** The site's collections in order: the stored ones, then the inline ones of its document not stored yet. */
export async function schemasWith(db: Knex, siteId: string, inline: readonly Collection[]): Promise<Schema[]> {
  const rows = (await run(db, READ_COLLECTIONS, [siteId])) as unknown as CollectionRow[];
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

/** The collection's revision as stored now. */
export async function currentRevision(db: Knex, siteId: string, collectionId: string): Promise<string | undefined> {
  const row: { revision: string } | undefined = await db('cms_collections').where({ site_id: siteId, id: collectionId }).first('revision');
  return row?.revision;
}

/** Collections read from the tables: saving a document that holds them stores nothing (writes.ts `storeMissing`). */
export const fromTables = new WeakSet<Collection>();
