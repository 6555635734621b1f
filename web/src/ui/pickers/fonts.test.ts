import { describe, expect, it } from 'vitest';
import { chooseFamily, filterFamilies, previewStack, toggleWeight } from './fonts.ts';

const inter = { family: 'Inter', category: 'sans-serif', normal: [100, 400, 700, 900], italic: [400, 700] };
const lobster = { family: 'Lobster', category: 'display', normal: [400], italic: [] };
const thin = { family: 'Thin Only', category: 'display', normal: [100, 200], italic: [] };

describe('font rules (spec 001 §4 "Fonts")', () => {
  it('choosing a family keeps only weights it supports', () => {
    expect(chooseFamily({ family: 'Inter', normal: [400, 700, 900], italic: [400, 700] }, lobster)).toEqual({
      family: 'Lobster',
      normal: [400],
      italic: [],
    });
  });

  it('choosing a family defaults to 400 or its first weight', () => {
    expect(chooseFamily({ family: 'X', normal: [300], italic: [] }, inter)).toEqual({ family: 'Inter', normal: [400], italic: [] });
    expect(chooseFamily({ family: 'X', normal: [400], italic: [] }, thin)).toEqual({ family: 'Thin Only', normal: [100], italic: [] });
  });

  it('weights are chosen per family, the last upright weight stays', () => {
    const font = { family: 'Inter', normal: [400], italic: [] };
    expect(toggleWeight(font, 'normal', 700)).toEqual({ family: 'Inter', normal: [400, 700], italic: [] });
    expect(toggleWeight(font, 'normal', 400)).toBe(font);
    expect(toggleWeight({ ...font, italic: [400] }, 'italic', 400).italic).toEqual([]);
  });

  it('filters by name and category, and previews with the generic family of the category', () => {
    expect(filterFamilies([inter, lobster, thin], 'o', 'display').map((f) => f.family)).toEqual(['Lobster', 'Thin Only']);
    expect(previewStack({ ...lobster, family: 'Evil"; x' })).toBe('"Evil; x", sans-serif');
  });
});
