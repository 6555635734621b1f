import { describe, expect, it } from 'vitest';
import { controlMatches, fluidValue, type StyleControl } from './controls.ts';
import { fallbacksOf, probeOf, readEffective, replaceControl, SHARED_STYLE, takeControl, writeEffective } from './effective.ts';

const SIZES = ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl', '5xl', '6xl', '7xl', '8xl', '9xl'];
const size: StyleControl = { kind: 'select', options: SIZES.map((t) => ({ value: `text-${t}`, label: t })) };
const sizeMatches = controlMatches(size);
const sizeProbe = probeOf(size);
const colour: StyleControl = { kind: 'colour', prefix: 'text-' };

/** The Bistro hero heading as the template stores it: its size under `fontSize`, the row's setting is `text`. */
const hero = { fontSize: 'text-4xl sm:text-6xl lg:text-7xl', textColor: 'text-white dark:text-white' };

describe('reading a control at a variant', () => {
  it('finds its class under any setting name', () => {
    expect(readEffective({ own: hero }, 'lg', sizeMatches, sizeProbe)).toEqual({ kind: 'set', utility: 'text-7xl' });
    expect(readEffective({ own: hero }, '', sizeMatches, sizeProbe)).toEqual({ kind: 'set', utility: 'text-4xl' });
  });

  it('shows a narrower breakpoint’s value as inherited, with where from', () => {
    expect(readEffective({ own: hero }, 'md', sizeMatches, sizeProbe)).toEqual({ kind: 'inherited', from: 'sm', utility: 'text-6xl' });
    expect(readEffective({ own: hero }, '2xl', sizeMatches, sizeProbe)).toEqual({ kind: 'inherited', from: 'lg', utility: 'text-7xl' });
    expect(readEffective({ own: hero }, 'xs', sizeMatches, sizeProbe)).toEqual({ kind: 'inherited', from: '', utility: 'text-4xl' });
    expect(readEffective({ own: hero }, 'md:hover', sizeMatches, sizeProbe)).toEqual({
      kind: 'inherited',
      from: 'sm',
      utility: 'text-6xl',
    });
    expect(readEffective({ own: {} }, 'md', sizeMatches, sizeProbe)).toEqual({ kind: 'default' });
  });

  it('shows the value the page shows when a variant holds two (the later wins)', () => {
    const twice = { fontSize: 'text-4xl lg:text-7xl', text: 'lg:text-6xl' };
    expect(readEffective({ own: twice }, 'lg', sizeMatches, sizeProbe)).toEqual({ kind: 'set', utility: 'text-6xl' });
  });

  it('reads the shared style under the node’s own classes, marked as coming from it', () => {
    const shared = { fontSize: 'text-xl md:text-3xl', textColor: 'text-gray-l12' };
    expect(readEffective({ own: { text: 'text-2xl' }, shared }, '', sizeMatches, sizeProbe)).toEqual({ kind: 'set', utility: 'text-2xl' });
    expect(readEffective({ own: { text: 'text-2xl' }, shared }, 'md', sizeMatches, sizeProbe)).toEqual({
      kind: 'inherited',
      from: SHARED_STYLE,
      utility: 'text-3xl',
    });
    expect(readEffective({ own: {}, shared }, '', controlMatches(colour))).toEqual({
      kind: 'inherited',
      from: SHARED_STYLE,
      utility: 'text-gray-l12',
    });
  });

  it('counts a value of its conflict group another control set as set there (a fluid size stops the Size control inheriting)', () => {
    const fluid = `lg:text-${fluidValue({ from: 40, to: 64 })}`;
    expect(readEffective({ own: { text: `text-4xl ${fluid}` } }, 'lg', sizeMatches, sizeProbe)).toEqual({ kind: 'set', utility: null });
  });

  it('the fallbacks of a variant, nearest first', () => {
    expect(fallbacksOf('md')).toEqual(['sm', 'xs', '']);
    expect(fallbacksOf('sm:hover')).toEqual(['xs:hover', 'hover', 'sm', 'xs', '']);
    expect(fallbacksOf('')).toEqual([]);
  });
});

describe('writing a control at a variant', () => {
  it('replaces the class at that variant wherever it is stored, so text can shrink', () => {
    expect(writeEffective(hero, 'text', 'lg', 'text-5xl', sizeMatches, sizeProbe)).toEqual([
      { setting: 'fontSize', value: 'text-4xl sm:text-6xl lg:text-5xl' },
    ]);
  });

  it('removes every duplicate of the group at that variant from all settings, in one edit', () => {
    const twice = {
      fontSize: 'text-4xl lg:text-7xl',
      text: 'lg:text-6xl font-bold',
      other: 'lg:text-[clamp(1px,calc(1px_+_1_*_(100vw_-_320px)_/_1216),2px)]',
    };
    expect(writeEffective(twice, 'text', 'lg', 'text-5xl', sizeMatches, sizeProbe)).toEqual([
      { setting: 'fontSize', value: 'text-4xl lg:text-5xl' },
      { setting: 'text', value: 'font-bold' },
      { setting: 'other', value: null },
    ]);
  });

  it('keeps other variants, other groups and the colour that shares the text- prefix', () => {
    const own = { text: 'text-primary-l11 text-lg md:text-xl' };
    expect(writeEffective(own, 'text', '', 'text-sm', sizeMatches, sizeProbe)).toEqual([
      { setting: 'text', value: 'text-primary-l11 md:text-xl text-sm' },
    ]);
  });

  it('puts a new variant beside its group’s other variants, else in the row’s setting', () => {
    expect(writeEffective(hero, 'text', 'md', 'text-5xl', sizeMatches, sizeProbe)).toEqual([
      { setting: 'fontSize', value: 'text-4xl sm:text-6xl lg:text-7xl md:text-5xl' },
    ]);
    expect(writeEffective({ textColor: 'text-white' }, 'text', 'md', 'text-5xl', sizeMatches, sizeProbe)).toEqual([
      { setting: 'text', value: 'md:text-5xl' },
    ]);
  });

  it('clearing takes the variant’s value away so it inherits again; the setting goes when empty', () => {
    expect(writeEffective(hero, 'text', 'lg', null, sizeMatches, sizeProbe)).toEqual([
      { setting: 'fontSize', value: 'text-4xl sm:text-6xl' },
    ]);
    expect(writeEffective({ fontSize: 'lg:text-7xl' }, 'text', 'lg', null, sizeMatches, sizeProbe)).toEqual([
      { setting: 'fontSize', value: null },
    ]);
  });

  it('writing the value it has already edits nothing', () => {
    expect(writeEffective(hero, 'text', 'lg', 'text-7xl', sizeMatches, sizeProbe)).toEqual([]);
  });
});

describe('a row’s reset, copy and paste across settings', () => {
  it('copy takes the control’s classes at every variant from all settings', () => {
    expect(takeControl({ fontSize: 'text-4xl sm:text-6xl', text: 'lg:text-7xl font-bold' }, sizeMatches)).toBe(
      'text-4xl sm:text-6xl lg:text-7xl',
    );
    expect(takeControl({ text: 'font-bold' }, sizeMatches)).toBeNull();
  });

  it('reset removes them everywhere; paste puts the copied ones where the group lives', () => {
    expect(replaceControl({ fontSize: 'text-4xl', text: 'lg:text-7xl font-bold' }, 'text', sizeMatches, null)).toEqual([
      { setting: 'fontSize', value: null },
      { setting: 'text', value: 'font-bold' },
    ]);
    expect(replaceControl({ fontSize: 'text-4xl', text: 'font-bold' }, 'text', sizeMatches, 'text-xl md:text-2xl')).toEqual([
      { setting: 'fontSize', value: 'text-xl md:text-2xl' },
    ]);
  });
});
