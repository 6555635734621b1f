import { collator } from '../../../render/cms.js';
import type { Field, Item } from '../../../model/document.js';
import { isEmptyValue as empty, matcher, searchText, textOf } from './filter.js';
import type { ItemSet, ListQuery, Page } from './types.js';

/**
 * The in-memory engine: a list query (sort, `filter`, `where`, search, page; spec 002 §2 "CMS
 * screen") answered over the items the item cache holds (cache.ts), for collections up to
 * `ContentStore.memoryItems` items. Sorted orders (by the language's collation) and search texts
 * are worked out once per collection revision and kept with its items (`set.memo`), so a page of
 * 100 out of 50,000 is a filter pass and a slice; the results of recent queries are kept too.
 */

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

/** Lower-cased text of each item (one field in the language, or every field: `searchText`), parallel to `set.list`. */
function searchTexts(set: ItemSet, field: string | undefined, language: string, fallback: string): string[] {
  const key = field ? `search:${field}:${language}` : 'search:*';
  let texts = set.memo.get(key) as string[] | undefined;
  if (!texts) {
    texts = set.list.map((item) => (field ? textOf(item[field], language, fallback).toLowerCase() : searchText(item)));
    set.memo.set(key, texts);
  }
  return texts;
}

/** Results of recent queries per revision (positions of every match, in order); paging through them is a slice. */
const RESULTS_KEPT = 16;

/** One page of the collection's items under the query, and how many match in all. */
export function listItems(set: ItemSet, fields: readonly Field[], q: ListQuery, fallback: string): Page {
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
