/**
 * What an action shows on the editor's canvas before its edit answers (issue 29: offline, the answer
 * may be minutes away). The editor's canvas registers itself when it opens (editor/canvas/instantStyle.ts
 * `setInstantCanvas`); without one (a test of the actions, the canvas still loading) nothing shows early.
 */
export interface CanvasNow {
  /** Hides a deleted component now; `settle(ok)` ends it, a refused delete shows the component again. */
  showRemoval(id: string): { settle: (ok: boolean) => void };
}

let canvas: CanvasNow | null = null;

export function setCanvasNow(next: CanvasNow | null): void {
  canvas = next;
}

export function showRemovalNow(id: string): { settle: (ok: boolean) => void } {
  return canvas ? canvas.showRemoval(id) : { settle: () => undefined };
}
