import { Option } from '@commander-js/extra-typings';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { CliError, unwrap } from './errors.js';

/** What the CMS commands share: the collection option, the schema, values as text and back. */

export type Collection = Schemas['CmsCollection'];
export type Field = Schemas['Field'];
export type Item = Schemas['Item'];

/** `--collection`, mandatory: every items, fields and import command works on one collection. */
export const collectionOption = () =>
  new Option('-c, --collection <id>', 'the collection (see: pagewright collections list)').makeOptionMandatory();

/** The collection with its fields; a 404 says the collection is not there. */
export async function getCollection(api: PagewrightClient, siteId: string, collection: string): Promise<Collection> {
  return unwrap(await api.GET('/sites/{siteId}/content/{collection}', { params: { path: { siteId, collection } } }));
}

/** A field's title in the site's first language (titles may be localized). */
export function titleOf(field: Field): string {
  const name: unknown = field.name;
  if (typeof name === 'string') return name;
  if (typeof name === 'object' && name !== null) {
    const first = Object.entries(name).find(([key, value]) => key !== '_loc' && typeof value === 'string');
    if (first) return String(first[1]);
  }
  return field.id;
}

/** A value as one cell of text: lists on one line joined by `, `, objects (localized values, galleries) as JSON. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  return JSON.stringify(value);
}

/** A value as a CSV cell that `items import` reads back: lists joined by new lines, objects as JSON. */
export function csvCell(value: unknown): string {
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join('\n');
  return cellText(value);
}

const TRUE = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE = new Set(['false', 'no', 'n', '0', 'off']);
/** Types whose value is structured: a cell starting with `[` or `{` is read as JSON. */
const STRUCTURED = new Set(['gallery', 'vcard', 'color', 'gradient', 'richtext']);

const pad = (n: number) => String(n).padStart(2, '0');

/** An enum field's categories as text, worked out once per field (an import asks for every row). */
const categoryCache = new WeakMap<Field, string[]>();
function categoriesOf(field: Field): string[] {
  let list = categoryCache.get(field);
  if (!list) {
    list = Array.isArray(field.options) ? (field.options as unknown[]).map(String) : [];
    categoryCache.set(field, list);
  }
  return list;
}

/**
 * A date as the server stores it: ISO `YYYY-MM-DD` (with the time when there is one). ISO text is kept
 * as written; `DD.MM.YYYY` is read day first; anything else Date can read is turned into ISO in local
 * time; text that is no date is passed on for the server to refuse with its own message.
 */
function coerceDate(raw: string): string {
  const text = raw.trim();
  if (/^\d{4}-\d{2}-\d{2}([T ].*)?$/.test(text) || text === 'now') return text;
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  if (dotted) return `${dotted[3]}-${pad(Number(dotted[2]))}-${pad(Number(dotted[1]))}`;
  const time = Date.parse(text);
  if (Number.isNaN(time)) return text;
  const d = new Date(time);
  const day = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  return d.getHours() || d.getMinutes() || d.getSeconds()
    ? `${day}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    : day;
}

/**
 * A value read as text (a CSV cell, `--set field=value`) turned into what the field's type stores.
 * Answers undefined for an empty cell (the value is not sent: an update keeps it, a new item gets the
 * default). Text that does not fit the type is sent as it is, so the server refuses it with its message.
 */
export function coerceText(field: Field | undefined, raw: string): unknown {
  if (raw === '') return undefined;
  if (raw.startsWith('{"_loc"')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw;
    }
  }
  if (!field) return raw;
  const text = raw.trim();
  switch (field.type) {
    case 'number': {
      const n = Number(text.replace(/[_\s]/g, ''));
      return text !== '' && Number.isFinite(n) ? n : raw;
    }
    case 'published':
    case 'boolean': {
      const lower = text.toLowerCase();
      return TRUE.has(lower) ? true : FALSE.has(lower) ? false : raw;
    }
    case 'enum': {
      const options = categoriesOf(field);
      return options.find((o) => o === text) ?? options.find((o) => o.toLowerCase() === text.toLowerCase()) ?? text;
    }
    case 'date':
      return coerceDate(text);
    case 'list':
      return raw
        .split(/\n|\|/)
        .map((v) => v.trim())
        .filter(Boolean);
    default:
      if (STRUCTURED.has(field.type) && /^[[{]/.test(text)) {
        try {
          return JSON.parse(text) as unknown;
        } catch {
          return raw;
        }
      }
      return raw;
  }
}

/** Whether an enum value (after coercion) is one of the field's categories; the server would put the first one instead. */
export function outsideCategories(field: Field | undefined, value: unknown): boolean {
  if (!field || field.type !== 'enum' || typeof value !== 'string') return false;
  const options = categoriesOf(field);
  return options.length > 0 && !options.includes(value);
}

/** `--data '{…}'` merged with `--set field=value` (which wins), each value of --set coerced to its field's type. */
export function itemBody(fields: readonly Field[], data: string | undefined, sets: readonly string[]): Record<string, unknown> {
  let body: Record<string, unknown> = {};
  if (data !== undefined) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch (error) {
      throw new CliError(`--data is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new CliError('--data must be a JSON object, like {"title":"Hello"}');
    body = { ...(parsed as Record<string, unknown>) };
  }
  for (const set of sets) {
    const at = set.indexOf('=');
    if (at <= 0) throw new CliError(`--set takes field=value (got "${set}")`);
    const key = set.slice(0, at);
    const raw = set.slice(at + 1);
    const field = fields.find((f) => f.id === key);
    // An empty value clears the field (null), as the API's PATCH does.
    body[key] = raw === '' ? null : key === '_id' || key === '_index' ? Number(raw) : coerceText(field, raw);
  }
  return body;
}

/** Collects a repeatable option's values. */
export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** A positive whole number option. */
export function positiveInt(name: string, min = 1) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isSafeInteger(n) || n < min) throw new CliError(`${name} must be a whole number of at least ${min} (got "${value}")`);
    return n;
  };
}

/** An item id argument. */
export function itemId(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 1) throw new CliError(`item id must be a positive whole number (got "${value}")`);
  return n;
}

/** Every page of a listing (the API answers at most 100 a page), up to `limit` items. */
export async function* allItems(
  api: PagewrightClient,
  siteId: string,
  collection: string,
  query: { sort?: string; order?: 'asc' | 'desc'; filter?: string[]; search?: string; language?: string },
  from = 0,
  limit = Infinity,
): AsyncGenerator<{ items: Item[]; total: number }> {
  let offset = from;
  let left = limit;
  for (;;) {
    const pageSize = Math.min(100, left);
    const page = unwrap(
      await api.GET('/sites/{siteId}/content/{collection}/items', {
        params: { path: { siteId, collection }, query: { ...query, offset, limit: pageSize } },
      }),
    );
    yield { items: page.items, total: page.total };
    offset += page.items.length;
    left -= page.items.length;
    if (page.items.length === 0 || offset >= page.total || left <= 0) return;
  }
}
