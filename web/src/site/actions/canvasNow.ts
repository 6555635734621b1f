/**
 * What an action shows on the editor's canvas before its edit answers (issue 29: offline, the answer
 * may be minutes away). The editor's canvas registers itself when it opens (editor/canvas/instantStyle.ts
 * `setInstantCanvas`); without one (a test of the actions, the canvas still loading) nothing shows early.
 */

import type { Place } from '../store/places.ts';

/** Where a component shows: right after or before another, or in a container at an index (null: last). */
export type InsertAt = { after: string } | { before: string } | { into: string; index: number | null };

/** A change shown ahead of its answer: `settle(ok)` ends it, and a refused edit (`ok` false) is taken back. */
export interface Shown {
  settle: (ok: boolean) => void;
}

export interface CanvasNow {
  /** Hides a deleted component now. */
  showRemoval(id: string): Shown;
  /** Shows a component moved (an index counts the children once it has left its place). */
  showMove(id: string, at: InsertAt): Shown;
  /** Shows an added component now: a copy of component `copy`, or a placeholder saying `label`. */
  showInsert(copy: string | null, label: string, at: InsertAt): Shown;
}

let canvas: CanvasNow | null = null;
const nothing: Shown = { settle: () => undefined };

export function setCanvasNow(next: CanvasNow | null): void {
  canvas = next;
}

export function showRemovalNow(id: string): Shown {
  return canvas ? canvas.showRemoval(id) : nothing;
}

export function showMoveNow(id: string, at: InsertAt): Shown {
  return canvas ? canvas.showMove(id, at) : nothing;
}

export function showInsertNow(copy: string | null, label: string, at: InsertAt): Shown {
  return canvas ? canvas.showInsert(copy, label, at) : nothing;
}

/**
 * The options of an edit that adds or moves something: what the lists count (`places`), and what shows
 * ahead of the answer settles when the answer (or the refusal) comes, before its page patch.
 */
export const settling = (places: Place[], ...shown: Shown[]) => ({
  structure: true,
  places,
  answered: (ok: boolean) => shown.forEach((each) => each.settle(ok)),
});
