import type { Page, SiteDoc } from '../model/document.js';
import type { CompileOptions, CompiledSite, Output } from './compiled.js';
import { esc, escAttr } from './html.js';
import { absolute, siteBase } from './urls.js';

/** Where a resized copy of a file lives, relative to `assets/`: `_w640/photo.jpg.webp`. */
export const variantFile = (name: string, width: number): string => `_w${width}/${name}.webp`;

/**
 * The files beside the pages: sitemap.xml when the site has an address (the previous one when the paths
 * are the same), robots.txt,
 * the redirects, and the site's assets with their resized copies. `previous` is the compile this one
 * builds on, if any.
 */
export function addSiteFiles(
  files: Map<string, string | Buffer>,
  doc: SiteDoc,
  outputs: Map<string, Output>,
  options: Pick<CompileOptions, 'assets' | 'images'>,
  previous: CompiledSite | undefined,
): void {
  // The sitemap protocol wants absolute addresses: a site without a domain gets none (the publish
  // menu and the compile settings say why). The same paths give the same sitemap.
  if (siteBase(doc)) {
    const before = previous?.state.outputs;
    const samePaths = !!before && before.size === outputs.size && [...outputs.keys()].every((path) => before.has(path));
    const previousSitemap = previous?.files.get('sitemap.xml');
    files.set('sitemap.xml', samePaths && previousSitemap !== undefined ? previousSitemap : sitemap(doc, outputs));
  }
  files.set('robots.txt', robots(doc));
  const redirects = doc.settings.redirects ?? [];
  if (redirects.length) {
    files.set('_redirects', redirects.map((r) => `${r.from} ${r.to} ${r.status ?? 301}`).join('\n') + '\n');
    // Compile settings `redirects`: `meta` (the default) also writes a page per redirect for hosts that ignore `_redirects`.
    for (const r of doc.settings.compile?.redirects === 'none' ? [] : redirects) {
      const path = redirectFile(r.from);
      if (path && !files.has(path)) files.set(path, refreshPage(doc, r.to));
    }
  }
  for (const [name, bytes] of options.assets ?? []) files.set(`assets/${name}`, bytes);
  for (const [name, image] of options.images ?? []) {
    for (const [width, bytes] of image.variants) files.set(`assets/${variantFile(name, width)}`, bytes);
  }
}

/** A site without a 404 page still gets one: a heading and a link home. */
export function withDefault404(doc: SiteDoc): SiteDoc {
  if (doc.pages.some((p) => p.id === '404')) return doc;
  const page: Page = {
    id: '404',
    name: 'Not found',
    title: 'Page not found',
    slug: '404',
    description: '',
    hidden: true,
    unpublished: false,
    sections: ['pw-404'],
  };
  return {
    ...doc,
    pages: [...doc.pages, page],
    nodes: {
      ...doc.nodes,
      'pw-404': {
        id: 'pw-404',
        type: 'layout-v',
        data: { '_options.tag': 'section' },
        style: { spacing: 'px-section-x py-section-y gap-gap-sm items-start' },
        children: ['pw-404.title', 'pw-404.home'],
      },
      'pw-404.title': {
        id: 'pw-404.title',
        type: 'heading',
        data: { value: 'Page not found', '_options.tag': 'h1' },
        style: { text: 'text-4xl font-bold' },
        children: [],
      },
      'pw-404.home': {
        id: 'pw-404.home',
        type: 'link',
        data: { value: 'Go to the home page', _action: 'page', _target: 'home' },
        style: { text: 'underline' },
        children: [],
      },
    },
  };
}

function sitemap(doc: SiteDoc, outputs: Map<string, Output>): string {
  const byPage = new Map<string, { language: string; path: string }[]>();
  for (const [path, o] of outputs) {
    if (!o.indexable) continue;
    const key = `${o.pageId}\u0000${o.itemId ?? ''}`;
    const list = byPage.get(key) ?? [];
    list.push({ language: o.language, path });
    byPage.set(key, list);
  }
  const url = (path: string) => absolute(doc, `/${path.replace(/index\.html$/, '')}`);
  let out =
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
  for (const versions of byPage.values()) {
    for (const v of versions) {
      out += `<url><loc>${esc(url(v.path))}</loc>`;
      if (versions.length > 1)
        for (const alt of versions)
          out += `<xhtml:link rel="alternate" hreflang="${escAttr(alt.language)}" href="${escAttr(url(alt.path))}"/>`;
      out += '</url>\n';
    }
  }
  return `${out}</urlset>\n`;
}

/** A site that is not production (compile settings) turns crawlers away; otherwise the sitemap is named. */
function robots(doc: SiteDoc): string {
  if (doc.settings.compile?.production === false) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n${siteBase(doc) ? `Sitemap: ${absolute(doc, '/sitemap.xml')}\n` : ''}`;
}

/** A redirect's `from` as the file that answers it: `/old-page` → `old-page/index.html`. Wildcards have no file. */
function redirectFile(from: string): string | undefined {
  const path = from.replace(/^\/+|\/+$/g, '');
  if (!path || /[*:?#]/.test(path) || path.includes('..')) return undefined;
  return path.endsWith('.html') ? path : `${path}/index.html`;
}

/** For hosts that do not read `_redirects`: a page that sends the browser on at once. */
function refreshPage(doc: SiteDoc, to: string): string {
  const target = /^[a-z]+:/i.test(to) || to.startsWith('/') ? to : `/${to}`;
  const lang = doc.settings.languages[0] ?? 'en';
  return `<!doctype html><html lang="${escAttr(lang)}"><head><meta charset="utf-8"><title>Redirecting…</title><meta http-equiv="refresh" content="0; url=${escAttr(target)}"><link rel="canonical" href="${escAttr(absolute(doc, target))}"><meta name="robots" content="noindex"></head><body><p><a href="${escAttr(target)}">${esc(target)}</a></p></body></html>`;
}
