import type { Item, Page, SiteDoc } from '../model/document.js';
import { isPublished } from './cms.js';
import { defaultAssetUrl } from './context-factory.js';
import { buildCss } from './css.js';
import { esc, escAttr } from './html.js';
import { renderPage } from './page.js';
import { absolute, isCollectionPage, pageFile, pageLanguages, siteBase } from './urls.js';

/**
 * The compiled site: every page in every language, the CSS, sitemap, robots.txt, the 404 page and
 * redirects, as a map of output path → content. Incremental: given the previous result, only the
 * pages whose inputs changed are rendered again (see `dirty`).
 */
export interface CompileOptions {
  /** For form endpoints. */
  siteId?: string;
  apiBase?: string;
  /** Fixed time for `{copyright.year}` and timers (tests, reproducible builds). */
  now?: Date;
  /** Seed for `_options.shuffle`; the same seed gives the same order. Default 1. */
  seed?: number;
  assetUrl?: (name: string) => string;
  /** The site's files to copy under `assets/`, by name. */
  assets?: Map<string, Buffer>;
  /**
   * Images among them: intrinsic size and resized copies (width → bytes, WebP), written as
   * `assets/_w<width>/<name>.webp` and offered to browsers through `srcset`.
   */
  images?: Map<string, { width: number; height: number; variants: Map<number, Buffer> }>;
  /** The previous compile of this site: unchanged pages are reused from it. */
  previous?: CompiledSite;
  /**
   * What changed since `previous`, when the caller knows (an item edit). Without it the change is
   * found by comparing fingerprints of the document's parts, which costs a few milliseconds.
   */
  changed?: { pages?: string[]; items?: { collection: string; id: number }[] };
}

export const CSS_FILE = 'styles.css';

interface Output {
  pageId: string;
  language: string;
  itemId?: number;
  deps: string[];
  classes: string[];
  scripts: string[];
  indexable: boolean;
}

export interface CompileState {
  global: string;
  pages: Map<string, string>;
  items: Map<string, string>;
  outputs: Map<string, Output>;
  /** Class → number of pages using it. */
  classCount: Map<string, number>;
  css: string;
}

export interface CompiledSite {
  files: Map<string, string | Buffer>;
  state: CompileState;
  stats: { pages: number; rendered: number; reused: number; ms: number };
}

export async function compileSite(doc: SiteDoc, options: CompileOptions = {}): Promise<CompiledSite> {
  const started = performance.now();
  const prev = options.previous?.state;
  const fp = fingerprints(doc, options, prev);
  const full = !prev || prev.global !== fp.global;
  const changedPages = new Set<string>();
  const changedItems = new Set<string>();
  const changedCollections = new Set<string>();
  if (!full) {
    if (options.changed) {
      for (const id of options.changed.pages ?? []) changedPages.add(id);
      for (const { collection, id } of options.changed.items ?? []) {
        changedItems.add(`${collection}.${id}`);
        changedCollections.add(collection);
      }
    } else {
      for (const [id, f] of fp.pages) if (prev.pages.get(id) !== f) changedPages.add(id);
      for (const id of prev.pages.keys()) if (!fp.pages.has(id)) changedPages.add(id);
      for (const [key, f] of fp.items) if (prev.items.get(key) !== f) changedItems.add(key);
      for (const key of prev.items.keys()) if (!fp.items.has(key)) changedItems.add(key);
      for (const key of changedItems) changedCollections.add(key.slice(0, key.lastIndexOf('.')));
    }
  }
  // The header and footer are on every page.
  const everything = full || changedPages.has('_before') || changedPages.has('_after');

  const dirty = (path: string, o: Output): boolean => {
    if (everything || changedPages.has(o.pageId)) return true;
    for (const d of o.deps) {
      if (d.startsWith('collection:') && changedCollections.has(d.slice(11))) return true;
      if (d.startsWith('item:') && changedItems.has(d.slice(5))) return true;
    }
    return !options.previous?.files.has(path);
  };

  // A custom CDN serves the site's files (compile settings `cdnUrl`); the zip still carries them.
  const cdn = doc.settings.compile?.cdnUrl?.replace(/\/+$/, '');
  const assetUrl =
    options.assetUrl ??
    (cdn
      ? (name: string) => {
          const url = defaultAssetUrl(name);
          return url.startsWith('/assets/') ? cdn + url : url;
        }
      : defaultAssetUrl);
  const images = new Map(
    [...(options.images ?? [])].map(([name, image]) => [
      name,
      {
        width: image.width,
        height: image.height,
        variants: [...image.variants.keys()].sort((a, b) => a - b).map((width) => ({ width, url: assetUrl(variantFile(name, width)) })),
      },
    ]),
  );
  const render = {
    siteId: options.siteId,
    apiBase: options.apiBase,
    now: options.now,
    seed: options.seed,
    assetUrl,
    image: (name: string) => images.get(name),
    cssHref: `/${CSS_FILE}`,
    cache: new Map<string, unknown>(),
  };
  // How many pages use each class: the stylesheet changes only when a class appears or disappears.
  const classCount = new Map(full || !prev ? [] : prev.classCount);
  let classesChanged = full || !prev;
  const count = (classes: string[], by: number) => {
    for (const c of classes) {
      const next = (classCount.get(c) ?? 0) + by;
      if (next <= 0) {
        classCount.delete(c);
        classesChanged = true;
      } else {
        if (next === by) classesChanged = true;
        classCount.set(c, next);
      }
    }
  };
  const files = new Map<string, string | Buffer>();
  const outputs = new Map<string, Output>();
  let rendered = 0;
  let reused = 0;
  const all = doc.settings.languages.length ? doc.settings.languages : ['en'];
  // The compile settings may choose some of the languages (empty means all).
  const chosen = doc.settings.compile?.languages?.filter((l) => all.includes(l)) ?? [];
  const languages = chosen.length ? chosen : all;
  const work = withDefault404(doc);

  for (const page of work.pages) {
    if (page.unpublished || page.id === '_before' || page.id === '_after') continue;
    const collection = isCollectionPage(page) ? work.collections.find((c) => c.id === page.content) : undefined;
    if (isCollectionPage(page) && !collection) continue;
    const items: (Item | undefined)[] = collection ? collection.items.filter((i) => isPublished(collection, i)) : [undefined];
    for (const language of pageLanguages(work, page)) {
      if (!languages.includes(language)) continue;
      for (const item of items) {
        const path = pageFile(work, page, language, item);
        const before = prev?.outputs.get(path);
        if (before && before.pageId === page.id && before.itemId === item?._id && !dirty(path, before)) {
          files.set(path, options.previous!.files.get(path)!);
          outputs.set(path, before);
          reused++;
          continue;
        }
        const result = renderPage(work, page.id, { ...render, mode: 'compile', language, item });
        files.set(path, result.html);
        if (before) count(before.classes, -1);
        count([...result.classes], 1);
        outputs.set(path, {
          pageId: page.id,
          language,
          itemId: item?._id,
          deps: [...result.deps],
          classes: [...result.classes],
          scripts: result.scripts,
          indexable: !page.hidden && page.id !== '404',
        });
        rendered++;
      }
    }
  }

  // Pages of the previous compile that no longer exist (a renamed slug, an unpublished item).
  if (prev && !full) for (const [path, o] of prev.outputs) if (!outputs.has(path)) count(o.classes, -1);

  // One stylesheet over the classes every page used; rebuilt only when that set changes.
  const css = !classesChanged && prev ? prev.css : await buildCss(doc, classCount.keys());
  files.set(CSS_FILE, css);

  // The sitemap lists paths only: the same paths give the same sitemap.
  const samePaths = !full && !!prev && prev.outputs.size === outputs.size && [...outputs.keys()].every((path) => prev.outputs.has(path));
  const previousSitemap = options.previous?.files.get('sitemap.xml');
  files.set('sitemap.xml', samePaths && previousSitemap !== undefined ? previousSitemap : sitemap(work, outputs));
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

  return {
    files,
    state: { global: fp.global, pages: fp.pages, items: fp.items, outputs, classCount, css },
    stats: { pages: outputs.size, rendered, reused, ms: performance.now() - started },
  };
}

/** Where a resized copy of a file lives, relative to `assets/`: `_w640/photo.jpg.webp`. */
export const variantFile = (name: string, width: number): string => `_w${width}/${name}.webp`;

/** A site without a 404 page still gets one: a heading and a link home. */
function withDefault404(doc: SiteDoc): SiteDoc {
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

/** Fingerprints of the parts of the document that decide what to re-render. */
function fingerprints(doc: SiteDoc, options: CompileOptions, prev: CompileState | undefined) {
  const global = JSON.stringify([
    doc.settings,
    doc.theme,
    doc.globals,
    doc.shared,
    doc.pages.map((p) => ({ ...p, sections: undefined, code: p.code })),
    doc.collections.map((c) => [c.id, c.fields]),
    options.now?.getFullYear(),
    options.seed,
    options.siteId,
  ]);
  const pages = new Map<string, string>();
  const items = new Map<string, string>();
  // When the caller names what changed, the per-part fingerprints are carried over, not recomputed.
  const pageFingerprint = (page: Page) => {
    const parts: unknown[] = [];
    const seen = new Set<string>();
    const walk = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      const n = doc.nodes[id];
      if (!n) return;
      parts.push(n);
      if (n.alias) walk(n.alias);
      for (const c of n.children) walk(c);
    };
    for (const s of page.sections) walk(s);
    return JSON.stringify([page.sections, parts]);
  };
  if (options.changed && prev && prev.global === global) {
    // The caller named what changed: carry the other fingerprints over and refresh only those.
    for (const [k, v] of prev.pages) pages.set(k, v);
    for (const [k, v] of prev.items) items.set(k, v);
    for (const id of options.changed.pages ?? []) {
      const page = doc.pages.find((p) => p.id === id);
      if (page) pages.set(id, pageFingerprint(page));
      else pages.delete(id);
    }
    for (const { collection, id } of options.changed.items ?? []) {
      const item = doc.collections.find((c) => c.id === collection)?.items.find((i) => i._id === id);
      if (item) items.set(`${collection}.${id}`, JSON.stringify(item));
      else items.delete(`${collection}.${id}`);
    }
    return { global, pages, items };
  }
  for (const page of doc.pages) pages.set(page.id, pageFingerprint(page));
  for (const c of doc.collections) for (const item of c.items) items.set(`${c.id}.${item._id}`, JSON.stringify(item));
  return { global, pages, items };
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
