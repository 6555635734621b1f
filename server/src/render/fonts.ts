import type { Font, SiteDoc } from '../model/document.js';

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

/** The CSS stack of a theme font: the family, then a fallback of its kind. */
export function fontStack(font: Font | undefined, fallback: string): string {
  if (!font?.family) return fallback;
  const family = font.family.replace(/["\\;{}<>]/g, '');
  return `"${family}", ${fallback}`;
}

/** The web font provider's stylesheet for the theme's heading and sans fonts (Google Fonts css2). */
export function fontsHref(doc: SiteDoc): string | undefined {
  const families = new Map<string, { normal: Set<number>; italic: Set<number> }>();
  for (const font of [doc.theme.fonts?.heading, doc.theme.fonts?.sans]) {
    if (!font?.family || SYSTEM.has(font.family.toLowerCase())) continue;
    const entry = families.get(font.family) ?? { normal: new Set(), italic: new Set() };
    for (const w of font.normal ?? []) entry.normal.add(w);
    for (const w of font.italic ?? []) entry.italic.add(w);
    if (entry.normal.size === 0) entry.normal.add(400);
    families.set(font.family, entry);
  }
  if (families.size === 0) return undefined;
  const params = [...families].map(([family, w]) => {
    const name = encodeURIComponent(family).replace(/%20/g, '+');
    const tuples = [
      ...[...w.normal].sort((a, b) => a - b).map((x) => `0,${x}`),
      ...[...w.italic].sort((a, b) => a - b).map((x) => `1,${x}`),
    ];
    return w.italic.size
      ? `family=${name}:ital,wght@${tuples.join(';')}`
      : `family=${name}:wght@${[...w.normal].sort((a, b) => a - b).join(';')}`;
  });
  return `https://fonts.googleapis.com/css2?${params.join('&')}&display=swap`;
}
