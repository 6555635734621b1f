import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, fieldSays, launch, openAs, settled } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/** The popups and pickers of spec 001 §2 (web/src/pickers) in the real browser against a real server. */

let t: TestServer;
let browser: Browser;
const SHOTS = '/tmp/shots-pickers';

beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin');
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function open(user: User, siteId: string, path: string) {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/${path}`);
  opened.page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await settled(opened.page);
  return opened;
}

/** A picture of one popup, for a person to look at. */
async function shot(page: Page, name: string, dialog: string) {
  await page.waitForTimeout(150);
  await page.getByRole('dialog', { name: dialog }).screenshot({ path: `${SHOTS}/${name}.png` });
}

async function themeOf(user: User, siteId: string) {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'style' } } });
  return data!.style!.theme;
}

const output = (page: Page, label: string) => page.getByRole('status', { name: `${label} value` }).or(page.getByLabel(`${label} value`, { exact: true }));

describe('the colour picker', () => {
  it('edits a theme colour by hex, RGB (clamped) and the map, refuses a bad hex in the spec words, and closes with Escape', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Cleo Color' });
    const { context, page } = await open(user, siteId, 'design-theme');
    await page.getByRole('heading', { name: 'Theme' }).waitFor();
    await page.getByRole('button', { name: 'Pick primary color' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select color' });
    await dialog.waitFor();
    // Opens beside the swatch, inside the viewport.
    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(40);
    expect(box.width).toBe(320);
    await checkScreen(page, 'pickers-color-theme', { fullPage: false });
    await shot(page, 'color-hex', 'Select color');

    // Hex: 6 digits, the # added.
    const hex = dialog.getByLabel('Hex', { exact: true });
    await hex.fill('1D4ED8');
    await hex.press('Enter');
    await expect.poll(async () => (await themeOf(user, siteId)).colors.primary!.base, { timeout: 10_000 }).toBe('#1d4ed8');
    expect(await hex.inputValue()).toBe('#1d4ed8');
    await expect.poll(() => page.getByLabel('Primary color', { exact: true }).inputValue()).toBe('#1d4ed8');

    await hex.fill('12zz');
    await hex.press('Enter');
    await fieldSays(page, 'Hex', 'Hex color must be 6 hex digits');
    expect((await themeOf(user, siteId)).colors.primary!.base).toBe('#1d4ed8');

    // A channel past 255 clamps to 255.
    const red = dialog.getByLabel('Red', { exact: true });
    await red.fill('300');
    await red.press('Enter');
    expect(await red.inputValue()).toBe('255');
    await expect.poll(async () => (await themeOf(user, siteId)).colors.primary!.base, { timeout: 10_000 }).toBe('#ff4ed8');

    // The map answers the keyboard (and the pointer): less saturation, one edit.
    const map = dialog.getByRole('slider', { name: 'Saturation and lightness' });
    await map.focus();
    await map.press('Shift+ArrowLeft');
    await expect.poll(async () => (await themeOf(user, siteId)).colors.primary!.base, { timeout: 10_000 }).not.toBe('#ff4ed8');
    const mapBox = (await map.boundingBox())!;
    await page.mouse.click(mapBox.x + 2, mapBox.y + 2);
    await expect.poll(() => hex.inputValue()).toMatch(/^#f[0-9a-f]f[0-9a-f]f[0-9a-f]$/);

    // The hue slider (0-360) is there with its name; no opacity or shades for a theme's base colour.
    expect(await dialog.getByRole('slider', { name: 'Hue' }).getAttribute('max')).toBe('360');
    expect(await dialog.getByRole('slider', { name: 'Opacity' }).count()).toBe(0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('returns theme shades, opacity (clamped, non-numeric is 100) and arbitrary colours as style-model values', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Opal Opacity' });
    const { context, page } = await open(user, siteId, 'pickers');
    await page.getByRole('heading', { name: 'Pickers' }).waitFor();
    await page.getByRole('button', { name: 'Color', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Select color' });
    await dialog.waitFor();
    // 12 light and 12 dark shades per theme colour, then white, black and transparent.
    const shades = dialog.getByRole('radiogroup', { name: 'Color shades' });
    const colors = Object.keys((await themeOf(user, siteId)).colors);
    expect(await shades.getByRole('radio').count()).toBe(colors.length * 24 + 3);
    expect(await shades.getByRole('radio', { name: 'primary-l9' }).isChecked()).toBe(true);
    await checkScreen(page, 'pickers-color', { fullPage: false });
    await shot(page, 'color', 'Select color');

    await shades.getByTitle('gray-d3').click();
    await expect.poll(() => output(page, 'Color').textContent()).toBe('gray-d3');
    const percent = dialog.getByLabel('Opacity percent');
    await percent.fill('40');
    await percent.press('Enter');
    await expect.poll(() => output(page, 'Color').textContent()).toBe('gray-d3/40');
    await percent.fill('250');
    await percent.press('Enter');
    expect(await percent.inputValue()).toBe('100');
    await expect.poll(() => output(page, 'Color').textContent()).toBe('gray-d3');
    await percent.fill('30');
    await percent.press('Enter');
    await percent.fill('half');
    await percent.press('Enter');
    expect(await percent.inputValue()).toBe('100');
    await expect.poll(() => output(page, 'Color').textContent()).toBe('gray-d3');

    // A custom colour leaves the theme shade: an arbitrary value, with its opacity.
    await dialog.getByLabel('Hex', { exact: true }).fill('#1E40AF');
    await dialog.getByLabel('Hex', { exact: true }).press('Enter');
    await expect.poll(() => output(page, 'Color').textContent()).toBe('[#1e40af]');
    expect(await shades.getByRole('radio', { checked: true }).count()).toBe(0);
    const opacity = dialog.getByRole('slider', { name: 'Opacity' });
    await opacity.focus();
    for (let i = 0; i < 5; i++) await opacity.press('ArrowLeft');
    await expect.poll(() => output(page, 'Color').textContent()).toBe('[#1e40af]/95');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('sets the body text colour from the design settings through the same picker', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Seth Settings' });
    const { context, page } = await open(user, siteId, 'design-settings');
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    await page.getByLabel('Text color', { exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Text color shades' }).getByTitle('secondary-l12').click();
    await expect.poll(async () => (await themeOf(user, siteId)).body.textColor, { timeout: 10_000 }).toBe('text-secondary-l12 dark:text-gray-d12');
    await context.close();
  });
});

describe('the rich-text editor', () => {
  it('edits headings, marks, links, variables, a YouTube video and a table, and sends clean blocks', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Rita Rich' });
    const { context, page } = await open(user, siteId, 'pickers');
    await page.getByRole('button', { name: 'Edit richtext' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit richtext' });
    const text = dialog.getByRole('textbox', { name: 'Rich text' });
    await text.waitFor();
    expect(await text.locator('h2').textContent()).toBe('Welcome');
    expect(await text.locator('p strong').textContent()).toBe('bread');
    await checkScreen(page, 'pickers-richtext', { fullPage: false });
    await shot(page, 'richtext', 'Edit richtext');

    // A new paragraph typed at the end, with italic and a link.
    await text.locator('p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Visit ');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('our shop');
    await page.keyboard.press('Control+i');
    await page.keyboard.type(' today');
    await page.keyboard.press('Shift+Home');
    await dialog.getByRole('button', { name: 'Link', exact: true }).click();
    const url = dialog.getByRole('textbox', { name: 'URL', exact: true });
    await url.fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await fieldSays(page, 'URL', 'Enter an address starting with https://, / or #');
    await url.fill('https://shop.example.org');
    await dialog.getByRole('button', { name: 'Apply link' }).click();
    await expect.poll(() => text.locator('a').getAttribute('href')).toBe('https://shop.example.org');

    // A global variable at the cursor.
    await page.keyboard.press('End');
    await page.keyboard.type(' by ');
    await dialog.getByRole('button', { name: 'Global variables' }).click();
    await dialog.getByRole('group', { name: 'Global variables' }).getByRole('button', { name: '{site.name}' }).click();
    // Legal variables need the plan's legal feature.
    await dialog.getByRole('button', { name: 'Global variables' }).click();
    expect(await dialog.getByRole('button', { name: '{legal.company_name}' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Global variables' }).click();

    // The first line becomes a heading 3 (headings keep only a, strong and b).
    await text.locator('h2').click();
    await dialog.getByLabel('Block type').selectOption('h3');
    await expect.poll(() => text.locator('h3').count()).toBe(1);

    // YouTube: a wrong id is refused, an address gives its id.
    await text.locator('p').last().click();
    await page.keyboard.press('End');
    await dialog.getByRole('button', { name: 'YouTube video' }).click();
    const video = dialog.getByLabel('Video ID or URL');
    await video.fill('not a video');
    await dialog.getByRole('button', { name: 'Insert video' }).click();
    await fieldSays(page, 'Video ID or URL', 'Enter a YouTube video id or address');
    await video.fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await dialog.getByRole('button', { name: 'Insert video' }).click();
    await expect.poll(() => text.locator('[data-youtube]').getAttribute('data-youtube')).toBe('dQw4w9WgXcQ');

    // A table, with its menu while the cursor is in it.
    await dialog.getByRole('button', { name: 'Insert table' }).click();
    const table = dialog.getByRole('group', { name: 'Table' });
    await table.waitFor();
    await table.getByRole('button', { name: 'Delete column' }).click();
    await table.getByRole('button', { name: 'Delete column' }).click();
    await table.getByRole('button', { name: 'Row below' }).click();
    await text.locator('th').first().click();
    await page.keyboard.type('Day');
    await checkScreen(page, 'pickers-richtext-table', { fullPage: false });
    await shot(page, 'richtext-table', 'Edit richtext');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    const blocks = JSON.parse((await output(page, 'Rich text').textContent())!) as { type: string; [k: string]: unknown }[];
    expect(blocks[0]).toEqual({ type: 'h3', value: 'Welcome' });
    expect(blocks[1]).toEqual({ type: 'p', value: 'We bake <strong>bread</strong> every day.' });
    expect(blocks[2]).toEqual({ type: 'p', value: '<a href="https://shop.example.org">Visit <i>our shop</i> today</a> by {site.name}' });
    expect(blocks.find((b) => b.type === 'youtube')).toEqual({ type: 'youtube', value: 'dQw4w9WgXcQ', width: 560, height: 315 });
    expect(blocks.find((b) => b.type === 'table')).toEqual({ type: 'table', header: true, td: [['Day'], [''], [''], ['']] });
    await context.close();
  });

  it('cleans pasted markup to the allowed tags and keeps only href', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Paul Paste' });
    const { context, page } = await open(user, siteId, 'pickers');
    await page.getByRole('button', { name: 'Edit richtext' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit richtext' });
    const text = dialog.getByRole('textbox', { name: 'Rich text' });
    await text.waitFor();
    await text.locator('p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await text.evaluate((el) => {
      const data = new DataTransfer();
      data.setData(
        'text/html',
        '<p><span style="color:red">Red</span> <u>under</u> <a href="https://a.org" onclick="x()" target="_blank" class="c">link</a><script>alert(1)</script> <em>em</em></p>',
      );
      data.setData('text/plain', 'Red under link em');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await expect.poll(() => text.locator('p').last().textContent()).toBe('Red under link em');
    await page.keyboard.press('Escape');
    const blocks = JSON.parse((await output(page, 'Rich text').textContent())!) as { type: string; value: string }[];
    expect(blocks.at(-1)).toEqual({ type: 'p', value: 'Red under <a href="https://a.org">link</a> <i>em</i>' });
    await context.close();
  });
});
