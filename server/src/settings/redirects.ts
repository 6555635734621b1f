import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';

import type { Redirect, SiteDoc } from '../model/document.js';
import type { Draft } from '../model/paths.js';
import { httpUrl } from '../site/settings.js';

/**
 * Redirects (spec 002 §2 "Redirects", §5): a list of from and to in the site settings, changed by
 * index. Creation needs both; an edit at least one. Creating a redirect whose `from` exists, or
 * editing one onto a `from` another redirect has, is ignored (spec 002 §5): the answer is the list
 * as it stands, with `changed: false`, and nothing is written.
 */

/** A path of the site: starts with one `/`, no scheme, no spaces, quotes or angle brackets. */
const SITE_PATH = /^\/(?!\/)[^\s<>"'`\\]{0,1999}$/;

function from(value: unknown): string {
  if (value === undefined || value === null || value === '') throw invalid('from', messages.redirectFromRequired);
  const path = typeof value === 'string' ? value.trim() : '';
  if (!SITE_PATH.test(path) || path.includes('://')) throw invalid('from', messages.redirectFromInvalid);
  return path;
}

function to(value: unknown): string {
  if (value === undefined || value === null || value === '') throw invalid('to', messages.redirectToRequired);
  const target = typeof value === 'string' ? value.trim() : '';
  if (SITE_PATH.test(target) && !target.includes('://')) return target;
  if (/^https?:\/\//i.test(target)) return httpUrl(target, 'to', messages.redirectToInvalid);
  throw invalid('to', messages.redirectToInvalid);
}

const listOf = (doc: SiteDoc): Redirect[] => doc.settings.redirects ?? [];
const answer = (doc: SiteDoc, changed: boolean, index?: number) => ({
  redirects: listOf(doc),
  changed,
  ...(index !== undefined ? { index } : {}),
});

/** A path parameter index; anything but an index of the list is 404. */
function at(doc: SiteDoc, raw: string): number {
  const i = /^\d{1,6}$/.test(raw) ? Number(raw) : -1;
  if (i < 0 || i >= listOf(doc).length) throw notFound(messages.redirectNotFound);
  return i;
}

/** POST /redirects: appended at the end; ignored when a redirect with the same `from` exists. */
export function createRedirect(draft: Draft<SiteDoc>, body: { from?: unknown; to?: unknown }) {
  const redirect: Redirect = { from: from(body.from), to: to(body.to) };
  const list = listOf(draft.doc);
  const taken = list.findIndex((r) => r.from === redirect.from);
  if (taken !== -1) return answer(draft.doc, false, taken);
  draft.set(['settings', 'redirects'], [...list, redirect]);
  return answer(draft.doc, true, list.length);
}

/** PATCH /redirects/{index}: from, to or both; ignored when the new `from` belongs to another redirect. */
export function updateRedirect(draft: Draft<SiteDoc>, index: string, body: { from?: unknown; to?: unknown }) {
  const i = at(draft.doc, index);
  if (body.from === undefined && body.to === undefined) throw invalid('from', messages.redirectEditEmpty);
  const list = listOf(draft.doc);
  const next: Redirect = { ...list[i]! };
  if (body.from !== undefined) next.from = from(body.from);
  if (body.to !== undefined) next.to = to(body.to);
  if (list.some((r, j) => j !== i && r.from === next.from)) return answer(draft.doc, false, i);
  draft.set(
    ['settings', 'redirects'],
    list.map((r, j) => (j === i ? next : r)),
  );
  return answer(draft.doc, true, i);
}

/** DELETE /redirects/{index}: the later redirects move up one. */
export function deleteRedirect(draft: Draft<SiteDoc>, index: string) {
  const i = at(draft.doc, index);
  const rest = listOf(draft.doc).filter((_, j) => j !== i);
  draft.set(['settings', 'redirects'], rest.length ? rest : undefined);
  return answer(draft.doc, true);
}
