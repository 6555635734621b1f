import type { Item, Page, SiteDoc } from '../model/document.js';
import type { RenderContext, RenderOptions } from './context.js';
import { defaultPageUrl } from './urls.js';

/** A fresh render state for one page (or one fragment of it) in one language. */
export function createContext(doc: SiteDoc, page: Page, options: RenderOptions, item?: Item): RenderContext {
  const defaultLanguage = doc.settings.languages[0] ?? 'en';
  const language = options.language && doc.settings.languages.includes(options.language) ? options.language : defaultLanguage;
  return {
    doc,
    mode: options.mode,
    preview: options.mode === 'preview',
    language,
    defaultLanguage,
    page,
    pageItem: item,
    assetUrl: options.assetUrl ?? defaultAssetUrl,
    image: options.image ?? (() => undefined),
    fileText: options.fileText ?? (() => undefined),
    pageUrl: options.pageUrl ?? ((id, lang, it) => defaultPageUrl(doc, id, lang, it)),
    siteId: options.siteId ?? '',
    apiBase: (options.apiBase ?? '').replace(/\/+$/, ''),
    now: options.now ?? new Date(),
    seed: options.seed ?? 1,
    webFonts: options.webFonts ?? [],
    classes: new Set(),
    scripts: new Set(),
    derived: new Map(),
    codeThemes: new Set(),
    deps: new Set(),
    ids: new Map(),
    cache: options.cache ?? new Map<string, unknown>(),
  };
}

export function defaultAssetUrl(name: string): string {
  if (/^(https?:)?\/\//.test(name) || name.startsWith('/') || name.startsWith('data:')) return name;
  return `/assets/${name.split('/').map(encodeURIComponent).join('/')}`;
}
