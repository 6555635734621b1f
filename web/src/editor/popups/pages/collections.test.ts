import { describe, expect, it } from 'vitest';
import { slugCollections, type CmsCollection } from './collections.ts';

const collection = (id: string, types: string[], internal = id.startsWith('_')): CmsCollection => ({
  id,
  name: id,
  icon: 'Blog',
  internal,
  count: 3,
  fields: types.map((type, i) => ({ id: `f${i}`, name: `Field ${i}`, type })),
});

describe('collections for a collection page', () => {
  it('are the site’s own collections that have a slug field', () => {
    const found = slugCollections([
      collection('posts', ['text', 'slug', 'richtext']),
      collection('team', ['text', 'image']),
      collection('_pages', ['text', 'slug']),
      collection('products', ['slug']),
    ]);
    expect(found.map((c) => c.id)).toEqual(['posts', 'products']);
  });

  it('leave out internal collections even when the flag is missing from the id', () => {
    expect(slugCollections([collection('hidden', ['slug'], true)])).toEqual([]);
  });
});
