import { describe, expect, it } from 'vitest';
import type { Action } from '../../../site/actions/registry.ts';
import { shortcutGroups } from './shortcutList.ts';

const action = (name: string, label: string, keys?: string[]) =>
  ({ name, label, keys, recordsHistory: false, perform: () => undefined }) as Action<never>;

const actions = [
  action('delete', 'Delete', ['Backspace', 'Delete']),
  action('undo', 'Undo', ['Mod+z']),
  action('redo', 'Redo', ['Mod+Shift+z', 'Mod+y']),
  action('addSection', 'Add Section'),
  action('somethingNew', 'Something new', ['Alt+n']),
];

describe('shortcut sheet', () => {
  it('lists only actions with a key binding, history first, unknown ones under More', () => {
    const groups = shortcutGroups(actions, false);
    expect(groups.map((g) => g.title)).toEqual(['History', 'Components', 'More']);
    expect(groups.flatMap((g) => g.rows.map((r) => r.label))).toEqual(['Undo', 'Redo', 'Delete', 'Something new']);
  });

  it('shows the keys with Ctrl elsewhere and ⌘ on macOS', () => {
    const [history] = shortcutGroups(actions, false);
    expect(history!.rows[0]).toEqual({ name: 'undo', label: 'Undo', keys: ['Ctrl+Z'] });
    expect(history!.rows[1]!.keys).toEqual(['Ctrl+Shift+Z', 'Ctrl+Y']);
    const [mac] = shortcutGroups(actions, true);
    expect(mac!.rows[0]!.keys).toEqual(['⌘Z']);
    expect(mac!.rows[1]!.keys).toEqual(['⌘⇧Z', '⌘Y']);
  });

  it('lists every registered action with keys', async () => {
    const { registeredActions } = await import('../../../site/actions/index.ts');
    const all = registeredActions();
    const rows = shortcutGroups(all, false).flatMap((g) => g.rows);
    expect(rows.map((r) => r.name).sort()).toEqual(
      all
        .filter((a) => a.keys?.length)
        .map((a) => a.name)
        .sort(),
    );
    expect(rows.find((r) => r.name === 'undo')).toMatchObject({ label: 'Undo', keys: ['Ctrl+Z'] });
  });
});
