import { CONTAINER_TAGS } from '@pagewright/sdk/rules';
import { sanitizeInlineSvg } from '../core/sanitize.js';
import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { ComponentType, SiteDoc } from '../model/document.js';

/**
 * The rules of spec 001 §3 and §5 for a component's data map. Most settings may be empty and take
 * any JSON value; the ones below are checked because the spec fixes their values.
 */

/** Flat keys: `value`, `_options.tag`, `_attr.data-x`, `dark.value`, `shared.card.bg`… */
const KEY = /^[A-Za-z_$][\w$.\-:/@]{0,99}$/;
const MAX_VALUE_BYTES = 100_000;

const TAGS: Partial<Record<ComponentType, readonly string[]>> = {
  heading: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'],
  paragraph: ['p', 'small', 'cite', 'summary', 'address'],
  date: ['time', 'div', 'span'],
  ul: ['ul', 'ol'],
};
for (const type of ['layout-h', 'layout-v', 'layout-grid2', 'layout-grid3'] as const) TAGS[type] = CONTAINER_TAGS;

function oneOf(key: string, value: unknown, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value)) throw invalid(key, messages.optionInvalid(allowed));
}

/** The value to store for one data key, or a 400 naming the key. `null` removes the key. */
export function dataValue(doc: SiteDoc, type: ComponentType, key: string, value: unknown): unknown {
  if (!KEY.test(key)) throw invalid(key, messages.dataKeyInvalid);
  if (value === null) return undefined;
  if (JSON.stringify(value).length > MAX_VALUE_BYTES) throw invalid(key, messages.dataValueTooLarge);
  if (key === '_options.hidden' && typeof value !== 'boolean') throw invalid(key, `${key} must be true or false`);
  if (key === '_options.tag' && TAGS[type]) oneOf(key, value, TAGS[type]);
  // A setting bound to a CMS field holds `{ "_bind": "<field>" }` (docs/site-model.md "Binding").
  const bound = typeof value === 'object' && !Array.isArray(value) && typeof (value as { _bind?: unknown })._bind === 'string';
  if (type === 'counter' && key === 'value' && !bound) {
    // "Counter value is parsed as an integer" (spec 001 §5).
    const parsed = typeof value === 'number' ? value : Number.parseInt(String(value), 10);
    if (!Number.isInteger(parsed)) throw invalid(key, messages.counterValueInteger);
    return parsed;
  }
  // Inline SVG is markup: it is kept only as the sanitizer leaves it (and cleaned again when rendered).
  if (type === 'svg' && key === 'value' && typeof value === 'string' && value.trim().startsWith('<')) {
    const clean = sanitizeInlineSvg(value.trim());
    if (!clean) throw invalid(key, messages.svgMarkupInvalid);
    return clean;
  }
  if (key === '_repeat' && value !== '') {
    if (typeof value !== 'string' || !(value.startsWith('_') || doc.collections.some((c) => c.id === value))) {
      throw invalid(key, messages.collectionNotFound);
    }
  }
  if (key === '_dataSource' && value !== '') {
    // `collectionId` or `collectionId.itemId` (spec 001 §3).
    const [collectionId, itemId, ...rest] = String(value).split('.');
    const collection = doc.collections.find((c) => c.id === collectionId);
    if (typeof value !== 'string' || rest.length || !collection) throw invalid(key, messages.collectionNotFound);
    if (itemId !== undefined && !collection.items.some((item) => String(item._id) === itemId)) throw invalid(key, messages.itemNotFound);
  }
  return value;
}

const NAMES: Partial<Record<ComponentType, string>> = {
  'layout-h': 'Row',
  'layout-v': 'Column',
  'layout-grid2': 'Grid',
  'layout-grid3': 'Grid',
  ul: 'List',
  sr: 'Screen reader text',
  codeBlock: 'Code block',
  deviceMockup: 'Device mockup',
  didYouMean: 'Did you mean',
  googleMaps: 'Map',
  'schemaOrg-thing': 'Schema.org thing',
  'schemaOrg-blog': 'Schema.org blog',
  schemaOrg: 'Schema.org',
};

/** A component type's display name: `heading` → `Heading`, `layout-h` → `Row`. */
export const typeName = (type: ComponentType): string => NAMES[type] ?? type.charAt(0).toUpperCase() + type.slice(1);

/** What a new component of a type starts with, so it shows something in the preview. */
export function defaultData(type: ComponentType): Record<string, unknown> {
  const data: Record<string, unknown> = { '_options.name': typeName(type) };
  switch (type) {
    case 'heading':
      return { ...data, value: 'Heading', '_options.tag': 'h2' };
    case 'paragraph':
      return { ...data, value: 'Write something worth reading here.' };
    case 'text':
    case 'sr':
    case 'label':
      return { ...data, value: typeName(type) };
    case 'richtext':
      return { ...data, value: [{ type: 'p', value: 'Write something worth reading here.' }] };
    case 'button':
    case 'link':
      return { ...data, value: type === 'button' ? 'Button' : 'Link', _action: 'page', _target: 'home' };
    case 'counter':
      return { ...data, value: 100, duration: 2000 };
    case 'date':
      return { ...data, format: 'long', tag: 'time' };
    case 'youtube':
      return { ...data, width: 560, height: 315, loading: 'onclick' };
    default:
      return data;
  }
}

/** The shared-style type a component type takes (spec 001 §3: text, input, richtext, button). */
export function sharedTypeOf(type: ComponentType): 'text' | 'input' | 'richtext' | 'button' {
  if (type === 'richtext') return 'richtext';
  if (type === 'button' || type === 'link') return 'button';
  if (type === 'input' || type === 'textarea' || type === 'select' || type === 'checkbox') return 'input';
  return 'text';
}
