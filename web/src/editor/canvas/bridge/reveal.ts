/**
 * Selecting a component scrolls it into view below what the page keeps stuck to the top of the
 * window (a sticky or fixed header), not under it; a component already in view does not move.
 */

/** Space kept between the cover and the component, in page px. */
export const REVEAL_GAP = 12;

/**
 * How far the window scrolls (0 for not at all) so `rect` (in viewport px) shows below `cover` px of
 * stuck header in a window `height` px tall: the nearest edge, the top when it is taller than the room.
 */
export function revealDelta(rect: { top: number; bottom: number }, cover: number, height: number): number {
  const top = cover + REVEAL_GAP;
  const bottom = height - REVEAL_GAP;
  if (rect.top >= cover && rect.bottom <= height) return 0;
  if (rect.top < top || rect.bottom - rect.top > bottom - top) return rect.top - top;
  return rect.bottom - bottom;
}

/** How much of the top of the window stuck elements cover (their lowest bottom edge), not counting `element` and what holds it. */
export function stuckCover(doc: Document, element: Element): number {
  const win = doc.defaultView!;
  const width = win.innerWidth;
  let cover = 0;
  const seen = new Set<Element>();
  for (const x of [width * 0.1, width * 0.5, width * 0.9]) {
    for (const hit of doc.elementsFromPoint(x, 1)) {
      for (let el: Element | null = hit; el && el !== doc.body && el !== doc.documentElement; el = el.parentElement) {
        if (seen.has(el)) break;
        seen.add(el);
        const position = win.getComputedStyle(el).position;
        if (position !== 'sticky' && position !== 'fixed') continue;
        if (el.contains(element)) continue;
        const box = el.getBoundingClientRect();
        if (box.top <= 1 && box.bottom > cover && box.bottom < win.innerHeight / 2) cover = box.bottom;
      }
    }
  }
  return cover;
}

/** Scrolls the window so `element` shows below the stuck header. */
export function reveal(doc: Document, element: Element, smooth: boolean): void {
  const win = doc.defaultView!;
  const rect = element.getBoundingClientRect();
  const delta = revealDelta(rect, stuckCover(doc, element), win.innerHeight);
  if (delta !== 0) win.scrollBy({ top: delta, behavior: smooth ? 'smooth' : 'auto' });
}
