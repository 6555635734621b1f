import { keyLabel, type Action } from '../../../site/actions/registry.ts';

export interface ShortcutRow {
  name: string;
  label: string;
  /** Each binding as a person reads it on this platform. */
  keys: string[];
}

export interface ShortcutGroup {
  title: string;
  rows: ShortcutRow[];
}

/** How the sheet arranges the actions it knows; any other action with a key lands under "More". */
const GROUPS: ReadonlyArray<{ title: string; names: readonly string[] }> = [
  { title: 'History', names: ['undo', 'redo'] },
  { title: 'Components', names: ['duplicate', 'alias', 'rename', 'copy', 'paste', 'delete'] },
  { title: 'Selection', names: ['selectFirstChild', 'selectParent', 'selectNextSibling', 'selectPreviousSibling', 'escape'] },
  { title: 'View', names: ['resetZoom', 'zoomIn', 'zoomOut', 'showShortcuts'] },
];

/** The shortcut sheet: every registered action that has a key binding, grouped, with its keys for this platform. */
export function shortcutGroups(actions: readonly Action<never>[], mac: boolean): ShortcutGroup[] {
  const bound = actions.filter((a) => a.keys && a.keys.length > 0);
  const row = (a: Action<never>): ShortcutRow => ({ name: a.name, label: a.label, keys: a.keys!.map((k) => keyLabel(k, mac)) });
  const placed = new Set<string>();
  const groups: ShortcutGroup[] = [];
  for (const group of GROUPS) {
    const rows = group.names.flatMap((name) => {
      const action = bound.find((a) => a.name === name);
      if (!action) return [];
      placed.add(name);
      return [row(action)];
    });
    if (rows.length) groups.push({ title: group.title, rows });
  }
  const rest = bound.filter((a) => !placed.has(a.name)).map(row);
  if (rest.length) groups.push({ title: 'More', rows: rest });
  return groups;
}
