import { describe, expect, it } from 'vitest';
import { controlMatches, evaluateLength, likelyUtilities, readControl, writeControl, type StyleControl } from './controls.ts';

const opacity: StyleControl = { kind: 'range', prefix: 'opacity-', min: 0, max: 100, step: 5 };
const rotate: StyleControl = { kind: 'range', prefix: 'rotate-', min: -360, max: 360 };
const blur: StyleControl = { kind: 'range', prefix: 'blur-', min: 0, max: 100, unit: 'px' };
const width: StyleControl = { kind: 'length', prefix: 'w-', tokens: ['auto', 'full', 'screen'] };
const margin: StyleControl = { kind: 'length', prefix: 'mt-', negative: true };
const fluid: StyleControl = { kind: 'fluid', prefix: 'text-' };
const bg: StyleControl = { kind: 'colour', prefix: 'bg-' };
const align: StyleControl = {
  kind: 'pill',
  options: [
    { value: 'items-start', label: 'Start' },
    { value: 'items-center', label: 'Center' },
  ],
};

describe('style controls', () => {
  it('range maps a number to a utility, rounded to step and bounded', () => {
    expect(writeControl(opacity, '52')).toEqual({ utility: 'opacity-50' });
    expect(writeControl(opacity, '140')).toEqual({ utility: 'opacity-100' });
    expect(readControl(opacity, 'opacity-50')).toBe('50');
  });

  it('range writes negatives with a leading minus and reads them back', () => {
    expect(writeControl(rotate, '-45')).toEqual({ utility: '-rotate-45' });
    expect(readControl(rotate, '-rotate-45')).toBe('-45');
    expect(controlMatches(rotate)('-rotate-45')).toBe(true);
  });

  it('range with a unit writes an arbitrary value', () => {
    expect(writeControl(blur, '4')).toEqual({ utility: 'blur-[4px]' });
    expect(readControl(blur, 'blur-[4px]')).toBe('4');
    expect(controlMatches(blur)('blur-[4px]')).toBe(true);
  });

  it('range on a property without a utility writes an arbitrary property', () => {
    const loop: StyleControl = { kind: 'range', prefix: '', property: 'animation-duration', unit: 's', min: 1, max: 60 };
    expect(writeControl(loop, '90')).toEqual({ utility: '[animation-duration:60s]' });
    expect(readControl(loop, '[animation-duration:3s]')).toBe('3');
    expect(controlMatches(loop)('[animation-duration:3s]')).toBe(true);
  });

  it("colour takes the picker's bracketed hex too", () => {
    expect(writeControl(bg, '[#AABBCC]/80')).toEqual({ utility: 'bg-[#aabbcc]/80' });
  });

  it('length takes units, arithmetic and tokens', () => {
    expect(writeControl(width, '24')).toEqual({ utility: 'w-[24px]' });
    expect(writeControl(width, '2rem')).toEqual({ utility: 'w-[2rem]' });
    expect(writeControl(width, '16+8')).toEqual({ utility: 'w-[24px]' });
    expect(writeControl(width, 'full')).toEqual({ utility: 'w-full' });
    expect(readControl(width, 'w-[50%]')).toBe('50%');
    expect(controlMatches(width)('w-full')).toBe(true);
    expect(controlMatches(width)('w-[50%]')).toBe(true);
    expect(controlMatches(width)('whitespace-nowrap')).toBe(false);
    expect(evaluateLength('3*4')).toEqual({ amount: 12, unit: 'px' });
  });

  it('length stops at 0 unless negative is allowed', () => {
    expect(writeControl(width, '-10')).toEqual({ utility: 'w-[0px]' });
    expect(writeControl(margin, '-10')).toEqual({ utility: '-mt-[10px]' });
    expect(readControl(margin, '-mt-[10px]')).toBe('-10px');
  });

  it('fluid writes from|to as a clamp and reads it back', () => {
    const written = writeControl(fluid, '16|32');
    expect(written).toEqual({ utility: 'text-[clamp(16px,calc(16px_+_16_*_(100vw_-_320px)_/_1216),32px)]' });
    expect(readControl(fluid, (written as { utility: string }).utility)).toBe('16|32');
    expect(controlMatches(fluid)((written as { utility: string }).utility)).toBe(true);
    expect(controlMatches(fluid)('text-lg')).toBe(false);
  });

  it('colour writes theme shades and hex with opacity', () => {
    expect(writeControl(bg, 'primary-l5')).toEqual({ utility: 'bg-primary-l5' });
    expect(writeControl(bg, 'ff0000/50')).toEqual({ utility: 'bg-[#ff0000]/50' });
    expect(writeControl(bg, '#12zz00')).toEqual({ error: 'Hex color must be 6 hex digits' });
    expect(readControl(bg, 'bg-primary-l5/40')).toBe('primary-l5/40');
    expect(controlMatches(bg)('bg-cover')).toBe(false);
  });

  it('pill and select set only their options; empty clears', () => {
    expect(writeControl(align, 'items-center')).toEqual({ utility: 'items-center' });
    expect(writeControl(align, 'bogus')).toEqual({ error: 'Choose one of the options' });
    expect(writeControl(align, '')).toEqual({ utility: null });
  });
});

describe('likelyUtilities (the rules asked for before a value is picked)', () => {
  it("are a stepped range's stops, each one the control itself writes and reads", () => {
    const stops = likelyUtilities(opacity);
    expect(stops).toHaveLength(21);
    expect(stops.slice(0, 3)).toEqual(['opacity-0', 'opacity-5', 'opacity-10']);
    const own = controlMatches(opacity);
    expect(stops.every((u) => own(u))).toBe(true);
  });

  it('are the options of a menu and the theme colours of a colour control, none for free values', () => {
    const select: StyleControl = {
      kind: 'select',
      options: [
        { value: 'block', label: 'Block' },
        { value: 'flex', label: 'Flex' },
      ],
    };
    expect(likelyUtilities(select)).toEqual(['block', 'flex']);
    const colours = likelyUtilities({ kind: 'colour', prefix: 'bg-' });
    expect(colours).toContain('bg-primary-l3');
    expect(colours).toContain('bg-white');
    expect(likelyUtilities({ kind: 'fluid', prefix: 'text-' })).toEqual([]);
    expect(likelyUtilities({ kind: 'range', prefix: 'rotate-', min: -360, max: 360 })).toEqual([]);
  });
});
