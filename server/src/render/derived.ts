import type { RenderContext } from './context.js';

/**
 * Images made for a setting (issue 26 "what you set is what you publish"): a site file re-encoded at
 * a width, a quality, in black and white. The renderer names the file it wants (`ctx.derived`); the
 * compile writes it beside the other assets (compile.ts). Preview, which has no such files, shows the
 * original with CSS doing what it can (grayscale, blur).
 */
export interface Derivation {
  /** The site file (asset name). */
  name: string;
  width?: number;
  quality?: number;
  gray?: boolean;
}

/** The path of a derived image under `assets/`: `_pw/w640-q70-bw/photo.jpg.webp`. */
export function derivedFile(d: Derivation): string {
  const parts = [d.width ? `w${d.width}` : 'w0', d.quality ? `q${d.quality}` : 'q80'];
  if (d.gray) parts.push('bw');
  return `_pw/${parts.join('-')}/${d.name}.webp`;
}

/**
 * The URL of `name` made as `d` asks, when the compile can make it (a raster site file it knows),
 * else undefined. The wish is recorded for the compile.
 */
export function derivedUrl(ctx: RenderContext, d: Derivation): string | undefined {
  if (ctx.preview) return undefined;
  const file = ctx.image(d.name);
  if (!file || /\.svg$/i.test(d.name)) return undefined;
  const width = d.width && d.width < file.width ? Math.round(d.width) : undefined;
  const quality = d.quality && d.quality >= 1 && d.quality <= 100 ? Math.round(d.quality) : undefined;
  const wish: Derivation = {
    name: d.name,
    ...(width ? { width } : {}),
    ...(quality ? { quality } : {}),
    ...(d.gray ? { gray: true } : {}),
  };
  const path = derivedFile(wish);
  ctx.derived.set(path, wish);
  return ctx.assetUrl(path);
}
