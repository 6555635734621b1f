import { slugify, subtree, uniqueId, type Node, type SiteDoc } from '../model/document.js';
import { clone, type Draft } from '../model/paths.js';

/**
 * Ids are dotted paths (docs/site-model.md "Ids"): moving, renaming, copying and removing a
 * subtree rewrites every id below it and every alias that points into it.
 */

/** The last segment of an id: `hero.content.title` → `title`. */
export const lastSegment = (id: string): string => id.slice(id.lastIndexOf('.') + 1);

/** A free id for a new child of `parent` (a section when parent is null), from a name or type. */
export function freeId(doc: Pick<SiteDoc, 'nodes'>, parent: string | null, base: string): string {
  const segment = uniqueId(slugify(base), (s) => Boolean(doc.nodes[parent ? `${parent}.${s}` : s]));
  return parent ? `${parent}.${segment}` : segment;
}

/** Copies of a subtree under a new root id; aliases inside it point at the copies. Nothing is written. */
export function copySubtree(doc: Pick<SiteDoc, 'nodes'>, fromId: string, toId: string): Record<string, Node> {
  const ids = subtree(doc, fromId);
  const map = new Map(ids.map((id) => [id, toId + id.slice(fromId.length)]));
  const out: Record<string, Node> = {};
  for (const id of ids) {
    const node = clone(doc.nodes[id]!);
    const copy: Node = { ...node, id: map.get(id)!, children: node.children.map((c) => map.get(c) ?? c) };
    if (node.alias && map.has(node.alias)) copy.alias = map.get(node.alias);
    out[copy.id] = copy;
  }
  return out;
}

/** Writes nodes into the document. */
export function putNodes(draft: Draft<SiteDoc>, nodes: Record<string, Node>): void {
  for (const [id, node] of Object.entries(nodes)) draft.set(['nodes', id], node);
}

/**
 * Moves a subtree to a new root id and points every alias at the new ids. The caller updates the
 * list that holds the root (its parent's children, or the pages' sections).
 */
export function renameSubtree(draft: Draft<SiteDoc>, oldId: string, newId: string): void {
  if (oldId === newId) return;
  const doc = draft.doc;
  const ids = subtree(doc, oldId);
  const map = new Map(ids.map((id) => [id, newId + id.slice(oldId.length)]));
  const moved = copySubtree(doc, oldId, newId);
  for (const id of ids) draft.remove(['nodes', id]);
  putNodes(draft, moved);
  for (const node of Object.values(doc.nodes)) {
    if (node.alias && map.has(node.alias)) draft.set(['nodes', node.id, 'alias'], map.get(node.alias));
  }
}

/**
 * Removes a subtree. An alias elsewhere that points into it becomes an independent copy of what it
 * showed, so deleting an original never blanks another page.
 */
export function removeSubtree(draft: Draft<SiteDoc>, id: string): void {
  const doc = draft.doc;
  const removed = new Set(subtree(doc, id));
  for (const node of Object.values(doc.nodes)) {
    if (removed.has(node.id) || !node.alias || !removed.has(node.alias)) continue;
    materializeAlias(draft, node.id);
  }
  for (const gone of removed) draft.remove(['nodes', gone]);
}

/** Turns an alias into a copy of its original (keeping the alias's own name). */
function materializeAlias(draft: Draft<SiteDoc>, aliasId: string): void {
  const doc = draft.doc;
  const alias = doc.nodes[aliasId]!;
  const copies = copySubtree(doc, alias.alias!, aliasId);
  const root = copies[aliasId]!;
  const name = alias.data['_options.name'];
  if (name !== undefined) root.data['_options.name'] = name;
  delete root.alias;
  putNodes(draft, copies);
}

/** True when `id` is `ancestor` or lies below it. */
export const isWithin = (id: string, ancestor: string): boolean => id === ancestor || id.startsWith(`${ancestor}.`);
