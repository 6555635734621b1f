import { describe, expect, it } from 'vitest';
import {
  clampChannel,
  clampOpacity,
  cssColor,
  formatColorValue,
  hexToHsv,
  hexToRgb,
  hsvToHex,
  normalizeHex,
  parseColorValue,
  rgbToHex,
  tokenToHex,
} from './color.ts';

const colors = { primary: { shades: { l5: '#a5b4fc', d3: '#1e1b4b' } }, gray: { shades: { d3: '#222222' } } };

describe('colour validation (spec 001 §5)', () => {
  it('hex color must be 6 hex digits, a leading # added', () => {
    expect(normalizeHex('1E40AF')).toBe('#1e40af');
    expect(normalizeHex('#1e40af')).toBe('#1e40af');
    expect(normalizeHex(' 1e40af ')).toBe('#1e40af');
    expect(normalizeHex('fff')).toBeNull();
    expect(normalizeHex('12zz56')).toBeNull();
    expect(normalizeHex('#1234567')).toBeNull();
  });

  it('RGB channels clamp to 0-255', () => {
    expect(clampChannel('300')).toBe(255);
    expect(clampChannel('-4')).toBe(0);
    expect(clampChannel(127.6)).toBe(128);
    expect(clampChannel('abc')).toBe(0);
  });

  it('opacity clamps to 0-100; non-numeric becomes 100', () => {
    expect(clampOpacity('150')).toBe(100);
    expect(clampOpacity('-3')).toBe(0);
    expect(clampOpacity('45%')).toBe(45);
    expect(clampOpacity('half')).toBe(100);
    expect(clampOpacity('')).toBe(100);
  });
});

describe('colour conversions', () => {
  it('goes from hex to RGB and back', () => {
    expect(hexToRgb('#1e40af')).toEqual({ r: 30, g: 64, b: 175 });
    expect(rgbToHex({ r: 30, g: 64, b: 175 })).toBe('#1e40af');
    expect(rgbToHex({ r: 300, g: -1, b: 15 })).toBe('#ff000f');
  });

  it('goes from hex to hue/saturation/value and back without drift', () => {
    expect(hexToHsv('#ff0000')).toEqual({ h: 0, s: 1, v: 1 });
    expect(hexToHsv('#00ff00').h).toBe(120);
    expect(hexToHsv('#000000')).toEqual({ h: 0, s: 0, v: 0 });
    for (const hex of ['#1e40af', '#9a3412', '#ffffff', '#7f7f7f', '#10b981', '#ff00ff']) expect(hsvToHex(hexToHsv(hex))).toBe(hex);
  });
});

describe('colour values of the style model', () => {
  it('reads and writes theme shades, fixed colours and arbitrary colours, each with an opacity', () => {
    expect(parseColorValue('primary-l5')).toEqual({ kind: 'token', token: 'primary-l5', opacity: 100 });
    expect(parseColorValue('gray-d3/40')).toEqual({ kind: 'token', token: 'gray-d3', opacity: 40 });
    expect(parseColorValue('white')).toEqual({ kind: 'token', token: 'white', opacity: 100 });
    expect(parseColorValue('[#1E40AF]/80')).toEqual({ kind: 'hex', hex: '#1e40af', opacity: 80 });
    expect(formatColorValue({ kind: 'token', token: 'primary-l5', opacity: 100 })).toBe('primary-l5');
    expect(formatColorValue({ kind: 'token', token: 'primary-l5', opacity: 50 })).toBe('primary-l5/50');
    expect(formatColorValue({ kind: 'hex', hex: '#1e40af', opacity: 80 })).toBe('[#1e40af]/80');
  });

  it('refuses what is not a colour (shades past 12, markup, url())', () => {
    for (const bad of ['primary-l13', 'primary-l0', 'primary', '[url(x)]', '[#fff]', 'primary-l5/abc', '<b>', 'red-500']) {
      expect(parseColorValue(bad), bad).toBeNull();
    }
  });

  it('finds the hex of a theme shade, never through the prototype', () => {
    expect(tokenToHex('primary-l5', colors)).toBe('#a5b4fc');
    expect(tokenToHex('black', colors)).toBe('#000000');
    expect(tokenToHex('constructor-l1', colors)).toBeUndefined();
    expect(tokenToHex('primary-l12', colors)).toBeUndefined();
    expect(cssColor(parseColorValue('primary-l5/50'), colors)).toBe('rgba(165, 180, 252, 0.5)');
    expect(cssColor(parseColorValue('transparent'), colors)).toBe('transparent');
  });
});
