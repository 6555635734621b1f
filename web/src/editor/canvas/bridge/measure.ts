import { LIMITS, type Box, type Rect } from '../messages.ts';

export const selectorFor = (id: string) => `[data-pw-id="${CSS.escape(id)}"]`;

function rectOf(element: Element): Rect {
  const r = element.getBoundingClientRect();
  return { x: r.x, y: r.y, width: r.width, height: r.height };
}

/** The boxes of the components, in the frame's viewport; a component not on the page has none. */
export function boxesOf(doc: Document, ids: Iterable<string>): Box[] {
  const boxes: Box[] = [];
  for (const id of ids) {
    const elements = doc.querySelectorAll(selectorFor(id));
    const rects: Rect[] = [];
    for (const element of elements) {
      if (rects.length >= LIMITS.rects) break;
      rects.push(rectOf(element));
    }
    boxes.push({ id, rects });
  }
  return boxes;
}

/**
 * Reports the boxes of the tracked components at most once per animation frame, whenever something
 * may have moved them (scroll, resize, a patch, an image or font loading, a transition ending).
 */
export function createMeasure(doc: Document, report: (boxes: Box[], scroll: { x: number; y: number }) => void) {
  const win = doc.defaultView!;
  let tracked: string[] = [];
  let frame = 0;

  const flush = () => {
    frame = 0;
    report(boxesOf(doc, tracked), { x: win.scrollX, y: win.scrollY });
  };
  const schedule = () => {
    if (!frame) frame = win.requestAnimationFrame(flush);
  };

  win.addEventListener('resize', schedule);
  doc.addEventListener('scroll', schedule, { capture: true, passive: true });
  for (const type of ['load', 'transitionend', 'animationend']) doc.addEventListener(type, schedule, { capture: true });
  void doc.fonts?.ready.then(schedule);
  const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(schedule) : null;
  const observe = () => {
    if (!observer) return;
    observer.disconnect();
    observer.observe(doc.documentElement);
    for (const id of tracked) for (const element of doc.querySelectorAll(selectorFor(id))) observer.observe(element);
  };

  return {
    track(ids: string[]) {
      tracked = ids;
      observe();
      schedule();
    },
    /** After the document changed: elements may be new, so they are observed again. */
    changed() {
      observe();
      schedule();
    },
    schedule,
  };
}
