import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { launch, openAs, settled } from '../browser.js';
import { openSettings, ownerWithSite, save, type User } from '../settings.js';

/**
 * Issue 26 point 8, as a designer meets it on a fresh Launch site: the pickers that lived only on an
 * unlinked workbench are reached where the spec uses them, and what they set is what a visitor of the
 * compiled site sees: a section's gradient background, a heading's bold word, a device mockup's
 * screen area, the languages the site is localized in.
 */

let t: TestServer;
let browser: Browser;
let user: User;
let siteId: string;
let context: BrowserContext;
let page: Page;
const SHOTS = '/tmp/shots-journey-pickers';

beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin');
  browser = await launch();
  ({ user, siteId } = await ownerWithSite(t, { name: 'Greta Gradient' }));
  ({ context, page } = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`, { width: 1440, height: 900 }));
  await page.frameLocator('iframe[title="Canvas"]').locator('[data-pw-id="hero"]').first().waitFor();
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await t?.close();
});

const tree = () => page.getByRole('tree', { name: 'Page tree' });
const inspector = () => page.getByTestId('inspector');

/** Opens the compiled site (the header's Preview link) at a path and answers its page. */
async function visit(path = ''): Promise<Page> {
  const { data } = await user.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
  const visitor = await context.newPage();
  await visitor.goto(`${data!.url}${path}`);
  return visitor;
}

/** The hero section's row in the navigator. */
const heroRow = () => tree().getByRole('treeitem', { name: 'Centered hero', exact: true });

describe('a designer on a fresh Launch site', () => {
  it('gives the hero section a gradient background in the Background group, and the compiled page shows it', async () => {
    await heroRow().click();
    await inspector().getByRole('tab', { name: 'Style' }).click();
    await inspector().getByRole('button', { name: 'Gradient: Edit gradient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gradients' });
    await dialog.waitFor();
    await dialog.getByLabel('Angle', { exact: true }).fill('90');
    await dialog.getByLabel('Angle', { exact: true }).press('Enter');
    await page.screenshot({ path: `${SHOTS}/gradient-editor.png` });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // The canvas (the preview render) and the compiled page both paint it.
    const canvasHero = page.frameLocator('iframe[title="Canvas"]').locator('[data-pw-id="hero"]').first();
    await expect
      .poll(() => canvasHero.evaluate((el) => getComputedStyle(el).backgroundImage), { timeout: 15_000 })
      .toMatch(/linear-gradient/);
    await page.screenshot({ path: `${SHOTS}/gradient-canvas.png` });
    const visitor = await visit();
    const hero = visitor
      .locator('section, div')
      .filter({ has: visitor.getByRole('heading', { level: 1 }) })
      .first();
    const background = await visitor
      .getByRole('heading', { level: 1 })
      .first()
      .evaluate((h) => {
        for (let el: Element | null = h; el; el = el.parentElement) {
          const image = getComputedStyle(el).backgroundImage;
          if (image.includes('gradient')) return image;
        }
        return 'none';
      });
    expect(background).toMatch(/^linear-gradient\(90deg/);
    // The theme's primary shade, from fully transparent to half.
    expect(background).toMatch(/ 0%, .*\/ 0\.5\) 100%\)$/);
    await hero.screenshot({ path: `${SHOTS}/gradient-compiled.png` });
    await visitor.close();
  });

  it('saves a hero heading typed in the single-line rich input exactly as typed when the field is left, through a reload and into the compiled page', async () => {
    const canvasHeading = page.frameLocator('iframe[title="Canvas"]').getByRole('heading', { level: 1 }).first();
    await canvasHeading.click();
    await inspector().getByRole('tab', { name: 'Content' }).click();
    const input = inspector().getByRole('textbox', { name: 'Text', exact: true });
    await input.click();
    await page.keyboard.press('Control+a');
    const typed = 'Bread & "Butter" for ALL <3';
    await page.keyboard.type(typed);
    // Leaving the field saves it (no Enter).
    await page.keyboard.press('Tab');
    await expect.poll(() => canvasHeading.textContent(), { timeout: 15_000 }).toBe(typed);
    // Stored as typed: no entities, nothing added.
    const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
    const value = doc.nodes['hero.content.text.title']!.data.value;
    expect(value && typeof value === 'object' ? (value as Record<string, unknown>).en : value).toBe(typed);

    await page.reload();
    await page.frameLocator('iframe[title="Canvas"]').getByRole('heading', { level: 1 }).first().click();
    await inspector().getByRole('tab', { name: 'Content' }).click();
    await expect.poll(() => inspector().getByRole('textbox', { name: 'Text', exact: true }).textContent()).toBe(typed);
    const visitor = await visit();
    expect(await visitor.getByRole('heading', { level: 1 }).first().textContent()).toBe(typed);
    await visitor.close();
  });

  it('marks a word of the hero heading bold in the single-line rich input; Enter saves it and the page shows it bold', async () => {
    await page.frameLocator('iframe[title="Canvas"]').getByRole('heading', { level: 1 }).first().click();
    await inspector().getByRole('tab', { name: 'Content' }).click();
    const input = inspector().getByRole('textbox', { name: 'Text', exact: true });
    await input.waitFor();
    await input.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('Ship ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('faster');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' today');
    // Pasted text arrives plain and on one line.
    await input.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<h1 style="color:red">with</h1><p>care</p>');
      data.setData('text/plain', '\nwith\ncare');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await page.keyboard.press('Enter');
    expect(await input.locator('p').count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/rich-heading.png` });

    const canvasHeading = page.frameLocator('iframe[title="Canvas"]').getByRole('heading', { level: 1 }).first();
    await expect.poll(() => canvasHeading.locator('strong').textContent(), { timeout: 15_000 }).toBe('faster');
    const visitor = await visit();
    const heading = visitor.getByRole('heading', { level: 1 }).first();
    expect((await heading.textContent())!.replace(/\s+/g, ' ').trim()).toBe('Ship faster today with care');
    expect(await heading.locator('strong').textContent()).toBe('faster');
    expect(await heading.locator('strong').evaluate((el) => Number(getComputedStyle(el).fontWeight))).toBeGreaterThanOrEqual(600);
    await visitor.close();
  });

  it('adds a device mockup and defines its screen area by moving a corner with the keyboard', async () => {
    await heroRow().click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Add component' }).click();
    const add = page.getByRole('dialog', { name: 'Add component' });
    await add.getByRole('searchbox', { name: 'Search components' }).fill('device');
    await add
      .getByRole('button', { name: /Device mockup/ })
      .first()
      .click();
    await add.waitFor({ state: 'detached' });
    await inspector().getByRole('button', { name: 'Define screen area' }).click();
    const area = page.getByRole('dialog', { name: 'Define screen area' });
    await area.getByRole('button', { name: 'Reset' }).click();
    // The screen's left edge 10 % in, its top edge 5 % down.
    const press = async (name: string, key: string, times: number) => {
      const corner = area.getByRole('slider', { name: `${name} corner` });
      await corner.focus();
      for (let i = 0; i < times; i++) await corner.press(key);
    };
    await press('Top left', 'Shift+ArrowRight', 10);
    await press('Top left', 'Shift+ArrowDown', 5);
    await press('Top right', 'Shift+ArrowDown', 5);
    await press('Bottom left', 'Shift+ArrowRight', 10);
    await page.screenshot({ path: `${SHOTS}/screen-area.png` });
    await area.getByRole('button', { name: 'Save' }).click();
    await area.waitFor({ state: 'detached' });
    await expect.poll(() => inspector().getByLabel('Screen area', { exact: true }).inputValue()).toBe('0.1,0.05,1,0.05,1,1,0.1,1');

    // The screen sits in the mockup where the corners say.
    const visitor = await visit();
    const screen = visitor.locator('[style^="left:"]').first();
    expect(await screen.getAttribute('style')).toBe('left:10%;top:5%;width:90%;height:95%');
    await visitor.close();
  });

  it('localizes the site in Finnish with the language picker of the general settings, and the compiled site has its Finnish home', async () => {
    const settings = await openSettings(browser, t, user, siteId);
    const sp = settings.page;
    await sp.getByRole('button', { name: 'Localize in: Select languages' }).click();
    const dialog = sp.getByRole('dialog', { name: 'Select language(s)' });
    await dialog.getByRole('searchbox', { name: 'Search languages' }).fill('finn');
    await dialog.getByRole('checkbox', { name: /Finnish/ }).check();
    await sp.screenshot({ path: `${SHOTS}/languages.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await sp.getByRole('list', { name: 'Localized languages' }).getByText('Finnish').waitFor();
    await save(sp, 1);
    await settled(sp);
    await settings.context.close();

    const visitor = await visit('fi/');
    expect(await visitor.locator('html').getAttribute('lang')).toBe('fi');
    await visitor.close();
  });
});
