import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { isPostgres } from '../../../db/knex.js';
import { step } from '../rows.js';

/**
 * Indexes of text sorts over large collections (issue 32, docs/decisions/0088-cms-text-sort-index.md).
 * The SQL engine (sql.ts) sorts a page by a text field with `ORDER BY <empty last>, lower(<text>)
 * <dir>, order_key`; without an index the database reads and sorts every row of the collection for
 * each page (14.9 s on SQLite at 1,000,000 items). The first such sort of a collection by a field in
 * a direction (and, for a localized field, a language) adds a partial index on exactly those
 * expressions, for that collection's rows only (`WHERE site_id = '…' AND collection_id = '…'`);
 * the database keeps it with every write, and each later page is a walk along it.
 *
 * The expressions are written with literals, not bindings: a database uses an index on expressions
 * and a partial index only when the query's expressions and conditions are the index's own. Both
 * dialects read the literals the same way (single quotes doubled; PostgreSQL's standard strings).
 * The indexes are listed in `cms_sort_indexes` so a collection's or a field's change can drop them.
 */

type Dialect = 'sqlite' | 'pg';

/** A text as an SQL literal. */
export const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** What sorts one page by a text field: the field, the direction, and a localized field's language and fallback. */
export interface TextSort {
  field: string;
  localized: boolean;
  language: string;
  fallback: string;
  order: 'asc' | 'desc';
}

/**
 * The sort's two expressions over the row's `data` (prefixed by `alias`): 1 for an empty value (they
 * go last) else 0, and the lower-cased text (a localized value in the language, else the fallback,
 * else a plain value; NULL for objects and lists). The same as sql.ts's `Values`, written with literals.
 */
export function textSortExpressions(d: Dialect, sort: TextSort, alias: string): { empty: string; value: string } {
  const f = literal(sort.field);
  if (d === 'pg') {
    const j = `(${alias}data)::jsonb`;
    const plain = `(CASE WHEN jsonb_typeof(${j} -> ${f}::text) IN ('string', 'number', 'boolean') THEN ${j} ->> ${f}::text END)`;
    const text = sort.localized
      ? `COALESCE(${j} -> ${f}::text ->> ${literal(sort.language)}::text, ${j} -> ${f}::text ->> ${literal(sort.fallback)}::text, ${plain})`
      : plain;
    return {
      empty: `(CASE WHEN (${j} -> ${f}::text IS NULL OR ${j} -> ${f}::text IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb)) THEN 1 ELSE 0 END)`,
      value: `lower(${text})`,
    };
  }
  const data = `${alias}data`;
  const path = literal(`$.${step(sort.field)}`);
  const value = `json_extract(${data}, ${path})`;
  const plain = `(CASE json_type(${data}, ${path}) WHEN 'text' THEN ${value} WHEN 'integer' THEN CAST(${value} AS TEXT) WHEN 'real' THEN CAST(${value} AS TEXT) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END)`;
  const inLanguage = (language: string) => `json_extract(${data}, ${literal(`$.${step(sort.field)}.${step(language)}`)})`;
  const text = sort.localized ? `COALESCE(${inLanguage(sort.language)}, ${inLanguage(sort.fallback)}, ${plain})` : plain;
  return { empty: `(CASE WHEN COALESCE(${value}, '') IN ('', '[]') THEN 1 ELSE 0 END)`, value: `lower(${text})` };
}

/** The index's name: the same for the same collection, field, direction and (localized) languages, in every process. */
export function textSortIndexName(siteId: string, collectionId: string, sort: TextSort): string {
  const what = [siteId, collectionId, sort.field, sort.order, ...(sort.localized ? [sort.language, sort.fallback] : [])];
  return `cms_sort_${crypto.createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 32)}`;
}

/** Indexes this process made or found, so a page does not ask again. */
const made = new Set<string>();
/** Indexes being made, so two pages at once wait for one build. */
const making = new Map<string, Promise<boolean>>();

/**
 * Makes sure the index of this sort exists (built on the first sort, which waits for it; seconds at
 * a million items) and answers its name; undefined when it could not be made: the page is then sorted without it.
 * PostgreSQL builds it CONCURRENTLY, so the collection's writes go on meanwhile.
 */
export async function ensureTextSortIndex(db: Knex, siteId: string, collectionId: string, sort: TextSort): Promise<string | undefined> {
  const name = textSortIndexName(siteId, collectionId, sort);
  if (made.has(name)) return name;
  let build = making.get(name);
  if (!build) {
    build = buildIndex(db, name, siteId, collectionId, sort).finally(() => making.delete(name));
    making.set(name, build);
  }
  const ok = await build;
  if (!ok) return undefined;
  made.add(name);
  return name;
}

/** The index of a sort is gone (dropped by another process): made again on the next sort. */
export function forgetTextSortIndex(name: string): void {
  made.delete(name);
}

async function buildIndex(db: Knex, name: string, siteId: string, collectionId: string, sort: TextSort): Promise<boolean> {
  const pg = isPostgres(db);
  const { empty, value } = textSortExpressions(pg ? 'pg' : 'sqlite', sort, '');
  const where = `site_id = ${literal(siteId)} AND collection_id = ${literal(collectionId)}`;
  const columns = `(${empty}), (${value}) ${sort.order === 'desc' ? 'DESC' : 'ASC'}, order_key`;
  try {
    await db('cms_sort_indexes')
      .insert({ name, site_id: siteId, collection_id: collectionId, field_id: sort.field })
      .onConflict('name')
      .ignore();
    if (!pg) {
      await db.raw(`CREATE INDEX IF NOT EXISTS ${name} ON cms_items (${columns}) WHERE ${where}`);
      return true;
    }
    await db.raw(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ON cms_items (${columns}) WHERE ${where}`);
    // A concurrent build that failed (or one still under way in another process) leaves an index that is not valid yet.
    const state = await db.raw<{ rows: { valid: boolean }[] }>(
      `SELECT indisvalid AS valid FROM pg_index WHERE indexrelid = to_regclass(?)`,
      [name],
    );
    return state.rows[0]?.valid === true;
  } catch {
    // Another process building the same index at the same moment, or a database that refuses: sorted without it.
    return false;
  }
}

/**
 * Drops the text-sort indexes of a collection (or of one of its fields): after the collection's
 * delete or rename, or the field's rename, delete or change of type. Run after the write's commit
 * (PostgreSQL drops CONCURRENTLY, which no transaction may hold). Best effort: an index left over
 * only costs its upkeep on that collection's writes.
 */
export async function dropTextSortIndexes(db: Knex, siteId: string, collectionId: string, field?: string): Promise<void> {
  const q = db('cms_sort_indexes').where({ site_id: siteId, collection_id: collectionId });
  if (field !== undefined) q.andWhere({ field_id: field });
  const rows: { name: string }[] = await q.clone().select('name');
  const pg = isPostgres(db);
  for (const { name } of rows) {
    made.delete(name);
    await db.raw(`DROP INDEX ${pg ? 'CONCURRENTLY ' : ''}IF EXISTS ${name}`);
    await db('cms_sort_indexes').where({ name }).delete();
  }
}
