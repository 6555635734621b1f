import { localized, type Collection, type Item, type Node, type Page } from '../model/document.js';
import type { RenderContext, Scope } from './context.js';
import { fill, isEmpty, itemField } from './values.js';

/**
 * CMS data sources: `_dataSource` (one item) and `_repeat` (a list of items) with the CMS group's
 * options. Built-in sources are virtual collections made from the document: `_pages` (and
 * `_pages-0`…`_pages-3` for a page level), `_languages`, `_social` (from settings.social unless the
 * document stores a `_social` collection), `_ul` and `_gallery` (the node's own `data.items`).
 */

export function findCollection(ctx: RenderContext, id: string, node?: Node): Collection | undefined {
  const stored = ctx.doc.collections.find((c) => c.id === id);
  if (stored) return stored;
  if (id === '_pages' || /^_pages-\d$/.test(id)) return pagesCollection(ctx, id === '_pages' ? undefined : Number(id.slice(7)), node);
  if (id === '_languages') return languagesCollection(ctx);
  if (id === '_social') return socialCollection(ctx);
  if ((id === '_ul' || id === '_gallery') && node) return ownItems(id, node);
  return undefined;
}

/** Whether an item is published: a field of type `published` (or named so) that is false hides it. */
export function isPublished(collection: Collection | undefined, item: Item): boolean {
  if (item.published === false || item.published === 'false') return false;
  if (!collection) return true;
  for (const f of collection.fields) if (f.type === 'published' && (item[f.id] === false || item[f.id] === 'false')) return false;
  return true;
}

/** The item `_dataSource` names (`collectionId.itemId`), if it exists and is published. */
export function dataSourceScope(ctx: RenderContext, node: Node, scope: Scope | undefined): Scope | undefined {
  const source = node.data._dataSource;
  if (typeof source !== 'string' || !source.includes('.')) return scope;
  const dot = source.lastIndexOf('.');
  const collection = findCollection(ctx, source.slice(0, dot), node);
  const itemId = source.slice(dot + 1);
  ctx.deps.add(`item:${source}`);
  const item = collection?.items.find((i) => String(i._id) === itemId);
  if (!collection || !item || !isPublished(collection, item)) return scope;
  return { item, collection, parent: scope };
}

/** The items a `_repeat` renders, after filter, sort, shuffle, offset, length and duplicate. */
export function repeatItems(
  ctx: RenderContext,
  node: Node,
  sourceId: string,
  scope: Scope | undefined,
): { collection?: Collection; items: Item[] } {
  const collection = findCollection(ctx, sourceId, node);
  if (!collection) return { items: [] };
  if (!sourceId.startsWith('_')) ctx.deps.add(`collection:${collection.id}`);
  const d = node.data;
  const sortBy = str(d['_options.sortBy']);
  const dir = d['_options.sort'] === 'desc' ? -1 : 1;
  // Sorting commutes with filtering, so the sorted list is shared by every repeat (and, in a
  // compile, every page) that sorts the same collection the same way.
  const sortKey = `sorted:${collection.id}:${sortBy}:${dir}:${ctx.language}`;
  let items: Item[] =
    (collection.id.startsWith('_') ? undefined : (ctx.cache.get(sortKey) as Item[] | undefined)) ?? sorted(ctx, collection, sortBy, dir);
  if (!collection.id.startsWith('_')) ctx.cache.set(sortKey, items);

  const filterField = str(d['_options.filterField']);
  if (filterField) {
    const type = str(d['_options.filterType']) || 'or';
    const regex = d['_options.filterPattern'] === 'regex';
    const wanted = list(d['_options.filter']).map((v) => fill(ctx, v, scope));
    items = items.filter((item) => {
      const value = itemField(ctx, item, filterField);
      if (type === 'empty') return isEmpty(value);
      if (type === 'notEmpty') return !isEmpty(value);
      if (wanted.length === 0) return true;
      const values = (Array.isArray(value) ? value : [value]).map((v) => (v === undefined || v === null ? '' : String(v)));
      const hit = values.some((v) => wanted.some((w) => (regex ? safeRegex(w).test(v) : v === w)));
      return type === 'not' ? !hit : hit;
    });
  }

  if (d['_options.shuffle'] === true || d['_options.shuffle'] === 'true') items = shuffle(items, ctx.seed ^ hash(node.id));

  const offset = Math.max(0, Number(d['_options.offset']) || 0);
  const length = Math.max(0, Number(d['_options.length']) || 0);
  items = items.slice(offset, length > 0 ? offset + length : undefined);

  const duplicate = Math.min(6, Math.max(1, Number(d['_options.duplicate']) || 1));
  if (duplicate > 1) {
    const once = items;
    items = Array.from({ length: duplicate }, () => once).flat();
  }
  return { collection, items };
}

/** The published items, sorted by a field (numbers numerically, text by collation, empty last). */
function sorted(ctx: RenderContext, collection: Collection, sortBy: string, dir: number): Item[] {
  const items = collection.items.filter((item) => isPublished(collection, item));
  if (!sortBy) return items;
  const field = collection.fields.find((f) => f.id === sortBy);
  const numeric = field?.type === 'number' || sortBy === '_id';
  const keyed = items.map((item) => ({ item, key: itemField(ctx, item, sortBy) }));
  // ISO dates order as plain strings; collation is for words.
  if (field?.type === 'date') keyed.sort((a, b) => dir * compareCodeUnits(a.key, b.key));
  else keyed.sort((a, b) => dir * compare(a.key, b.key, numeric, ctx.language));
  return keyed.map((k) => k.item);
}

function compare(a: unknown, b: unknown, numeric: boolean, language: string): number {
  const ea = a === undefined || a === null || a === '';
  const eb = b === undefined || b === null || b === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1; // empty values last
  if (numeric || (typeof a === 'number' && typeof b === 'number')) return Number(a) - Number(b);
  return collator(language).compare(String(a), String(b));
}

function compareCodeUnits(a: unknown, b: unknown): number {
  const ea = a === undefined || a === null || a === '';
  const eb = b === undefined || b === null || b === '';
  if (ea || eb) return ea === eb ? 0 : ea ? 1 : -1;
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

// String.localeCompare with options builds a collator per call; one per language is enough.
const collators = new Map<string, Intl.Collator>();
/** A numeric-aware collator for a language (the CMS's sorted listings use the same order). */
export function collator(language: string): Intl.Collator {
  let c = collators.get(language);
  if (!c) {
    try {
      c = new Intl.Collator(language, { numeric: true });
    } catch {
      c = new Intl.Collator('en', { numeric: true });
    }
    collators.set(language, c);
  }
  return c;
}

/** Deterministic Fisher–Yates with a small PRNG (mulberry32). */
function shuffle<T>(items: T[], seed: number): T[] {
  const out = items.slice();
  let t = seed >>> 0;
  const random = () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function safeRegex(source: string): RegExp {
  try {
    return new RegExp(source, 'i');
  } catch {
    return /(?!)/;
  }
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
function list(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(String);
  if (typeof v === 'string' && v !== '') return v.split(',').map((s) => s.trim());
  return [];
}

// ------------------------------------------------------------------------------------------------
// Virtual collections

/** Pages a navigation can list: published, not hidden, not special, not collection pages. */
function listedPages(ctx: RenderContext): Page[] {
  return ctx.doc.pages.filter(
    (p) =>
      !p.unpublished &&
      !p.hidden &&
      !['_before', '_after', '404'].includes(p.id) &&
      !p.id.includes(':') &&
      (!p.languages || p.languages.includes(ctx.language)),
  );
}

const pageLevel = (id: string): number => (id === 'home' ? 0 : id.split('/').length - 1);

function pagesCollection(ctx: RenderContext, level: number | undefined, node?: Node): Collection {
  ctx.deps.add('pages');
  const parent = node ? str(node.data.parentPage) : '';
  const includeParent = node?.data.includeParent === true;
  let pages = listedPages(ctx);
  if (level !== undefined) pages = pages.filter((p) => pageLevel(p.id) === level);
  if (parent) pages = pages.filter((p) => (includeParent && p.id === parent) || p.id.startsWith(`${parent}/`));
  const items = pages.map((p, i) => pageItem(ctx, p, i));
  return {
    id: '_pages',
    name: 'Pages',
    icon: 'book',
    fields: ['name', 'slug', 'title', 'description', 'share', 'icon', 'url'].map((id) => ({ id, name: id, type: 'text' as const })),
    items,
  };
}

export function pageItem(ctx: RenderContext, p: Page, i: number): Item {
  const loc = (v: unknown) => (localized(v as never, ctx.language, ctx.defaultLanguage) as string | undefined) ?? '';
  return {
    _id: i + 1,
    id: p.id,
    name: p.name,
    slug: loc(p.slug),
    title: loc(p.title) || p.name,
    description: loc(p.description),
    share: p.share ?? '',
    icon: p.icon ?? '',
    url: ctx.pageUrl(p.id, ctx.language),
  };
}

function languagesCollection(ctx: RenderContext): Collection {
  const languages = ctx.page.languages ?? ctx.doc.settings.languages;
  return {
    id: '_languages',
    name: 'Languages',
    icon: 'globe',
    fields: ['name', 'slug', 'code'].map((id) => ({ id, name: id, type: 'text' as const })),
    items: languages.map((code, i) => ({
      _id: i + 1,
      code,
      slug: code,
      name: languageName(code),
      url: ctx.pageUrl(ctx.page.id, code, ctx.pageItem),
    })),
  };
}

/** A language's own name for itself ("suomi", "English"). */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames([code], { type: 'language' }).of(code);
    return name ? name.charAt(0).toLocaleUpperCase(code) + name.slice(1) : code;
  } catch {
    return code;
  }
}

function socialCollection(ctx: RenderContext): Collection {
  const social = ctx.doc.settings.social ?? {};
  return {
    id: '_social',
    name: 'Social',
    icon: 'people',
    fields: ['name', 'handle', 'url', 'icon', 'color'].map((id) => ({ id, name: id, type: 'text' as const })),
    items: Object.entries(social)
      .filter(([, url]) => typeof url === 'string' && url !== '')
      .map(([name, url], i) => ({ _id: i + 1, name, handle: name, url, icon: '', color: '' })),
  };
}

/** `_ul` / `_gallery`: the node's own list in `data.items` (strings or objects). */
function ownItems(id: string, node: Node): Collection {
  const raw = Array.isArray(node.data.items) ? (node.data.items as unknown[]) : [];
  const field = id === '_ul' ? 'item' : 'image';
  const items = raw.map((entry, i): Item => {
    if (entry && typeof entry === 'object' && !(entry as { _loc?: unknown })._loc) return { _id: i + 1, ...entry };
    return { _id: i + 1, [field]: entry };
  });
  return { id, name: id, icon: 'book', fields: [{ id: field, name: field, type: id === '_ul' ? 'text' : 'image' }], items };
}
