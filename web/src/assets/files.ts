import type { Schemas } from '@pagewright/sdk';
import { MAX_UPLOAD_BYTES } from '@pagewright/sdk/rules';
import { formatBytes } from '../lib/format.ts';

export type SiteFile = Schemas['File'];
export type Storage = Schemas['FileList']['storage'];

/** The sidebar types of spec 002 §2 "Assets screen", as they appear in the route (`assets/{type?}`). */
export const ASSET_TYPES = [
  { type: 'images', label: 'Images' },
  { type: 'svgs', label: 'SVGs' },
  { type: 'videos', label: 'Videos' },
  { type: 'files', label: 'Files' },
  { type: 'unused', label: 'Not used' },
  { type: 'unsplash', label: 'Unsplash' },
] as const;
export type AssetType = (typeof ASSET_TYPES)[number]['type'];

const KIND_OF_TYPE = new Map<string, SiteFile['kind']>([
  ['images', 'image'],
  ['svgs', 'svg'],
  ['videos', 'video'],
  ['files', 'file'],
]);

/** The route's type, or null for "All assets" (no type, or one that is not a sidebar type). */
export function assetType(param: string | undefined): AssetType | null {
  return ASSET_TYPES.find((t) => t.type === param)?.type ?? null;
}

/** Spec 002 §9: the tile width slider's range, and where it starts. */
export const TILE_MIN = 80;
export const TILE_MAX = 420;
export const TILE_DEFAULT = 180;

/** What the file picker offers: the types the server accepts (spec 002 §5). */
export const ACCEPT =
  'image/jpeg,image/png,image/gif,image/webp,image/svg+xml,video/mp4,video/ogg,application/pdf,text/csv,text/plain,text/html,text/vcard,.vcf';

/**
 * The files a sidebar type, a search and a tag show: a type narrows by kind ('Not used': nothing refers
 * to it), the search by name, the tag to the files that have it (in any case).
 */
export function filterFiles(files: readonly SiteFile[], type: AssetType | null, search: string, tag: string | null = null): SiteFile[] {
  const needle = search.trim().toLowerCase();
  const kind = type ? KIND_OF_TYPE.get(type) : undefined;
  const wanted = tag?.toLowerCase() ?? null;
  return files.filter(
    (f) =>
      (kind ? f.kind === kind : type === 'unused' ? !f.used : true) &&
      (needle === '' || f.name.toLowerCase().includes(needle)) &&
      (wanted === null || f.tags.some((t) => t.toLowerCase() === wanted)),
  );
}

/** Every tag of the library with how many files have it, by name (the same tag in another case counts once). */
export function tagsOf(files: readonly SiteFile[]): { tag: string; count: number }[] {
  const tags = new Map<string, { tag: string; count: number }>();
  for (const file of files)
    for (const tag of file.tags) {
      const entry = tags.get(tag.toLowerCase());
      if (entry) entry.count++;
      else tags.set(tag.toLowerCase(), { tag, count: 1 });
    }
  return [...tags.values()].sort((a, b) => a.tag.localeCompare(b.tag));
}

/** Bytes as people read them: 980 B, 14.2 kB, 1.8 MB. */
export { formatBytes };

/** The plan's storage in MB, as the owner's message names it; null when unlimited. */
export const storageLimitMb = (storage: Storage): number | null =>
  storage.limit === null ? null : Math.round(storage.limit / 1024 / 1024);

/** Storage is full: the server refuses any upload (spec 002 §5), so the screen says so before sending. */
export const storageFull = (storage: Storage): boolean => storage.limit !== null && storage.used >= storage.limit;

export interface BatchCheck {
  /** Files over 2 MB: not sent ('Max upload filesize exceeded.'). */
  tooLarge: File[];
  /** Files whose names the library has already ('Some files are already uploaded' unless overwriting). */
  existing: File[];
  /** The files that may be sent. */
  ready: File[];
}

/** Sorts a dropped or picked batch before anything is sent (spec 002 §5 upload rules). */
export function checkBatch(batch: readonly File[], library: readonly SiteFile[]): BatchCheck {
  const names = new Set(library.map((f) => f.name));
  const tooLarge = batch.filter((f) => f.size > MAX_UPLOAD_BYTES);
  const ready = batch.filter((f) => f.size <= MAX_UPLOAD_BYTES);
  return { tooLarge, existing: ready.filter((f) => names.has(f.name)), ready };
}

/**
 * Where a picture named in the site can be seen: a library file's preview (else the file itself), an
 * address as it is; null for a name the library does not hold.
 */
export function pictureOf(files: readonly SiteFile[] | null, name: string): string | null {
  const file = (files ?? []).find((f) => f.name === name);
  return file ? (file.previewImage ?? file.url) : /^(\/[^/]|https?:\/\/)/.test(name) ? name : null;
}
