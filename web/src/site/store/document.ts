import type { Schemas } from '@pagewright/sdk';

export type Node = Schemas['Node'];
export type Page = Schemas['Page'];
export type ComponentType = Schemas['ComponentType'];

/** The header and footer pages: their sections are the site's `before` and `after` lists. */
export const HEADER = '_before';
export const FOOTER = '_after';
/** Pages that cannot be renamed, unpublished or deleted (spec 001 §5; the header, footer and 404 cannot be renamed). */
export const FIXED_PAGES = new Set(['home', HEADER, FOOTER, '404']);

/**
 * A component shown in the tree before the server has added it (issue 29: offline, it may be minutes
 * away): its id ends in a name the server never gives (`~`), and it goes at the next document read
 * after its answer, which holds the component as the server made it.
 */
export const isAdding = (id: string) => id.startsWith('~', id.lastIndexOf('.') + 1);
/** A row standing for a component being moved there from another container (store.ts showAdding). */
export const isMoving = (id: string) => id.startsWith('~moving-', id.lastIndexOf('.') + 1);

/** Page ids with slashes travel with '|' in their place (spec 001 §3). */
export const pagePath = (pageId: string) => pageId.replaceAll('/', '|');

/** The page a `pages/*` address names (page ids may hold slashes); home when it names none. */
export const pageFromPath = (rest: string | undefined) => (rest ? rest.replace(/\/+$/, '') || 'home' : 'home');

/** A section id has no dot; a component's parent is the prefix before its last dot. */
export const isSection = (id: string) => !id.includes('.');
export const parentIdOf = (id: string): string | null => {
  const at = id.lastIndexOf('.');
  return at < 0 ? null : id.slice(0, at);
};

/** The ids from a section down to the component, section first. */
export function ancestorsOf(id: string): string[] {
  const parts = id.split('.');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('.'));
}

/** The name a person reads: `_options.name`, else the last part of the id. */
export function nodeName(node: Node | undefined, id: string): string {
  const name = node?.data['_options.name'];
  if (typeof name === 'string' && name.trim()) return name;
  return id.slice(id.lastIndexOf('.') + 1);
}

/** Types that hold children, as the add-component and drag rules need (spec 001 §3 "isContainer"). */
const CONTAINER_TYPES = new Set<string>(['layout-h', 'layout-v', 'layout-grid2', 'layout-grid3', 'form']);
export function isContainer(node: Node | undefined, id: string): boolean {
  if (!node) return false;
  return isSection(id) || CONTAINER_TYPES.has(node.type) || typeof node.data._repeat === 'string' || node.data._repeat === true;
}

/** The sections a page shows: its own, or the header's and footer's lists. */
export function sectionsOf(page: Page, before: readonly string[], after: readonly string[]): readonly string[] {
  if (page.id === HEADER) return before;
  if (page.id === FOOTER) return after;
  return page.sections;
}

/** One row of the page tree: a node with its depth, whether it has children, and whether it is open. */
export interface TreeRow {
  id: string;
  depth: number;
  name: string;
  type: string;
  hasChildren: boolean;
  expanded: boolean;
  alias: boolean;
  hidden: boolean;
  /** Added on this screen and not yet answered (`isAdding`). */
  adding: boolean;
}

/**
 * The visible rows of one page's tree in display order: sections and their components, descending only
 * into expanded nodes. Iterative, so a page of thousands of components never overflows the stack.
 */
export function treeRows(sections: readonly string[], nodes: ReadonlyMap<string, Node>, expanded: ReadonlySet<string>): TreeRow[] {
  const rows: TreeRow[] = [];
  const stack: Array<{ id: string; depth: number }> = [...sections].reverse().map((id) => ({ id, depth: 0 }));
  while (stack.length > 0) {
    const { id, depth } = stack.pop()!;
    const node = nodes.get(id);
    if (!node) continue;
    const children = node.children.filter((c) => nodes.has(c));
    const open = expanded.has(id) && children.length > 0;
    rows.push({
      id,
      depth,
      name: nodeName(node, id),
      type: node.type,
      hasChildren: children.length > 0,
      expanded: open,
      alias: typeof node.alias === 'string',
      hidden: node.data['_options.hidden'] === true,
      adding: isAdding(id),
    });
    if (open) for (let i = children.length - 1; i >= 0; i--) stack.push({ id: children[i]!, depth: depth + 1 });
  }
  return rows;
}

/** Where a node sits: its container (a page id for a section) and its index there. */
export function positionOf(
  id: string,
  nodes: ReadonlyMap<string, Node>,
  pageSections: readonly string[],
): { container: string | null; index: number } | null {
  const parent = parentIdOf(id);
  if (parent === null) {
    const index = pageSections.indexOf(id);
    return index < 0 ? null : { container: null, index };
  }
  const index = nodes.get(parent)?.children.indexOf(id) ?? -1;
  return index < 0 ? null : { container: parent, index };
}

/** Turns the server's node map into a Map, so ids never act as plain-object keys. */
export function nodeMapOf(record: Record<string, Node> | undefined): Map<string, Node> {
  const map = new Map<string, Node>();
  if (record) for (const [id, node] of Object.entries(record)) map.set(id, node);
  return map;
}

/** The component's visible text for inline editing: a plain string, or the language's value of a localized one. */
export function textValue(value: unknown, language: string): string | null {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && (value as { _loc?: unknown })._loc === true) {
    const text = (value as Record<string, unknown>)[language];
    return typeof text === 'string' ? text : '';
  }
  return null;
}

/** The value to save after inline editing: localized values keep their other languages. */
export function withText(previous: unknown, text: string, language: string): unknown {
  if (previous && typeof previous === 'object' && (previous as { _loc?: unknown })._loc === true) {
    return { ...(previous as Record<string, unknown>), [language]: text };
  }
  return text;
}
