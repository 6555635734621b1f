import { FIXED_PAGES, type Page } from '../../site/store/document.ts';

/**
 * The pages a menu's Custom pages can pick, by name, in the site's order: every page a visitor can
 * open on its own (home and 404 included as pages; not the header or footer, not a collection page,
 * whose address needs an item), less those already chosen.
 */
export function menuPageChoices(pages: readonly Page[], chosen: readonly string[]): Page[] {
  return pages.filter(
    (p) => !chosen.includes(p.id) && !p.id.includes(':slug') && !(FIXED_PAGES.has(p.id) && p.id !== 'home' && p.id !== '404'),
  );
}

/** The chosen page ids of a Custom pages value (a list; a single id counts as one). */
export const chosenPages = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' && value ? [value] : [];

/** The field a setting is bound to (`{ _bind: 'title' }`, as a menu's link is to each page), else null. */
export function boundField(value: unknown): string | null {
  const field = value && typeof value === 'object' ? (value as { _bind?: unknown })._bind : undefined;
  return typeof field === 'string' && field ? field : null;
}

/**
 * What a link bound to the pages of a menu shows: the text and the page of each link, from the
 * nearest menu around it (`parents` from the link outwards): the menu's custom pages by name, or
 * its page level when it lists the site's pages.
 */
export function menuLinkTargets(
  parents: readonly { type: string; data: Readonly<Record<string, unknown>> }[],
  pages: readonly Page[],
): string {
  const nav = parents.find((p) => p.type === 'nav');
  const chosen = chosenPages(nav?.data.pages);
  if (chosen.length) return chosen.map((id) => pages.find((p) => p.id === id)?.name || id).join(', ');
  return 'the top pages of the site';
}
