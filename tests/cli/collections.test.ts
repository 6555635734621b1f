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

describe('collections create', () => {
  it('creates a collection with a name and icon and prints its id on stdout', async () => {
    const s = await contentSite(t);
    const result = await s.cli.run(['collections', 'create', 'products', '--name', 'Products', '--icon', 'Cart', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 0, stdout: 'products\n', stderr: `Created collection products (Products) on ${s.siteId}\n` });
    const { data } = await s.cms.get('products');
    expect(data).toMatchObject({ id: 'products', name: 'Products', icon: 'Cart', count: 0, fields: [] });
  });

  it('creates a sample collection with fields and items, answering the collection with --json', async () => {
    const s = await contentSite(t);
    const result = await s.cli.run(['collections', 'create', '--name', 'News', '--sample', '--site', s.siteId, '--json']);
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ id: 'news', name: 'News', count: 3 });
    expect(json.fields.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining(['title', 'slug', 'published']));
    expect((await s.items('news')).length).toBe(3);
  });

  it('shows the server message for a taken id and exits 1', async () => {
    const s = await contentSite(t);
    await s.cms.create({ id: 'posts', name: 'Posts' });
    const result = await s.cli.run(['collections', 'create', 'posts', '--site', s.siteId]);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `error: ${messages.collectionExists} (409) field: id\n` });
  });

  it('refuses an unknown icon before calling the server', async () => {
    const s = await contentSite(t);
    const result = await s.cli.run(['collections', 'create', 'posts', '--icon', 'Rocket', '--site', s.siteId]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("argument 'Rocket' is invalid");
    expect((await s.cms.get('posts')).response.status).toBe(404);
  });
});

describe('collections list', () => {
  it('lists id, name, icon, field and item counts as rows, internal ones only with --internal', async () => {
    const s = await contentSite(t);
    await s.collection('products', [
      { name: 'title', type: 'text' },
      { name: 'price', type: 'number' },
    ]);
    await s.cms.addItem('products', { title: 'Hat', price: 5 });
    await s.cms.create({ id: '_social' });
    const result = await s.cli.run(['collections', 'list', '--site', s.siteId]);
    expect(result.code).toBe(0);
    const listed = rows(result.stdout);
    expect(listed).toContainEqual(['products', 'products', 'book', '2', '1']);
    expect(listed.map((r) => r[0])).not.toContain('_social');
    const all = await s.cli.run(['collections', 'ls', '--internal', '--site', s.siteId]);
    expect(rows(all.stdout).map((r) => r[0])).toContain('_social');
  });

  it('answers the API data with --json', async () => {
    const s = await contentSite(t);
    await s.collection('products', [{ name: 'title', type: 'text' }]);
    const result = await s.cli.run(['collections', 'list', '--site', s.siteId, '--json']);
    expect(JSON.parse(result.stdout)).toEqual((await s.cms.list('false')).data);
  });

  it('exits 4 when not logged in', async () => {
    const s = await contentSite(t);
    const result = await s.cli.run(['collections', 'list', '--site', s.siteId], { env: { PAGEWRIGHT_CONFIG_DIR: '/nonexistent-pw' } });
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('error: not logged in to');
  });
});

describe('collections delete', () => {
  it('deletes an empty collection with --yes', async () => {
    const s = await contentSite(t);
    await s.collection('drafts', [{ name: 'title', type: 'text' }]);
    const result = await s.cli.run(['collections', 'delete', 'drafts', '--site', s.siteId, '--yes']);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: `Deleted collection drafts from ${s.siteId}\n` });
    expect((await s.cms.get('drafts')).response.status).toBe(404);
  });

  it("shows the server's message for a collection with items, and keeps it", async () => {
    const s = await contentSite(t);
    await s.collection('products', [{ name: 'title', type: 'text' }]);
    await s.cms.addItem('products', { title: 'Hat' });
    const result = await s.cli.run(['collections', 'delete', 'products', '--site', s.siteId, '--yes']);
    expect(result).toMatchObject({ code: 1, stderr: `error: ${messages.collectionNotEmpty} (409)\n` });
    expect((await s.cms.get('products')).data!.count).toBe(1);
  });

  it('needs --yes when it cannot ask; on a terminal no cancels with exit 2 and yes deletes', async () => {
    const s = await contentSite(t);
    await s.collection('drafts', [{ name: 'title', type: 'text' }]);
    const refused = await s.cli.run(['collections', 'delete', 'drafts', '--site', s.siteId]);
    expect(refused).toMatchObject({ code: 1, stderr: 'error: --yes required when not running interactively\n' });
    const question = `Delete the collection drafts (drafts) from ${s.siteId}? (y/N) `;
    const no = await s.cli.runInTerminal(['collections', 'delete', 'drafts', '--site', s.siteId], [[question, 'n\r']]);
    expect(no.code).toBe(2);
    expect((await s.cms.get('drafts')).response.status).toBe(200);
    const yes = await s.cli.runInTerminal(['collections', 'delete', 'drafts', '--site', s.siteId], [[question, 'y\r']]);
    expect(yes.code).toBe(0);
    expect((await s.cms.get('drafts')).response.status).toBe(404);
  });
});

describe('collections create without a name', () => {
  it('names the collection after its id, and needs an id or a name', async () => {
    const s = await contentSite(t);
    const result = await s.cli.run(['collections', 'create', 'faq', '--site', s.siteId]);
    expect(result.code, result.stderr).toBe(0);
    expect((await s.cms.get('faq')).data).toMatchObject({ id: 'faq', name: 'faq' });
    const neither = await s.cli.run(['collections', 'create', '--site', s.siteId]);
    expect(neither).toMatchObject({ code: 1, stderr: `error: ${messages.collectionNameRequired} (400) field: name\n` });
  });
});
