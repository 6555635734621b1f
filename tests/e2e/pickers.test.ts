import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, checkScreen, fieldSays, launch, openAs, settled } from './browser.js';
import { kindId } from './editor-inspector-kinds.js';
import { CANVAS, inspector, openOnKind, ownerWithKinds, rowValue, selectKind } from './pickers-site.js';
import { openSettings, ownerWithSite, save, settingsOf, type User } from './settings.js';

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
  await animationsDone(page);
  await page.getByRole('dialog', { name: dialog }).screenshot({ path: `${SHOTS}/${name}.png` });
}

async function themeOf(user: User, siteId: string) {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'style' } } });
  return data!.style!.theme;
}

/** A kind's component as the server stores it. */
const stored = async (siteId: string, kind: string) => (await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId)).nodes[kindId(kind)]!;

/** The editor on a site of every kind, with the kind's component selected. */
const openOn = (user: User, siteId: string, kind: string) => openOnKind(browser, t, user.session.token, siteId, kind);

/** The heading's text in its single-line rich input. */
const headingText = (page: Page) => inspector(page).getByRole('textbox', { name: 'Text', exact: true }).textContent();

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
    await checkScreen(page, 'pickers-color-theme', { fullPage: false, exclude: [CANVAS] });
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
    const { user, siteId } = await ownerWithKinds(t, { name: 'Opal Opacity', style: { container: { background: 'xl:bg-primary-l9' } } });
    // A container's background colour, in the inspector's Background group (the Desktop preview edits xl).
    const { context, page } = await openOn(user, siteId, 'container');
    await inspector(page).getByRole('tab', { name: 'Style' }).click();
    const row = inspector(page).locator('[data-row="background.background"]');
    const output = (_page: Page, _label: string) => ({ textContent: () => row.getByLabel('Color', { exact: true }).inputValue() });
    await row.getByRole('button', { name: 'Color: choose' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select color' });
    await dialog.waitFor();
    // 12 light and 12 dark shades per theme colour, then white, black and transparent.
    const shades = dialog.getByRole('radiogroup', { name: 'Theme colors' });
    const colors = Object.keys((await themeOf(user, siteId)).colors);
    expect(await shades.getByRole('radio').count()).toBe(colors.length * 24 + 3);
    expect(await shades.getByRole('radio', { name: 'primary-l9' }).isChecked()).toBe(true);
    await checkScreen(page, 'pickers-color', { fullPage: false, exclude: [CANVAS] });
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
    await expect.poll(() => output(page, 'Color').textContent()).toBe('#1e40af');
    expect(await shades.getByRole('radio', { checked: true }).count()).toBe(0);
    const opacity = dialog.getByRole('slider', { name: 'Opacity' });
    await opacity.focus();
    for (let i = 0; i < 5; i++) await opacity.press('ArrowLeft');
    await expect.poll(() => output(page, 'Color').textContent()).toBe('#1e40af/95');
    // The canvas paints it.
    await expect
      .poll(() =>
        page
          .frameLocator('iframe[title="Canvas"]')
          .locator(`[data-pw-id="${kindId('container')}"]`)
          .first()
          .evaluate((el) => getComputedStyle(el).backgroundColor),
      )
      .toMatch(/^(rgba\(30, 64, 175, 0\.95\)|color\(srgb 0\.117647 0\.25098 0\.686275 \/ 0\.95\)|oklab\(.* \/ 0\.95\))$/);
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
  /** A rich text of a heading and a paragraph, selected, with its editor open. */
  async function openRichText(name: string) {
    const { user, siteId } = await ownerWithKinds(t, {
      name,
      data: {
        richtext: {
          value: [
            { type: 'h2', value: 'Welcome' },
            { type: 'p', value: 'We bake **bread** every day.' },
          ],
        },
      },
    });
    const opened = await openOn(user, siteId, 'richtext');
    await inspector(opened.page).getByRole('button', { name: 'Text: edit' }).click();
    const dialog = opened.page.getByRole('dialog', { name: 'Edit richtext' });
    return { ...opened, user, siteId, dialog, text: dialog.getByRole('textbox', { name: 'Text', exact: true }) };
  }

  it('edits headings, marks, links, variables, a YouTube video and a table, and sends clean blocks', async () => {
    const { context, page, dialog, text, siteId } = await openRichText('Rita Rich');
    await text.waitFor();
    expect(await text.locator('h2').textContent()).toBe('Welcome');
    expect(await text.locator('p strong').textContent()).toBe('bread');
    await checkScreen(page, 'pickers-richtext', { fullPage: false, exclude: [CANVAS] });
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
    await checkScreen(page, 'pickers-richtext-table', { fullPage: false, exclude: [CANVAS] });
    await shot(page, 'richtext-table', 'Edit richtext');

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => ((await stored(siteId, 'richtext')).data.value as { type: string }[]).some((b) => b.type === 'table'))
      .toBe(true);
    const blocks = (await stored(siteId, 'richtext')).data.value as { type: string; [k: string]: unknown }[];
    expect(blocks[0]).toEqual({ type: 'h3', value: 'Welcome' });
    expect(blocks[1]).toEqual({ type: 'p', value: 'We bake <strong>bread</strong> every day.' });
    expect(blocks[2]).toEqual({ type: 'p', value: '<a href="https://shop.example.org">Visit <i>our shop</i> today</a> by {site.name}' });
    expect(blocks.find((b) => b.type === 'youtube')).toEqual({ type: 'youtube', value: 'dQw4w9WgXcQ', width: 560, height: 315 });
    expect(blocks.find((b) => b.type === 'table')).toEqual({ type: 'table', header: true, td: [['Day'], [''], [''], ['']] });
    await context.close();
  });

  it('cleans pasted markup to the allowed tags and keeps only href', async () => {
    const { context, page, text, siteId } = await openRichText('Paul Paste');
    await text.waitFor();
    const paragraphs = await text.locator('p').count();
    await text.locator('p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    // As a person does: the paste comes once the new line shows (on a loaded machine the editor may take a moment).
    await expect.poll(() => text.locator('p').count()).toBe(paragraphs + 1);
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
    await expect.poll(async () => JSON.stringify((await stored(siteId, 'richtext')).data.value)).toContain('a.org');
    const blocks = (await stored(siteId, 'richtext')).data.value as { type: string; value: string }[];
    expect(blocks.at(-1)).toEqual({ type: 'p', value: 'Red under <a href="https://a.org">link</a> <i>em</i>' });
    await context.close();
  });
});

describe('the gradient editor', () => {
  it('edits type, angle, interpolation and stops (never fewer than 2) from the Background group, and the canvas paints it', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Greta Gradient' });
    const { context, page } = await openOn(user, siteId, 'container');
    await inspector(page).getByRole('tab', { name: 'Style' }).click();
    await inspector(page).getByRole('button', { name: 'Gradient: Edit gradient' }).click();
    const dialog = page.getByRole('dialog', { name: 'Gradients' });
    await dialog.waitFor();
    // A new gradient: linear, 180°, oklab, primary at 0 % opacity to primary at 50 %.
    expect(await dialog.getByLabel('Type').inputValue()).toBe('linear');
    expect(await dialog.getByLabel('Angle').inputValue()).toBe('180');
    expect(await dialog.getByLabel('Interpolation').inputValue()).toBe('oklab');
    expect(await dialog.getByRole('button', { name: 'Remove stop 1' }).isDisabled()).toBe(true);
    await checkScreen(page, 'pickers-gradient', { fullPage: false, exclude: [CANVAS] });
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
    await shot(page, 'gradient-radial', 'Gradients');
    await dialog.getByRole('button', { name: 'Remove stop 1' }).click();
    expect(await dialog.getByRole('button', { name: 'Remove stop 2' }).isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Stored as one utility the site's CSS compiles: radial, circle, closest-side, 30 % 50 %, oklch, two stops (120 % kept at 100 %).
    // The edits are saved one after another: wait for the last (stop 3's colour in, stop 1 out), not the first gradient saved.
    await expect
      .poll(async () => {
        const saved = (await stored(siteId, 'container')).style.backgroundImage ?? '';
        return saved.includes('var(--color-secondary-l5)_70%') && saved.match(/,transparent\)_\d+%[,)]/g)?.length === 2;
      })
      .toBe(true);
    const utility = (await stored(siteId, 'container')).style.backgroundImage!;
    // At the breakpoint the Desktop preview edits (xl).
    expect(utility).toMatch(/^xl:bg-\[radial-gradient\(circle_closest-side_at_30%_50%_in_oklch,/);
    expect(utility).toContain('var(--color-primary-l9)_50%,transparent)_100%');
    expect(utility).toContain('var(--color-secondary-l5)_70%,transparent)_100%');
    expect(utility.match(/,transparent\)_\d+%[,)]/g)).toHaveLength(2);
    const painted = () =>
      page
        .frameLocator('iframe[title="Canvas"]')
        .locator(`[data-pw-id="${kindId('container')}"]`)
        .first()
        .evaluate((el) => getComputedStyle(el).backgroundImage);
    await expect.poll(painted).toMatch(/^radial-gradient\(/);
    await context.close();
  });
});

describe('the icon picker', () => {
  it('offers the five sets, searches one and returns set:name', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Ivo Icon' });
    const { context, page } = await openOn(user, siteId, 'icon');
    const output = (_page: Page, label: string) => ({ textContent: () => rowValue(page, label) });
    await inspector(page).getByRole('button', { name: 'Icon: select icon' }).click();
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
    await checkScreen(page, 'pickers-icon', { fullPage: false, exclude: [CANVAS] });
    await shot(page, 'icon', 'Select icon');
    await dialog.getByRole('option', { name: 'heart', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => output(page, 'Icon').textContent()).toBe('zondicons:heart');

    await inspector(page).getByRole('button', { name: 'Icon: select icon' }).click();
    await dialog.getByRole('tab', { name: 'Flag icons 1by1' }).click();
    await dialog.getByRole('searchbox', { name: 'Search icons' }).fill('fi');
    await dialog.getByRole('option', { name: 'fi', exact: true }).click();
    await expect.poll(() => output(page, 'Icon').textContent()).toBe('flag:fi-1x1');

    await inspector(page).getByRole('button', { name: 'Icon: select icon' }).click();
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
    await checkScreen(page, 'pickers-font', { fullPage: false, exclude: [CANVAS] });
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
  it('respects the maximum count of languages in the general settings; defines a device mockup screen area as eight fractions', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Lasse Lang' });
    const settings = await openSettings(browser, t, user, siteId);
    const sp = settings.page;
    await sp.getByRole('button', { name: 'Localize in: Select languages' }).click();
    const dialog = sp.getByRole('dialog', { name: 'Select language(s)' });
    const search = dialog.getByRole('searchbox', { name: 'Search languages' });
    // The Pro plan: 4 besides the main one; a fifth cannot be chosen.
    for (const name of ['Finnish', 'Swedish', 'German', 'French']) {
      await search.fill(name.toLowerCase());
      await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
    }
    await search.fill('spanish');
    expect(await dialog.getByRole('checkbox', { name: /Spanish/ }).isDisabled()).toBe(true);
    // May be emptied: one goes again.
    await search.fill('german');
    await dialog.getByRole('checkbox', { name: /German/ }).uncheck();
    await checkScreen(sp, 'pickers-languages', { fullPage: false, exclude: [CANVAS] });
    await shot(sp, 'languages', 'Select language(s)');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await save(sp, 1);
    expect((await settingsOf(user, siteId)).languages).toEqual(['en', 'fi', 'sv', 'fr']);
    await settings.context.close();

    const { context, page } = await openOn(user, siteId, 'deviceMockup');
    await inspector(page).getByRole('button', { name: 'Define screen area' }).click();
    const area = page.getByRole('dialog', { name: 'Define screen area' });
    const corner = area.getByRole('slider', { name: 'Top left corner' });
    await corner.focus();
    for (let i = 0; i < 10; i++) await corner.press('Shift+ArrowRight');
    for (let i = 0; i < 5; i++) await corner.press('Shift+ArrowDown');
    await checkScreen(page, 'pickers-screen-area', { fullPage: false, exclude: [CANVAS] });
    await shot(page, 'screen-area', 'Define screen area');
    await area.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => rowValue(page, 'Screen area')).toBe('0.1,0.05,1,0,1,1,0,1');

    // A language switcher's languages are picked from the site's in the same picker.
    await selectKind(page, 'languages');
    await inspector(page).getByRole('button', { name: 'Languages: All languages' }).click();
    const switcher = page.getByRole('dialog', { name: 'Select language(s)' });
    expect(await switcher.getByRole('checkbox').count()).toBe(4);
    await switcher.getByRole('checkbox', { name: /Swedish/ }).check();
    await switcher.getByRole('checkbox', { name: /French/ }).check();
    await switcher.getByRole('button', { name: 'Done' }).click();
    await inspector(page)
      .getByRole('button', { name: /^Languages: .*Swedish/ })
      .waitFor();
    await expect.poll(async () => (await stored(siteId, 'languages')).data.languages).toEqual(['sv', 'fr']);
    const links = page.frameLocator('iframe[title="Canvas"]').locator(`[data-pw-id="${kindId('languages')}"] a`);
    await expect.poll(() => links.count(), { timeout: 15_000 }).toBe(2);
    await context.close();
  });
});

describe('the AI text helper without a provider', () => {
  it('is not offered: a server without AI configured shows no AI text button', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Nora Noai', data: { heading: { value: 'we bake good bread every day' } } });
    const { context, page } = await openOn(user, siteId, 'heading');
    await inspector(page).getByRole('textbox', { name: 'Text', exact: true }).waitFor();
    expect(await headingText(page)).toBe('we bake good bread every day');
    expect(await page.getByRole('button', { name: 'AI text for Text' }).count()).toBe(0);
    await context.close();
  });
});

describe('the single-line rich input', () => {
  it('commits on Enter, keeps bold, and pastes plain text on one line', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Hilla Headline', data: { heading: { value: 'Fresh **bread** daily' } } });
    const { context, page } = await openOn(user, siteId, 'heading');
    const input = inspector(page).getByRole('textbox', { name: 'Text', exact: true });
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
    await expect.poll(async () => (await stored(siteId, 'heading')).data.value).toBe('Fresh <strong>bread</strong> daily Two lines');
    // The page shows the bold word.
    await expect
      .poll(() =>
        page
          .frameLocator('iframe[title="Canvas"]')
          .locator(`[data-pw-id="${kindId('heading')}"] strong`)
          .first()
          .textContent(),
      )
      .toBe('bread');
    expect(await input.locator('p').count()).toBe(1);
    await context.close();
  });
});
