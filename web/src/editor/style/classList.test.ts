import { describe, expect, it } from 'vitest';
import { addClass, byVariant, pick, put, removeClass, settingLabel, splitClass } from './classList.ts';

const color = (u: string) => /^text-(primary|gray)-[ld]\d+$/.test(u);

describe('style class lists', () => {
  it('splits a class at its last top-level colon, keeping arbitrary values whole', () => {
    expect(splitClass('p-4')).toEqual({ variant: '', utility: 'p-4' });
    expect(splitClass('md:hover:bg-primary-l3')).toEqual({ variant: 'md:hover', utility: 'bg-primary-l3' });
    expect(splitClass('bg-[url(a:b)]')).toEqual({ variant: '', utility: 'bg-[url(a:b)]' });
    expect(splitClass('dark:[&_a]:underline')).toEqual({ variant: 'dark:[&_a]', utility: 'underline' });
  });

  it('groups classes by variant with base first', () => {
    expect(byVariant('dark:text-gray-d12 text-gray-l12 md:text-lg dark:font-bold')).toEqual([
      { variant: '', classes: ['text-gray-l12'] },
      { variant: 'dark', classes: ['dark:text-gray-d12', 'dark:font-bold'] },
      { variant: 'md', classes: ['md:text-lg'] },
    ]);
    expect(byVariant(undefined)).toEqual([]);
  });

  it('picks the utility of one variant that a control shows', () => {
    const value = 'text-gray-l12 dark:text-gray-d12 text-lg';
    expect(pick(value, '', color)).toBe('text-gray-l12');
    expect(pick(value, 'dark', color)).toBe('text-gray-d12');
    expect(pick(value, 'md', color)).toBeNull();
  });

  it('replaces a control’s class in place and keeps the others', () => {
    const value = 'text-gray-l12 dark:text-gray-d12 text-lg';
    expect(put(value, 'dark', color, 'text-primary-d11')).toBe('text-gray-l12 dark:text-primary-d11 text-lg');
    expect(put(value, '', color, null)).toBe('dark:text-gray-d12 text-lg');
    expect(put(undefined, 'dark', color, 'text-gray-d3')).toBe('dark:text-gray-d3');
    expect(put('text-gray-l12', '', color, null)).toBeNull();
  });

  it('adds a class once and removes it; an empty list removes the setting', () => {
    expect(addClass('p-4', 'md:p-8')).toBe('p-4 md:p-8');
    expect(addClass('p-4', 'p-4')).toBe('p-4');
    expect(removeClass('p-4 md:p-8', 'p-4')).toBe('md:p-8');
    expect(removeClass('p-4', 'p-4')).toBeNull();
  });

  it('names a setting in words', () => {
    expect(settingLabel('textColor')).toBe('Text color');
    expect(settingLabel('padding')).toBe('Padding');
  });
});
