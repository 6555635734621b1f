import type { Knex } from 'knex';

/**
 * PostgreSQL's trigram index of search texts keeps, like SQLite's full-text index (migration
 * 20261203U), only the items of collections past the items the CMS lists from memory (issue 32,
 * docs/decisions/0100-pg-search-index-large-collections.md). An index cannot read another table, so
 * each row says whether it is in the index (`cms_items.search_indexed`, kept equal to its collection's
 * flag by server/src/site/content/writes.ts) and the index is partial on it. SQLite keeps its own
 * table of entries and has no use for the column.
 *
 * Until now PostgreSQL never set a collection's flag (its index kept every row): a collection made
 * since migration 20261203U that grew past the bound is marked here, as SQLite's writes did, and the
 * rows of the collections still unmarked (the small ones) leave the index.
 */
/** writes.ts `searchIndex.from` as this migration was written (a migration does not follow later changes). */
const BOUND = 50_000;

export async function up(knex: Knex): Promise<void> {
  if ((knex.client as { config: Knex.Config }).config.client !== 'pg') return;
  // A constant default adds the column without rewriting the table; new rows then take false.
  await knex.raw('ALTER TABLE cms_items ADD COLUMN search_indexed boolean NOT NULL DEFAULT true');
  await knex.raw('ALTER TABLE cms_items ALTER COLUMN search_indexed SET DEFAULT false');
  await knex('cms_collections').where('item_count', '>', BOUND).andWhere({ search_indexed: false }).update({ search_indexed: true });
  await knex.raw(
    'UPDATE cms_items i SET search_indexed = false FROM cms_collections c WHERE c.site_id = i.site_id AND c.id = i.collection_id AND NOT c.search_indexed',
  );
  const index = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_indexes WHERE indexname = 'cms_items_search_trgm'`);
  if (index.rows.length === 0) return; // pg_trgm could not be had: searches scan the rows
  await knex.raw('DROP INDEX cms_items_search_trgm');
  await knex.raw('CREATE INDEX cms_items_search_trgm ON cms_items USING gin (search gin_trgm_ops) WHERE search_indexed');
}

export async function down(knex: Knex): Promise<void> {
  if ((knex.client as { config: Knex.Config }).config.client !== 'pg') return;
  const index = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_indexes WHERE indexname = 'cms_items_search_trgm'`);
  if (index.rows.length > 0) {
    await knex.raw('DROP INDEX cms_items_search_trgm');
    await knex.raw('CREATE INDEX cms_items_search_trgm ON cms_items USING gin (search gin_trgm_ops)');
  }
  await knex.raw('ALTER TABLE cms_items DROP COLUMN search_indexed');
}
