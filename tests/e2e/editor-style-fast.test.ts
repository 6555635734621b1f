import fs from 'node:fs';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSite, type EditorSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openAs } from './browser.js';

/**
 * Issue 14: a style value shows on the canvas the moment it is committed, before the edit's page
 * re-render answers (held here with page.route); once it answers the canvas still shows it; a failed
 * edit goes back on the canvas; undo shows the old value again.
 */

let t: TestServer;
let browser: Browser;
let site: EditorSite;
let page: Page;

const SHOTS = '/tmp/shots-stylefast';
const ID = 'hero.title';
/** The Desktop preview (1,280 px) edits the xl breakpoint: each class the test sets carries it. */
const AT = 'xl:';
const frame = () => page.frameLocator('iframe[title="Canvas"]');

beforeAll(async () => {
  t = await startTestServer();
  browser = await (await import('./browser.js')).launch();
  site = await ownSite(t);
  ({ page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1600, height: 1000 }));
  await frame().locator(`[data-pw-id="${ID}"]`).first().waitFor();
  fs.mkdirSync(SHOTS, { recursive: true });
  await frame()
    .locator('body')
    .first()
    .evaluate((body, id) => {
      body.ownerDocument
        .querySelector(`[data-pw-id="${id}"]`)!
        .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 }));
    }, ID);
  await page.getByTestId('inspector').getByRole('tab', { name: 'Style' }).click();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const opacity = () =>
  frame()
    .locator(`[data-pw-id="${ID}"]`)
    .first()
    .evaluate((el) => getComputedStyle(el).opacity);

const instantStyles = () => frame().locator('head style[data-pw-instant]').count();

/**
 * Holds the style edits (their answer carries the page's re-render) until `release` is called: then
 * they go on to the server, or are refused as the server refuses an edit (403 with its reason). A
 * lost connection is not a failure: the edit waits in the outbox (tests/e2e/editor-outbox.test.ts).
 */
async function holdEdits(): Promise<{ held: () => number; release: (how?: 'continue' | 'refuse') => Promise<void> }> {
  const waiting: Route[] = [];
  let how: 'continue' | 'refuse' | null = null;
  const refuse = (route: Route) => route.fulfill({ status: 403, json: { error: REFUSED, status: 403, code: 'FORBIDDEN' } });
  const handler = async (route: Route) => {
    if (how === 'continue') return route.continue();
    if (how === 'refuse') return refuse(route);
    waiting.push(route);
  };
  await page.route('**/theme/components/**', handler);
  return {
    held: () => waiting.length,
    async release(next = 'continue') {
      how = next;
      for (const route of waiting.splice(0)) await (next === 'continue' ? route.continue() : refuse(route));
      await page.unroute('**/theme/components/**', handler);
    },
  };
}

const REFUSED = 'Your access to this site is locked by its owner';

async function setOpacity(value: string) {
  const field = page.getByTestId('inspector').getByLabel('Opacity', { exact: true }).first();
  await field.fill(value);
  await field.press('Enter');
}

describe('a style change shows on the canvas at once', () => {
  it('before the re-render answers, with a class the page had no rule for, and stays right after it', async () => {
    expect(await opacity()).toBe('1');
    const css = page.waitForResponse((r) => r.url().includes('/preview/css') && r.status() === 200);
    const edits = await holdEdits();
    await setOpacity('35');
    // The page's CSS had no opacity-35: its rules come from the small CSS call while the edit is still held.
    await css;
    await expect.poll(opacity).toBe('0.35');
    expect(edits.held()).toBe(1);
    expect(await instantStyles()).toBe(1);
    // Its rules are out of their cascade layers: a sheet with a layer block restyles every element of the
    // page when it goes, as this one does once the answer is in (bridge/rules.ts newRulesOnly).
    expect(
      await frame()
        .locator('head style[data-pw-instant]')
        .evaluate((style) => [...(style as HTMLStyleElement).sheet!.cssRules].map((r) => r.constructor.name)),
    ).not.toContain('CSSLayerBlockRule');
    // The inspector scrolled to its Effects group within its own sidebar: the editor itself never scrolls.
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    await page.screenshot({ path: `${SHOTS}/instant.png` });

    const pageStyles = frame().locator('head style:not([data-pw-instant])');
    const textBefore = await pageStyles.evaluateAll((styles) => styles.map((s) => s.textContent.length));
    const answered = page.waitForResponse((r) => r.url().includes('/theme/components/') && r.status() === 200);
    await edits.release();
    await answered;
    // The edit's answer reconciles: same value, the page's own stylesheet has the rule, the extra style is gone.
    await expect.poll(instantStyles).toBe(0);
    expect(await opacity()).toBe('0.35');
    // Its rule went into the page's stylesheet through the CSSOM (issue 29): the stylesheet's text is the same.
    expect(await pageStyles.evaluateAll((styles) => styles.map((s) => s.textContent.length))).toEqual(textBefore);
    expect(
      await pageStyles.evaluateAll((styles) =>
        styles.some((s) => [...(s as HTMLStyleElement).sheet!.cssRules].some((r) => r.cssText.includes('opacity-35'))),
      ),
    ).toBe(true);
    expect((await site.doc()).nodes[ID]!.style.opacity).toBe(`${AT}opacity-35`);
  });

  it('a refused edit goes back on the canvas, with its reason; undo shows the old value again', async () => {
    const edits = await holdEdits();
    await setOpacity('60');
    await expect.poll(opacity).toBe('0.6');
    await edits.release('refuse');
    await expect.poll(opacity).toBe('0.35');
    await page.getByRole('alert').filter({ hasText: REFUSED }).waitFor();
    expect((await site.doc()).nodes[ID]!.style.opacity).toBe(`${AT}opacity-35`);

    const saved = page.waitForResponse((r) => r.url().includes('/theme/components/') && r.status() === 200);
    await setOpacity('80');
    await expect.poll(opacity).toBe('0.8');
    await saved;
    expect((await site.doc()).nodes[ID]!.style.opacity).toBe(`${AT}opacity-80`);
    await expect.poll(() => page.getByTestId('undo-count').textContent()).toBe('2');
    const undone = page.waitForResponse((r) => r.url().includes('/versions/undo') && r.status() === 200);
    await page.getByRole('button', { name: /^Undo \d+$/ }).click();
    await undone;
    await expect.poll(opacity).toBe('0.35');
  });

  it('asks for the rules of a control’s values as it is approached, so a value picked later shows with no call of its own', async () => {
    const asksFor = (r: { url(): string }, cls: string) =>
      r.url().includes('/preview/css') && (new URL(r.url()).searchParams.get('classes') ?? '').split(' ').includes(cls);
    const field = page.getByTestId('inspector').getByLabel('Grayscale', { exact: true }).first();
    const warmed = page.waitForResponse((r) => asksFor(r, `${AT}grayscale-45`) && r.status() === 200);
    await field.focus();
    await warmed;

    const asked: string[] = [];
    const onRequest = (r: { url(): string }) => {
      if (r.url().includes('/preview/css')) asked.push(r.url());
    };
    page.on('request', onRequest);
    const edits = await holdEdits();
    await field.fill('45');
    await field.press('Enter');
    // Shown while the edit is still held, from the rules asked for when the field got focus.
    const filter = () =>
      frame()
        .locator(`[data-pw-id="${ID}"]`)
        .first()
        .evaluate((el) => getComputedStyle(el).filter);
    await expect.poll(filter).toContain('grayscale(0.45)');
    expect(edits.held()).toBe(1);
    expect(asked).toEqual([]);
    page.off('request', onRequest);
    const answered = page.waitForResponse((r) => r.url().includes('/theme/components/') && r.status() === 200);
    await edits.release();
    await answered;
    expect((await site.doc()).nodes[ID]!.style.filter).toBe(`${AT}grayscale-45`);
  });

  it('the inspector scrolls in its own sidebar and keeps each tab’s scroll, across selections', async () => {
    const panel = page.getByTestId('inspector').locator('#inspector-tabpanel');
    const scrollTop = () => panel.evaluate((el) => Math.round(el.scrollTop));
    await panel.evaluate((el) => el.scrollTo({ top: 400 }));
    await expect.poll(scrollTop).toBe(400);
    expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
    // The header and the tabs stay in view while the groups scroll.
    const tab = await page.getByTestId('inspector').getByRole('tab', { name: 'Style' }).boundingBox();
    expect(tab!.y).toBeGreaterThan(0);
    expect(tab!.y).toBeLessThan(300);

    await page.getByTestId('inspector').getByRole('tab', { name: 'Layout' }).click();
    await expect.poll(scrollTop).toBe(0);
    await page.getByTestId('inspector').getByRole('tab', { name: 'Style' }).click();
    await expect.poll(scrollTop).toBe(400);

    // Another component's Style tab opens where this one was (the same groups, as Webflow's panel).
    await frame()
      .locator('body')
      .first()
      .evaluate((body) => {
        body.ownerDocument
          .querySelector('[data-pw-id="hero.text"]')!
          .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 }));
      });
    await expect.poll(() => page.getByTestId('inspector').getByRole('heading', { level: 2 }).textContent()).toBe('Text');
    await expect.poll(scrollTop).toBe(400);
  });
});
