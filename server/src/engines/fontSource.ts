/**
 * A web font source speaking the Fontsource API (FONTS_URL; https://api.fontsource.org by default, or
 * any mirror of the same shape; tests run a local one): `GET {base}/v1/fonts/{id}` answers the family's
 * weights, styles, subsets, unicode ranges and `variants[weight][style][subset].url.woff2`, the address
 * of each WOFF2 file (Fontsource's CDN, or wherever the mirror keeps them).
 */
export interface FontSourceFamily {
  id: string;
  family: string;
  category: string;
  subsets: string[];
  weights: number[];
  styles: string[];
  unicodeRange: Record<string, string>;
  /** `weight` → `style` → `subset` → the WOFF2 file's URL. */
  files: Record<string, Record<string, Record<string, string>>>;
}

export interface FontSource {
  /** The source's address, for messages. */
  readonly url: string;
  /** The family's metadata; null when the source has no such family; throws FontSourceUnavailable when it cannot be asked. */
  family(id: string): Promise<FontSourceFamily | null>;
  /** A WOFF2 file named by the family's metadata; throws FontSourceUnavailable when it cannot be had. */
  file(url: string): Promise<Buffer>;
}

export class FontSourceUnavailable extends Error {}

const TIMEOUT_MS = 10_000;
/** A WOFF2 file of one subset is tens of kilobytes; this keeps a misbehaving source from filling the store. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;

async function get(url: string): Promise<Response> {
  try {
    return await fetch(url, { headers: { Accept: '*/*' }, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'follow' });
  } catch (error) {
    throw new FontSourceUnavailable((error as Error).message);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The WOFF2 URLs of a Fontsource `variants` object. */
function woff2Files(variants: unknown): FontSourceFamily['files'] {
  const files: FontSourceFamily['files'] = {};
  if (!isRecord(variants)) return files;
  for (const [weight, styles] of Object.entries(variants)) {
    if (!/^\d{3}$/.test(weight) || !isRecord(styles)) continue;
    for (const [style, subsets] of Object.entries(styles)) {
      if ((style !== 'normal' && style !== 'italic') || !isRecord(subsets)) continue;
      for (const [subset, entry] of Object.entries(subsets)) {
        // A subset names files in the store and the output: only a plain name (`latin`, `latin-ext`).
        if (!/^[a-z0-9-]{1,40}$/.test(subset)) continue;
        const url = isRecord(entry) && isRecord(entry.url) ? entry.url.woff2 : undefined;
        if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) continue;
        ((files[weight] ??= {})[style] ??= {})[subset] = url;
      }
    }
  }
  return files;
}

export function createFontSource(config: { url: string }): FontSource {
  const base = config.url.replace(/\/+$/, '');
  return {
    url: base,
    async family(id) {
      const response = await get(`${base}/v1/fonts/${encodeURIComponent(id)}`);
      if (response.status === 404) return null;
      if (!response.ok) throw new FontSourceUnavailable(`the font source answered ${response.status}`);
      const body = (await response.json().catch(() => null)) as unknown;
      if (!isRecord(body) || typeof body.family !== 'string') throw new FontSourceUnavailable('the font source answered no font');
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
      return {
        id,
        family: body.family,
        category: typeof body.category === 'string' ? body.category : 'sans-serif',
        subsets: strings(body.subsets),
        weights: Array.isArray(body.weights) ? body.weights.filter((w): w is number => Number.isInteger(w)) : [],
        styles: strings(body.styles),
        unicodeRange: isRecord(body.unicodeRange)
          ? Object.fromEntries(Object.entries(body.unicodeRange).filter((e): e is [string, string] => typeof e[1] === 'string'))
          : {},
        files: woff2Files(body.variants),
      };
    },
    async file(url) {
      const response = await get(url);
      if (!response.ok) throw new FontSourceUnavailable(`the font source answered ${response.status} for a file`);
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length > MAX_FILE_BYTES) throw new FontSourceUnavailable('a font file is too large');
      // WOFF2 files start with the signature "wOF2".
      if (bytes.subarray(0, 4).toString('latin1') !== 'wOF2')
        throw new FontSourceUnavailable('the font source answered a file that is not WOFF2');
      return bytes;
    },
  };
}
