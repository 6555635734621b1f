import type { Browser, Frame, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { launch, openAs, settled } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/**
 * Issue 29 point 1 from the user's side, on the launch template's home page (its biggest): a style
 * change at a breakpoint and a text edit answer with the one component and its new rules, and the
 * canvas shows them as a whole page would (the breakpoint's value wins where it should), without its
 * document or stylesheet replaced; the published site shows the same at phone and desktop widths. An
 * edit of the header still re-renders the whole page.
 */

let t: TestServer;
let browser: Browser;
let user: User;
let siteId: string;
let page: Page;
let frame: Frame;

const CANVAS = 'iframe[title="Canvas"]';
const TITLE = 'features.content.features.feature-2.title';
const TEXT = 'features.content.features.feature-2.text';
const HEADER_BUTTON = 'header.bar.menu.actions.button';

beforeAll(async () => {
  t = await startTestServer();
  ({ user, siteId } = await ownerWithSite(t, { templateId: 'launch' }));
  browser = await launch();
  ({ page } = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`, { width: 1600, height: 1000 }));
  await page.frameLocator(CANVAS).locator(`[data-pw-id="${TITLE}"]`).waitFor();
  await settled(page);
  frame = (await (await page.locator(CANVAS).elementHandle()).contentFrame())!;
  // A mark on the frame's document: gone if the canvas ever loads a new one.
  await frame.evaluate(() => ((window as unknown as { pwSameDocument: boolean }).pwSameDocument = true));
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Clicks a component in the canvas with the mouse, at its centre (scrolled into view first). */
async function click(id: string) {
  const point = await frame
    .locator(`[data-pw-id="${id}"]`)
    .first()
    .evaluate((el) => {
      el.scrollIntoView({ block: 'center' });
      const r = el.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2, width: innerWidth };
    });
  const box = (await page.locator(CANVAS).boundingBox())!;
  const scale = box.width / point.width;
  await page.mouse.click(box.x + point.x * scale, box.y + point.y * scale);
  await page.locator(`[data-canvas-outline="selected"][data-canvas-id="${id}"]`).first().waitFor();
}

const computed = (id: string, property: string) =>
  frame
    .locator(`[data-pw-id="${id}"]`)
    .first()
    .evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

/** The preview an edit answered with, once it has. */
async function answered(match: string, run: () => Promise<void>): Promise<{ html?: string; patch?: { parts: { id: string }[] } }> {
  const response = page.waitForResponse((r: Response) => r.request().method() !== 'GET' && r.url().includes(match) && r.status() === 200);
  await run();
  return ((await (await response).json()) as { preview: { html?: string; patch?: { parts: { id: string }[] } } }).preview;
}

/** The canvas's own stylesheet texts (its inline styles, not the bridge's): unchanged when rules go in through the CSSOM. */
const styleTexts = () => frame.locator('head style:not([data-pw-instant])').evaluateAll((styles) => styles.map((s) => s.textContent));

const opacityField = () => page.getByTestId('inspector').locator('[data-inspector] input[aria-label="Opacity"]');

async function setOpacity(value: number) {
  const preview = await answered('/theme/components/', async () => {
    await opacityField().fill(String(value));
    await opacityField().press('Enter');
  });
  return preview;
}

/** The compiled site's home page at a width, in a page of its own, and the element whose text is `text`. */
async function published(width: number) {
  const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
  const { files } = await compileSite(doc, { siteId });
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route('http://site.test/**', (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.slice(1)) || 'index.html';
    const body = files.get(name.endsWith('/') ? `${name}index.html` : name);
    if (body === undefined) return route.fulfill({ status: 404 });
    const type = name.endsWith('.css')
      ? 'text/css'
      : name.endsWith('.woff2')
        ? 'font/woff2'
        : name.endsWith('.html') || name === 'index.html'
          ? 'text/html'
          : 'application/octet-stream';
    return route.fulfill({ status: 200, contentType: type, body: typeof body === 'string' ? body : Buffer.from(body) });
  });
  const site = await context.newPage();
  await site.goto('http://site.test/');
  return { site, context };
}

describe('a style change at a breakpoint on a big template page', () => {
  it('answers with the component and its new rules; the canvas shows each breakpoint’s value where a whole page would', async () => {
    const before = await styleTexts();
    await click(TITLE);
    await page.getByTestId('inspector').getByRole('tab', { name: 'Style' }).click();

    // Desktop (the xl breakpoint): 40 %.
    let preview = await setOpacity(40);
    expect(preview.html).toBeUndefined();
    expect(preview.patch!.parts.map((p) => p.id)).toEqual([TITLE]);
    await expect.poll(() => computed(TITLE, 'opacity')).toBe('0.4');

    // Mobile (the base value): 70 %. At the phone width the canvas shows it…
    await page.getByRole('group', { name: 'Breakpoints' }).getByRole('button', { name: 'Mobile' }).click();
    await expect.poll(() => frame.evaluate(() => innerWidth)).toBeLessThan(500);
    preview = await setOpacity(70);
    expect(preview.patch!.parts.map((p) => p.id)).toEqual([TITLE]);
    await expect.poll(() => computed(TITLE, 'opacity')).toBe('0.7');
    // …and back on desktop the xl value wins over it, as in a whole stylesheet (the base rule went in before it).
    await page.getByRole('group', { name: 'Breakpoints' }).getByRole('button', { name: 'Desktop' }).click();
    await expect.poll(() => frame.evaluate(() => innerWidth)).toBe(1280);
    await expect.poll(() => computed(TITLE, 'opacity')).toBe('0.4');

    // Neither the frame's document nor its stylesheet's text was replaced: the rules went in through the CSSOM.
    expect(await frame.evaluate(() => (window as unknown as { pwSameDocument?: boolean }).pwSameDocument)).toBe(true);
    expect(await styleTexts()).toEqual(before);
    await expect.poll(() => frame.locator('head style[data-pw-instant]').count()).toBe(0);

    // The published site shows the same at both widths.
    const desktopStyle = { opacity: '0.4', fontSize: await computed(TITLE, 'font-size'), marginTop: await computed(TITLE, 'margin-top') };
    for (const [width, opacity] of [
      [1280, '0.4'],
      [375, '0.7'],
    ] as const) {
      const { site, context } = await published(width);
      const heading = site.getByRole('heading', { name: 'Staged rollouts' });
      const style = await heading.evaluate((el) => {
        const s = getComputedStyle(el);
        return { opacity: s.opacity, fontSize: s.fontSize, marginTop: s.marginTop };
      });
      expect(style.opacity).toBe(opacity);
      if (width === 1280) expect(style).toEqual(desktopStyle);
      await context.close();
    }
  });
});

describe('a text edit on a big template page', () => {
  it('shows in the canvas from an answer carrying that paragraph alone, and in the published site', async () => {
    await click(TEXT);
    await page.getByTestId('inspector').getByRole('tab', { name: 'Content' }).click();
    const field = page.getByTestId('inspector').getByLabel('Text', { exact: true });
    const preview = await answered(`/components/${TEXT}`, async () => {
      await field.fill('Start with one percent of users and widen from there.');
      await field.press('Control+Enter');
    });
    expect(preview.html).toBeUndefined();
    expect(preview.patch!.parts.map((p) => p.id)).toEqual([TEXT]);
    await expect
      .poll(() => frame.locator(`[data-pw-id="${TEXT}"]`).textContent())
      .toBe('Start with one percent of users and widen from there.');
    expect(await frame.evaluate(() => (window as unknown as { pwSameDocument?: boolean }).pwSameDocument)).toBe(true);

    const { site, context } = await published(1280);
    await site.getByText('Start with one percent of users and widen from there.').waitFor();
    await context.close();
  });
});

describe('an edit of the header', () => {
  it('re-renders the whole page, which the canvas shows', async () => {
    await click(HEADER_BUTTON);
    await page.getByTestId('inspector').getByRole('tab', { name: 'Content' }).click();
    const field = page.getByTestId('inspector').getByLabel('Text', { exact: true });
    const preview = await answered(`/components/${HEADER_BUTTON}`, async () => {
      await field.fill('Try it free');
      await field.press('Control+Enter');
    });
    expect(preview.patch).toBeUndefined();
    expect(preview.html).toContain('Try it free');
    await expect.poll(() => frame.locator(`[data-pw-id="${HEADER_BUTTON}"]`).textContent()).toBe('Try it free');
    // What the patches before it changed is still there.
    expect(await computed(TITLE, 'opacity')).toBe('0.4');
    expect(await frame.locator(`[data-pw-id="${TEXT}"]`).textContent()).toBe('Start with one percent of users and widen from there.');
  });
});
