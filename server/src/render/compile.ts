import type { Item, SiteDoc } from '../model/document.js';
import { ClassUse } from './class-use.js';
import { isPublished } from './cms.js';
import type { CompileOptions, CompiledSite, Output } from './compiled.js';
import { whatChanged, type Changes } from './changes.js';
import { defaultAssetUrl } from './context-factory.js';
import type { RenderOptions } from './context.js';
import { gzipSync } from 'node:zlib';
import type { Derivation } from './derived.js';
import { buildCss, minifyCss } from './css.js';
import { FAVICON_FILE, generatedFavicon } from './favicon.js';
import { fontFile, siteFontFaces } from './fonts.js';
import { renderPage } from './page.js';
import { addSiteFiles, variantFile, withDefault404 } from './site-files.js';
import { isCollectionPage, pageFile, pageLanguages } from './urls.js';

const CSS_FILE = 'styles.css';

/** Compiles a site (see CompileOptions): the pages that changed, one stylesheet, and the files beside them. */
export async function compileSite(doc: SiteDoc, options: CompileOptions = {}): Promise<CompiledSite> {
  const started = performance.now();
  const prev = options.previous?.state;
  const changes = whatChanged(doc, options);
  const classes = new ClassUse(changes.full ? undefined : prev?.classCount);
  const work = withDefault404(doc);
  const { files, outputs, rendered, reused } = await renderPages(work, options, changes, classes);

  // Pages of the previous compile that no longer exist (a renamed slug, an unpublished item).
  if (prev && !changes.full) for (const [path, o] of prev.outputs) if (!outputs.has(path)) classes.count(o.classes, -1);

  // One stylesheet over the classes every page used; rebuilt only when that set changes.
  const minify = !['nothing', 'html'].includes(doc.settings.compile?.optimize ?? 'both');
  const css =
    !classes.changed && prev && prev.minified === minify
      ? prev.css
      : await buildCss(doc, classes.counts.keys()).then((c) => (minify ? minifyCss(c) : c));
  files.set(CSS_FILE, css);
  placeCss(files, outputs, css);
  addSiteFiles(files, doc, outputs, options, changes.full ? undefined : options.previous);
  await addDerivedImages(files, outputs, options);
  if (!doc.settings.favicon) files.set(FAVICON_FILE, generatedFavicon(doc));
  // The woff2 files of the packaged fonts the pages use (the weights, styles and subsets they name).
  for (const face of siteFontFaces(doc)) {
    const bytes = fontFile(face.file);
    if (bytes) files.set(`fonts/${face.file}`, bytes);
  }
  // Those of the other theme fonts, fetched from the font source by the caller ("Download webfonts").
  for (const face of options.webFonts?.faces ?? []) {
    const bytes = options.webFonts?.files.get(face.file);
    if (bytes) files.set(`fonts/${face.file}`, bytes);
  }

  const { global, pages, items } = changes.fingerprints;
  return {
    files,
    state: { global, pages, items, outputs, classCount: classes.counts, css, minified: minify },
    stats: { pages: outputs.size, rendered, reused, ms: performance.now() - started },
  };
}

/**
 * The images pages name for their settings (a background's width and quality, an image's quality or
 * black and white): made from the site file once, then taken from the previous compile.
 */
async function addDerivedImages(files: Map<string, string | Buffer>, outputs: Map<string, Output>, options: CompileOptions) {
  const wanted = new Map<string, Derivation>();
  for (const o of outputs.values()) for (const [path, d] of o.derived ?? []) wanted.set(path, d);
  for (const [path, d] of wanted) {
    const file = `assets/${path}`;
    const before = options.previous?.files.get(file);
    if (before) {
      files.set(file, before);
      continue;
    }
    const bytes = options.assets?.get(d.name);
    if (!bytes) continue;
    try {
      files.set(file, options.deriveImage ? await options.deriveImage(bytes, d) : bytes);
    } catch {
      // A file that is not a readable image keeps its original in the page's place (it is copied as it is).
      files.set(file, bytes);
    }
  }
}

/** CSS up to this size compressed goes in each page (it arrives with the first round trip); larger is linked. */
export const INLINE_CSS_LIMIT = 14 * 1024;
const CSS_LINK = `<link rel="stylesheet" href="/${CSS_FILE}">`;
const INLINE_START = '<style data-pw-css>';

/**
 * Each page gets the site's stylesheet in its head when it is small, else the link to it. Pages
 * reused from the previous compile may carry the previous CSS inline: it is replaced too.
 */
function placeCss(files: Map<string, string | Buffer>, outputs: Map<string, Output>, css: string): void {
  const inline = gzipSync(css).length <= INLINE_CSS_LIMIT;
  const tag = inline ? `${INLINE_START}${css.replace(/<\/(style)/gi, '<\\/$1')}</style>` : CSS_LINK;
  for (const path of outputs.keys()) {
    const html = files.get(path);
    if (typeof html !== 'string') continue;
    let at = html.indexOf(CSS_LINK);
    let end = at + CSS_LINK.length;
    if (at < 0) {
      at = html.indexOf(INLINE_START);
      if (at < 0) continue;
      end = html.indexOf('</style>', at) + '</style>'.length;
    }
    files.set(path, html.slice(0, at) + tag + html.slice(end));
  }
}

/** How long the renderer works before it gives the event loop back (a publish runs beside the requests the server answers). */
const SLICE_MS = 8;

/**
 * Renders each page of the site that changed, and takes the others from the previous compile. A site of
 * a thousand pages renders in slices of SLICE_MS, so the pages the server hosts keep being answered
 * while it publishes.
 */
async function renderPages(work: SiteDoc, options: CompileOptions, changes: Changes, classes: ClassUse) {
  const previous = options.previous;
  const render = renderSettings(work, options);
  const files = new Map<string, string | Buffer>();
  const outputs = new Map<string, Output>();
  let rendered = 0;
  let reused = 0;
  let slice = performance.now();
  for (const { page, language, item } of pageVersions(work)) {
    if (performance.now() - slice > SLICE_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      slice = performance.now();
    }
    const path = pageFile(work, page, language, item);
    const before = previous?.state.outputs.get(path);
    if (before && before.pageId === page.id && before.itemId === item?._id && !changes.dirty(path, before)) {
      files.set(path, previous!.files.get(path)!);
      outputs.set(path, before);
      reused++;
      continue;
    }
    const result = renderPage(work, page.id, { ...render, mode: 'compile', language, item });
    files.set(path, result.html);
    if (before) classes.count(before.classes, -1);
    classes.count([...result.classes], 1);
    outputs.set(path, {
      pageId: page.id,
      language,
      itemId: item?._id,
      deps: [...result.deps],
      classes: [...result.classes],
      scripts: result.scripts,
      ...(result.derived.size ? { derived: [...result.derived] } : {}),
      indexable: !page.hidden && page.id !== '404',
    });
    rendered++;
  }
  return { files, outputs, rendered, reused };
}

/** Every page file of the site: each published page in each compiled language, a collection page once per published item. */
export function* pageVersions(doc: SiteDoc) {
  const all = doc.settings.languages.length ? doc.settings.languages : ['en'];
  // The compile settings may choose some of the languages (empty means all).
  const chosen = doc.settings.compile?.languages?.filter((l) => all.includes(l)) ?? [];
  const languages = chosen.length ? chosen : all;
  for (const page of doc.pages) {
    if (page.unpublished || page.id === '_before' || page.id === '_after') continue;
    const collection = isCollectionPage(page) ? doc.collections.find((c) => c.id === page.content) : undefined;
    if (isCollectionPage(page) && !collection) continue;
    const items: (Item | undefined)[] = collection ? collection.items.filter((i) => isPublished(collection, i)) : [undefined];
    for (const language of pageLanguages(doc, page)) {
      if (!languages.includes(language)) continue;
      for (const item of items) yield { page, language, item };
    }
  }
}

/** What every page is rendered with: asset URLs (a custom CDN's when set), image sizes, the stylesheet. */
export function renderSettings(doc: SiteDoc, options: CompileOptions): Omit<RenderOptions, 'mode'> {
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
  return {
    siteId: options.siteId,
    apiBase: options.apiBase,
    now: options.now,
    seed: options.seed,
    webFonts: options.webFonts?.faces,
    assetUrl,
    image: (name: string) => images.get(name),
    fileText: (name: string) => (/\.(csv|txt)$/i.test(name) ? options.assets?.get(name)?.toString('utf8') : undefined),
    cssHref: `/${CSS_FILE}`,
    cache: new Map<string, unknown>(),
  };
}
