import type { Knex } from 'knex';
import { firstRow } from '../db/prepared.js';

const ITEM_TEXT = 'SELECT data FROM cms_items WHERE site_id = ? AND collection_id = ? AND item_id = ?';

/**
 * One stored item's JSON text, as the row holds it, through a prepared statement: GET …/items/{id}
 * answers it as it is, since the stored text is the item as the API shows it (`_id` and its values).
 */
export async function itemText(db: Knex, siteId: string, collectionId: string, itemId: number): Promise<string | undefined> {
  const row = await firstRow<{ data: unknown }>(db, ITEM_TEXT, [siteId, collectionId, itemId]);
  if (!row) return undefined;
  return typeof row.data === 'string' ? row.data : JSON.stringify(row.data);
}
