/**
 * The image picker's state rules (spec 001 §4 "Image picker") and upload checks (§5), as pure
 * functions, unit-tested in imageRules.test.ts.
 */
import { messages } from '../../lib/messages.ts';

export type ImageTab = 'assets' | 'unsplash' | 'upload' | 'url';
/** `file` is the files popup (any file of the library). */
export type ImageKind = 'image' | 'svg' | 'file';

export const MAX_UPLOAD_BYTES = 2_097_152;
export const STOCK_SEARCH_MIN = 3;

/**
 * The tabs of each picker type: the SVG type offers only Assets and Upload (spec 001 §2); Unsplash
 * only when the server has stock photos configured (`stock`, issue 28).
 */
export function tabsFor(kind: ImageKind, stock = true): ImageTab[] {
  return kind === 'image' ? (stock ? ['assets', 'unsplash', 'upload', 'url'] : ['assets', 'upload', 'url']) : ['assets', 'upload'];
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** A stock-photo address: Unsplash's image host, or an address carrying the photo's query (name, user, blur_hash). */
export function isStockUrl(value: string): boolean {
  if (!isUrl(value)) return false;
  try {
    const url = new URL(value);
    return url.hostname === 'images.unsplash.com' || (url.searchParams.has('user') && url.searchParams.has('blur_hash'));
  } catch {
    return false;
  }
}

/** Initial tab follows the value: none gives Assets; a stock-photo URL gives Unsplash; any other URL gives URL. */
export function initialTab(value: string | null | undefined, kind: ImageKind, stock = true): ImageTab {
  const v = value?.trim() ?? '';
  if (!v || !isUrl(v)) return 'assets';
  const tab: ImageTab = stock && isStockUrl(v) ? 'unsplash' : 'url';
  return tabsFor(kind, stock).includes(tab) ? tab : 'assets';
}

/**
 * Search: under 3 characters filters the site's own assets; 3 or more searches the stock-photo service
 * (with the site's matches still shown); a single match under 3 characters is chosen automatically.
 */
export function searchPlan<T extends { name: string }>(
  text: string,
  assets: readonly T[],
  kind: ImageKind,
  stockConfigured = true,
): { matches: T[]; stock: string | null; chosen: T | null } {
  const q = text.trim().toLowerCase();
  const matches = q ? assets.filter((a) => a.name.toLowerCase().includes(q)) : [...assets];
  const short = q.length > 0 && q.length < STOCK_SEARCH_MIN;
  return {
    matches,
    stock: stockConfigured && kind === 'image' && q.length >= STOCK_SEARCH_MIN ? q : null,
    chosen: short && matches.length === 1 ? matches[0]! : null,
  };
}

const RASTER = new Map([
  ['jpeg', 'image/jpeg'],
  ['jpg', 'image/jpeg'],
  ['png', 'image/png'],
  ['gif', 'image/gif'],
  ['webp', 'image/webp'],
]);

/** The accept attribute of the upload input: raster jpeg, jpg, png, gif, webp; SVG picking svg only. */
export const acceptFor = (kind: ImageKind) =>
  kind === 'svg'
    ? '.svg,image/svg+xml'
    : kind === 'image'
      ? '.jpeg,.jpg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp'
      : undefined;

/** Why a file cannot be uploaded here, or null (spec 001 §5); the server checks again. */
export function uploadProblem(
  file: { name: string; size: number },
  kind: ImageKind,
  existing: ReadonlySet<string>,
  overwrite: boolean,
): string | null {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const typeOk = kind === 'file' || (kind === 'svg' ? ext === 'svg' : RASTER.has(ext));
  if (!typeOk) return kind === 'svg' ? 'Only SVG files can be picked here' : 'Only JPEG, PNG, GIF and WebP images can be picked here';
  if (file.size > MAX_UPLOAD_BYTES) return messages.fileTooLarge;
  if (!overwrite && existing.has(file.name)) return messages.fileExists;
  return null;
}

/** The name an imported URL gets by default: its last path segment. */
export function filenameFromUrl(value: string): string {
  try {
    const last = new URL(value).pathname.split('/').filter(Boolean).pop() ?? '';
    return decodeURIComponent(last)
      .replace(/[^\w.-]+/g, '-')
      .slice(0, 120);
  } catch {
    return '';
  }
}

/** The stock photo's attribution: 'Photo by {name} on Unsplash', the name from the URL's query. */
export function stockPhoto(url: string): { name: string; user: string; color: string; w: number; h: number } {
  try {
    const q = new URL(url).searchParams;
    return {
      name: q.get('name') ?? '',
      user: q.get('user') ?? '',
      color: q.get('color') ?? '#e5e7eb',
      w: Number(q.get('w')) || 0,
      h: Number(q.get('h')) || 0,
    };
  } catch {
    return { name: '', user: '', color: '#e5e7eb', w: 0, h: 0 };
  }
}

/** The 288 px wide preview of a stock photo (shown at 144). */
export function stockPreview(url: string): string {
  try {
    const u = new URL(url);
    u.searchParams.set('w', '288');
    return u.toString();
  } catch {
    return url;
  }
}
