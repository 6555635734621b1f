import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Download, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { chromiumOptions } from '../support/chromium.js';

/** Helpers shared by the browser suites: the system Chromium, axe checks and screenshots. */

const SCREENSHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../.tmp/screenshots');

/**
 * The run's shared Chromium (tests/support/browser-server.ts), or a browser of the suite's own when the
 * run has none. Closing it in afterAll disconnects and closes the contexts the suite opened.
 */
export function launch(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  return endpoint ? chromium.connect(endpoint) : chromium.launch(chromiumOptions);
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 860 },
  token?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: 'en-US',
    timezoneId: 'Europe/Helsinki',
    ...(token ? { storageState: signedIn(baseURL, token) } : {}),
  });
  const page = await context.newPage();
  watch(page);
  return { context, page };
}

/**
 * What went wrong in the page, printed where the test run's output shows it: a test that times out
 * waiting for a screen then says why the screen never came (a script error, a failed chunk, a 5xx).
 */
export function watch(page: Page): void {
  page.on('pageerror', (e) => console.error(`[browser] ${page.url()}: uncaught ${e.message}`));
  page.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    if (!why.includes('ERR_ABORTED')) console.error(`[browser] ${r.method()} ${r.url()} failed: ${why}`);
  });
  page.on('response', (r) => {
    if (r.status() >= 500) console.error(`[browser] ${r.request().method()} ${r.url()} answered ${r.status()}`);
  });
}

/** Waits until no request holds the full-screen overlay. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[data-testid="fetch-overlay"]')?.getAttribute('aria-hidden') !== 'false');
}

/**
 * Waits until every finite animation and transition on the page has finished (an entrance, a panel
 * sliding in), so a picture or a contrast check sees the final state; endless ones (a spinner) are
 * left running.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/**
 * Waits until the page has drawn twice more (so what a layout change set off, such as a card coming
 * near the screen and getting its frame, has happened) and every frame on it has loaded.
 */
export async function framesLoaded(page: Page): Promise<void> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await Promise.all(page.frames().map((frame) => frame.waitForLoadState('load')));
}

/**
 * Holds the page's clock (its timers and Date) where it is, so the test moves time itself with
 * `page.clock.runFor(ms)` rather than waiting it out; `page.clock.resume()` lets it run again.
 */
export async function holdClock(page: Page): Promise<void> {
  await page.clock.install();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/** On a held clock: what `locator` finds stays while `ms` pass, less a tenth of a second, and is gone a little after. */
export async function staysFor(page: Page, locator: Locator, ms: number): Promise<void> {
  await locator.waitFor();
  await page.clock.runFor(ms - 100);
  expect(await locator.count(), `shown ${ms - 100} ms on`).toBeGreaterThan(0);
  await page.clock.runFor(200);
  await locator.waitFor({ state: 'detached' });
}

/**
 * Runs axe on the screen as it is and fails on any serious or critical violation; then saves a
 * screenshot to tests/.tmp/screenshots/<screen>.png for a person to look at: the full page, or only
 * the viewport for a dialog (a fixed overlay covers the viewport, not the whole page).
 */
/**
 * axe for a page, keeping only the violations: the passes and the rules that did not apply are not
 * collected, which is most of what an analysis costs on a large screen. It runs in the page itself
 * (`setLegacyMode`): the default mode finishes every analysis in a new blank tab of the context, with
 * axe injected again there, which made an analysis 2.2 s on average on the 2-core machine against
 * 1.45 s (22 analyses of the navigator and sites suites: 48 s → 32 s). What legacy mode leaves out is
 * cross-origin frames, and the only ones on the product's screens are the user's site (the sandboxed
 * canvas, excluded anyway, and previews).
 */
export function axeOf(page: Page): AxeBuilder {
  return new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
}

export async function checkScreen(
  page: Page,
  screen: string,
  {
    fullPage = true,
    settle = true,
    exclude = [],
  }: {
    fullPage?: boolean;
    settle?: boolean;
    /** Parts that are not the product's screen (the editor's canvas shows the user's own site). */
    exclude?: string[];
  } = {},
): Promise<void> {
  if (settle) await settled(page);
  // Let entrance animations finish so the picture and the contrast check see the final state.
  await animationsDone(page);
  let axe = axeOf(page);
  for (const selector of exclude) axe = axe.exclude(selector);
  const results = await axe.analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, `axe on ${screen}`).toEqual([]);
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // A sticky header would be pictured wherever the page happens to be scrolled.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${screen}.png`), fullPage });
}

/**
 * Whether the suites save screenshots for a person to look at: everywhere but CI, where no one looks
 * at them and a full-page picture costs the shared 2-core machine time (PW_SCREENSHOTS=1 keeps them).
 */
export const TAKE_SCREENSHOTS = !process.env.CI || process.env.PW_SCREENSHOTS === '1';

/** Saves a screenshot of the page for a person to look at (see TAKE_SCREENSHOTS). */
export async function screenshot(page: Page, file: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, ...options });
}

/** What the web app keeps in localStorage for a signed-in user (its persisted store). */
const stored = (token: string) => JSON.stringify({ state: { token, sidebars: {} }, version: 1 });

/**
 * A browser context's starting storage as if the user had signed in earlier: the first page it opens
 * is already signed in, with no load of the sign-in screen first.
 */
export function signedIn(baseURL: string, token: string) {
  return { cookies: [], origins: [{ origin: new URL(baseURL).origin, localStorage: [{ name: 'pagewright', value: stored(token) }] }] };
}

/** Puts a session token where the web app keeps it, as if the user had signed in earlier. */
export async function useToken(page: Page, token: string): Promise<void> {
  // On a same-origin page that runs no app: the app saves its whole store on every change, so a token
  // put in while it runs could be written over by a late answer (the instance's configuration).
  await page.goto('/api/health');
  await page.evaluate((value) => localStorage.setItem('pagewright', value), stored(token));
}

export async function pathOf(page: Page, expected: string | RegExp): Promise<string> {
  await page.waitForURL((url) => (typeof expected === 'string' ? url.pathname === expected : expected.test(url.pathname)));
  return new URL(page.url()).pathname;
}

/** The text beside a field (its error or hint), found through aria-describedby. */
export async function fieldMessage(page: Page, label: string): Promise<string> {
  // Read in one step in the page, so a message that changes meanwhile cannot leave a dangling id.
  return page.getByLabel(label, { exact: true }).evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.innerText ?? '')
      .join(' '),
  );
}

export async function isInvalid(page: Page, label: string): Promise<boolean> {
  return (await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid')) === 'true';
}

/** A fresh browser context signed in with the token, on the path. */
export async function openAs(
  browser: Browser,
  baseURL: string,
  token: string,
  target = '/',
  viewport?: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseURL, viewport, token);
  await opened.page.goto(target);
  // Past the first-load session check (the shell's layers render after it), then idle.
  await opened.page.getByTestId('fetch-overlay').waitFor({ state: 'attached' });
  await settled(opened.page);
  return opened;
}

/** The text of the red error toast, once it shows. */
export async function toastText(page: Page): Promise<string> {
  const toast = page.getByTestId('error-toast');
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s*\(click to dismiss\)\s*$/, '').trim();
}

/** Waits until the text beside a field is the expected one (answers from the server take a moment). */
export async function fieldSays(page: Page, label: string, text: string): Promise<void> {
  await expect.poll(() => fieldMessage(page, label), { timeout: 10_000 }).toBe(text);
}

/**
 * Where a download's file is, saved to a temporary folder: the suites drive a shared Chromium over
 * its connection, where a download has no local path of its own until it is saved.
 */
export async function savedDownload(download: Download): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-download-')), download.suggestedFilename());
  await download.saveAs(file);
  return file;
}
