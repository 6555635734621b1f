import { describe, expect, it } from 'vitest';
import { clampPosition, clampSize, initialPosition, maxSize, positionNear, resizeWithin } from './frame.ts';

const viewport = { width: 1280, height: 800 };

describe('popup frame geometry', () => {
  it('keeps 12 px from the sides and 40 px from the top', () => {
    const size = { width: 320, height: 300 };
    expect(clampPosition({ x: -50, y: 0 }, size, viewport)).toEqual({ x: 12, y: 40 });
    expect(clampPosition({ x: 5000, y: 5000 }, size, viewport)).toEqual({ x: 1280 - 12 - 320, y: 800 - 12 - 300 });
    expect(clampPosition({ x: 400.4, y: 200.6 }, size, viewport)).toEqual({ x: 400, y: 201 });
  });

  it('lets the title bar win when the popup is taller than the window', () => {
    expect(clampPosition({ x: 100, y: 300 }, { width: 320, height: 2000 }, viewport)).toEqual({ x: 100, y: 40 });
  });

  it('never goes below 320 by 240, nor beyond the viewport less its margins', () => {
    expect(clampSize({ width: 100, height: 100 }, viewport)).toEqual({ width: 320, height: 240 });
    expect(clampSize({ width: 4000, height: 4000 }, viewport)).toEqual({ width: 1256, height: 748 });
    expect(maxSize({ width: 200, height: 200 })).toEqual({ width: 320, height: 240 });
  });

  it('opens centred across and in the upper third', () => {
    const at = initialPosition({ width: 320, height: 260 }, viewport);
    expect(at.x).toBe(480);
    expect(at.y).toBeGreaterThanOrEqual(40);
    expect(at.y).toBeLessThan((800 - 260) / 2);
  });

  it('resizes from the corner within the room right of and below the popup', () => {
    expect(resizeWithin({ x: 100, y: 100 }, { width: 600, height: 400 }, viewport)).toEqual({ width: 600, height: 400 });
    expect(resizeWithin({ x: 100, y: 100 }, { width: 5000, height: 5000 }, viewport)).toEqual({
      width: 1280 - 12 - 100,
      height: 800 - 12 - 100,
    });
    expect(resizeWithin({ x: 100, y: 100 }, { width: 10, height: 10 }, viewport)).toEqual({ width: 320, height: 240 });
  });

  it('opens beside the control that opened it: to its left when there is room, else to its right', () => {
    const size = { width: 320, height: 400 };
    // A swatch in the right sidebar.
    expect(positionNear({ x: 1100, y: 200, width: 28, height: 28 }, size, viewport)).toEqual({ x: 1100 - 8 - 320, y: 200 });
    // A swatch near the left edge.
    expect(positionNear({ x: 100, y: 200, width: 28, height: 28 }, size, viewport)).toEqual({ x: 136, y: 200 });
    // Low in the window: pushed up to keep the bottom margin.
    expect(positionNear({ x: 1100, y: 700, width: 28, height: 28 }, size, viewport)).toEqual({ x: 772, y: 800 - 12 - 400 });
  });
});
