import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, launch, openAs, settled, axeOf } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/** The editor's popups (Add section, Add component, Add pages, Save version, shortcuts) and the compiled screen. */

const SCREENSHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../.tmp/screenshots');

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

async function openEditor(user: User, siteId: string) {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`, { width: 1440, height: 900 });
  await opened.page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
  await settled(opened.page);
  return opened;
}

/** axe on the popup alone (no serious or critical violation), then its picture for a person to look at. */
async function checkPopup(page: Page, popup: Locator, screen: string) {
  await animationsDone(page);
  const results = await axeOf(page).include('[role="dialog"]').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
  await popup.waitFor();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${screen}.png`) });
}

async function site(user: User, siteId: string) {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
  return data!;
}

/** Answers from the server and the editor's reload take a moment, more on a busy machine. */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000 });

const tree = (page: Page) => page.getByRole('tree', { name: 'Page tree' });

describe('Add section', () => {
  it('lists the 21 categories with their counts and adds a design of the library after the chosen section', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Sam Sections' });
    const before = (await site(user, siteId)).pages!.find((p) => p.id === 'home')!.sections;
    const { data: library } = await user.api.GET('/sections');
    const { context, page } = await openEditor(user, siteId);

    await page
      .getByRole('button', { name: /New section|Add Section/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Section' });
    await dialog.waitFor();
    const tabs = dialog.getByRole('tablist', { name: 'Section categories' }).getByRole('tab');
    await poll(() => tabs.count()).toBe(21);
    // The library's counts show once it has loaded; hero is the first category shown (spec 001 §2 "section tab").
    const heroes = library!.filter((d) => d.category === 'hero').length;
    await dialog.getByRole('tab', { name: `Hero ${heroes} designs` }).waitFor();
    expect(await dialog.getByRole('tab', { selected: true }).innerText()).toContain('Hero');

    await dialog.getByRole('tab', { name: /^FAQ/ }).click();
    expect(await dialog.getByRole('tab', { selected: true }).innerText()).toContain('FAQ');
    const frame = dialog.locator('iframe[title="Section previews"]');
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts');
    expect(await frame.getAttribute('src')).toContain('category=faq');
    await checkPopup(page, dialog, 'editor-popup-add-section');

    // A message from another window, or naming no design of the library, adds nothing.
    const design = library!.find((d) => d.category === 'faq')!;
    await page.evaluate((id) => window.postMessage({ type: 'editor.sections.add', templateId: id }, '*'), design.id);
    // Both were handled once a message posted after them from the frame arrives (one source, in order).
    await page.evaluate(() => addEventListener('message', (e) => e.data === 'pw-after' && (document.body.dataset.pwAfter = 'seen')));
    await frame
      .contentFrame()
      .locator('body')
      .evaluate(() => {
        parent.postMessage({ type: 'editor.sections.add', templateId: 'no-such-design' }, '*');
        parent.postMessage('pw-after', '*');
      });
    await page.waitForFunction(() => document.body.dataset.pwAfter === 'seen');
    await settled(page);
    expect((await site(user, siteId)).pages!.find((p) => p.id === 'home')!.sections).toEqual(before);

    // The frame's Add button posts editor.sections.add with the design's id; the section goes after the selected one.
    const add = frame.contentFrame().getByRole('button', { name: `Add ${design.name}` });
    await add.waitFor();
    await checkPopup(page, dialog, 'editor-popup-add-section-faq');
    await add.click();
    await dialog.waitFor({ state: 'detached' });
    await poll(async () => (await site(user, siteId)).pages!.find((p) => p.id === 'home')!.sections.length).toBe(before.length + 1);
    const after = await site(user, siteId);
    const sections = after.pages!.find((p) => p.id === 'home')!.sections;
    const added = sections.find((id) => !before.includes(id))!;
    // Nothing was selected: the design goes last on the page, under the design's name.
    expect(sections.at(-1)).toBe(added);
    expect(after.nodes![added]!.data['_options.name']).toBe(design.name);
    await tree(page).getByRole('treeitem', { selected: true }).waitFor();
    await context.close();
  });

  it('is dragged by its title bar and stays 12 px from the sides and 40 px from the top; Escape closes it and focus returns', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Dora Drag' });
    const { context, page } = await openEditor(user, siteId);
    const opener = page.getByRole('button', { name: /New section|Add Section/ }).first();
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Add Section' });
    await dialog.waitFor();
    const bar = dialog.getByTestId('popup-title-bar');
    const box = (await bar.boundingBox())!;
    await page.mouse.move(box.x + 200, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(-400, -400, { steps: 5 });
    await page.mouse.up();
    const moved = (await dialog.boundingBox())!;
    expect(Math.round(moved.x)).toBe(12);
    expect(Math.round(moved.y)).toBe(40);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await context.close();
  });
});

describe('Add component', () => {
  it('adds a type from a category into the container, and finds types by search', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Cora Components' });
    const doc = await site(user, siteId);
    const sectionId = doc.pages!.find((p) => p.id === 'home')!.sections.find((id) => doc.nodes![id]!.children.length > 0)!;
    const childrenBefore = doc.nodes![sectionId]!.children;
    const { context, page } = await openEditor(user, siteId);

    const row = tree(page)
      .getByRole('treeitem')
      .filter({ has: page.locator(`[data-id="${sectionId}"]`) });
    const target = (await row.count()) > 0 ? row.first() : tree(page).getByRole('treeitem').first();
    await target.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Add component' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add component' });
    await dialog.waitFor();
    const categories = dialog.getByRole('list', { name: 'Categories' }).getByRole('button');
    expect((await categories.allInnerTexts()).map((s) => s.split('\n')[0]!.trim())).toEqual([
      'Container',
      'Text',
      'Media',
      'Call to action',
      'Navigation',
      'Form',
      'Schema.org',
      'Other',
    ]);
    await checkPopup(page, dialog, 'editor-popup-add-component');

    // The keyboard: down from the search box into the categories, Enter opens one, its back button takes the focus.
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    expect(await dialog.getByRole('searchbox', { name: 'Search components' }).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatch(/^Text/);
    await page.keyboard.press('Enter');
    await dialog.getByRole('list', { name: 'Text' }).waitFor();
    expect(await focused()).toBe('Categories');
    await page.keyboard.press('Enter');
    expect(await focused()).toMatch(/^Text/);

    await dialog.getByRole('searchbox', { name: 'Search components' }).fill('butt');
    await dialog.getByRole('button', { name: 'Button' }).waitFor();
    await checkPopup(page, dialog, 'editor-popup-add-component-search');
    await dialog.getByRole('searchbox', { name: 'Search components' }).fill('');

    await dialog.getByRole('button', { name: /^Text/ }).first().click();
    await dialog.getByRole('list', { name: 'Text' }).waitFor();
    await checkPopup(page, dialog, 'editor-popup-add-component-text');
    const container = (await dialog.getByTestId('add-component-target').innerText()).replace(/^Into\s*/, '');
    expect(container.length).toBeGreaterThan(0);
    await dialog.getByRole('button', { name: 'Heading', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    await poll(async () => {
      const now = await site(user, siteId);
      return Object.values(now.nodes!).filter((n) => n.type === 'heading').length;
    }).toBe(Object.values(doc.nodes!).filter((n) => n.type === 'heading').length + 1);
    const now = await site(user, siteId);
    const grown = Object.values(now.nodes!).find((n) => n.type === 'heading' && !doc.nodes![n.id]);
    expect(grown).toBeTruthy();
    expect(childrenBefore.includes(grown!.id)).toBe(false);
    await context.close();
  });
});

describe('Add pages', () => {
  it('adds a blank page by name, says a refusal in place, and adds a page template and a collection page', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Petra Pages' });
    await user.api.POST('/sites/{siteId}/content', { params: { path: { siteId }, query: { sample: 'true' } }, body: { name: 'Posts' } });
    const { context, page } = await openEditor(user, siteId);
    const dialog = page.getByRole('dialog', { name: 'Add pages' });

    await page.getByRole('button', { name: 'Add page' }).click();
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await checkPopup(page, dialog, 'editor-popup-add-pages');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText('Page name is required').waitFor();
    await dialog.getByLabel('Page name').fill('Home');
    await dialog.getByLabel('Page name').press('Enter');
    await dialog.getByText('This page address is reserved').waitFor();
    await checkPopup(page, dialog, 'editor-popup-add-pages-error');
    await dialog.getByLabel('Page name').fill('Our story');
    await dialog.getByLabel('Page name').press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await poll(async () => (await site(user, siteId)).pages!.some((p) => p.name === 'Our story')).toBe(true);

    await page.getByRole('button', { name: 'Add page' }).click();
    await dialog.getByRole('button', { name: /Page templates/ }).click();
    const templates = dialog.getByRole('list', { name: 'Page templates' });
    await templates.getByRole('button', { name: /^Pricing/ }).waitFor();
    await checkPopup(page, dialog, 'editor-popup-add-pages-templates');
    await templates.getByRole('button', { name: /^Pricing/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const { data: library } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'samplePages' } } });
    const pricing = library!.samplePages!.find((p) => p.id === 'pricing')!;
    await poll(
      async () =>
        (await site(user, siteId)).pages!.filter((p) => p.name === 'Pricing' && p.sections.length === pricing.sections.length).length,
    ).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Add page' }).click();
    await dialog.getByRole('button', { name: /Collection page/ }).click();
    await dialog.getByRole('radio', { name: /Posts/ }).check();
    await checkPopup(page, dialog, 'editor-popup-add-pages-collection');
    await dialog.getByRole('button', { name: 'Add page' }).click();
    await dialog.waitFor({ state: 'detached' });
    await poll(async () => (await site(user, siteId)).pages!.find((p) => p.content === 'posts')?.id).toBe('posts/:slug');
    await context.close();
  });
});

describe('Save version and the shortcut sheet', () => {
  it('saves a version with a required message; the counts return to 0 and Checkpoint saved shows', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Vic Version' });
    const doc = await site(user, siteId);
    const heading = Object.values(doc.nodes!).find((n) => n.type === 'heading')!;
    await user.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: heading.id } },
      body: { data: { value: 'Fresh bread daily' } },
    });
    const { context, page } = await openEditor(user, siteId);
    await poll(() => page.getByTestId('undo-count').innerText()).toBe('1');
    await page.getByRole('button', { name: 'Versions' }).click();
    await page.getByRole('button', { name: /^Save version/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Save version' });
    await dialog.waitFor();
    await checkPopup(page, dialog, 'editor-popup-save-version');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Message is required').waitFor();
    await dialog.getByLabel('Message').fill('Bread copy');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Checkpoint saved').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await poll(() => page.getByTestId('undo-count').innerText()).toBe('0');
    const after = await site(user, siteId);
    expect(after.history).toEqual({ undo: 0, redo: 0, unsaved: 0 });
    await context.close();
  });

  it('lists every shortcut, Undo with its key, on Shift+?', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Kai Keys' });
    const { context, page } = await openEditor(user, siteId);
    await page.locator('body').press('Shift+?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    const undo = dialog
      .locator('div')
      .filter({ has: page.getByText('Undo', { exact: true }) })
      .last();
    expect(await undo.locator('kbd').innerText()).toBe('Ctrl+Z');
    await dialog.getByText('Duplicate', { exact: true }).waitFor();
    await checkPopup(page, dialog, 'editor-popup-shortcuts');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('the compiled screen', () => {
  it('lists the generated files by folder with their sizes, and opens one', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Cleo Compiled' });
    // A domain, so the compile has a sitemap to open.
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { compile: { domain: 'www.cleo.example' } } });
    const { data } = await user.api.GET('/sites/{siteId}/compiled', { params: { path: { siteId } } });
    const { context, page } = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/compiled`, { width: 1440, height: 900 });
    const files = page.getByRole('navigation', { name: 'Generated files' });
    await page.getByTestId('compiled-skeleton').waitFor({ state: 'detached' });
    await files
      .getByRole('button', { name: /^index\.html/ })
      .first()
      .waitFor();
    await files.getByRole('button', { name: /^sitemap\.xml/ }).waitFor();
    await files.getByRole('button', { name: /^robots\.txt/ }).waitFor();
    expect(await page.getByTestId('compiled-summary').innerText()).toContain(`${data!.files.length} files`);
    const rootNames = await files.locator('[data-path]').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-path')));
    expect(rootNames.slice(0, 3)).toEqual(['index.html', '404.html', 'sitemap.xml']);

    await files.getByRole('button', { name: /^sitemap\.xml/ }).click();
    // The viewer follows the click on the next render: under load not before the click's promise settles.
    await poll(() => page.getByTestId('viewer-path').innerText()).toBe('sitemap.xml');
    await poll(() => new URL(page.url()).searchParams.get('file')).toBe('sitemap.xml');
    await page.getByTestId('file-text').getByText('<urlset', { exact: false }).waitFor();
    await settled(page);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOTS, 'editor-compiled.png') });

    // A page shows as compiled: its addresses root-absolute, not under the view link that served it.
    await files.locator('[data-path="index.html"]').click();
    const html = page.getByTestId('file-text');
    await html.getByText('<!doctype html', { exact: false }).first().waitFor();
    expect(await html.innerText()).not.toContain('/view/');
    const open = page.getByRole('link', { name: 'Open' });
    expect(await open.getAttribute('href')).toMatch(new RegExp(`/api/sites/${siteId.replaceAll('.', '\\.')}/view/[^/]+/index\\.html$`));

    const image = data!.files.find((f) => /\.(svg|png|webp|jpe?g)$/.test(f.path));
    if (image) {
      await files.locator(`[data-path="${image.path}"]`).click();
      const img = page.getByTestId('file-viewer').getByRole('img');
      await poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENSHOTS, 'editor-compiled-image.png') });
    }
    // The screen's own part: the file list and the viewer (the header and toolbar are checked with the editor).
    const results = await axeOf(page).include('[data-testid="compiled-screen"]').analyze();
    const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
