/**
 * The one renderer (DESIGN.md "One renderer"): a site document to HTML. Preview and compile are the
 * same code; preview adds `data-pw-id` markers and honours the editor's appearance, compile gives
 * clean output. Pure functions over the document: no database, no Express.
 */
import { parentId, sectionOf, type SiteDoc } from '../model/document.js';
import { dataSourceScope, findCollection } from './cms.js';
import type { RenderContext, RenderOptions, Scope } from './context.js';
import { createContext } from './context-factory.js';
import { renderNodeIn } from './node.js';
import { defaultItem, findPage, type RenderResult } from './page.js';
import './components/index.js';
import { schemaOrgJson } from './components/schemaorg.js';

export type { RenderOptions } from './context.js';
export { renderPage, PageNotFoundError } from './page.js';
export { buildCss, themeCss } from './css.js';
export { compileSite } from './compile.js';
export type { CompiledSite } from './compiled.js';
export { renderPreview } from './preview.js';

/** A fragment's result also names the node it rendered (see renderNode). */
export interface FragmentResult extends RenderResult {
  id: string;
  /**
   * Whether it wrote ids a page numbers across components (`-2` for an id seen before, an icon's
   * clip paths): rendered alone, those may differ from the same fragment inside its page.
   */
  numberedIds: boolean;
  /** Code block themes it uses (their CSS goes in the page's head). */
  codeThemes: Set<string>;
}

/**
 * Renders one section or component for an edit's answer. A node inside a repeat is rendered by its
 * nearest repeating ancestor (all copies change together); `id` says which node the HTML replaces.
 * `pageId` names the page when the node is in the header or footer and the preview shows another page.
 */
export function renderNode(doc: SiteDoc, nodeId: string, options: RenderOptions & { pageId?: string }): FragmentResult {
  let id = nodeId;
  for (let up = parentId(nodeId); up; up = parentId(up))
    if (typeof doc.nodes[up]?.data._repeat === 'string' && doc.nodes[up]!.data._repeat) id = up;
  const section = sectionOf(id);
  const page = findPage(doc, options.pageId ?? doc.pages.find((p) => p.sections.includes(section))?.id ?? 'home');
  const item = options.item ?? defaultItem(doc, page);
  const ctx = createContext(doc, page, options, item);
  const html = renderNodeIn(ctx, id, ancestorScope(ctx, id, item));
  return {
    id,
    html,
    classes: ctx.classes,
    scripts: [...ctx.scripts].sort(),
    deps: ctx.deps,
    derived: ctx.derived,
    numberedIds: ctx.ids.size > 0,
    codeThemes: ctx.codeThemes,
  };
}

/**
 * The JSON-LD object a Schema.org component publishes (GET /schemaorg/{componentId}), resolved
 * as the compiled page would: localized, bound and with variables filled in. Null if it has none.
 */
export function componentJsonLd(
  doc: SiteDoc,
  nodeId: string,
  options: Omit<RenderOptions, 'mode'> & { pageId?: string } = {},
): Record<string, unknown> | null {
  const node = doc.nodes[nodeId];
  if (!node) return null;
  const section = sectionOf(nodeId);
  const page = findPage(doc, options.pageId ?? doc.pages.find((p) => p.sections.includes(section))?.id ?? 'home');
  const item = options.item ?? defaultItem(doc, page);
  const ctx = createContext(doc, page, { ...options, mode: 'compile' }, item);
  return schemaOrgJson({ ctx, node, id: nodeId, scope: dataSourceScope(ctx, node, ancestorScope(ctx, nodeId, item)) }) ?? null;
}

/** Renders a section (and everything in it). */
export function renderSection(doc: SiteDoc, sectionId: string, options: RenderOptions & { pageId?: string }): FragmentResult {
  return renderNode(doc, sectionId, options);
}

/** The item scope a node sees from its ancestors' `_dataSource` and the page's item. */
function ancestorScope(ctx: RenderContext, id: string, item: RenderContext['pageItem']): Scope | undefined {
  let scope: Scope | undefined = item
    ? { item, collection: ctx.page.content ? findCollection(ctx, ctx.page.content) : undefined }
    : undefined;
  const chain: string[] = [];
  for (let up = parentId(id); up; up = parentId(up)) chain.unshift(up);
  for (const up of chain) {
    const node = ctx.doc.nodes[up];
    if (node) scope = dataSourceScope(ctx, node, scope);
  }
  return scope;
}
