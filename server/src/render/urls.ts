import { localized, type Collection, type Item, type Page, type SiteDoc } from '../model/document.js';

/**
 * Where each page lives. The default language sits at the root (`/`, `/about/`), other languages
 * under `/<lang>/`. A page's path is its localized slug, or its id when it has none; `:slug` is the
 * item's slug on a collection page. Paths end in `/` and map to `<path>index.html`.
 */

export const isCollectionPage = (page: Page): boolean => page.id.includes(':slug') || slugOf(page, '', '').includes(':slug');

function slugOf(page: Page, language: string, defaultLanguage: string): string {
  const raw = localized(page.slug as never, language, defaultLanguage) as string | undefined;
  if (typeof raw === 'string' && raw !== '') return raw;
  return page.id === 'home' ? '' : page.id;
}

/** The field an item's page is named by: the first `slug` field, else `slug`, else the item id. */
export function itemSlug(collection: Collection | undefined, item: Item, language: string, defaultLanguage: string): string {
  const field = collection?.fields.find((f) => f.type === 'slug')?.id ?? 'slug';
  const raw = item[field];
  const value = localized(raw as never, language, defaultLanguage);
  const s = value === undefined || value === null || value === '' ? String(item._id) : String(value);
  return encodeURIComponent(s.trim().toLowerCase().replace(/\s+/g, '-')).replace(/%2F/gi, '-');
}

/** The path of a page in a language, without the leading and trailing slash ('' for the home page). */
function pagePath(doc: SiteDoc, page: Page, language: string, item?: Item): string {
  const defaultLanguage = doc.settings.languages[0] ?? 'en';
  let slug = slugOf(page, language, defaultLanguage).replace(/^\/+|\/+$/g, '');
  if (slug.includes(':slug')) {
    const collection = doc.collections.find((c) => c.id === page.content);
    slug = slug.replace(':slug', item ? itemSlug(collection, item, language, defaultLanguage) : ':slug');
  }
  if (language === defaultLanguage) return slug;
  // Home in another language has the language code as its slug; other slugs may or may not carry it.
  if (slug === '' || slug === language) return language;
  return slug.startsWith(`${language}/`) ? slug : `${language}/${slug}`;
}

/** Root-relative URL of a page: `/`, `/about/`, `/fi/tietoa/`. The 404 page is `/404.html`. */
export function defaultPageUrl(doc: SiteDoc, pageId: string, language: string, item?: Item): string {
  const page = doc.pages.find((p) => p.id === pageId);
  if (!page) return '#';
  if (page.id === '404') {
    const defaultLanguage = doc.settings.languages[0] ?? 'en';
    return language === defaultLanguage ? '/404.html' : `/${language}/404.html`;
  }
  const path = pagePath(doc, page, language, item);
  return path === '' ? '/' : `/${path}/`;
}

/** The output file of a page: `index.html`, `about/index.html`, `404.html`. */
export function pageFile(doc: SiteDoc, page: Page, language: string, item?: Item): string {
  const url = defaultPageUrl(doc, page.id, language, item);
  if (url.endsWith('.html')) return url.slice(1);
  return `${url.slice(1)}index.html`;
}

/**
 * The site's public address: the compile settings' domain (https unless `https` is false) and base
 * path, else the older documents' `url`; undefined when the site has neither.
 */
export function siteBase(doc: SiteDoc): string | undefined {
  const compile = doc.settings.compile;
  if (compile?.domain)
    return `${compile.https === false ? 'http' : 'https'}://${compile.domain}${(compile.basePath ?? '').replace(/\/+$/, '')}`;
  return doc.settings.url?.replace(/\/+$/, '') || undefined;
}

/** An absolute URL on the site's address, or the path itself when the site has no address. */
export function absolute(doc: SiteDoc, path: string): string {
  const base = siteBase(doc);
  if (!base || /^[a-z]+:/i.test(path)) return path;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** Pages that exist in a language. */
export function pageLanguages(doc: SiteDoc, page: Page): string[] {
  return page.languages?.length ? doc.settings.languages.filter((l) => page.languages!.includes(l)) : doc.settings.languages;
}
