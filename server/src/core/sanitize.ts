import type { Config, DOMPurify } from 'dompurify';
import type createDOMPurify from 'dompurify';
import type * as jsdomModule from 'jsdom';
import { lazyRequire } from './lazy.js';

// jsdom alone holds some 60 MB: loaded with the first SVG to clean, not at start.
const jsdom = lazyRequire<typeof jsdomModule>('jsdom');
const dompurify = lazyRequire<typeof createDOMPurify>('dompurify');

/**
 * The one sanitizer of markup that users write and that reaches HTML as markup (SVG uploads and
 * inline SVG components). DOMPurify's SVG profile, with nothing that can run or load: no scripts,
 * no event handlers, no foreignObject, and no link, `use`, image or style reference outside the
 * document (only `#id` survives). Text written by users goes through the renderer's escaping, and
 * URLs through `safeUrl`; inline rich-text marks through sanitize-html's allow-list.
 */

let purifier: { purify: DOMPurify; window: jsdomModule.JSDOM['window'] } | null = null;

/** Only same-document references (`#id`, `url(#id)`) survive; anything that would load from elsewhere goes. */
const EXTERNAL_URL = /url\(\s*(?!['"]?#)[^)]*\)|@import|expression\s*\(|javascript:/i;

const SVG_CONFIG: Config = {
  USE_PROFILES: { svg: true, svgFilters: true },
  // `use` is wanted by icon sprites; the attribute hook keeps only its `#id` references.
  ADD_TAGS: ['use'],
  FORBID_TAGS: ['foreignObject', 'script', 'iframe', 'style'],
  FORBID_ATTR: ['srcdoc', 'formaction', 'action'],
};

function instance() {
  if (purifier) return purifier;
  const { window } = new (jsdom().JSDOM)('');
  const purify = dompurify()(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href' || name === 'src') && !data.attrValue.trim().startsWith('#')) data.keepAttr = false;
    if (EXTERNAL_URL.test(data.attrValue)) data.keepAttr = false;
  });
  purifier = { purify, window };
  return purifier;
}

/** The `<svg>` root DOMPurify left, or null when the markup was not one SVG element. */
function cleanRoot(source: string): Element | null {
  const { purify } = instance();
  const body = purify.sanitize(source, { ...SVG_CONFIG, RETURN_DOM: true }) as unknown as HTMLElement;
  const root = body.firstElementChild;
  if (!root || root.tagName.toLowerCase() !== 'svg' || body.children.length !== 1) return null;
  return root;
}

/** An uploaded SVG made safe to store and serve, as an XML document, or null when no `<svg>` root is left. */
export function sanitizeSvg(source: string): string | null {
  const root = cleanRoot(source);
  return root ? new (instance().window.XMLSerializer)().serializeToString(root) : null;
}

const inlineCache = new Map<string, string>();
const INLINE_CACHE_SIZE = 500;

/**
 * Inline SVG markup of a component, made safe to write into a page: '' when it is not one `<svg>`
 * element. Applied when the value is saved and again when it is rendered (a document stored before
 * this rule, or imported, is cleaned too); renders reuse recent results.
 */
export function sanitizeInlineSvg(markup: string): string {
  const hit = inlineCache.get(markup);
  if (hit !== undefined) return hit;
  const clean = cleanRoot(markup)?.outerHTML ?? '';
  if (inlineCache.size >= INLINE_CACHE_SIZE) inlineCache.delete(inlineCache.keys().next().value!);
  inlineCache.set(markup, clean);
  return clean;
}

const ENTITY = /&(#x[0-9a-f]+|#\d+|colon|tab|newline|lpar|rpar|sol);?/gi;
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', lpar: '(', rpar: ')', sol: '/' };

/** Character references decoded, the way a browser reads an attribute before it follows the URL. */
function decodeReferences(value: string): string {
  return value.replace(ENTITY, (_m, ref: string) => {
    const lower = ref.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(Number.parseInt(lower.slice(2), 16) || 0xfffd);
    if (lower.startsWith('#')) return String.fromCodePoint(Number.parseInt(lower.slice(1), 10) || 0xfffd);
    return NAMED[lower] ?? '';
  });
}

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'sms']);
const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i;

/**
 * A URL safe to put in an attribute that the browser follows (href, src, action, formaction…):
 * relative URLs and the allowed schemes pass; `javascript:`, `vbscript:`, `data:` (but images where
 * `allowDataImage`) and any other scheme become `#`. The scheme is read after decoding character
 * references and dropping the whitespace and control characters browsers ignore, so
 * `&#106;avascript:` and `java\tscript:` are caught too.
 */
export function safeUrl(url: string, allowDataImage = false): string {
  const trimmed = url.trim();
  const plain = decodeReferences(trimmed).replace(/[\p{Cc}\s]/gu, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(plain);
  if (!scheme) return trimmed;
  const s = scheme[1]!.toLowerCase();
  if (SAFE_SCHEMES.has(s)) return trimmed;
  if (s === 'data' && allowDataImage && DATA_IMAGE.test(plain)) return trimmed;
  return '#';
}
