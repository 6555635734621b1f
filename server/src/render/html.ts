import { safeUrl } from '../core/sanitize.js';

/** HTML string building: every text and attribute value that reaches the output passes through here. */

const TEXT = /[&<>]/;
const ATTR = /[&<>"]/;

/** Escapes text content. */
export function esc(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  if (!TEXT.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Escapes an attribute value (always written in double quotes). */
export function escAttr(value: unknown): string {
  const s = value === null || value === undefined ? '' : String(value);
  if (!ATTR.test(s)) return s;
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Attribute values: `true` writes a boolean attribute, `false`/null/undefined/'' leave it out. */
type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Record<string, AttrValue>;

const NAME = /^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/;
/** Attributes whose value the browser follows as a URL: checked by `safeUrl` whoever set them. */
const URL_ATTRS = new Set([
  'href',
  'xlink:href',
  'src',
  'action',
  'formaction',
  'poster',
  'cite',
  'background',
  'longdesc',
  'ping',
  'data',
  'codebase',
  'manifest',
  'icon',
]);
/** Script or a document of its own: the renderer never writes these, and no setting may. */
const NEVER = /^(on|srcdoc$)/i;

/**
 * The attributes of a tag, each value escaped. Whatever set a value (the renderer, or a component's
 * `_attr.*` settings copied by `common`), event handlers and `srcdoc` are never written, and URL
 * attributes hold only safe schemes (images may be `data:image/…`).
 */
export function attrs(map: Attrs): string {
  let out = '';
  for (const key in map) {
    let value = map[key];
    if (value === undefined || value === null || value === false) continue;
    if (!NAME.test(key) || NEVER.test(key)) continue;
    const name = key.toLowerCase();
    if (typeof value === 'string' && URL_ATTRS.has(name)) value = safeUrl(value, name === 'src' || name === 'poster');
    if (value === true) out += ` ${key}`;
    else if (value === '' && key !== 'alt' && key !== 'content' && key !== 'value') continue;
    else out += ` ${key}="${escAttr(value)}"`;
  }
  return out;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function el(tag: string, attributes: Attrs, inner = ''): string {
  if (VOID.has(tag)) return `<${tag}${attrs(attributes)}>`;
  return `<${tag}${attrs(attributes)}>${inner}</${tag}>`;
}

/** JSON inside a <script>: `<` escaped so no `</script>` or `<!--` can end or confuse it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
