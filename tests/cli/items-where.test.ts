import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite, PRODUCT_FIELDS } from './content.js';
import { removeCliUsers, rows } from './run.js';

// Issue 18: `items list` filters as the API's where language does, from short clauses or JSON.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

describe('items list --filter and --where', () => {
  it('takes clauses such as price<20 and category=Shoes|Hats, JSON with or and not, and refuses a clause it cannot read', async () => {
    const s = await contentSite(t);
    await s.collection('products', PRODUCT_FIELDS);
    const categories = ['Shoes', 'Shirts', 'Hats'];
    const { error } = await s.cms.import('products', {
      items: Array.from({ length: 12 }, (_, i) => ({
        title: `Product ${i + 1}`,
        sku: `SKU-${i + 1}`,
        price: i * 5,
        category: categories[i % 3],
        ...(i % 4 === 0 ? {} : { tags: ['new'] }),
      })),
    });
    expect(error).toBeUndefined();
    const site = ['--site', s.siteId, '-c', 'products'];

    const cheap = await s.cli.run([
      'items',
      'list',
      ...site,
      '--filter',
      'price<20',
      '--filter',
      'category=Shoes|Hats',
      '--sort',
      'price',
      '--order',
      'desc',
    ]);
    expect(cheap.code, cheap.stderr).toBe(0);
    expect(rows(cheap.stdout).map((r) => r[1])).toEqual(['Product 4', 'Product 3', 'Product 1']);

    const mixed = await s.cli.run([
      'items',
      'list',
      ...site,
      '--filter',
      'category:Shirts',
      '--filter',
      'title^=product 1',
      '--filter',
      'tags!=',
      '--json',
    ]);
    expect(mixed.code, mixed.stderr).toBe(0);
    expect((JSON.parse(mixed.stdout) as { items: { title: string }[] }).items.map((i) => i.title)).toEqual(['Product 11']);

    const json = await s.cli.run(['items', 'list', ...site, '--where', '{"or":[{"price":{"gte":50}},{"not":{"tags":{"notEmpty":true}}}]}']);
    expect(rows(json.stdout).map((r) => r[1])).toEqual(['Product 1', 'Product 5', 'Product 9', 'Product 11', 'Product 12']);

    const unreadable = await s.cli.run(['items', 'list', ...site, '--filter', 'price about 20']);
    expect(unreadable).toMatchObject({ code: 1, stdout: '' });
    expect(unreadable.stderr).toContain('--filter "price about 20" is field:value');

    const refused = await s.cli.run(['items', 'list', ...site, '--filter', 'price~2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The filter contains does not apply to the field price');
  });
});
