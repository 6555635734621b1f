import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../../support/cms.js';
import { ownSite, type EditorSite } from '../../support/editor.js';
import { fixtures, multipart } from '../../support/files.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { basic } from '../../support/team.js';
import { readZip } from '../../support/zip.js';
import { launch, openAs, settled } from '../browser.js';

/**
 * Issue 26 "Binding by picking", from the user's side: a products collection (name, rich-text
 * description, image, price 7.50), its item page made from the CMS screen, every field bound by picking
 * it in the inspector with the mouse, then the compiled site read as a visitor reads it.
 */

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const CANVAS = 'iframe[title="Canvas"]';
const SHOTS = '/tmp/shots-cms-item-pages';

async function shot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

const PRODUCTS = [
  { name: 'Sourdough loaf', slug: 'sourdough-loaf', words: 'Slow-risen for two days', price: 7.5, shown: '7.50' },
  { name: 'Cinnamon bun', slug: 'cinnamon-bun', words: 'Rolled with cardamom butter', price: 3.25, shown: '3.25' },
];

/** A site with a products collection of two items, each with a rich-text description and a picture. */
async function bakery(): Promise<EditorSite> {
  const site = await ownSite(t);
  const cms = cmsOf(site.api, site.siteId);
  const { body, contentType } = multipart([
    { field: 'file0', filename: 'loaf.png', data: await fixtures.png(320, 200), type: 'image/png' },
  ]);
  const upload = await fetch(`${t.url}/api/sites/${site.siteId}/files`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: basic(site.token) },
    body,
  });
  expect(upload.status).toBe(201);
  const created = await cms.create({ name: 'Products' });
  expect(created.error).toBeUndefined();
  const have = new Set(created.data!.fields.map((f) => f.id));
  for (const [id, name, type] of [
    ['name', 'Name', 'text'],
    ['slug', 'Slug', 'slug'],
    ['description', 'Description', 'richtext'],
    ['image', 'Image', 'image'],
    ['price', 'Price', 'number'],
  ] as const)
    if (!have.has(id)) expect((await cms.addField('products', { name: id, _title: name, type })).error).toBeUndefined();
  for (const p of PRODUCTS) {
    const { error } = await cms.addItem('products', {
      name: p.name,
      slug: p.slug,
      description: [{ type: 'p', value: `${p.words}, <b>baked</b> daily.` }],
      image: 'loaf.png',
      price: p.price,
    });
    expect(error).toBeUndefined();
  }
  return site;
}

async function select(page: Page, name: string) {
  await page.getByRole('tree').getByRole('treeitem', { name, exact: true }).first().click();
  const content = page.getByRole('tab', { name: 'Content' });
  if (await content.count()) await content.click();
}

/** Unbinds a row and binds it again by picking the field from the row's menu. */
async function pick(page: Page, component: string, row: string, field: string) {
  await select(page, component);
  const unbind = page.getByRole('button', { name: `Unbind ${row}`, exact: true });
  if (await unbind.count()) {
    await unbind.click();
    await unbind.waitFor({ state: 'detached' });
  }
  await page.getByRole('button', { name: `${row}: bind to a field`, exact: true }).click();
  await page.getByRole('menuitemradio', { name: new RegExp(`^${field}\\b`) }).click();
  await page.getByRole('group', { name: `${row}: bound to ${field}` }).waitFor();
}

describe('CMS item pages bound by picking', () => {
  it('a collection page made from the CMS screen opens in the canvas, its fields bound by picking; every compiled item page shows its own item', async () => {
    const site = await bakery();
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/cms/products`, { width: 1440, height: 900 });
    await page.getByRole('button', { name: 'Create collection page' }).click();

    // The new page opens in the canvas (not Home), with a starting layout that shows the first item.
    await expect
      .poll(() => decodeURI(new URL(page.url()).pathname), { timeout: 20_000 })
      .toBe(`/sites/${site.siteId}/pages/products/:slug`);
    const frame = page.frameLocator(CANVAS);
    await frame.locator('h1', { hasText: 'Sourdough loaf' }).waitFor();
    await settled(page);
    await shot(page, '1-created');

    // The section's components in the navigator.
    await page.getByRole('tree').getByRole('treeitem', { name: 'Products', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tree').getByRole('treeitem', { name: 'Price', exact: true }).waitFor();

    // Each field bound by picking it, with the mouse.
    await pick(page, 'Name', 'Text', 'Name');
    await pick(page, 'Description', 'Text', 'Description');
    await pick(page, 'Image', 'Image', 'Image');
    await pick(page, 'Price', 'Value', 'Price');
    await pick(page, 'Image', 'Alt text', 'Name');
    await settled(page);
    await frame.locator('h1', { hasText: 'Sourdough loaf' }).waitFor();
    await expect.poll(() => frame.locator('main').innerText()).toContain('7.50');
    expect(await frame.locator('main').innerText()).not.toContain('[object Object]');
    // The inspector shows the binding as a chip, never the value's insides.
    await select(page, 'Description');
    expect(await page.getByRole('group', { name: 'Text: bound to Description' }).innerText()).toContain('Description');
    await shot(page, '2-bound');

    const stored = (await site.doc()).nodes;
    const bound = Object.values(stored).filter((n) => n.id.startsWith('products.'));
    expect(bound.map((n) => n.data.value)).toEqual(
      expect.arrayContaining([{ _bind: 'name' }, { _bind: 'description' }, { _bind: 'image' }, { _bind: 'price' }]),
    );

    // The export holds every item page and the picture.
    const { data: published } = await site.api.GET('/sites/{siteId}/publish', {
      params: { path: { siteId: site.siteId }, query: { type: 'download' } },
    });
    const zip = await readZip(
      Buffer.from(await (await fetch(published!.download.url.replace(t.pw.deps.config.publicUrl, t.url))).arrayBuffer()),
    );
    expect(zip.has('assets/loaf.png')).toBe(true);
    const titles = new Set<string>();
    for (const p of PRODUCTS) {
      const html = zip.get(`products/${p.slug}/index.html`)?.toString('utf8');
      expect(html, `products/${p.slug}/index.html`).toBeDefined();
      expect(html).not.toContain('[object Object]');
      expect(html).toContain('/assets/loaf.png');
      const title = /<title>([^<]*)<\/title>/.exec(html!)![1]!;
      expect(title).toContain(p.name);
      titles.add(title);
    }
    expect(titles.size).toBe(PRODUCTS.length);

    // A visitor of the compiled site: each item page with its text, picture, price and title.
    const { data: view } = await site.api.POST('/sites/{siteId}/view', { params: { path: { siteId: site.siteId } } });
    const visitor = await context.newPage();
    for (const p of PRODUCTS) {
      await visitor.goto(view!.url.replace(t.pw.deps.config.publicUrl, t.url) + `products/${p.slug}/`);
      const main = visitor.locator('main');
      expect(await main.locator('h1').innerText()).toBe(p.name);
      expect(await main.locator('b', { hasText: 'baked' }).count()).toBe(1);
      const text = await main.innerText();
      expect(text).toContain(p.words);
      expect(text).toContain(p.shown);
      expect(text).not.toContain('[object Object]');
      const img = main.locator('img').first();
      expect(await img.getAttribute('alt')).toBe(p.name);
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      expect(await visitor.title()).toContain(p.name);
      expect(await visitor.locator('meta[name="description"]').getAttribute('content')).toContain(p.words);
      await visitor.screenshot({ path: `${SHOTS}/3-visitor-${p.slug}.png` });
    }
    await context.close();
  });
});
