import type { Readable } from 'node:stream';
import { notFound } from '../core/errors.js';
import type { ByteRange } from '../engines/storage.js';
import { messages } from '../core/messages.js';
import type { Deps } from '../core/deps.js';
import { fileUrl, partsOf, storageKey, type AssetRow, type Part } from './file-rows.js';

export interface ServedFile {
  size: number;
  /** The bytes (or a range of them) streamed from storage, never whole in memory; null when gone meanwhile. */
  open(range?: ByteRange): Promise<Readable | null>;
  mime: string;
  name: string;
  /** Shown in the browser (media, plain text) rather than downloaded (html, pdf, vcard). */
  inline: boolean;
}

const INLINE = /^(image\/|video\/|text\/plain$|text\/csv$)/;

/**
 * GET /files/{blob}/{name}: a stored file by its random blob id (the address is the credential, so
 * an `<img>` in the editor's preview can load it). `variant` is `original`, `preview` or a width.
 */
export async function readFile(deps: Deps, blob: string, name: string, variant: unknown): Promise<ServedFile> {
  const missing = () => notFound(messages.fileNotFound, 'FILE_NOT_FOUND');
  if (!/^[0-9a-f]{32}$/.test(blob)) throw missing();
  const row = (await deps.db('assets').where({ blob }).first()) as AssetRow | undefined;
  if (!row || row.name !== name) throw missing();
  const part: Part =
    variant === undefined || variant === '' ? 'file' : /^\d+$/.test(String(variant)) ? `w${Number(variant)}` : (String(variant) as Part);
  if (!partsOf(row).includes(part)) throw missing();
  const key = storageKey(row.site_id, row.blob, part);
  const size = await deps.storage.size(key);
  if (size === null) throw missing();
  const mime = part === 'preview' || part.startsWith('w') ? 'image/webp' : row.mime;
  return { size, open: (range) => deps.storage.stream(key, range), mime, name: row.name, inline: INLINE.test(mime) };
}

/** Where each of a site's files is served, by name: for the editor's preview (`assetUrl`). */
export async function assetUrls(deps: Deps, siteId: string): Promise<Map<string, string>> {
  const rows: Pick<AssetRow, 'name' | 'blob'>[] = await deps.db('assets').where({ site_id: siteId }).select('name', 'blob');
  return new Map(rows.map((r) => [r.name, fileUrl(r)]));
}

/** What a compiled site copies: every file's bytes by name, and the images' sizes and resized copies. */
export interface SiteFiles {
  assets: Map<string, Buffer>;
  images: Map<string, { width: number; height: number; variants: Map<number, Buffer> }>;
}

export async function siteFiles(deps: Deps, siteId: string): Promise<SiteFiles> {
  const rows: AssetRow[] = await deps
    .db('assets')
    .where({ site_id: siteId })
    .select('name', 'blob', 'site_id', 'width', 'height', 'variants');
  const out: SiteFiles = { assets: new Map(), images: new Map() };
  for (const row of rows) {
    const data = await deps.storage.get(storageKey(row.site_id, row.blob, 'file'));
    if (!data) continue;
    out.assets.set(row.name, data);
    if (!row.width || !row.height) continue;
    const variants = new Map<number, Buffer>();
    for (const width of JSON.parse(row.variants) as number[]) {
      const bytes = await deps.storage.get(storageKey(row.site_id, row.blob, `w${width}`));
      if (bytes) variants.set(width, bytes);
    }
    out.images.set(row.name, { width: Number(row.width), height: Number(row.height), variants });
  }
  return out;
}
