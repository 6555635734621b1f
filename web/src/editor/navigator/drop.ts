import { isContainer, isSection, parentIdOf, type Node, type TreeRow } from '../../site/store/document.ts';

/** What a drop is computed from: the rows as shown, the document, and the open page's sections. */
export interface DropContext {
  rows: readonly TreeRow[];
  nodes: ReadonlyMap<string, Node>;
  sections: readonly string[];
}

/**
 * Where the pointer is over the tree: the row under it (may be `rows.length`, below the last row), how
 * far down that row it is (0 top, 1 bottom), and the depth its horizontal position points at.
 */
export interface Hover {
  index: number;
  fraction: number;
  depth: number;
}

/** The insertion line: drawn on the top edge of row `boundary` (`rows.length` for below the last row), indented to `depth`. */
export interface DropLine {
  boundary: number;
  depth: number;
}

export type DropTarget =
  /** Over the dragged item itself: dropping leaves everything where it is. */
  | { kind: 'stay' }
  | { kind: 'section'; id: string; toIndex: number; line: DropLine }
  /** `toIndex` is as the server counts it: in the container's children after the item is taken out. */
  | { kind: 'component'; id: string; container: string; toIndex: number; line: DropLine | null; outline: string };

const STAY = { kind: 'stay' } as const;

/** Whether a dragged component may go into this container: a real container, not an alias, not itself or inside itself. */
export function acceptsDrop(nodes: ReadonlyMap<string, Node>, container: string, dragged: string): boolean {
  const node = nodes.get(container);
  if (!node || node.alias !== undefined) return false;
  if (container === dragged || container.startsWith(`${dragged}.`)) return false;
  return isContainer(node, container);
}

const childrenOf = (nodes: ReadonlyMap<string, Node>, id: string) => (nodes.get(id)?.children ?? []).filter((c) => nodes.has(c));

/**
 * The drop a pointer position means while dragging `dragged`, or null when it is refused (into itself, a
 * descendant, a non-container, or a component among the page's sections): then no indicator shows.
 */
export function dropTarget(ctx: DropContext, dragged: string, hover: Hover): DropTarget | null {
  if (ctx.rows.length === 0) return null;
  return isSection(dragged) ? sectionTarget(ctx, dragged, hover) : componentTarget(ctx, dragged, hover);
}

function sectionTarget({ rows, sections }: DropContext, dragged: string, hover: Hover): DropTarget | null {
  const from = sections.indexOf(dragged);
  if (from < 0) return null;
  let at: number;
  if (hover.index >= rows.length) at = sections.length;
  else {
    const row = rows[Math.max(0, hover.index)]!;
    const section = row.id.split('.')[0]!;
    const index = sections.indexOf(section);
    if (index < 0) return null;
    at = row.id === section && hover.fraction < 0.5 ? index : index + 1;
  }
  if (at === from || at === from + 1) return STAY;
  return {
    kind: 'section',
    id: dragged,
    toIndex: at > from ? at - 1 : at,
    line: { boundary: sectionBoundary(rows, sections, at), depth: 0 },
  };
}

/** The row index before which section number `at` would start (after the previous section's last row). */
function sectionBoundary(rows: readonly TreeRow[], sections: readonly string[], at: number): number {
  if (at >= sections.length) return rows.length;
  const index = rows.findIndex((r) => r.id === sections[at]);
  return index < 0 ? rows.length : index;
}

interface Slot {
  container: string;
  /** Position among the container's children before the dragged item is taken out. */
  at: number;
  depth: number;
}

function componentTarget(ctx: DropContext, dragged: string, hover: Hover): DropTarget | null {
  const { rows, nodes } = ctx;
  if (hover.index >= rows.length) return between(ctx, dragged, rows.length, hover.depth);
  const index = Math.max(0, hover.index);
  const row = rows[index]!;
  if (row.id === dragged) return STAY;
  if (row.id.startsWith(`${dragged}.`)) return null;
  const container = isContainer(nodes.get(row.id), row.id);
  if (container) {
    if (hover.fraction < 0.25) return between(ctx, dragged, index, hover.depth);
    if (hover.fraction > 0.75) return between(ctx, dragged, index + 1, hover.depth);
    if (!acceptsDrop(nodes, row.id, dragged)) return null;
    return place(ctx, dragged, { container: row.id, at: childrenOf(nodes, row.id).length, depth: row.depth + 1 }, true);
  }
  return between(ctx, dragged, hover.fraction < 0.5 ? index : index + 1, hover.depth);
}

/**
 * A drop on the line between rows[boundary - 1] and rows[boundary]. When the row above is the last of
 * its container, the line can also mean after that container (and after its container, and so on up
 * to the section): the pointer's depth picks one, as in Webflow's navigator.
 */
function between(ctx: DropContext, dragged: string, boundary: number, depth: number): DropTarget | null {
  const { rows, nodes } = ctx;
  const prev = rows[boundary - 1];
  const next = rows[boundary];
  const slots: Slot[] = [];
  if (prev && prev.depth > 0 && !prev.expanded) {
    let id = prev.id;
    let level = prev.depth;
    for (;;) {
      const parent = parentIdOf(id)!;
      slots.push({ container: parent, at: childrenOf(nodes, parent).indexOf(id) + 1, depth: level });
      if ((next && next.depth >= level) || isSection(parent)) break;
      id = parent;
      level -= 1;
    }
  }
  if (next && next.depth > 0 && !slots.some((s) => s.depth === next.depth)) {
    const parent = parentIdOf(next.id)!;
    slots.push({ container: parent, at: childrenOf(nodes, parent).indexOf(next.id), depth: next.depth });
  }
  const allowed = slots.filter((s) => acceptsDrop(nodes, s.container, dragged));
  if (allowed.length === 0) return null;
  const chosen = allowed.reduce((best, s) => (Math.abs(s.depth - depth) < Math.abs(best.depth - depth) ? s : best));
  return place(ctx, dragged, chosen, false, boundary);
}

/** Turns a slot into the move the server takes, or STAY when it is where the item already is. */
function place(ctx: DropContext, dragged: string, slot: Slot, inside: boolean, boundary?: number): DropTarget {
  const from = parentIdOf(dragged);
  const fromIndex = from === slot.container ? childrenOf(ctx.nodes, slot.container).indexOf(dragged) : -1;
  if (fromIndex >= 0 && (slot.at === fromIndex || slot.at === fromIndex + 1)) return STAY;
  const toIndex = fromIndex >= 0 && slot.at > fromIndex ? slot.at - 1 : slot.at;
  const line = boundary !== undefined ? { boundary, depth: slot.depth } : insideLine(ctx.rows, slot.container);
  return { kind: 'component', id: dragged, container: slot.container, toIndex, line, outline: slot.container };
}

/** Dropping inside a container appends: the line goes below its last shown descendant, or none when it is closed. */
function insideLine(rows: readonly TreeRow[], container: string): DropLine | null {
  const index = rows.findIndex((r) => r.id === container);
  if (index < 0 || !rows[index]!.expanded) return null;
  let end = index + 1;
  while (end < rows.length && rows[end]!.id.startsWith(`${container}.`)) end++;
  return { boundary: end, depth: rows[index]!.depth + 1 };
}

/**
 * The places a keyboard drag steps through with the arrow keys: the line above each row, inside each
 * container, and below the last row. Each is a Hover as a pointer would make it.
 */
export function keyboardSlots(rows: readonly TreeRow[], nodes: ReadonlyMap<string, Node>): Hover[] {
  const slots: Hover[] = [];
  rows.forEach((row, index) => {
    slots.push({ index, fraction: 0, depth: row.depth });
    if (isContainer(nodes.get(row.id), row.id)) slots.push({ index, fraction: 0.5, depth: row.depth + 1 });
  });
  slots.push({ index: rows.length, fraction: 0, depth: rows.at(-1)?.depth ?? 0 });
  return slots;
}
