import { parseHistory, type History, type PagewrightClient, type Schemas } from '@pagewright/sdk';
import { fetchVersion, fetchZip, writeNew } from '../lib/downloads.js';
import { apiFailure, CliError, unwrap, type ApiResult } from '../lib/errors.js';

/**
 * What the terminal UI reads and writes, as plain functions of an SDK client, so every screen can be
 * driven against a live server. Every failure is a CliError whose message is the server's
 * (`<message> (<status>)`), which the screens show in red.
 */

export type Site = Schemas['SiteSummary'];
export type Collection = Schemas['CmsCollection'];
export type Field = Schemas['Field'];
export type Item = Schemas['Item'];
export type Redirect = Schemas['Redirect'];
export type VersionEntry = Schemas['VersionEntry'];
type Download = Schemas['Download'];

/** Items per page in the item list. */
export const PAGE_SIZE = 10;

/** Throws unless the answer succeeded (for calls answering 204). */
function ok(result: ApiResult<unknown>): void {
  if (!result.response.ok) throw apiFailure(result.error, result.response);
}

export async function listSites(api: PagewrightClient): Promise<Site[]> {
  return unwrap(await api.GET('/sites'));
}

// ---- CMS items ----

const col = (siteId: string, collection: string) => ({ path: { siteId, collection } });
const itemPath = (siteId: string, collection: string, itemId: number) => ({ path: { siteId, collection, itemId } });

/** The collections a person edits: internal ones (`_social`…) are left out, as the pickers do. */
export async function listCollections(api: PagewrightClient, siteId: string): Promise<Collection[]> {
  return unwrap(await api.GET('/sites/{siteId}/content', { params: { path: { siteId }, query: { internal: 'false' } } }));
}

export interface ItemPage {
  items: Item[];
  total: number;
  offset: number;
}

export async function listItems(
  api: PagewrightClient,
  siteId: string,
  collection: string,
  page: number,
  search: string,
): Promise<ItemPage> {
  const query = { offset: page * PAGE_SIZE, limit: PAGE_SIZE, ...(search ? { search } : {}) };
  const data = unwrap(await api.GET('/sites/{siteId}/content/{collection}/items', { params: { ...col(siteId, collection), query } }));
  return { items: data.items, total: data.total, offset: data.offset };
}

export async function getItem(api: PagewrightClient, siteId: string, collection: string, itemId: number): Promise<Item> {
  return unwrap(await api.GET('/sites/{siteId}/content/{collection}/items/{itemId}', { params: itemPath(siteId, collection, itemId) }));
}

export async function updateItem(
  api: PagewrightClient,
  siteId: string,
  collection: string,
  itemId: number,
  values: Record<string, unknown>,
): Promise<Item> {
  return unwrap(
    await api.PATCH('/sites/{siteId}/content/{collection}/items/{itemId}', { params: itemPath(siteId, collection, itemId), body: values }),
  );
}

export async function createItem(
  api: PagewrightClient,
  siteId: string,
  collection: string,
  values: Record<string, unknown>,
): Promise<Schemas['ItemCreated']> {
  return unwrap(await api.POST('/sites/{siteId}/content/{collection}/items', { params: col(siteId, collection), body: values }));
}

export async function deleteItem(api: PagewrightClient, siteId: string, collection: string, itemId: number): Promise<void> {
  ok(await api.DELETE('/sites/{siteId}/content/{collection}/items/{itemId}', { params: itemPath(siteId, collection, itemId) }));
}

// ---- Redirects ----

export type RedirectsAnswer = Schemas['RedirectsAnswer'];

export async function listRedirects(api: PagewrightClient, siteId: string): Promise<Redirect[]> {
  return unwrap(await api.GET('/sites/{siteId}/redirects', { params: { path: { siteId } } })).redirects;
}

export async function addRedirect(api: PagewrightClient, siteId: string, redirect: { from: string; to: string }): Promise<RedirectsAnswer> {
  return unwrap(await api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: redirect }));
}

export async function editRedirect(
  api: PagewrightClient,
  siteId: string,
  index: number,
  redirect: { from?: string; to?: string },
): Promise<RedirectsAnswer> {
  return unwrap(await api.PATCH('/sites/{siteId}/redirects/{index}', { params: { path: { siteId, index } }, body: redirect }));
}

export async function deleteRedirect(api: PagewrightClient, siteId: string, index: number): Promise<RedirectsAnswer> {
  return unwrap(await api.DELETE('/sites/{siteId}/redirects/{index}', { params: { path: { siteId, index } } }));
}

// ---- Versions ----

export interface VersionsView {
  versions: VersionEntry[];
  history: History;
}

/** The versions (newest first) and where the edit history stands. */
export async function loadVersions(api: PagewrightClient, siteId: string): Promise<VersionsView> {
  const [versions, site] = await Promise.all([
    api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } }),
    api.GET('/sites/{siteId}', { params: { path: { siteId } } }),
  ]);
  return { versions: unwrap(versions), history: unwrap(site).history };
}

const historyOf = (response: Response): History | null => parseHistory(response.headers.get('X-History'));

export async function commitVersion(api: PagewrightClient, siteId: string, message: string): Promise<Schemas['Version']> {
  return unwrap(await api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId } }, body: { message } })).version;
}

/** Undo or redo one edit; answers how many values it wrote and the new counts. */
export async function replay(
  api: PagewrightClient,
  siteId: string,
  direction: 'undo' | 'redo',
): Promise<{ edits: number; history: History | null }> {
  const result =
    direction === 'undo'
      ? await api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } })
      : await api.PATCH('/sites/{siteId}/versions/redo', { params: { path: { siteId } } });
  return { edits: unwrap(result).edits.length, history: historyOf(result.response) };
}

export async function resetSite(api: PagewrightClient, siteId: string): Promise<void> {
  unwrap(await api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId } } }));
}

/** Brings the site back to a saved version, as one step undo takes back. */
export async function restoreVersion(api: PagewrightClient, siteId: string, versionId: number): Promise<void> {
  unwrap(await api.POST('/sites/{siteId}/versions/{versionId}/restore', { params: { path: { siteId, versionId } } }));
}

/** Saves a version's document (JSON) into `dir` under the name the list gives, checking its MD5. */
export async function downloadVersion(api: PagewrightClient, siteId: string, version: VersionEntry, dir: string): Promise<string> {
  return writeNew(dir, version.download.name, await fetchVersion(api, siteId, version));
}

// ---- Publish ----

export type PublishPhase = 'compiling' | 'downloading';

export interface PublishOutcome {
  type: Schemas['Publish']['type'];
  /** SHA-256 of the site document that was published. */
  hash: string;
  /** The saved version the published document is, when it is one. */
  version: number | null;
  download: Download;
  files: number;
  webhookStatus?: number | null;
  /** Where the zip was written (download only). */
  path?: string;
}

/**
 * Publishes as `pagewright publish` does: by webhook, or as a zip fetched through the configured
 * server, checked against its MD5 and written into `dir`. `onPhase` tells the screen what it waits for.
 */
export async function publishSite(
  api: PagewrightClient,
  siteId: string,
  type: 'webhook' | 'download',
  dir: string,
  onPhase: (phase: PublishPhase) => void = () => {},
): Promise<PublishOutcome> {
  onPhase('compiling');
  const site = unwrap(await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'versions' } } }));
  const publish = unwrap(await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type } } }));
  const newest = site.versions?.[0];
  const outcome: PublishOutcome = {
    type: publish.type,
    hash: site.hash,
    version: newest && newest.hash === site.hash ? newest.id : null,
    download: publish.download,
    files: publish.files.length,
    ...(publish.webhook ? { webhookStatus: publish.webhook.status } : {}),
  };
  if (type === 'download') {
    onPhase('downloading');
    outcome.path = writeNew(dir, publish.download.name, await fetchZip(api, siteId, publish.download));
  }
  return outcome;
}

/** A message for anything a call threw: the server's words when it answered, else the network's. */
export function describeError(error: unknown): string {
  if (error instanceof CliError) return error.message;
  if (error instanceof TypeError) {
    const cause = (error as { cause?: unknown }).cause;
    return `could not reach the server: ${cause instanceof Error ? cause.message : error.message}`;
  }
  return error instanceof Error ? error.message : String(error);
}
