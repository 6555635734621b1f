import { safeUrl } from '../core/sanitize.js';
import type sanitize from 'sanitize-html';
import { lazyRequire } from '../core/lazy.js';
import { esc, escAttr } from './html.js';

/** sanitize-html (with htmlparser2 and PostCSS), loaded with the first text that has marks. */
export const sanitizeHtml = lazyRequire<typeof sanitize>('sanitize-html');

/**
 * Inline formatting of spec 001 §5: `**bold**`, `*italic*`, `` `code` ``, `[text](href)`, and any
 * HTML the value already holds, cleaned to the allowed tags with only `href` kept. Headings allow
 * a, strong and b; paragraphs and list items also i and code.
 */
export const HEADING_TAGS = ['a', 'strong', 'b'];
export const TEXT_TAGS = ['a', 'strong', 'b', 'i', 'code'];

const SPECIAL = /[<>&*`[]/;

const cache = new Map<string, string>();

export function inline(source: string, allowed: readonly string[] = TEXT_TAGS): string {
  if (!SPECIAL.test(source)) return source;
  const key = `${allowed.length}\u0000${source}`;
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const html = clean(markdown(source), allowed);
  if (cache.size > 5000) cache.clear();
  cache.set(key, html);
  return html;
}

/**
 * Text with its inline marks as HTML: cleaned by the sanitizer when it holds marks or HTML, else
 * escaped. (Clean HTML comes back from `inline` unchanged, so "unchanged" cannot mean "plain text".)
 */
export function inlineHtml(source: string, allowed: readonly string[] = TEXT_TAGS): string {
  return SPECIAL.test(source) ? inline(source, allowed) : esc(source);
}

/** Markdown-style inline marks to HTML; text between marks is left for the sanitizer to escape. */
function markdown(s: string): string {
  return s
    .replace(/`([^`\n]+)`/g, (_m, code: string) => `<code>${esc(code)}</code>`)
    .replace(/\[([^\]\n]+)\]\(([^)\s]+)\)/g, (_m, label: string, href: string) => `<a href="${escAttr(safeUrl(href))}">${label}</a>`)
    .replace(/\*\*([^*\n]+)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^*\w])\*([^*\n]+)\*(?!\w)/g, '$1<i>$2</i>');
}

function clean(html: string, allowed: readonly string[]): string {
  return sanitizeHtml()(html, {
    allowedTags: [...allowed],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
  });
}

/** Turns bare URLs and e-mail addresses in escaped text into links ("magic links"). */
export function magicLinks(escaped: string): string {
  return escaped
    .replace(/\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/(^|[\s(])([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g, (_m, pre: string, mail: string) => `${pre}<a href="mailto:${mail}">${mail}</a>`);
}
