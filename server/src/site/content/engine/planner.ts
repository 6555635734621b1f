import { columnsFor } from './columns.js';
import type { ListQuery, Schema } from './types.js';

/**
 * Which engine answers a list query (docs/decisions/0077-cms-query-engine.md):
 *
 * - `memory` (memory.ts): collections of up to `memoryItems` items (and those still inline in an
 *   older document), over the item cache: the language's collation, every operator, search.
 * - `columns` (columns.ts): a larger collection's page sorted by a number, a date or `_id` whose
 *   filters are all on number, date, toggle and choice fields, from typed columns in memory. It may
 *   still decline (a value it cannot hold exactly, too many ties at the page's edges): then
 * - `sql` (sql.ts): everything else, one statement in the database.
 *
 * The engines answer the same query with the same page (tests/api/cms-engine.test.ts runs one set
 * of cases against each, on SQLite and PostgreSQL); where they may differ is written in sql.ts.
 */

export type EngineName = 'memory' | 'columns' | 'sql';

/** The engines that may answer, in the order they are tried (each but the last may decline). */
export function plan(schema: Schema, q: ListQuery, memoryItems: number): EngineName[] {
  if (schema.inline || schema.itemCount <= memoryItems) return ['memory'];
  return columnsFor(schema, q) ? ['columns', 'sql'] : ['sql'];
}
