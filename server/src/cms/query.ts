import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { collator } from '../render/cms.js';
import type { Field, Item } from '../model/document.js';
import type { ItemSet } from './store.js';
import { isEmptyValue as empty, legacyCondition, matcher, parseWhere, textOf, type Filter } from './filter.js';

export { textOf };

/**
 * The item table's reads (spec 002 §2 "CMS screen"): a page of items in hand-sorted order or by a
 * field, narrowed by `field:value` filters, a `where` filter (filter.ts) and a search (`field:text`
 * searches that field when it exists). This is the in-memory engine, for collections the item cache
 * holds; query-sql.ts answers the same query from the database for larger ones. Sorted orders and search texts are worked out once per collection revision and kept
 * with its items, so a page of 100 out of 50,000 is a filter pass and a slice.
 */

const PAGE_SIZE = 100;

export interface ListQuery {
  sort?: string;
  order: 'asc' | 'desc';
  filters: { field: string; value: string }[];
  /** The `where` filter and the `filter` ones, all of which must hold (undefined: none). */
  where?: Filter;
  /** The `where` parameter as sent, for the results kept per revision. */
  whereText?: string;
  search?: { field?: string; text: string };
  offset: number;
  limit: number;
  language: string;
}

const one = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;

function whole(v: unknown, field: string, fallback: number, max: number): number {
  const raw = one(v);
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) throw invalid(field, messages.indexInvalid);
  return n;
}

/** `sort`, `order`, `filter` (repeatable `field:value`), `search`, `offset`, `limit` (at most 100), `language`. */
export function parseListQuery(q: Record<string, unknown>, fields: readonly Field[], languages: readonly string[]): ListQuery {
  const known = (id: string) => id === '_id' || fields.some((f) => f.id === id);
  const sort = one(q.sort) || undefined;
  if (sort !== undefined && !known(sort)) throw invalid('sort', messages.fieldNotFound);
  const orderRaw = one(q.order) ?? 'asc';
  if (orderRaw !== 'asc' && orderRaw !== 'desc') throw invalid('order', messages.optionInvalid(['asc', 'desc']));
  const rawFilters = q.filter === undefined ? [] : Array.isArray(q.filter) ? q.filter : [q.filter];
  const filters = rawFilters.map((f) => {
    if (typeof f !== 'string' || !f.includes(':')) throw invalid('filter', messages.filterInvalid);
    const at = f.indexOf(':');
    const field = f.slice(0, at);
    if (!known(field)) throw invalid('filter', messages.fieldNotFound);
    return { field, value: f.slice(at + 1) };
  });
  const whereText = one(q.where)?.trim() || undefined;
  const parts: Filter[] = filters.map((f) =>
    legacyCondition(
      f.field,
      fields.find((x) => x.id === f.field),
      f.value,
    ),
  );
  if (whereText) parts.push(parseWhere(whereText, fields));
  const where: Filter | undefined = parts.length === 0 ? undefined : parts.length === 1 ? parts[0] : { and: parts };
  let search: ListQuery['search'];
  const text = one(q.search)?.trim();
  if (text) {
    // "Searching with field:text restricts the search to that field if it exists."
    const at = text.indexOf(':');
    const field = at > 0 ? text.slice(0, at) : undefined;
    search =
      field && known(field)
        ? {
            field,
            text: text
              .slice(at + 1)
              .trim()
              .toLowerCase(),
          }
        : { text: text.toLowerCase() };
  }
  const language = one(q.language) ?? languages[0] ?? 'en';
  if (!languages.includes(language)) throw invalid('language', messages.languageInvalid);
  return {
    sort,
    order: orderRaw,
    filters,
    where,
    whereText,
    search,
    offset: whole(q.offset, 'offset', 0, Number.MAX_SAFE_INTEGER),
    limit: whole(q.limit, 'limit', PAGE_SIZE, PAGE_SIZE) || PAGE_SIZE,
    language,
  };
}

/** Hand order, or a field's order (numbers numerically, dates as written, text by collation), empty values last: positions in `set.list`. */
function orderOf(
  set: ItemSet,
  fields: readonly Field[],
  sort: string | undefined,
  order: 'asc' | 'desc',
  language: string,
  fallback: string,
): Int32Array {
  const key = `order:${sort ?? ''}:${order}:${language}`;
  const memo = set.memo.get(key) as Int32Array | undefined;
  if (memo) return memo;
  const n = set.list.length;
  const out = new Int32Array(n);
  if (!sort) {
    for (let i = 0; i < n; i++) out[i] = order === 'desc' ? n - 1 - i : i;
  } else {
    const field = fields.find((f) => f.id === sort);
    const numeric = sort === '_id' || field?.type === 'number';
    const dir = order === 'desc' ? -1 : 1;
    const keyed = set.list.map((item, i) => {
      const raw = item[sort];
      const isEmpty = empty(raw);
      return { i, isEmpty, n: numeric ? Number(raw) : 0, s: numeric || isEmpty ? '' : textOf(raw, language, fallback) };
    });
    const compareText = field?.type === 'date' ? (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) : collator(language).compare;
    keyed.sort((a, b) => {
      if (a.isEmpty || b.isEmpty) return a.isEmpty === b.isEmpty ? a.i - b.i : a.isEmpty ? 1 : -1;
      const c = numeric ? a.n - b.n : compareText(a.s, b.s);
      return c === 0 ? a.i - b.i : dir * c;
    });
    keyed.forEach((k, i) => (out[i] = k.i));
  }
  set.memo.set(key, out);
  return out;
}

/** The items in a field's order (see orderOf). */
export function sortedBy(
  set: ItemSet,
  fields: readonly Field[],
  sort: string,
  order: 'asc' | 'desc',
  language: string,
  fallback: string,
): Item[] {
  return Array.from(orderOf(set, fields, sort, order, language, fallback), (i) => set.list[i]!);
}

/** Lower-cased text of each item (one field, or all of them), parallel to `set.list`. */
function searchTexts(set: ItemSet, field: string | undefined, language: string, fallback: string): string[] {
  const key = `search:${field ?? '*'}:${language}`;
  let texts = set.memo.get(key) as string[] | undefined;
  if (!texts) {
    texts = set.list.map((item) =>
      (field
        ? textOf(item[field], language, fallback)
        : Object.entries(item)
            .map(([k, v]) => (k === '_id' ? '' : textOf(v, language, fallback)))
            .join('\n')
      ).toLowerCase(),
    );
    set.memo.set(key, texts);
  }
  return texts;
}

/** Results of recent queries per revision (positions of every match, in order); paging through them is a slice. */
const RESULTS_KEPT = 16;

/** One page of the collection's items under the query, and how many match in all. */
export function listItems(set: ItemSet, fields: readonly Field[], q: ListQuery, fallback: string): { items: Item[]; total: number } {
  const order = orderOf(set, fields, q.sort, q.order, q.language, fallback);
  let matches: Int32Array = order;
  if (q.where || q.search) {
    const key = `result:${q.sort ?? ''}:${q.order}:${q.language}:${JSON.stringify(q.filters)}:${q.whereText ?? ''}:${q.search?.field ?? ''}:${q.search?.text ?? ''}`;
    const results = (set.memo.get('results') as Map<string, Int32Array> | undefined) ?? new Map<string, Int32Array>();
    set.memo.set('results', results);
    const hit = results.get(key);
    if (hit) {
      matches = hit;
      results.delete(key);
      results.set(key, hit);
    } else {
      const test = q.where ? matcher(q.where, q.language, fallback) : undefined;
      const texts = q.search ? searchTexts(set, q.search.field, q.language, fallback) : undefined;
      const needle = q.search?.text ?? '';
      const found = new Int32Array(order.length);
      let n = 0;
      for (let k = 0; k < order.length; k++) {
        const i = order[k]!;
        if (texts && !texts[i]!.includes(needle)) continue;
        if (!test || test(set.list[i]!)) found[n++] = i;
      }
      matches = found.slice(0, n);
      results.set(key, matches);
      if (results.size > RESULTS_KEPT) results.delete(results.keys().next().value!);
    }
  }
  const items: Item[] = [];
  for (let k = q.offset; k < Math.min(matches.length, q.offset + q.limit); k++) items.push(set.list[matches[k]!]!);
  return { items, total: matches.length };
}
