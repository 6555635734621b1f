import type { Knex } from 'knex';

/**
 * Text sorts of large collections (issue 32, docs/decisions/0088-cms-text-sort-index.md): the partial
 * indexes the SQL engine adds for them (server/src/site/content/engine/sort-index.ts), listed so a
 * change of their collection or field can drop them. The indexes themselves are made on demand.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('cms_sort_indexes', (t) => {
    t.string('name', 63).primary();
    t.string('site_id', 253).notNullable();
    t.string('collection_id', 64).notNullable();
    t.string('field_id', 64).notNullable();
    t.index(['site_id', 'collection_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  const rows: { name: string }[] = await knex('cms_sort_indexes').select('name');
  for (const { name } of rows) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
  await knex.schema.dropTableIfExists('cms_sort_indexes');
}
