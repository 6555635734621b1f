import { freePageAddress, normalizePageAddress } from '@pagewright/sdk/rules';
import { FOOTER, HEADER, textValue, type Page } from '../../site/store/document.ts';

/**
 * Where a page lives on the published site, in the default language, as a visitor types it: `/`,
 * `/about/`, `/404.html`; null for the header and footer, which are parts of every page. A page's
 * path is its slug, or its address (id) when it has none (as the renderer builds it).
 */
export function pageAddressOf(page: Page, defaultLanguage: string): string | null {
  if (page.id === HEADER || page.id === FOOTER) return null;
  if (page.id === '404') return '/404.html';
  const slug = (textValue(page.slug, defaultLanguage) || (page.id === 'home' ? '' : page.id)).replace(/^\/+|\/+$/g, '');
  return slug ? `/${slug}/` : '/';
}

/**
 * The address a new page will get from what was typed (its name, or an address of its own), as the
 * server makes it: normalised, then `-2`, `-3`… when a page has it; `takenBy` names the page that has
 * the address asked for, so the popup can say why the page gets another.
 */
export function newPageAddress(typed: string, pages: readonly Page[]): { address: string; takenBy: Page | null } {
  const base = normalizePageAddress(typed);
  if (!base) return { address: '', takenBy: null };
  const address = freePageAddress(base, (candidate) => pages.some((p) => p.id === candidate));
  return { address, takenBy: address === base ? null : (pages.find((p) => p.id === base) ?? null) };
}
