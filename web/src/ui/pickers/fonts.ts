/** The font picker's rules (spec 001 §3 "Font", §4 "Fonts"), pure and unit-tested in fonts.test.ts. */

export interface FontChoice {
  family: string;
  normal: number[];
  italic: number[];
}

export interface FontFamily extends FontChoice {
  category: string;
}

/**
 * Choosing a family keeps only the weights it supports, defaulting to 400 or its first weight (for
 * the upright weights, which a family needs at least one of).
 */
export function chooseFamily(current: FontChoice, family: FontFamily): FontChoice {
  const normal = current.normal.filter((w) => family.normal.includes(w));
  const italic = current.italic.filter((w) => family.italic.includes(w));
  const fallback = family.normal.includes(400) ? 400 : family.normal[0];
  return { family: family.family, normal: normal.length || fallback === undefined ? normal : [fallback], italic };
}

/** Toggles a weight; the last upright weight stays (a family needs one). */
export function toggleWeight(current: FontChoice, style: 'normal' | 'italic', weight: number): FontChoice {
  const list = current[style];
  if (list.includes(weight)) {
    if (style === 'normal' && list.length === 1) return current;
    return { ...current, [style]: list.filter((w) => w !== weight) };
  }
  return { ...current, [style]: [...list, weight].sort((a, b) => a - b) };
}

/** Families whose name contains the search, of the category when one is chosen. */
export function filterFamilies<T extends FontFamily>(fonts: readonly T[], search: string, category: string): T[] {
  const q = search.trim().toLowerCase();
  return fonts.filter((f) => (!category || f.category === category) && (!q || f.family.toLowerCase().includes(q)));
}

/** The CSS stack a preview uses: the family, then the generic family of its category. */
export function previewStack(family: FontFamily): string {
  const generic =
    family.category === 'serif'
      ? 'serif'
      : family.category === 'monospace'
        ? 'monospace'
        : family.category === 'handwriting'
          ? 'cursive'
          : 'sans-serif';
  return `"${family.family.replace(/["\\]/g, '')}", ${generic}`;
}

/** Font preview loads on scroll, debounced (spec 001 §9: 100 ms). */
export const FONT_PREVIEW_DEBOUNCE_MS = 100;
