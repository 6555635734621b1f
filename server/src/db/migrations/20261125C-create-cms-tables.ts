import type { Knex } from 'knex';

/**
 * CMS collections and their items (spec 002 §3) in their own tables rather than in the site's
 * document: a collection may hold tens of thousands of items, and an item edit or an import must
 * not rewrite (and re-parse) the whole document. `revision` changes on every write to a
 * collection, so a process can tell whether the items it holds in memory are still current.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cms_collections', (t) => {
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('id', 64).notNullable();
    t.integer('position').notNullable();
    t.string('name', 200).notNullable();
    t.string('icon', 40).notNullable();
    // JSON list of the fields, in order.
    t.text('fields').notNullable();
    t.string('revision', 36).notNullable();
    t.bigInteger('created_at').notNullable();
    t.bigInteger('modified_at').notNullable();
    t.primary(['site_id', 'id']);
  });

  await knex.schema.createTable('cms_items', (t) => {
    t.string('site_id', 253).notNullable().references('sites.id').onDelete('CASCADE');
    t.string('collection_id', 64).notNullable();
    t.integer('item_id').notNullable();
    // The hand-sorted order, 0 … n-1 within the collection.
    t.integer('position').notNullable();
    // The item's values as JSON, `_id` included.
    t.text('data').notNullable();
    t.primary(['site_id', 'collection_id', 'item_id']);
    t.index(['site_id', 'collection_id', 'position']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('cms_items');
  await knex.schema.dropTableIfExists('cms_collections');
}
