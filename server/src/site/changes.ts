import { sectionOf, type SiteDoc } from '../model/document.js';
import { same, type PathEdit } from '../model/paths.js';

/** What an edit changed, for the editors open on the site: node ids and page ids; both empty when unknown. */
export interface Changed {
  ids: string[];
  pageIds: string[];
}

export const UNKNOWN: Changed = { ids: [], pageIds: [] };

const pageIdOf = (value: unknown): string | null =>
  value && typeof value === 'object' && typeof (value as { id?: unknown }).id === 'string' ? (value as { id: string }).id : null;

/**
 * The nodes and pages a list of path edits touched, read from the paths (`nodes.<id>…`,
 * `pages.<index>…`) and the document after them. The pages of a changed node are the pages that list
 * its section. An edit anywhere else (theme, settings, shared styles, globals, the whole node map)
 * can change every page: then nothing is known, and both lists are empty.
 */
export function changedIn(edits: readonly PathEdit[], doc: SiteDoc): Changed {
  const ids = new Set<string>();
  const pageIds = new Set<string>();
  for (const { path, before, after } of edits) {
    const [root, key] = path;
    if (root === 'nodes' && typeof key === 'string') {
      ids.add(key);
    } else if (root === 'pages' && typeof key === 'number') {
      const id = doc.pages[key]?.id;
      if (id) pageIds.add(id);
      if (path.length === 2) for (const value of [before, after]) if (pageIdOf(value)) pageIds.add(pageIdOf(value)!);
    } else if (root === 'pages' && path.length === 1 && Array.isArray(before) && Array.isArray(after)) {
      // The page list itself: the pages added, removed or changed.
      const old = new Map(before.map((p: unknown) => [pageIdOf(p), p]));
      const now = new Map(after.map((p: unknown) => [pageIdOf(p), p]));
      for (const [id, page] of now) if (id && !same(old.get(id), page)) pageIds.add(id);
      for (const id of old.keys()) if (id && !now.has(id)) pageIds.add(id);
    } else {
      return UNKNOWN;
    }
  }
  const sections = new Set([...ids].map(sectionOf));
  for (const page of doc.pages) if (page.sections.some((s) => sections.has(s))) pageIds.add(page.id);
  return { ids: [...ids], pageIds: [...pageIds] };
}
