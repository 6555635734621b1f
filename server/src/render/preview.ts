import type { SiteDoc } from '../model/document.js';
import type { RenderOptions } from './context.js';
import { buildCss } from './css.js';
import { renderPage, type RenderResult } from './page.js';

/**
 * A preview page with its CSS inlined, as the editor's frame shows it: renderPage in preview mode,
 * then the Tailwind build over the classes it used (cached per theme, so an edit costs little).
 */
export async function renderPreview(
  doc: SiteDoc,
  pageId: string,
  options: Omit<RenderOptions, 'mode'> = {},
): Promise<RenderResult & { css: string }> {
  const result = renderPage(doc, pageId, { ...options, mode: 'preview' });
  const css = await buildCss(doc, result.classes, { exact: false });
  const at = result.html.indexOf('</head>');
  const html = `${result.html.slice(0, at)}<style>${css.replace(/<\/style/gi, '<\\/style')}</style>${result.html.slice(at)}`;
  return { ...result, html, css };
}
