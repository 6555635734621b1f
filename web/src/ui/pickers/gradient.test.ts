import { describe, expect, it } from 'vitest';
import {
  addStop,
  canRemoveStop,
  gradientClass,
  gradientCss,
  newGradient,
  parseGradientClass,
  removeStop,
  validateGradient,
} from './gradient.ts';

describe('gradient validation (spec 001 §5)', () => {
  it("a type other than linear, radial or conic throws 'Invalid gradient type'", () => {
    expect(() => validateGradient({ ...newGradient(), type: 'diamond' })).toThrow('Invalid gradient type');
    expect(() => validateGradient(null)).toThrow('Invalid gradient type');
  });

  it("a shape other than ellipse or circle throws 'Invalid radial gradient shape'", () => {
    expect(() => validateGradient({ ...newGradient(), type: 'radial', shape: 'square' })).toThrow('Invalid radial gradient shape');
  });

  it("a size other than the four CSS sizes throws 'Invalid radial gradient size'", () => {
    expect(() => validateGradient({ ...newGradient(), size: 'cover' })).toThrow('Invalid radial gradient size');
  });

  it("an interpolation outside the eleven colour spaces throws 'Invalid gradient interpolation'", () => {
    expect(() => validateGradient({ ...newGradient(), interpolation: 'cmyk' })).toThrow('Invalid gradient interpolation');
    for (const space of ['srgb', 'srgb-linear', 'lab', 'oklab', 'xyz', 'xyz-d50', 'xyz-d65', 'hsl', 'hwb', 'lch', 'oklch']) {
      expect(validateGradient({ ...newGradient(), interpolation: space }).interpolation).toBe(space);
    }
  });

  it('stop positions clamp to 0-100 % and stops without a known colour are dropped', () => {
    const g = validateGradient({
      type: 'linear',
      stops: [
        { color: 'primary-l3', opacity: 'x', position: 140 },
        { color: 'url(evil)', opacity: 100, position: 10 },
        { color: '[#ff0000]', opacity: 30, position: -5 },
      ],
    });
    expect(g.stops).toEqual([
      { color: 'primary-l3', opacity: 100, position: 100 },
      { color: '[#ff0000]', opacity: 30, position: 0 },
    ]);
    expect(g).toMatchObject({ angle: 180, x: 50, y: 50, shape: 'ellipse', size: 'farthest-corner', interpolation: 'oklab' });
  });
});

describe('gradient state rules (spec 001 §3, §4)', () => {
  it('a new gradient is linear, oklab, 180°, centred, ellipse, farthest-corner, from primary at 0 % opacity to primary at 50 %', () => {
    expect(newGradient()).toEqual({
      type: 'linear',
      angle: 180,
      x: 50,
      y: 50,
      shape: 'ellipse',
      size: 'farthest-corner',
      interpolation: 'oklab',
      stops: [
        { color: 'primary-l9', opacity: 0, position: 0 },
        { color: 'primary-l9', opacity: 50, position: 100 },
      ],
    });
  });

  it('gradients need at least 2 stops: stop removal is blocked at 2 or fewer', () => {
    const two = newGradient();
    expect(canRemoveStop(two)).toBe(false);
    expect(removeStop(two, 0)).toBe(two);
    const three = addStop(two);
    expect(three.stops).toHaveLength(3);
    expect(three.stops[2]!.position).toBe(50);
    expect(removeStop(three, 1).stops).toHaveLength(2);
  });

  it('writes CSS and a Tailwind class for each type', () => {
    const g = {
      ...newGradient(),
      stops: [
        { color: '[#ff0000]', opacity: 100, position: 0 },
        { color: 'primary-l9', opacity: 40, position: 100 },
      ],
    };
    expect(gradientCss(g)).toBe(
      'linear-gradient(in oklab 180deg, #ff0000 0%, color-mix(in oklab, var(--color-primary-l9) 40%, transparent) 100%)',
    );
    expect(gradientCss({ ...g, type: 'radial', shape: 'circle', x: 20 })).toBe(
      'radial-gradient(circle farthest-corner at 20% 50% in oklab, #ff0000 0%, color-mix(in oklab, var(--color-primary-l9) 40%, transparent) 100%)',
    );
    expect(gradientCss({ ...g, type: 'conic', angle: 90 }, { primary: { shades: { l9: '#0000ff' } } })).toBe(
      'conic-gradient(from 90deg at 50% 50% in oklab, #ff0000 0%, rgb(0 0 255 / 40%) 100%)',
    );
    expect(gradientClass(g)).toBe(
      'bg-[linear-gradient(in_oklab_180deg,#ff0000_0%,color-mix(in_oklab,var(--color-primary-l9)_40%,transparent)_100%)]',
    );
  });
});

describe('a gradient read back from its utility (the inspector stores the class)', () => {
  it('reads every type, its centre, shape, size, interpolation and stops with their opacity', () => {
    const gradients = [
      newGradient(),
      {
        ...newGradient(),
        type: 'radial' as const,
        x: 20,
        y: 70,
        shape: 'circle' as const,
        size: 'closest-side' as const,
        interpolation: 'lch' as const,
      },
      {
        ...newGradient(),
        type: 'conic' as const,
        angle: 45,
        stops: [
          { color: '[#1e40af]', opacity: 80, position: 10 },
          { color: 'white', opacity: 100, position: 60 },
          { color: 'secondary-d3', opacity: 100, position: 90 },
        ],
      },
    ];
    for (const g of gradients) expect(parseGradientClass(gradientClass(g))).toEqual(g);
  });

  it('answers null for any other utility', () => {
    expect(parseGradientClass('bg-cover')).toBeNull();
    expect(parseGradientClass('bg-primary-l9')).toBeNull();
    expect(parseGradientClass(undefined)).toBeNull();
  });
});
