import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, launch, openAs, settled, axeOf } from './browser.js';
import { fixtures } from '../support/files.js';

/** The Schema.org editor of the {host} panel (spec 001 §4) against a real server, down to the compiled page's JSON-LD. */

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
const SHOTS = '/tmp/shots-binding';

async function look(page: Page, screen: string) {
  await animationsDone(page);
  const results = await axeOf(page).exclude(CANVAS).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${screen}.png` });
}

/** The JSON-LD blocks of the home page as a visitor gets it (the site view serves the compiled page). */
async function compiledJsonLd(site: Awaited<ReturnType<typeof ownSite>>): Promise<object[]> {
  const { data } = await site.api.POST('/sites/{siteId}/view', { params: { path: { siteId: site.siteId } } });
  const html = await (await fetch(data!.url.replace(t.pw.deps.config.publicUrl, t.url))).text();
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as object);
}

describe('the Schema.org editor', () => {
  it('describes a restaurant with typed properties through the Add property menu, previews it, and the compiled page carries it', async () => {
    const site = await ownSite(t);
    const { data: added } = await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId } },
      body: { toContainer: 'hero', type: 'schemaOrg' },
    });
    await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: added!.id } },
      body: { name: 'Business' },
    });
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);
    await page.getByRole('tree').getByRole('treeitem', { name: 'Hero', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tree').getByRole('treeitem', { name: 'Business', exact: true }).click();

    const editor = page.getByRole('region', { name: 'Schema.org' });
    await editor.getByRole('tab', { name: 'Edit' }).waitFor();
    // An unknown type is said in place and not saved.
    const type = editor.getByLabel('Type', { exact: true });
    await type.fill('Restaurnt');
    await type.press('Enter');
    await expect.poll(() => editor.getByRole('alert').first().innerText()).toBe('Unknown Schema.org type');
    await type.fill('Restaurant');
    await type.press('Enter');
    await expect.poll(async () => (await site.doc()).nodes['hero.business']!.data.value).toEqual({ '@type': 'Restaurant' });

    // The menu offers the type's and its ancestors' properties; the arrows wrap; Enter adds.
    await editor.getByRole('button', { name: 'Add property', exact: true }).click();
    const search = page.getByRole('combobox', { name: 'Search properties' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    const menu = page.getByRole('listbox', { name: 'Add property' });
    expect(await menu.getByRole('option', { name: /^servesCuisine/ }).count()).toBe(1);
    expect(await menu.getByRole('option', { name: /^birthDate/ }).count()).toBe(0);
    await look(page, 'schema-add-property');
    await search.fill('servesCuisine');
    await search.press('ArrowDown');
    await search.press('ArrowDown');
    // One result: the second press wrapped back to it.
    expect(await search.getAttribute('aria-activedescendant')).toBe(await menu.getByRole('option').first().getAttribute('id'));
    await search.press('Enter');
    const cuisine = editor.getByLabel('servesCuisine', { exact: true });
    await cuisine.fill('Nordic');
    await cuisine.press('Enter');

    // A used property shows selected, and Enter does not add it again.
    await editor.getByRole('button', { name: 'Add property', exact: true }).click();
    await search.fill('servesCuisine');
    await search.press('ArrowDown');
    expect(await menu.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    expect(await menu.isVisible()).toBe(true);
    await search.press('Escape');

    // address starts as text; as a PostalAddress it is a nested entity with its own properties.
    await editor.getByRole('button', { name: 'Add property', exact: true }).click();
    await search.fill('address');
    await menu.getByRole('option', { name: /^address\b/ }).click();
    await editor.getByLabel('address value type').selectOption('PostalAddress');
    await expect.poll(() => editor.getByLabel('address type').inputValue()).toBe('PostalAddress');
    await editor.getByRole('button', { name: 'Add property to address' }).click();
    await search.fill('addressLocality');
    await search.press('ArrowDown');
    await search.press('Enter');
    const locality = editor.getByLabel('address.addressLocality', { exact: true });
    await locality.fill('Helsinki');
    await locality.press('Enter');
    await expect
      .poll(async () => (await site.doc()).nodes['hero.business']!.data.value)
      .toEqual({ '@type': 'Restaurant', servesCuisine: 'Nordic', address: { '@type': 'PostalAddress', addressLocality: 'Helsinki' } });
    await look(page, 'schema-edit');

    // Preview: the JSON-LD the page publishes, pretty-printed.
    await editor.getByRole('tab', { name: 'Preview' }).click();
    const preview = editor.getByLabel('JSON-LD');
    await expect.poll(() => preview.innerText()).toContain('"addressLocality": "Helsinki"');
    expect(JSON.parse(await preview.innerText())).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      servesCuisine: 'Nordic',
      address: { '@type': 'PostalAddress', addressLocality: 'Helsinki' },
    });
    await look(page, 'schema-preview');

    // The compiled page carries the same JSON-LD.
    expect(await compiledJsonLd(site)).toContainEqual({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      servesCuisine: 'Nordic',
      address: { '@type': 'PostalAddress', addressLocality: 'Helsinki' },
    });
    await context.close();
  });

  it("an image property opens the pickers' 'Select image': an upload there becomes the property, the asset's address in the compiled JSON-LD", async () => {
    const site = await ownSite(t);
    const { data: added } = await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId } },
      body: { toContainer: 'hero', type: 'schemaOrg' },
    });
    await site.api.PUT('/sites/{siteId}/schemaorg/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: added!.id } },
      body: { json: { '@type': 'Restaurant' } },
    });
    await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: added!.id } },
      body: { name: 'Business' },
    });
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);
    await page.getByRole('tree').getByRole('treeitem', { name: 'Hero', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('tree').getByRole('treeitem', { name: 'Business', exact: true }).click();

    const editor = page.getByRole('region', { name: 'Schema.org' });
    await editor.getByRole('button', { name: 'Add property', exact: true }).click();
    const search = page.getByRole('combobox', { name: 'Search properties' });
    await search.fill('image');
    await page
      .getByRole('listbox', { name: 'Add property' })
      .getByRole('option', { name: /^image\b/ })
      .click();
    // An image property starts as Image: its text box and the button of the pickers' image popup.
    expect(await editor.getByLabel('image value type').inputValue()).toBe('Image');
    await editor.getByRole('button', { name: 'image: select image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select image' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog
      .getByLabel('File to upload')
      .setInputFiles({ name: 'dining-room.jpg', mimeType: 'image/jpeg', buffer: await fixtures.jpeg(64, 48) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await expect
      .poll(async () => (await site.doc()).nodes['hero.business']!.data.value)
      .toEqual({ '@type': 'Restaurant', image: 'dining-room.jpg' });
    expect(await editor.getByLabel('image', { exact: true }).inputValue()).toBe('dining-room.jpg');
    await look(page, 'schema-image');

    // The compiled page names the uploaded image by its address among the site's assets.
    const ld = (await compiledJsonLd(site)).find((block) => (block as { '@type'?: string })['@type'] === 'Restaurant') as
      { image?: string } | undefined;
    expect(ld?.image).toMatch(/\/assets\/dining-room\.jpg$/);
    await context.close();
  });
});
