/** Where a popup may sit (spec 001 §2 "Draggable popup frame", §9 popup margins and sizes). */
export const POPUP_MARGIN_SIDE = 12;
export const POPUP_MARGIN_TOP = 40;
/** The bottom keeps the side margin, so a popup never touches the window's edge. */
export const POPUP_MARGIN_BOTTOM = 12;
export const POPUP_MIN_WIDTH = 320;
export const POPUP_MIN_HEIGHT = 240;
export const POPUP_WIDTH = 320;

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** The largest a popup may be in this viewport (never below the minimum, even in a tiny window). */
export function maxSize(viewport: Size): Size {
  return {
    width: Math.max(POPUP_MIN_WIDTH, viewport.width - 2 * POPUP_MARGIN_SIDE),
    height: Math.max(POPUP_MIN_HEIGHT, viewport.height - POPUP_MARGIN_TOP - POPUP_MARGIN_BOTTOM),
  };
}

/** A size within the minimum and what the viewport allows. */
export function clampSize(size: Size, viewport: Size): Size {
  const max = maxSize(viewport);
  return {
    width: Math.round(Math.min(max.width, Math.max(POPUP_MIN_WIDTH, size.width))),
    height: Math.round(Math.min(max.height, Math.max(POPUP_MIN_HEIGHT, size.height))),
  };
}

/**
 * Keeps a popup of this size inside the viewport: 12 px from the sides and the bottom, 40 px from the
 * top. When it cannot fit, the top-left corner wins, so its title bar (the drag handle) stays reachable.
 */
export function clampPosition(position: Point, size: Size, viewport: Size): Point {
  const right = viewport.width - POPUP_MARGIN_SIDE - size.width;
  const bottom = viewport.height - POPUP_MARGIN_BOTTOM - size.height;
  return {
    x: Math.round(Math.max(POPUP_MARGIN_SIDE, Math.min(right, position.x))),
    y: Math.round(Math.max(POPUP_MARGIN_TOP, Math.min(bottom, position.y))),
  };
}

/** Where a popup opens: centred across, a little above the middle (a third of the free height). */
export function initialPosition(size: Size, viewport: Size): Point {
  return clampPosition(
    { x: (viewport.width - size.width) / 2, y: POPUP_MARGIN_TOP + (viewport.height - POPUP_MARGIN_TOP - size.height) / 3 },
    size,
    viewport,
  );
}

/** The size a corner drag asks for, kept within the minimum and the room right and below the popup. */
export function resizeWithin(at: Point, wanted: Size, viewport: Size): Size {
  const room = { width: viewport.width - POPUP_MARGIN_SIDE - at.x, height: viewport.height - POPUP_MARGIN_BOTTOM - at.y };
  return clampSize({ width: Math.min(room.width, wanted.width), height: Math.min(room.height, wanted.height) }, viewport);
}

export interface Rect extends Point, Size {}

/** Gap between a popup and the control that opened it. */
export const POPUP_ANCHOR_GAP = 8;

/**
 * Where a popup opened from a control (a colour swatch in the right sidebar) opens: beside it, to its
 * left when there is room (the inspector is on the right), else to its right, top-aligned with it;
 * always kept in the viewport like any popup.
 */
export function positionNear(anchor: Rect, size: Size, viewport: Size): Point {
  const left = anchor.x - POPUP_ANCHOR_GAP - size.width;
  const x = left >= POPUP_MARGIN_SIDE ? left : anchor.x + anchor.width + POPUP_ANCHOR_GAP;
  return clampPosition({ x, y: anchor.y }, size, viewport);
}
