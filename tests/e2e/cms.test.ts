import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { cmsOf } from '../support/cms.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, openAs, pathOf, settled, toastText } from './browser.js';
import { ownerWithSite } from './settings.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/** The CMS screen (spec 002 §2 "CMS screen", issue 15 items 1-3) against a real server. */

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

import { launch } from './browser.js';

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-cms/${name}.png` });

async function openCms(user: Awaited<ReturnType<typeof ownerWithSite>>['user'], siteId: string, path = '') {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/cms${path}`);
  await opened.page.getByRole('list', { name: 'Collection list' }).waitFor();
  await settled(opened.page);
  return opened;
}

const rows = (page: Page) => page.getByTestId('cms-row');
const cellTexts = async (page: Page, column: number) =>
  page
    .getByTestId('cms-row')
    .evaluateAll((trs, c) => trs.map((tr) => (tr.children[c] as HTMLElement | undefined)?.innerText.trim() ?? ''), column);

describe('collections', () => {
  it('shows the empty state, creates a collection, renames it with an icon, refuses to delete it with items, deletes it empty', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const cms = cmsOf(user.api, siteId);
    // The launch template may bring collections of its own: start from none.
    for (const c of (await cms.list('false')).data!) {
      for (const item of await cms.all(c.id)) await cms.deleteItem(c.id, item._id);
      await cms.remove(c.id);
    }
    const { context, page } = await openCms(user, siteId);
    await page.getByText(messages.cmsEmpty).waitFor();
    await checkScreen(page, 'cms-empty', { fullPage: false });
    await shot(page, 'empty');

    await page.getByRole('main', { name: 'CMS' }).getByRole('button', { name: 'New collection' }).click();
    await page.getByRole('button', { name: 'Create collection' }).click();
    await page.getByText(messages.collectionNameRequired).waitFor();
    await page.getByLabel('Collection name').fill('Posts');
    await page.getByRole('radio', { name: 'Blog' }).click();
    await page.getByRole('button', { name: 'Create collection' }).click();
    await pathOf(page, `/sites/${siteId}/cms/posts`);
    await page.getByRole('heading', { name: 'Posts' }).waitFor();
    expect((await cms.get('posts')).data).toMatchObject({ name: 'Posts', icon: 'Blog' });

    const entry = page.getByRole('list', { name: 'Collection list' }).getByRole('listitem').filter({ hasText: 'Posts' });
    await entry.hover();
    await page.getByRole('button', { name: 'Posts options' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByLabel('Collection name').fill('Articles');
    await page.getByRole('radio', { name: 'Star' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Articles' }).waitFor();
    expect((await cms.get('posts')).data).toMatchObject({ name: 'Articles', icon: 'Star' });

    await cms.addItem('posts', {});
    await page.reload();
    await page.getByRole('heading', { name: 'Articles' }).waitFor();
    await page.getByRole('list', { name: 'Collection list' }).getByRole('listitem').filter({ hasText: 'Articles' }).hover();
    await page.getByRole('button', { name: 'Articles options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    expect(await toastText(page)).toContain(messages.collectionNotEmpty);
    expect((await cms.get('posts')).response.status).toBe(200);
    await context.close();
  });
});

/** A site with the sample collection (title required, slug, description, image, category, date, published). */
async function sampleSite() {
  const owner = await ownerWithSite(t);
  const cms = cmsOf(owner.user.api, owner.siteId);
  const { data } = await cms.create({ name: 'Sample' }, 'true');
  return { ...owner, cms, collection: data!.id };
}

describe('items', () => {
  it('shows the items, creates one through the panel (a required field said), edits one with Saved for 2 s, duplicates one with Duplicated, toggles published from the table', async () => {
    const { user, siteId, cms, collection } = await sampleSite();
    const { context, page } = await openCms(user, siteId, `/${collection}`);
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(
      expect.arrayContaining(['TITLE', 'SLUG', 'CATEGORY', 'PUBLISHED']),
    );
    expect(await page.getByTestId('cms-count').innerText()).toBe('3 items');
    await checkScreen(page, 'cms-items', { fullPage: false });
    await shot(page, 'items');

    await page.getByRole('button', { name: 'New item' }).click();
    await pathOf(page, `/sites/${siteId}/cms/${collection}/items/create`);
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.getByText(messages.valueRequired).waitFor();
    await page.getByLabel('Title').fill('Fresh bread');
    await page.getByLabel('Slug').fill('fresh-bread');
    await page.getByLabel('Category').selectOption('Stories');
    await checkScreen(page, 'cms-item-create', { fullPage: false });
    await shot(page, 'item-create');
    await page.getByRole('button', { name: 'Create item' }).click();
    await pathOf(page, `/sites/${siteId}/cms/${collection}`);
    const created = (await cms.all(collection)).find((i) => i.title === 'Fresh bread')!;
    expect(created).toMatchObject({ slug: 'fresh-bread', category: 'Stories', published: true });
    const createdRow = page.locator(`[data-testid="cms-row"][data-item-id="${created._id}"]`);
    await createdRow.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await createdRow.getByRole('status').waitFor({ state: 'detached', timeout: 5000 });

    await rows(page).filter({ hasText: 'Our first news' }).click();
    await pathOf(page, `/sites/${siteId}/cms/${collection}/items/2`);
    await page.getByLabel('Title').fill('Our big news');
    await page.getByRole('button', { name: 'Save item' }).click();
    const second = page.locator('[data-testid="cms-row"][data-item-id="2"]');
    await second.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    expect((await cms.item(collection, 2)).data!.title).toBe('Our big news');

    await second.click();
    await page.getByRole('button', { name: 'Duplicate' }).click();
    const copyId = created._id + 1;
    await pathOf(page, `/sites/${siteId}/cms/${collection}/items/${copyId}`);
    await page.locator(`[data-testid="cms-row"][data-item-id="${copyId}"]`).getByRole('status').filter({ hasText: 'Duplicated' }).waitFor();
    expect((await cms.item(collection, copyId)).data!.title).toBe('Our big news');
    await page.getByRole('button', { name: 'Close panel' }).click();

    await page.getByRole('switch', { name: 'Published: item 1' }).click();
    await expect.poll(async () => (await cms.item(collection, 1)).data!.published).toBe(false);
    await context.close();
  });

  it('asks before closing a panel with unsaved changes (Escape closes a fullscreen input first), and keeps the changes when the user stays', async () => {
    const { user, siteId, collection } = await sampleSite();
    const { context, page } = await openCms(user, siteId, `/${collection}/items/1`);
    await page.getByLabel('Title').fill('Changed');
    await page.getByRole('button', { name: 'Open Description fullscreen' }).click();
    await page.getByTestId('fullscreen-input').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('fullscreen-input').waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await page.getByLabel('Title').focus();
    await page.keyboard.press('Escape');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(messages.unsavedChanges, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Title').inputValue()).toBe('Changed');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await pathOf(page, `/sites/${siteId}/cms/${collection}`);
    await context.close();
  });
});
