import type { Deps } from '../core/deps.js';
import { createFontSource, FontSourceUnavailable, type FontSource, type FontSourceFamily } from '../engines/fontSource.js';
import type { Font, SiteDoc } from '../model/document.js';
import { facesFrom, familyId, unpackagedFonts, type FontFace } from '../render/fonts.js';

/**
 * "Download webfonts" for every family of the font picker (issue 28): the theme fonts no package of
 * the server has are fetched from the font source (FONTS_URL, the Fontsource API by default) once,
 * kept in the instance's storage (`webfonts/<id>/metadata.json` and `webfonts/<id>/<file>.woff2`, a
 * folder or S3), and shipped in the compiled site under `fonts/` with the site's own @font-face.
 * Later compiles read them from the storage and ask the source nothing. When the source cannot be
 * reached the family keeps its size-matched local fallback face (the compiled site never loads it
 * from a font service) and the compile settings say so (`webFontsStatus`).
 */

/** How one unpackaged theme family fares. */
export interface WebFontFamily {
  family: string;
  /** stored: its files are in the storage (shipped); unavailable: the source could not be reached; unknown: the source has no such family. */
  state: 'stored' | 'unavailable' | 'unknown';
}

export interface SiteWebFonts {
  faces: FontFace[];
  files: Map<string, Buffer>;
  families: WebFontFamily[];
}

const PREFIX = 'webfonts';
/** After the source failed, compiles skip it this long (a server without network should not wait on every compile). */
const RETRY_MS = 60_000;
const failedAt = new Map<string, number>();
/** Fetches under way, so compiles at the same time ask the source once. */
const inFlight = new Map<string, Promise<unknown>>();

function once<T>(key: string, make: () => Promise<T>): Promise<T> {
  let p = inFlight.get(key) as Promise<T> | undefined;
  if (!p) {
    p = make().finally(() => inFlight.delete(key));
    inFlight.set(key, p);
  }
  return p;
}

const sourceOf = (deps: Deps): FontSource => createFontSource(deps.config.fonts);

/** The family's metadata: from the storage, else from the source (then stored). Null when the source has no such family. */
async function metadata(deps: Deps, source: FontSource, id: string): Promise<FontSourceFamily | null> {
  const key = `${PREFIX}/${id}/metadata.json`;
  const stored = await deps.storage.get(key);
  if (stored) return JSON.parse(stored.toString('utf8')) as FontSourceFamily;
  return once(`${deps.storage.description} ${source.url} ${key}`, async () => {
    const meta = await source.family(id);
    if (meta) await deps.storage.put(key, Buffer.from(JSON.stringify(meta)));
    return meta;
  });
}

/** A WOFF2 file: from the storage, else from the source (then stored). */
async function file(deps: Deps, source: FontSource, id: string, name: string, url: string): Promise<Buffer> {
  const key = `${PREFIX}/${id}/${name}`;
  const stored = await deps.storage.get(key);
  if (stored) return stored;
  return once(`${deps.storage.description} ${source.url} ${key}`, async () => {
    const bytes = await source.file(url);
    await deps.storage.put(key, bytes);
    return bytes;
  });
}

/** The faces of one family and their bytes; throws FontSourceUnavailable when the source is needed and cannot be reached. */
async function familyFaces(deps: Deps, source: FontSource, font: Font, languages: string[]) {
  const id = familyId(font.family)!;
  const meta = await metadata(deps, source, id);
  if (!meta) return null;
  const url = (weight: number, style: string, subset: string) => meta.files[String(weight)]?.[style]?.[subset];
  const faces = facesFrom(
    { ...meta, id, family: font.family },
    font,
    languages,
    (_file, weight, style, subset) => !!url(weight, style, subset),
    (_weight, _style, subset) => meta.unicodeRange[subset],
  );
  const files = new Map<string, Buffer>();
  for (const face of faces) files.set(face.file, await file(deps, source, id, face.file, url(face.weight, face.style, face.subset)!));
  return { faces, files };
}

/**
 * The theme fonts no package has, fetched or read from the storage. `force` asks even when "Download
 * webfonts" is off (the compile settings' check of what turning it on would do).
 */
export async function siteWebFonts(deps: Deps, doc: SiteDoc, force = false): Promise<SiteWebFonts> {
  const out: SiteWebFonts = { faces: [], files: new Map(), families: [] };
  if (!force && !doc.settings.compile?.downloadFonts) return out;
  const source = sourceOf(deps);
  const languages = doc.settings.languages.length ? doc.settings.languages : ['en'];
  for (const font of unpackagedFonts(doc)) {
    const skip = (failedAt.get(source.url) ?? -Infinity) > Date.now() - RETRY_MS;
    try {
      if (skip) throw new FontSourceUnavailable('the font source failed a moment ago');
      const got = await familyFaces(deps, source, font, languages);
      if (!got || got.faces.length === 0) {
        out.families.push({ family: font.family, state: 'unknown' });
        continue;
      }
      out.faces.push(...got.faces);
      for (const [name, bytes] of got.files) out.files.set(name, bytes);
      out.families.push({ family: font.family, state: 'stored' });
    } catch (error) {
      if (!(error instanceof FontSourceUnavailable)) throw error;
      // Files stored before still ship: only what is missing needed the source.
      if (!skip) {
        failedAt.set(source.url, Date.now());
        deps.log.warn(
          { source: source.url, family: font.family, err: error.message },
          'font source unreachable: the family keeps its fallback face',
        );
      }
      out.families.push({ family: font.family, state: 'unavailable' });
    }
  }
  return out;
}

/** GET /sites/{siteId}/webfonts: how each theme font fares with "Download webfonts", and what to tell the owner. */
export async function webFontsStatus(
  deps: Deps,
  doc: SiteDoc,
): Promise<{ source: string; families: WebFontFamily[]; message: string | null }> {
  const { families } = await siteWebFonts(deps, doc, true);
  const source = deps.config.fonts.url;
  const names = (state: WebFontFamily['state']) => families.filter((f) => f.state === state).map((f) => f.family);
  const list = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : xs[0]!);
  const unavailable = names('unavailable');
  const unknown = names('unknown');
  let message: string | null = null;
  if (unavailable.length)
    message =
      `The font source ${source} cannot be reached from this server, so ${list(unavailable)} cannot be downloaded: ` +
      'the published site shows a size-matched system font in its place. Allow the server to reach it, or set FONTS_URL to a mirror.';
  else if (unknown.length)
    message = `The font source ${source} has no ${list(unknown)}: the published site shows a size-matched system font in its place.`;
  return { source, families, message };
}
