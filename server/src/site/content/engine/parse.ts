import { invalid } from '../../../core/errors.js';
import { messages } from '../../../core/messages.js';
import type { Field } from '../../../model/document.js';
import { legacyCondition, parseWhere, type Filter } from './filter.js';
import type { ListQuery } from './types.js';

/**
 * GET …/items's query parameters as a `ListQuery` (spec 002 §2 "CMS screen", §7): `sort`, `order`,
 * `filter` (repeatable `field:value`), `where` (filter.ts), `search` (`field:text` searches that
 * field when it exists), `offset`, `limit` (at most 100) and `language`. Bad input is a 400 naming
 * the parameter; the search text is kept as plain text, whatever characters it holds.
 */

const PAGE_SIZE = 100;

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
