import { parentIdOf, type TreeRow } from '../../site/store/document.ts';

/** What a key does to the tree (ARIA tree pattern): select another row, open or close one, or open all siblings. */
export type TreeMove =
  { kind: 'select'; id: string } | { kind: 'open'; id: string } | { kind: 'close'; id: string } | { kind: 'openSiblings'; ids: string[] };

/**
 * The move a navigation key makes from the active row: Up/Down to the previous/next row, Home/End to
 * the first/last, Right opens a closed row or enters an open one, Left closes an open row or goes to
 * the parent, `*` opens every sibling. Null when the key does nothing here.
 */
export function treeKey(rows: readonly TreeRow[], active: number, key: string): TreeMove | null {
  const row = rows[active];
  if (!row) return rows.length > 0 && ['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(key) ? select(rows, 0) : null;
  switch (key) {
    case 'ArrowDown':
      return active + 1 < rows.length ? select(rows, active + 1) : null;
    case 'ArrowUp':
      return active > 0 ? select(rows, active - 1) : null;
    case 'Home':
      return active > 0 ? select(rows, 0) : null;
    case 'End':
      return active < rows.length - 1 ? select(rows, rows.length - 1) : null;
    case 'ArrowRight':
      if (!row.hasChildren) return null;
      return row.expanded ? select(rows, active + 1) : { kind: 'open', id: row.id };
    case 'ArrowLeft': {
      if (row.expanded) return { kind: 'close', id: row.id };
      const parent = parentIdOf(row.id);
      return parent ? { kind: 'select', id: parent } : null;
    }
    case '*': {
      const parent = parentIdOf(row.id);
      const ids = rows.filter((r) => r.hasChildren && !r.expanded && parentIdOf(r.id) === parent).map((r) => r.id);
      return ids.length > 0 ? { kind: 'openSiblings', ids } : null;
    }
    default:
      return null;
  }
}

const select = (rows: readonly TreeRow[], index: number): TreeMove => ({ kind: 'select', id: rows[index]!.id });

/** How long typed letters keep adding to one search (the ARIA tree pattern's typeahead). */
export const TYPEAHEAD_MS = 500;

/**
 * The row typeahead lands on: the next row (after the active one, wrapping) whose name starts with what
 * was typed. Typing one letter again and again cycles through the rows starting with it; a longer
 * search may stay on the active row while it still matches.
 */
export function typeahead(rows: readonly TreeRow[], active: number, typed: string): number | null {
  if (!typed || rows.length === 0) return null;
  const search = typed.toLowerCase();
  const repeated = [...search].every((c) => c === search[0]);
  const prefix = repeated ? search[0]! : search;
  const start = repeated || active < 0 ? active + 1 : active;
  for (let step = 0; step < rows.length; step++) {
    const index = (((start + step) % rows.length) + rows.length) % rows.length;
    if (rows[index]!.name.toLowerCase().startsWith(prefix)) return index;
  }
  return null;
}

/** Whether a key is a printable character typeahead takes (no modifier but Shift). */
export const isTypeaheadKey = (event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) =>
  event.key.length === 1 && event.key !== ' ' && event.key !== '*' && !event.ctrlKey && !event.metaKey && !event.altKey;
