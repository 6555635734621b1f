import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { launch, newPage, openAs, settled } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/**
 * Modelling content in the CMS screen (issue 30 point 2), from a fresh site of a template: a field's
 * default value, the field order, the items' own order, slugs made from names, toggles and thumbnails
 * in the table, and the resizable sidebar; what reaches the published site is read there.
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

async function openCms(user: User, siteId: string, path: string) {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/cms${path}`);
  await opened.page.getByTestId('cms-row').first().waitFor();
  await settled(opened.page);
  return opened;
}

/** A published page as a visitor's browser gets it from the site view. */
async function visit(user: User, siteId: string, path: string) {
  const { data } = await user.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
  const link = data!.url.replace(t.pw.deps.config.publicUrl, t.url);
  const visitor = await newPage(browser, t.url);
  await visitor.page.goto(`${link}${path}`);
  await visitor.page.waitForLoadState('load');
  return visitor;
}

const headers = (page: Page) =>
  page
    .getByRole('table')
    .locator('thead th')
    .evaluateAll((ths) => ths.slice(1).map((th) => (th as HTMLElement).innerText.trim().toLowerCase()));

/** Drags a column of the items table by its grip ("Move field …"), with the mouse, onto another column's header. */
async function dragColumnOnto(page: Page, name: string, onto: string) {
  const header = (text: string) => page.getByRole('table').locator('thead th').filter({ hasText: text });
  await header(name).hover();
  const grip = (await page.getByRole('button', { name: `Move field ${name}` }).boundingBox())!;
  const target = (await header(onto).boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x - 20, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.move(target.x + 10, target.y + target.height / 2, { steps: 12 });
  await page.mouse.up();
}

describe('the items table of a template site', () => {
  it('shows yes/no values as toggles and pictures as thumbnails, and the sidebar keeps the width it is given', async () => {
    const { user, siteId } = await ownerWithSite(t, { templateId: 'bistro', siteName: 'Bistro' });
    const cms = cmsOf(user.api, siteId);
    const { context, page } = await openCms(user, siteId, '/menu');

    // 'Featured on the front page' is a toggle per row, not the words true and false.
    const first = (await cms.items('menu', { limit: 1 })).data!.items[0]!;
    const featured = page.getByRole('switch', { name: `Featured on the front page: item ${first._id}`, exact: true });
    expect(await featured.getAttribute('aria-checked')).toBe(String(first.featured === true));
    const texts = await page.getByTestId('cms-row').first().innerText();
    expect(texts).not.toMatch(/\btrue\b|\bfalse\b/);
    await featured.click();
    await expect.poll(async () => (await cms.item('menu', first._id)).data!.featured).toBe(first.featured !== true);
    await expect.poll(() => featured.getAttribute('aria-checked')).toBe(String(first.featured !== true));

    // Pictures show as thumbnails of the library's files, loaded, instead of their paths.
    const thumbnail = page.getByTestId('cms-thumbnail').first();
    await thumbnail.waitFor();
    await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await page.getByTestId('cms-row').first().innerText()).not.toMatch(/\.(svg|jpe?g|png|webp)\b/);

    // The collections sidebar is resized by keyboard and by mouse (200-560 px) and keeps its width.
    const sidebar = page.locator('[data-sidebar="cms"]');
    const handle = page.getByRole('separator', { name: 'Resize collections' });
    const width = async () => Math.round((await sidebar.boundingBox())!.width);
    expect(await width()).toBe(260);
    await handle.focus();
    await page.keyboard.press('End');
    expect(await width()).toBe(560);
    await page.keyboard.press('Home');
    expect(await width()).toBe(200);
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 100, box.y + 200, { steps: 4 });
    await page.mouse.up();
    expect(await width()).toBe(300);
    await page.reload();
    await page.getByTestId('cms-row').first().waitFor();
    expect(await width()).toBe(300);
    await context.close();
  });

  it('a column dragged while a colleague added a field first (this table not showing it yet) moves the column dragged', async () => {
    const { user, siteId } = await ownerWithSite(t, { templateId: 'bistro', siteName: 'Bistro' });
    const cms = cmsOf(user.api, siteId);
    const fieldIds = async () => (await cms.get('menu')).data!.fields.map((f) => f.id);
    const { context, page } = await openCms(user, siteId, '/menu');
    const seen = await fieldIds();
    // A colleague adds a field and puts it first.
    const added = await cms.addField('menu', { name: 'spice', type: 'text' });
    expect(added.response.status).toBe(201);
    await cms.sortFields('menu', seen.length, 0);

    // The Diet column's grip dragged onto the Dish column, with the mouse.
    await dragColumnOnto(page, 'Diet', 'Dish');
    // Diet first, the colleague's field after it (by index alone, another field would have moved).
    await expect.poll(fieldIds).toEqual(['diet', added.data!.id, ...seen.filter((f) => f !== 'diet')]);
    await expect.poll(async () => (await headers(page)).slice(0, 3)).toEqual(['diet', 'spice', 'dish']);
    await page.reload();
    await page.getByTestId('cms-row').first().waitFor();
    expect((await headers(page)).slice(0, 3)).toEqual(['diet', 'spice', 'dish']);
    await context.close();
  });

  it("moves fields by keyboard and mouse, and saves the header's sort as the items' order the published menu follows", async () => {
    const { user, siteId } = await ownerWithSite(t, { templateId: 'bistro', siteName: 'Bistro' });
    const cms = cmsOf(user.api, siteId);
    const fieldIds = async () => (await cms.get('menu')).data!.fields.map((f) => f.id);
    const { context, page } = await openCms(user, siteId, '/menu');
    expect((await headers(page)).slice(0, 3)).toEqual(['dish', 'description', 'price (€)']);

    // Keyboard: Space picks the field up, an arrow moves it, Space drops it.
    const price = page.getByRole('button', { name: 'Move field Price (€)' });
    await price.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('status').allInnerTexts()).toContainEqual(expect.stringContaining('Draggable item price'));
    // dnd-kit listens for the arrows only once it has measured the columns, a moment after the pick-up:
    // like a person who sees nothing move, the test presses the arrow again until the field is over Description.
    const overDescription = () =>
      page
        .waitForFunction(
          () => [...document.querySelectorAll('[role="status"]')].some((s) => s.textContent?.includes('over droppable area description')),
          undefined,
          { timeout: 2000 },
        )
        .then(
          () => true,
          () => false,
        );
    let moved = false;
    for (let tries = 0; tries < 20 && !moved; tries++) {
      await page.keyboard.press('ArrowLeft');
      moved = await overDescription();
    }
    expect(moved).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(fieldIds).toEqual(['name', 'price', 'description', 'category', 'diet', 'featured', 'image', 'published']);
    await expect.poll(async () => (await headers(page)).slice(0, 3)).toEqual(['dish', 'price (€)', 'description']);

    // Mouse: the Diet column's grip dragged onto the Dish column.
    await dragColumnOnto(page, 'Diet', 'Dish');
    await expect.poll(fieldIds).toEqual(['diet', 'name', 'price', 'description', 'category', 'featured', 'image', 'published']);
    await page.reload();
    await page.getByTestId('cms-row').first().waitFor();
    expect((await headers(page)).slice(0, 3)).toEqual(['diet', 'dish', 'price (€)']);

    // The header's sort is the view's only: the items keep their order until it is saved as theirs.
    const handOrder = async () => (await cms.all('menu')).map((i) => i._id);
    const before = await handOrder();
    await page.getByRole('button', { name: 'Dish', exact: true }).click();
    await page.getByRole('button', { name: 'Dish', exact: true }).click();
    await page.getByText('Sorted by Dish (descending) in this view only.').waitFor();
    expect(await handOrder()).toEqual(before);
    await page.getByRole('button', { name: "Save as the items' order" }).click();
    const byName = (await cms.all('menu'))
      .map((i) => ({ id: i._id, name: (i.name as { en: string }).en }))
      .sort((a, b) => b.name.localeCompare(a.name, 'en'));
    await expect.poll(handOrder).toEqual(byName.map((d) => d.id));
    await page.getByText('Sorted by Dish (descending) in this view only.').waitFor({ state: 'detached' });
    expect(await page.getByRole('columnheader', { name: /Dish/ }).getAttribute('aria-sort')).toBe('none');
    await context.close();

    // The published menu lists each course's dishes in the new order.
    const visitor = await visit(user, siteId, 'menu/');
    const shown = await visitor.page.locator('main').innerText();
    const positions = byName.map((d) => shown.indexOf(d.name)).filter((at) => at >= 0);
    expect(positions.length).toBeGreaterThan(3);
    const items = await cms.all('menu');
    const course = new Map(items.map((i) => [(i.name as { en: string }).en, i.category as string]));
    for (const category of new Set(course.values())) {
      const inCourse = byName.filter((d) => course.get(d.name) === category).map((d) => shown.indexOf(d.name));
      expect(inCourse).toEqual([...inCourse].sort((a, b) => a - b));
    }
    await visitor.context.close();
  });
});

describe('fields and items of a journal', () => {
  it("sets a field's default in the field panel, and makes a new post's slug from its title until the slug is edited", async () => {
    const { user, siteId } = await ownerWithSite(t, { templateId: 'journal', siteName: 'Journal' });
    const cms = cmsOf(user.api, siteId);
    const { context, page } = await openCms(user, siteId, '/posts');

    // A default for the excerpt, set with the field's own input.
    await page.getByRole('button', { name: 'Column options' }).click();
    await page.getByRole('menuitem', { name: 'Edit Excerpt' }).click();
    await page.getByLabel('Default value').fill('A new essay from the Journal.');
    await page.getByRole('button', { name: 'Save field' }).click();
    // The panel closes once the field is saved and the screen holds it.
    await expect.poll(() => page.getByRole('form', { name: 'Field excerpt' }).count()).toBe(0);
    expect((await cms.get('posts')).data!.fields.find((f) => f.id === 'excerpt')!.default).toBe('A new essay from the Journal.');

    await page.getByRole('button', { name: 'New item' }).click();
    const panel = page.getByRole('form', { name: 'New item' });
    expect(await panel.getByRole('textbox', { name: 'Excerpt' }).inputValue()).toBe('A new essay from the Journal.');
    const title = panel.getByRole('textbox', { name: 'Title', exact: true });
    const slug = panel.getByRole('textbox', { name: 'Slug', exact: true });
    await title.pressSequentially('Kaalikääryleet: A Winter Dish');
    expect(await slug.inputValue()).toBe('kaalikaaryleet-a-winter-dish');
    await title.press('Backspace');
    await title.press('Backspace');
    await title.press('Backspace');
    await title.press('Backspace');
    await title.pressSequentially('Meal');
    expect(await slug.inputValue()).toBe('kaalikaaryleet-a-winter-meal');
    // Once the slug is the user's own, the title no longer changes it.
    await slug.fill('cabbage-rolls');
    await title.click();
    await title.press('End');
    await title.pressSequentially(' for Two');
    expect(await slug.inputValue()).toBe('cabbage-rolls');
    await page.getByRole('button', { name: 'Create item' }).click();
    await expect
      .poll(async () => (await cms.all('posts')).find((p) => p.slug === 'cabbage-rolls')?.title)
      .toBe('Kaalikääryleet: A Winter Meal for Two');
    const created = (await cms.all('posts')).find((p) => p.slug === 'cabbage-rolls')!;
    expect(created.excerpt).toBe('A new essay from the Journal.');
    await context.close();

    // The post has its page at the slug, with the default excerpt, on the published site.
    const visitor = await visit(user, siteId, 'posts/cabbage-rolls/');
    await visitor.page.getByRole('heading', { name: 'Kaalikääryleet: A Winter Meal for Two' }).waitFor();
    expect(await visitor.page.locator('meta[name="description"]').getAttribute('content')).toBe('A new essay from the Journal.');
    await visitor.context.close();
  });
});
