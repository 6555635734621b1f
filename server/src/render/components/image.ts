import { safeUrl } from '../../core/sanitize.js';
import type { Node } from '../../model/document.js';
import type { RenderContext, Scope } from '../context.js';
import { attrs, el, esc, type Attrs } from '../html.js';
import { hasBaseClass } from '../classes.js';
import { derivedUrl } from '../derived.js';
import { common, register, use, type Part } from '../node.js';
import { withAction } from './actions.js';
import { data, text } from '../values.js';

const RATIOS: Record<string, number> = {
  '16by9': 9 / 16,
  '4by3': 3 / 4,
  '3by2': 2 / 3,
  '1by1': 1,
  '3by4': 4 / 3,
  '2by3': 3 / 2,
  '9by16': 16 / 9,
  '21by9': 9 / 21,
};

export interface ImageSource {
  src: string;
  width: number;
  height: number;
  alt?: string;
  /** Resized copies of a site file with the file itself, as an `srcset` (compile only). */
  srcset?: string;
}

/** The URL of an image value: an asset name, an absolute URL, or `{ src|url|name, alt, width, height }`. */
export function imageSource(ctx: RenderContext, node: Node, scope: Scope | undefined, key = 'value'): ImageSource | undefined {
  let value = data(ctx, node, key, scope);
  if ((value === undefined || value === '' || value === null) && key === 'value') {
    value = data(ctx, node, 'external', scope) || data(ctx, node, 'fallback', scope);
    const base64 = data(ctx, node, 'base64', scope);
    if (!value && typeof base64 === 'string' && base64.startsWith('data:image/')) value = base64;
  }
  let alt: string | undefined;
  let width = Number(node.data.width) || 0;
  let height = Number(node.data.height) || 0;
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    value = o.src ?? o.url ?? o.name;
    if (typeof o.alt === 'string') alt = o.alt;
    width ||= Number(o.width) || 0;
    height ||= Number(o.height) || 0;
  }
  if (typeof value !== 'string' || value === '') return undefined;
  const local = !value.startsWith('data:') && !/^(https?:)?\/\//.test(value) && !value.startsWith('/');
  const src = value.startsWith('data:') ? safeUrl(value, true) : local ? ctx.assetUrl(value) : safeUrl(value);
  // A site file's own size keeps its shape (no layout shift); its resized copies make the srcset.
  const file = local ? ctx.image(value) : undefined;
  let srcset: string | undefined;
  if (file) {
    if (!width && !height) ({ width, height } = file);
    else if (!height) height = Math.round((width * file.height) / file.width);
    else if (!width) width = Math.round((height * file.width) / file.height);
    if (file.variants.length > 0) srcset = [...file.variants.map((v) => `${v.url} ${v.width}w`), `${src} ${file.width}w`].join(', ');
    // A quality of its own: the compile encodes the file and its narrower copies at it (derived.ts).
    const quality = Number(node.data.quality);
    if (Number.isFinite(quality) && quality >= 1 && quality <= 100) {
      const at = (w?: number) => derivedUrl(ctx, { name: value, quality, ...(w ? { width: w } : {}) });
      const full = at();
      if (full) {
        srcset = [...file.variants.map((v) => `${at(v.width)} ${v.width}w`), `${full} ${file.width}w`].join(', ');
        return finish(node, full, width, height, alt, file.variants.length ? srcset : undefined);
      }
    }
  }
  return finish(node, src, width, height, alt, srcset);
}

function finish(node: Node, src: string, w: number, h: number, alt: string | undefined, srcset: string | undefined): ImageSource {
  let width = w;
  let height = h;
  const ratio = RATIOS[String(node.data.aspectRatio ?? '16by9')] ?? 9 / 16;
  if (!width) width = height ? Math.round(height / ratio) : 512;
  if (!height) height = Math.round(width * ratio);
  return { src, width, height, alt, ...(srcset ? { srcset } : {}) };
}

const CROP = new Set(['top', 'bottom', 'left', 'right', 'left-top', 'right-top', 'left-bottom', 'right-bottom']);

/**
 * Classes an image takes from its source options: black and white (`grayscale`) and the crop position
 * (`object-top`…: which part stays in view when the box crops it), unless its own classes say.
 */
function sourceClasses(ctx: RenderContext, node: Node): string | undefined {
  const out: string[] = [];
  if (node.data.blackWhite === 'bw' && !hasBaseClass(node, /^grayscale/)) out.push('grayscale');
  const position = node.data.position;
  if (typeof position === 'string' && CROP.has(position) && !hasBaseClass(node, /^object-(top|bottom|left|right|center)/))
    out.push(`object-${position}`);
  return out.length ? use(ctx, out.join(' ')) : undefined;
}

/** An `<img>` with alt, intrinsic size, lazy loading and fetch priority. */
export function img(ctx: RenderContext, node: Node, scope: Scope | undefined, source: ImageSource, extra: Attrs = {}): string {
  let alt = text(ctx, node, 'alt', scope);
  if (alt === '' && source.alt) alt = source.alt;
  const loading = node.data['_options.loading'] === 'eager' || node.data.loading === 'eager' ? undefined : 'lazy';
  const priority = node.data['_attr.fetchpriority'] ?? node.data.fetchpriority;
  const sizes = text(ctx, node, 'sizes', scope);
  const own = sourceClasses(ctx, node);
  if (own) extra = { ...extra, class: [extra.class, own].filter(Boolean).join(' ') };
  return `<img${attrs({
    src: source.src,
    srcset: source.srcset,
    // The layout decides the drawn width; without a hint, at most the image's own width.
    sizes: source.srcset ? sizes || `(min-width: ${source.width}px) ${source.width}px, 100vw` : undefined,
    alt,
    width: source.width,
    height: source.height,
    loading,
    decoding: 'async',
    fetchpriority: priority === 'high' || priority === 'low' ? priority : undefined,
    ...extra,
  })}>`;
}

register('image', (part: Part) => withAction(part, image(part)));

function image(part: Part): string {
  const { ctx, node, scope } = part;
  const source = imageSource(ctx, node, scope);
  const caption = text(ctx, node, 'caption', scope) || text(ctx, node, 'figcaption', scope);
  if (!source)
    return ctx.preview ? el('span', { ...common(part), role: 'img', 'aria-label': text(ctx, node, 'alt', scope) || 'Image' }) : '';
  const root = common(part);
  if (caption) return el('figure', root, `${img(ctx, node, scope, source)}<figcaption>${esc(caption)}</figcaption>`);
  // `alt` must be written even when empty: an empty alt marks a decorative image.
  const { class: cls, ...rest } = root;
  return img(ctx, node, scope, source, { class: cls, ...rest });
}
