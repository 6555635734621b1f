import type { ComponentType } from '../store/document.ts';
import { isAdding, isSection, nodeName, parentIdOf, positionOf, withText } from '../store/document.ts';
import { componentList, sectionList, type Place } from '../store/places.ts';
import { currentSections, type EditorState } from '../store/store.ts';
import { settling, showInsertNow, showMoveNow, showRemovalNow, type InsertAt, type Shown } from './canvasNow.ts';
import { defineAction, type ActionContext } from './registry.ts';

const hasSelection = (s: EditorState) => s.selectedId !== null && s.nodes.has(s.selectedId);
const selectedComponent = (s: EditorState) => hasSelection(s) && !isSection(s.selectedId!);

/**
 * What a move or an add names besides its indexes (docs/decisions/0097): the element it moves and the
 * one it goes after, by id, so that an edit sent late (made offline) still means the same element and
 * gap once another editor changed the list. `rest` is the target list as this editor has it, without
 * the moved element; an element still being added has no id yet and is named by index only.
 */
export function namedPlace(rest: readonly string[], toIndex: number): { after?: string | null } {
  if (toIndex === 0) return { after: null };
  const before = rest[toIndex - 1];
  return before !== undefined && !isAdding(before) ? { after: before } : {};
}

/** A section goes in at `at` of the current page's list (the section calls name the section it follows). */
const sectionIn = (s: EditorState, at: number): Place[] => [{ list: sectionList(s.pageId), at, by: 1 }];

/** A copy of section `source` shown at `at` of the page's sections, in the tree and (after section `after`) on the canvas. */
function showSectionCopy(s: EditorState, source: string, at: number, after: string | null): Shown[] {
  const like = s.nodes.get(source);
  if (!like) return [];
  return [s.showAdding(null, at, like, like.type, nodeName(like, source)), ...(after ? [showInsertNow(source, '', { after })] : [])];
}
/** The gap after section `id` (null: the first). */
const afterSection = (s: EditorState, id: string | null) => (id === null ? 0 : currentSections(s).indexOf(id) + 1);

/** A copy of component `source` shown at `index` of `container`, in the tree and on the canvas, until its edit settles. */
function showCopy(s: EditorState, source: string, container: string, index: number, at: InsertAt): Shown[] {
  const like = s.nodes.get(source);
  if (!like) return [];
  return [s.showAdding(container, index, like, like.type, nodeName(like, source)), showInsertNow(source, '', at)];
}

/** Adds a copy (or an alias) of a component or section right after it, and selects the copy. */
async function copyAfter(ctx: ActionContext, id: string, alias: boolean) {
  const { store, api } = ctx;
  const s = store.getState();
  const siteId = s.siteId;
  if (isSection(id)) {
    const at = afterSection(s, id);
    const data = await s.edit(
      (preview, via) =>
        api.POST('/sites/{siteId}/sections', {
          ...via,
          params: { path: { siteId }, query: { preview } },
          body: { pageId: s.pageId, duplicate: id, afterSectionId: id },
        }),
      // The copy shows now (offline, the answer may be minutes away).
      settling(sectionIn(s, at), ...showSectionCopy(s, id, at, id)),
    );
    if (data) afterAdd(ctx, data.id, s.selectedId);
    return;
  }
  const position = positionOf(id, s.nodes, currentSections(s));
  if (!position?.container) return;
  const shownCopy = showCopy(s, id, position.container, position.index + 1, { after: id });
  const data = await s.edit(
    (preview, via) =>
      api.POST('/sites/{siteId}/components', {
        ...via,
        params: { path: { siteId }, query: { preview } },
        body: {
          toContainer: position.container!,
          componentId: id,
          index: position.index + 1,
          afterComponentId: id,
          ...(alias ? { alias: true } : {}),
        },
      }),
    settling([{ list: componentList(position.container), at: position.index + 1, by: 1, field: 'index' }], ...shownCopy),
  );
  if (data) afterAdd(ctx, data.id, s.selectedId);
}

/**
 * Selects what was just added and highlights it for a second (spec 001 §4), unless the person has
 * selected something else since (offline, the answer comes when the connection is back).
 */
function afterAdd(ctx: ActionContext, id: string, selectedBefore: string | null) {
  const s = ctx.store.getState();
  if (s.selectedId !== selectedBefore && s.selectedId !== null) return;
  s.select(id);
  s.highlight(id);
}

export const duplicateComponent = defineAction({
  name: 'duplicate',
  label: 'Duplicate',
  keys: ['Mod+d'],
  recordsHistory: true,
  enabled: hasSelection,
  perform: (ctx) => copyAfter(ctx, ctx.store.getState().selectedId!, false),
});

export const aliasComponent = defineAction({
  name: 'alias',
  label: 'Make an alias',
  keys: ['Mod+Shift+d'],
  recordsHistory: true,
  enabled: selectedComponent,
  perform: (ctx) => copyAfter(ctx, ctx.store.getState().selectedId!, true),
});

export const deleteComponent = defineAction({
  name: 'delete',
  label: 'Delete',
  keys: ['Backspace', 'Delete'],
  recordsHistory: true,
  enabled: hasSelection,
  async perform({ store, api }) {
    const s = store.getState();
    const id = s.selectedId!;
    // Gone from the canvas and the navigator now, even offline; the answer (or a refusal) settles it.
    const shown = showRemovalNow(id);
    const parentId = parentIdOf(id);
    const index = (parentId === null ? currentSections(s) : (s.nodes.get(parentId)?.children ?? [])).indexOf(id);
    const list = parentId === null ? sectionList(s.pageId) : componentList(parentId);
    const places: Place[] = index < 0 ? [] : [{ list, at: index, by: -1 }];
    const shownInTree = s.showRemoval(id);
    s.select(null);
    const data = await s.edit(
      (preview, via) =>
        api.DELETE('/sites/{siteId}/components/{componentId}', {
          ...via,
          params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
        }),
      { structure: true, places },
    );
    shown.settle(Boolean(data));
    shownInTree.settle(Boolean(data));
    // The previous sibling, else the next, else the parent (spec 001 §4), as the server worked it out;
    // refused, it is selected again where it was put back.
    store.getState().select(data ? data.select : id);
  },
});

export const copyComponent = defineAction({
  name: 'copy',
  label: 'Copy',
  keys: ['Mod+c'],
  recordsHistory: false,
  enabled: hasSelection,
  perform: ({ store }) => store.getState().setClipboard(store.getState().selectedId),
});

/** Pastes the copied component after the selection (into it, when the selection is a container). */
export const pasteComponent = defineAction({
  name: 'paste',
  label: 'Paste',
  keys: ['Mod+v'],
  recordsHistory: true,
  enabled: (s) => s.clipboard !== null && s.nodes.has(s.clipboard),
  async perform(ctx) {
    const { store, api } = ctx;
    const s = store.getState();
    const source = s.clipboard!;
    const target = s.selectedId;
    if (isSection(source)) {
      const afterSectionId = target ? target.split('.')[0]! : (currentSections(s).at(-1) ?? null);
      const at = afterSection(s, afterSectionId);
      const shown = showSectionCopy(s, source, at, afterSectionId);
      const data = await s.edit(
        (preview, via) =>
          api.POST('/sites/{siteId}/sections', {
            ...via,
            params: { path: { siteId: s.siteId }, query: { preview } },
            body: { pageId: s.pageId, duplicate: source, afterSectionId },
          }),
        settling(sectionIn(s, at), ...shown),
      );
      if (data) afterAdd(ctx, data.id, s.selectedId);
      return;
    }
    if (!target) return;
    const targetNode = s.nodes.get(target);
    const intoTarget =
      isSection(target) || (targetNode && ['layout-h', 'layout-v', 'layout-grid2', 'layout-grid3', 'form'].includes(targetNode.type));
    const position = positionOf(target, s.nodes, currentSections(s));
    const toContainer = intoTarget ? target : position?.container;
    if (!toContainer) return;
    const index = intoTarget ? undefined : position!.index + 1;
    const shown = intoTarget
      ? showCopy(s, source, target, targetNode?.children.length ?? 0, { into: target, index: null })
      : showCopy(s, source, toContainer, index!, { after: target });
    const data = await s.edit(
      (preview, via) =>
        api.POST('/sites/{siteId}/components', {
          ...via,
          params: { path: { siteId: s.siteId }, query: { preview } },
          body: {
            toContainer,
            componentId: source,
            ...(index !== undefined ? { index, ...(isAdding(target) ? {} : { afterComponentId: target }) } : {}),
          },
        }),
      settling(
        [
          index === undefined
            ? { list: componentList(toContainer), at: targetNode?.children.length ?? 0, by: 1 }
            : { list: componentList(toContainer), at: index, by: 1, field: 'index' },
        ],
        ...shown,
      ),
    );
    if (data) afterAdd(ctx, data.id, s.selectedId);
  },
});

/** Adds a component of a type; until the server answers, the canvas shows a placeholder saying `label` where it goes. */
export const addComponent = defineAction<{ type: ComponentType; container: string; index?: number; label?: string }>({
  name: 'addComponent',
  label: 'Add component',
  recordsHistory: true,
  async perform(ctx, { type, container, index, label }) {
    const s = ctx.store.getState();
    const name = label ?? type;
    const at = index ?? s.nodes.get(container)?.children.length ?? 0;
    const place: Place = { list: componentList(container), at, by: 1, ...(index !== undefined ? { field: 'index' } : {}) };
    const named = index !== undefined ? namedPlace(s.nodes.get(container)?.children ?? [], index) : {};
    const shown = [s.showAdding(container, at, null, type, name), showInsertNow(null, name, { into: container, index: index ?? null })];
    const data = await s.edit(
      (preview, via) =>
        ctx.api.POST('/sites/{siteId}/components', {
          ...via,
          params: { path: { siteId: s.siteId }, query: { preview } },
          body: {
            toContainer: container,
            type,
            ...(index !== undefined ? { index } : {}),
            ...('after' in named ? { afterComponentId: named.after } : {}),
          },
        }),
      settling([place], ...shown),
    );
    if (data) afterAdd(ctx, data.id, s.selectedId);
  },
});

/** Moves a component within its container or into another; the server answers its new id. */
export const moveComponent = defineAction<{ id: string; toContainer: string; toIndex: number }>({
  name: 'moveComponent',
  label: 'Move',
  recordsHistory: true,
  async perform({ store, api }, { id, toContainer, toIndex }) {
    const s = store.getState();
    const fromContainer = parentIdOf(id);
    const fromIndex = fromContainer ? (s.nodes.get(fromContainer)?.children.indexOf(id) ?? -1) : -1;
    // Into itself or a descendant is refused here as the server would (spec 001 §4).
    if (!fromContainer || fromIndex < 0 || toContainer === id || toContainer.startsWith(`${id}.`)) return;
    if (fromContainer === toContainer && fromIndex === toIndex) return;
    // In its new place now, on the canvas and in the tree. Within its container (its id stays) the row
    // moves; into another, the server names it anew, so its row leaves and a "Moving…" row stands where
    // it goes until the answer: the edits after it count it there, and it cannot be moved again meanwhile
    // from a place it no longer has.
    const named = namedPlace(s.nodes.get(toContainer)?.children.filter((c) => c !== id) ?? [], toIndex);
    const shown = [showMoveNow(id, { into: toContainer, index: toIndex })];
    const parent = fromContainer === toContainer ? s.nodes.get(fromContainer) : undefined;
    const node = s.nodes.get(id);
    if (parent) {
      const children = parent.children.filter((c) => c !== id);
      s.applyNode({ ...parent, children: children.toSpliced(toIndex, 0, id) });
    } else if (node) {
      shown.push(s.showRemoval(id), s.showAdding(toContainer, toIndex, node, node.type, nodeName(node, id), 'moving'));
    }
    const data = await s.edit(
      (preview, via) =>
        api.POST('/sites/{siteId}/components/sort', {
          ...via,
          params: { path: { siteId: s.siteId }, query: { preview } },
          body: {
            fromContainer,
            toContainer,
            fromIndex,
            toIndex,
            ...(isAdding(id) ? {} : { componentId: id }),
            ...('after' in named ? { afterComponentId: named.after } : {}),
          },
        }),
      settling(
        [
          { list: componentList(fromContainer), at: fromIndex, by: -1, field: 'fromIndex', listField: 'fromContainer' },
          { list: componentList(toContainer), at: toIndex, by: 1, field: 'toIndex' },
        ],
        ...shown,
      ),
    );
    // The moved component is selected (under its new id), unless the person selected another since.
    const now = store.getState().selectedId;
    if (data && (now === null || now === id || now === s.selectedId)) store.getState().select(data.toComponentId);
    else if (!data && parent) {
      // Refused: back in its place in the tree, as the container is now (another answer may have changed it).
      const now = store.getState().nodes.get(fromContainer);
      if (now?.children.includes(id)) {
        const children = now.children.filter((c) => c !== id);
        store.getState().applyNode({ ...now, children: children.toSpliced(Math.min(fromIndex, children.length), 0, id) });
      }
    }
  },
});

/** Moves a section within the page (or to another page). */
export const moveSection = defineAction<{ id: string; toPage?: string; toIndex: number }>({
  name: 'moveSection',
  label: 'Move section',
  recordsHistory: true,
  async perform({ store, api }, { id, toPage, toIndex }) {
    const s = store.getState();
    const fromIndex = currentSections(s).indexOf(id);
    const target = toPage ?? s.pageId;
    if (fromIndex < 0 || (target === s.pageId && fromIndex === toIndex)) return;
    // Within the page it shows in its new place now: before the section it goes in front of, or after the last.
    const rest = currentSections(s).filter((x) => x !== id);
    const named = target === s.pageId ? namedPlace(rest, toIndex) : {};
    const at: InsertAt | null = target !== s.pageId ? null : toIndex < rest.length ? { before: rest[toIndex]! } : { after: rest.at(-1)! };
    const shown = at ? showMoveNow(id, at) : showRemovalNow(id);
    const data = await s.edit(
      (preview, via) =>
        api.POST('/sites/{siteId}/sections/sort', {
          ...via,
          params: { path: { siteId: s.siteId }, query: { preview } },
          body: {
            fromPage: s.pageId,
            toPage: target,
            fromIndex,
            toIndex,
            ...(isAdding(id) ? {} : { sectionId: id }),
            ...('after' in named ? { afterSectionId: named.after } : {}),
          },
        }),
      settling(
        [
          { list: sectionList(s.pageId), at: fromIndex, by: -1, field: 'fromIndex', listField: 'fromPage' },
          { list: sectionList(target), at: toIndex, by: 1, field: 'toIndex' },
        ],
        shown,
      ),
    );
    if (data && target === s.pageId) store.getState().select(data.id);
  },
});

/** Renames a component or section: its id follows the name, and so do its descendants' ids. */
export const renameComponent = defineAction<{ id: string; name: string }>({
  name: 'renameComponent',
  label: 'Rename',
  recordsHistory: true,
  async perform({ store, api }, { id, name }) {
    const s = store.getState();
    s.setRenaming(null);
    const trimmed = name.trim();
    if (!trimmed || trimmed === nodeName(s.nodes.get(id), id)) return;
    // The document reload after the edit drops the old id from the selection: remember it was selected.
    const selected = s.selectedId === id;
    const data = await s.edit(
      (preview, via) =>
        api.PATCH('/sites/{siteId}/components/{componentId}', {
          ...via,
          params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
          body: { name: trimmed },
        }),
      { structure: true },
    );
    const now = store.getState().selectedId;
    if (data && selected && (now === id || now === null)) store.getState().select(data.id);
  },
});

/** Shows or hides a component (`_options.hidden`). */
export const toggleHidden = defineAction<{ id: string }>({
  name: 'toggleHidden',
  label: 'Hide or show',
  recordsHistory: true,
  async perform({ store, api }, { id }) {
    const s = store.getState();
    const hidden = s.nodes.get(id)?.data['_options.hidden'] === true;
    const data = await s.edit((preview, via) =>
      api.PATCH('/sites/{siteId}/components/{componentId}', {
        ...via,
        params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
        body: { data: { '_options.hidden': hidden ? null : true } },
      }),
    );
    if (data) store.getState().applyNode(data.node, data.previousId);
  },
});

/**
 * Saves text typed on the canvas. The caller debounces, so one burst of typing is one call and one
 * history entry; a localized value keeps its other languages.
 */
export const updateText = defineAction<{ id: string; text: string }>({
  name: 'updateText',
  label: 'Edit text',
  recordsHistory: true,
  async perform({ store, api }, { id, text }) {
    const s = store.getState();
    const node = s.nodes.get(id);
    if (!node) return;
    const value = withText(node.data.value, text, s.language);
    // The optimistic node first: the tree and the next burst read the typed text at once.
    s.changeNode({ ...node, data: { ...node.data, value } });
    const data = await s.edit((preview, via) =>
      api.PATCH('/sites/{siteId}/components/{componentId}', {
        ...via,
        params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
        body: { data: { value } },
      }),
    );
    // Refused: the text typed is taken back (the canvas is fetched again by edit()).
    store.getState().settleNode(id, data);
  },
});
