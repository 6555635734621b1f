import { schemaOrgLineage, schemaOrgProperties, type SchemaOrgVocabulary } from '@pagewright/sdk/rules';

/**
 * The Schema.org editor's rules (spec 001 §3 "{host} entity", §4 "{host} editor"), as pure functions.
 * An entity is a JSON object with `@type` and properties; a property's value is a scalar of a data
 * type, a list, or a nested entity with its own `@type`.
 */

export type Vocabulary = SchemaOrgVocabulary;
export type Property = Vocabulary['properties'][number];
export type Entity = Record<string, unknown>;

/** The scalar value types of spec 001 §3; any other type name is a class (a nested entity). */
export const SCALAR_TYPES = ['Text', 'URL', 'Number', 'Integer', 'Boolean', 'Date', 'DateTime', 'Image', 'List'] as const;
export type ScalarType = (typeof SCALAR_TYPES)[number];
const SCALARS = new Set<string>(SCALAR_TYPES);
export const isScalar = (type: string): type is ScalarType => SCALARS.has(type);

/** Property names treated as images (spec 001 §3). */
export const IMAGE_PROPERTIES = new Set([
  'diagram',
  'image',
  'layoutImage',
  'logo',
  'photo',
  'primaryImageOfPage',
  'screenshot',
  'thumbnail',
]);

/** The Add property menu: 300 px wide, at most half the viewport high (spec 001 §4). */
export const MENU_WIDTH = 300;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A new value of a type (spec 001 §3 defaults): DateTime is the current ISO time, Date today, URL
 * starts as https://, Number and Integer 0, Text empty; a list starts empty; a class is a nested
 * entity of that type.
 */
export function defaultValue(type: string, now: Date = new Date()): unknown {
  switch (type) {
    case 'DateTime':
      return now.toISOString();
    case 'Date':
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    case 'URL':
      return 'https://';
    case 'Number':
    case 'Integer':
      return 0;
    case 'Boolean':
      return false;
    case 'List':
      return [];
    case 'Text':
    case 'Image':
      return '';
    default:
      return { '@type': type };
  }
}

/** Data types of the vocabulary the editor edits as text. */
const AS_TEXT = new Set(['Time', 'Duration', 'CssSelectorType', 'XPathType', 'PronounceableText']);

/** A property's own types: Image first for the image properties, its data types, then its classes. */
function ownTypes(property: Pick<Property, 'id' | 'types'>): { scalars: string[]; classes: string[] } {
  const scalars: string[] = IMAGE_PROPERTIES.has(property.id) ? ['Image'] : [];
  const classes: string[] = [];
  for (const t of property.types) {
    const shown = AS_TEXT.has(t) ? 'Text' : t;
    const list = isScalar(shown) ? scalars : classes;
    if (!list.includes(shown)) list.push(shown);
  }
  return { scalars, classes };
}

/**
 * The types a property's value may take, as its type select offers them: its data types (Text always
 * among them), List, then the classes it names.
 */
export function valueTypes(property: Pick<Property, 'id' | 'types'> | undefined): string[] {
  if (!property) return ['Text', 'List'];
  const { scalars, classes } = ownTypes(property);
  if (!scalars.includes('Text')) scalars.push('Text');
  return [...scalars, 'List', ...classes];
}

/** The type a new property starts as: Image for image names, else its first data type, else its first class. */
export function initialType(property: Pick<Property, 'id' | 'types'>): string {
  const { scalars, classes } = ownTypes(property);
  return scalars[0] ?? classes[0] ?? 'Text';
}

/** The type a stored value shows as: a nested entity's `@type`, else what its shape says. */
export function typeOfValue(value: unknown, property: Pick<Property, 'id' | 'types'> | undefined): string {
  const types = valueTypes(property);
  if (Array.isArray(value)) return 'List';
  if (value && typeof value === 'object') {
    const type = (value as Entity)['@type'];
    return typeof type === 'string' ? type : 'Text';
  }
  if (typeof value === 'boolean') return 'Boolean';
  if (typeof value === 'number')
    return types.includes('Integer') && Number.isInteger(value) && !types.includes('Number') ? 'Integer' : 'Number';
  if (typeof value === 'string') {
    if (property && IMAGE_PROPERTIES.has(property.id)) return 'Image';
    if (/^\d{4}-\d{2}-\d{2}T/.test(value) && types.includes('DateTime')) return 'DateTime';
    if (/^\d{4}-\d{2}-\d{2}$/.test(value) && types.includes('Date')) return 'Date';
    if (/^https?:\/\//.test(value) && types.includes('URL')) return 'URL';
  }
  return 'Text';
}

/**
 * Changing a property's type replaces its value: scalar types reset to empty; a class type sets a
 * nested @type; old sub-keys are cleared.
 */
export function changeValueType(entity: Entity, property: string, type: string): Entity {
  let value: unknown;
  if (type === 'List') value = [];
  else if (isScalar(type)) value = type === 'Boolean' ? false : '';
  else value = { '@type': type };
  return { ...entity, [property]: value };
}

/** Adds a property with the default value of its first type; one already there is not added again. */
export function addProperty(entity: Entity, property: Pick<Property, 'id' | 'types'>, now?: Date): Entity {
  if (Object.hasOwn(entity, property.id)) return entity;
  return { ...entity, [property.id]: defaultValue(initialType(property), now) };
}

export function removeProperty(entity: Entity, property: string): Entity {
  const next = { ...entity };
  delete next[property];
  return next;
}

/**
 * Changing the entity's own type keeps the properties the new type also takes (its own and its
 * ancestors'); the others would be refused, so they go.
 */
export function changeEntityType(vocabulary: Vocabulary, entity: Entity, type: string): Entity {
  const allowed = new Set(schemaOrgProperties(vocabulary, type).map((p) => p.id));
  const next: Entity = { '@type': type };
  for (const [key, value] of Object.entries(entity)) if (key !== '@type' && (key === '@id' || allowed.has(key))) next[key] = value;
  return next;
}

/** One row of the Add property menu: the property, and whether it is already used (shown selected, not added again). */
export interface MenuEntry {
  property: Property;
  used: boolean;
}

/**
 * Properties offered are only those valid for the type and its ancestors; already-used properties
 * show as selected. `search` keeps names containing it (any case).
 */
export function menuEntries(vocabulary: Vocabulary, entity: Entity, type: string, search = ''): MenuEntry[] {
  const needle = search.trim().toLowerCase();
  return schemaOrgProperties(vocabulary, type)
    .filter((p) => !needle || p.id.toLowerCase().includes(needle))
    .map((property) => ({ property, used: Object.hasOwn(entity, property.id) }));
}

/** The menu's hover index after a key: ArrowDown and ArrowUp move and wrap; Home and End jump. */
export function moveHover(index: number, key: string, count: number): number {
  if (count === 0) return -1;
  if (key === 'ArrowDown') return index < 0 ? 0 : (index + 1) % count;
  if (key === 'ArrowUp') return index < 0 ? count - 1 : (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return index;
}

/** Enter adds the highlighted property, unless it is already used. */
export function enterAdds(entries: readonly MenuEntry[], index: number): Property | null {
  const entry = entries[index];
  return entry && !entry.used ? entry.property : null;
}

/** The types a property's value may name as classes, and whether a type name is known. */
export const knownType = (vocabulary: Vocabulary, type: string) => schemaOrgLineage(vocabulary, type).length > 0;

/** The JSON-LD shown in the preview tab: pretty-printed, two spaces. */
export const pretty = (json: unknown) => JSON.stringify(json, null, 2);
