import { describe, expect, it } from 'vitest';
import { formatScreenMap, parseScreenMap, toggleLanguage } from './choices.ts';

describe('language picker rules (spec 001 §2)', () => {
  it('respects a maximum count', () => {
    expect(toggleLanguage(['en', 'fi'], 'sv', { max: 2, allowEmpty: true })).toEqual(['en', 'fi']);
    expect(toggleLanguage(['en'], 'sv', { max: 2, allowEmpty: true })).toEqual(['en', 'sv']);
    expect(toggleLanguage(['en'], 'sv', { max: 1, allowEmpty: false })).toEqual(['sv']);
    expect(toggleLanguage(['en'], 'sv', { max: null, allowEmpty: false })).toEqual(['en', 'sv']);
  });

  it('may be emptied when allowed', () => {
    expect(toggleLanguage(['en'], 'en', { max: null, allowEmpty: true })).toEqual([]);
    expect(toggleLanguage(['en'], 'en', { max: null, allowEmpty: false })).toEqual(['en']);
  });
});

describe('screen area (spec 000 §2)', () => {
  it('four corner points stored as eight comma-separated fractions (0 to 1)', () => {
    expect(parseScreenMap('0.1,0.2,0.9,0.2,0.9,0.8,0.1,0.8')).toEqual([
      { x: 0.1, y: 0.2 },
      { x: 0.9, y: 0.2 },
      { x: 0.9, y: 0.8 },
      { x: 0.1, y: 0.8 },
    ]);
    expect(formatScreenMap(parseScreenMap('-1,2,0.5,0.5,0.123456,1,0,0'))).toBe('0,1,0.5,0.5,0.1235,1,0,0');
    expect(formatScreenMap(parseScreenMap('nonsense'))).toBe('0,0,1,0,1,1,0,1');
  });
});
