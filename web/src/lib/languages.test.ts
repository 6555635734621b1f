import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, languageLabel, locText, withLocText } from './languages.ts';

describe('localized texts', () => {
  it('reads plain text as the main language, and a _loc value per language', () => {
    expect(locText('Hello', 'en', 'en')).toBe('Hello');
    expect(locText('Hello', 'fi', 'en')).toBe('');
    expect(locText({ _loc: true, en: 'Hello', fi: 'Moi' }, 'fi', 'en')).toBe('Moi');
  });

  it('writes one language, keeping plain text on a one-language site', () => {
    expect(withLocText('Hello', 'en', 'en', ['en'], 'Hi')).toBe('Hi');
    expect(withLocText('Hello', 'fi', 'en', ['en', 'fi'], 'Moi')).toEqual({ _loc: true, en: 'Hello', fi: 'Moi' });
    expect(withLocText({ _loc: true, en: 'A', fi: 'B' }, 'en', 'en', ['en', 'fi'], 'C')).toEqual({ _loc: true, en: 'C', fi: 'B' });
  });

  it('names languages, keeping an unknown code as it is', () => {
    expect(languageLabel('fi')).toBe('Finnish (fi)');
    expect(languageLabel('zz-qq-invalid-')).toBe('zz-qq-invalid-');
  });

  it('has a name for every language the pickers offer, whatever names the browser knows', () => {
    expect(languageLabel('se')).toBe('Northern Sami (se)');
    for (const code of LANGUAGE_CODES) expect(languageLabel(code)).not.toBe(code);
  });
});
