import { repeatItems } from '../cms.js';
import { el } from '../html.js';
import { TEXT_TAGS, inline } from '../inline.js';
import { common, register, renderNodeIn, tagOf, type Part } from '../node.js';
import type { Scope } from '../context.js';
import { esc } from '../html.js';
import { itemField } from '../values.js';

/** The first text-like field of an item, for a list without a template. */
function itemLabel(part: Part, item: Record<string, unknown>): string {
  for (const key of ['item', 'name', 'title', 'heading', 'text', 'value', 'question']) {
    if (key in item) {
      const v = itemField(part.ctx, item as never, key);
      if (v !== undefined && v !== null && typeof v !== 'object') return String(v);
    }
  }
  return '';
}

/**
 * Repeats `part`'s children once per item of `source` inside `<li>`s; without children each item's
 * label is the list item. Shared by the list and gallery components.
 */
export function repeatedItems(
  part: Part,
  source: string,
  wrap: (inner: string, scope: Scope) => string,
  fallback: (scope: Scope) => string,
): string {
  const { ctx, node } = part;
  const { collection, items } = repeatItems(ctx, node, source, part.scope);
  let out = '';
  for (const item of items) {
    const scope: Scope = { item, collection, parent: part.scope };
    let inner = '';
    if (node.children.length) for (const child of node.children) inner += renderNodeIn(ctx, child, scope);
    else inner = fallback(scope);
    out += wrap(inner, scope);
  }
  return out;
}

/** A list (`ul`/`ol`) over `_ul` (its own `data.items`) or a collection. */
register('ul', (part) => {
  const { node } = part;
  const tag = tagOf(node, ['ul', 'ol'], 'ul');
  const source = typeof node.data._repeat === 'string' && node.data._repeat ? node.data._repeat : '_ul';
  const attributes = common(part);
  if (/\blist-none\b/.test(String(attributes.class ?? ''))) attributes.role = 'list';
  // The Number group's format: the numbering of an ordered list (1, a, A, i, I).
  const format = node.data.format;
  if (tag === 'ol' && typeof format === 'string' && ['a', 'A', 'i', 'I'].includes(format)) attributes.type = format;
  const lis = repeatedItems(
    part,
    source,
    (inner) => `<li>${inner}</li>`,
    (scope) => {
      const label = itemLabel(part, scope.item);
      const html = inline(label, TEXT_TAGS);
      return html === label ? esc(label) : html;
    },
  );
  return el(tag, attributes, lis);
});
