import {
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { moveComponent, moveSection } from '../../site/actions/index.ts';
import { perform, type ActionContext } from '../../site/actions/registry.ts';
import { nodeName, type Node, type TreeRow } from '../../site/store/document.ts';
import { dropTarget, keyboardSlots, type DropTarget, type Hover } from './drop.ts';
import { INDENT, PAD, ROW_HEIGHT } from './TreeItem.tsx';

interface Drag {
  id: string;
  keyboard: boolean;
}

interface Options {
  ctx: ActionContext;
  rows: readonly TreeRow[];
  nodes: ReadonlyMap<string, Node>;
  sections: readonly string[];
  /** The element that scrolls the tree; rows start at its top. */
  scroller: RefObject<HTMLDivElement | null>;
  /** Brings a row into view while a keyboard drag moves past the edge. */
  reveal(index: number): void;
}

/** Where a pointer at (x, y), relative to the scroller's content, is over the rows. */
export function hoverAt(x: number, y: number, count: number): Hover {
  const depth = Math.max(0, Math.floor((x - PAD - 6) / INDENT));
  if (y < 0) return { index: 0, fraction: 0, depth };
  const index = Math.floor(y / ROW_HEIGHT);
  if (index >= count) return { index: count, fraction: 0, depth };
  return { index, fraction: y / ROW_HEIGHT - index, depth };
}

/** The words a screen reader hears for a drop place while a component moves by keyboard. */
export function describeTarget(target: DropTarget | null, nodes: ReadonlyMap<string, Node>): string {
  if (!target) return 'Cannot drop here';
  if (target.kind === 'stay') return 'Where it is now';
  if (target.kind === 'section') return `Section position ${target.toIndex + 1}`;
  return `Into ${nodeName(nodes.get(target.container), target.container)}, position ${target.toIndex + 1}`;
}

/**
 * Drag and drop in the page tree with dnd-kit's sensors: the pointer (after 4 px, so a click still
 * selects) and the keyboard (Space picks up, arrows move through the drop places, Left/Right change
 * the level, Space or Enter drops, Escape cancels). Where a drop lands is computed from the pointer's
 * place over the rows (`dropTarget`), not from droppable elements, so it works over virtualized rows.
 */
export function useTreeDrag({ ctx, rows, nodes, sections, scroller, reveal }: Options) {
  const [drag, setDrag] = useState<Drag | null>(null);
  const [target, setTarget] = useState<DropTarget | null>(null);
  // Handlers attached for the length of a drag read the latest rows and target through these.
  const latest = useRef({ rows, nodes, sections, reveal });
  const current = useRef<{ drag: Drag | null; target: DropTarget | null; slot: number; depth: number }>({
    drag: null,
    target: null,
    slot: 0,
    depth: 0,
  });
  const pointer = useRef<{ x: number; y: number } | null>(null);
  // What the last drag ended on, for its announcement (read after the drag's state is cleared).
  const ended = useRef<DropTarget | null>(null);
  const stopTracking = useRef<(() => void) | null>(null);

  useEffect(() => {
    latest.current = { rows, nodes, sections, reveal };
  }, [rows, nodes, sections, reveal]);
  useEffect(() => () => stopTracking.current?.(), []);

  const aim = useCallback((next: DropTarget | null) => {
    current.current.target = next;
    setTarget(next);
  }, []);

  const trackPointer = useCallback(() => {
    const element = scroller.current;
    const drag = current.current.drag;
    if (!element || !drag || !pointer.current) return;
    const box = element.getBoundingClientRect();
    const { x, y } = pointer.current;
    const { rows, nodes, sections } = latest.current;
    // Off the sidebar nothing can take the drop.
    if (x < box.left || x > box.right) return aim(null);
    const hover = hoverAt(x - box.left, y - box.top + element.scrollTop, rows.length);
    aim(dropTarget({ rows, nodes, sections }, drag.id, hover));
  }, [scroller, aim]);

  const keyboardStep: KeyboardCoordinateGetter = useCallback(
    (event) => {
      const state = current.current;
      if (!state.drag) return undefined;
      const { rows, nodes, sections, reveal } = latest.current;
      const slots = keyboardSlots(rows, nodes);
      if (event.code === 'ArrowDown' || event.code === 'ArrowUp') {
        state.slot = Math.max(0, Math.min(slots.length - 1, state.slot + (event.code === 'ArrowDown' ? 1 : -1)));
        state.depth = slots[state.slot]!.depth;
      } else if (event.code === 'ArrowRight') state.depth += 1;
      else if (event.code === 'ArrowLeft') state.depth = Math.max(0, state.depth - 1);
      else return undefined;
      event.preventDefault();
      const slot = slots[state.slot]!;
      reveal(Math.min(slot.index, rows.length - 1));
      aim(dropTarget({ rows, nodes, sections }, state.drag.id, { ...slot, depth: state.depth }));
      // The places are the tree's own; dnd-kit need not move anything.
      return undefined;
    },
    [aim],
  );

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter: keyboardStep,
      keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
    }),
  );

  const finish = useCallback(() => {
    stopTracking.current?.();
    stopTracking.current = null;
    pointer.current = null;
    current.current = { drag: null, target: null, slot: 0, depth: 0 };
    setDrag(null);
    setTarget(null);
  }, []);

  const onDragStart = useCallback(
    ({ active, activatorEvent }: DragStartEvent) => {
      const id = String(active.id);
      const keyboard = typeof KeyboardEvent !== 'undefined' && activatorEvent instanceof KeyboardEvent;
      const next = { id, keyboard };
      ctx.store.getState().hover(null);
      setDrag(next);
      const { rows, nodes } = latest.current;
      const index = rows.findIndex((r) => r.id === id);
      const slots = keyboardSlots(rows, nodes);
      const slot = Math.max(
        0,
        slots.findIndex((s) => s.index === index && s.fraction === 0),
      );
      current.current = { drag: next, target: { kind: 'stay' }, slot, depth: slots[slot]?.depth ?? 0 };
      setTarget({ kind: 'stay' });
      if (keyboard) return;
      const start = activatorEvent as PointerEvent;
      pointer.current = { x: start.clientX, y: start.clientY };
      const move = (event: PointerEvent) => {
        pointer.current = { x: event.clientX, y: event.clientY };
        trackPointer();
      };
      const element = scroller.current;
      window.addEventListener('pointermove', move);
      element?.addEventListener('scroll', trackPointer, { passive: true });
      stopTracking.current = () => {
        window.removeEventListener('pointermove', move);
        element?.removeEventListener('scroll', trackPointer);
      };
    },
    [ctx, scroller, trackPointer],
  );

  const onDragEnd = useCallback(
    (_event: DragEndEvent) => {
      const chosen = current.current.target;
      ended.current = chosen;
      finish();
      if (chosen?.kind === 'component')
        void perform(ctx, moveComponent, { id: chosen.id, toContainer: chosen.container, toIndex: chosen.toIndex });
      else if (chosen?.kind === 'section') void perform(ctx, moveSection, { id: chosen.id, toIndex: chosen.toIndex });
    },
    [ctx, finish],
  );

  const nameOf = (id: string | number) => nodeName(latest.current.nodes.get(String(id)), String(id));
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${nameOf(active.id)}. Up and Down move through the drop places, Left and Right change the level, Space or Enter drops, Escape cancels.`,
    onDragOver: () => undefined,
    onDragEnd: ({ active }) => `${nameOf(active.id)}: ${describeTarget(ended.current, latest.current.nodes)}`,
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} cancelled`,
  };

  return {
    drag,
    /** Where the drop lands now: null when refused (no indicator, the not-allowed cursor). */
    target: drag ? target : null,
    dndProps: {
      sensors,
      onDragStart,
      onDragEnd,
      onDragCancel: finish,
      accessibility: {
        announcements,
        screenReaderInstructions: {
          draggable: 'To move this component, press Space, then the arrow keys; Space or Enter drops it, Escape cancels.',
        },
      },
    },
  };
}
