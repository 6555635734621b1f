import { localized, type Item, type Node } from '../model/document.js';
import type { RenderContext, Scope } from './context.js';
import { siteBase } from './urls.js';
import { sanitizeHtml } from './inline.js';

/**
 * Reading a node's data: localized values, CMS bindings and template variables.
 *
 * A data value bound to a CMS field is `{ "_bind": "<field id>" }`: it reads that field of the
 * innermost item in scope (a `_dataSource` item, a `_repeat` item or the collection page's item).
 * `{ "_bind": "<field>", "fallback": <value> }` uses the fallback when the field is empty.
 */
export interface Binding {
  _bind: string;
  fallback?: unknown;
}

export const isBinding = (v: unknown): v is Binding => typeof v === 'object' && v !== null && typeof (v as Binding)._bind === 'string';

const isLoc = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && (v as { _loc?: unknown })._loc === true;

/** A field of an item: localized, with `url` and `_id` available too. */
export function itemField(ctx: RenderContext, item: Item | undefined, field: string): unknown {
  if (!item) return undefined;
  const value = item[field];
  return isLoc(value) ? localized(value as never, ctx.language, ctx.defaultLanguage) : value;
}

/** A raw data value made concrete: Loc → the language's value, binding → the field's value. */
export function resolve(ctx: RenderContext, raw: unknown, scope: Scope | undefined): unknown {
  if (raw === null || raw === undefined) return raw;
  if (typeof raw !== 'object') return raw;
  if (isLoc(raw)) return localized(raw as never, ctx.language, ctx.defaultLanguage);
  if (isBinding(raw)) {
    const value = itemField(ctx, scope?.item, raw._bind);
    if (scope) ctx.deps.add(scope.collection ? `item:${scope.collection.id}.${scope.item._id}` : 'items');
    if (isEmpty(value) && raw.fallback !== undefined) return resolve(ctx, raw.fallback, scope);
    return value;
  }
  return raw;
}

export const isEmpty = (v: unknown): boolean => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/** `node.data[key]` resolved. */
export function data(ctx: RenderContext, node: Node, key: string, scope: Scope | undefined): unknown {
  return resolve(ctx, node.data[key], scope);
}

/** `node.data[key]` as a string with template variables filled in ('' when absent). */
export function text(ctx: RenderContext, node: Node, key: string, scope: Scope | undefined): string {
  const value = data(ctx, node, key, scope);
  if (value === undefined || value === null) return '';
  // A text row bound to a rich-text field shows its words (the blocks' HTML is the rich-text component's).
  if (isBlocks(value)) return blocksText(value);
  if (typeof value === 'object') return '';
  return fill(ctx, String(value), scope);
}

export function flag(node: Node, key: string, fallback = false): boolean {
  const v = node.data[key];
  if (v === undefined || v === null || v === '') return fallback;
  return v === true || v === 'true' || v === 'yes' || v === 1 || v === '1';
}

export function num(node: Node, key: string, fallback: number): number {
  const v = node.data[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
}

const VAR = /\{([a-zA-Z_][\w-]*(?:\.[\w-]+)*)\}/g;

/**
 * Template variables: `{site.name}`, `{page.title}`, `{meta.description}`, `{legal.company_name}`,
 * `{copyright.year}`, `{item.<field>}` on a collection page or in a repeat, and custom `{name}`.
 * An unknown name stays as written, so braces in ordinary text survive. `escape` escapes the
 * substituted values for HTML that is parsed afterwards (rich text).
 */
export function fill(ctx: RenderContext, s: string, scope: Scope | undefined, escape?: (v: string) => string): string {
  if (s.indexOf('{') === -1) return s;
  return s.replace(VAR, (whole, name: string) => {
    const value = variable(ctx, name, scope);
    if (value === undefined) return whole;
    return escape ? escape(value) : value;
  });
}

/** A rich-text value: a list of blocks `{ type, value }` (what the CMS's rich-text field stores). */
export const isBlocks = (v: unknown): v is Array<{ type: string; value?: unknown }> =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.every((b) => typeof b === 'object' && b !== null && typeof (b as { type?: unknown }).type === 'string');

/** The words of rich-text blocks, tags (and scripts) dropped by the renderer's sanitizer, one space between blocks. */
export function blocksText(blocks: ReadonlyArray<{ value?: unknown }>): string {
  const words = (v: unknown): string =>
    typeof v === 'string' ? v : Array.isArray(v) ? v.map(words).join(' ') : typeof v === 'number' ? String(v) : '';
  const html = blocks.map((b) => words(b.value)).join(' ');
  const bare = html.includes('<')
    ? sanitizeHtml()(html.replace(/<(\/?(?:p|div|br|li|h[1-6]|ul|ol|tr|td|th)\b)/gi, ' <$1'), { allowedTags: [], allowedAttributes: {} })
    : html;
  return bare
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

function str(v: unknown): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (isBlocks(v)) return blocksText(v);
  if (typeof v === 'object') return Array.isArray(v) ? v.map((x) => str(x) ?? '').join(', ') : undefined;
  return String(v);
}

function variable(ctx: RenderContext, name: string, scope: Scope | undefined): string | undefined {
  const dot = name.indexOf('.');
  const head = dot === -1 ? name : name.slice(0, dot);
  const rest = dot === -1 ? '' : name.slice(dot + 1);
  const { doc } = ctx;
  const g = doc.globals;
  const loc = (v: unknown) => str(resolve(ctx, v, scope));
  switch (head) {
    case 'site':
      if (rest === 'name') return g.site.name || doc.settings.name;
      if (rest === 'description') return g.site.description || loc(doc.settings.description);
      if (rest === 'url') return g.site.url || siteBase(doc);
      if (rest === 'language') return ctx.language;
      return str((g.site as Record<string, unknown>)[rest]);
    case 'meta':
      if (rest === 'description') return g.meta.description || loc(ctx.page.description) || loc(doc.settings.description);
      if (rest === 'title') return g.meta.title || pageTitle(ctx, scope);
      if (rest === 'name') return g.meta.name || g.site.name || doc.settings.name;
      return str((g.meta as Record<string, unknown>)[rest]);
    case 'legal':
      return str((g.legal as Record<string, unknown>)[rest]);
    case 'copyright':
      if (rest === 'year') return String(ctx.now.getFullYear());
      if (rest === 'name' || rest === '') return g.legal.company_name || g.site.name || doc.settings.name;
      return undefined;
    case 'page': {
      if (rest === 'title') return pageTitle(ctx, scope);
      if (rest === 'description') return fill(ctx, loc(ctx.page.description) ?? '', rootScope(ctx, scope));
      if (rest === 'name') return ctx.page.name;
      if (rest === 'url') return ctx.pageUrl(ctx.page.id, ctx.language, ctx.pageItem);
      if (rest === 'language') return ctx.language;
      return undefined;
    }
    case 'item': {
      let s = scope;
      // `{item.x}` reads the innermost item that has the field, so a repeat inside a collection page still sees the page's item.
      while (s) {
        if (rest in s.item) {
          if (s.collection) ctx.deps.add(`item:${s.collection.id}.${s.item._id}`);
          return str(itemField(ctx, s.item, rest));
        }
        s = s.parent;
      }
      return scope ? '' : undefined;
    }
    default: {
      if (dot !== -1) return undefined;
      const custom = g.custom?.[name];
      return custom === undefined ? undefined : loc(custom);
    }
  }
}

function rootScope(ctx: RenderContext, scope: Scope | undefined): Scope | undefined {
  let s = scope;
  while (s?.parent) s = s.parent;
  return s ?? (ctx.pageItem ? { item: ctx.pageItem } : undefined);
}

/** The page's title with its variables (`{item.title}`) filled in. */
export function pageTitle(ctx: RenderContext, scope: Scope | undefined): string {
  const raw = localized(ctx.page.title as never, ctx.language, ctx.defaultLanguage) as string | undefined;
  const title = raw && raw !== '' ? raw : ctx.page.name;
  // The title must not recurse into {page.title} itself.
  return title.includes('{page.title}') ? title : fill(ctx, title, rootScope(ctx, scope));
}
