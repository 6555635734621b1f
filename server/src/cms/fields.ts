import { AppError, invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { optionalLoc } from '../core/validation.js';
import { isReservedKey, type Field, type FieldType, type SiteDoc } from '../model/document.js';
import type { Draft } from '../model/paths.js';
import { normalizeValue } from './values.js';

/** Spec 002 §3's field types, in the order the type selector lists them. */
const FIELD_TYPES = [
  'text',
  'richtext',
  'number',
  'slug',
  'page',
  'image',
  'svg',
  'video',
  'file',
  'vcard',
  'gallery',
  'icon',
  'date',
  'enum',
  'published',
  'list',
  'color',
  'gradient',
] as const satisfies readonly FieldType[];

/**
 * Type changes an edit may make (spec 002 §3: "limited to the targets allowed for the current type"),
 * chosen so a stored value still means something under the new type: text-like values stay text,
 * a file name stays a file name. Types with no entry keep their type (the selector is hidden).
 */
const TYPE_CHANGES: Partial<Record<FieldType, readonly FieldType[]>> = {
  text: ['richtext', 'slug', 'enum'],
  richtext: ['text'],
  slug: ['text'],
  number: ['text'],
  date: ['text'],
  enum: ['text'],
  icon: ['text'],
  page: ['text'],
  image: ['svg', 'file'],
  svg: ['image', 'file'],
  video: ['file'],
  file: ['image', 'svg', 'video'],
};

/** Types whose values may differ per language (the localizable flag is offered for these only). */
const LOCALIZABLE_TYPES: readonly FieldType[] = ['text', 'richtext', 'slug', 'image', 'svg', 'video', 'file', 'list'];

/** Spec 002 §3's vCard keys; each names the field whose value fills it. `filename` names the file. */
const VCARD_KEYS = ['name', 'photo', 'company', 'url', 'email', 'phone', 'mobile', 'street', 'city', 'zip', 'country'] as const;

const FIELD_NAME = /^[a-z][a-z0-9_]*$/;

/** What `POST …/fields` and `PATCH …/fields/{field}` take: spec 002 §3's field attributes. */
export interface FieldBody {
  name?: unknown;
  type?: unknown;
  _title?: unknown;
  _hidden?: unknown;
  _placeholder?: unknown;
  options?: unknown;
  required?: unknown;
  localizable?: unknown;
  default?: unknown;
  json?: unknown;
}

export interface FieldContext {
  /** The collection's fields before this change. */
  fields: readonly Field[];
  /** The site's languages; the first is the default. */
  languages: readonly string[];
}

function bool(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid(field, messages.valueBoolean);
  return value;
}

/** A field's key: required, the spec's characters, unused in the collection (409). */
function fieldName(value: unknown, fields: readonly Field[], except?: string): string {
  if (value === undefined || value === null || value === '') throw invalid('name', messages.fieldNameRequired);
  if (typeof value !== 'string' || value.length > 64 || !FIELD_NAME.test(value)) throw invalid('name', messages.fieldNameChars);
  // Field names are keys of every item: `constructor` and `prototype` would shadow what objects have.
  if (isReservedKey(value)) throw invalid('name', messages.reservedName(value));
  if (value !== except && fields.some((f) => f.id === value))
    throw new AppError(409, 'FIELD_EXISTS', messages.fieldNameUsed, { field: 'name' });
  return value;
}

function categories(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw invalid('options', messages.categoriesRequired);
  // "List inputs ignore empty entries" (spec 002 §5); a category listed twice is one category.
  const list = [...new Set((value as string[]).map((v) => v.trim()).filter((v) => v !== ''))];
  if (list.length === 0) throw invalid('options', messages.categoriesRequired);
  return list;
}

function vcard(value: unknown, fields: readonly Field[]): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('json', messages.vcardSettingUnknown);
  const out: Record<string, string> = {};
  for (const [key, raw] of Object.entries(value as Record<string, unknown>)) {
    if (raw === undefined || raw === null || raw === '') continue;
    if (typeof raw !== 'string') throw invalid('json', messages.vcardFieldUnknown);
    if (key === 'filename') {
      // "The vCard filename should end in .vcf. Empty means no file is made."
      if (!/^[^/\\]{1,100}\.vcf$/i.test(raw)) throw invalid('json', messages.vcardFilename);
      out.filename = raw;
      continue;
    }
    if (!(VCARD_KEYS as readonly string[]).includes(key)) throw invalid('json', messages.vcardSettingUnknown);
    if (!fields.some((f) => f.id === raw)) throw invalid('json', messages.vcardFieldUnknown);
    out[key] = raw;
  }
  return out;
}

/**
 * A field from a create (`existing` absent) or an edit body. Only what the body names changes; the
 * rules of spec 002 §4-§5 are checked on the result: enum categories, the required flag (not for
 * enum and published), the localizable flag (site languages and type), the hide rule.
 */
export function fieldFromBody(body: FieldBody, ctx: FieldContext, existing?: Field): Field {
  const others = existing ? ctx.fields.filter((f) => f.id !== existing.id) : ctx.fields;
  const id = body.name === undefined && existing ? existing.id : fieldName(body.name, others);

  let type: FieldType;
  if (body.type === undefined || (existing && body.type === existing.type)) {
    if (!existing) throw invalid('type', messages.optionInvalid(FIELD_TYPES));
    type = existing.type;
  } else {
    if (typeof body.type !== 'string' || !(FIELD_TYPES as readonly string[]).includes(body.type))
      throw invalid('type', messages.optionInvalid(FIELD_TYPES));
    type = body.type as FieldType;
    if (existing) {
      const allowed = TYPE_CHANGES[existing.type] ?? [];
      if (!allowed.includes(type))
        throw new AppError(400, 'VALIDATION_FAILED', messages.fieldTypeChange(allowed), { field: 'type', allowed });
    }
  }

  // A title that was the old name follows a rename.
  const title = !existing || existing.name === existing.id ? id : existing.name;
  const field: Field = { ...(existing ?? {}), id, name: title, type };
  if (body._title !== undefined) field.name = optionalLoc(body._title, '_title', 200) || id;
  if (body._placeholder !== undefined) {
    const placeholder = body._placeholder === null ? undefined : optionalLoc(body._placeholder, '_placeholder', 200);
    if (placeholder) field.placeholder = placeholder;
    else delete field.placeholder;
  }
  const hidden = bool(body._hidden, '_hidden');
  if (hidden !== undefined) field.hidden = hidden;
  const required = bool(body.required, 'required');
  if (required !== undefined) field.required = required;
  const localizable = bool(body.localizable, 'localizable');
  if (localizable !== undefined) field.localizable = localizable;

  if (type === 'enum') {
    if (body.options !== undefined || !existing || existing.type !== 'enum') field.options = categories(body.options ?? existing?.options);
  } else {
    delete field.options;
  }
  if (type === 'vcard') {
    const json = vcard(body.json, ctx.fields);
    if (json) field.json = json;
    else if (body.json === null) delete field.json;
  } else {
    if (body.json !== undefined && body.json !== null) throw invalid('json', messages.vcardSettingUnknown);
    delete field.json;
  }

  // "The required flag is not offered for enum and published types."
  if ((type === 'enum' || type === 'published') && field.required) {
    if (required) throw invalid('required', messages.requiredNotOffered);
    delete field.required;
  }
  // "The localizable flag is offered only when the site has more than one language and the type supports localization."
  if (field.localizable && (ctx.languages.length < 2 || !LOCALIZABLE_TYPES.includes(type))) {
    if (localizable) throw invalid('localizable', messages.localizableNotOffered);
    delete field.localizable;
  }
  if (field.hidden) {
    // "A field cannot be hidden if that would leave fewer than one visible field."
    const visible = others.filter((f) => !f.hidden).length;
    if (visible < 1) throw invalid('_hidden', messages.lastVisibleField);
  }
  if (body.default !== undefined) {
    if (body.default === null || body.default === '') delete field.default;
    else {
      const problem = normalizeValue({ ...field, required: false }, body.default, ctx.languages);
      if ('error' in problem) throw invalid('default', problem.error);
      field.default = problem.value;
    }
  }
  for (const key of Object.keys(field) as (keyof Field)[]) if (field[key] === false) delete field[key];
  return field;
}

/** vCard settings follow a renamed field (`to`) or forget a deleted one (`to` undefined). */
export function followInVcards(fields: readonly Field[], from: string, to: string | undefined): Field[] {
  return fields.map((f) => {
    if (!f.json || !Object.values(f.json).includes(from)) return f;
    const json: Record<string, string> = {};
    for (const [key, value] of Object.entries(f.json)) {
      if (key === 'filename' || value !== from) json[key] = value;
      else if (to) json[key] = to;
    }
    return { ...f, json };
  });
}

/** The field of a collection, or 404. */
export function fieldOr404(fields: readonly Field[], id: string): Field {
  const field = fields.find((f) => f.id === id);
  if (!field) throw notFound(messages.fieldNotFound);
  return field;
}

// ------------------------------------------------------------------------------------------------
// A renamed field's references in pages, CMS page templates and components

/** The fields of the built-in sources (render/cms.ts), for `{item.x}` looking outwards. */
const BUILT_IN_FIELDS: Record<string, readonly string[]> = {
  _pages: ['id', 'name', 'slug', 'title', 'description', 'share', 'icon', 'url'],
  _languages: ['code', 'name', 'slug', 'url'],
  _social: ['name', 'handle', 'url', 'icon', 'color'],
  _ul: ['item'],
  _gallery: ['image', 'alt', 'caption'],
};

/**
 * A field renamed from `from` to `to` in collection `collectionId`: every value that reads it follows,
 * as the renderer resolves it (docs/site-model.md "Binding"). The document is walked as pages render
 * it, with the chain of collections in scope (innermost first: a node's `_dataSource` item, the
 * `_repeat` of an ancestor, the collection page's `content`; aliases show their original in their
 * own place). `{ "_bind": from }` follows when the innermost scope is the collection; `{item.from}`
 * in any text (localized values and rich text included) when the collection is the first scope that
 * has such a field; a repeat over the collection follows in `_options.sortBy` and
 * `_options.filterField`. `collections` holds every collection's fields before the rename.
 */
export function renameFieldReferences(
  draft: Draft<SiteDoc>,
  collections: readonly { id: string; fields: readonly Pick<Field, 'id'>[] }[],
  collectionId: string,
  from: string,
  to: string,
): number {
  const doc = draft.doc;
  const has = (source: string, field: string) => {
    const found = collections.find((c) => c.id === source);
    if (found) return found.fields.some((f) => f.id === field);
    const builtIn = BUILT_IN_FIELDS[/^_pages-\d$/.test(source) ? '_pages' : source];
    return builtIn ? builtIn.includes(field) : false;
  };
  const renameText = (s: string, chain: readonly string[]) => {
    if (!s.includes(`{item.${from}}`)) return s;
    // `{item.x}` reads the innermost item that has the field.
    const reads = chain.find((source) => has(source, from));
    return reads === collectionId ? s.split(`{item.${from}}`).join(`{item.${to}}`) : s;
  };
  const rewrite = (value: unknown, chain: readonly string[]): unknown => {
    if (typeof value === 'string') return renameText(value, chain);
    if (Array.isArray(value)) {
      const items = value.map((v) => rewrite(v, chain));
      return items.some((v, i) => v !== value[i]) ? items : value;
    }
    if (value === null || typeof value !== 'object') return value;
    let out: Record<string, unknown> | null = null;
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      // A binding reads the innermost item only.
      const next = key === '_bind' ? (inner === from && chain[0] === collectionId ? to : inner) : rewrite(inner, chain);
      if (next !== inner) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
    }
    return out ?? value;
  };

  let changed = 0;
  const set = (path: (string | number)[], before: unknown, after: unknown) => {
    if (after === before) return;
    draft.set(path, after);
    changed++;
  };
  const visit = (id: string, chain: readonly string[], depth: number) => {
    let nodeId = id;
    for (let hops = 0; doc.nodes[nodeId]?.alias && hops < 8; hops++) nodeId = doc.nodes[nodeId]!.alias!;
    const node = doc.nodes[nodeId];
    if (!node || depth > 64) return;
    const source = node.data._dataSource;
    const inner = typeof source === 'string' && source.includes('.') ? [source.slice(0, source.lastIndexOf('.')), ...chain] : chain;
    const repeat = typeof node.data._repeat === 'string' && node.data._repeat !== '' ? node.data._repeat : null;
    for (const [key, value] of Object.entries(node.data)) {
      if (repeat === collectionId && (key === '_options.sortBy' || key === '_options.filterField') && value === from) {
        set(['nodes', nodeId, 'data', key], value, to);
        continue;
      }
      set(['nodes', nodeId, 'data', key], value, rewrite(value, inner));
    }
    const childChain = repeat ? [repeat, ...inner] : inner;
    for (const child of node.children ?? []) visit(child, childChain, depth + 1);
  };
  doc.pages.forEach((page, i) => {
    const chain = page.content ? [page.content] : [];
    // A collection page's title and description read its item (`{item.title} | Blog`).
    for (const attribute of ['title', 'description'] as const)
      set(['pages', i, attribute], page[attribute], rewrite(page[attribute], chain));
    for (const section of page.sections) visit(section, chain, 0);
  });
  return changed;
}
