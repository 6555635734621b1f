import { PREVIEW_MAX, PREVIEW_MIN } from '../store/prefs.ts';
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
