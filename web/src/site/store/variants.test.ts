import { describe, expect, it } from 'vitest';
import {
  BREAKPOINTS,
  breakpointAt,
  breakpointWidth,
  compareVariants,
  forcedStateOf,
  parseVariant,
  STATES,
  variantAtWidth,
  variantKey,
} from './variants.ts';

describe('style variants', () => {
  it('has the editor breakpoint list base, xs, sm, md, lg, xl, 2xl at 440-1536 px', () => {
    expect(BREAKPOINTS.map((b) => b.name)).toEqual(['base', 'xs', 'sm', 'md', 'lg', 'xl', '2xl']);
    expect(BREAKPOINTS.map((b) => b.width)).toEqual([null, 440, 640, 768, 1024, 1280, 1536]);
  });

  it('offers the states of the spec', () => {
    for (const s of ['hover', 'focus', 'group-hover', 'open', 'first', 'last', 'odd', 'even', 'nav-active', 'dark'])
      expect(STATES).toContain(s);
  });

  it('writes breakpoint × state as a prefix, breakpoint first, base as nothing', () => {
    expect(variantKey({ breakpoint: 'base', state: null })).toBe('');
    expect(variantKey({ breakpoint: 'md', state: null })).toBe('md');
    expect(variantKey({ breakpoint: 'base', state: 'hover' })).toBe('hover');
    expect(variantKey({ breakpoint: 'md', state: 'hover' })).toBe('md:hover');
  });

  it('reads prefixes back, group-hover with its group, and refuses what the bar cannot show', () => {
    expect(parseVariant('md:hover')).toEqual({ breakpoint: 'md', state: 'hover' });
    expect(parseVariant('group-hover/card')).toEqual({ breakpoint: 'base', state: 'group-hover/card' });
    expect(parseVariant('2xl')).toEqual({ breakpoint: '2xl', state: null });
    expect(parseVariant('hover:focus')).toBeNull();
    expect(parseVariant('md:lg')).toBeNull();
    expect(parseVariant('dark:md:hover')).toBeNull();
    expect(parseVariant('[&>p]')).toBeNull();
  });

  it('shows a breakpoint at its own width and forces hover and focus on the canvas', () => {
    expect(breakpointWidth('md')).toBe(768);
    expect(breakpointWidth('base')).toBe(320);
    expect(forcedStateOf('md:hover')).toBe('hover');
    expect(forcedStateOf('focus')).toBe('focus');
    expect(forcedStateOf('group-hover/card')).toBe('group-hover');
    expect(forcedStateOf('md')).toBeNull();
    expect(forcedStateOf('odd')).toBeNull();
  });

  it('the canvas width and the edited variant are one selection: the widest breakpoint the width reaches, the state kept', () => {
    expect(breakpointAt(320)).toBe('base');
    expect(breakpointAt(439)).toBe('base');
    expect(breakpointAt(768)).toBe('md');
    expect(breakpointAt(1100)).toBe('lg');
    expect(breakpointAt(1280)).toBe('xl');
    expect(variantAtWidth('sm:hover', 1280)).toBe('xl:hover');
    expect(variantAtWidth('lg', 320)).toBe('');
    expect(variantAtWidth('focus', 768)).toBe('md:focus');
    for (const b of BREAKPOINTS) expect(breakpointAt(breakpointWidth(b.name))).toBe(b.name);
  });

  it('orders variants base, breakpoints, then states', () => {
    expect(['lg', 'md:hover', '', 'hover', 'md'].sort(compareVariants)).toEqual(['', 'hover', 'md', 'md:hover', 'lg']);
  });
});
