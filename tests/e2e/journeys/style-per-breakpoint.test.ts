import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/server.js';
import { launch, newPage, openAs } from '../browser.js';
import { ownerWithSite } from '../settings.js';

/**
 * Issue 26, point 1: a designer restyles the Bistro home hero heading (`text-4xl sm:text-6xl lg:text-7xl`)
 * at Desktop and at Mobile with the top bar's buttons; the compiled site shows each size at its width.
 * Point 6: the canvas keeps Fit on a breakpoint, says its real zoom, Ctrl+0 fits, and a component
 * selected in the tree comes into view below the site's sticky header.
 */

const SHOTS = '/tmp/shots-style-per-breakpoint';
const HEADING = 'hero.content.text.title';

let t: TestServer;
let browser: Browser;
let user: Awaited<ReturnType<typeof ownerWithSite>>['user'];
let siteId: string;
let page: Page;

const frame = () => page.frameLocator('iframe[title="Canvas"]');
const inspector = () => page.getByTestId('inspector');
const size = () => inspector().getByLabel('Size', { exact: true });
const sizeRow = () => inspector().locator('[data-row="text.fontSize"]');
const shown = () => size().evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');

beforeAll(async () => {
  t = await startTestServer();
  browser = await launch();
  ({ user, siteId } = await ownerWithSite(t, { templateId: 'bistro', siteName: 'Crumb Bakery' }));
  ({ page } = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`, { width: 1600, height: 1000 }));
  await frame().locator(`[data-pw-id="${HEADING}"]`).first().waitFor();
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** The home hero heading's font size in px, and the px of a text size token, in the compiled site at a width. */
async function compiledSizes(width: number, token: string): Promise<{ heading: number; token: number }> {
  const { data } = await user.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
  const { context, page: visitor } = await newPage(browser, t.url, { width, height: 900 });
  try {
    await visitor.goto(data!.url.replace(t.pw.deps.config.publicUrl, t.url));
    const h1 = visitor.locator('h1').first();
    await h1.waitFor();
    await visitor.screenshot({ path: `${SHOTS}/compiled-${width}.png` });
    return await h1.evaluate(
      (el, name) => ({
        heading: Number.parseFloat(getComputedStyle(el).fontSize),
        // The theme's size token as the site's stylesheet defines it (its text scale applied).
        token: Number.parseFloat(getComputedStyle(el.ownerDocument.documentElement).getPropertyValue(`--text-${name}`)) * 16,
      }),
      token,
    );
  } finally {
    await context.close();
  }
}

describe('styling the hero heading per screen size', () => {
  it('shows the size the page has at the breakpoint the top bar picks, and the compiled site has each chosen size at its width', async () => {
    // Select the heading on the canvas, as a person does.
    await frame().locator(`[data-pw-id="${HEADING}"]`).first().click();
    await inspector().getByRole('tab', { name: 'Style' }).click();

    // Desktop (1280 px): the inspector edits xl, where the heading takes lg's 7xl.
    await page.getByRole('button', { name: 'Desktop', exact: true }).click();
    await expect.poll(() => inspector().getByRole('radio', { name: /^xl / }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(shown).toBe('7xl');
    expect(await sizeRow().getAttribute('data-state')).toBe('inherited');
    expect(await sizeRow().locator('label').getAttribute('title')).toBe('Size (from lg)');
    await page.screenshot({ path: `${SHOTS}/editor-desktop-before.png` });
    await size().selectOption('text-5xl');
    await expect.poll(shown).toBe('5xl');
    await expect.poll(() => sizeRow().getAttribute('data-state')).toBe('set');

    // Mobile (320 px) with the top bar: the inspector edits base, where the heading is 4xl.
    await page.getByRole('button', { name: 'Mobile', exact: true }).click();
    await expect.poll(() => inspector().getByRole('radio', { name: /^Base/ }).getAttribute('aria-checked')).toBe('true');
    await expect.poll(shown).toBe('4xl');
    await size().selectOption('text-3xl');
    await expect.poll(shown).toBe('3xl');
    await page.screenshot({ path: `${SHOTS}/editor-mobile.png` });

    // And the other way round: md in the variant bar sets the canvas to the Tablet width; the size there is sm's, marked inherited.
    await inspector().getByRole('radio', { name: /^md / }).click();
    await expect.poll(() => page.getByRole('button', { name: 'Tablet', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(shown).toBe('6xl');
    expect(await sizeRow().getAttribute('data-state')).toBe('inherited');
    expect(await sizeRow().locator('label').getAttribute('title')).toBe('Size (from sm)');
    // Inherited reads in amber, the label and the value.
    expect(
      await sizeRow()
        .locator('label')
        .evaluate((el) => getComputedStyle(el).color),
    ).not.toBe(
      await inspector()
        .locator('[data-state="default"] label')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    );
    await page.screenshot({ path: `${SHOTS}/editor-tablet-inherited.png` });

    // The compiled site: 5xl at 1,280 px wide, 3xl at 390 px.
    const desktop = await compiledSizes(1280, '5xl');
    expect(desktop.token).toBeGreaterThan(0);
    expect(desktop.heading).toBeCloseTo(desktop.token, 1);
    const mobile = await compiledSizes(390, '3xl');
    expect(mobile.token).toBeGreaterThan(0);
    expect(mobile.heading).toBeCloseTo(mobile.token, 1);
    expect(mobile.heading).toBeLessThan(desktop.heading);
  });

  it('keeps Fit on a breakpoint, says the zoom it shows, fits on Ctrl+0, and reveals a component below the sticky header', async () => {
    const canvasFrame = page.getByTestId('canvas-frame');
    const zoomLevel = page.getByTestId('zoom-level');
    const fit = page.getByRole('button', { name: 'Fit', exact: true });
    if ((await fit.getAttribute('aria-pressed')) !== 'true') await fit.click();
    await page.getByRole('button', { name: 'Desktop', exact: true }).click();
    // Fit stays on, and the whole page width shows in the canvas: nothing is cropped.
    expect(await fit.getAttribute('aria-pressed')).toBe('true');
    const canvasWidth = await page.getByTestId('canvas').evaluate((el) => el.clientWidth);
    await expect.poll(async () => (await canvasFrame.boundingBox())!.width).toBeLessThanOrEqual(canvasWidth);
    // The label says the scale the page is drawn at.
    const drawn = async () => Math.round(((await canvasFrame.boundingBox())!.width / 1280) * 100);
    // Both read together, again until they agree: the frame eases to a new scale.
    const says = async () => (await zoomLevel.textContent()) === `${await drawn()}%`;
    await expect.poll(says).toBe(true);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(says).toBe(true);
    // Ctrl+0 fits again: the page's whole width, at most 100 %.
    await page.keyboard.press('Control+0');
    expect(await fit.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(async () => (await canvasFrame.boundingBox())!.width).toBeLessThanOrEqual(canvasWidth);
    await expect.poll(says).toBe(true);
    await page.screenshot({ path: `${SHOTS}/canvas-fit.png` });

    // Scrolled far down, the heading chosen in the tree comes back below the sticky header, not under it.
    await page.locator('[data-row-id="hero.content.text"]').first().click();
    await frame()
      .locator('body')
      .evaluate((body) => body.ownerDocument.defaultView!.scrollTo(0, 3000));
    await expect
      .poll(() =>
        frame()
          .locator('body')
          .evaluate((body) => body.ownerDocument.defaultView!.scrollY),
      )
      .toBeGreaterThan(1000);
    await page.locator(`[data-row-id="${HEADING}"]`).first().click();
    const under = () =>
      frame()
        .locator(`[data-pw-id="${HEADING}"]`)
        .first()
        .evaluate((el) => {
          const header = el.ownerDocument.querySelector('header')!.getBoundingClientRect();
          return Math.round(el.getBoundingClientRect().top - header.bottom);
        });
    await expect.poll(under, { timeout: 10_000 }).toBeGreaterThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/canvas-revealed.png` });
  });
});
