import { IFRAME_SANDBOX } from '@pagewright/sdk/rules';
import { safeUrl } from '../../core/sanitize.js';
import { attrs, el } from '../html.js';
import { common, register } from '../node.js';
import { flag, num, text } from '../values.js';

register('divider', (part) => el('hr', common(part)));

/** The 14 sandbox permissions the iframe panel offers: the SDK's list, the inspector's too. */
const SANDBOX = IFRAME_SANDBOX;

const REFERRER = [
  'no-referrer',
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
];

/**
 * An embedded page: always titled (a frame without a name is a blank stop for screen readers),
 * lazily loaded unless told otherwise, with the chosen sandbox permissions (an empty selection is
 * the strictest sandbox; no `sandbox` setting at all leaves the attribute out).
 */
register('iframe', (part) => {
  const { ctx, node, scope } = part;
  const src = text(ctx, node, 'src', scope) || text(ctx, node, 'value', scope);
  if (!src) return ctx.preview ? el('div', common(part)) : '';
  const sandboxRaw = node.data.sandbox;
  const sandbox = Array.isArray(sandboxRaw)
    ? sandboxRaw
        .map(String)
        .filter((s) => (SANDBOX as readonly string[]).includes(s))
        .join(' ')
    : typeof sandboxRaw === 'string'
      ? sandboxRaw
          .split(/\s+/)
          .filter((s) => (SANDBOX as readonly string[]).includes(s))
          .join(' ')
      : undefined;
  const referrer = REFERRER.includes(String(node.data.referrerpolicy))
    ? String(node.data.referrerpolicy)
    : 'strict-origin-when-cross-origin';
  return `<iframe${attrs({
    ...common(part),
    src: safeUrl(src),
    title: text(ctx, node, 'title', scope) || 'Embedded content',
    width: num(node, 'width', 0) || undefined,
    height: num(node, 'height', 0) || undefined,
    allow: text(ctx, node, 'allow', scope) || undefined,
    allowfullscreen: flag(node, 'allowfullscreen'),
    loading: node.data.loading === 'eager' ? 'eager' : 'lazy',
    referrerpolicy: referrer,
  })}${sandbox !== undefined ? ` sandbox="${sandbox}"` : ''}></iframe>`;
});

/** A Google map of an address or place, as a titled, lazily loaded frame. */
register('googleMaps', (part) => {
  const { ctx, node, scope } = part;
  const query = text(ctx, node, 'value', scope) || text(ctx, node, 'address', scope);
  if (!query) return ctx.preview ? el('div', common(part)) : '';
  const zoom = Math.min(21, Math.max(1, num(node, 'zoom', 14)));
  const src = `https://maps.google.com/maps?q=${encodeURIComponent(query)}&z=${zoom}&output=embed`;
  return `<iframe${attrs({
    ...common(part, 'w-full border-0'),
    src,
    title: text(ctx, node, 'title', scope) || `Map: ${query}`,
    width: num(node, 'width', 600),
    height: num(node, 'height', 450),
    loading: 'lazy',
    referrerpolicy: 'strict-origin-when-cross-origin',
    allowfullscreen: true,
  })}></iframe>`;
});

/**
 * A script the user adds: an external `src` with its attributes, or inline code. In preview it is
 * written inert (`type="text/plain"`) so it cannot break the editor.
 */
register('script', (part) => {
  const { ctx, node, scope } = part;
  const src = text(ctx, node, 'src', scope);
  const code = typeof node.data.value === 'string' ? node.data.value : '';
  if (!src && !code) return '';
  const referrer = REFERRER.includes(String(node.data.referrerpolicy)) ? String(node.data.referrerpolicy) : undefined;
  const a = {
    type: ctx.preview ? 'text/plain' : undefined,
    'data-pw-id': ctx.preview ? part.id : undefined,
    src: src ? safeUrl(src) : undefined,
    async: src ? flag(node, 'async') : undefined,
    defer: src ? flag(node, 'defer') : undefined,
    crossorigin:
      node.data.crossorigin === 'anonymous' || node.data.crossorigin === 'use-credentials' ? String(node.data.crossorigin) : undefined,
    integrity: src ? text(ctx, node, 'integrity', scope) || undefined : undefined,
    referrerpolicy: src ? referrer : undefined,
    fetchpriority: ['high', 'low', 'auto'].includes(String(node.data.fetchpriority)) ? String(node.data.fetchpriority) : undefined,
  };
  for (const key in node.data)
    if (key.startsWith('data-') && /^data-[a-z][a-z0-9-]*$/.test(key)) (a as Record<string, unknown>)[key] = String(node.data[key]);
  // The panel's Data attributes row: `attr=value`, or a name alone for a boolean.
  const list = node.data['_attr._data'];
  if (Array.isArray(list))
    for (const entry of list) {
      if (typeof entry !== 'string' || entry === '') continue;
      const eq = entry.indexOf('=');
      const name = (eq === -1 ? entry : entry.slice(0, eq)).trim().replace(/^data-/, '');
      if (/^[a-z][a-z0-9-]*$/.test(name)) (a as Record<string, unknown>)[`data-${name}`] = eq === -1 ? true : entry.slice(eq + 1);
    }
  // Inline code cannot close its own element early.
  return `<script${attrs(a)}>${src ? '' : code.replace(/<\/script/gi, '<\\/script')}</script>`;
});
