import { PREVIEW_MAX, PREVIEW_MIN } from '../../site/store/prefs.ts';
import type { Rect } from './messages.ts';

/** Grey canvas on each side of the frame (spec 001 §4 "Preview margin offset 20 px"); the resize handles sit in it. */
export const PREVIEW_MARGIN = 20;

export interface Size {
  width: number;
  height: number;
}

/** Where and how large the frame is drawn in the canvas. */
export interface FrameLayout {
  /** Canvas px per page px: the fit factor times the zoom. */
  scale: number;
  /** The frame's own size in page px (its viewport: `width` is the preview width). */
  frame: Size;
  /** The frame's size on screen, after scaling. */
  shown: Size;
  /** The scrollable content of the canvas: the shown frame and its margins, at least the canvas itself. */
  content: Size;
  /** The frame's left edge in the content (centred when narrower than the canvas). */
  left: number;
}

/**
 * Lays the frame out in a canvas of `available` size: `previewWidth` page px wide, scaled down to fit
 * the width when `fit` is on (never up), times `zoom`; as tall as the canvas whatever the scale, so
 * the page scrolls inside the frame.
 */
export function frameLayout(available: Size, view: { previewWidth: number; fit: boolean }, zoom: number): FrameLayout {
  const room = Math.max(1, available.width - 2 * PREVIEW_MARGIN);
  const fitted = view.fit ? Math.min(1, room / view.previewWidth) : 1;
  const scale = fitted * zoom;
  const shownWidth = view.previewWidth * scale;
  const shownHeight = Math.max(1, available.height);
  const contentWidth = Math.max(available.width, shownWidth + 2 * PREVIEW_MARGIN);
  return {
    scale,
    frame: { width: view.previewWidth, height: shownHeight / scale },
    shown: { width: shownWidth, height: shownHeight },
    content: { width: contentWidth, height: shownHeight },
    left: (contentWidth - shownWidth) / 2,
  };
}

/** A box in the page's viewport (page px) as drawn over the frame (canvas px). */
export function toCanvas(rect: Rect, scale: number): Rect {
  return { x: rect.x * scale, y: rect.y * scale, width: rect.width * scale, height: rect.height * scale };
}

/** The part of a box inside the visible frame, or null when none of it shows (or it has no size). */
export function visiblePart(rect: Rect, bounds: Size): Rect | null {
  if (rect.width <= 0 && rect.height <= 0) return null;
  const x = Math.max(0, rect.x);
  const y = Math.max(0, rect.y);
  const right = Math.min(bounds.width, rect.x + rect.width);
  const bottom = Math.min(bounds.height, rect.y + rect.height);
  if (right < x || bottom < y || right <= 0 || bottom <= 0 || x >= bounds.width || y >= bounds.height) return null;
  return { x, y, width: right - x, height: bottom - y };
}

/** The name badge sits above the outline, or inside its top edge when there is no room above. */
export function badgeInside(rect: Rect, badgeHeight: number): boolean {
  return rect.y < badgeHeight;
}

/**
 * The preview width while dragging a side handle: the frame stays centred, so the width grows by
 * twice the pointer's travel (in page px, hence divided by the scale), clamped to the allowed range.
 */
export function widthFromDrag(startWidth: number, dx: number, side: 'left' | 'right', scale: number): number {
  const travel = ((side === 'right' ? dx : -dx) * 2) / scale;
  return Math.round(Math.min(PREVIEW_MAX, Math.max(PREVIEW_MIN, startWidth + travel)));
}

/** One distance the measure tool draws: a line from (x1, y1) to (x2, y2) and its length in page px. */
export interface Measure {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  px: number;
}

/**
 * The distances between the selected box and the hovered one (Webflow's and Figma's distance measure):
 * the gap on each side where they do not overlap, or from each inner edge to the outer box's edge when
 * one holds the other. Lengths are in the page's px (`scale` turns the drawn lines into canvas px).
 */
export function measures(selected: Rect, hovered: Rect, scale: number): Measure[] {
  const out: Measure[] = [];
  const cx = (Math.max(selected.x, hovered.x) + Math.min(selected.x + selected.width, hovered.x + hovered.width)) / 2;
  const cy = (Math.max(selected.y, hovered.y) + Math.min(selected.y + selected.height, hovered.y + hovered.height)) / 2;
  const midX = selected.x + selected.width / 2;
  const midY = selected.y + selected.height / 2;
  const vertical = (from: number, to: number, x: number) => {
    if (to - from > 0.5) out.push({ x1: x * scale, y1: from * scale, x2: x * scale, y2: to * scale, px: Math.round(to - from) });
  };
  const horizontal = (from: number, to: number, y: number) => {
    if (to - from > 0.5) out.push({ x1: from * scale, y1: y * scale, x2: to * scale, y2: y * scale, px: Math.round(to - from) });
  };
  const [sTop, sBottom, sLeft, sRight] = [selected.y, selected.y + selected.height, selected.x, selected.x + selected.width];
  const [hTop, hBottom, hLeft, hRight] = [hovered.y, hovered.y + hovered.height, hovered.x, hovered.x + hovered.width];
  const overlapX = Math.min(sRight, hRight) > Math.max(sLeft, hLeft);
  const overlapY = Math.min(sBottom, hBottom) > Math.max(sTop, hTop);
  const inside = (a: Rect, b: Rect) => a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height;

  if (inside(selected, hovered) || inside(hovered, selected)) {
    const [inner, outer] = inside(selected, hovered) ? [selected, hovered] : [hovered, selected];
    const ix = inner.x + inner.width / 2;
    const iy = inner.y + inner.height / 2;
    vertical(outer.y, inner.y, ix);
    vertical(inner.y + inner.height, outer.y + outer.height, ix);
    horizontal(outer.x, inner.x, iy);
    horizontal(inner.x + inner.width, outer.x + outer.width, iy);
    return out;
  }
  const x = overlapX ? cx : midX;
  const y = overlapY ? cy : midY;
  if (overlapX && overlapY) {
    // Overlapping without one holding the other: the offsets between their matching edges.
    vertical(Math.min(sTop, hTop), Math.max(sTop, hTop), x);
    vertical(Math.min(sBottom, hBottom), Math.max(sBottom, hBottom), x);
    horizontal(Math.min(sLeft, hLeft), Math.max(sLeft, hLeft), y);
    horizontal(Math.min(sRight, hRight), Math.max(sRight, hRight), y);
    return out;
  }
  if (hBottom <= sTop) vertical(hBottom, sTop, x);
  if (hTop >= sBottom) vertical(sBottom, hTop, x);
  if (hRight <= sLeft) horizontal(hRight, sLeft, y);
  if (hLeft >= sRight) horizontal(sRight, hLeft, y);
  return out;
}
