import { parse, type HTMLElement } from 'node-html-parser';
import { renderNode, renderPage, type RenderOptions } from '../../server/src/render/index.js';
import type { Node, SiteDoc } from '../../server/src/model/document.js';
import { makeDoc, node, withSection } from './fixtures.js';

export const NOW = new Date('2026-06-01T12:00:00Z');

/** Parses HTML the way a browser builds its tree (node-html-parser). */
export function dom(html: string): HTMLElement {
  // `pre` is parsed like any element (node-html-parser keeps its content as raw text by default).
  return parse(html, { comment: false, blockTextElements: { script: true, noscript: true, style: true } });
}

/** Renders one component in a section on a fresh home page and returns the parsed page. */
export function renderOne(
  component: Node,
  extra: Node[] = [],
  options: Partial<RenderOptions> = {},
  doc: SiteDoc = makeDoc(),
): { root: HTMLElement; html: string; scripts: string[]; classes: Set<string> } {
  withSection(doc, 'home', [node('s', 'layout-v', { '_options.tag': 'section' }, [component.id]), component, ...extra]);
  const result = renderPage(doc, 'home', { mode: 'compile', now: NOW, siteId: 'acme.test', ...options });
  return { root: dom(result.html), html: result.html, scripts: result.scripts, classes: result.classes };
}

/** Renders just a node (and its subtree) of a doc in compile mode. */
export function fragment(doc: SiteDoc, id: string, options: Partial<RenderOptions> & { pageId?: string } = {}): HTMLElement {
  return dom(renderNode(doc, id, { mode: 'compile', now: NOW, ...options }).html);
}

export function main(root: HTMLElement): HTMLElement {
  return root.querySelector('main')!;
}
