import { el, esc } from '../html.js';
import { formatDate, formatPhone, formatUrl, hasTime, parseDate } from '../format.js';
import { HEADING_TAGS, TEXT_TAGS, inlineHtml, magicLinks } from '../inline.js';
import { common, register, tagOf, type Part } from '../node.js';
import { text } from '../values.js';

/**
 * The text of a text-like component: `value` (or `fallback` when empty), formatted by the
 * paragraph/text settings (formatDate, formatPhone, formatUrl, maxCharacters), with inline marks.
 */
export function textContent(part: Part, allowed: readonly string[] = TEXT_TAGS): string {
  const { ctx, node, scope } = part;
  let value = text(ctx, node, 'value', scope);
  if (value === '') value = text(ctx, node, 'fallback', scope);
  if (value === '') return '';
  // The Format dates toggle (true) writes the medium style; a style name is honoured too.
  const dateStyle = node.data.formatDate === true ? 'medium' : node.data.formatDate;
  if (typeof dateStyle === 'string' && dateStyle !== '' && dateStyle !== 'none') {
    const d = parseDate(value);
    if (d) value = formatDate(d, ctx.language, dateStyle, undefined, hasTime(value));
  }
  const phone = node.data.formatPhone;
  if (typeof phone === 'string' && phone !== '' && /^\+?[\d\s()-]{5,}$/.test(value)) value = formatPhone(value, phone);
  const url = node.data.formatUrl;
  if (typeof url === 'string' && url !== '' && /^[a-z]+:\/\//i.test(value)) value = formatUrl(value, url);
  const max = Number(node.data.maxCharacters);
  if (Number.isFinite(max) && max > 0 && value.length > max) value = `${value.slice(0, max).replace(/\s+\S*$/, '')}…`;
  const html = inlineHtml(value, allowed);
  return node.data.magicLinks === true && !html.includes('<a ') ? magicLinks(html) : html;
}

register('heading', (part) => {
  const tag = tagOf(part.node, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], 'h2');
  return el(tag, common(part), textContent(part, HEADING_TAGS));
});

register('paragraph', (part) => {
  const tag = tagOf(part.node, ['p', 'small', 'cite', 'summary', 'address', 'blockquote', 'span'], 'p');
  return el(tag, common(part), textContent(part));
});

/** Inline text: a `<span>`, or bare text in compile mode when it has no attributes to carry. */
register('text', (part) => {
  const attributes = common(part);
  const content = textContent(part);
  const tag = tagOf(part.node, ['span', 'strong', 'em', 'b', 'i', 'small', 'mark', 'abbr', 'q', 'cite', 's', 'sub', 'sup', 'kbd'], 'span');
  if (tag === 'span' && Object.keys(attributes).length === 0) return content;
  return el(tag, attributes, content);
});

/** Screen-reader-only text. */
register('sr', (part) => el('span', common(part, 'sr-only'), esc(text(part.ctx, part.node, 'value', part.scope))));
