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

const output = (page: Page, label: string) => page.getByLabel(`${label} value`, { exact: true });

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
    await expect
      .poll(async () => (await themeOf(user, siteId)).body.textColor, { timeout: 10_000 })
      .toBe('text-secondary-l12 dark:text-gray-d12');
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

describe('the gradient editor', () => {
  it('edits type, angle, interpolation and stops (never fewer than 2), and says why a stored gradient is invalid, verbatim', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Greta Gradient' });
    const { context, page } = await open(user, siteId, 'pickers');
    await page.getByRole('button', { name: 'Edit gradient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gradients' });
    await dialog.waitFor();
    // A new gradient: linear, 180°, oklab, primary at 0 % opacity to primary at 50 %.
    expect(await dialog.getByLabel('Type').inputValue()).toBe('linear');
    expect(await dialog.getByLabel('Angle').inputValue()).toBe('180');
    expect(await dialog.getByLabel('Interpolation').inputValue()).toBe('oklab');
    expect(await dialog.getByRole('button', { name: 'Remove stop 1' }).isDisabled()).toBe(true);
    await checkScreen(page, 'pickers-gradient', { fullPage: false });
    await shot(page, 'gradient', 'Gradients');

    await dialog.getByLabel('Type').selectOption('radial');
    await dialog.getByLabel('Shape').selectOption('circle');
    await dialog.getByLabel('Size').selectOption('closest-side');
    await dialog.getByLabel('Position X').fill('30');
    await dialog.getByLabel('Interpolation').selectOption('oklch');
    await dialog.getByRole('button', { name: 'Add stop' }).click();
    expect(await dialog.getByRole('button', { name: 'Remove stop 1' }).isEnabled()).toBe(true);
    await dialog.getByLabel('Stop 3 position').fill('120');
    await dialog.getByRole('button', { name: 'Stop 3 color' }).click();
    const picker = page.getByRole('dialog', { name: 'Select color' });
    await picker.getByRole('radiogroup', { name: 'Stop 3 color shades' }).getByTitle('secondary-l5').click();
    await picker.getByLabel('Opacity percent').fill('70');
    await picker.getByLabel('Opacity percent').press('Enter');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'detached' });
    let value = JSON.parse((await output(page, 'Gradient').textContent())!) as Record<string, unknown>;
    expect(value).toMatchObject({ type: 'radial', shape: 'circle', size: 'closest-side', x: 30, y: 50, interpolation: 'oklch' });
    expect(value.stops).toEqual([
      { color: 'primary-l9', opacity: 0, position: 0 },
      { color: 'primary-l9', opacity: 50, position: 100 },
      { color: 'secondary-l5', opacity: 70, position: 100 },
    ]);
    await shot(page, 'gradient-radial', 'Gradients');
    await dialog.getByRole('button', { name: 'Remove stop 1' }).click();
    value = JSON.parse((await output(page, 'Gradient').textContent())!) as Record<string, unknown>;
    expect((value.stops as unknown[]).length).toBe(2);
    expect(await dialog.getByRole('button', { name: 'Remove stop 2' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    for (const [stored, message] of [
      ['{"type":"diamond","stops":[]}', 'Invalid gradient type'],
      ['{"type":"radial","shape":"square"}', 'Invalid radial gradient shape'],
      ['{"type":"radial","size":"cover"}', 'Invalid radial gradient size'],
      ['{"type":"linear","interpolation":"cmyk"}', 'Invalid gradient interpolation'],
    ] as const) {
      await page.getByLabel('Stored gradient').fill(stored);
      await page.getByRole('button', { name: 'Edit gradient' }).click();
      await dialog.getByRole('alert').filter({ hasText: message }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
    await context.close();
  });
});

describe('the icon picker', () => {
  it('offers the five sets, searches one and returns set:name', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Ivo Icon' });
    const { context, page } = await open(user, siteId, 'pickers');
    await page.getByRole('button', { name: 'Select icon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select icon' });
    expect(await dialog.getByRole('tab').allTextContents()).toEqual([
      'Zondicons',
      'Bootstrap Icons',
      'Brand icons',
      'Flag icons 4by3',
      'Flag icons 1by1',
    ]);
    await dialog.getByRole('listbox', { name: 'Zondicons icons' }).getByRole('option').first().waitFor();
    await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('heart');
    await dialog.getByRole('option', { name: 'heart', exact: true }).waitFor();
    await checkScreen(page, 'pickers-icon', { fullPage: false });
    await shot(page, 'icon', 'Select icon');
    await dialog.getByRole('option', { name: 'heart', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await output(page, 'Icon').textContent()).toBe('zondicons:heart');

    await page.getByRole('button', { name: 'Select icon' }).click();
    await dialog.getByRole('tab', { name: 'Flag icons 1by1' }).click();
    await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('fi');
    await dialog.getByRole('option', { name: 'fi', exact: true }).click();
    expect(await output(page, 'Icon').textContent()).toBe('flag:fi-1x1');

    await page.getByRole('button', { name: 'Select icon' }).click();
    // Reopens on the set of its value.
    expect(await dialog.getByRole('tab', { name: 'Flag icons 1by1' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tab', { name: 'Brand icons' }).click();
    await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('no such icon at all');
    await dialog.getByText('No results').waitFor();
    await context.close();
  });
});

describe('the font picker', () => {
  it('chooses a family and its styles from the theme screen, keeping only weights the family has', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Fiona Font' });
    const { context, page } = await open(user, siteId, 'design-theme');
    await page.getByRole('heading', { name: 'Theme' }).waitFor();
    const requests: string[] = [];
    // The picker's own requests (the canvas frame shows the site as published, with its web fonts).
    page.on('request', (r) => r.frame() === page.mainFrame() && requests.push(r.url()));
    await page.getByRole('button', { name: 'Browse heading fonts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select font to load' });
    await dialog.getByRole('listbox', { name: 'Font families' }).getByRole('option').first().waitFor();
    // Previews load for the rows in view only.
    await expect.poll(() => dialog.locator('[data-preview="loaded"]').count()).toBeGreaterThan(0);
    const total = await dialog.getByRole('option').count();
    expect(await dialog.locator('[data-preview="loaded"]').count()).toBeLessThan(total);
    await checkScreen(page, 'pickers-font', { fullPage: false });
    await shot(page, 'font', 'Select font to load');
    await dialog.getByRole('searchbox', { name: 'Search fonts' }).fill('lobster');
    await dialog.getByRole('option', { name: /Lobster/ }).click();
    await dialog.getByRole('tab', { name: 'Styles' }).click();
    // Lobster has only 400: the one upright weight cannot be taken away.
    expect(await dialog.getByLabel('Normal 400').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Normal 400').isDisabled()).toBe(true);
    await shot(page, 'font-styles', 'Select font to load');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(async () => (await themeOf(user, siteId)).fonts.heading, { timeout: 10_000 })
      .toEqual({ family: 'Lobster', normal: [400], italic: [] });
    // No request left the server's own origin.
    expect(requests.filter((u) => !u.startsWith(t.url) && !u.startsWith('data:'))).toEqual([]);
    await context.close();
  });
});

describe('the language picker and the screen area', () => {
  it('respects the maximum count of languages; defines a screen area as eight fractions', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Lasse Lang' });
    const { context, page } = await open(user, siteId, 'pickers');
    await page.getByRole('button', { name: 'Select languages' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select language(s)' });
    await dialog.getByRole('searchbox', { name: 'Search languages' }).fill('fi');
    await dialog.getByRole('checkbox', { name: /Finnish/ }).check();
    await dialog.getByRole('searchbox', { name: 'Search languages' }).fill('swe');
    // At most 2: a third cannot be chosen.
    expect(await dialog.getByRole('checkbox', { name: /Swedish/ }).isDisabled()).toBe(true);
    await dialog.getByRole('searchbox', { name: 'Search languages' }).fill('english');
    // Not allowed to be emptied: the last one stays... but two are chosen, so English can go.
    await dialog
      .getByRole('checkbox', { name: /English/ })
      .first()
      .uncheck();
    await checkScreen(page, 'pickers-languages', { fullPage: false });
    await shot(page, 'languages', 'Select language(s)');
    await dialog.getByRole('button', { name: 'Done' }).click();
    expect(await output(page, 'Languages').textContent()).toBe('fi');

    await page.getByRole('button', { name: 'Define screen area' }).click();
    const area = page.getByRole('dialog', { name: 'Define screen area' });
    const corner = area.getByRole('slider', { name: 'Top left corner' });
    await corner.focus();
    for (let i = 0; i < 10; i++) await corner.press('Shift+ArrowRight');
    for (let i = 0; i < 5; i++) await corner.press('Shift+ArrowDown');
    await checkScreen(page, 'pickers-screen-area', { fullPage: false });
    await shot(page, 'screen-area', 'Define screen area');
    await area.getByRole('button', { name: 'Save' }).click();
    expect(await output(page, 'Screen area').textContent()).toBe('0.1,0.05,1,0,1,1,0,1');
    await context.close();
  });
});

describe('the AI text helper without a provider', () => {
  it('says plainly that the server has no AI configured', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Nora Noai' });
    const { context, page } = await open(user, siteId, 'pickers');
    await page.getByRole('button', { name: 'AI text for Text' }).click();
    await page.getByRole('group', { name: 'AI text' }).getByRole('button', { name: 'Rewrite' }).click();
    await page.getByRole('alert').filter({ hasText: 'AI helpers are not configured on this server' }).waitFor();
    expect(await output(page, 'Text').textContent()).toBe('we bake good bread every day');
    await context.close();
  });
});

describe('the single-line rich input', () => {
  it('commits on Enter, keeps bold, and pastes plain text on one line', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Hilla Headline' });
    const { context, page } = await open(user, siteId, 'pickers');
    const input = page.getByRole('textbox', { name: 'Headline' });
    await input.waitFor();
    expect(await input.locator('strong').textContent()).toBe('bread');
    await input.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' ');
    await input.evaluate((el) => {
      const data = new DataTransfer();
      data.setData('text/html', '<h1 style="color:red">Two</h1><p>lines</p>');
      data.setData('text/plain', 'Two\nlines');
      el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    expect(await input.locator('p').count()).toBe(1);
    // Enter commits and makes no second line.
    await page.keyboard.press('Enter');
    await expect.poll(() => output(page, 'Headline').textContent()).toBe('Fresh <strong>bread</strong> daily Two lines');
    expect(await input.locator('p').count()).toBe(1);
    await context.close();
  });
});
