import type { Schemas } from '@pagewright/sdk';
import { normalizePageAddress } from '@pagewright/sdk/rules';

/** Pure helpers of the CMS screen: what a cell shows, which values lack a translation, field rules. */

export type CmsCollection = Schemas['CmsCollection'];
export type Field = Schemas['Field'];
export type Item = Schemas['Item'];
export type FieldType = NonNullable<Schemas['FieldInput']['type']>;

/** Spec 002 §3 field types, in the order the type menu lists them ('enum' is shown as Category). */
export const FIELD_TYPES: readonly FieldType[] = [
  'text',
  'richtext',
  'number',
  'date',
  'enum',
  'slug',
  'list',
  'image',
  'gallery',
  'file',
  'svg',
  'video',
  'vcard',
  'page',
  'icon',
  'color',
  'gradient',
  'published',
];

const TYPE_LABELS = new Map<string, string>([
  ['text', 'Text'],
  ['richtext', 'Rich text'],
  ['number', 'Number'],
  ['date', 'Date'],
  ['enum', 'Category'],
  ['slug', 'Slug'],
  ['list', 'List'],
  ['image', 'Image'],
  ['gallery', 'Gallery'],
  ['file', 'File'],
  ['svg', 'SVG'],
  ['video', 'Video'],
  ['vcard', 'vCard'],
  ['page', 'Page'],
  ['icon', 'Icon'],
  ['color', 'Color'],
  ['gradient', 'Gradient'],
  ['published', 'Published'],
]);
export const typeLabel = (type: string) => TYPE_LABELS.get(type) ?? type;

/**
 * Type changes an edit may make (spec 002 §3), the server's list (server/src/cms/fields.ts
 * TYPE_CHANGES): the selector is hidden when a type has none.
 */
const TYPE_CHANGES = new Map<string, readonly FieldType[]>([
  ['text', ['richtext', 'slug', 'enum']],
  ['richtext', ['text']],
  ['slug', ['text']],
  ['number', ['text']],
  ['date', ['text']],
  ['enum', ['text']],
  ['icon', ['text']],
  ['page', ['text']],
  ['image', ['svg', 'file']],
  ['svg', ['image', 'file']],
  ['video', ['file']],
  ['file', ['image', 'svg', 'video']],
]);
export const typeChanges = (type: string): readonly FieldType[] => TYPE_CHANGES.get(type) ?? [];

/** Types whose values may differ per language (spec 002 §5: the localizable flag is offered for these only). */
export const LOCALIZABLE_TYPES: readonly string[] = ['text', 'richtext', 'slug', 'image', 'svg', 'video', 'file', 'list'];
/** Spec 002 §5: the required flag is not offered for enum and published. */
export const canBeRequired = (type: string) => type !== 'enum' && type !== 'published';
/** Spec 002 §3 vCard json keys. */
export const VCARD_KEYS = ['name', 'photo', 'company', 'url', 'email', 'phone', 'mobile', 'street', 'city', 'zip', 'country'] as const;
/** Spec 002 §3 collection icons. */
export const COLLECTION_ICONS = [
  'Blog',
  'Building',
  'Buildings',
  'Card',
  'Cart',
  'History',
  'Legal',
  'Logo',
  'Globe',
  'Info',
  'People',
  'Phone',
  'Question',
  'Quote',
  'Star',
  'Tag',
  'Text',
  'Wrench',
] as const;
/** Spec 002 §5: a field name starts with a lowercase letter, then lowercase letters, digits or underscore. */
export const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

export const valueOf = (item: Item, field: string): unknown => new Map(Object.entries(item)).get(field);

export function isLocalized(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && (value as { _loc?: unknown })._loc === true;
}

/** A localized value's text in a language (falling back to the main one); other values as they are. */
export function inLanguage(value: unknown, language: string, main: string): unknown {
  if (!isLocalized(value)) return value;
  const map = new Map(Object.entries(value));
  const own = map.get(language);
  if (own !== undefined && own !== '') return own;
  return map.get(main);
}

/** What a table cell shows for a value of any type, in a language. */
export function cellText(value: unknown, language: string, main: string): string {
  const v = inLanguage(value, language, main);
  if (v === undefined || v === null) return '';
  if (typeof v === 'string')
    return v.includes('<')
      ? v
          .replace(/<[^>]*>/g, ' ')
          .replace(/\s+/g, ' ')
          .trim()
      : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map((x) => cellText(x, language, main)).join(', ');
  if (typeof v === 'object') {
    const o = new Map<string, unknown>(Object.entries(v as Record<string, unknown>));
    // A rich-text block ({ type: 'p', value: '…' }, a list's items in an array).
    if (typeof o.get('type') === 'string' && o.has('value')) return cellText(o.get('value'), language, main);
    const name = o.get('name') ?? o.get('title') ?? o.get('src') ?? o.get('url');
    if (typeof name === 'string') return name;
  }
  return JSON.stringify(v);
}

const MEDIA_TYPES = new Set(['image', 'svg', 'video', 'file', 'gallery']);
const emptyValue = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Spec 002 §2 "A missing localization is flagged per cell with a red translate icon": a localizable
 * field of a site with several languages whose value has text in the main language but none in this one.
 */
export function missingTranslation(field: Field, value: unknown, language: string, languages: readonly string[]): boolean {
  if (!field.localizable || languages.length < 2) return false;
  // A picture or file shows in every language unless one is given its own: none is not a missing translation.
  if (MEDIA_TYPES.has(field.type)) return false;
  if (emptyValue(value)) return false;
  // A value of one language is the main language's.
  if (!isLocalized(value)) return language !== languages[0];
  return emptyValue(new Map(Object.entries(value)).get(language));
}

/** A field's title in the main language (the stored `name` is the localized title; `id` is the key). */
export function fieldTitle(field: Field, main: string): string {
  const t = inLanguage(field.name, main, main);
  return typeof t === 'string' && t ? t : field.id;
}

/** The fields an item is named by, in spec 002 §9's label lookup order (then the first text field). */
const LABEL_FIELDS = ['name', 'firstname', 'lastname', 'title', 'heading', 'text', 'description', 'question'];

/** The text field an item is named by: the one its slug is made from. */
export function nameField(fields: readonly Field[]): Field | undefined {
  const texts = fields.filter((f) => f.type === 'text');
  return LABEL_FIELDS.map((id) => texts.find((f) => f.id === id)).find(Boolean) ?? texts[0];
}

/**
 * A slug made from a name as a page address is made from a page name (spec 001 §5: lowercased, ä to a,
 * ö to o, spaces to hyphens), as one address segment: slashes, colons and dots become hyphens too.
 */
export function slugOf(name: string): string {
  return normalizePageAddress(name.replace(/[/:.]+/g, ' '))
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** A value with one language's part set: a localizable field keeps its other languages. */
export function withLanguageValue(field: Field, stored: unknown, next: unknown, language: string, main: string): unknown {
  if (!field.localizable) return next;
  const map = new Map<string, unknown>(
    isLocalized(stored) ? Object.entries(stored) : stored === undefined || stored === null || stored === '' ? [] : [[main, stored]],
  );
  map.set('_loc', true);
  if (next === null || next === '' || (Array.isArray(next) && next.length === 0)) map.delete(language);
  else map.set(language, next);
  return [...map.keys()].some((k) => k !== '_loc') ? Object.fromEntries(map) : null;
}

/** The categories of an enum field. */
export function categoriesOf(field: Field): string[] {
  const o = field.options;
  if (Array.isArray(o)) return o.filter((x): x is string => typeof x === 'string');
  if (typeof o === 'string') {
    try {
      const parsed: unknown = JSON.parse(o);
      if (Array.isArray(parsed)) return parsed.filter((x): x is string => typeof x === 'string');
    } catch {
      return [];
    }
  }
  return [];
}

/** Spec 002 §2: a collection page can be made when the collection has a slug field and no page uses it. */
export function canMakePage(collection: CmsCollection, pages: readonly { content?: string }[]): boolean {
  return collection.fields.some((f) => f.type === 'slug') && !pages.some((p) => p.content === collection.id);
}

/** Spec 002 §5 "List inputs ignore empty entries". */
export const cleanList = (entries: readonly string[]) => entries.map((e) => e.trim()).filter(Boolean);

/** Spec 002 §2 list placeholders: a list field's entries, and an enum field's categories. */
export const ADD_ITEM = 'Add item...';
export const ADD_CATEGORY = 'Add category....';

/** The summary under the table: '0 items' (spec 002 §2), '1 item', '12,345 items'. */
export const itemCount = (n: number) => (n === 0 ? '0 items' : n === 1 ? '1 item' : `${n.toLocaleString('en')} items`);

/** What a new item starts with, as the server fills it (spec 002 §4): the SDK's rule, the server's too. */
export { startingValues } from '@pagewright/sdk/content';

/**
 * A CMS colour value (spec 002 §3: a theme shade, or hex, plus opacity: `primary-l5`, `#1e40af/80`) in
 * the colour picker's form (`[#1e40af]/80`), and back. Hex stays plain in the item, as people write it
 * in a CSV; anything else is left as it is.
 */
export function colorForPicker(value: string): string {
  return value.replace(/^(#[0-9a-fA-F]{6})(?=\/|$)/, '[$1]');
}

export function colorFromPicker(value: string): string {
  return value.replace(/^\[(#[0-9a-fA-F]{6})\](?=\/|$)/, '$1');
}
