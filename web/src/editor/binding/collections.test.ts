import { describe, expect, it } from 'vitest';
import type { PagewrightClient } from '@pagewright/sdk';
import { FIRST_ITEMS, loadCollections } from './collections.ts';

/** A client that answers the two CMS calls the group makes, and records what was asked. */
function fakeApi(collections: Array<{ id: string; count: number }>) {
  const asked: Array<{ path: string; query?: Record<string, unknown> }> = [];
  const api = {
    GET(path: string, init: { params: { path: { collection?: string }; query?: Record<string, unknown> } }) {
      asked.push({ path: path.replace('{collection}', init.params.path.collection ?? ''), query: init.params.query });
      if (path === '/sites/{siteId}/content')
        return Promise.resolve({
          data: collections.map((c) => ({
            id: c.id,
            name: c.id,
            icon: 'Blog',
            internal: false,
            fields: [{ id: 'title', type: 'text' }],
            count: c.count,
          })),
        });
      const limit = Number(init.params.query?.limit);
      const count = collections.find((c) => c.id === init.params.path.collection)!.count;
      return Promise.resolve({
        data: { total: count, items: Array.from({ length: Math.min(limit, count) }, (_, i) => ({ _id: i + 1, title: `Item ${i + 1}` })) },
      });
    },
  } as unknown as PagewrightClient;
  return { api, asked };
}

describe('the collections the CMS group reads', () => {
  it('are the list of collections and one page of each one’s items, never the whole collection', async () => {
    const { api, asked } = fakeApi([
      { id: 'products', count: 1_000_000 },
      { id: 'empty', count: 0 },
      { id: 'team', count: 5 },
    ]);
    const { collections } = await loadCollections(api, 'site');
    expect(asked).toEqual([
      { path: '/sites/{siteId}/content', query: undefined },
      { path: '/sites/{siteId}/content/products/items', query: { limit: FIRST_ITEMS } },
      { path: '/sites/{siteId}/content/team/items', query: { limit: FIRST_ITEMS } },
    ]);
    expect(collections!.map((c) => [c.id, c.items.length, c.schema.map((f) => f.id)])).toEqual([
      ['products', FIRST_ITEMS, ['title']],
      ['empty', 0, ['title']],
      ['team', 5, ['title']],
    ]);
    expect(collections![0]!.items[0]).toEqual({ _id: 1, title: 'Item 1' });
    expect(collections!.map((c) => c.total)).toEqual([1_000_000, 0, 5]);
  });
});
