import { extendTailwindMerge } from 'tailwind-merge';

/**
 * How a component's classes resolve (DESIGN "One style model, resolved as Tailwind resolves it"): its
 * shared style's classes, then its own style settings; a later class replaces an earlier one of the
 * same conflict group at the same variant, whichever setting either is stored under. Its Classes
 * (`_attr.class`) follow as typed. The renderer writes the merged list; the inspector reads and writes through it, so a
 * control shows what the page shows.
 *
 * tailwind-merge 3 (Tailwind 4) with the product's tokens: the theme's colours are any name
 * (`primary-l9`, `gray-d3`, as Tailwind's), the theme's text sizes are `text-<name>` (`text-text-lg`),
 * its corners `box-*` and `button-*` (`rounded-box-md`), its spacings `section-x`, `section-y`, `gap`
 * and `gap-*` (`px-section-x`, `gap-gap-md`), its fonts any name (`font-heading`).
 */
const merge = extendTailwindMerge({
  extend: {
    theme: {
      text: [(v: string) => /^text-[a-z0-9-]+$/.test(v)],
      radius: [(v: string) => /^(?:box|button)-[a-z0-9-]+$/.test(v)],
      spacing: [(v: string) => /^(?:section-[xy]|gap(?:-[a-z0-9]+)?)$/.test(v)],
    },
  },
  override: {
    // In Tailwind 4 a text size sets the line height only through `--tw-leading`'s fallback: a
    // `leading-*` class wins whatever the order, so a size never removes one.
    conflictingClassGroups: { 'font-size': [] },
  },
});

const split = (s: string | null | undefined): string[] => (s ? s.split(/\s+/).filter(Boolean) : []);

/** The classes with every class a later one of the same conflict group and variant replaces taken out (each once). */
export function mergeClasses(classes: readonly string[]): string[] {
  if (classes.length < 2) return [...classes];
  return [...new Set(split(merge(classes.join(' '))))];
}

/** Whether writing `later` after `earlier` replaces it (same conflict group and variant, or the same class). */
export function overrides(earlier: string, later: string): boolean {
  if (earlier === later) return true;
  return !split(merge(`${earlier} ${later}`)).includes(earlier);
}

/** A style: setting name → space-separated classes. */
export type StyleSettings = Readonly<Record<string, string | null | undefined>>;

/** The Classes setting's value (a list or one string) as classes. */
export function attrClasses(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((c): c is string => typeof c === 'string').flatMap(split);
  return typeof value === 'string' ? split(value) : [];
}

/** A component's classes in the order they resolve, before merging: its shared style's, then each of its own settings'. */
export function layeredClasses(own: StyleSettings, shared?: StyleSettings): string[] {
  const list: string[] = [];
  if (shared) for (const key in shared) list.push(...split(shared[key]));
  for (const key in own) list.push(...split(own[key]));
  return list;
}

/**
 * A component's classes as the page gets them: layered, then merged, then its Classes (`_attr.class`,
 * the names a person typed: kept as typed, never merged away, and never removing a style class).
 */
export function componentClasses(own: StyleSettings, shared?: StyleSettings, attr: readonly string[] = []): string[] {
  const merged = mergeClasses(layeredClasses(own, shared));
  return attr.length ? [...new Set([...merged, ...attr])] : merged;
}
