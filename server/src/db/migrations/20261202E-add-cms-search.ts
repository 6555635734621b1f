import type { Knex } from 'knex';
import type { Item } from '../../model/document.js';
import { searchText } from '../../site/content/engine/filter.js';

/**
 * Search at scale (issue 32, docs/decisions/0077-cms-query-engine.md). Each item row keeps the text
 * a search of every field looks through (`search`: every field's value, localized ones in every
 * language, lower-cased), written with the item. The database indexes it by trigrams so a search
 * of a large collection reads the rows that hold the text instead of every row: SQLite an FTS5
 * table with the trigram tokenizer over the column (external content, kept by the writes themselves:
 * server/src/site/content/writes.ts), PostgreSQL a GIN index of pg_trgm (where the extension can be
 * had; without it the search still works, as a scan).
 */

const READ = 2_000;

export async function up(knex: Knex): Promise<void> {
  const pg = (knex.client as { config: Knex.Config }).config.client === 'pg';
  await knex.schema.alterTable('cms_items', (t) => {
    t.text('search');
  });
  // Existing items, a slice at a time in key order.
  let after: [string, string, number] = ['', '', 0];
  for (;;) {
    const rows: { site_id: string; collection_id: string; item_id: number; data: unknown }[] = await knex('cms_items')
      .whereRaw('(site_id, collection_id, item_id) > (?, ?, ?)', after)
      .orderBy(['site_id', 'collection_id', 'item_id'])
      .limit(READ)
      .select('site_id', 'collection_id', 'item_id', 'data');
    for (const r of rows) {
      const item = (typeof r.data === 'string' ? JSON.parse(r.data) : r.data) as Item;
      await knex('cms_items')
        .where({ site_id: r.site_id, collection_id: r.collection_id, item_id: r.item_id })
        .update({ search: searchText(item) });
    }
    if (rows.length < READ) break;
    const last = rows[rows.length - 1]!;
    after = [last.site_id, last.collection_id, Number(last.item_id)];
  }
  if (pg) {
    const available = await knex.raw<{ rows: unknown[] }>(`SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm'`);
    if (available.rows.length === 0) return;
    try {
      // A savepoint: a role that may not create the extension leaves the migration going.
      await knex.transaction(async (sp) => {
        await sp.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      });
    } catch {
      return;
    }
    await knex.raw('CREATE INDEX cms_items_search_trgm ON cms_items USING gin (search gin_trgm_ops)');
    return;
  }
  await knex.raw(
    `CREATE VIRTUAL TABLE cms_items_search USING fts5(search, content='cms_items', content_rowid='rowid', tokenize='trigram', detail='none')`,
  );
  await knex.raw(`INSERT INTO cms_items_search(cms_items_search) VALUES ('rebuild')`);
}

export async function down(knex: Knex): Promise<void> {
  const pg = (knex.client as { config: Knex.Config }).config.client === 'pg';
  if (pg) await knex.raw('DROP INDEX IF EXISTS cms_items_search_trgm');
  else await knex.raw('DROP TABLE IF EXISTS cms_items_search');
  await knex.schema.alterTable('cms_items', (t) => {
    t.dropColumn('search');
  });
}
