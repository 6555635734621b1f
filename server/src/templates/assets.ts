import type sharpModule from 'sharp';
import { lazyRequire } from '../core/lazy.js';
import {
  abstractArt,
  coverArt,
  foodArt,
  interiorArt,
  logoArt,
  mapArt,
  palette,
  portraitArt,
  postArt,
  productArt,
  type Dish,
  type Palette,
} from './art.js';
import type { Art } from './sections/define.js';
import { LOOKS } from './theme.js';

const sharp = lazyRequire<typeof sharpModule>('sharp');

/**
 * Where the templates' pictures live (docs/templates.md "Pictures"). They are drawn on demand
 * from the site's colours: a site's nodes name them by a stable URL,
 *
 *   /template-assets/<template>/<file>            the template's own colours
 *   /template-assets/<template>/<file>?c=<p>-<s>  a site created with other colours (hex without #)
 *
 * served by `templateAsset` (GET route in routes/system.ts). `templateAssets` yields the same
 * files as bytes for a new site, for when the asset store copies them into the site's assets.
 */

export interface TemplateAsset {
  name: string;
  contentType: string;
  bytes: Buffer;
}

type Draw = (p: Palette) => string;

const LOGO_NAMES = ['Northwind', 'Lumen', 'Halcyon', 'Kestrel', 'Orbital', 'Juniper'];
const logos = (): Record<string, Draw> =>
  Object.fromEntries(LOGO_NAMES.map((name, i) => [`logo-${i + 1}.svg`, (p: Palette) => logoArt(p, name, i)]));
const people = (n: number, offset = 0, label = 'Portrait'): Record<string, Draw> =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => [`person-${i + 1}.svg`, (p: Palette) => portraitArt(p, i + offset, 600, 720, label)]),
  );
const series = (prefix: string, n: number, draw: (p: Palette, i: number) => string): Record<string, Draw> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}-${i + 1}.svg`, (p: Palette) => draw(p, i)]));

const DISHES: Dish[] = ['salmon', 'soup', 'salad', 'dessert', 'bread', 'mushroom'];

/** The files of each template (and of the section library), and how each is drawn. */
const FILES: Record<string, Record<string, Draw>> = {
  library: {
    'product.svg': (p) => productArt(p),
    'hero.svg': (p) => abstractArt(p, 1),
    'feature.svg': (p) => abstractArt(p, 2),
    'cta.svg': (p) => abstractArt(p, 3, 1200, 900, 'Decorative shapes'),
    'about.svg': (p) => interiorArt(p, 1200, 1400, 'The studio'),
    'banner.svg': (p) => foodArt(p, 'spread', 1, 1600, 1000, 'A table set for lunch'),
    'map.svg': (p) => mapArt(p),
    ...people(8),
    ...logos(),
    ...series('gallery', 6, (p, i) => coverArt(p, i, 1200, 900, `Gallery picture ${i + 1}`)),
    ...series('post', 3, (p, i) => postArt(p, i)),
    ...series('product', 3, (p, i) => coverArt(p, [2, 4, 0][i]!, 800, 600, 'Product photo')),
    ...series('project', 4, (p, i) => coverArt(p, i)),
  },
  launch: {
    'product.svg': (p) => productArt(p, 1440, 960, 'The product dashboard'),
    'feature-1.svg': (p) => abstractArt(p, 4, 1200, 900, 'Releases moving through stages'),
    'feature-2.svg': (p) => abstractArt(p, 8, 1200, 900, 'A release timeline'),
    ...people(6, 3),
    ...logos(),
  },
  folio: {
    ...series('project', 6, (p, i) => coverArt(p, i, 1600, 1200, 'Project cover')),
    ...series('detail', 6, (p, i) => coverArt(p, i + 3, 1600, 1000, 'Project detail')),
    'studio.svg': (p) => interiorArt(p, 1200, 1400, 'The studio'),
    ...people(4, 1),
    ...logos(),
  },
  journal: {
    ...series('post', 7, (p, i) => postArt(p, i)),
    ...series('author', 3, (p, i) => portraitArt(p, i + 2, 600, 600, 'Author portrait')),
  },
  bistro: {
    'hero.svg': (p) => foodArt(p, 'spread', 3, 1600, 1000, 'Plates of seasonal food on a wooden table'),
    ...Object.fromEntries(DISHES.map((dish, i) => [`dish-${dish}.svg`, (p: Palette) => foodArt(p, dish, i + 1)])),
    'room.svg': (p) => interiorArt(p, 1200, 1400, 'The dining room with arched windows'),
    'map.svg': (p) => mapArt(p, 1200, 900, 'A map of the streets around the restaurant'),
    ...people(3, 4, 'Portrait of the team'),
  },
};

/** Each template's colours and gray; the library's are neutral so its pictures suit any site. */
const COLORS: Record<string, { primary: string; secondary: string; gray: string }> = {
  library: { primary: '#5b6b8c', secondary: '#c4a46b', gray: '#71717a' },
  launch: { primary: '#3e64de', secondary: '#10a6e9', gray: LOOKS.launch.gray },
  folio: { primary: '#111827', secondary: '#f59e0b', gray: LOOKS.folio.gray },
  journal: { primary: '#0f766e', secondary: '#e11d48', gray: LOOKS.journal.gray },
  bistro: { primary: '#9a3412', secondary: '#65a30d', gray: LOOKS.bistro.gray },
};

/** Rasters derived from a picture, for places that take no SVG (a page's share image). */
const RASTERS: Record<string, Record<string, string>> = {
  launch: { 'share.png': 'product.svg' },
  folio: { 'share.png': 'project-1.svg' },
  journal: { 'share.png': 'post-1.svg' },
  bistro: { 'share.png': 'hero.svg' },
};

const HEX = /^[0-9a-f]{6}$/i;

/** `?c=` of a site whose colours differ from the template's. */
function colorQuery(template: string, colors?: { primary: string; secondary: string }): string {
  const own = COLORS[template];
  if (!colors || !own) return '';
  const p = colors.primary.replace('#', '').toLowerCase();
  const s = colors.secondary.replace('#', '').toLowerCase();
  if (`#${p}` === own.primary && `#${s}` === own.secondary) return '';
  return `?c=${p}-${s}`;
}

/** The `Art` of a template for a site with these colours: file name → stable URL. */
export function templateArt(template: string, colors?: { primary: string; secondary: string }): Art {
  const query = colorQuery(template, colors);
  return (file) => `/template-assets/${template}/${file}${query}`;
}

/** Parses `?c=<primary>-<secondary>`; anything else means the template's own colours. */
export function parseColors(c: unknown): { primary: string; secondary: string } | undefined {
  if (typeof c !== 'string') return undefined;
  const [p, s] = c.split('-');
  return p && s && HEX.test(p) && HEX.test(s) ? { primary: `#${p.toLowerCase()}`, secondary: `#${s.toLowerCase()}` } : undefined;
}

const cache = new Map<string, Promise<{ contentType: string; bytes: Buffer }>>();

/** One picture as served at /template-assets/<template>/<file>, or undefined when there is none. */
export function templateAsset(
  template: string,
  file: string,
  colors?: { primary: string; secondary: string },
): Promise<{ contentType: string; bytes: Buffer }> | undefined {
  const files = Object.hasOwn(FILES, template) ? FILES[template] : undefined;
  const base = Object.hasOwn(COLORS, template) ? COLORS[template] : undefined;
  if (!files || !base) return undefined;
  const rasters = Object.hasOwn(RASTERS, template) ? RASTERS[template] : undefined;
  const raster = rasters && Object.hasOwn(rasters, file) ? rasters[file] : undefined;
  const name = raster ?? file;
  const draw = Object.hasOwn(files, name) ? files[name] : undefined;
  if (!draw) return undefined;
  const p = palette(colors?.primary ?? base.primary, colors?.secondary ?? base.secondary, base.gray);
  const key = `${template}/${file}/${colors?.primary ?? ''}${colors?.secondary ?? ''}`;
  let hit = cache.get(key);
  if (!hit) {
    const svg = Buffer.from(draw(p));
    hit = raster
      ? sharp()(svg)
          .resize(1200, 630, { fit: 'cover' })
          .png({ compressionLevel: 9, palette: true })
          .toBuffer()
          .then((bytes) => ({ contentType: 'image/png', bytes }))
      : Promise.resolve({ contentType: 'image/svg+xml', bytes: svg });
    if (cache.size > 500) cache.clear();
    cache.set(key, hit);
  }
  return hit;
}

/** The file names a template's pictures have. */
export function templateAssetNames(template: string): string[] {
  return [...Object.keys(FILES[template] ?? {}), ...Object.keys(RASTERS[template] ?? {})];
}

/** Every picture of a template in a site's colours, as files for the site's assets. */
export async function templateAssets(template: string, colors?: { primary: string; secondary: string }): Promise<TemplateAsset[]> {
  const names = templateAssetNames(template);
  return Promise.all(
    names.map(async (name) => {
      const file = await templateAsset(template, name, colors)!;
      return { name, ...file };
    }),
  );
}

const TEMPLATE_PICTURE = /\/template-assets\/([a-z0-9-]+)\/([a-z0-9-]+\.(?:svg|png))(?:\?c=([0-9a-f]{6}-[0-9a-f]{6}))?/g;

/**
 * The template pictures a compiled site shows (`/template-assets/<template>/<file>?c=<colours>`),
 * drawn as files at the same path so the published site needs nothing from this server. A site
 * has one set of colours, so the query a static host ignores never names two different pictures.
 */
export async function templatePictures(files: Map<string, string | Buffer>): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for (const content of files.values()) {
    if (typeof content !== 'string') continue;
    for (const [, template, file, colors] of content.matchAll(TEMPLATE_PICTURE)) {
      const path = `template-assets/${template}/${file}`;
      if (out.has(path)) continue;
      const asset = templateAsset(template!, file!, parseColors(colors));
      if (asset) out.set(path, (await asset).bytes);
    }
  }
  return out;
}
