import type { Schemas } from '@pagewright/sdk';

/**
 * The CMS group's state rules (spec 001 §4 "CMS data source mode", §3 "CMS group" and "Collections as
 * seen by the editor"), as pure functions. A component binds to one item with `_dataSource`
 * (`collectionId.itemId`) or repeats its children over a collection with `_repeat` and the
 * `_options.*` of the group. Every change is a data patch: the keys to write, `null` removing one,
 * holding only the keys whose value changes (spec 001 §5: an unchanged value is no edit).
 */

export type Field = Schemas['Field'];
export type Item = Schemas['Item'];
/**
 * A collection as the editor sees it: its fields and its first items (`binding/collections.ts`), with
 * `total`, the number of items it holds, when `items` may be only the first of them.
 */
export type Collection = Schemas['ContentCollection'] & { total?: number };
export type BindingMode = 'none' | 'item' | 'repeat';
export type DataPatch = Record<string, unknown>;
export type FilterType = 'or' | 'not' | 'notEmpty' | 'empty';

/** The repeat's options of the CMS group (spec 001 §3), cleared with it. */
export const REPEAT_OPTIONS = [
  '_options.offset',
  '_options.length',
  '_options.duplicate',
  '_options.shuffle',
  '_options.sortBy',
  '_options.sort',
  '_options.filterField',
  '_options.filterType',
  '_options.filter',
  '_options.filterPattern',
] as const;

/** "Slug pick-list limit 12 items" (spec 001 §9). */
export const SLUG_PICK_LIMIT = 12;

type Data = Readonly<Record<string, unknown>>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Only the keys whose value differs from the data's; `null` for a key the data does not have is no change. */
export function changes(data: Data, patch: DataPatch): DataPatch {
  const out: DataPatch = {};
  for (const [key, value] of Object.entries(patch)) {
    const current = Object.hasOwn(data, key) ? data[key] : undefined;
    if (value === null ? current === undefined : JSON.stringify(current) === JSON.stringify(value)) continue;
    out[key] = value;
  }
  return out;
}

/** Collection ids starting with an underscore are hidden from pickers. */
export const pickerCollections = (collections: readonly Collection[]) => collections.filter((c) => !c.id.startsWith('_'));

/** The mode a component's data shows: repeat with `_repeat`, item with `_dataSource`, else none. */
export function modeOf(data: Data): BindingMode {
  if (text(data._repeat)) return 'repeat';
  if (text(data._dataSource)) return 'item';
  return 'none';
}

/** `_dataSource` split into its collection and item (`posts.3` → posts, 3; `posts` → posts, null). */
export function dataSourceOf(data: Data): { collectionId: string; itemId: string | null } | null {
  const source = text(data._dataSource);
  if (!source) return null;
  const dot = source.lastIndexOf('.');
  return dot < 0 ? { collectionId: source, itemId: null } : { collectionId: source.slice(0, dot), itemId: source.slice(dot + 1) };
}

function clearRepeat(): DataPatch {
  const patch: DataPatch = { _repeat: null };
  for (const key of REPEAT_OPTIONS) patch[key] = null;
  return patch;
}

/** The item a collection starts on: its first item, else the collection alone. */
const firstItemSource = (collection: Collection | undefined): string | null =>
  collection ? (collection.items[0] ? `${collection.id}.${collection.items[0]._id}` : collection.id) : null;

/**
 * Changing the mode (spec 001 §4). To repeat: clears the data source and all repeat options, selects
 * the first collection. To item: clears the repeat and its options, selects the first item of the first
 * collection, or nothing if none. To none: clears everything.
 */
export function switchMode(data: Data, mode: BindingMode, collections: readonly Collection[]): DataPatch {
  const first = pickerCollections(collections)[0];
  if (mode === 'repeat') return changes(data, { ...clearRepeat(), _dataSource: null, _repeat: first?.id ?? null });
  if (mode === 'item') return changes(data, { ...clearRepeat(), _dataSource: firstItemSource(first) });
  return changes(data, { ...clearRepeat(), _dataSource: null });
}

/** Changing collection in item mode selects its first item. */
export function changeItemCollection(data: Data, collection: Collection): DataPatch {
  return changes(data, { _dataSource: firstItemSource(collection) });
}

/** Choosing an item of the bound collection. */
export function changeItem(data: Data, collectionId: string, itemId: string | number): DataPatch {
  return changes(data, { _dataSource: `${collectionId}.${itemId}` });
}

/** Fields of type published are not offered for sorting or filtering. */
export const orderingFields = (collection: Collection | undefined): Field[] =>
  (collection?.schema ?? []).filter((f) => f.type !== 'published');

/**
 * Changing collection in repeat mode keeps the sort field and filter field if the new collection has
 * them, else resets each to its first field. Filter values belong to the filter field: they go when it
 * changes.
 */
export function changeRepeatCollection(data: Data, collection: Collection): DataPatch {
  const fields = orderingFields(collection);
  const has = (id: string) => fields.some((f) => f.id === id);
  const firstField = fields[0]?.id ?? null;
  const patch: DataPatch = { _repeat: collection.id };
  const sortBy = text(data['_options.sortBy']);
  if (sortBy && !has(sortBy)) {
    patch['_options.sortBy'] = firstField;
    if (firstField === null) patch['_options.sort'] = null;
  }
  const filterField = text(data['_options.filterField']);
  if (filterField && !has(filterField)) {
    patch['_options.filterField'] = firstField;
    patch['_options.filter'] = null;
    if (firstField === null) patch['_options.filterType'] = null;
  }
  return changes(data, patch);
}

/** Choosing the sort field; none also drops the order, whose control goes with it. */
export function changeSortField(data: Data, field: string | null): DataPatch {
  return changes(data, field ? { '_options.sortBy': field } : { '_options.sortBy': null, '_options.sort': null });
}

/** Choosing the filter field; its values are the old field's, so they go; none drops the filter. */
export function changeFilterField(data: Data, field: string | null): DataPatch {
  if (!field) return changes(data, { '_options.filterField': null, '_options.filterType': null, '_options.filter': null });
  if (field === text(data['_options.filterField'])) return {};
  return changes(data, { '_options.filterField': field, '_options.filter': null });
}

/** Filter type notEmpty or empty clears filter values. */
export function changeFilterType(data: Data, type: FilterType): DataPatch {
  const patch: DataPatch = { '_options.filterType': type };
  if (type === 'notEmpty' || type === 'empty') patch['_options.filter'] = null;
  return changes(data, patch);
}

/**
 * Which controls show (spec 001 §4): the sort order only when a sort field is set; the filter type
 * only when a filter field is set; the filter input only when a filter field is set and the type is
 * or, not or unset.
 */
export function visibleControls(data: Data): { sortOrder: boolean; filterType: boolean; filterInput: boolean } {
  const filterField = Boolean(text(data['_options.filterField']));
  const type = text(data['_options.filterType']);
  return {
    sortOrder: Boolean(text(data['_options.sortBy'])),
    filterType: filterField,
    filterInput: filterField && (type === '' || type === 'or' || type === 'not'),
  };
}

/** A value as text in a language: localized values (`{ _loc: true, en: … }`) give the language's. */
export function textOf(value: unknown, language: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && (value as { _loc?: unknown })._loc === true) {
    const loc = value as Record<string, unknown>;
    const own = loc[language];
    if (typeof own === 'string') return own;
    const first = Object.entries(loc).find(([k, v]) => k !== '_loc' && typeof v === 'string');
    return first ? (first[1] as string) : '';
  }
  return '';
}

/** A list field's value: a JSON list, stored as a list or as its JSON text. */
function listOf(value: unknown, language: string): string[] {
  let v: unknown = value;
  if (v && typeof v === 'object' && !Array.isArray(v) && (v as { _loc?: unknown })._loc === true) v = textOf(v, language) || undefined;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return v ? [v as string] : [];
    }
  }
  return Array.isArray(v) ? v.map((x) => textOf(x, language)).filter((x) => x !== '') : [];
}

/**
 * The filter input is a pick-list when the field is an enum, a slug field on a collection with at most
 * 12 items, or a list field of a collection whose items are all known; otherwise a free list. The choices, in order, without repeats.
 */
export function filterChoices(collection: Collection | undefined, fieldId: string, language: string): string[] | null {
  const field = collection?.schema.find((f) => f.id === fieldId);
  if (!collection || !field) return null;
  if (field.type === 'enum') return Array.isArray(field.options) ? field.options.map((o) => textOf(o, language)).filter(Boolean) : [];
  const total = collection.total ?? collection.items.length;
  if (field.type === 'slug' && total <= SLUG_PICK_LIMIT)
    return unique(collection.items.map((item) => textOf(item[fieldId], language)).filter(Boolean));
  // A list field's values are offered when every item is known; past the first page they are typed.
  if (field.type === 'list' && total <= collection.items.length)
    return unique(collection.items.flatMap((item) => listOf(item[fieldId], language)));
  return null;
}

const unique = (values: string[]) => [...new Set(values)];

/** The fields an item's label is taken from, in order (spec 001 §3). */
const LABEL_FIELDS = ['name', 'firstname', 'lastname', 'title', 'heading', 'text', 'description', 'question'];
const LABEL_MAX = 20;
const LABEL_CUT = 15;

/**
 * An item's display label: the first present of name, firstname, lastname, title, heading, text,
 * description, question, then the first field; over 20 characters it is cut to 15 plus an ellipsis.
 */
export function itemLabel(collection: Pick<Collection, 'schema'>, item: Item, language: string): string {
  const keys = [...LABEL_FIELDS, ...(collection.schema[0] ? [collection.schema[0].id] : [])];
  let label = '';
  for (const key of keys) {
    label = textOf(item[key], language).trim();
    if (label) break;
  }
  if (!label) label = `#${item._id}`;
  return label.length > LABEL_MAX ? `${label.slice(0, LABEL_CUT)}…` : label;
}

/** A field's name in a language (names are per language). */
export const fieldName = (field: Field, language: string) => textOf(field.name, language) || field.id;
