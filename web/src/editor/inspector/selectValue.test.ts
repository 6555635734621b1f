import { describe, expect, it } from 'vitest';
import { selectValue } from './selectValue.ts';

const tags = [
  { value: 'h1', label: 'H1' },
  { value: 'h2', label: 'H2' },
];

describe('a select of a data setting', () => {
  it('shows its default option selected when unset, with no empty entry of the same name (Tag: H2 once)', () => {
    const shown = selectValue(tags, undefined, 'h2');
    expect(shown).toMatchObject({ value: 'h2', placeholder: null });
    expect(shown.stored('h2')).toBeNull();
    expect(shown.stored('h1')).toBe('h1');
  });

  it('shows what is set', () => {
    expect(selectValue(tags, 'h1', 'h2').value).toBe('h1');
  });

  it('offers an empty Default entry when the default is not an option', () => {
    expect(selectValue(tags, undefined, undefined)).toMatchObject({ value: '', placeholder: 'Default' });
    expect(selectValue(tags, undefined, undefined).stored('')).toBeNull();
  });
});
