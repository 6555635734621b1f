import { describe, expect, it } from 'vitest';
import { componentClasses, mergeClasses, overrides } from './classes.js';

describe('class merging with the product tokens', () => {
  it('keeps the last class of a conflict group at each variant', () => {
    expect(mergeClasses(['text-4xl', 'sm:text-6xl', 'lg:text-7xl', 'lg:text-6xl'])).toEqual(['text-4xl', 'sm:text-6xl', 'lg:text-6xl']);
  });

  it('tells a theme text size from a theme colour, and a size never removes a line height', () => {
    expect(mergeClasses(['text-gray-l11', 'text-text-lg', 'leading-8'])).toEqual(['text-gray-l11', 'text-text-lg', 'leading-8']);
    expect(mergeClasses(['leading-tight', 'text-4xl'])).toEqual(['leading-tight', 'text-4xl']);
    expect(mergeClasses(['text-gray-l12', 'dark:text-gray-d12', 'text-white'])).toEqual(['dark:text-gray-d12', 'text-white']);
    expect(mergeClasses(['text-text-sm', 'text-xl'])).toEqual(['text-xl']);
  });

  it('knows the theme corners, spacings and fonts', () => {
    expect(mergeClasses(['rounded-box-md', 'rounded-button-sm'])).toEqual(['rounded-button-sm']);
    expect(mergeClasses(['px-section-x', 'px-4', 'gap-gap-md', 'gap-2'])).toEqual(['px-4', 'gap-2']);
    expect(mergeClasses(['font-heading', 'font-semibold', 'font-sans'])).toEqual(['font-semibold', 'font-sans']);
    expect(mergeClasses(['bg-primary-l9', 'bg-[#ff0000]'])).toEqual(['bg-[#ff0000]']);
  });

  it('a later class replaces an earlier one only where Tailwind would', () => {
    expect(overrides('lg:text-7xl', 'lg:text-6xl')).toBe(true);
    expect(overrides('text-7xl', 'lg:text-6xl')).toBe(false);
    expect(overrides('px-4', 'p-2')).toBe(true);
    expect(overrides('p-2', 'px-4')).toBe(false);
    expect(overrides('text-7xl', 'text-[clamp(24px,calc(24px_+_24_*_(100vw_-_320px)_/_1216),48px)]')).toBe(true);
  });

  it('a component: shared style first, its own settings after, whatever they are called', () => {
    expect(
      componentClasses({ text: 'text-3xl', color: 'text-white' }, { fontSize: 'text-xl md:text-2xl', textColor: 'text-gray-l12' }, [
        'my-card',
      ]),
    ).toEqual(['md:text-2xl', 'text-3xl', 'text-white', 'my-card']);
  });
});
