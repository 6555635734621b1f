import { messages } from '@pagewright/sdk';
import { isSection, parentIdOf, positionOf } from '../store/document.ts';
import { currentSections, type EditorState } from '../store/store.ts';
import { defineAction } from './registry.ts';

const selected = (s: EditorState) => s.selectedId !== null && s.nodes.has(s.selectedId);

/** Selects a component (from the canvas, the tree or the breadcrumb). */
export const selectComponent = defineAction<{ id: string | null }>({
  name: 'select',
  label: 'Select',
  recordsHistory: false,
  perform: ({ store }, { id }) => store.getState().select(id),
});

/** Enter on a selected container selects its first child (EDITOR-UX "The canvas"). */
export const selectFirstChild = defineAction({
  name: 'selectFirstChild',
  label: 'Select first child',
  keys: ['Enter'],
  recordsHistory: false,
  enabled: (s) => selected(s) && (s.nodes.get(s.selectedId!)?.children.length ?? 0) > 0,
  perform({ store }) {
    const s = store.getState();
    s.select(s.nodes.get(s.selectedId!)!.children[0]!);
  },
});

/** Shift+Enter selects the parent; at a section the selection clears. */
export const selectParent = defineAction({
  name: 'selectParent',
  label: 'Select parent',
  keys: ['Shift+Enter'],
  recordsHistory: false,
  enabled: selected,
  perform: ({ store }) => store.getState().select(parentIdOf(store.getState().selectedId!)),
});

/** Tab moves to the next sibling (Shift+Tab to the previous), wrapping within the container. */
function sibling(s: EditorState, step: 1 | -1): string | null {
  const id = s.selectedId!;
  const sections = currentSections(s);
  const position = positionOf(id, s.nodes, sections);
  if (!position) return null;
  const list = position.container === null ? sections : s.nodes.get(position.container)!.children;
  if (list.length < 2) return null;
  return list[(position.index + step + list.length) % list.length] ?? null;
}

export const selectNextSibling = defineAction({
  name: 'selectNextSibling',
  label: 'Select next',
  keys: ['Tab'],
  recordsHistory: false,
  enabled: (s) => selected(s) && sibling(s, 1) !== null,
  perform: ({ store }) => store.getState().select(sibling(store.getState(), 1)),
});

export const selectPreviousSibling = defineAction({
  name: 'selectPreviousSibling',
  label: 'Select previous',
  keys: ['Shift+Tab'],
  recordsHistory: false,
  enabled: (s) => selected(s) && sibling(s, -1) !== null,
  perform: ({ store }) => store.getState().select(sibling(store.getState(), -1)),
});

/**
 * Escape closes the popup first, then leaves rename mode, then selects the parent; with nothing left to
 * close it leaves the editor, asking first while an edit is still being saved (spec 001 §2 "Keyboard").
 */
export const escape = defineAction({
  name: 'escape',
  label: 'Close or select parent',
  keys: ['Escape'],
  recordsHistory: false,
  async perform(ctx) {
    const s = ctx.store.getState();
    if (s.popup) s.closePopup();
    else if (s.renamingId) s.setRenaming(null);
    else if (s.selectedId) s.select(isSection(s.selectedId) ? null : parentIdOf(s.selectedId));
    // Every edit is saved as it is made: only an edit still on its way is unsaved. Changes since the
    // last version are saved (a version is a checkpoint, not a save), so they are no reason to ask.
    else if (s.saving === 0) ctx.leave();
    else if (
      await ctx.confirm({ title: 'Unsaved changes', text: messages.unsavedChanges, confirmLabel: 'Leave without saving', danger: true })
    )
      ctx.leave();
  },
});

/** Cmd/Ctrl+Shift+R renames the selection in the tree (spec 001 §2 "Keyboard"). */
export const startRename = defineAction({
  name: 'rename',
  label: 'Rename',
  keys: ['Mod+Shift+r'],
  recordsHistory: true,
  enabled: selected,
  perform: ({ store }) => store.getState().setRenaming(store.getState().selectedId),
});
