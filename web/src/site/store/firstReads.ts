import type { PagewrightClient } from '@pagewright/sdk';
import { pageFromPath, pagePath } from './document.ts';
import { loadViewPrefs } from './prefs.ts';

/**
 * The editor's two reads of a site (its document and the canvas's page), and the first of them asked as
 * the app starts (decision 0098). This module is small on purpose: the app's entry (boot.ts) imports it,
 * and the editor's code arrives only later.
 */

// Not `content`: it carries every item of every collection, which the editor's screens load on their own.
const EXPAND = 'pages|style|globals|publish|samplePages|versions';

/**
 * The `preview` query of the editor's calls: the page the canvas shows, and `patch` (issue 29): an edit
 * that changes one component answers that component and its new CSS rules, not the whole page.
 */
export const previewQuery = (s: { pageId: string; language: string }, appearance: 'light' | 'dark') =>
  `${pagePath(s.pageId)},${appearance},${s.language},patch`;

/**
 * The preview asked with the document when a site opens, before the document says which languages and
 * theme it has: the site's first language ('') and the appearance last chosen in this browser.
 */
export const openingPreviewQuery = (pageId: string, appearance = loadViewPrefs().appearance) =>
  previewQuery({ pageId, language: '' }, appearance === 'dark' ? 'dark' : 'light');

export const readDocument = (api: PagewrightClient, siteId: string) =>
  api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: EXPAND } } });

export const readPreview = (api: PagewrightClient, siteId: string, preview: string) =>
  api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview } } });

export interface FirstReads {
  document: ReturnType<typeof readDocument>;
  /** The preview's query, which the store compares with its own guess. */
  query: string;
  preview: ReturnType<typeof readPreview>;
}

/** Reads older than this are not taken: the store asks again (a tab that waited, e.g. on the sign-in). */
const FRESH_MS = 10_000;

let first: (FirstReads & { siteId: string; asked: number }) | null = null;

/**
 * On a page's address (`/sites/:siteId/pages/*`), asks the document and the preview now, before the
 * editor's code has arrived, for the editor store to take (takeFirstReads). Other addresses ask nothing.
 */
export function askFirstReads(api: PagewrightClient, pathname: string): void {
  const match = /^\/sites\/([^/]+)\/pages(?:\/(.*))?$/.exec(pathname);
  if (!match) return;
  let siteId: string;
  let pageId: string;
  try {
    siteId = decodeURIComponent(match[1]!);
    pageId = pageFromPath(match[2] === undefined ? undefined : decodeURIComponent(match[2]));
  } catch {
    return; // a malformed escape: the router shows what it shows, the store asks on its own
  }
  const query = openingPreviewQuery(pageId);
  // A failed read is the store's to show: it asks again when these fail (see the store's load).
  const document = readDocument(api, siteId);
  const preview = readPreview(api, siteId, query);
  document.catch(() => undefined);
  preview.catch(() => undefined);
  first = { siteId, asked: performance.now(), document, query, preview };
}

/** The reads asked at start for site `siteId`, once and while fresh; null when there are none to take. */
export function takeFirstReads(siteId: string): FirstReads | null {
  const taken = first;
  first = null;
  if (!taken || taken.siteId !== siteId || performance.now() - taken.asked > FRESH_MS) return null;
  return { document: taken.document, query: taken.query, preview: taken.preview };
}
