import type { Knex } from 'knex';

/**
 * SQLite's full-text index of the items' search texts (`cms_items_search`, migration 20261202E) keeps
 * only the items of collections that have grown past the items the CMS lists from memory (issue 32,
 * docs/decisions/0089-cms-search-index-large-collections.md): `search_indexed` says which. Every
 * collection stored so far is in the index already. PostgreSQL's pg_trgm index keeps every row and
 * does not read the flag.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cms_collections', (t) => {
    t.boolean('search_indexed').notNullable().defaultTo(false);
  });
  await knex('cms_collections').update({ search_indexed: true });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('cms_collections', (t) => {
    t.dropColumn('search_indexed');
  });
}
