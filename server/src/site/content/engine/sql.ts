import type { Knex } from 'knex';
import { isPostgres } from '../../../db/knex.js';
import { parseItem, step } from '../rows.js';
import type { Condition, Filter, ListCondition, ValueCondition } from './filter.js';
import { ensureTextSortIndex, forgetTextSortIndex, literal, textSortExpressions, type TextSort } from './sort-index.js';
import type { ListQuery, Page, Schema } from './types.js';

/**
 * The SQL engine (docs/decisions/0047-cms-at-scale.md), for collections larger than the item cache
 * holds and queries the typed columns cannot answer: the same query as memory.ts (sort, `filter`,
 * `where`, search, page) as one SQL statement over the item rows, the page read with LIMIT/OFFSET
 * on the order-key index (hand order) and `total` from the collection's count when nothing narrows.
 * Field values are read from the item's JSON (`json_extract` in SQLite, `jsonb` in PostgreSQL);
 * text sorts by its lower case rather than the language's collation (the one way its answers may
 * differ from memory.ts's). A search looks through the text each write stores with its item
 * (`search`) with the database's trigram index: SQLite's FTS5 table `cms_items_search` narrows the
 * rows, PostgreSQL's planner takes the pg_trgm index of the LIKE; either way the LIKE decides, so
 * the answer is the in-memory engine's.
 */

type Dialect = 'sqlite' | 'pg';

/** A piece of SQL with its bindings. */
interface Sql {
  sql: string;
  bindings: Knex.Value[];
}
const sql = (text: string, ...bindings: Knex.Value[]): Sql => ({ sql: text, bindings });
const join = (parts: Sql[], glue: string): Sql => ({ sql: parts.map((p) => p.sql).join(glue), bindings: parts.flatMap((p) => p.bindings) });
const wrap = (before: string, inner: Sql, after: string): Sql => ({ sql: `${before}${inner.sql}${after}`, bindings: inner.bindings });

/** The field's JSON value expressions, per dialect. */
class Values {
  constructor(
    private readonly d: Dialect,
    private readonly language: string,
    private readonly fallback: string,
  ) {}

  /** A number (NULL when the value is not one). */
  number(field: string): Sql {
    if (field === '_id') return sql('i.item_id');
    // A number field holds numbers only (values are checked on save): SQLite's json_extract answers them as numbers.
    return this.d === 'pg'
      ? sql("(CASE WHEN jsonb_typeof(j.d -> CAST(? AS text)) = 'number' THEN (j.d ->> CAST(? AS text))::float8 END)", field, field)
      : sql('json_extract(i.data, ?)', `$.${step(field)}`);
  }

  /** A date as written (dates are text). */
  date(field: string): Sql {
    return this.d === 'pg' ? sql('(j.d ->> CAST(? AS text))', field) : sql('json_extract(i.data, ?)', `$.${step(field)}`);
  }

  /** The value as text (a localized one in the list's language, else the default one, else plain; NULL for objects and lists). */
  text(field: string, localized: boolean): Sql {
    const plain =
      this.d === 'pg'
        ? sql(
            "(CASE WHEN jsonb_typeof(j.d -> CAST(? AS text)) IN ('string', 'number', 'boolean') THEN j.d ->> CAST(? AS text) END)",
            field,
            field,
          )
        : sql(
            "(CASE json_type(i.data, ?) WHEN 'text' THEN json_extract(i.data, ?) WHEN 'integer' THEN CAST(json_extract(i.data, ?) AS TEXT) WHEN 'real' THEN CAST(json_extract(i.data, ?) AS TEXT) WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END)",
            ...Array<string>(4).fill(`$.${step(field)}`),
          );
    if (!localized) return plain;
    const inLanguage = (language: string) =>
      this.d === 'pg'
        ? sql('(j.d -> CAST(? AS text) ->> CAST(? AS text))', field, language)
        : sql('json_extract(i.data, ?)', `$.${step(field)}.${step(language)}`);
    return wrap('COALESCE(', join([inLanguage(this.language), inLanguage(this.fallback), plain], ', '), ')');
  }

  /** True when the value is missing, null, an empty text or an empty list. */
  empty(field: string): Sql {
    if (field === '_id') return sql('(1 = 0)');
    if (this.d === 'pg')
      return sql(`(j.d -> CAST(? AS text) IS NULL OR j.d -> CAST(? AS text) IN ('null'::jsonb, '""'::jsonb, '[]'::jsonb))`, field, field);
    // One call: null and missing are NULL, an empty list is the text '[]'.
    return sql("(COALESCE(json_extract(i.data, ?), '') IN ('', '[]'))", `$.${step(field)}`);
  }

  /** True when the value is the boolean true. */
  isTrue(field: string): Sql {
    return this.d === 'pg'
      ? sql("COALESCE(j.d -> CAST(? AS text) = 'true'::jsonb, FALSE)", field)
      : sql("COALESCE(json_type(i.data, ?) = 'true', 0)", `$.${step(field)}`);
  }

  /** True when one of a list's text entries passes `test` (a SQL condition on `e`). */
  anyEntry(field: string, test: Sql): Sql {
    return this.d === 'pg'
      ? join(
          [
            sql(
              "EXISTS (SELECT 1 FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(j.d -> CAST(? AS text)) = 'array' THEN j.d -> CAST(? AS text) ELSE '[]'::jsonb END) AS x(e) WHERE ",
              field,
              field,
            ),
            test,
            sql(')'),
          ],
          '',
        )
      : join(
          [
            sql(
              "EXISTS (SELECT 1 FROM (SELECT value AS e FROM json_each(i.data, ?) WHERE json_type(i.data, ?) = 'array') WHERE ",
              `$.${step(field)}`,
              `$.${step(field)}`,
            ),
            test,
            sql(')'),
          ],
          '',
        );
  }

  like(): string {
    return this.d === 'pg' ? "LIKE ? ESCAPE '\\'" : "LIKE ? ESCAPE '\\'";
  }
}

const likeText = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const placeholders = (n: number) => Array<string>(n).fill('?').join(', ');
const COMPARE: Record<string, string> = { eq: '=', lt: '<', lte: '<=', gt: '>', gte: '>=' };

/** A filter as a SQL condition. */
function where(v: Values, f: Filter): Sql {
  if ('and' in f)
    return wrap(
      '(',
      join(
        f.and.map((x) => where(v, x)),
        ' AND ',
      ),
      ')',
    );
  if ('or' in f)
    return wrap(
      '(',
      join(
        f.or.map((x) => where(v, x)),
        ' OR ',
      ),
      ')',
    );
  if ('not' in f) return wrap('(NOT ', where(v, f.not), ')');
  return condition(v, f);
}

function condition(v: Values, c: Condition): Sql {
  if (c.op === 'empty') return v.empty(c.field);
  if (c.op === 'notEmpty') return wrap('(NOT ', v.empty(c.field), ')');
  if (c.op === 'is') {
    if (c.value === '') return v.empty(c.field);
    const text = v.text(c.field, c.localized);
    const entry = v.anyEntry(c.field, sql('e = ?', c.value));
    return { sql: `(${text.sql} = ? OR ${entry.sql})`, bindings: [...text.bindings, c.value, ...entry.bindings] };
  }
  if (c.kind === 'boolean') {
    // eq and neq only (filter.ts): a missing toggle is off.
    const on = (c as ValueCondition).value === true;
    const want = c.op === 'eq' ? on : !on;
    return want ? v.isTrue(c.field) : wrap('(NOT ', v.isTrue(c.field), ')');
  }
  const negated = c.op === 'neq' || c.op === 'nin';
  const positive = one(v, c as ValueCondition | ListCondition);
  return negated ? wrap('(NOT COALESCE(', positive, ', FALSE))') : positive;
}

/** eq/in (for neq/nin too), comparisons, contains and startsWith of one condition. */
function one(v: Values, c: ValueCondition | ListCondition): Sql {
  const values: Knex.Value[] = 'values' in c ? c.values : [c.value];
  const op = c.op === 'in' || c.op === 'nin' ? `IN (${placeholders(values.length)})` : c.op === 'neq' ? '= ?' : null;
  if (c.kind === 'number') {
    const n = v.number(c.field);
    return { sql: `(${n.sql} ${op ?? `${COMPARE[c.op]} ?`})`, bindings: [...n.bindings, ...values] };
  }
  if (c.op === 'contains' || c.op === 'startsWith') {
    const needle = likeText(String(c.value));
    const pattern = c.op === 'contains' ? `%${needle}%` : `${needle}%`;
    const test = (e: Sql): Sql => ({ sql: `lower(${e.sql}) ${v.like()}`, bindings: [...e.bindings, pattern] });
    if (c.kind === 'list') return v.anyEntry(c.field, test(sql('e')));
    return test(v.text(c.field, c.localized));
  }
  const compare = op ?? `${COMPARE[c.op]} ?`;
  if (c.kind === 'list') return v.anyEntry(c.field, { sql: `e ${compare}`, bindings: values });
  const text = c.kind === 'date' ? v.date(c.field) : v.text(c.field, c.localized);
  return { sql: `(${text.sql} ${compare})`, bindings: [...text.bindings, ...values] };
}

/** How the SQL engine may answer: `textSortIndexes` lets a text sort make and use its index (sort-index.ts). */
export interface SqlOptions {
  textSortIndexes?: boolean;
}

/** One page of a collection's items under the query, and how many match, from the database. */
export async function listItemsSql(
  db: Knex,
  siteId: string,
  schema: Schema,
  q: ListQuery,
  fallback: string,
  options: SqlOptions = {},
): Promise<Page> {
  const d: Dialect = isPostgres(db) ? 'pg' : 'sqlite';
  const v = new Values(d, q.language, fallback);
  const field = q.sort ? schema.fields.find((f) => f.id === q.sort) : undefined;
  // (Literals holding `?` would read as bindings: such a sort goes without its index.)
  const textSort: TextSort | undefined =
    q.sort &&
    q.sort !== '_id' &&
    field?.type !== 'number' &&
    field?.type !== 'date' &&
    ![siteId, schema.id, q.sort, q.language, fallback].some((x) => x.includes('?'))
      ? { field: q.sort, localized: Boolean(field?.localizable), language: q.language, fallback, order: q.order }
      : undefined;
  // A page of a text sort with no condition is read along its index (sort-index.ts): the rows named
  // with literals, as the partial index names them, and on SQLite the index named (its planner,
  // without statistics of a new collection, would rather sort the rows the primary key finds). A
  // page with conditions visits every match for its count anyway: sorted as before.
  const index =
    textSort && options.textSortIndexes && q.where === undefined && q.search === undefined
      ? await ensureTextSortIndex(db, siteId, schema.id, textSort)
      : undefined;
  const indexed = index !== undefined;
  const rowsWhere = indexed ? `i.site_id = ${literal(siteId)} AND i.collection_id = ${literal(schema.id)}` : undefined;
  // SQLite narrows a search of three characters or more through its FTS5 table, which drives the
  // join (CROSS JOIN keeps that order: from the collection's rows, probing the index's matches per
  // row, took 60 ms at 300,000 items against 0.4 ms).
  // Only collections past writes.ts `searchIndex.from` items are in that table (`searchIndexed`); smaller ones are read row by row.
  const searched = d === 'sqlite' && schema.searchIndexed === true && q.search !== undefined && [...q.search.text].length >= 3;
  const ofCollection = rowsWhere ? sql(rowsWhere) : sql('i.site_id = ? AND i.collection_id = ?', siteId, schema.id);
  // PostgreSQL parses the JSON once a row for the conditions on values and the plain sort (OFFSET 0 keeps
  // the planner from copying the cast into every use); the hand order, a search of every field and an
  // indexed sort read none.
  const parsed = d === 'pg' && (q.where !== undefined || q.search?.field !== undefined || (q.sort !== undefined && !indexed));
  const from = parsed
    ? join([sql('FROM cms_items i CROSS JOIN LATERAL (SELECT i.data::jsonb AS d OFFSET 0) j WHERE'), ofCollection], ' ')
    : searched
      ? join(
          [
            sql('FROM cms_items_search s CROSS JOIN cms_items i ON i.rowid = s.rowid WHERE s.search LIKE ? AND', `%${q.search!.text}%`),
            ofCollection,
          ],
          ' ',
        )
      : join([sql(`FROM cms_items i${indexed && d === 'sqlite' ? ` INDEXED BY ${index}` : ''} WHERE`), ofCollection], ' ');
  const conditions: Sql[] = [];
  if (q.where) conditions.push(where(v, q.where));
  if (q.search) {
    // Every field's text (`cms_items.search`, written with the item: filter.ts searchText) holds the
    // text, found through the trigram index; a search of one field then tests that field too. SQLite's
    // FTS5 table answers LIKE from its index only without ESCAPE: there `%` and `_` of the text are
    // wildcards, which can only let more rows through to the exact test on `i.search`. No FTS query
    // syntax is involved, so quotes, `*`, `NEAR` and `:` are plain text.
    const pattern = `%${likeText(q.search.text)}%`;
    conditions.push(sql(`i.search ${v.like()}`, pattern));
    // PostgreSQL's trigram index is partial (writes.ts): the planner takes it only for a query that names its condition.
    if (d === 'pg' && schema.searchIndexed === true) conditions.push(sql('i.search_indexed'));
    if (q.search.field) {
      const target = v.text(q.search.field, Boolean(schema.fields.find((f) => f.id === q.search!.field)?.localizable));
      conditions.push({ sql: `lower(${target.sql}) ${v.like()}`, bindings: [...target.bindings, pattern] });
    }
  }
  const filtered = conditions.length ? join([from, ...conditions], ' AND ') : from;

  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  let order: Sql;
  if (!q.sort) order = sql(`ORDER BY i.order_key ${dir}`);
  else if (indexed) {
    // The index's own expressions (sort-index.ts), so the database walks it instead of sorting.
    const { empty, value } = textSortExpressions(d, textSort!, 'i.');
    order = sql(`ORDER BY ${empty}, ${value} ${dir}, i.order_key ASC`);
  } else {
    const value =
      q.sort === '_id' || field?.type === 'number'
        ? v.number(q.sort)
        : field?.type === 'date'
          ? v.date(q.sort)
          : wrap('lower(', v.text(q.sort, Boolean(field?.localizable)), ')');
    // Empty values last whatever the direction; equal values in hand order.
    order = join(
      [wrap('ORDER BY (CASE WHEN ', v.empty(q.sort), ' THEN 1 ELSE 0 END)'), wrap('', value, ` ${dir}`), sql('i.order_key ASC')],
      ', ',
    );
  }
  // One pass: the page and, beside each of its rows, how many rows match in all.
  const select = conditions.length ? sql('SELECT i.data, COUNT(*) OVER () AS total') : sql('SELECT i.data');
  const page = join([select, filtered, order, sql('LIMIT ? OFFSET ?', q.limit, q.offset)], ' ');
  let answer: unknown;
  try {
    answer = (await db.raw(page.sql, page.bindings)) as unknown;
  } catch (error) {
    // SQLite: the index named is gone (another process dropped it): sorted without it, made again next time.
    if (!indexed || d !== 'sqlite' || !/no such index/i.test(String(error))) throw error;
    forgetTextSortIndex(index);
    return listItemsSql(db, siteId, schema, q, fallback, { ...options, textSortIndexes: false });
  }
  const rows =
    d === 'pg' ? (answer as { rows: { data: unknown; total?: unknown }[] }).rows : (answer as { data: unknown; total?: unknown }[]);
  const list = rows.map((r) => parseItem(r.data));
  let total = schema.itemCount;
  if (conditions.length && rows.length) total = Number(rows[0]!.total);
  else if (conditions.length) {
    // A page past the last match: the count alone.
    const count = join([sql('SELECT COUNT(*) AS n'), filtered], ' ');
    const counted = (await db.raw(count.sql, count.bindings)) as unknown;
    const first = d === 'pg' ? (counted as { rows: { n: unknown }[] }).rows[0] : (counted as { n: unknown }[])[0];
    total = Number(first?.n ?? 0);
  }
  return { items: list, total };
}
