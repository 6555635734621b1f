/**
 * A stock photo as the server answers it (GET /assets/unsplash): an Unsplash image address whose query
 * carries name, user, color, blur_hash, w and h (spec 001 §7). Unsplash's image host resizes by `w`,
 * so the same address gives the grid's preview and the file to import.
 */
export interface StockPhoto {
  id: string;
  name: string;
  /** The photographer, credited beside the photo (Unsplash's attribution rule). */
  user: string;
  color: string;
  width: number;
  height: number;
  /** Spec 002 §9: the preview is 288 px wide. */
  preview: string;
  /** What URL import fetches: at most 2560 px wide, a JPEG, so it stays under the 2 MB upload limit. */
  download: string;
}

export const STOCK_PREVIEW_WIDTH = 288;
const IMPORT_WIDTH = 2560;
const CARRIED = ['name', 'user', 'color', 'blur_hash', 'w', 'h'];

/** Where Unsplash asks apps to link the credit (with the app's name as utm_source). */
export const UNSPLASH_LINK = 'https://unsplash.com/?utm_source=pagewright&utm_medium=referral';

function sized(url: URL, width: number, extra: Record<string, string> = {}): string {
  const out = new URL(url);
  for (const key of CARRIED) out.searchParams.delete(key);
  out.searchParams.set('w', String(width));
  for (const [k, v] of Object.entries(extra)) out.searchParams.set(k, v);
  return out.toString();
}

/** Reads one answered address; null for one that is not a URL. */
export function stockPhoto(address: string): StockPhoto | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const q = url.searchParams;
  const width = Number(q.get('w')) || 0;
  const height = Number(q.get('h')) || 0;
  const id = url.pathname.split('/').filter(Boolean).pop() ?? address;
  return {
    id,
    name: q.get('name') || id,
    user: q.get('user') ?? '',
    color: q.get('color') || '#e5e7eb',
    width,
    height,
    preview: sized(url, STOCK_PREVIEW_WIDTH),
    download: sized(url, width > 0 ? Math.min(width, IMPORT_WIDTH) : IMPORT_WIDTH, { fm: 'jpg', q: '80' }),
  };
}

/** The name an imported photo gets: its description, cut at 60 characters, of characters a file name may hold. */
export function stockFileName(photo: StockPhoto): string {
  const base = photo.name
    .replace(/[^\p{L}\p{N} _-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 60)
    .trim();
  return `${base || photo.id}.jpg`;
}
