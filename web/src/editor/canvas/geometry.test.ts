import { describe, expect, it } from 'vitest';
import { PREVIEW_MARGIN, badgeInside, frameLayout, measures, toCanvas, visiblePart, widthFromDrag } from './geometry.ts';

const canvas = { width: 1000, height: 700 };

describe('frame layout', () => {
  it('fits a wide preview into the canvas, keeping the frame as tall as the canvas', () => {
    const layout = frameLayout(canvas, { previewWidth: 1280, fit: true }, 1);
    const scale = (1000 - 2 * PREVIEW_MARGIN) / 1280;
    expect(layout.scale).toBeCloseTo(scale);
    expect(layout.frame).toEqual({ width: 1280, height: 700 / scale });
    expect(layout.shown.width).toBeCloseTo(960);
    expect(layout.shown.height).toBe(700);
    expect(layout.left).toBeCloseTo(PREVIEW_MARGIN);
  });

  it('never scales a narrow preview up to fit, and centres it', () => {
    const layout = frameLayout(canvas, { previewWidth: 390, fit: true }, 1);
    expect(layout.scale).toBe(1);
    expect(layout.shown.width).toBe(390);
    expect(layout.left).toBe((1000 - 390) / 2);
    expect(layout.content.width).toBe(1000);
  });

  it('shows the target width at its size without fit, scrolling sideways when wider than the canvas', () => {
    const layout = frameLayout(canvas, { previewWidth: 1280, fit: false }, 1);
    expect(layout.scale).toBe(1);
    expect(layout.content.width).toBe(1280 + 2 * PREVIEW_MARGIN);
    expect(layout.left).toBe(PREVIEW_MARGIN);
  });

  it('multiplies the fit by the zoom', () => {
    const fitted = frameLayout(canvas, { previewWidth: 1280, fit: true }, 1).scale;
    const zoomed = frameLayout(canvas, { previewWidth: 1280, fit: true }, 0.5);
    expect(zoomed.scale).toBeCloseTo(fitted * 0.5);
    expect(zoomed.frame.height).toBeCloseTo(700 / (fitted * 0.5));
    expect(frameLayout(canvas, { previewWidth: 768, fit: false }, 2).shown.width).toBe(1536);
  });
});

describe('boxes over the frame', () => {
  it('scales a box from page px to canvas px', () => {
    expect(toCanvas({ x: 100, y: -40, width: 200, height: 50 }, 0.5)).toEqual({ x: 50, y: -20, width: 100, height: 25 });
    expect(toCanvas({ x: 10, y: 10, width: 10, height: 10 }, 2)).toEqual({ x: 20, y: 20, width: 20, height: 20 });
  });

  it('keeps the part of a box inside the frame, none when it is scrolled out or empty', () => {
    const frame = { width: 800, height: 600 };
    expect(visiblePart({ x: -10, y: -50, width: 100, height: 100 }, frame)).toEqual({ x: 0, y: 0, width: 90, height: 50 });
    expect(visiblePart({ x: 0, y: 700, width: 100, height: 100 }, frame)).toBeNull();
    expect(visiblePart({ x: 0, y: -200, width: 100, height: 100 }, frame)).toBeNull();
    expect(visiblePart({ x: 5, y: 5, width: 0, height: 0 }, frame)).toBeNull();
    expect(visiblePart({ x: 5, y: 5, width: 0, height: 20 }, frame)).toEqual({ x: 5, y: 5, width: 0, height: 20 });
  });

  it('puts the name badge inside the box at the frame’s top edge', () => {
    expect(badgeInside({ x: 0, y: 4, width: 10, height: 10 }, 18)).toBe(true);
    expect(badgeInside({ x: 0, y: 40, width: 10, height: 10 }, 18)).toBe(false);
  });
});

describe('dragging a side of the frame', () => {
  it('grows the centred frame by twice the pointer’s travel, in page px', () => {
    expect(widthFromDrag(1000, 50, 'right', 1)).toBe(1100);
    expect(widthFromDrag(1000, 50, 'left', 1)).toBe(900);
    expect(widthFromDrag(1000, -50, 'left', 0.5)).toBe(1200);
  });

  it('stays between 320 and 2560 px', () => {
    expect(widthFromDrag(400, -500, 'right', 1)).toBe(320);
    expect(widthFromDrag(2400, 500, 'right', 1)).toBe(2560);
  });
});

describe('the distance measure', () => {
  const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

  it('measures the gap to a box below and to one on the right, at the overlap', () => {
    expect(measures(box(0, 0, 100, 50), box(20, 80, 100, 50), 1)).toEqual([{ x1: 60, y1: 50, x2: 60, y2: 80, px: 30 }]);
    expect(measures(box(0, 0, 100, 50), box(130, 10, 50, 20), 1)).toEqual([{ x1: 100, y1: 20, x2: 130, y2: 20, px: 30 }]);
  });

  it('measures all four sides from a box to the box that holds it, scaled to the canvas', () => {
    const lines = measures(box(10, 20, 80, 40), box(0, 0, 100, 100), 0.5);
    expect(lines.map((l) => l.px)).toEqual([20, 40, 10, 10]);
    expect(lines[0]).toEqual({ x1: 25, y1: 0, x2: 25, y2: 10, px: 20 });
  });

  it('measures the offsets between matching edges of overlapping boxes', () => {
    expect(measures(box(0, 0, 100, 100), box(50, 20, 100, 100), 1).map((l) => l.px)).toEqual([20, 20, 50, 50]);
  });

  it('draws nothing for boxes that touch or are the same', () => {
    expect(measures(box(0, 0, 100, 50), box(0, 50, 100, 50), 1)).toEqual([]);
    expect(measures(box(0, 0, 100, 50), box(0, 0, 100, 50), 1)).toEqual([]);
  });
});
