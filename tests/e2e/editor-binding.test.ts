import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { ownSite, type EditorSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, launch, openAs, settled, axeOf } from './browser.js';

/** The CMS group of the inspector (spec 001 §4 "CMS data source mode") against a real server, the canvas repeating live. */

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

/** axe on the editor (the site's own design inside the frame is not ours), then a screenshot of the viewport. */
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

/** The texts of the canvas's buttons in the hero, in page order. */
const heroButtons = (page: Page) =>
  page
    .frameLocator(CANVAS)
    .locator('[data-pw-id="hero.actions"] a, [data-pw-id="hero.actions"] button')
    .allInnerTexts()
    .then((texts) => texts.map((s) => s.trim()));

async function siteWithPosts(): Promise<EditorSite> {
  const site = await ownSite(t);
  const cms = cmsOf(site.api, site.siteId);
  await cms.addItem('posts', { title: 'Third post', slug: 'third-post' });
  // The hero's button shows the title of the item it is repeated for.
  await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
    params: { path: { siteId: site.siteId, componentId: 'hero.actions.cta' } },
    body: { data: { value: '{item.title}' } },
  });
  return site;
}

async function selectInTree(page: Page, name: string) {
  await page.getByRole('tree').getByRole('treeitem', { name, exact: true }).first().click();
  await page.getByRole('tab', { name: 'Settings' }).click();
}

describe('the CMS group', () => {
  it('repeats a row over a collection, one copy per item on the canvas, with sort and a pick-list filter; None takes it back', async () => {
    const site = await siteWithPosts();
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);
    await page.getByRole('tree').getByRole('treeitem', { name: 'Hero', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await selectInTree(page, 'Actions');

    const source = page.getByRole('radiogroup', { name: 'Data source' });
    await source.waitFor();
    expect(await source.getByRole('radio', { name: 'None' }).isChecked()).toBe(true);

    // Repeat: the first collection is chosen, and the canvas shows the row's button once per post.
    await source.getByText('Repeat').click();
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Hello world', 'Second post', 'Third post']);
    expect(await page.getByLabel('Collection', { exact: true }).inputValue()).toBe('posts');
    expect((await site.doc()).nodes['hero.actions']!.data._repeat).toBe('posts');
    // The sort order shows only once a sort field is set.
    expect(await page.getByLabel('Sort order', { exact: true }).count()).toBe(0);
    await look(page, 'binding-repeat');

    await page.getByLabel('Sort by', { exact: true }).selectOption('title');
    await page.getByLabel('Sort order', { exact: true }).selectOption('desc');
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Third post', 'Second post', 'Hello world']);

    // A slug field on a collection of at most 12 items filters by a pick-list of its values.
    await page.getByLabel('Filter by', { exact: true }).selectOption('slug');
    const values = page.getByRole('group', { name: 'Filter values' });
    await values.getByRole('checkbox', { name: 'second-post' }).check();
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Second post']);
    // Is empty clears the values and hides their input.
    await page.getByLabel('Filter type', { exact: true }).selectOption('notEmpty');
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toHaveLength(3);
    expect(await values.count()).toBe(0);
    const stored = (await site.doc()).nodes['hero.actions']!.data;
    expect(stored['_options.filter']).toBeUndefined();
    expect(stored).toMatchObject({
      '_options.sortBy': 'title',
      '_options.sort': 'desc',
      '_options.filterField': 'slug',
      '_options.filterType': 'notEmpty',
    });
    await look(page, 'binding-repeat-filtered');

    // Undo takes the last step back, on the canvas too.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Second post']);

    // None clears everything: the button once, with no item to show.
    await source.getByText('None').click();
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toHaveLength(1);
    const cleared = (await site.doc()).nodes['hero.actions']!.data;
    expect(Object.keys(cleared).filter((k) => k === '_repeat' || (k.startsWith('_options.') && k !== '_options.name'))).toEqual([]);
    await context.close();
  });

  it('binds a list to a collection: one item of the list per post, in the canvas', async () => {
    const site = await siteWithPosts();
    const { data: added } = await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId } },
      body: { toContainer: 'hero', type: 'ul' },
    });
    await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: added!.id } },
      body: { name: 'Post list', data: { items: [{ _id: 1, item: 'Own item' }] } },
    });
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);
    await page.getByRole('tree').getByRole('treeitem', { name: 'Hero', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await selectInTree(page, 'Post list');
    const items = () =>
      page
        .frameLocator(CANVAS)
        .locator('[data-pw-id="hero.post-list"] li')
        .allInnerTexts()
        .then((texts) => texts.map((s) => s.trim()));
    await page.getByRole('radiogroup', { name: 'Data source' }).getByText('Repeat').click();
    await expect.poll(items, { timeout: 10_000 }).toEqual(['Hello world', 'Second post', 'Third post']);
    // Length 2: the first two posts.
    await page.getByLabel('Length', { exact: true }).selectOption('2');
    await expect.poll(items, { timeout: 10_000 }).toEqual(['Hello world', 'Second post']);
    expect((await site.doc()).nodes['hero.post-list']!.data).toMatchObject({ _repeat: 'posts', '_options.length': 2 });
    await context.close();
  });

  it('binds a component to one item: the first item of the first collection, and another picked by its label', async () => {
    const site = await siteWithPosts();
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);
    await page.getByRole('tree').getByRole('treeitem', { name: 'Hero', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await selectInTree(page, 'Actions');
    await page.getByRole('radiogroup', { name: 'Data source' }).getByText('Item').click();
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Hello world']);
    expect((await site.doc()).nodes['hero.actions']!.data._dataSource).toBe('posts.1');
    const item = page.getByRole('combobox', { name: 'Item', exact: true });
    expect(await item.inputValue()).toBe('Hello world');
    await item.click();
    await page.getByRole('listbox', { name: 'Items' }).getByRole('option', { name: 'Third post' }).click();
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Third post']);
    expect(await item.inputValue()).toBe('Third post');
    await look(page, 'binding-item');
    await context.close();
  });

  it('picks an item of a large collection by searching it on the server, a page of 20 at a time', async () => {
    const site = await siteWithPosts();
    const cms = cmsOf(site.api, site.siteId);
    const rows = Array.from({ length: 45 }, (_, i) => ({ title: `Recipe ${String(i + 1).padStart(2, '0')}`, slug: `recipe-${i + 1}` }));
    const { error } = await site.api.POST('/sites/{siteId}/content/{collection}/import', {
      params: { path: { siteId: site.siteId, collection: 'posts' } },
      body: { items: rows },
    });
    expect(error).toBeUndefined();
    const { data: all } = await cms.items('posts', { limit: 1 });
    const total = all!.total;
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);
    await page.getByRole('tree').getByRole('treeitem', { name: 'Hero', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await selectInTree(page, 'Actions');
    await page.getByRole('radiogroup', { name: 'Data source' }).getByText('Item').click();
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Hello world']);

    // Opening lists the first 20 items, saying how many there are; More items adds the next 20.
    const item = page.getByRole('combobox', { name: 'Item', exact: true });
    const list = page.getByRole('listbox', { name: 'Items' });
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/content/posts/items')) asked.push(new URL(r.url()).search);
    });
    await item.click();
    await expect.poll(() => list.getByRole('option').count()).toBe(20);
    await page.getByText(`20 of ${total}`).waitFor();
    await page.getByRole('button', { name: 'More items' }).click();
    await expect.poll(() => list.getByRole('option').count()).toBe(40);
    await look(page, 'binding-item-picker');

    // Typing searches the collection on the server; Down and Enter pick the match.
    await item.fill('Recipe 37');
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual(['Recipe 37']);
    expect(asked.some((q) => new URLSearchParams(q).get('search') === 'Recipe 37')).toBe(true);
    expect(asked.every((q) => Number(new URLSearchParams(q).get('limit')) === 20)).toBe(true);
    await item.press('Enter');
    await expect.poll(() => heroButtons(page), { timeout: 10_000 }).toEqual(['Recipe 37']);
    const { data: found } = await cms.items('posts', { search: 'Recipe 37' });
    expect((await site.doc()).nodes['hero.actions']!.data._dataSource).toBe(`posts.${found!.items[0]!._id}`);

    // Nothing matching says so; Escape closes the list and keeps the choice.
    await item.fill('no such recipe');
    await page.getByText('No items found').waitFor();
    await item.press('Escape');
    expect(await list.count()).toBe(0);
    expect(await item.inputValue()).toBe('Recipe 37');
    await context.close();
  });
});
