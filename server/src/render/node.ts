import type { ComponentType, Node } from '../model/document.js';
import { nodeClasses, use } from './classes.js';
import { dataSourceScope, repeatItems } from './cms.js';
import type { RenderContext, Scope } from './context.js';
import type { Attrs } from './html.js';
import { passesRenderFilter, settingAttrs } from './settings.js';

/** What a component renderer gets: the node (an alias's original), the id it answers to, and its scope. */
export interface Part {
  ctx: RenderContext;
  node: Node;
  /** The id written as `data-pw-id` (the alias's own id for an alias). */
  id: string;
  scope: Scope | undefined;
}

export type ComponentRenderer = (part: Part) => string;

const registry = new Map<ComponentType, ComponentRenderer>();

export function register(types: ComponentType | ComponentType[], render: ComponentRenderer): void {
  for (const type of Array.isArray(types) ? types : [types]) registry.set(type, render);
}

/** Renders one node (section or component) and its subtree. Hidden nodes render nothing in compile mode. */
export function renderNodeIn(ctx: RenderContext, id: string, scope: Scope | undefined): string {
  const own = ctx.doc.nodes[id];
  if (!own) return '';
  let node = own;
  // An alias renders its original; a chain of aliases is followed a few steps, never in a loop.
  for (let hops = 0; node.alias && hops < 8; hops++) {
    const original = ctx.doc.nodes[node.alias];
    if (!original) return '';
    node = original;
  }
  // A node written without one of its maps (an older or hand-made document) renders as if empty.
  if (!node.data || !node.style || !node.children)
    node = { ...node, data: node.data ?? {}, style: node.style ?? {}, children: node.children ?? [] };
  if (own.data?.['_options.hidden'] === true || node.data['_options.hidden'] === true) {
    if (!ctx.preview) return '';
  }
  const render = registry.get(node.type);
  if (!render) return '';
  const inner = dataSourceScope(ctx, node, scope);
  if (!passesRenderFilter(ctx, node, inner)) return '';
  let html = render({ ctx, node, id, scope: inner });
  const before = node.data['_comment.before'];
  const after = node.data['_comment.after'];
  if (typeof before === 'string' && before) html = `${comment(before)}${html}`;
  if (typeof after === 'string' && after) html = `${html}${comment(after)}`;
  return html;
}

const comment = (s: string) => `<!-- ${s.replace(/--/g, '- -').replace(/[<>]/g, '')} -->`;

/** The ids toggle buttons of the site name (`data-toggle-target`), found once per render. */
function toggleTargets(ctx: RenderContext): Set<string> {
  let targets = ctx.cache.get('toggleTargets') as Set<string> | undefined;
  if (!targets) {
    targets = new Set();
    for (const id in ctx.doc.nodes) {
      const value = ctx.doc.nodes[id]!.data['_attr.data-toggle-target'];
      if (typeof value === 'string' && value && value !== 'yes' && value !== 'no') targets.add(value);
    }
    ctx.cache.set('toggleTargets', targets);
  }
  return targets;
}

/** The attributes every component root carries: class, id, dir, lang, data-*, appearance and the preview marker. */
export function common(part: Part, extraClass?: string): Attrs {
  const { ctx, node } = part;
  const extra = settingAttrs(ctx, node, part.scope);
  let cls = nodeClasses(ctx, node, extraClass);
  if (extra.classes.length) cls = cls ? `${cls} ${extra.classes.join(' ')}` : extra.classes.join(' ');
  const appearance = node.data['_options.appearance'] ?? node.data.appearance;
  if (appearance === 'dark' || appearance === 'light') cls = cls ? `${cls} ${appearance}` : appearance;
  const out: Attrs = {};
  if (cls) out.class = cls;
  for (const key in node.data) {
    if (!key.startsWith('_attr.')) continue;
    const name = key.slice(6);
    if (name === 'class' || name === '_data' || name === 'fetchpriority') continue;
    // Event handlers and styles are not settings; custom code has its own place.
    if (/^on/i.test(name) || name === 'style') continue;
    const value = node.data[key];
    if (name === 'id' && typeof value === 'string' && value) {
      out.id = uniqueHtmlId(ctx, value);
      // What a toggle button opens is a popover: the browser opens and closes it, no script needed.
      if (toggleTargets(ctx).has(value)) {
        out.popover = 'auto';
        out['data-pw-menu'] = true;
      }
      continue;
    }
    if (name === 'data-toggle-target' && typeof value === 'string' && value && value !== 'yes' && value !== 'no') {
      // A toggle button opens and closes the element it names (the Popover API tells whether it is open).
      out.popovertarget = value;
      continue;
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      if (name.startsWith('data-') && (value === 'yes' || value === true)) out[name] = 'true';
      else if (value !== 'no' && value !== '') out[name] = typeof value === 'boolean' ? value : String(value);
    }
  }
  const dataList = node.data['_attr._data'];
  if (Array.isArray(dataList)) {
    for (const entry of dataList) {
      if (typeof entry !== 'string' || entry === '') continue;
      const eq = entry.indexOf('=');
      const name = (eq === -1 ? entry : entry.slice(0, eq)).trim().replace(/^data-/, '');
      if (/^[a-z][a-z0-9-]*$/.test(name)) out[`data-${name}`] = eq === -1 ? true : entry.slice(eq + 1);
    }
  }
  if (out.dir !== 'rtl') delete out.dir;
  if (extra.style) out.style = extra.style;
  Object.assign(out, extra.attrs);
  if (ctx.preview) {
    out['data-pw-id'] = part.id;
    if (node.data['_options.hidden'] === true) {
      out['data-pw-hidden'] = true;
      out.hidden = true;
    }
  }
  return out;
}

/** The node's tag from `_options.tag` when it is one of `allowed`, else `fallback`. */
export function tagOf(node: Node, allowed: readonly string[], fallback: string): string {
  const tag = node.data['_options.tag'] ?? node.data.tag;
  return typeof tag === 'string' && allowed.includes(tag) ? tag : fallback;
}

/** The children, once, or once per item when the node has `_repeat`. */
export function children(part: Part): string {
  const { ctx, node } = part;
  const source = node.data._repeat;
  if (typeof source === 'string' && source !== '') {
    const { collection, items } = repeatItems(ctx, node, source, part.scope);
    let out = '';
    for (const item of items) {
      const scope: Scope = collection ? { item, collection, parent: part.scope } : { item, parent: part.scope };
      for (const child of node.children) out += renderNodeIn(ctx, child, scope);
    }
    return out;
  }
  let out = '';
  for (const child of node.children) out += renderNodeIn(ctx, child, part.scope);
  return out;
}

/** The id a form control gets from its component id when it names none: `pw-contact-form-email`. */
export const controlId = (componentId: string): string => `pw-${componentId.replace(/[^a-zA-Z0-9_-]+/g, '-')}`;

/** `base`, or `base-2`… when repeated content writes the same id again. */
export function uniqueHtmlId(ctx: RenderContext, base: string): string {
  const clean = base.replace(/\s+/g, '-');
  const n = (ctx.ids.get(clean) ?? 0) + 1;
  ctx.ids.set(clean, n);
  return n === 1 ? clean : `${clean}-${n}`;
}

export { use };
