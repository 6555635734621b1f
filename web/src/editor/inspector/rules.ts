/**
 * The inspector's state rules of spec 001 §4, as pure functions answering the data patch an edit
 * sends (null removes a key): the action setting, the table source and the render filter.
 */

/** A data patch: key → new value, null to remove. A Map, so keys from a document never act as object keys. */
export type Patch = Map<string, unknown>;

/** Action types, with the target each one takes (spec 001 §3 "Page-link options", §4 "Action setting"). */
export const ACTION_TYPES = [
  { value: 'none', label: 'None' },
  { value: 'page', label: 'Page' },
  { value: 'scroll', label: 'Scroll to' },
  { value: 'scrollX', label: 'Scroll sideways' },
  { value: 'file', label: 'File' },
  { value: 'download', label: 'Download' },
  { value: 'url', label: 'URL' },
  { value: 'email', label: 'E-mail' },
  { value: 'phone', label: 'Phone' },
] as const;
export type ActionType = (typeof ACTION_TYPES)[number]['value'];

export interface ActionContextData {
  /** Anchor ids on the current page (`_attr.id` of its components), in page order. */
  scrollTargets: readonly string[];
  /** The site's file names. */
  files: readonly string[];
}

/**
 * Changing action type resets the target: page sets target to home; scroll picks the first scroll
 * target; scrollX sets left; download and file keep the target only if it is a known file; anything
 * else clears it. The new-tab flag and page params are cleared.
 */
export function changeActionType(data: ReadonlyMap<string, unknown>, type: ActionType, context: ActionContextData): Patch {
  const patch: Patch = new Map();
  patch.set('_action', type === 'none' ? null : type);
  const current = data.get('_target');
  let target: unknown = null;
  if (type === 'page') target = 'home';
  else if (type === 'scroll') target = context.scrollTargets[0] ?? null;
  else if (type === 'scrollX') target = 'left';
  else if (type === 'download' || type === 'file') target = typeof current === 'string' && context.files.includes(current) ? current : null;
  patch.set('_target', target);
  patch.set('_blank', null);
  patch.set('_params', null);
  return patch;
}

/** Choosing a page target containing :slug sets the slug params to the last preview (of that collection page). */
export function choosePageTarget(pageId: string, lastPreviewSlug: string | null): Patch {
  const patch: Patch = new Map([['_target', pageId]]);
  patch.set('_params', pageId.includes(':slug') && lastPreviewSlug ? { slug: lastPreviewSlug } : null);
  return patch;
}

/** The picker shows 'No scroll targets' as a disabled state when the page has no anchors. */
export const hasScrollTargets = (context: Pick<ActionContextData, 'scrollTargets'>) => context.scrollTargets.length > 0;

/** Anchor ids of a page's components: the ids a scroll action can go to. */
export function scrollTargetsOf(ids: Iterable<string>, dataOf: (id: string) => Readonly<Record<string, unknown>> | undefined): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const anchor = dataOf(id)?.['_attr.id'];
    if (typeof anchor === 'string' && anchor && !out.includes(anchor)) out.push(anchor);
  }
  return out;
}

/** Table source: choosing cms sets the collection to the first non-underscore collection and clears the file; either source clears the file. */
export function changeTableSource(type: 'inline' | 'file' | 'cms', collections: readonly string[]): Patch {
  const patch: Patch = new Map<string, unknown>([
    ['type', type],
    ['file', null],
  ]);
  if (type === 'cms') patch.set('collectionId', collections.find((c) => !c.startsWith('_')) ?? null);
  return patch;
}

/** Render filter: changing the filter type to anything other than or/not clears the filter input. */
export function changeRenderFilterType(type: string): Patch {
  const patch: Patch = new Map<string, unknown>([['_options.renderType', type || null]]);
  if (type !== 'or' && type !== 'not') patch.set('_options.renderFilter', null);
  return patch;
}

/** The patch as the API's body (`data`), built from the Map once at the edge. */
export const bodyOf = (patch: Patch): Record<string, unknown> => Object.fromEntries(patch);
