/** Pure rules of the language picker and the screen-area popup, unit-tested in choices.test.ts. */

/**
 * The language picker (spec 001 §2): respects a maximum count; may be emptied only when allowed.
 * Answers the next selection, or the same one when the toggle is not allowed.
 */
export function toggleLanguage(
  selected: readonly string[],
  code: string,
  { max, allowEmpty }: { max: number | null; allowEmpty: boolean },
): readonly string[] {
  if (selected.includes(code)) {
    if (selected.length === 1 && !allowEmpty) return selected;
    return selected.filter((c) => c !== code);
  }
  // One language at a time replaces; otherwise the maximum stops more.
  if (max === 1) return [code];
  if (max !== null && selected.length >= max) return selected;
  return [...selected, code];
}

export type Point = { x: number; y: number };

/** The default screen area: the whole image (top-left, top-right, bottom-right, bottom-left). */
export const FULL_AREA: readonly Point[] = [
  { x: 0, y: 0 },
  { x: 1, y: 0 },
  { x: 1, y: 1 },
  { x: 0, y: 1 },
];

const fraction = (n: number) => Math.round(Math.min(1, Math.max(0, n)) * 10000) / 10000;

/** A screen map: four corner points stored as eight comma-separated fractions (0 to 1; spec 000 §2). */
export function parseScreenMap(value: string | null | undefined): Point[] {
  const parts = (value ?? '').split(',').map((p) => Number(p.trim()));
  if (parts.length !== 8 || parts.some((n) => !Number.isFinite(n))) return FULL_AREA.map((p) => ({ ...p }));
  return [0, 2, 4, 6].map((i) => ({ x: fraction(parts[i]!), y: fraction(parts[i + 1]!) }));
}

export function formatScreenMap(points: readonly Point[]): string {
  return points.map((p) => `${fraction(p.x)},${fraction(p.y)}`).join(',');
}

/** Preview size 416 px at 90 % scale (spec 001 §2). */
export const SCREEN_MAP_PREVIEW = 416;
export const SCREEN_MAP_SCALE = 0.9;
