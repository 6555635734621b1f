import type { Knex } from 'knex';
import { isPostgres } from '../db/knex.js';
import type { Item } from '../model/document.js';
import type { Condition, Filter, ListCondition, ValueCondition } from './filter.js';
import type { ListQuery } from './query.js';
import { parseItem, type Schema } from './store.js';

/**
 * The item table's reads answered by the database (docs/decisions.md "CMS at scale"), for
 * collections larger than the item cache holds: the same query as query.ts (sort, `filter`,
 * `where`, search, page) as one SQL statement over the item rows, the page read with LIMIT/OFFSET
 * on the order-key index (hand order) and `total` from the collection's count when nothing narrows.
 * Field values are read from the item's JSON (`json_extract` in SQLite, `jsonb` in PostgreSQL);
 * text sorts by its lower case rather than the language's collation, and a search of every field
 * looks through the item's JSON text.
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

/** A field id as a JSON path step: ids are checked names, quotes are dropped all the same. */
const step = (id: string) => `"${id.replace(/["\\]/g, '')}"`;

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

  /** The whole item as lower-case text, for a search of every field. */
  everything(): Sql {
    return sql('lower(i.data)');
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

/** One page of a collection's items under the query, and how many match, from the database. */
export async function listItemsSql(
  db: Knex,
  siteId: string,
  schema: Schema,
  q: ListQuery,
  fallback: string,
): Promise<{ items: Item[]; total: number }> {
  const d: Dialect = isPostgres(db) ? 'pg' : 'sqlite';
  const v = new Values(d, q.language, fallback);
  const from =
    d === 'pg'
      ? // The JSON is parsed once a row (OFFSET 0 keeps the planner from copying the cast into every use).
        sql(
          'FROM cms_items i CROSS JOIN LATERAL (SELECT i.data::jsonb AS d OFFSET 0) j WHERE i.site_id = ? AND i.collection_id = ?',
          siteId,
          schema.id,
        )
      : sql('FROM cms_items i WHERE i.site_id = ? AND i.collection_id = ?', siteId, schema.id);
  const conditions: Sql[] = [];
  if (q.where) conditions.push(where(v, q.where));
  if (q.search) {
    const target = q.search.field
      ? v.text(q.search.field, Boolean(schema.fields.find((f) => f.id === q.search!.field)?.localizable))
      : v.everything();
    conditions.push({ sql: `lower(${target.sql}) ${v.like()}`, bindings: [...target.bindings, `%${likeText(q.search.text)}%`] });
  }
  const filtered = conditions.length ? join([from, ...conditions], ' AND ') : from;

  const dir = q.order === 'desc' ? 'DESC' : 'ASC';
  let order: Sql;
  if (!q.sort) order = sql(`ORDER BY i.order_key ${dir}`);
  else {
    const field = schema.fields.find((f) => f.id === q.sort);
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
  const answer = (await db.raw(page.sql, page.bindings)) as unknown;
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

/** Whether an item of the collection holds this text as a field's value (a duplicate's free slug). */
export async function valueTaken(db: Knex, siteId: string, collectionId: string, field: string, value: string): Promise<boolean> {
  const q = db('cms_items').where({ site_id: siteId, collection_id: collectionId });
  const hit: unknown = isPostgres(db)
    ? await q.andWhereRaw('(data::jsonb ->> CAST(? AS text)) = ?', [field, value]).first('item_id')
    : await q.andWhereRaw('json_extract(data, ?) = ?', [`$.${step(field)}`, value]).first('item_id');
  return Boolean(hit);
}
