import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite } from './content.js';
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

describe('fields add', () => {
  it('adds a typed field with a title and prints its name', async () => {
    const s = await contentSite(t);
    await s.cms.create({ id: 'products', name: 'Products' });
    const result = await s.cli.run([
      'fields',
      'add',
      'price',
      '--type',
      'number',
      '--title',
      'Price',
      '--required',
      '-c',
      'products',
      '--site',
      s.siteId,
    ]);
    expect(result).toMatchObject({ code: 0, stdout: 'price\n', stderr: 'Added the number field price to products\n' });
    expect((await s.cms.get('products')).data!.fields).toEqual([
      expect.objectContaining({ id: 'price', name: 'Price', type: 'number', required: true }),
    ]);
  });

  it('adds an enum with its categories (comma-separated or repeated) and a default, answering the field with --json', async () => {
    const s = await contentSite(t);
    await s.cms.create({ id: 'products', name: 'Products' });
    const args = [
      'fields',
      'add',
      'category',
      '--type',
      'enum',
      '--options',
      'Shoes,Shirts',
      '--options',
      'Hats',
      '--default',
      'Shirts',
      '-c',
      'products',
      '--site',
      s.siteId,
      '--json',
    ];
    const result = await s.cli.run(args);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      id: 'category',
      type: 'enum',
      options: ['Shoes', 'Shirts', 'Hats'],
      default: 'Shirts',
    });
    const { data } = await s.cms.addItem('products', {});
    expect(data!.item.category).toBe('Shirts');
  });

  it("shows the server's message for an enum without categories, a bad name and a used name, and adds nothing", async () => {
    const s = await contentSite(t);
    await s.collection('products', [{ name: 'title', type: 'text' }]);
    const noCategories = await s.cli.run(['fields', 'add', 'category', '--type', 'enum', '-c', 'products', '--site', s.siteId]);
    expect(noCategories).toMatchObject({ code: 1, stderr: `error: ${messages.categoriesRequired} (400) field: options\n` });
    const badName = await s.cli.run(['fields', 'add', 'Bad Name', '-c', 'products', '--site', s.siteId]);
    expect(badName).toMatchObject({ code: 1, stderr: `error: ${messages.fieldNameChars} (400) field: name\n` });
    const used = await s.cli.run(['fields', 'add', 'title', '-c', 'products', '--site', s.siteId]);
    expect(used.code).toBe(1);
    expect(used.stderr).toMatch(new RegExp(`^error: ${messages.fieldNameUsed} \\(409\\)`));
    expect((await s.cms.get('products')).data!.fields.map((f) => f.id)).toEqual(['title']);
  });

  it('refuses --options on a field that is not an enum', async () => {
    const s = await contentSite(t);
    await s.cms.create({ id: 'products', name: 'Products' });
    const result = await s.cli.run(['fields', 'add', 'title', '--options', 'a,b', '-c', 'products', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 1, stderr: 'error: --options are the categories of an enum field (--type enum)\n' });
    expect((await s.cms.get('products')).data!.fields).toEqual([]);
  });
});

describe('fields list', () => {
  it('lists name, title, type, options and flags as rows; --json answers the fields', async () => {
    const s = await contentSite(t);
    await s.collection('products', [
      { name: 'title', type: 'text', _title: 'Title', required: true },
      { name: 'category', type: 'enum', options: ['Shoes', 'Hats'] },
      { name: 'notes', type: 'text', _hidden: true },
    ]);
    const result = await s.cli.run(['fields', 'list', '-c', 'products', '--site', s.siteId]);
    expect(result.code).toBe(0);
    expect(rows(result.stdout)).toEqual([
      ['title', 'Title', 'text', '', 'yes', 'no', 'no'],
      ['category', 'category', 'enum', 'Shoes, Hats', 'no', 'no', 'no'],
      ['notes', 'notes', 'text', '', 'no', 'yes', 'no'],
    ]);
    const json = await s.cli.run(['fields', 'ls', '-c', 'products', '--site', s.siteId, '--json']);
    expect(JSON.parse(json.stdout)).toEqual((await s.cms.get('products')).data!.fields);
  });

  it('exits 1 with the 404 for a collection that does not exist', async () => {
    const s = await contentSite(t);
    const result = await s.cli.run(['fields', 'list', '-c', 'ghost', '--site', s.siteId]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: .+ \(404\)\n$/);
  });
});
