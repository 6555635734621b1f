import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite, PRODUCT_FIELDS } from './content.js';
import { removeCliUsers, rows } from './run.js';

// Every test runs the CLI as several processes; on a shared 2-core machine that takes a while.
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

async function productSite(count = 0) {
  const s = await contentSite(t);
  await s.collection('products', PRODUCT_FIELDS);
  if (count) {
    const categories = ['Shoes', 'Shirts', 'Hats'];
    const items = Array.from({ length: count }, (_, i) => ({
      title: `Product ${i + 1}`,
      sku: `SKU-${i + 1}`,
      price: (i * 7) % 50,
      category: categories[i % 3],
    }));
    const { error } = await s.cms.import('products', { items });
    if (error) throw new Error(JSON.stringify(error));
  }
  const site = ['--site', s.siteId, '-c', 'products'];
  return { ...s, site };
}

describe('items list', () => {
  it('lists items as rows, one column per field after the id', async () => {
    const s = await productSite();
    await s.cms.addItem('products', { title: 'Hat', sku: 'H1', price: 5, category: 'Hats', tags: ['wool', 'winter'] });
    const result = await s.cli.run(['items', 'list', ...s.site]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(rows(result.stdout)).toEqual([['1', 'Hat', 'H1', '5', 'Hats', '', 'true', 'wool, winter']]);
  });

  it('pages with --limit and --offset past the 100 the API answers at once, and says where the next page starts', async () => {
    const s = await productSite(150);
    const first = await s.cli.run(['items', 'list', ...s.site, '--limit', '120']);
    expect(rows(first.stdout)).toHaveLength(120);
    expect(first.stderr).toBe('Items 1-120 of 150; next: --offset 120\n');
    const rest = await s.cli.run(['items', 'list', ...s.site, '--limit', '120', '--offset', '120']);
    expect(rows(rest.stdout).map((r) => r[0])).toEqual(Array.from({ length: 30 }, (_, i) => String(121 + i)));
  });

  it('sorts, filters and searches as the API does, and --json answers items, total, offset and limit', async () => {
    const s = await productSite(30);
    const args = ['items', 'list', ...s.site, '--sort', 'price', '--order', 'desc', '--filter', 'category:Shoes', '--limit', '5', '--json'];
    const result = await s.cli.run(args);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    const { data } = await s.cms.items('products', { sort: 'price', order: 'desc', filter: ['category:Shoes'], limit: 5 });
    expect(json).toEqual({ items: data!.items, total: 10, offset: 0, limit: 5 });
    const searched = await s.cli.run(['items', 'list', ...s.site, '--search', 'SKU-17']);
    expect(rows(searched.stdout).map((r) => r[1])).toEqual(['Product 17']);
  });

  it('refuses a bad --limit before calling the server', async () => {
    const s = await productSite();
    const result = await s.cli.run(['items', 'list', ...s.site, '--limit', 'lots']);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'error: --limit must be a whole number of at least 1 (got "lots")\n' });
  });
});

describe('items get', () => {
  it('prints field<TAB>value rows, or the item as JSON', async () => {
    const s = await productSite();
    await s.cms.addItem('products', { title: 'Hat', price: 5 });
    const result = await s.cli.run(['items', 'get', '1', ...s.site]);
    expect(result.code).toBe(0);
    expect(rows(result.stdout)).toEqual(
      expect.arrayContaining([
        ['_id', '1'],
        ['title', 'Hat'],
        ['price', '5'],
      ]),
    );
    const json = await s.cli.run(['items', 'get', '1', ...s.site, '--json']);
    expect(JSON.parse(json.stdout)).toEqual((await s.cms.item('products', 1)).data);
  });

  it('exits 1 with the 404 for an item that does not exist', async () => {
    const s = await productSite();
    const result = await s.cli.run(['items', 'get', '9', ...s.site]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .+ \(404\)\n$/);
  });
});

describe('items create', () => {
  it('creates from --set values read as the field types and prints the new id', async () => {
    const s = await productSite();
    const args = [
      'items',
      'create',
      ...s.site,
      '--set',
      'title=Linen shirt',
      '--set',
      'price=49.5',
      '--set',
      'published=no',
      '--set',
      'category=shirts',
      '--set',
      'tags=linen|summer',
    ];
    const result = await s.cli.run(args);
    expect(result).toMatchObject({ code: 0, stdout: '1\n', stderr: 'Created item 1 in products\n' });
    expect((await s.cms.item('products', 1)).data).toMatchObject({
      title: 'Linen shirt',
      price: 49.5,
      published: false,
      category: 'Shirts',
      tags: ['linen', 'summer'],
    });
  });

  it('merges --data JSON with --set (which wins) and answers the created item with --json', async () => {
    const s = await productSite();
    const result = await s.cli.run(['items', 'create', ...s.site, '--data', '{"title":"Cap","price":10}', '--set', 'price=12', '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ itemId: 1, item: { _id: 1, title: 'Cap', price: 12 } });
    expect((await s.cms.item('products', 1)).data).toMatchObject({ title: 'Cap', price: 12 });
  });

  it("shows the server's message and field for a bad value, and creates nothing", async () => {
    const s = await productSite();
    const result = await s.cli.run(['items', 'create', ...s.site, '--set', 'title=Cap', '--set', 'price=cheap']);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `error: ${messages.valueNumber} (400) field: price\n` });
    expect(await s.items('products')).toEqual([]);
  });

  it('refuses bad --data and --set before calling the server', async () => {
    const s = await productSite();
    expect((await s.cli.run(['items', 'create', ...s.site, '--data', '{title'])).stderr).toMatch(/^error: --data is not valid JSON: /);
    expect((await s.cli.run(['items', 'create', ...s.site, '--data', '[1]'])).stderr).toBe(
      'error: --data must be a JSON object, like {"title":"Hello"}\n',
    );
    expect((await s.cli.run(['items', 'create', ...s.site, '--set', 'title'])).stderr).toBe(
      'error: --set takes field=value (got "title")\n',
    );
    expect((await s.cli.run(['items', 'create', ...s.site])).code).toBe(1);
    expect(await s.items('products')).toEqual([]);
  });
});

describe('items update', () => {
  it('changes the values it names, clears one with field=, and keeps the others', async () => {
    const s = await productSite();
    await s.cms.addItem('products', { title: 'Hat', sku: 'H1', price: 5 });
    const result = await s.cli.run(['items', 'update', '1', ...s.site, '--set', 'price=7', '--set', 'sku=']);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: 'Updated item 1 in products\n' });
    const item = (await s.cms.item('products', 1)).data!;
    expect(item).toMatchObject({ title: 'Hat', price: 7 });
    expect(item.sku).toBeUndefined();
    const json = await s.cli.run(['items', 'update', '1', ...s.site, '--data', '{"published":false}', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ _id: 1, title: 'Hat', published: false });
  });

  it('exits 1 naming the unknown field, and changes nothing', async () => {
    const s = await productSite();
    await s.cms.addItem('products', { title: 'Hat' });
    const result = await s.cli.run(['items', 'update', '1', ...s.site, '--set', 'colour=red']);
    expect(result).toMatchObject({ code: 1, stderr: `error: ${messages.fieldUnknown} (400) field: colour\n` });
    expect((await s.cms.item('products', 1)).data).not.toHaveProperty('colour');
  });
});

describe('items delete', () => {
  it('deletes with --yes, needs it when it cannot ask', async () => {
    const s = await productSite(2);
    const refused = await s.cli.run(['items', 'delete', '1', ...s.site]);
    expect(refused).toMatchObject({ code: 1, stderr: 'error: --yes required when not running interactively\n' });
    const result = await s.cli.run(['items', 'rm', '1', ...s.site, '--yes']);
    expect(result).toMatchObject({ code: 0, stderr: 'Deleted item 1 from products\n' });
    expect((await s.items('products')).map((i) => i._id)).toEqual([2]);
  });

  it('asks on a terminal: no cancels with exit 2', async () => {
    const s = await productSite(1);
    const no = await s.cli.runInTerminal(['items', 'delete', '1', ...s.site], [['Delete item 1 from products? (y/N) ', 'n\r']]);
    expect(no.code).toBe(2);
    expect(await s.items('products')).toHaveLength(1);
  });

  it('works with an API key of the site', async () => {
    const s = await productSite(1);
    const { data: key } = await s.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId: s.siteId } }, body: {} });
    const env = {
      PAGEWRIGHT_URL: t.url,
      PAGEWRIGHT_API_KEY: key!.key,
      PAGEWRIGHT_SITE: s.siteId,
      PAGEWRIGHT_CONFIG_DIR: '/nonexistent-pw',
    };
    const result = await s.cli.run(['items', 'delete', '1', '-c', 'products', '--yes'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(await s.items('products')).toEqual([]);
  });
});
