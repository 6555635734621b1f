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
export type AttrValue = string | number | boolean | null | undefined;
export type Attrs = Record<string, AttrValue>;

const NAME = /^[a-zA-Z_:][-a-zA-Z0-9_:.]*$/;

export function attrs(map: Attrs): string {
  let out = '';
  for (const key in map) {
    const value = map[key];
    if (value === undefined || value === null || value === false) continue;
    if (!NAME.test(key)) continue;
    if (value === true) out += ` ${key}`;
    else if (value === '' && key !== 'alt' && key !== 'content' && key !== 'value') continue;
    else out += ` ${key}="${escAttr(value)}"`;
  }
  return out;
}

export const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

export function el(tag: string, attributes: Attrs, inner = ''): string {
  if (VOID.has(tag)) return `<${tag}${attrs(attributes)}>`;
  return `<${tag}${attrs(attributes)}>${inner}</${tag}>`;
}

/** JSON inside a <script>: `<` escaped so no `</script>` or `<!--` can end or confuse it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A URL safe to put in href/src: javascript:, data: (except images) and vbscript: become `#`. */
export function safeUrl(url: string, allowDataImage = false): string {
  const trimmed = url.trim();
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(trimmed.replace(/[\u0000-\u001f\s]/g, ''));
  if (!scheme) return trimmed;
  const s = scheme[1]!.toLowerCase();
  if (s === 'http' || s === 'https' || s === 'mailto' || s === 'tel' || s === 'sms') return trimmed;
  if (s === 'data' && allowDataImage && /^data:image\/(png|jpe?g|gif|webp|avif|svg\+xml)[;,]/i.test(trimmed)) return trimmed;
  return '#';
}
