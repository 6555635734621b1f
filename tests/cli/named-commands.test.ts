import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite, PRODUCT_FIELDS } from './content.js';
import { removeCliUsers, rows } from './run.js';

/**
 * Issue 30 point 6 from the terminal: settings, pages, locales (CSV and XLIFF), fields
 * (edit, reorder, delete), collections rename, items sort, assets rename and import-url,
 * submissions set-status and delete, legal; each run as the real CLI against a live server.
 */

let t: TestServer;
let origin: http.Server;
let work: string;
let png: Buffer;

beforeAll(async () => {
  png = await fixtures.png();
  // The "internet" URL import may reach: one local origin serving a photo.
  origin = http.createServer((req, res) => {
    if (req.url === '/bakery.png') res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  t = await startTestServer({ IMPORT_ALLOW_PRIVATE: `127.0.0.1:${(origin.address() as AddressInfo).port}` });
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-named-'));
});

afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
  await new Promise((resolve) => origin.close(resolve));
});

/** A site from the Launch template whose owner is on the unlimited plan (languages, legal). */
async function site(name = 'Named') {
  const s = await contentSite(t, name);
  const owner: { owner_id: number } = await t.pw.deps.db('sites').where({ id: s.siteId }).first('owner_id');
  await t.pw.deps.db('subscriptions').where({ user_id: owner.owner_id }).update({ plan_id: 3 });
  const run = (args: string[], input?: string) => s.cli.run([...args, '--site', s.siteId], input === undefined ? {} : { input });
  const view = async (expand = 'pages') =>
    (await s.api.GET('/sites/{siteId}', { params: { path: { siteId: s.siteId }, query: { expand } } })).data!;
  return { ...s, run, view };
}

describe('settings', () => {
  it('get prints every setting, one by name, or JSON; set changes the ones named, nested with dots and typed with :=', async () => {
    const s = await site();
    const set = await s.run([
      'settings',
      'set',
      'title=Fresh bread daily',
      'themeColor=#3e64de',
      'publish.webhook=https://ci.example.com/hook',
    ]);
    expect(set).toMatchObject({ code: 0, stdout: '', stderr: `Saved title, themeColor, publish of ${s.siteId}\n` });
    const settings = (await s.view()).settings!;
    expect(settings).toMatchObject({
      title: 'Fresh bread daily',
      themeColor: '#3e64de',
      publish: { webhook: 'https://ci.example.com/hook' },
    });

    expect(await s.run(['settings', 'get', 'title'])).toMatchObject({ code: 0, stdout: 'Fresh bread daily\n' });
    expect(JSON.parse((await s.run(['settings', 'get', 'publish', '--json'])).stdout)).toEqual(settings.publish);
    const all = await s.run(['settings', 'get']);
    expect(rows(all.stdout)).toContainEqual(['title', 'Fresh bread daily']);
    expect(JSON.parse((await s.run(['settings', 'get', '--json', 'title,themeColor'])).stdout)).toEqual({
      title: 'Fresh bread daily',
      themeColor: '#3e64de',
    });

    const languages = await s.run(['settings', 'set', 'languages:=["en","fi"]', '--json', 'languages']);
    expect(JSON.parse(languages.stdout)).toEqual({ languages: ['en', 'fi'] });
    const removed = await s.run(['settings', 'set', 'themeColor=']);
    expect(removed.code).toBe(0);
    expect((await s.view()).settings!.themeColor ?? null).toBeNull();
  });

  it("reports the server's refusal with the field, an unknown setting with the list, and bad JSON before sending", async () => {
    const s = await site();
    const refused = await s.run(['settings', 'set', 'name=x']);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toMatch(/^error: .+ \(400\) field: name\n$/);
    const unknown = await s.run(['settings', 'get', 'colour']);
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.stderr).toMatch(new RegExp(`^error: ${s.siteId.replaceAll('.', '\\.')} has no setting colour\nIts settings: name, `));
    const bad = await s.run(['settings', 'set', 'languages:=[en']);
    expect(bad).toMatchObject({ code: 1, stderr: 'error: languages:= takes JSON (got [en)\n' });
  });
});

describe('pages', () => {
  it('list prints each page with its address; settings prints one page and changes what is named', async () => {
    const s = await site();
    const list = await s.run(['pages', 'list']);
    expect(list.code).toBe(0);
    const pages = (await s.view()).pages!;
    expect(rows(list.stdout).map((r) => r[0])).toEqual(pages.map((p) => p.id));
    expect(rows(list.stdout).find((r) => r[0] === 'home')).toEqual(['home', pages.find((p) => p.id === 'home')!.name, '/', 'no', 'no']);
    const other = pages.find((p) => !['home', '_before', '_after', '404'].includes(p.id))!;

    const shown = await s.run(['pages', 'settings', other.id, '--json', 'id,name,hidden']);
    expect(JSON.parse(shown.stdout)).toEqual({ id: other.id, name: other.name, hidden: other.hidden });
    const changed = await s.run(['pages', 'settings', other.id, 'description=Who we are', 'hidden:=true']);
    expect(changed).toMatchObject({ code: 0, stderr: `Saved description, hidden of the page ${other.id} of ${s.siteId}\n` });
    const after = (await s.view()).pages!.find((p) => p.id === other.id)!;
    expect(after).toMatchObject({ description: 'Who we are', hidden: true });
    expect(rows((await s.run(['pages', 'list'])).stdout).find((r) => r[0] === other.id)![3]).toBe('yes');

    const missing = await s.run(['pages', 'settings', 'nowhere']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`error: ${s.siteId} has no page nowhere\nIts pages: `);
  });
});

describe('locales', () => {
  it('exports a language as CSV for translators and imports it back: the site then has those texts', async () => {
    const s = await site();
    await s.run(['settings', 'set', 'languages:=["en","fi"]']);
    const file = path.join(work, `fi-${s.siteId}.csv`);
    const exported = await s.run(['locales', 'export', '--language', 'fi', '--out', file]);
    expect(exported.code, exported.stderr).toBe(0);
    expect(exported.stdout).toBe(`${file}\n`);
    const { parse } = await import('csv-parse/sync');
    const records = parse<Record<string, string>>(fs.readFileSync(file, 'utf8'), { columns: true });
    expect(Object.keys(records[0]!)).toEqual(['type', 'typeId', 'page', 'id', 'kind', 'label', 'en', 'fi']);
    expect(records.every((r) => r.fi === '')).toBe(true);
    expect(exported.stderr).toBe(
      `Exported ${records.length} texts of ${s.siteId} in fi (${records.length} not translated yet) to ${file}\n`,
    );
    const title = records.find((r) => r.type === 'pages' && r.typeId === 'home' && r.id === 'page:title')!;
    const heading = records.find((r) => r.type === 'pages' && r.typeId === 'home' && r.kind === 'text' && r.id !== 'page:title' && r.en)!;

    // A translator fills in two texts; the rest stay empty.
    const { stringify } = await import('csv-stringify/sync');
    const translated = records.map((r) =>
      r === title ? { ...r, fi: 'Etusivu' } : r === heading ? { ...r, fi: `${heading.en} (suomeksi)` } : r,
    );
    fs.writeFileSync(file, stringify(translated, { header: true, columns: Object.keys(records[0]!) }));
    const imported = await s.run(['locales', 'import', file]);
    expect(imported).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `Saved 2 of ${records.length} texts in fi to ${s.siteId} (0 unchanged, ${records.length - 2} empty, 0 refused)\n`,
    });
    const { data: table } = await s.api.GET('/sites/{siteId}/localization', {
      params: { path: { siteId: s.siteId }, query: { type: 'pages', typeId: 'home' } },
    });
    const rowsById = new Map(('rows' in table! ? table.rows : []).map((r) => [r.id, r.values]));
    expect(rowsById.get('page:title')!.fi).toBe('Etusivu');
    expect(rowsById.get(heading.id!)!.fi).toBe(`${heading.en} (suomeksi)`);

    // Exported again, the texts are there; imported again, nothing changes.
    const again = await s.run(['locales', 'export', '-l', 'fi']);
    const back = parse<Record<string, string>>(again.stdout, { columns: true });
    expect(back.find((r) => r.id === 'page:title' && r.typeId === 'home')!.fi).toBe('Etusivu');
    const twice = await s.run(['locales', 'import', file, '--json', 'updated,unchanged,refused']);
    expect(JSON.parse(twice.stdout)).toEqual({ updated: 0, unchanged: 2, refused: [] });
    expect(twice.code).toBe(0);
  });

  it('writes and reads XLIFF 1.2, refuses the main language and a language the site lacks, and lists rows it cannot save', async () => {
    const s = await site();
    await s.run(['settings', 'set', 'languages:=["en","de"]']);
    const file = path.join(work, `de-${s.siteId}.xlf`);
    expect((await s.run(['locales', 'export', '-l', 'de', '-o', file])).code).toBe(0);
    const xml = fs.readFileSync(file, 'utf8');
    expect(xml).toMatch(/<xliff [^>]*version="1.2"/);
    expect(xml).toContain('source-language="en"');
    expect(xml).toContain('target-language="de"');
    expect(xml).toContain('<file original="pages home"');
    const filled = xml.replace(
      /(<trans-unit id="page:title"[^>]*>\s*<source>[^<]*<\/source>\s*)<target\/>|(<trans-unit id="page:title"[^>]*>\s*<source>[^<]*<\/source>\s*)<target><\/target>/,
      '$1$2<target>Startseite</target>',
    );
    expect(filled).not.toBe(xml);
    const unknown = filled.replace('</body>', '<trans-unit id="gone:value"><source>x</source><target>y</target></trans-unit></body>');
    fs.writeFileSync(file, unknown);
    const imported = await s.run(['locales', 'import', file]);
    expect(imported.code).toBe(1);
    expect(imported.stderr).toContain('refused pages home gone:value: the site has no such row (any more)\n');
    const json = JSON.parse((await s.run(['locales', 'import', file, '--dry-run', '--json', 'refused'])).stdout) as { refused: string[] };
    expect(json.refused).toEqual(['pages home gone:value: the site has no such row (any more)']);
    expect(imported.stderr).toMatch(/Saved 1 of \d+ texts in de/);
    const { data: table } = await s.api.GET('/sites/{siteId}/localization', {
      params: { path: { siteId: s.siteId }, query: { type: 'pages', typeId: 'home' } },
    });
    expect(('rows' in table! ? table.rows : []).find((r) => r.id === 'page:title')!.values.de).toBe('Startseite');

    expect((await s.run(['locales', 'export', '-l', 'en'])).stderr).toBe(
      `error: en is the main language of ${s.siteId}: export another one for translators\n`,
    );
    expect((await s.run(['locales', 'export', '-l', 'sv'])).stderr).toBe(`error: ${s.siteId} has no language sv\nIts languages: en, de\n`);
  });
});

describe('fields edit, reorder and delete', () => {
  it('edits a field (the items follow a rename), moves it, and deletes it after asking', async () => {
    const s = await site();
    await s.collection('products', PRODUCT_FIELDS);
    await s.cms.addItem('products', { title: 'Rye', sku: 'R-1', price: 4 });

    const edited = await s.run(['fields', 'edit', 'sku', '--name', 'code', '--title', 'Product code', '--required', '-c', 'products']);
    expect(edited).toMatchObject({ code: 0, stdout: 'code\n', stderr: 'Saved the field code of products (renamed from sku)\n' });
    const fields = (await s.cms.get('products')).data!.fields;
    expect(fields.find((f) => f.id === 'code')).toMatchObject({ name: 'Product code', required: true });
    expect((await s.items('products'))[0]).toMatchObject({ code: 'R-1' });
    const json = await s.run(['fields', 'edit', 'code', '--no-required', '-c', 'products', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'code', name: 'Product code' });
    expect((await s.cms.get('products')).data!.fields.find((f) => f.id === 'code')!.required ?? false).toBe(false);

    const moved = await s.run(['fields', 'reorder', 'price', '--to', '1', '-c', 'products']);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout.split('\n')[0]).toBe('price');
    expect(moved.stderr).toBe('Moved price to place 1 of products\n');
    await s.run(['fields', 'move', 'code', '--after', 'title', '-c', 'products']);
    const order = (await s.cms.get('products')).data!.fields.map((f) => f.id);
    expect(order.slice(0, 3)).toEqual(['price', 'title', 'code']);

    const refused = await s.run(['fields', 'delete', 'tags', '-c', 'products']);
    expect(refused).toMatchObject({ code: 1, stderr: 'error: --yes required when not running interactively\n' });
    const deleted = await s.run(['fields', 'rm', 'tags', '-c', 'products', '--yes']);
    expect(deleted).toMatchObject({ code: 0, stderr: 'Deleted the field tags of products\n' });
    expect((await s.cms.get('products')).data!.fields.map((f) => f.id)).not.toContain('tags');
  });
});

describe('collections rename and items sort', () => {
  it('renames a collection (name and id) and sorts its items by a field for good', async () => {
    const s = await site();
    await s.collection('products', PRODUCT_FIELDS);
    for (const [title, price] of [
      ['Rye', 4],
      ['Baguette', 2],
      ['Sourdough', 6],
    ] as const)
      await s.cms.addItem('products', { title, price });

    const renamed = await s.run(['collections', 'rename', 'products', '--name', 'Breads', '--id', 'breads']);
    expect(renamed).toMatchObject({ code: 0, stdout: 'breads\n', stderr: 'Renamed collection products to breads: Breads\n' });
    expect((await s.cms.get('breads')).data).toMatchObject({ id: 'breads', name: 'Breads' });

    const sorted = await s.run(['items', 'sort', 'price', 'desc', '-c', 'breads']);
    expect(sorted).toMatchObject({ code: 0, stderr: 'Sorted the items of breads by price, descending\n' });
    expect((await s.items('breads')).map((i) => i.title)).toEqual(['Sourdough', 'Rye', 'Baguette']);
    await s.run(['items', 'sort', 'title', '-c', 'breads']);
    expect((await s.items('breads')).map((i) => i.title)).toEqual(['Baguette', 'Rye', 'Sourdough']);
    const wrong = await s.run(['items', 'sort', 'title', 'up', '-c', 'breads']);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("value 'up' is invalid for argument 'order'. Allowed choices are asc, desc.");
  });
});

describe('assets rename and import-url', () => {
  it('imports a file from an address and renames it', async () => {
    const s = await site();
    const url = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/bakery.png`;
    const imported = await s.run(['assets', 'import-url', url, '--name', 'storefront.png']);
    expect(imported).toMatchObject({ code: 0, stdout: 'storefront.png\n', stderr: `Imported ${url} into ${s.siteId} as storefront.png\n` });
    const renamed = await s.run(['assets', 'rename', 'storefront.png', 'shop-front.png', '--json', 'name']);
    expect(JSON.parse(renamed.stdout)).toEqual({ name: 'shop-front.png' });
    const { data } = await s.api.GET('/sites/{siteId}/files/{name}', { params: { path: { siteId: s.siteId, name: 'shop-front.png' } } });
    expect(data).toMatchObject({ name: 'shop-front.png', size: png.length });
    const missing = await s.run(['assets', 'mv', 'nothing.png', 'else.png']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: .+ \(404\)\n$/);
  });
});

describe('submissions set-status and delete', () => {
  it("sets a submission's status and deletes it", async () => {
    const s = await site();
    const post = await fetch(`${t.url}/api/sites/${s.siteId}/forms/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'visitor@example.com', message: 'Two rye loaves please' }),
    });
    expect(post.status).toBe(201);
    const [submission] = (await s.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: s.siteId } } })).data!.items;
    const set = await s.run(['submissions', 'set-status', String(submission!.id), 'completed']);
    expect(set).toMatchObject({ code: 0, stderr: `Submission ${submission!.id} of ${s.siteId} is completed\n` });
    const listed = await s.run(['submissions', 'list', '--status', 'completed']);
    expect(rows(listed.stdout).map((r) => r[0])).toEqual([String(submission!.id)]);
    const bad = await s.run(['submissions', 'set-status', String(submission!.id), 'done']);
    expect(bad.stderr).toContain('Allowed choices are new, in_progress, completed, pending, on_hold, cancelled, closed.');

    const deleted = await s.run(['submissions', 'delete', String(submission!.id), '--yes']);
    expect(deleted).toMatchObject({ code: 0, stderr: `Deleted submission ${submission!.id} of ${s.siteId}\n` });
    expect((await s.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: s.siteId } } })).data!.total).toBe(0);
  });
});

describe('legal', () => {
  it('lists the legal variables, third parties and subprocessors', async () => {
    const s = await site();
    await s.cms.create({ id: '_thirdparty' });
    await s.api.POST('/sites/{siteId}/global', {
      params: { path: { siteId: s.siteId } },
      body: { variable: 'legal.company_name', value: 'Crumb Bakery Oy' },
    });
    const created = await s.run([
      'items',
      'create',
      '-c',
      '_thirdparty',
      '--set',
      'name=Plausible',
      '--set',
      'purpose=Analytics',
      '--set',
      'country=EU',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const list = await s.run(['legal', 'list']);
    expect(list.code, list.stderr).toBe(0);
    expect(rows(list.stdout)).toEqual(
      expect.arrayContaining([
        ['variable', 'legal.company_name', 'Crumb Bakery Oy'],
        ['third party', 'Plausible', 'Analytics, EU'],
      ]),
    );
    const json = JSON.parse((await s.run(['legal', 'list', '--json', 'variables,thirdparty'])).stdout) as {
      variables: Record<string, string>;
      thirdparty: { name: string }[];
    };
    expect(json.variables.company_name).toBe('Crumb Bakery Oy');
    expect(json.thirdparty.map((i) => i.name)).toEqual(['Plausible']);
  });
});
