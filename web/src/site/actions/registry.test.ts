import { describe, expect, it } from 'vitest';
import './index.ts';
import { editorForTest } from '../store/testing.ts';
import { keyBelongsToTarget } from './keyboard.ts';
import { actionForKey, keyLabel, matchesKey, registeredActions } from './registry.ts';
import { escape, selectFirstChild, selectNextSibling, selectParent } from './selection.ts';
import { perform } from './registry.ts';

const key = (k: string, mods: Partial<{ metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }> = {}) => ({
  key: k,
  metaKey: false,
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  ...mods,
});

describe('the action registry', () => {
  it('registers every action once, each with a label', () => {
    const names = registeredActions().map((a) => a.name);
    expect(new Set(names).size).toBe(names.length);
    expect(registeredActions().every((a) => a.label.length > 0)).toBe(true);
  });

  it('matches Mod to Cmd or Ctrl and needs the exact modifiers', () => {
    expect(matchesKey('Mod+d', key('d', { metaKey: true }))).toBe(true);
    expect(matchesKey('Mod+d', key('d', { ctrlKey: true }))).toBe(true);
    expect(matchesKey('Mod+d', key('D', { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(matchesKey('Mod+Shift+d', key('D', { ctrlKey: true, shiftKey: true }))).toBe(true);
    expect(matchesKey('Backspace', key('Backspace'))).toBe(true);
  });

  it('finds the spec bindings: Backspace deletes, Cmd/Ctrl+D duplicates, with Shift an alias, Cmd/Ctrl+Shift+R renames', () => {
    expect(actionForKey(key('Backspace'))?.name).toBe('delete');
    expect(actionForKey(key('d', { metaKey: true }))?.name).toBe('duplicate');
    expect(actionForKey(key('D', { metaKey: true, shiftKey: true }))?.name).toBe('alias');
    expect(actionForKey(key('R', { ctrlKey: true, shiftKey: true }))?.name).toBe('rename');
    expect(actionForKey(key('z', { ctrlKey: true }))?.name).toBe('undo');
  });

  it('labels keys as the platform writes them', () => {
    expect(keyLabel('Mod+Shift+d', true)).toBe('⌘⇧D');
    expect(keyLabel('Mod+Shift+d', false)).toBe('Ctrl+Shift+D');
  });
});

describe('keys typed into a field never fire a shortcut', () => {
  const element = (matches: string | null, editable = false) =>
    ({
      isContentEditable: editable,
      closest: (selector: string) => (matches && selector.includes(matches) ? {} : null),
    }) as unknown as EventTarget;

  it('in inputs, text areas and editable text every key belongs to the field', () => {
    expect(keyBelongsToTarget(element('input'), key('Backspace'))).toBe(true);
    expect(keyBelongsToTarget(element('input'), key('z', { metaKey: true }))).toBe(true);
    expect(keyBelongsToTarget(element(null, true), key('d', { ctrlKey: true }))).toBe(true);
  });

  it('on a focused button plain keys belong to it, but Cmd/Ctrl shortcuts still reach the editor', () => {
    expect(keyBelongsToTarget(element('button'), key('Enter'))).toBe(true);
    expect(keyBelongsToTarget(element('button'), key('z', { ctrlKey: true }))).toBe(false);
    expect(keyBelongsToTarget(element(null), key('Backspace'))).toBe(false);
  });
});

describe('selection moves by keyboard', () => {
  it('Enter selects the first child, Tab the next sibling, Shift+Enter the parent, Escape the parent then nothing', async () => {
    const t = editorForTest();
    await t.store.getState().load();
    t.store.getState().select('hero');
    await perform(t.ctx, selectFirstChild, undefined);
    expect(t.store.getState().selectedId).toBe('hero.title');
    await perform(t.ctx, selectNextSibling, undefined);
    expect(t.store.getState().selectedId).toBe('hero.text');
    await perform(t.ctx, selectParent, undefined);
    expect(t.store.getState().selectedId).toBe('hero');
    await perform(t.ctx, escape, undefined);
    expect(t.store.getState().selectedId).toBeNull();
  });

  it('Escape closes an open popup before it touches the selection', async () => {
    const t = editorForTest();
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    t.store.getState().openPopup({ name: 'shortcuts' });
    await perform(t.ctx, escape, undefined);
    expect(t.store.getState().popup).toBeNull();
    expect(t.store.getState().selectedId).toBe('hero.title');
  });

  it('Escape with nothing left to close leaves the editor, asking first only while an edit is being saved', async () => {
    const clean = editorForTest();
    await clean.store.getState().load();
    await perform(clean.ctx, escape, undefined);
    expect(clean.opened).toEqual(['left']);

    // Changes since the last version are saved: leaving asks nothing (issue 26).
    const uncommitted = editorForTest({ site: { history: { undo: 2, redo: 0, unsaved: 2 } }, confirm: false });
    await uncommitted.store.getState().load();
    await perform(uncommitted.ctx, escape, undefined);
    expect(uncommitted.opened).toEqual(['left']);

    const declined = editorForTest({ confirm: false });
    await declined.store.getState().load();
    declined.store.setState({ saving: 1 });
    await perform(declined.ctx, escape, undefined);
    expect(declined.opened).toEqual([]);

    const agreed = editorForTest({ confirm: true });
    await agreed.store.getState().load();
    agreed.store.setState({ saving: 1 });
    await perform(agreed.ctx, escape, undefined);
    expect(agreed.opened).toEqual(['left']);
  });
});
