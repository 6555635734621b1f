import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, fieldSays, launch, openAs, settled } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/** The design screens (spec 001 §2 design-theme, design-settings, design-styles) against a real server, the canvas following. */

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

async function openDesign(user: User, siteId: string, path: string) {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/${path}`);
  await opened.page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
  await settled(opened.page);
  return opened;
}

const canvas = (page: Page) => page.frameLocator('iframe[title="Canvas"]');

/** A computed style inside the canvas frame, of the first element the selector finds. */
function frameStyle(page: Page, selector: string, property: string): Promise<string> {
  return canvas(page)
    .locator(selector)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);
}

async function themeOf(user: User, siteId: string) {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'style' } } });
  return data!.style!;
}

describe('the design-theme screen', () => {
  it('changes colours, the heading font, the text scale and the appearance, the canvas following without a reload; undo takes the last back', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Dana Design' });
    const { context, page } = await openDesign(user, siteId, 'design-theme');
    await page.getByRole('heading', { name: 'Theme' }).waitFor();
    await expect.poll(() => page.getByLabel('Primary color', { exact: true }).inputValue()).toMatch(/^#[0-9a-f]{6}$/);
    await checkScreen(page, 'editor-design-theme', { fullPage: false });
    // A reload of the app would drop this.
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    // Primary colour: the canvas's buttons take the new shade at once.
    const button = '[class*="bg-primary-l9"]';
    const before = await frameStyle(page, button, 'background-color');
    const primary = page.getByLabel('Primary color', { exact: true });
    await primary.fill('9a3412');
    await primary.press('Enter');
    await expect.poll(() => frameStyle(page, button, 'background-color'), { timeout: 10_000 }).not.toBe(before);
    await expect.poll(() => primary.inputValue()).toBe('#9a3412');
    expect((await themeOf(user, siteId)).theme.colors.primary!.base).toBe('#9a3412');
    // The shades the server made show as the strip.
    expect(await page.getByRole('list', { name: 'primary shades' }).getByRole('listitem').count()).toBe(24);

    // An invalid hex says why, in place, in the server's words; nothing is saved.
    await primary.fill('12zz');
    await primary.press('Enter');
    await fieldSays(page, 'Primary color', 'Hex color must be 6 hex digits');
    expect(await primary.getAttribute('aria-invalid')).toBe('true');
    expect((await themeOf(user, siteId)).theme.colors.primary!.base).toBe('#9a3412');
    await checkScreen(page, 'editor-design-theme-invalid', { fullPage: false });
    await primary.press('Escape');

    // Heading font: the canvas's headings change family.
    await page.getByLabel('Heading font', { exact: true }).selectOption('Playfair Display');
    await expect.poll(() => frameStyle(page, 'h1, h2', 'font-family'), { timeout: 10_000 }).toContain('Playfair Display');
    const heading = (await themeOf(user, siteId)).theme.fonts.heading;
    expect(heading.family).toBe('Playfair Display');
    expect(heading.normal.length).toBeGreaterThan(0);

    // Text scale 110 %: the body text grows from 16px.
    const base = Number.parseFloat(await frameStyle(page, 'body', 'font-size'));
    await page.getByRole('radiogroup', { name: 'Text scale' }).getByText('110%').click();
    await expect
      .poll(async () => Number.parseFloat(await frameStyle(page, 'body', 'font-size')), { timeout: 10_000 })
      .toBeGreaterThan(base);
    expect((await themeOf(user, siteId)).theme.textScale).toBe(110);

    // Appearance dark: the canvas's page is dark; Undo (the last edit) takes it back.
    await page.getByRole('radiogroup', { name: 'Appearance' }).getByText('Dark').click();
    await expect.poll(() => canvas(page).locator('html').getAttribute('class'), { timeout: 10_000 }).toContain('dark');
    await expect.poll(() => page.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Auto' }).isChecked(), { timeout: 10_000 }).toBe(true);
    expect((await themeOf(user, siteId)).theme.appearance).toBe('auto');
    await expect.poll(async () => (await canvas(page).locator('html').getAttribute('class')) ?? '').not.toContain('dark');
    // The text scale before it stays.
    expect(await page.getByRole('radio', { name: '110%' }).isChecked()).toBe(true);

    // A token: a bad length says why; a good one saves.
    const gap = page.getByLabel('Gap', { exact: true });
    await gap.fill('wide');
    await gap.press('Enter');
    await fieldSays(page, 'Gap', 'Invalid value for this theme variable');
    await gap.fill('3rem');
    await gap.press('Enter');
    await expect.poll(async () => (await themeOf(user, siteId)).theme.vars.gap).toBe('3rem');

    expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    await checkScreen(page, 'editor-design-theme-after', { fullPage: false });
    await context.close();
  });
});

describe('the design-settings screen', () => {
  it('sets the body settings from the theme shades, the canvas following', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Sam Settings' });
    const { context, page } = await openDesign(user, siteId, 'design-theme');
    await page.getByRole('navigation', { name: 'Design' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings', exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/sites/${siteId}/design-settings`);

    await page.getByLabel('Scroll behavior').selectOption('scroll-smooth');
    await expect.poll(async () => (await themeOf(user, siteId)).theme.body.scroll).toBe('scroll-smooth');
    await expect.poll(() => canvas(page).locator('body').getAttribute('class')).toContain('scroll-smooth');

    // The body text colour from the theme's shades: the base shade changes, the dark one stays.
    await page.getByLabel('Text color', { exact: true }).click();
    await page.getByRole('radiogroup', { name: 'Text color shades' }).getByTitle('primary-l11').click();
    await expect.poll(async () => (await themeOf(user, siteId)).theme.body.textColor).toBe('text-primary-l11 dark:text-gray-d12');
    await expect.poll(() => canvas(page).locator('body').getAttribute('class')).toContain('text-primary-l11');
    await checkScreen(page, 'editor-design-settings', { fullPage: false });
    await context.close();
  });
});

describe('the design-styles screen', () => {
  it('opens a shared style by its address, adds and removes a class, makes it the default and deletes it after confirming', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Stella Styles' });
    const shared = (await themeOf(user, siteId)).shared;
    const outline = shared['button-outline']!;
    expect(outline.default).toBe(false);
    const { context, page } = await openDesign(user, siteId, 'design-styles/button-outline');
    await page.getByRole('heading', { name: 'Button outline' }).waitFor();
    expect(
      await page.getByRole('navigation', { name: 'Design' }).getByRole('link', { name: 'Button outline' }).getAttribute('aria-current'),
    ).toBe('page');
    await checkScreen(page, 'editor-design-styles', { fullPage: false });

    // Add a class with a variant to its padding; it shows as a chip and is saved.
    const setting = Object.keys(outline.style).includes('padding') ? 'Padding' : 'Other';
    const add = page.getByLabel(`Add a class to ${setting}`);
    await add.fill('md:px-8');
    await add.press('Enter');
    await page.getByRole('button', { name: 'Remove md:px-8' }).waitFor();
    const key = setting === 'Padding' ? 'padding' : 'other';
    await expect.poll(async () => (await themeOf(user, siteId)).shared['button-outline']!.style[key]).toContain('md:px-8');

    // The server refuses a class that could leave the attribute; its message shows under the field.
    await add.fill('bad"class');
    await add.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Invalid style value' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Remove md:px-8' }).click();
    await page.getByRole('button', { name: 'Remove md:px-8' }).waitFor({ state: 'detached' });
    await expect.poll(async () => (await themeOf(user, siteId)).shared['button-outline']!.style[key] ?? '').not.toContain('md:px-8');

    // Make default: this one is the default of its type, the other button style no longer.
    await page.getByRole('button', { name: 'Make default' }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Make default' }).isDisabled()).toBe(true);
    const after = (await themeOf(user, siteId)).shared;
    expect(after['button-outline']!.default).toBe(true);
    expect(after.button!.default).toBe(false);

    // Delete asks first; Cancel keeps it.
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect((await themeOf(user, siteId)).shared['button-outline']).toBeDefined();
    await page.getByRole('button', { name: 'Delete' }).click();
    await checkScreen(page, 'editor-design-styles-delete', { fullPage: false });
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL((url) => url.pathname === `/sites/${siteId}/design-theme`);
    expect((await themeOf(user, siteId)).shared['button-outline']).toBeUndefined();
    expect(await page.getByRole('navigation', { name: 'Design' }).getByRole('link', { name: 'Button outline' }).count()).toBe(0);
    await context.close();
  });

  it('lists the components using a style, and a click selects one on the pages route', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Uma Users' });
    const { context, page } = await openDesign(user, siteId, 'design-styles/heading');
    const used = page.getByRole('heading', { name: /^Used by \d+ components?$/ });
    await used.waitFor();
    expect(Number((await used.innerText()).match(/\d+/)![0])).toBeGreaterThan(0);
    const first = page.getByRole('button', { name: /.+ home$/ }).first();
    const name = (await first.locator('span').first().innerText()).trim();
    await first.click();
    await page.waitForURL((url) => url.pathname.startsWith(`/sites/${siteId}/pages`));
    await expect.poll(() => page.getByRole('treeitem', { name, selected: true }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await context.close();
  });

  it('says Style not found for an unknown style, with a way back', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Nora Nostyle' });
    const { context, page } = await openDesign(user, siteId, 'design-styles/no-such-style');
    await page.getByRole('heading', { name: 'Style not found' }).waitFor();
    await checkScreen(page, 'editor-design-styles-not-found', { fullPage: false });
    await page.getByRole('link', { name: 'Back to the theme' }).click();
    await page.waitForURL((url) => url.pathname === `/sites/${siteId}/design-theme`);
    await context.close();
  });
});
