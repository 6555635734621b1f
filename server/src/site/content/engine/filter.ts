import { AppError } from '../../../core/errors.js';
import { messages } from '../../../core/messages.js';
import type { Field, Item } from '../../../model/document.js';

/**
 * The filter language of GET …/items (`where`, docs/decisions/0048-cms-filter-language.md): a JSON object
 * whose keys are field names (or `and`, `or`, `not`) and whose values are conditions,
 *
 *   {"price": {"lt": 20}, "date": {"gte": "2026-01-01"}}              (all must hold)
 *   {"or": [{"category": "news"}, {"tags": {"in": ["a", "b"]}}]}
 *   {"not": {"image": {"empty": true}}}
 *
 * Operators: eq, neq, lt, lte, gt, gte, in, nin, contains, startsWith, empty, notEmpty; a bare
 * value means eq. Each is typed by its field: numbers (and `_id`) and dates order, booleans are
 * true or false, an enum's values must be among its categories, text (localized text in the
 * list's language) matches exactly or, with contains and startsWith, case-insensitively; a list
 * field matches when one of its entries does. Anything else answers 400 naming the field and the
 * operator. The parsed filter is evaluated in memory (`matcher`) or turned into SQL (query-sql.ts).
 */

export const OPERATORS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'nin', 'contains', 'startsWith', 'empty', 'notEmpty'] as const;
export type Operator = (typeof OPERATORS)[number];

/** How a field's values compare. */
export type Kind = 'number' | 'date' | 'boolean' | 'enum' | 'text' | 'list' | 'other';
export type Scalar = number | string | boolean;

interface Base {
  field: string;
  kind: Kind;
  localized: boolean;
}
export interface ValueCondition extends Base {
  op: 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'contains' | 'startsWith';
  value: Scalar;
}
export interface ListCondition extends Base {
  op: 'in' | 'nin';
  values: Scalar[];
}
export type Condition =
  | ValueCondition
  | ListCondition
  | (Base & { op: 'empty' | 'notEmpty' })
  /** The older `filter=field:value`: the value's text equals the field's (one of a list's entries), or both are empty. */
  | { field: string; kind: Kind; localized: boolean; op: 'is'; value: string };

export type Filter = Condition | { and: Filter[] } | { or: Filter[] } | { not: Filter };

const ALLOWED: Record<Kind, readonly Operator[]> = {
  number: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'nin', 'empty', 'notEmpty'],
  date: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in', 'nin', 'empty', 'notEmpty'],
  boolean: ['eq', 'neq', 'empty', 'notEmpty'],
  enum: ['eq', 'neq', 'in', 'nin', 'contains', 'startsWith', 'empty', 'notEmpty'],
  text: ['eq', 'neq', 'in', 'nin', 'contains', 'startsWith', 'empty', 'notEmpty'],
  list: ['eq', 'neq', 'in', 'nin', 'contains', 'startsWith', 'empty', 'notEmpty'],
  other: ['empty', 'notEmpty'],
};

const TEXT_KINDS = new Set([
  'text',
  'slug',
  'richtext',
  'icon',
  'page',
  'image',
  'svg',
  'video',
  'file',
  'url',
  'email',
  'phone',
  'reference',
]);

/** How the values of a field (or `_id`) compare. */
export function kindOf(field: Field | undefined, id: string): Kind {
  if (id === '_id') return 'number';
  const type = field?.type ?? '';
  if (type === 'number') return 'number';
  if (type === 'date') return 'date';
  if (type === 'boolean' || type === 'published') return 'boolean';
  if (type === 'enum') return 'enum';
  if (type === 'list') return 'list';
  if (TEXT_KINDS.has(type)) return 'text';
  return 'other';
}

/** At most this many conditions, nested at most this deep: a filter is a question, not a program. */
const MAX_CONDITIONS = 64;
const MAX_DEPTH = 8;

const bad = (message: string, filterField?: string, operator?: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, {
    field: 'where',
    ...(filterField === undefined ? {} : { filterField }),
    ...(operator === undefined ? {} : { operator }),
  });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The `where` parameter's text, parsed against the collection's fields. */
export function parseWhere(raw: string, fields: readonly Field[]): Filter {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw bad(messages.whereInvalid);
  }
  let count = 0;
  const byId = new Map(fields.map((f) => [f.id, f]));

  const node = (value: unknown, depth: number): Filter => {
    if (depth > MAX_DEPTH || !isRecord(value)) throw bad(messages.whereInvalid);
    const parts: Filter[] = [];
    for (const [key, v] of Object.entries(value)) {
      if (key === 'and' || key === 'or') {
        if (!Array.isArray(v) || v.length === 0) throw bad(messages.whereInvalid, undefined, key);
        const list = v.map((x) => node(x, depth + 1));
        parts.push(key === 'and' ? { and: list } : { or: list });
      } else if (key === 'not') {
        parts.push({ not: node(v, depth + 1) });
      } else {
        const field = byId.get(key);
        if (!field && key !== '_id') throw bad(messages.whereFieldUnknown(key), key);
        parts.push(...conditions(key, field, v));
      }
    }
    if (parts.length === 0) throw bad(messages.whereInvalid);
    return parts.length === 1 ? parts[0]! : { and: parts };
  };

  const conditions = (id: string, field: Field | undefined, spec: unknown): Condition[] => {
    const ops: [string, unknown][] = isRecord(spec) ? Object.entries(spec) : [['eq', spec]];
    if (ops.length === 0) throw bad(messages.whereInvalid, id);
    return ops.map(([op, value]) => {
      if (++count > MAX_CONDITIONS) throw bad(messages.whereTooLong(MAX_CONDITIONS));
      return condition(id, field, op, value);
    });
  };

  return node(json, 0);
}

function condition(id: string, field: Field | undefined, op: string, value: unknown): Condition {
  const kind = kindOf(field, id);
  if (!(OPERATORS as readonly string[]).includes(op) || !ALLOWED[kind].includes(op as Operator))
    throw bad(messages.whereOperator(id, op), id, op);
  const base = { field: id, kind, localized: Boolean(field?.localizable) };
  const wrong = () => bad(messages.whereValue(id, op), id, op);
  const operator = op as Operator;
  if (operator === 'empty' || operator === 'notEmpty') {
    if (typeof value !== 'boolean') throw wrong();
    // {"empty": false} is notEmpty, and the other way round.
    return { ...base, op: (operator === 'empty') === value ? 'empty' : 'notEmpty' };
  }
  if (operator === 'in' || operator === 'nin') {
    if (!Array.isArray(value) || value.length === 0 || value.length > 100) throw wrong();
    return { ...base, op: operator, values: value.map((v) => scalar(field, kind, v, wrong)) };
  }
  if (operator === 'contains' || operator === 'startsWith') {
    if (typeof value !== 'string' || value === '') throw wrong();
    return { ...base, op: operator, value: value.toLowerCase() };
  }
  return { ...base, op: operator, value: scalar(field, kind, value, wrong) };
}

/** A value checked and converted for its field's kind. */
function scalar(field: Field | undefined, kind: Kind, value: unknown, wrong: () => AppError): Scalar {
  switch (kind) {
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
      if (!Number.isFinite(n)) throw wrong();
      return n;
    }
    case 'date':
      if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw wrong();
      return value;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw wrong();
    case 'enum': {
      const options = Array.isArray(field?.options) ? (field.options as unknown[]).map(String) : [];
      if (typeof value !== 'string' || (options.length > 0 && !options.includes(value))) throw wrong();
      return value;
    }
    default:
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      throw wrong();
  }
}

/** The `filter=field:value` conditions of the older parameter, as conditions of this language. */
export function legacyCondition(id: string, field: Field | undefined, value: string): Condition {
  return { field: id, kind: kindOf(field, id), localized: Boolean(field?.localizable), op: 'is', value };
}

// ------------------------------------------------------------------------------------------------
// In memory

export const isEmptyValue = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** A value as text in a language: localized values pick the language, lists join their entries. */
export function textOf(value: unknown, language: string, fallback: string): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => textOf(v, language, fallback)).join(' ');
  const map = value as Record<string, unknown>;
  if (map._loc === true)
    return textOf(map[language] ?? map[fallback] ?? Object.entries(map).find(([k]) => k !== '_loc')?.[1], language, fallback);
  return JSON.stringify(value);
}

/** Every text of a value: a localized one's in every language (one a line), a list's entries joined. */
function allTexts(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(allTexts).join(' ');
  const map = value as Record<string, unknown>;
  if (map._loc === true)
    return Object.entries(map)
      .filter(([k]) => k !== '_loc')
      .map(([, v]) => allTexts(v))
      .join('\n');
  return JSON.stringify(value);
}

/**
 * What a search of every field looks through (docs/decisions/0077-cms-query-engine.md): each
 * field's value as text, localized values in every language, one a line, lower-cased. The
 * in-memory engine searches it; writes store it with the item (`cms_items.search`), where the
 * database's trigram index (SQLite FTS5, PostgreSQL pg_trgm) finds the rows holding a text.
 */
export function searchText(item: Item): string {
  let out = '';
  for (const key of Object.keys(item)) {
    if (key === '_id') continue;
    const text = allTexts(item[key]);
    if (text) out += out ? `\n${text}` : text;
  }
  return out.toLowerCase();
}

/** A localized value's value in the language (else the default language, else any), other values as they are. */
function inLanguage(value: unknown, language: string, fallback: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || (value as { _loc?: unknown })._loc !== true) return value;
  const map = value as Record<string, unknown>;
  return map[language] ?? map[fallback] ?? Object.entries(map).find(([k]) => k !== '_loc')?.[1];
}

/** A test of one item against a filter, in a language. */
export function matcher(filter: Filter, language: string, fallback: string): (item: Item) => boolean {
  if ('and' in filter) {
    const parts = filter.and.map((f) => matcher(f, language, fallback));
    return (item) => parts.every((p) => p(item));
  }
  if ('or' in filter) {
    const parts = filter.or.map((f) => matcher(f, language, fallback));
    return (item) => parts.some((p) => p(item));
  }
  if ('not' in filter) {
    const part = matcher(filter.not, language, fallback);
    return (item) => !part(item);
  }
  const c = filter;
  const read = (item: Item) => inLanguage(item[c.field], language, fallback);
  if (c.op === 'empty') return (item) => isEmptyValue(read(item));
  if (c.op === 'notEmpty') return (item) => !isEmptyValue(read(item));
  if (c.op === 'is') {
    return (item) => {
      const v = item[c.field];
      if (c.value === '') return textOf(v, language, fallback) === '';
      if (Array.isArray(v)) return v.some((x) => textOf(x, language, fallback) === c.value);
      return textOf(v, language, fallback) === c.value;
    };
  }
  if (c.kind === 'boolean' && (c.op === 'eq' || c.op === 'neq')) {
    // A missing toggle is off.
    const want = c.value === true;
    return c.op === 'eq' ? (item) => (read(item) === true) === want : (item) => (read(item) === true) !== want;
  }
  // The values a condition looks at: a list's entries, else the one value.
  const values = (item: Item): unknown[] => {
    const v = read(item);
    if (isEmptyValue(v)) return [];
    return Array.isArray(v) ? v : [v];
  };
  const one = test(c as ValueCondition | ListCondition, language, fallback);
  if (c.op === 'neq' || c.op === 'nin') return (item) => !values(item).some(one);
  return (item) => values(item).some(one);
}

/** A test of one value (not empty) under a condition; neq and nin test for eq and in (their callers negate). */
function test(c: ValueCondition | ListCondition, language: string, fallback: string): (v: unknown) => boolean {
  const text = (v: unknown) => textOf(v, language, fallback);
  switch (c.kind) {
    case 'number': {
      const num = (v: unknown) => (typeof v === 'number' ? v : NaN);
      return compare(c, num);
    }
    case 'boolean':
      return (v) => (v === true) === (c as ValueCondition).value;
    case 'date':
      return compare(c, (v) => (typeof v === 'string' ? v : ''));
    default: {
      if (c.op === 'contains' || c.op === 'startsWith') {
        const needle = String(c.value);
        return c.op === 'contains' ? (v) => text(v).toLowerCase().includes(needle) : (v) => text(v).toLowerCase().startsWith(needle);
      }
      return compare(c, text);
    }
  }
}

function compare<T extends number | string>(c: ValueCondition | ListCondition, read: (v: unknown) => T): (v: unknown) => boolean {
  if (c.op === 'in' || c.op === 'nin') {
    const set = new Set<unknown>(c.values);
    return (v) => set.has(read(v));
  }
  const want = (c as ValueCondition).value as T;
  switch (c.op) {
    case 'eq':
    case 'neq':
      return (v) => read(v) === want;
    case 'lt':
      return (v) => read(v) < want;
    case 'lte':
      return (v) => read(v) <= want;
    case 'gt':
      return (v) => read(v) > want;
    case 'gte':
      return (v) => read(v) >= want;
    default:
      return () => false;
  }
}
