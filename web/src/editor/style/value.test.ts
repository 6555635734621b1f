import { describe, expect, it } from 'vitest';
import {
  copySetting,
  inheritedFrom,
  parseValue,
  pasteSetting,
  readVariant,
  removeVariant,
  resetValue,
  serialiseValue,
  variantsOf,
  writeVariant,
} from './value.ts';

const padding = (u: string) => /^p-/.test(u);

describe('a style value', () => {
  it('parses into variant and utility and serialises back the same', () => {
    const value = 'p-4 md:p-8 hover:bg-primary-l3 md:hover:bg-[#ff0000]/50';
    expect(parseValue(value)).toEqual([
      { variant: '', utility: 'p-4' },
      { variant: 'md', utility: 'p-8' },
      { variant: 'hover', utility: 'bg-primary-l3' },
      { variant: 'md:hover', utility: 'bg-[#ff0000]/50' },
    ]);
    expect(serialiseValue(parseValue(value))).toBe(value);
  });

  it('serialises each class once, and nothing as null (the setting is removed)', () => {
    expect(serialiseValue(parseValue('p-4  p-4 md:p-8'))).toBe('p-4 md:p-8');
    expect(serialiseValue([])).toBeNull();
  });

  it('lists its variants base first, then by breakpoint, then by state', () => {
    expect(variantsOf('lg:p-2 hover:p-1 md:hover:p-3 p-4 md:p-8')).toEqual(['', 'hover', 'md', 'md:hover', 'lg']);
  });

  it('reads one variant, only the utilities the control owns', () => {
    const value = 'p-4 text-lg md:p-8 md:text-xl';
    expect(readVariant(value, 'md', padding)).toEqual(['p-8']);
    expect(readVariant(value, '', padding)).toEqual(['p-4']);
  });

  it('changes a variant in place and leaves the others', () => {
    expect(writeVariant('p-4 md:p-8 text-lg', '', ['p-2'], padding)).toBe('p-2 md:p-8 text-lg');
    expect(writeVariant('p-4 md:p-8', 'md', ['p-10'], padding)).toBe('p-4 md:p-10');
  });

  it('adds a variant at the end when it has no value yet', () => {
    expect(writeVariant('bg-primary-l9', 'md:hover', ['bg-primary-l3'])).toBe('bg-primary-l9 md:hover:bg-primary-l3');
  });

  it('removes a variant and keeps base and the rest', () => {
    expect(removeVariant('p-4 md:p-8 md:text-lg', 'md', padding)).toBe('p-4 md:text-lg');
    expect(removeVariant('p-4 md:p-8', 'md')).toBe('p-4');
    expect(removeVariant('md:p-8', 'md')).toBeNull();
  });

  it('resets to default by removing the setting', () => {
    expect(resetValue()).toBeNull();
  });

  it('says where a variant without its own value takes its look from', () => {
    const value = 'p-4 sm:p-6 hover:p-1';
    expect(inheritedFrom(value, 'lg', padding)).toEqual({ variant: 'sm', utilities: ['p-6'] });
    expect(inheritedFrom(value, 'md:hover', padding)).toEqual({ variant: 'hover', utilities: ['p-1'] });
    expect(inheritedFrom(value, 'xs:focus', padding)).toEqual({ variant: '', utilities: ['p-4'] });
    expect(inheritedFrom('', 'md', padding)).toBeNull();
  });

  it('copies a setting and pastes it onto the same setting only', () => {
    const copied = copySetting('background', 'bg-primary-l9 hover:bg-primary-l10');
    expect(pasteSetting(copied, 'background')).toEqual({ value: 'bg-primary-l9 hover:bg-primary-l10' });
    expect(pasteSetting(copied, 'padding')).toBeNull();
    expect(pasteSetting(null, 'background')).toBeNull();
  });
});

describe("a row's reset, copy and paste", () => {
  it('copy takes the classes the control owns in every variant', async () => {
    const { takeMatching } = await import('./value.ts');
    expect(takeMatching('p-4 text-lg md:p-8 hover:text-xl', padding)).toBe('p-4 md:p-8');
    expect(takeMatching('text-lg', padding)).toBeNull();
  });

  it('reset removes them and paste puts copied ones in their place, other classes kept', async () => {
    const { replaceMatching } = await import('./value.ts');
    expect(replaceMatching('p-4 text-lg md:p-8', padding, null)).toBe('text-lg');
    expect(replaceMatching('p-4 text-lg', padding, 'p-2 lg:p-10 bg-white')).toBe('text-lg p-2 lg:p-10');
  });
});
