import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTemplate, siteFromTemplate } from '../../../server/src/templates/catalog.js';
import { ownSite, type EditorSite } from '../../support/editor.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { checkScreen, launch, openAs, settled, signedIn, axeOf } from '../browser.js';

/**
 * Issue 26 point 5, as a person does it on a fresh Bistro site: add a page "About us" beside the
 * template's About (seeing where it will live), link it from the site's menu by picking it by name,
 * and find the link in the compiled home page, leading to the page. The editor passes axe, the rule
 * that a control's name holds its visible label included. Screenshots go to /tmp/shots-about-menu.
 */

const SHOTS = '/tmp/shots-about-menu';
let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer();
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

function bistro(): ReturnType<typeof siteFromTemplate> {
  const seed = findTemplate('bistro')!;
  return siteFromTemplate(seed, 'Crumb Bakery', seed.theme);
}

async function openEditor(site: EditorSite, path = 'pages') {
  const opened = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/${path}`, { width: 1440, height: 900 });
  if (path === 'pages') await opened.page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
  await settled(opened.page);
  return opened;
}

/** No control whose accessible name leaves out its visible label (axe runs this rule only when asked). */
async function namesHoldLabels(page: Page) {
  const results = await axeOf(page).withRules(['label-content-name-mismatch']).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)).flat()).toEqual([]);
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png` });

describe('an About us page in the menu', () => {
  it('is added with its address shown, told where it goes when the name is taken, picked for the menu by name and followed from the compiled home page', async () => {
    const site = await ownSite(t, bistro());
    const { context, page } = await openEditor(site);
    const pages = page.getByRole('list', { name: 'Pages' });
    await expect.poll(() => pages.getByTestId('page-address').allInnerTexts()).toContain('/about/');
    await checkScreen(page, 'journey-about-editor');
    await namesHoldLabels(page);

    // The name "About" is taken: the popup says where the new page would go instead, and why.
    await page.getByRole('button', { name: 'Add page' }).click();
    const wizard = page.getByRole('dialog', { name: 'Add pages' });
    const name = wizard.getByLabel('Page name');
    await name.click();
    await page.keyboard.type('About');
    const address = wizard.getByLabel('Address');
    expect(await address.inputValue()).toBe('about-2');
    await wizard.getByText('/about/ is the page About: this page will be at /about-2/.').waitFor();
    await shot(page, 'add-page-taken');

    // "About us" is free: typed with the keyboard, added with Enter.
    await name.press('ControlOrMeta+a');
    await page.keyboard.type('About us');
    expect(await address.inputValue()).toBe('about-us');
    await wizard.getByText('Visitors find the page at /about-us/.').waitFor();
    await shot(page, 'add-page-free');
    await name.press('Enter');
    await wizard.waitFor({ state: 'detached' });
    const row = pages.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'About us', exact: true }) });
    await expect.poll(() => row.getByTestId('page-address').innerText()).toBe('/about-us/');
    expect(await pages.getByRole('button', { name: 'About us', exact: true }).getAttribute('aria-current')).toBe('page');
    await namesHoldLabels(page);

    // The site's menu, found in the navigator of the Header page (the canvas's menu sits beside the
    // "Book a table" button), gets About us picked by its name in Custom pages: no id typed.
    await pages.getByRole('button', { name: 'Header', exact: true }).click();
    const tree = page.getByRole('tree', { name: 'Page tree' });
    const header = tree.getByRole('treeitem', { name: 'Navigation with languages', exact: true });
    await header.click();
    // Alt and the row's arrow open its whole subtree, as in Webflow's navigator.
    await header
      .locator('span')
      .first()
      .click({ modifiers: ['Alt'] });
    await tree.getByRole('treeitem', { name: 'Main menu', exact: true }).click();
    const custom = page.getByRole('combobox', { name: 'Custom pages' });
    await custom.waitFor();
    expect(await custom.locator('option').allInnerTexts()).toContain('About us');
    await custom.selectOption({ label: 'About us' });
    const chosen = page.getByRole('list', { name: 'Custom pages' });
    await expect
      .poll(() => chosen.getByRole('listitem').allInnerTexts())
      .toEqual([expect.stringContaining('Menu'), expect.stringContaining('About'), expect.stringContaining('About us')]);
    await shot(page, 'menu-about-us-picked');
    await context.close();

    // A visitor of the compiled site finds About us in the home page's menu and follows it.
    const { data } = await site.api.POST('/sites/{siteId}/view', { params: { path: { siteId: site.siteId } } });
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const home = await visitor.newPage();
    await home.goto(data!.url);
    const link = home.getByRole('navigation').getByRole('link', { name: 'About us', exact: true }).first();
    expect(new URL((await link.getAttribute('href'))!, home.url()).pathname).toMatch(/\/about-us\/$/);
    await home.screenshot({ path: `${SHOTS}/compiled-home-menu.png` });
    await link.click();
    await home.waitForURL(/\/about-us\/$/);
    expect(await home.title()).toContain('About us');
    expect(
      await home.getByRole('navigation').getByRole('link', { name: 'About us', exact: true }).first().getAttribute('aria-current'),
    ).toBe('page');
    await visitor.close();
  }, 180_000);

  it('saves text typed in an uppercase heading as typed', async () => {
    const site = await ownSite(t, bistro());
    const { context, page } = await openEditor(site);
    const doc = await site.doc();
    const english = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>).en : v);
    const [id, heading] = Object.entries(doc.nodes).find(([, n]) => n.type === 'heading' && typeof english(n.data.value) === 'string')!;
    const canvas = page.frameLocator('iframe[title="Canvas"]');
    const element = canvas.locator(`[data-pw-id="${id}"]`).first();
    await element.evaluate((el) => ((el as HTMLElement).style.textTransform = 'uppercase'));
    await element.dblclick();
    await canvas.locator('[contenteditable]').first().waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Fresh bread daily', { delay: 20 });
    await expect.poll(async () => english((await site.doc()).nodes[id]!.data.value), { timeout: 10_000 }).toBe('Fresh bread daily');
    expect(english(heading.data.value)).not.toBe('Fresh bread daily');
    await context.close();
  }, 90_000);

  it('opens a bookmark of the About page on that page, keeps an edit made there through a reload and on the compiled page, and sends a bookmark of an ended session to the sign-in', async () => {
    const site = await ownSite(t, bistro());
    const id = 'about-header.content.intro.title';
    // A bookmark of the About page, opened in a new tab: the canvas shows About, not the home page.
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages/about`, { width: 1440, height: 900 });
    const canvas = page.frameLocator('iframe[title="Canvas"]');
    const title = canvas.locator(`[data-pw-id="${id}"]`).first();
    await expect.poll(() => title.innerText(), { timeout: 10_000 }).toBe('Cooking with the seasons since 2016');
    const pages = page.getByRole('list', { name: 'Pages' });
    expect(await pages.getByRole('button', { name: 'About', exact: true }).getAttribute('aria-current')).toBe('page');
    await shot(page, 'bookmark-about');

    // The heading retyped in the canvas, then the bookmark reloaded: the edit is what opens.
    await title.dblclick();
    await canvas.locator('[contenteditable]').first().waitFor();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Our story, baked daily', { delay: 20 });
    await page.keyboard.press('Escape');
    await page.getByText('Saved', { exact: true }).waitFor({ timeout: 10_000 });
    await page.reload();
    await expect.poll(() => title.innerText(), { timeout: 10_000 }).toBe('Our story, baked daily');
    await shot(page, 'bookmark-about-reloaded');
    await context.close();

    // A visitor of the compiled site reads the new heading on the About page.
    const { data } = await site.api.POST('/sites/{siteId}/view', { params: { path: { siteId: site.siteId } } });
    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const about = await visitor.newPage();
    await about.goto(new URL('about/', data!.url).href);
    await about.getByRole('heading', { name: 'Our story, baked daily' }).waitFor();
    await visitor.close();

    // Signed out elsewhere (the session ended), the same bookmark leads to the sign-in.
    await site.api.POST('/auth/logout', {});
    const ended = await browser.newContext({
      baseURL: t.url,
      viewport: { width: 1440, height: 900 },
      storageState: signedIn(t.url, site.token),
    });
    const tab = await ended.newPage();
    await tab.goto(`/sites/${site.siteId}/pages/about`);
    await tab.waitForURL(/\/auth\/login$/);
    await tab
      .getByRole('button', { name: /^Sign in/ })
      .first()
      .waitFor();
    await ended.close();
  }, 120_000);

  it('saves a version from a screen without the canvas', async () => {
    const site = await ownSite(t, bistro());
    const { context, page } = await openEditor(site, 'settings');
    await page.getByRole('button', { name: /^Versions/ }).click();
    await page.getByRole('button', { name: 'Save version…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save version' });
    await dialog.waitFor();
    await dialog.getByLabel('Message').fill('Before the About us page');
    await dialog.getByLabel('Message').press('Enter');
    await page.getByText('Checkpoint saved').waitFor();
    await expect
      .poll(async () => (await site.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: site.siteId } } })).data)
      .toEqual(expect.arrayContaining([expect.objectContaining({ message: 'Before the About us page' })]));
    await context.close();
  }, 90_000);
});
