import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fonts as catalog } from '../model/catalogs.js';
import type { Font, SiteDoc } from '../model/document.js';

/**
 * Web fonts served by the site itself: the woff2 files of the `@fontsource` packages the server
 * depends on, copied into the compiled site (`fonts/…`) or served by the server for the editor's
 * canvas and font picker (`/api/fonts/files/…`). Only the weights and styles the theme names and the
 * subsets its languages need are used. Each family gets a local fallback face whose metrics are
 * matched to it (size-adjust and the ascent, descent and line gap overrides), so the swap when the
 * font arrives does not move the layout. A family no package has is named first, then a local fallback
 * face sized to its metrics when Capsize knows them, then a generic of its kind; a compiled site links it
 * from Google Fonts (`fontServiceHref`) unless the compile settings' "Download webfonts" keeps every font
 * on the site: then the compile is given its faces, fetched from the font source (publishing/webfonts.ts,
 * RenderOptions.webFonts). The editor's preview never asks a font service.
 */

const require = createRequire(import.meta.url);

/** Families the browser has without loading anything. */
const SYSTEM = new Set([
  'system-ui',
  'sans-serif',
  'serif',
  'monospace',
  'ui-sans-serif',
  'ui-serif',
  'ui-monospace',
  'arial',
  'helvetica',
  'georgia',
  'times new roman',
  'verdana',
]);

export interface FontMetrics {
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
}

export interface FontPackage {
  /** The package's id: `@fontsource/<id>`. */
  id: string;
  family: string;
  category: string;
  subsets: string[];
  weights: number[];
  styles: string[];
  dir: string;
}

/** One @font-face of a packaged family: a weight, a style and a subset. */
export interface FontFace {
  family: string;
  weight: number;
  style: 'normal' | 'italic';
  subset: string;
  /** The woff2 file's name, the same in the package, the compiled site and the server's route. */
  file: string;
  unicodeRange?: string;
}

const SAFE_ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const packages = new Map<string, FontPackage | null>();

/** The `@fontsource` package of a family, when the server has it installed. */
export function fontPackage(family: string): FontPackage | undefined {
  const id = familyId(family);
  if (!id) return undefined;
  if (!packages.has(id)) {
    let found: FontPackage | null;
    try {
      const dir = path.dirname(require.resolve(`@fontsource/${id}/package.json`));
      const meta = JSON.parse(fs.readFileSync(path.join(dir, 'metadata.json'), 'utf8')) as Omit<FontPackage, 'dir'>;
      found = { id, family: meta.family, category: meta.category, subsets: meta.subsets, weights: meta.weights, styles: meta.styles, dir };
    } catch {
      found = null;
    }
    packages.set(id, found);
  }
  return packages.get(id) ?? undefined;
}

/** Languages whose letters go beyond Latin-1 into a package subset. */
const LANGUAGE_SUBSETS: Record<string, string[]> = {
  cs: ['latin-ext'],
  sk: ['latin-ext'],
  pl: ['latin-ext'],
  hu: ['latin-ext'],
  ro: ['latin-ext'],
  hr: ['latin-ext'],
  sl: ['latin-ext'],
  lv: ['latin-ext'],
  lt: ['latin-ext'],
  tr: ['latin-ext'],
  et: ['latin-ext'],
  mt: ['latin-ext'],
  az: ['latin-ext'],
  sq: ['latin-ext'],
  bs: ['latin-ext'],
  cy: ['latin-ext'],
  eo: ['latin-ext'],
  ga: ['latin-ext'],
  ru: ['cyrillic'],
  uk: ['cyrillic', 'cyrillic-ext'],
  bg: ['cyrillic'],
  be: ['cyrillic'],
  mk: ['cyrillic'],
  sr: ['cyrillic', 'latin-ext'],
  kk: ['cyrillic', 'cyrillic-ext'],
  el: ['greek'],
  vi: ['vietnamese', 'latin-ext'],
};

/** The subsets a site in these languages needs: latin always, others by language, those the package has. */
export function subsetsFor(languages: string[], available: string[]): string[] {
  const wanted = new Set(['latin']);
  for (const lang of languages) for (const s of LANGUAGE_SUBSETS[lang.split('-')[0]!.toLowerCase()] ?? []) wanted.add(s);
  return [...wanted].filter((s) => available.includes(s));
}

const nearest = (weights: number[], w: number) =>
  weights.reduce((best, x) => (Math.abs(x - w) < Math.abs(best - w) ? x : best), weights[0]!);

/** What a family's faces are chosen from: a package the server has, or a font source's metadata. */
export interface FaceSource {
  id: string;
  family: string;
  subsets: string[];
  weights: number[];
  styles: string[];
}

/**
 * The faces of a theme font the site uses out of what a source has: its weights (snapped to the
 * source's), styles and subsets; `has` says whether the source has a file, `range` gives a subset's
 * unicode-range.
 */
export function facesFrom(
  source: FaceSource,
  font: Font,
  languages: string[],
  has: (file: string, weight: number, style: string, subset: string) => boolean,
  range: (weight: number, style: string, subset: string) => string | undefined,
): FontFace[] {
  if (!source.weights.length) return [];
  const subsets = subsetsFor(languages, source.subsets);
  const wanted: [number, 'normal' | 'italic'][] = [];
  const normal = font.normal?.length ? font.normal : font.italic?.length ? [] : [400];
  for (const w of normal) if (source.styles.includes('normal')) wanted.push([nearest(source.weights, w), 'normal']);
  for (const w of font.italic ?? []) if (source.styles.includes('italic')) wanted.push([nearest(source.weights, w), 'italic']);
  const faces: FontFace[] = [];
  const seen = new Set<string>();
  for (const [weight, style] of wanted) {
    for (const subset of subsets) {
      const file = `${source.id}-${subset}-${weight}-${style}.woff2`;
      if (seen.has(file) || !has(file, weight, style, subset)) continue;
      seen.add(file);
      faces.push({
        family: source.family,
        weight,
        style,
        subset,
        file,
        unicodeRange: subsets.length > 1 ? range(weight, style, subset) : undefined,
      });
    }
  }
  return faces;
}

/** The faces of a theme font the site uses: its weights (snapped to the package's), styles and subsets. */
export function fontFaces(font: Font | undefined, languages: string[]): FontFace[] {
  if (!font?.family) return [];
  const pkg = fontPackage(font.family);
  if (!pkg) return [];
  return facesFrom(
    pkg,
    font,
    languages,
    (file) => fs.existsSync(path.join(pkg.dir, 'files', file)),
    (weight, style, subset) => unicodeRange(pkg, weight, style, subset),
  );
}

/** A family's id at a font source and in file names: its name in lower case with dashes (`source-sans-3`). */
export function familyId(family: string): string | undefined {
  const id = family.trim().toLowerCase().replace(/\s+/g, '-');
  return SAFE_ID.test(id) ? id : undefined;
}

/** Whether the browser has the family without loading anything (Arial, system-ui…). */
export const isSystemFamily = (family: string): boolean => SYSTEM.has(family.trim().toLowerCase());

/**
 * The theme's heading and sans fonts that no package has and the system lacks: with "Download
 * webfonts" on, the compile fetches these from the font source (publishing/webfonts.ts).
 */
export function unpackagedFonts(doc: SiteDoc): Font[] {
  const out: Font[] = [];
  for (const font of [doc.theme.fonts?.heading, doc.theme.fonts?.sans]) {
    const family = font?.family?.replace(/["\\;{}<>]/g, '').trim();
    if (!font || !family || isSystemFamily(family) || fontPackage(family) || !familyId(family)) continue;
    const same = out.find((f) => f.family === family);
    if (same) {
      same.normal = [...new Set([...(same.normal ?? []), ...(font.normal ?? [])])];
      same.italic = [...new Set([...(same.italic ?? []), ...(font.italic ?? [])])];
    } else out.push({ ...font, family, normal: [...(font.normal ?? [])], italic: [...(font.italic ?? [])] });
  }
  return out;
}

/** The unicode-range the package gives a subset (its `<weight>[-italic].css`). */
function unicodeRange(pkg: FontPackage, weight: number, style: string, subset: string): string | undefined {
  try {
    const css = fs.readFileSync(path.join(pkg.dir, `${weight}${style === 'italic' ? '-italic' : ''}.css`), 'utf8');
    const start = css.indexOf(`/* ${pkg.id}-${subset}-${weight}-${style} */`);
    if (start < 0) return undefined;
    const block = css.slice(start, css.indexOf('}', start));
    return /unicode-range:\s*([^;]+);/.exec(block)?.[1]?.trim();
  } catch {
    return undefined;
  }
}

/** The bytes of a packaged woff2 file by its name (`<id>-<subset>-<weight>-<style>.woff2`), if any. */
export function fontFile(name: string): Buffer | undefined {
  const m = /^([a-z0-9-]+)-(latin-ext|latin|cyrillic-ext|cyrillic|greek-ext|greek|vietnamese)-(\d{3})-(normal|italic)\.woff2$/.exec(name);
  const pkg = m ? fontPackage(m[1]!) : undefined;
  if (!pkg) return undefined;
  try {
    return fs.readFileSync(path.join(pkg.dir, 'files', name));
  } catch {
    return undefined;
  }
}

/** Capsize's metrics of a family (Google Fonts and system fonts), by its camel-cased name. */
export function fontMetrics(family: string): FontMetrics | undefined {
  // Capsize's names: the words joined, the first letter lower-cased ("DM Sans" is dMSans, "Source Sans 3" sourceSans3).
  const joined = family.trim().split(/\s+/).join('');
  const key = joined.charAt(0).toLowerCase() + joined.slice(1);
  if (!/^[a-zA-Z0-9]+$/.test(key)) return undefined;
  try {
    const m = require(`@capsizecss/metrics/${key}`) as FontMetrics | { default: FontMetrics };
    return 'default' in m ? m.default : m;
  } catch {
    return undefined;
  }
}

/** The fallback family's name for a packaged family. */
export const fallbackName = (family: string) => `${family} Fallback`;

const LOCAL: Record<'serif' | 'sans', { metrics: string; local: string[] }> = {
  serif: { metrics: 'Times New Roman', local: ['Times New Roman', 'Liberation Serif', 'Tinos'] },
  sans: { metrics: 'Arial', local: ['Arial', 'Liberation Sans', 'Arimo', 'Helvetica'] },
};

const pct = (n: number) => `${Math.round(n * 10000) / 100}%`;

/**
 * The overrides that make a local font take the web font's room: size-adjust scales the local
 * font's average width to the web font's, then the ascent, descent and line gap are the web
 * font's, in the adjusted size.
 */
export function fallbackOverrides(font: FontMetrics, local: FontMetrics) {
  const sizeAdjust = font.xWidthAvg / font.unitsPerEm / (local.xWidthAvg / local.unitsPerEm);
  const em = font.unitsPerEm * sizeAdjust;
  return {
    sizeAdjust: pct(sizeAdjust),
    ascentOverride: pct(font.ascent / em),
    descentOverride: pct(Math.abs(font.descent) / em),
    lineGapOverride: pct(font.lineGap / em),
  };
}

/** The @font-face of a family's metric-matched local fallback. */
export function fallbackFace(family: string, category: string): string {
  const kind = category === 'serif' || category === 'display' ? LOCAL.serif : LOCAL.sans;
  const metrics = fontMetrics(family);
  const local = fontMetrics(kind.metrics);
  const src = kind.local.map((l) => `local("${l}")`).join(', ');
  let out = `@font-face{font-family:"${fallbackName(family)}";src:${src}`;
  if (metrics && local) {
    const o = fallbackOverrides(metrics, local);
    out += `;size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride};line-gap-override:${o.lineGapOverride}`;
  }
  return `${out}}`;
}

/** The site's font CSS: the packaged faces from `base` (`/fonts` or the server's route) and their fallbacks. */
export function fontFaceCss(faces: FontFace[], base: string): string {
  const key = `${base} ${faces.map((f) => f.file).join(' ')}`;
  const cached = cssCache.get(key);
  if (cached !== undefined) return cached;
  let out = '';
  const families = new Set<string>();
  for (const f of faces) {
    families.add(f.family);
    out +=
      `@font-face{font-family:"${f.family}";font-style:${f.style};font-weight:${f.weight};font-display:swap;` +
      `src:url(${base}/${f.file}) format("woff2")${f.unicodeRange ? `;unicode-range:${f.unicodeRange}` : ''}}`;
  }
  for (const family of families) out += fallbackFace(family, fontPackage(family)?.category ?? fallbackKind(catalogCategory(family)));
  cssCache.set(key, out);
  if (cssCache.size > 64) cssCache.delete(cssCache.keys().next().value!);
  return out;
}
const cssCache = new Map<string, string>();

/** The faces of the theme's heading and sans fonts in the site's languages. */
export function siteFontFaces(doc: SiteDoc): FontFace[] {
  const languages = doc.settings.languages.length ? doc.settings.languages : ['en'];
  const { heading, sans } = doc.theme.fonts ?? {};
  const key = JSON.stringify([heading, sans, languages]);
  let faces = faceCache.get(key);
  if (!faces) {
    const seen = new Set<string>();
    faces = [...fontFaces(heading, languages), ...fontFaces(sans, languages)].filter((f) => !seen.has(f.file) && seen.add(f.file));
    faceCache.set(key, faces);
    if (faceCache.size > 64) faceCache.delete(faceCache.keys().next().value!);
  }
  return faces;
}
const faceCache = new Map<string, FontFace[]>();

/**
 * The faces worth preloading: the heading font's boldest listed upright weight and the body font's
 * regular (400 or its first), latin subset, so the first paint's text arrives with the page.
 */
export function preloadFaces(doc: SiteDoc, faces: FontFace[]): FontFace[] {
  const pick = (font: Font | undefined, weight: (ws: number[]) => number) => {
    if (!font?.family) return undefined;
    const name = (fontPackage(font.family)?.family ?? font.family).trim().toLowerCase();
    const own = faces.filter((f) => f.family.toLowerCase() === name && f.style === 'normal' && f.subset === 'latin');
    if (!own.length) return undefined;
    const w = weight(own.map((f) => f.weight));
    return own.find((f) => f.weight === w);
  };
  const heading = pick(doc.theme.fonts?.heading, (ws) => Math.max(...ws.filter((w) => w <= 700).concat(Math.min(...ws))));
  const body = pick(doc.theme.fonts?.sans, (ws) => (ws.includes(400) ? 400 : ws[0]!));
  return [heading, body].filter((f, i, all): f is FontFace => !!f && all.findIndex((g) => g?.file === f.file) === i);
}

/** The CSS stack of a theme font: the family, its fallback face when packaged, then a generic of its kind. */
export function fontStack(font: Font | undefined, fallback: string): string {
  if (!font?.family) return fallback;
  const family = font.family.replace(/["\\;{}<>]/g, '');
  const pkg = fontPackage(family);
  if (!pkg) {
    if (SYSTEM.has(family.toLowerCase())) return `"${family}", ${fallback}`;
    const category = catalogCategory(family);
    const generic = category === 'serif' ? 'ui-serif, Georgia, serif' : category === 'monospace' ? 'ui-monospace, monospace' : fallback;
    return fontMetrics(family) ? `"${family}", "${fallbackName(family)}", ${generic}` : `"${family}", ${generic}`;
  }
  const generic = pkg.category === 'serif' || pkg.category === 'display' ? 'ui-serif, Georgia, serif' : fallback;
  return `"${pkg.family}", "${fallbackName(pkg.family)}", ${generic}`;
}

/** The kind of local face a family's fallback is made of: serif for serif families, else sans. */
const fallbackKind = (category: string) => (category === 'serif' ? 'serif' : 'sans-serif');

/** The category GET /fonts gives a family (sans-serif when it is not listed). */
function catalogCategory(family: string): string {
  const lower = family.toLowerCase();
  return catalog.find((f) => f.family.toLowerCase() === lower)?.category ?? 'sans-serif';
}

/**
 * The fallback faces of the theme's families that no package has (and the system lacks), for those
 * whose metrics Capsize knows: nothing is fetched for them, the local face takes their room.
 */
export function unpackagedFallbackCss(doc: SiteDoc, faces: readonly FontFace[] = []): string {
  let out = '';
  // A family whose faces the site ships has its fallback face with them (fontFaceCss).
  const seen = new Set<string>(faces.map((f) => f.family));
  for (const font of [doc.theme.fonts?.heading, doc.theme.fonts?.sans]) {
    const family = font?.family?.replace(/["\\;{}<>]/g, '');
    if (!family || seen.has(family) || SYSTEM.has(family.toLowerCase()) || fontPackage(family) || !fontMetrics(family)) continue;
    seen.add(family);
    out += fallbackFace(family, fallbackKind(catalogCategory(family)));
  }
  return out;
}

/**
 * The Google Fonts stylesheet of the theme's families that no package has (and the system lacks), for a
 * compiled site whose compile settings leave "Download webfonts" off: the site owner's choice of the real
 * face over a request to a font service. With it on, the compile ships the families' files itself.
 */
export function fontServiceHref(doc: SiteDoc): string | undefined {
  if (doc.settings.compile?.downloadFonts) return undefined;
  const families = new Map<string, { normal: Set<number>; italic: Set<number> }>();
  for (const font of [doc.theme.fonts?.heading, doc.theme.fonts?.sans]) {
    const family = font?.family?.replace(/["\\;{}<>]/g, '').trim();
    if (!family || SYSTEM.has(family.toLowerCase()) || fontPackage(family)) continue;
    const entry = families.get(family) ?? { normal: new Set<number>(), italic: new Set<number>() };
    for (const w of font?.normal ?? []) entry.normal.add(w);
    for (const w of font?.italic ?? []) entry.italic.add(w);
    families.set(family, entry);
  }
  if (families.size === 0) return undefined;
  const params = [...families].map(([family, w]) => {
    const name = encodeURIComponent(family).replace(/%20/g, '+');
    const normal = w.normal.size ? [...w.normal].sort((a, b) => a - b) : [400];
    if (w.italic.size === 0) return `family=${name}:wght@${normal.join(';')}`;
    const tuples = [...normal.map((x) => `0,${x}`), ...[...w.italic].sort((a, b) => a - b).map((x) => `1,${x}`)];
    return `family=${name}:ital,wght@${tuples.join(';')}`;
  });
  return `https://fonts.googleapis.com/css2?${params.join('&')}&display=swap`;
}
