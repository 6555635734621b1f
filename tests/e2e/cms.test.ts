import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { cmsOf } from '../support/cms.js';
import { fixtures, multipart } from '../support/files.js';
import { basic } from '../support/team.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, openAs, pathOf, settled, toastText } from './browser.js';
import { teamSite } from '../support/editor.js';
import { ownerWithSite } from './settings.js';

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

async function openCms(user: { session: { token: string } }, siteId: string, path = '') {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/cms${path}`);
  await opened.page.getByRole('list', { name: 'Collection list' }).waitFor();
  await settled(opened.page);
  return opened;
}

const rows = (page: Page) => page.getByTestId('cms-row');

/** Drags the first row of the items table by its grip, with the mouse, onto row `index` (from 0), and lets go. */
async function dragFirstRowOnto(page: Page, index: number) {
  const handle = page.getByRole('button', { name: 'Drag to sort item 1', exact: true });
  await rows(page).first().hover();
  const from = (await handle.boundingBox())!;
  const to = (await rows(page).nth(index).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 4 });
  await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 10 });
  await page.mouse.up();
}
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
    await page.getByRole('navigation', { name: 'Content' }).getByRole('link', { name: 'Localization' }).click();
    // The screen opens its first page (a replace): wait for it, or Back could run before that replace and lose /cms.
    await pathOf(page, `/sites/${siteId}/localization/pages/home`);
    await page.getByRole('complementary', { name: 'Localization sidebar' }).waitFor();
    await page.goBack();
    await pathOf(page, `/sites/${siteId}/cms`);
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
    await page.getByTestId('cms-items-empty').waitFor();
    expect(await page.getByTestId('cms-count').innerText()).toBe(messages.itemsNone);
    await checkScreen(page, 'cms-collection-empty', { fullPage: false });
    await shot(page, 'collection-empty');
    await page.getByRole('button', { name: 'Add a field' }).click();
    await pathOf(page, `/sites/${siteId}/cms/posts/fields/create`);
    await page.getByRole('button', { name: 'Close panel' }).click();
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

    for (const item of await cms.all('posts')) await cms.deleteItem('posts', item._id);
    await page.reload();
    await page.getByRole('heading', { name: 'Articles' }).waitFor();
    await page.getByRole('list', { name: 'Collection list' }).getByRole('listitem').filter({ hasText: 'Articles' }).hover();
    await page.getByRole('button', { name: 'Articles options' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(messages.cmsEmpty).waitFor();
    expect((await cms.get('posts')).response.status).toBe(404);
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
    await page.getByRole('button', { name: 'Choose Image' }).click();
    const picker = page.getByRole('dialog', { name: 'Select image' });
    await picker.waitFor();
    await picker.getByRole('tab', { name: 'URL' }).focus();
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
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

describe('the items table', () => {
  it('sorts by a header and searches (field:text) on the server, reads later pages while scrolling, moves with the keyboard, and drags rows into a new hand order only without a search or sort', async () => {
    const { user, siteId, cms, collection } = await sampleSite();
    const extra = Array.from({ length: 297 }, (_, i) => ({
      title: `Row ${String(i + 4).padStart(3, '0')}`,
      slug: `row-${i + 4}`,
      category: 'News',
    }));
    await cms.import(collection, { items: extra });
    const { context, page } = await openCms(user, siteId, `/${collection}`);
    expect(await page.getByTestId('cms-count').innerText()).toBe('300 items');
    const titles = () => cellTexts(page, 1);
    expect((await titles())[0]).toBe('Getting started');

    await page.getByRole('columnheader', { name: 'Title' }).getByRole('button', { name: 'Title', exact: true }).click();
    await expect.poll(async () => (await titles())[0]).toBe('A customer story');
    expect(await page.getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort')).toBe('ascending');
    expect(await page.getByRole('button', { name: /^Drag to sort/ }).count()).toBe(0);
    await page.getByRole('columnheader', { name: 'Title' }).getByRole('button', { name: 'Title', exact: true }).click();
    await expect.poll(async () => (await titles())[0]).toBe('Row 300');
    await page.getByRole('columnheader', { name: 'Title' }).getByRole('button', { name: 'Title', exact: true }).click();
    await expect.poll(async () => (await titles())[0]).toBe('Getting started');

    await page.getByRole('searchbox', { name: 'Search items' }).fill('slug:row-29');
    await expect.poll(() => page.getByTestId('cms-count').innerText()).toBe('11 items of 300');
    expect(await page.getByRole('button', { name: /^Drag to sort/ }).count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search items' }).fill('story');
    await expect.poll(async () => titles()).toEqual(['A customer story']);
    await page.getByRole('searchbox', { name: 'Search items' }).fill('nothing like this');
    await expect.poll(() => page.getByTestId('cms-count').innerText()).toBe('0 items of 300');
    await page.getByRole('searchbox', { name: 'Search items' }).fill('');
    await expect.poll(() => page.getByTestId('cms-count').innerText()).toBe('300 items');

    await page.getByRole('button', { name: 'Filter items' }).click();
    await page.getByRole('menuitem', { name: /Guides$/ }).click();
    await expect.poll(async () => titles()).toEqual(['Getting started']);
    expect(await page.getByTestId('cms-count').innerText()).toBe('1 item of 300');
    expect(await page.getByRole('button', { name: /^Drag to sort/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Filter items' }).click();
    await page.getByRole('menuitem', { name: /Draft$/ }).click();
    await expect.poll(() => page.getByTestId('cms-count').innerText()).toBe('0 items of 300');
    await page.getByRole('button', { name: 'Remove filter Category: Guides' }).click();
    await page.getByRole('button', { name: 'Remove filter Published: Draft' }).click();
    await expect.poll(() => page.getByTestId('cms-count').innerText()).toBe('300 items');

    await page.getByTestId('cms-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect.poll(async () => (await titles()).at(-1)).toBe('Row 300');
    await page.getByTestId('cms-scroller').evaluate((el) => el.scrollTo(0, 0));
    await expect.poll(async () => (await titles())[0]).toBe('Getting started');

    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-item-id'));
    await rows(page).first().focus();
    await page.keyboard.press('End');
    await expect.poll(focused).toBe('300');
    await page.keyboard.press('ArrowUp');
    await expect.poll(focused).toBe('299');
    await page.keyboard.press('Home');
    await expect.poll(focused).toBe('1');
    // Each move lands (the row may mount first) before the next key, as a person sees it move.
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('2');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('3');
    await page.keyboard.press('Enter');
    await pathOf(page, `/sites/${siteId}/cms/${collection}/items/3`);
    await page.getByLabel('Title').waitFor();
    await checkScreen(page, 'cms-item-edit', { fullPage: false });
    await shot(page, 'item-edit');
    expect(await page.getByRole('button', { name: /^Drag to sort/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close panel' }).click();
    await pathOf(page, `/sites/${siteId}/cms/${collection}`);

    await dragFirstRowOnto(page, 2);
    await expect.poll(async () => (await cms.items(collection, { limit: 3 })).data!.items.map((i) => i._id)).toEqual([2, 3, 1]);
    await expect.poll(async () => (await titles()).slice(0, 3)).toEqual(['Our first news', 'A customer story', 'Getting started']);
    await context.close();
  });

  it('a row dragged while a colleague added an item at the top (the table not yet showing it) moves the row dragged, below the row it was dropped under', async () => {
    const { user, siteId, cms, collection } = await sampleSite();
    const { context, page } = await openCms(user, siteId, `/${collection}`);
    const titles = () => cellTexts(page, 1);
    await expect.poll(titles).toEqual(['Getting started', 'Our first news', 'A customer story']);
    // A colleague adds an item first; this table does not show it until it reads the items again.
    const added = await cms.addItem(collection, { title: 'Added by a colleague', slug: 'added', category: 'News', _index: 0 });
    expect(added.response.status).toBe(201);

    // "Getting started" dragged below "A customer story", with the mouse.
    await dragFirstRowOnto(page, 2);
    // By its index alone, the colleague's item would have been the one moved.
    const order = [added.data!.itemId, 2, 3, 1];
    await expect.poll(async () => (await cms.items(collection, { limit: 4 })).data!.items.map((i) => i._id)).toEqual(order);
    await expect.poll(titles).toEqual(['Added by a colleague', 'Our first news', 'A customer story', 'Getting started']);
    await page.reload();
    await expect.poll(titles).toEqual(['Added by a colleague', 'Our first news', 'A customer story', 'Getting started']);
    await shot(page, 'late-drag');
    await context.close();
  });

  it('switches the language on a site of two, flags the cells a localization is missing in, and offers no switcher on a site of one', async () => {
    const { user, siteId, cms, collection } = await sampleSite();
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { languages: ['en', 'fi'] } });
    await cms.editField(collection, 'title', { localizable: true });
    await cms.editItem(collection, 1, { title: { _loc: true, en: 'Getting started', fi: 'Aloitus' } });
    const { context, page } = await openCms(user, siteId, `/${collection}`);
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByTestId('missing-translation').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fi');
    await expect.poll(async () => (await cellTexts(page, 1))[0]).toBe('Aloitus');
    // Items 2 and 3 have their title in English only.
    await expect.poll(() => page.getByTestId('missing-translation').count()).toBe(2);
    expect(await rows(page).nth(0).getByTestId('missing-translation').count()).toBe(0);
    await checkScreen(page, 'cms-languages', { fullPage: false });
    await shot(page, 'languages');

    await page.goto(`/sites/${siteId}/cms/${collection}/fields/slug`);
    await page.getByRole('switch', { name: 'Localizable' }).waitFor();
    await page.goto(`/sites/${siteId}/cms/${collection}/fields/date`);
    await page.getByRole('heading', { name: 'Field date' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Localizable' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close panel' }).click();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('fi');
    await rows(page).nth(1).click();
    await page.getByLabel('Title (fi)').fill('Uutisemme');
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect
      .poll(async () => (await cms.item(collection, 2)).data!.title)
      .toEqual({ _loc: true, en: 'Our first news', fi: 'Uutisemme' });
    await expect.poll(() => page.getByTestId('missing-translation').count()).toBe(1);
    await context.close();

    const single = await sampleSite();
    const other = await openCms(single.user, single.siteId, `/${single.collection}`);
    await expect.poll(() => rows(other.page).count()).toBe(3);
    expect(await other.page.getByRole('combobox', { name: 'Language' }).count()).toBe(0);
    await other.context.close();
  });
});

describe('sample data and new items', () => {
  it('adds a sample collection from the sidebar, and a new item starts with the last item’s category, which is what it saves', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const cms = cmsOf(user.api, siteId);
    const before = new Set((await cms.list('false')).data!.map((c) => c.id));
    const { context, page } = await openCms(user, siteId);
    await page.getByRole('complementary', { name: 'Collections' }).getByRole('button', { name: 'Add sample data' }).click();
    await expect.poll(async () => (await cms.list('false')).data!.filter((c) => !before.has(c.id)).length).toBe(1);
    const sample = (await cms.list('false')).data!.find((c) => !before.has(c.id))!;
    await pathOf(page, `/sites/${siteId}/cms/${sample.id}`);
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await cellTexts(page, 1)).toEqual(['Getting started', 'Our first news', 'A customer story']);
    await page
      .getByRole('list', { name: 'Collection list' })
      .getByRole('link', { name: new RegExp(`${sample.name}`) })
      .filter({ hasText: '3' })
      .waitFor();

    // The last item in hand order is a story: a new item starts as one (spec 002 §4), and says so.
    await page.getByRole('button', { name: 'New item' }).click();
    await expect.poll(() => page.getByLabel('Category').inputValue()).toBe('Stories');
    expect(await page.getByRole('switch', { name: 'Published', exact: true }).getAttribute('aria-checked')).toBe('true');
    await page.getByLabel('Title').fill('Bake day');
    await page.getByLabel('Slug').fill('bake-day');
    await page.getByRole('button', { name: 'Create item' }).click();
    await pathOf(page, `/sites/${siteId}/cms/${sample.id}`);
    await expect.poll(async () => (await cms.all(sample.id)).find((i) => i.title === 'Bake day')?.category).toBe('Stories');
    await context.close();
  });

  it('edits a page field with the site’s pages, an icon field in the icon picker, a gallery in the image picker, a gradient in the gradient editor and a colour in the colour picker', async () => {
    const { user, siteId, cms, collection } = await sampleSite();
    await cms.addField(collection, { name: 'link', type: 'page', _title: 'Link' });
    await cms.addField(collection, { name: 'tint', type: 'color', _title: 'Tint' });
    await cms.addField(collection, { name: 'badge', type: 'icon', _title: 'Badge' });
    await cms.addField(collection, { name: 'photos', type: 'gallery', _title: 'Photos' });
    await cms.addField(collection, { name: 'backdrop', type: 'gradient', _title: 'Backdrop' });
    for (const name of ['loaf.png', 'bun.png']) {
      const { body, contentType } = multipart([{ field: 'file0', filename: name, data: await fixtures.png(60, 40) }]);
      const uploaded = await fetch(`${t.url}/api/sites/${siteId}/files`, {
        method: 'POST',
        headers: { authorization: basic(user.session.token), 'content-type': contentType },
        body,
      });
      expect(uploaded.status).toBe(201);
    }
    const { context, page } = await openCms(user, siteId, `/${collection}/items/1`);
    const link = page.getByRole('combobox', { name: 'Link', exact: true });
    await link.waitFor();
    expect(await link.locator('option').first().innerText()).toBe('No page');
    expect(await link.locator('option').allInnerTexts()).toEqual(expect.arrayContaining([expect.stringMatching(/\(home\)$|^home$/)]));
    await link.selectOption('home');

    await page.getByRole('button', { name: 'Choose Badge' }).click();
    const icons = page.getByRole('dialog', { name: 'Select icon' });
    await icons.getByRole('option', { name: 'heart', exact: true }).click();
    await icons.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Badge', { exact: true }).inputValue()).toBe('zondicons:heart');

    const gallery = page.getByRole('group', { name: 'Photos' });
    for (const name of ['loaf.png', 'bun.png']) {
      await gallery.getByRole('button', { name: 'Add image to Photos' }).click();
      await page.getByRole('listbox', { name: 'Site images' }).getByRole('option', { name }).click();
      await gallery.getByRole('img', { name }).waitFor();
    }
    await expect
      .poll(() => gallery.getByRole('img', { name: 'bun.png' }).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    const backdrop = page.getByRole('group', { name: 'Backdrop' });
    await backdrop.getByText('No gradient').waitFor();
    await backdrop.getByRole('button', { name: 'Edit gradient' }).click();
    const gradients = page.getByRole('dialog', { name: 'Gradients' });
    await gradients.getByLabel('Angle').fill('90');
    // Escape closes the gradient editor, not the item's panel.
    await page.keyboard.press('Escape');
    await gradients.waitFor({ state: 'detached' });
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    expect(await backdrop.getByTestId('gradient-swatch').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(
      'linear-gradient',
    );
    // A colour: a theme shade and an opacity in the editor's colour picker; a hex stays plain in the item.
    await page.getByLabel('Tint', { exact: true }).click();
    const colour = page.getByRole('dialog', { name: 'Select color' });
    await colour.getByRole('radiogroup', { name: 'Tint shades' }).getByTitle('primary-l3').click();
    await colour.getByLabel('Opacity percent').fill('60');
    await colour.getByLabel('Opacity percent').press('Enter');
    await page.keyboard.press('Escape');
    await colour.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Tint', { exact: true }).innerText()).toBe('primary-l3/60');
    await checkScreen(page, 'cms-item-pickers', { fullPage: false });
    await shot(page, 'item-pickers');
    await gallery.getByRole('button', { name: 'Remove loaf.png' }).click();
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect
      .poll(async () => {
        const item = (await cms.item(collection, 1)).data!;
        return [item.link, item.badge, item.photos, (item.backdrop as { type?: string; angle?: number } | undefined)?.angle, item.tint];
      })
      .toEqual(['home', 'zondicons:heart', ['bun.png'], 90, 'primary-l3/60']);

    await cms.editItem(collection, 2, { tint: '#1e40af/80' });
    await page.goto(`/sites/${siteId}/cms/${collection}/items/2`);
    await page.getByLabel('Tint', { exact: true }).waitFor();
    expect(await page.getByLabel('Tint', { exact: true }).innerText()).toBe('#1e40af 80%');
    await page.getByRole('button', { name: 'Close panel' }).click();
    const swatch = page.getByTestId('cms-row').filter({ hasText: '#1e40af/80' }).getByTestId('color-swatch');
    // The list draws the row again once the panel has closed: read the swatch that stays.
    await expect.poll(() => swatch.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgba(30, 64, 175, 0.8)');
    await context.close();
  });
});

describe('fields', () => {
  it('creates fields with the spec messages for bad names, categories with their placeholder, edits a type within its allowed changes, hides a column and deletes a field', async () => {
    const { user, siteId, cms, collection } = await sampleSite();
    const { context, page } = await openCms(user, siteId, `/${collection}/fields/create`);
    await page.getByLabel('Field name').fill('Bad name');
    await page.getByRole('button', { name: 'Create field' }).click();
    await page.getByText(messages.fieldNameChars, { exact: true }).waitFor();
    await page.getByLabel('Field name').fill('title');
    await page.getByRole('button', { name: 'Create field' }).click();
    await page.getByText(messages.fieldNameUsed, { exact: true }).waitFor();
    await page.getByLabel('Field name').fill('tags');
    // One language: nothing to localize.
    expect(await page.getByRole('switch', { name: 'Localizable' }).count()).toBe(0);
    await page.getByLabel('Type').selectOption('vcard');
    await page.getByLabel('File name').fill('card.txt');
    await page.getByRole('button', { name: 'Create field' }).click();
    await page.getByText(messages.vcardFilename, { exact: true }).waitFor();
    await page.getByLabel('Type').selectOption('enum');
    expect(await page.getByRole('switch', { name: 'Required' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Create field' }).click();
    await page.getByText(messages.categoriesRequired, { exact: true }).waitFor();
    const categories = page.getByPlaceholder('Add category....');
    await categories.fill('Bread');
    await categories.press('Enter');
    await categories.fill('Cakes');
    await categories.press('Enter');
    await page.getByLabel('Title', { exact: true }).fill('Tags');
    await checkScreen(page, 'cms-field-create', { fullPage: false });
    await shot(page, 'field-create');
    await page.getByRole('button', { name: 'Create field' }).click();
    await page.getByRole('columnheader', { name: 'Tags' }).waitFor();
    expect((await cms.get(collection)).data!.fields.find((f) => f.id === 'tags')).toMatchObject({
      type: 'enum',
      options: ['Bread', 'Cakes'],
    });

    await cms.addField(collection, { name: 'notes', type: 'list', _title: 'Notes' });
    await page.goto(`/sites/${siteId}/cms/${collection}/items/1`);
    const notes = page.getByPlaceholder('Add item...');
    await notes.fill('First');
    await notes.press('Enter');
    await notes.fill('   ');
    await notes.press('Enter');
    await notes.fill('Second');
    await notes.press('Enter');
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect.poll(async () => (await cms.item(collection, 1)).data!.notes).toEqual(['First', 'Second']);

    await page.goto(`/sites/${siteId}/cms/${collection}/fields/published`);
    await page.getByRole('heading', { name: 'Field published' }).waitFor();
    expect(await page.getByLabel('Type').count()).toBe(0);
    await page.goto(`/sites/${siteId}/cms/${collection}/fields/date`);
    await page.getByRole('heading', { name: 'Field date' }).waitFor();
    expect(await page.getByLabel('Type').locator('option').allInnerTexts()).toEqual(['Date', 'Text']);
    await page.getByRole('switch', { name: 'Hidden' }).click();
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.getByRole('columnheader', { name: 'Date' }).waitFor({ state: 'detached' });
    expect((await cms.get(collection)).data!.fields.find((f) => f.id === 'date')!.hidden).toBe(true);

    await page.getByRole('button', { name: 'Column options' }).click();
    await page
      .getByRole('menuitem', { name: /Category$/ })
      .first()
      .click();
    await page.getByRole('columnheader', { name: 'Category' }).waitFor({ state: 'detached' });

    await page.goto(`/sites/${siteId}/cms/${collection}/fields/notes`);
    await page.getByRole('button', { name: 'Delete field' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await pathOf(page, `/sites/${siteId}/cms/${collection}`);
    expect((await cms.get(collection)).data!.fields.some((f) => f.id === 'notes')).toBe(false);
    await context.close();
  });

  it('creates a collection page for a collection with a slug field that no page uses, and then offers it no more', async () => {
    const { user, siteId, collection } = await sampleSite();
    const { context, page } = await openCms(user, siteId, `/${collection}`);
    await page.getByRole('button', { name: 'Create collection page' }).click();
    await pathOf(page, /\/pages\//);
    const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
    expect(data!.pages!.some((p) => p.content === collection)).toBe(true);
    // Asked once the site's document (and so its pages) has reached the page, not before.
    const siteLoaded = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/sites/${siteId}` && new URL(r.url()).searchParams.has('expand') && r.ok(),
    );
    await page.goto(`/sites/${siteId}/cms/${collection}`);
    await siteLoaded;
    await expect.poll(() => rows(page).count()).toBe(3);
    await settled(page);
    expect(await page.getByRole('button', { name: 'Create collection page' }).count()).toBe(0);
    await context.close();
  });
});

describe('rich text and read-only', () => {
  it('edits a rich-text field with the editor and stores its blocks', async () => {
    const { user, siteId, cms, collection } = await sampleSite();
    const { context, page } = await openCms(user, siteId, `/${collection}/items/1`);
    const editor = page.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Fresh every morning');
    await page.getByRole('button', { name: 'Save item' }).click();
    await expect.poll(async () => JSON.stringify((await cms.item(collection, 1)).data!.description)).toContain('Fresh every morning');
    expect(Array.isArray((await cms.item(collection, 1)).data!.description)).toBe(true);
    await expect.poll(async () => (await cellTexts(page, 3))[0]).toBe('Fresh every morning');
    await context.close();
  });

  it('a locked collaborator sees the items but cannot add, drag, toggle or import', async () => {
    const { owner, guest, siteId, lock } = await teamSite(t);
    const cms = cmsOf(owner.api, siteId);
    const { data } = await cms.create({ name: 'Sample' }, 'true');
    await lock(true);
    const { context, page } = await openCms(guest, siteId, `/${data!.id}`);
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.getByRole('button', { name: 'New item' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'New collection' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Drag to sort/ }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Published: item 1' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Import and export' }).click();
    expect(await page.getByRole('menuitem', { name: 'Import…' }).getAttribute('aria-disabled')).toBe('true');
    await context.close();
  });
});
