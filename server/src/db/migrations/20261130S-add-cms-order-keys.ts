import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { generateKeyBetween } from 'fractional-indexing';

/**
 * CMS at scale (issue 18, docs/decisions/0047-cms-at-scale.md). An item's place in the hand-sorted
 * order becomes a fractional key (`order_key`, compared byte by byte: PostgreSQL gets the "C"
 * collation) so moving, inserting or deleting one item writes that item's row only, never its
 * neighbours'. Collections count their items (`item_count`) so a summary needs no scan. Existing
 * items get keys in their current order; `position` stays for older code paths and is no longer read.
 */
export async function up(knex: Knex): Promise<void> {
  const pg = (knex.client as { config: Knex.Config }).config.client === 'pg';
  await knex.schema.alterTable('cms_items', (t) => {
    t.text('order_key');
  });
  if (pg) await knex.raw('ALTER TABLE cms_items ALTER COLUMN order_key TYPE text COLLATE "C"');
  await knex.schema.alterTable('cms_collections', (t) => {
    t.integer('item_count').notNullable().defaultTo(0);
  });

  const collections: { site_id: string; id: string }[] = await knex('cms_collections').select('site_id', 'id');
  for (const c of collections) {
    const rows: { item_id: number }[] = await knex('cms_items')
      .where({ site_id: c.site_id, collection_id: c.id })
      .orderBy(['position', 'item_id'])
      .select('item_id');
    let key: string | null = null;
    for (const row of rows) {
      key = generateKeyBetween(key, null);
      await knex('cms_items').where({ site_id: c.site_id, collection_id: c.id, item_id: row.item_id }).update({ order_key: key });
    }
    // A new revision: a process holding the items from before reads them again, with their keys.
    await knex('cms_collections')
      .where({ site_id: c.site_id, id: c.id })
      .update({ item_count: rows.length, revision: crypto.randomUUID() });
  }
  // Rows of collections that no longer exist (none expected) still get a key, so none is null.
  await knex('cms_items').whereNull('order_key').update({ order_key: 'a0' });

  await knex.schema.alterTable('cms_items', (t) => {
    t.dropIndex(['site_id', 'collection_id', 'position']);
    t.index(['site_id', 'collection_id', 'order_key'], 'cms_items_order_key_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cms_items', (t) => {
    t.dropIndex(['site_id', 'collection_id', 'order_key'], 'cms_items_order_key_index');
    t.index(['site_id', 'collection_id', 'position']);
    t.dropColumn('order_key');
  });
  await knex.schema.alterTable('cms_collections', (t) => {
    t.dropColumn('item_count');
  });
}
