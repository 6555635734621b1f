import { messages } from '../core/messages.js';
import { LANGUAGE } from '../core/validation.js';
import type { Field, Item } from '../model/document.js';
/** A new item's starting values (spec 002 §4): the SDK's rule, which the web app's create panel shows. */
export { startingValues } from '@pagewright/sdk/content';

/** Item values by field type (spec 002 §3-§5): what each type stores, and the rules applied on save. */

export type Checked = { value: unknown } | { error: string };
export interface RowError {
  field: string;
  message: string;
}

const MAX_VALUE_BYTES = 100_000;
/** A slug is the folder of its item's page in the published site: as long as a page address may be. */
const MAX_SLUG = 300;
const TEXT_TYPES = new Set(['text', 'slug', 'icon', 'page', 'image', 'svg', 'video', 'file', 'url', 'email', 'phone', 'reference']);
const LOCALIZABLE = new Set(['text', 'richtext', 'slug', 'image', 'svg', 'video', 'file', 'list']);

const isLocalized = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (v as { _loc?: unknown })._loc === true;

export const isEmptyValue = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** One language's value of a non-localized type. */
function plain(field: Field, value: unknown): Checked {
  const type = field.type;
  if (TEXT_TYPES.has(type)) {
    if (type === 'slug' && typeof value === 'string' && value.length > MAX_SLUG) return { error: messages.slugTooLong(MAX_SLUG) };
    if (typeof value === 'string') return { value };
    if (typeof value === 'number' || typeof value === 'boolean') return { value: String(value) };
    return { error: messages.valueText };
  }
  switch (type) {
    case 'richtext':
      if (typeof value === 'string' || Array.isArray(value) || (typeof value === 'object' && value !== null)) return { value };
      return { error: messages.valueText };
    case 'number': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : NaN;
      return Number.isFinite(n) ? { value: n } : { error: messages.valueNumber };
    }
    case 'date':
      if (typeof value === 'string' && (value === 'now' || !Number.isNaN(Date.parse(value)))) return { value };
      return { error: messages.valueDate };
    case 'enum': {
      const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
      if (text === null) return { error: messages.valueText };
      const options = Array.isArray(field.options) ? (field.options as string[]) : [];
      // "An enum item's value that is not in the options falls back to the first option."
      return { value: options.length && !options.includes(text) ? options[0] : text };
    }
    case 'published':
    case 'boolean':
      if (typeof value === 'boolean') return { value };
      if (value === 'true' || value === 'false') return { value: value === 'true' };
      return { error: messages.valueBoolean };
    case 'list': {
      // "List inputs ignore empty entries."
      const raw = typeof value === 'string' ? value.split('\n') : value;
      if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string' && typeof v !== 'number')) return { error: messages.valueList };
      return { value: raw.map((v) => String(v).trim()).filter((v) => v !== '') };
    }
    case 'gallery':
      if (Array.isArray(value)) return { value };
      return { error: messages.valueInvalid };
    case 'color':
    case 'gradient':
    case 'vcard':
      if (typeof value === 'string' || (typeof value === 'object' && value !== null && !Array.isArray(value))) return { value };
      return { error: messages.valueInvalid };
    default:
      return { value };
  }
}

/**
 * A value for a field: null or empty removes it (refused when the field is required); a localized
 * value (`{"_loc": true, …}`) of a field that is not localizable collapses to one language's value
 * (spec 002 §4), the default language first.
 */
export function normalizeValue(field: Field, value: unknown, languages: readonly string[]): Checked {
  if (value === undefined) return { value: undefined };
  if (JSON.stringify(value).length > MAX_VALUE_BYTES) return { error: messages.dataValueTooLarge };
  if (isLocalized(value)) {
    if (!field.localizable || !LOCALIZABLE.has(field.type)) {
      const pick = value[languages[0] ?? ''] ?? Object.entries(value).find(([k]) => k !== '_loc')?.[1];
      return normalizeValue(field, pick ?? null, languages);
    }
    const out: Record<string, unknown> = { _loc: true };
    let any = false;
    for (const [language, text] of Object.entries(value)) {
      if (language === '_loc' || isEmptyValue(text)) continue;
      if (!LANGUAGE.test(language)) return { error: messages.languageInvalid };
      const checked = plain(field, text);
      if ('error' in checked) return checked;
      out[language] = checked.value;
      any = true;
    }
    if (!any) return normalizeValue(field, null, languages);
    return { value: out };
  }
  if (isEmptyValue(value)) return field.required ? { error: messages.valueRequired } : { value: undefined };
  const checked = plain(field, value);
  if ('error' in checked) return checked;
  if (field.required && isEmptyValue(checked.value)) return { error: messages.valueRequired };
  return checked;
}

/** Keys of a body that are not values: the item's id and where to insert it. */
const META = new Set(['_id', '_index']);

/**
 * The values a body sets, checked against the collection's fields. `undefined` in the answer
 * means "remove". Unknown keys are errors, so a typo in an import is reported, not silently lost.
 */
export function checkValues(
  fields: readonly Field[],
  body: Record<string, unknown>,
  languages: readonly string[],
): { values: Record<string, unknown>; errors: RowError[] } {
  const values: Record<string, unknown> = {};
  const errors: RowError[] = [];
  for (const [key, raw] of Object.entries(body)) {
    if (META.has(key)) continue;
    const field = fields.find((f) => f.id === key);
    if (!field) {
      errors.push({ field: key, message: messages.fieldUnknown });
      continue;
    }
    const checked = normalizeValue(field, raw, languages);
    if ('error' in checked) errors.push({ field: key, message: checked.error });
    else values[key] = checked.value;
  }
  return { values, errors };
}

/** An item with values applied (`undefined` removes the key). */
export function applyValues(item: Item, values: Record<string, unknown>): Item {
  // Built key by key rather than copied and deleted from (an object deleted from turns slow): the
  // item's keys in their order, then the new ones.
  const next = {} as Item;
  for (const key of Object.keys(item)) {
    const value = Object.hasOwn(values, key) ? values[key] : item[key];
    if (value !== undefined) next[key] = value;
  }
  for (const key of Object.keys(values)) if (!Object.hasOwn(item, key) && values[key] !== undefined) next[key] = values[key];
  return next;
}

/** Required fields a finished item leaves empty. */
export function missingRequired(fields: readonly Field[], item: Item): RowError[] {
  return fields.filter((f) => f.required && isEmptyValue(item[f.id])).map((f) => ({ field: f.id, message: messages.valueRequired }));
}
