import { describe, expect, it } from 'vitest';
import { COMPONENT_CATEGORIES, COMPONENT_KINDS, componentCategory, searchComponents } from './catalog.ts';

const types = (query: string) => searchComponents(query).map((k) => k.type);

describe('component catalogue', () => {
  it('has the eight categories of the spec, in its order', () => {
    expect(COMPONENT_CATEGORIES.map((c) => c.id)).toEqual([
      'container',
      'text',
      'media',
      'cta',
      'navigation',
      'form',
      'schemaorg',
      'other',
    ]);
  });

  it('puts every type in exactly one category, as spec 001 §3 lists them', () => {
    const listed = COMPONENT_CATEGORIES.flatMap((c) => c.types);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(Object.keys(COMPONENT_KINDS).sort());
    expect(COMPONENT_CATEGORIES.find((c) => c.id === 'cta')!.types).toEqual(['button', 'link', 'social']);
    expect(COMPONENT_CATEGORIES.find((c) => c.id === 'container')!.types).toEqual(['layout-h', 'layout-v', 'layout-grid2', 'layout-grid3']);
    expect(componentCategory('youtube')?.id).toBe('media');
  });

  it('gives each type a readable label and an icon', () => {
    for (const kind of Object.values(COMPONENT_KINDS)) {
      expect(kind.label).toMatch(/^[A-Z]/);
      expect(kind.icon.body.length).toBeGreaterThan(0);
    }
    expect(COMPONENT_KINDS.deviceMockup.label).toBe('Device mockup');
  });
});

describe('component search', () => {
  it('finds nothing for an empty query', () => {
    expect(types('')).toEqual([]);
    expect(types('   ')).toEqual([]);
  });

  it('matches the start of words in the label, the type, the category and keywords, case-insensitively', () => {
    expect(types('HEAD')).toEqual(['heading']);
    expect(types('grid')).toEqual(['layout-grid2', 'layout-grid3']);
    expect(types('device mock')).toEqual(['deviceMockup']);
    expect(types('maps')).toEqual(['googleMaps']);
    expect(types('dropdown')).toEqual(['select']);
    expect(types('xyz')).toEqual([]);
  });

  it('puts labels that start with the query first, then the catalogue order', () => {
    expect(types('text')[0]).toBe('text');
    expect(types('text area')[0]).toBe('textarea');
    const media = types('media');
    expect(media.slice(0, 3)).toEqual(['image', 'gallery', 'video']);
    expect(types('form')[0]).toBe('form');
  });

  it('requires every word to match', () => {
    expect(types('schema blog')).toEqual(['schemaOrg-blog']);
    expect(types('image zebra')).toEqual([]);
  });
});
