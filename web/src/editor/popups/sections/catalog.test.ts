import { describe, expect, it } from 'vitest';
import { countByCategory, SECTION_CATEGORIES } from './catalog.ts';

describe('section categories', () => {
  it('are the 21 of the spec, in its order, each with a label and an icon', () => {
    expect(SECTION_CATEGORIES).toHaveLength(21);
    expect(SECTION_CATEGORIES.map((c) => c.id).slice(0, 3)).toEqual(['navigation', 'hero', 'legal']);
    expect(SECTION_CATEGORIES.every((c) => c.label && c.icon.body)).toBe(true);
  });

  it('count the designs of each, zero where the library has none', () => {
    const counts = countByCategory([
      { id: 'hero-split', name: 'Split hero', category: 'hero', count: 8 },
      { id: 'hero-centered', name: 'Centered hero', category: 'hero', count: 6 },
      { id: 'faq-accordion', name: 'FAQ accordion', category: 'faq', count: 9 },
    ]);
    expect(counts.get('hero')).toBe(2);
    expect(counts.get('faq')).toBe(1);
    expect(counts.get('navigation')).toBe(0);
    expect(counts.size).toBe(21);
  });
});
