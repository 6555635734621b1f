/**
 * The editor's view preferences that persist in local storage (spec 001 §2 "Editor UI state": preview
 * width, preview fit, appearance choice and tile width; the sidebar widths persist with the app's store).
 */
export interface ViewPrefs {
  /** The canvas width in px (default 1280). */
  previewWidth: number;
  /** Fit the canvas to the screen instead of a target width. */
  fit: boolean;
  appearance: 'light' | 'dark' | 'system';
  /** Tile width of the asset and section grids (default 150). */
  tileWidth: number;
}

const KEY = 'pagewright-editor';
export const PREVIEW_MIN = 320;
export const PREVIEW_MAX = 2560;
export const DEFAULT_PREFS: ViewPrefs = { previewWidth: 1280, fit: true, appearance: 'light', tileWidth: 150 };

/** Reads the stored preferences, keeping only well-formed values (local storage is user-editable). */
export function parseViewPrefs(raw: string | null): ViewPrefs {
  let stored: unknown;
  try {
    stored = raw ? JSON.parse(raw) : null;
  } catch {
    stored = null;
  }
  const prefs = { ...DEFAULT_PREFS };
  if (!stored || typeof stored !== 'object') return prefs;
  const s = stored as Record<string, unknown>;
  if (typeof s.previewWidth === 'number' && s.previewWidth >= PREVIEW_MIN && s.previewWidth <= PREVIEW_MAX)
    prefs.previewWidth = Math.round(s.previewWidth);
  if (typeof s.fit === 'boolean') prefs.fit = s.fit;
  if (s.appearance === 'light' || s.appearance === 'dark' || s.appearance === 'system') prefs.appearance = s.appearance;
  if (typeof s.tileWidth === 'number' && s.tileWidth >= 80 && s.tileWidth <= 400) prefs.tileWidth = Math.round(s.tileWidth);
  return prefs;
}

export function loadViewPrefs(): ViewPrefs {
  if (typeof localStorage === 'undefined') return { ...DEFAULT_PREFS };
  return parseViewPrefs(localStorage.getItem(KEY));
}

export function saveViewPrefs(prefs: ViewPrefs): void {
  if (typeof localStorage === 'undefined') return;
  try {
    localStorage.setItem(KEY, JSON.stringify(prefs));
  } catch {
    // storage full or disabled: the preferences last for this visit only
  }
}
