import type { Item, Page, SiteDoc } from '../model/document.js';
import { use } from './classes.js';
import { findCollection, isPublished, languageName } from './cms.js';
import type { RenderContext, RenderOptions, Scope } from './context.js';
import { createContext } from './context-factory.js';
import type { Derivation } from './derived.js';
import { attrs, esc, escAttr, scriptJson } from './html.js';
import { renderNodeIn } from './node.js';
import { codeThemeCss } from './components/code.js';
import { SCRIPTS } from './scripts.js';
import { absolute, isCollectionPage, pageLanguages, siteBase } from './urls.js';
import { fill, pageTitle, resolve } from './values.js';
import { faviconLink } from './favicon.js';
import { fontFaceCss, fontServiceHref, preloadFaces, siteFontFaces, unpackagedFallbackCss } from './fonts.js';

/** What a render returns: the HTML, the classes it used (for the CSS build) and its inline scripts. */
export interface RenderResult {
  html: string;
  /** Every class written to a class attribute, for `buildCss`. */
  classes: Set<string>;
  /** Ids of the inline scripts the HTML includes (a page) or needs (a fragment): `counter`, `youtube`… */
  scripts: string[];
  /** What the render read (`pages`, `collection:<id>`, `item:<collection>.<id>`), for incremental compile. */
  deps: Set<string>;
  /** Images the page names that the compile makes from site files (derived.ts), by path under `assets/`. */
  derived: Map<string, Derivation>;
}

export class PageNotFoundError extends Error {
  constructor(pageId: string) {
    super(`page ${pageId} does not exist`);
  }
}

export function findPage(doc: SiteDoc, pageId: string): Page {
  const page = doc.pages.find((p) => p.id === pageId);
  if (!page) throw new PageNotFoundError(pageId);
  return page;
}

/** The item a collection page shows in preview when none is named: its first published item. */
export function defaultItem(doc: SiteDoc, page: Page): Item | undefined {
  if (!isCollectionPage(page) || !page.content) return undefined;
  const collection = doc.collections.find((c) => c.id === page.content);
  return collection?.items.find((i) => isPublished(collection, i));
}

/** Renders a whole page as an HTML document. */
export function renderPage(doc: SiteDoc, pageId: string, options: RenderOptions): RenderResult {
  const page = findPage(doc, pageId);
  const item = options.item ?? (options.mode === 'preview' ? defaultItem(doc, page) : undefined);
  const ctx = createContext(doc, page, options, item);
  const collection = item && page.content ? findCollection(ctx, page.content) : undefined;
  const scope: Scope | undefined = item ? { item, collection } : undefined;
  if (item && page.content) ctx.deps.add(`item:${page.content}.${item._id}`);

  const special = page.id === '_before' || page.id === '_after';
  const sections = (p: Page | undefined) => (p ? p.sections.map((id) => renderNodeIn(ctx, id, scope)).join('') : '');
  const before = special ? '' : sections(doc.pages.find((p) => p.id === '_before'));
  const after = special ? '' : sections(doc.pages.find((p) => p.id === '_after'));
  const mainHasTag = page.sections.some((id) => doc.nodes[id]?.data['_options.tag'] === 'main');
  const content = sections(page);
  const main = mainHasTag || special ? content : `<main id="main">${content}</main>`;
  const skip = special ? '' : `<a href="#main" class="${use(ctx, SKIP_CLASSES)}">${esc(skipText(ctx.language))}</a>`;

  const bodyClass = bodyClasses(ctx);
  // The sticky and visibility states need an observer only when a class uses them.
  for (const c of ctx.classes) {
    if (c.includes('stuck:') || c.includes('offscreen:')) {
      ctx.scripts.add('states');
      break;
    }
  }
  const scripts = [...ctx.scripts].sort();
  // A preview runs none of the page's scripts (the canvas allows only its bridge, the gallery's frames
  // none): they are left out, as the section previews leave them, rather than blocked one by one with an
  // error in the console each time.
  const scriptTags = ctx.preview ? '' : scripts.map((id) => `<script>${SCRIPTS[id]}</script>`).join('');
  const custom = ctx.preview ? { headStart: '', headEnd: '', bodyStart: '', bodyEnd: '' } : customCode(doc, page);
  // The spam checks' browser scripts, only on pages with a form that carries their key (forms.ts).
  const bodyHtml = before + main + after;
  const botpoison = ctx.preview
    ? ''
    : (bodyHtml.includes('data-botpoison-public-key=') ? '<script src="https://unpkg.com/@botpoison/browser" async></script>' : '') +
      (bodyHtml.includes('<div class="h-captcha" data-sitekey=')
        ? '<script src="https://js.hcaptcha.com/1/api.js" async defer></script>'
        : '') +
      (bodyHtml.includes('<div class="g-recaptcha" data-sitekey=')
        ? '<script src="https://www.google.com/recaptcha/api.js" async defer></script>'
        : '');

  const html =
    `<!doctype html><html${attrs({ lang: ctx.language, dir: RTL.has(ctx.language) ? 'rtl' : undefined, class: htmlClass(ctx, options) })}>` +
    `<head>${head(ctx, options, scope, custom.headStart)}${botpoison}${custom.headEnd}</head>` +
    `<body${attrs({ class: bodyClass })}>${custom.bodyStart}${skip}${before}${main}${after}${scriptTags}${custom.bodyEnd}</body></html>`;
  return { html, classes: ctx.classes, scripts, deps: ctx.deps, derived: ctx.derived };
}

const SKIP_CLASSES =
  'sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:p-2 focus:bg-gray-l1 dark:focus:bg-gray-d1';
const RTL = new Set(['ar', 'he', 'fa', 'ur']);

const SKIP: Record<string, string> = {
  en: 'Skip to content',
  fi: 'Siirry sisältöön',
  sv: 'Hoppa till innehållet',
  de: 'Zum Inhalt springen',
  fr: 'Aller au contenu',
  es: 'Saltar al contenido',
  et: 'Mine sisu juurde',
  nl: 'Naar de inhoud',
  it: 'Vai al contenuto',
  pt: 'Ir para o conteúdo',
};
const skipText = (language: string) => SKIP[language] ?? SKIP.en!;

/** The appearance: dark sites carry `dark`; preview of an auto site follows the editor's choice. */
function htmlClass(ctx: RenderContext, options: RenderOptions): string | undefined {
  const appearance = ctx.doc.theme.appearance;
  if (appearance === 'dark') return 'dark';
  if (appearance === 'auto' && ctx.preview && options.appearance) return options.appearance;
  return undefined;
}

const BODY_DEFAULTS: Record<string, string> = {
  font: 'font-sans',
  background: 'bg-gray-l1 dark:bg-gray-d1',
  textColor: 'text-gray-l12 dark:text-gray-d12',
  smoothing: 'antialiased',
};

function bodyClasses(ctx: RenderContext): string {
  const settings = { ...BODY_DEFAULTS, ...ctx.doc.theme.body };
  return use(ctx, Object.values(settings).filter(Boolean).join(' '));
}

function head(ctx: RenderContext, options: RenderOptions, scope: Scope | undefined, headStart: string): string {
  const { doc, page } = ctx;
  const loc = (v: unknown) => {
    const s = resolve(ctx, v, scope);
    return typeof s === 'string' ? fill(ctx, s, scope) : '';
  };
  const siteName = doc.globals.site.name || doc.settings.name;
  // The base title of the general settings, else the site's name: "<page title> | <base title>".
  const baseTitle = loc(doc.settings.title) || siteName;
  let title = pageTitle(ctx, scope);
  if (title !== baseTitle && page.id !== 'home' && baseTitle) title = `${title} | ${baseTitle}`;
  const description = loc(page.description) || doc.globals.meta.description || loc(doc.settings.description);
  const url = ctx.pageUrl(page.id, ctx.language, ctx.pageItem);
  // Canonical links are absolute on the site's address; without one a relative link would mislead crawlers.
  const own = page.canonical?.trim();
  const canonical = own && /^https?:\/\//i.test(own) ? own : siteBase(doc) ? absolute(doc, own || url) : '';
  const shareName = page.share || doc.settings.share || doc.globals.meta.image || doc.globals.site.image;
  const share = shareName ? absolute(doc, ctx.assetUrl(shareName)) : '';
  const appearance = doc.theme.appearance;
  // A site marked as not production asks search engines to stay away from every page.
  const noindex = page.hidden || page.id === '404' || ctx.preview || doc.settings.compile?.production === false;
  const compile = doc.settings.compile ?? {};

  let out = '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' + headStart;
  if (!ctx.preview && !compile.noAttribution) out += '<meta name="generator" content="Pagewright">';
  if (!ctx.preview && !compile.noTimestamp) out += `<meta name="pw:compiled" content="${escAttr(ctx.now.toISOString())}">`;
  out += `<title>${esc(title)}</title>`;
  if (description) out += `<meta name="description" content="${escAttr(description)}">`;
  if (noindex) out += '<meta name="robots" content="noindex">';
  if (canonical && !ctx.preview) out += `<link rel="canonical" href="${escAttr(canonical)}">`;

  const languages = pageLanguages(doc, page);
  // Alternates are absolute (search engines ignore relative ones): only a site with an address has them.
  if (languages.length > 1 && page.id !== '404' && !ctx.preview && siteBase(doc)) {
    for (const lang of languages)
      out += `<link rel="alternate" hreflang="${escAttr(lang)}" href="${escAttr(absolute(doc, ctx.pageUrl(page.id, lang, ctx.pageItem)))}">`;
    out += `<link rel="alternate" hreflang="x-default" href="${escAttr(absolute(doc, ctx.pageUrl(page.id, ctx.defaultLanguage, ctx.pageItem)))}">`;
  }

  out += `<meta property="og:type" content="${ctx.pageItem ? 'article' : 'website'}">`;
  out += `<meta property="og:title" content="${escAttr(pageTitle(ctx, scope))}">`;
  if (description) out += `<meta property="og:description" content="${escAttr(description)}">`;
  if (canonical) out += `<meta property="og:url" content="${escAttr(canonical)}">`;
  if (siteName) out += `<meta property="og:site_name" content="${escAttr(siteName)}">`;
  out += `<meta property="og:locale" content="${escAttr(ctx.language.replace('-', '_'))}">`;
  if (share) out += `<meta property="og:image" content="${escAttr(share)}"><meta name="twitter:card" content="summary_large_image">`;

  out += `<meta name="color-scheme" content="${appearance === 'auto' ? 'light dark' : appearance}">`;
  const themeColor = doc.settings.themeColor || doc.theme.colors.primary?.shades.l9;
  if (themeColor) out += `<meta name="theme-color" content="${escAttr(themeColor)}">`;
  out += faviconLink(doc, ctx.preview, ctx.assetUrl);
  if (doc.settings.appleAppId && !ctx.preview) out += `<meta name="apple-itunes-app" content="app-id=${escAttr(doc.settings.appleAppId)}">`;
  const fonts = fontsHead(ctx);
  out += fonts.links;
  if (options.cssHref) out += `<link rel="stylesheet" href="${escAttr(options.cssHref)}">`;
  for (const theme of ctx.codeThemes) out += `<style>${codeThemeCss(theme)}</style>`;
  out += fonts.style;
  out += `<script type="application/ld+json">${scriptJson(structuredData(ctx, pageTitle(ctx, scope), description, canonical, share, languages))}</script>`;
  return out;
}

/**
 * The site's fonts: packaged faces (and in a compile those fetched with "Download webfonts") from the
 * site's own `/fonts/` (the server's route in preview) with their metric-matched fallbacks, the first heading and body faces preloaded; a family no package
 * has gets its local fallback face, and in a compiled site without "Download webfonts" the font
 * service's stylesheet too (the preview never asks one).
 */
function fontsHead(ctx: RenderContext): { links: string; style: string } {
  const key = `fonts:${ctx.preview ? 'preview' : 'compile'}`;
  if (!ctx.cache.has(key)) {
    const { doc } = ctx;
    const base = ctx.preview ? `${ctx.apiBase}/api/fonts/files` : '/fonts';
    const faces = ctx.preview ? siteFontFaces(doc) : [...siteFontFaces(doc), ...ctx.webFonts];
    let links = '';
    for (const f of preloadFaces(doc, faces))
      links += `<link rel="preload" href="${escAttr(`${base}/${f.file}`)}" as="font" type="font/woff2" crossorigin>`;
    const service = ctx.preview ? undefined : fontServiceHref(doc);
    if (service)
      links += `<link rel="preconnect" href="https://fonts.gstatic.com" crossorigin><link rel="stylesheet" href="${escAttr(service)}">`;
    const css = (faces.length ? fontFaceCss(faces, base) : '') + unpackagedFallbackCss(doc, faces);
    ctx.cache.set(key, { links, style: css ? `<style>${css}</style>` : '' });
  }
  return ctx.cache.get(key) as { links: string; style: string };
}

/** The page's own JSON-LD: a WebSite on the home page, a WebPage elsewhere, with its language. */
function structuredData(
  ctx: RenderContext,
  title: string,
  description: string,
  canonical: string,
  image: string,
  languages: string[],
): unknown {
  const { doc, page } = ctx;
  const site = { '@type': 'WebSite', name: doc.globals.site.name || doc.settings.name, ...(siteBase(doc) ? { url: siteBase(doc) } : {}) };
  const node: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': page.id === 'home' ? 'WebSite' : 'WebPage',
    name: page.id === 'home' ? site.name : title,
    inLanguage: ctx.language,
  };
  if (description) node.description = description;
  if (canonical) node.url = canonical;
  if (image) node.image = image;
  if (page.id === 'home' && languages.length > 1)
    node.availableLanguage = languages.map((l) => ({ '@type': 'Language', name: languageName(l), alternateName: l }));
  if (page.id !== 'home') node.isPartOf = site;
  return node;
}

/**
 * Custom code of the site, then of the page, at its four places (compiled site only; spec 002 says
 * custom code is not validated). Integrations go in the head, GTM's fallback at the start of the body.
 */
function customCode(doc: SiteDoc, page: Page): { headStart: string; headEnd: string; bodyStart: string; bodyEnd: string } {
  const site = doc.settings.code ?? {};
  const own = page.code ?? {};
  const gtm = gtmId(doc);
  return {
    headStart: (site.headStart ?? '') + (own.headStart ?? ''),
    headEnd: integrations(doc) + (site.headEnd ?? '') + (own.headEnd ?? ''),
    bodyStart:
      (gtm
        ? `<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=${escAttr(gtm)}" height="0" width="0" style="display:none;visibility:hidden" title="Google Tag Manager"></iframe></noscript>`
        : '') +
      (site.bodyStart ?? '') +
      (own.bodyStart ?? ''),
    bodyEnd: (site.bodyEnd ?? '') + (own.bodyEnd ?? ''),
  };
}

const gtmId = (doc: SiteDoc): string | undefined => {
  const id = doc.settings.integrations?.googleTagManager;
  return id && /^GTM-[A-Z0-9]+$/i.test(id) ? id : undefined;
};

/** Analytics of the integrations settings, in the compiled site only. */
function integrations(doc: SiteDoc): string {
  const i = doc.settings.integrations ?? {};
  let out = '';
  if (i.plausibleAnalytics)
    out += `<script defer data-domain="${escAttr(i.plausibleAnalytics)}" src="${escAttr(i.plausibleAnalyticsSrc || 'https://plausible.io/js/script.js')}"></script>`;
  if (i.googleAnalytics && /^[A-Z0-9-]+$/i.test(i.googleAnalytics)) {
    out += `<script async src="https://www.googletagmanager.com/gtag/js?id=${escAttr(i.googleAnalytics)}"></script>`;
    out += `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config',${scriptJson(i.googleAnalytics)})</script>`;
  }
  const gtm = gtmId(doc);
  if (gtm) {
    out += `<script>(function(w,d,s,l,i){w[l]=w[l]||[];w[l].push({'gtm.start':Date.now(),event:'gtm.js'});var f=d.getElementsByTagName(s)[0],j=d.createElement(s);j.async=true;j.src='https://www.googletagmanager.com/gtm.js?id='+i;f.parentNode.insertBefore(j,f)})(window,document,'script','dataLayer',${scriptJson(gtm)})</script>`;
  }
  if (i.metaPixel && /^\d+$/.test(i.metaPixel)) {
    out += `<script>!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${scriptJson(i.metaPixel)});fbq('track','PageView')</script>`;
  }
  return out;
}
