import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFS, parseViewPrefs } from './prefs.ts';

describe('the persisted view preferences', () => {
  it('default to a 1280 px preview that fits the screen, light, tiles of 150', () => {
    expect(parseViewPrefs(null)).toEqual({ previewWidth: 1280, fit: true, appearance: 'light', tileWidth: 150 });
  });

  it('keep stored values that are well formed', () => {
    expect(parseViewPrefs(JSON.stringify({ previewWidth: 768, fit: false, appearance: 'dark', tileWidth: 200 }))).toEqual({
      previewWidth: 768,
      fit: false,
      appearance: 'dark',
      tileWidth: 200,
    });
  });

  it('ignore broken or out-of-range values (local storage can be edited by hand)', () => {
    expect(parseViewPrefs('{not json')).toEqual(DEFAULT_PREFS);
    expect(parseViewPrefs(JSON.stringify({ previewWidth: 99999, appearance: 'neon', fit: 'yes', tileWidth: -1 }))).toEqual(DEFAULT_PREFS);
  });
});
