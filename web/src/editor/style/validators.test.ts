import { describe, expect, it } from 'vitest';
import {
  checkText,
  clampChannel,
  clampFluid,
  clampLength,
  clampOpacity,
  clampRange,
  comboResults,
  fieldTypeMatches,
  isUnchanged,
  parseHex,
  parseInteger,
} from './validators.ts';

describe('§5 validation rules', () => {
  it('data edits are ignored when the value is unchanged', () => {
    expect(isUnchanged('a', 'a')).toBe(true);
    expect(isUnchanged(undefined, '')).toBe(true);
    expect(isUnchanged('a', 'b')).toBe(false);
  });

  it('empty or whitespace-only strings are rejected unless the field may be empty', () => {
    expect(checkText('  ', false)).toBe('This field is required');
    expect(checkText('  ', true)).toBeNull();
    expect(checkText('x', false)).toBeNull();
  });

  it('counter value is parsed as an integer', () => {
    expect(parseInteger('42.7')).toBe(42);
    expect(parseInteger('abc')).toBeNull();
  });

  it("fluid size 'to' must stay above 'from' unless shrinking is allowed; minimum 0 (1 for aspect ratio)", () => {
    expect(clampFluid(16, 8)).toEqual({ from: 16, to: 17 });
    expect(clampFluid(16, 8, { shrink: true })).toEqual({ from: 16, to: 8 });
    expect(clampFluid(-4, 10)).toEqual({ from: 0, to: 10 });
    expect(clampFluid(0, 0, { aspectRatio: true })).toEqual({ from: 1, to: 2 });
  });

  it('fixed length stops at 0 unless negative is allowed', () => {
    expect(clampLength(-5)).toBe(0);
    expect(clampLength(-5, true)).toBe(-5);
  });

  it('range values are rounded to step and bounded by min and max', () => {
    expect(clampRange(123, { min: 100, max: 10000, step: 100 })).toBe(100);
    expect(clampRange(151, { min: 100, max: 10000, step: 100 })).toBe(200);
    expect(clampRange(20000, { min: 100, max: 10000, step: 100 })).toBe(10000);
    expect(clampRange(-999, { min: -360, max: 360 })).toBe(-360);
  });

  it("combo box shows at most 20 results, otherwise 'No results'", () => {
    const options = Array.from({ length: 35 }, (_, i) => `cursor-${i}`);
    expect(comboResults(options, 'cursor', (o) => o).results).toHaveLength(20);
    expect(comboResults(options, 'zzz', (o) => o)).toEqual({ results: [], empty: 'No results' });
  });

  it('hex color must be 6 hex digits (a leading # added)', () => {
    expect(parseHex('FF8800')).toEqual({ hex: '#ff8800' });
    expect(parseHex('#ff8800')).toEqual({ hex: '#ff8800' });
    expect(parseHex('f80')).toEqual({ error: 'Hex color must be 6 hex digits' });
  });

  it('RGB channels clamp to 0-255', () => {
    expect(clampChannel(300)).toBe(255);
    expect(clampChannel(-3)).toBe(0);
  });

  it('opacity clamps to 0-100; non-numeric becomes 100', () => {
    expect(clampOpacity(140)).toBe(100);
    expect(clampOpacity(-1)).toBe(0);
    expect(clampOpacity('abc')).toBe(100);
  });

  it('a setting bound to a CMS field needs a matching field type', () => {
    expect(fieldTypeMatches('image', 'image')).toBe(true);
    expect(fieldTypeMatches('image', 'text')).toBe(false);
    expect(fieldTypeMatches('text', 'slug')).toBe(true);
    expect(fieldTypeMatches('any', 'list')).toBe(true);
  });
});
