import type { SiteDoc } from '../model/document.js';
import { findCollection } from './cms.js';
import { codeThemeCss } from './components/code.js';
import type { RenderOptions, Scope } from './context.js';
import { createContext } from './context-factory.js';
import { buildCss, previewCss } from './css.js';
import { renderNodeIn } from './node.js';
import { defaultItem, findPage, renderPage, type RenderResult } from './page.js';

/**
 * A preview page with its CSS inlined, as the editor's frame shows it: renderPage in preview mode,
 * then the Tailwind build over the classes it used (cached per theme, so an edit costs little).
 * `styled`: every class the inlined CSS has rules for (more than the page uses: see buildCss).
 */
export async function renderPreview(
  doc: SiteDoc,
  pageId: string,
  options: Omit<RenderOptions, 'mode'> = {},
): Promise<RenderResult & { css: string; styled: ReadonlySet<string> }> {
  const result = renderPage(doc, pageId, { ...options, mode: 'preview' });
  const { css, classes: styled } = await previewCss(doc, result.classes);
  const at = result.html.indexOf('</head>');
  const html = `${result.html.slice(0, at)}<style>${css.replace(/<\/style/gi, '<\\/style')}</style>${result.html.slice(at)}`;
  return { ...result, html, css, styled };
}

/**
 * A page's sections rendered one by one in preview mode, each placed by `wrap` (a card around it), in
 * the page's own document (head, fonts, appearance, body classes) without the site's header and
 * footer, with the CSS of everything rendered inlined. No script the sections would need is included:
 * what shows them (the Add section popup) runs none of the page's. `extraCss` comes after the theme's.
 */
export async function renderPreviewSections(
  doc: SiteDoc,
  pageId: string,
  options: Omit<RenderOptions, 'mode'>,
  wrap: (sectionId: string, html: string) => string,
  extraCss = '',
): Promise<{ html: string; css: string }> {
  const page = findPage(doc, pageId);
  const shellDoc: SiteDoc = {
    ...doc,
    pages: doc.pages.filter((p) => p.id !== '_before' && p.id !== '_after').map((p) => (p.id === pageId ? { ...p, sections: [] } : p)),
  };
  const shell = renderPage(shellDoc, pageId, { ...options, mode: 'preview' });
  // One context for every section, as in a page: form control ids stay unique across the cards.
  const item = options.item ?? defaultItem(doc, page);
  const ctx = createContext(doc, page, { ...options, mode: 'preview' }, item);
  const scope: Scope | undefined = item ? { item, collection: page.content ? findCollection(ctx, page.content) : undefined } : undefined;
  const parts = page.sections.map((id) => wrap(id, renderNodeIn(ctx, id, scope)));
  const css = await buildCss(doc, new Set([...shell.classes, ...ctx.classes]), { exact: false });
  const codeCss = [...ctx.codeThemes].map(codeThemeCss).join('');
  const style = `<style>${(css + codeCss + extraCss).replace(/<\/style/gi, '<\\/style')}</style>`;
  const main = '<main id="main">';
  const head = shell.html.indexOf('</head>');
  const body = shell.html.indexOf(main, head) + main.length;
  const html = shell.html.slice(0, head) + style + shell.html.slice(head, body) + parts.join('') + shell.html.slice(body);
  return { html, css };
}
