import type { components } from './generated/api.js';

/**
 * How a cell of text (a CSV cell, an NDJSON string, `--set field=value`) becomes what its CMS field's type
 * stores: one rule for the CLI's `items import` and the web app's import, so the two give the same items
 * from the same file.
 */

type Field = Pick<components['schemas']['Field'], 'type' | 'options'>;

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
 * A value read as text turned into what the field's type stores. Answers undefined for an empty cell (the
 * value is not sent: an update keeps it, a new item gets the default). Text that does not fit the type is
 * sent as it is, so the server refuses it with its message.
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

/** What `startingValues` reads of a field: the server's own type and the contract's both fit. */
interface StartingField {
  id: string;
  type: string;
  options?: unknown;
  default?: unknown;
}

/**
 * What a new item starts with (spec 002 §4): each field's default; an enum takes the last item's value
 * (when it is still one of its categories), else the field's default, else its first category; a
 * published toggle starts on. The server fills new items with it and the web app's create panel shows it,
 * so what the panel shows is what is saved.
 */
export function startingValues(
  fields: readonly StartingField[],
  last: Readonly<Record<string, unknown>> | undefined,
): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const f of fields) {
    if (f.type === 'enum') {
      const options = categoriesOf(f);
      const lastValue = last && Object.hasOwn(last, f.id) ? last[f.id] : undefined;
      const pick = typeof lastValue === 'string' && options.includes(lastValue) ? lastValue : (f.default ?? options[0]);
      if (pick !== undefined) values.set(f.id, pick);
    } else if (f.default !== undefined) values.set(f.id, f.default);
    else if (f.type === 'published') values.set(f.id, true);
  }
  return values;
}
