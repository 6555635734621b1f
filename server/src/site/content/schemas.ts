import type { Knex } from 'knex';
import type { Collection, Field } from '../../model/document.js';
import type { Schema } from './engine/types.js';

/**
 * The collections of a site as the tables hold them (`cms_collections`, docs/decisions/0019-cms-content-tables.md):
 * their fields, revision and item count. Documents written before the tables (templates, older
 * sites, versions) still carry collections inline; they count until the first write of the site
 * moves them (writes.ts `storeMissing`).
 */

interface CollectionRow {
  site_id: string;
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

/** The collection's revision as stored now. */
export async function currentRevision(db: Knex, siteId: string, collectionId: string): Promise<string | undefined> {
  const row: { revision: string } | undefined = await db('cms_collections').where({ site_id: siteId, id: collectionId }).first('revision');
  return row?.revision;
}

/** Collections read from the tables: saving a document that holds them stores nothing (writes.ts `storeMissing`). */
export const fromTables = new WeakSet<Collection>();
