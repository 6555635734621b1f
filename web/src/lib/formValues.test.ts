import { describe, expect, it } from 'vitest';
import { bodyFrom, sameValue } from './formValues.ts';

describe('settings form', () => {
  it('makes the PATCH body from changed paths, grouping objects', () => {
    const changes = new Map<string, unknown>([
      ['name', 'Bakery'],
      ['compile.domain', 'www.example.com'],
      ['compile.https', false],
      ['social.github', ''],
      ['title', { _loc: true, en: 'Hi', fi: 'Moi' }],
    ]);
    expect(bodyFrom(changes)).toEqual({
      name: 'Bakery',
      compile: { domain: 'www.example.com', https: false },
      social: { github: '' },
      title: { _loc: true, en: 'Hi', fi: 'Moi' },
    });
  });

  it('counts an unset value and an empty text as the same, and compares objects by value', () => {
    expect(sameValue(undefined, '')).toBe(true);
    expect(sameValue(null, undefined)).toBe(true);
    expect(sameValue({ _loc: true, en: 'a' }, { _loc: true, en: 'a' })).toBe(true);
    expect(sameValue(['en'], ['en', 'fi'])).toBe(false);
    expect(sameValue(false, undefined)).toBe(false);
  });
});
