import { useRef } from 'react';
import type { TreeRow } from '../../site/store/document.ts';
import type { EditorStore } from '../../site/store/store.ts';
import { isTypeaheadKey, treeKey, TYPEAHEAD_MS, typeahead } from './treeKeys.ts';

interface Options {
  store: EditorStore;
  rows: readonly TreeRow[];
  /** The row with the focus (the selection's, else the first). */
  active: number;
  selected: number;
  /** A drag is on; a keyboard drag's keys are the drag's. */
  drag: { keyboard: boolean } | null;
  select(id: string): void;
  openMenu(id: string, at: { x: number; y: number }): void;
  rename(id: string): void;
  remove(id: string): void;
}

/**
 * The tree's keys (ARIA tree pattern): arrows, Home/End, `*`, Enter, typeahead; F2 renames, Backspace
 * and Delete delete, the context-menu key (or Shift+F10) opens the menu. Cmd/Ctrl shortcuts are left
 * to the editor's, which run the same actions.
 */
export function useTreeKeys({ store, rows, active, selected, drag, select, openMenu, rename, remove }: Options) {
  const typed = useRef<{ text: string; timer?: ReturnType<typeof setTimeout> }>({ text: '' });

  return function onKeyDown(event: React.KeyboardEvent) {
    if (drag) {
      // dnd-kit reads a keyboard drag's keys on the document; the tree must not move the selection too.
      if (drag.keyboard) event.preventDefault();
      return;
    }
    const element = event.target as HTMLElement;
    if (element.getAttribute('role') !== 'treeitem' || event.metaKey || event.ctrlKey || event.altKey) return;
    const move = treeKey(rows, active, event.key);
    if (move) {
      event.preventDefault();
      const s = store.getState();
      if (move.kind === 'select') select(move.id);
      else if (move.kind === 'open') s.toggleExpanded(move.id, true);
      else if (move.kind === 'close') s.toggleExpanded(move.id, false);
      else store.setState({ expanded: new Set([...s.expanded, ...move.ids]) });
      return;
    }
    const row = rows[active];
    if (!row) return;
    if (event.key === 'Enter') select(row.id);
    else if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      const box = element.getBoundingClientRect();
      openMenu(row.id, { x: box.left + 24, y: box.bottom });
    } else if (event.key === 'F2') rename(row.id);
    else if (event.key === 'Backspace' || event.key === 'Delete') remove(row.id);
    else if (isTypeaheadKey(event)) {
      clearTimeout(typed.current.timer);
      typed.current.text += event.key;
      typed.current.timer = setTimeout(() => (typed.current.text = ''), TYPEAHEAD_MS);
      const found = typeahead(rows, selected, typed.current.text);
      if (found !== null) select(rows[found]!.id);
    } else return;
    event.preventDefault();
  };
}
