import { DndContext, DragOverlay } from '@dnd-kit/core';
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { deleteComponent, openAddSection, renameComponent, selectComponent, startRename, toggleHidden } from '../../site/actions/index.ts';
import { perform } from '../../site/actions/registry.ts';
import { useStore } from '../../lib/store/index.ts';
import { isMac } from '../../site/header/platform.ts';
import { nodeName, parentIdOf, treeRows } from '../../site/store/document.ts';
import { useActionContext, useEditor } from '../../site/store/context.tsx';
import { currentSections, type Presence } from '../../site/store/store.ts';
import { DragGhost, DropIndicator } from './DropIndicator.tsx';
import { componentMenu } from './menus.ts';
import { NavigatorMenu, type MenuEntry } from './NavigatorMenu.tsx';
import { RowIconSprite } from './RowIcon.tsx';
import { EmptyTree, TreeHeader } from './TreeHeader.tsx';
import { ROW_HEIGHT, TreeItem } from './TreeItem.tsx';
import { describeTarget, useTreeDrag } from './useTreeDrag.ts';
import { useTreeKeys } from './useTreeKeys.ts';

const NO_ONE: readonly Presence[] = [];

/**
 * The open page's sections and components as an ARIA tree: virtualized (only the rows in view render),
 * roving tabindex, arrow keys, typeahead, drag and drop, a context menu, inline rename.
 */
export function PageTree() {
  const ctx = useActionContext();
  const { store } = ctx;
  const navigate = useNavigate();
  const billing = useStore((s) => s.user?.billing ?? false);
  const sections = useEditor(useShallow(currentSections));
  const nodes = useEditor((s) => s.nodes);
  const expanded = useEditor((s) => s.expanded);
  const selectedId = useEditor((s) => s.selectedId);
  const hoveredId = useEditor((s) => s.hoveredId);
  const highlightId = useEditor((s) => s.highlightId);
  const renamingId = useEditor((s) => s.renamingId);
  const readOnly = useEditor((s) => s.readOnly);
  const presence = useEditor((s) => s.presence);
  const pageName = useEditor((s) => s.pages.find((p) => p.id === s.pageId)?.name ?? s.pageId);

  const rows = useMemo(() => treeRows(sections, nodes, expanded), [sections, nodes, expanded]);
  const selectedIndex = useMemo(() => (selectedId ? rows.findIndex((r) => r.id === selectedId) : -1), [rows, selectedId]);
  const activeIndex = selectedIndex >= 0 ? selectedIndex : 0;
  const others = useMemo(() => {
    const by = new Map<string, Presence[]>();
    for (const person of presence) if (person.selection) by.set(person.selection, [...(by.get(person.selection) ?? []), person]);
    return by;
  }, [presence]);

  const scroller = useRef<HTMLDivElement>(null);
  const tree = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ name: string; at: { x: number; y: number }; entries: MenuEntry[] } | null>(null);
  // The tree had focus last: when the focused row goes (deleted, renamed), focus follows the selection.
  const focusedInTree = useRef(false);
  // Rows passing under a still pointer while the tree scrolls are not hovered: the canvas would flash each.
  const scrolling = useRef(false);

  // Rows are of one height, so bringing one into view is arithmetic on the scroller.
  const reveal = useCallback((index: number) => {
    const element = scroller.current;
    if (!element) return;
    const top = index * ROW_HEIGHT;
    const view = element.clientHeight;
    const above = element.scrollTop - top;
    const below = top + ROW_HEIGHT - (element.scrollTop + view);
    // A row just out of view comes in at the edge; one far away is centred, with its neighbours around it.
    if (above > view || below > view) element.scrollTop = top - (view - ROW_HEIGHT) / 2;
    else if (above > 0) element.scrollTop = top;
    else if (below > 0) element.scrollTop += below;
  }, []);
  const { drag, target, dndProps } = useTreeDrag({ ctx, rows, nodes, sections, scroller, reveal });
  const dragIndex = useMemo(() => (drag ? rows.findIndex((r) => r.id === drag.id) : -1), [drag, rows]);

  // The active row and the dragged one stay rendered when scrolled away: focus and the drag live on them.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      for (const pinned of [activeIndex, dragIndex])
        if (pinned >= 0 && pinned < range.count && !indexes.includes(pinned)) indexes.push(pinned);
      return indexes.sort((a, b) => a - b);
    },
    [activeIndex, dragIndex],
  );
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    rangeExtractor,
    onChange: (instance) => {
      scrolling.current = instance.isScrolling;
    },
  });

  // The selection scrolls into view wherever it was made (canvas, breadcrumb, keys), and takes the
  // focus when the tree had it.
  useEffect(() => {
    if (selectedIndex < 0) return;
    reveal(selectedIndex);
    const element = tree.current;
    const focused = document.activeElement;
    if (!element || !selectedId) return;
    const inTree = element.contains(focused);
    if (!(inTree && focused?.getAttribute('role') === 'treeitem') && !(focused === document.body && focusedInTree.current)) return;
    element.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(selectedId)}"]`)?.focus({ preventScroll: true });
  }, [selectedId, selectedIndex, reveal]);

  const select = useCallback((id: string) => void perform(ctx, selectComponent, { id }), [ctx]);
  const toggle = useCallback(
    (id: string, all: boolean) => {
      const s = store.getState();
      const open = !s.expanded.has(id);
      if (!all) return s.toggleExpanded(id, open);
      // Alt+click opens or closes the whole subtree.
      const next = new Set(s.expanded);
      for (const key of [id, ...[...s.nodes.keys()].filter((k) => k.startsWith(`${id}.`))]) {
        if (open) next.add(key);
        else next.delete(key);
      }
      store.setState({ expanded: next });
    },
    [store],
  );
  const hover = useCallback(
    (id: string) => {
      if (!scrolling.current) store.getState().hover(id);
    },
    [store],
  );
  const openMenu = useCallback(
    (id: string, at: { x: number; y: number }) => {
      store.getState().select(id);
      setMenu({
        name: nodeName(store.getState().nodes.get(id), id),
        at,
        entries: componentMenu(ctx, { navigate: (to) => void navigate(to), mac: isMac(), billing }, id),
      });
    },
    [ctx, store, navigate, billing],
  );
  const closeMenu = useCallback(() => setMenu(null), []);
  const hideOrShow = useCallback((id: string) => void perform(ctx, toggleHidden, { id }), [ctx]);
  const beginRename = useCallback(
    (id: string) => {
      store.getState().select(id);
      void perform(ctx, startRename, undefined);
    },
    [ctx, store],
  );
  const rename = useCallback((id: string, name: string) => void perform(ctx, renameComponent, { id, name }), [ctx]);
  const cancelRename = useCallback(() => {
    store.getState().setRenaming(null);
    const id = store.getState().selectedId;
    if (id) tree.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(id)}"]`)?.focus({ preventScroll: true });
  }, [store]);
  const collapseAll = () => store.setState((s) => ({ expanded: new Set([s.pageId]) }));

  const onKeyDown = useTreeKeys({
    store,
    rows,
    active: activeIndex,
    selected: selectedIndex,
    drag,
    select,
    openMenu,
    rename: (id) => {
      if (!readOnly) beginRename(id);
    },
    remove: (id) => {
      if (store.getState().selectedId !== id) select(id);
      void perform(ctx, deleteComponent, undefined);
    },
  });
  const addSection = () => void perform(ctx, openAddSection, undefined);

  const dragged = drag ? rows[dragIndex] : undefined;
  const cursor = drag && !drag.keyboard ? (target === null ? 'not-allowed' : 'grabbing') : null;

  return (
    <section aria-labelledby="navigator-tree" className="flex min-h-0 flex-1 flex-col">
      <TreeHeader pageName={pageName} readOnly={readOnly} onCollapseAll={collapseAll} onAddSection={addSection} />
      {rows.length === 0 ? (
        <EmptyTree readOnly={readOnly} onAddSection={addSection} />
      ) : (
        <DndContext {...dndProps}>
          <RowIconSprite />
          <div
            ref={scroller}
            className="relative min-h-0 flex-1 overflow-y-auto overscroll-contain pb-6"
            onPointerLeave={() => {
              if (!drag) store.getState().hover(null);
            }}
          >
            <div
              ref={tree}
              role="tree"
              aria-label="Page tree"
              onKeyDown={onKeyDown}
              onFocus={() => (focusedInTree.current = true)}
              onBlur={(event) => {
                if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) focusedInTree.current = false;
              }}
              style={{ height: virtual.getTotalSize() }}
              className="relative w-full"
            >
              {virtual.getVirtualItems().map((item) => {
                const row = rows[item.index]!;
                const parent = parentIdOf(row.id);
                const siblings = parent ? (nodes.get(parent)?.children ?? []) : sections;
                return (
                  <TreeItem
                    key={row.id}
                    row={row}
                    top={item.start}
                    posInSet={Math.max(0, siblings.indexOf(row.id)) + 1}
                    setSize={siblings.length}
                    active={item.index === activeIndex}
                    selected={row.id === selectedId}
                    withinSelection={selectedId !== null && row.id.startsWith(`${selectedId}.`)}
                    hovered={row.id === hoveredId && !drag}
                    highlighted={row.id === highlightId}
                    renaming={row.id === renamingId}
                    dragging={row.id === drag?.id}
                    readOnly={readOnly}
                    others={others.get(row.id) ?? NO_ONE}
                    onSelect={select}
                    onToggle={toggle}
                    onHover={hover}
                    onMenu={openMenu}
                    onToggleHidden={hideOrShow}
                    onStartRename={beginRename}
                    onRename={rename}
                    onCancelRename={cancelRename}
                  />
                );
              })}
              <DropIndicator rows={rows} target={target} />
            </div>
          </div>
          {drag?.keyboard && (
            <div role="status" className="sr-only">
              {describeTarget(target, nodes)}
            </div>
          )}
          <DragOverlay dropAnimation={null}>{dragged && !drag?.keyboard && <DragGhost row={dragged} />}</DragOverlay>
          {cursor && <style>{`*{cursor:${cursor}!important}`}</style>}
        </DndContext>
      )}
      {menu && <NavigatorMenu label={`Actions for ${menu.name}`} at={menu.at} entries={menu.entries} onClose={closeMenu} />}
    </section>
  );
}
