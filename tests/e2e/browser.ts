import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Helpers shared by the browser suites: the system Chromium, axe checks and screenshots. */

const SCREENSHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../.tmp/screenshots');

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1280, height: 860 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport, locale: 'en-US', timezoneId: 'Europe/Helsinki' });
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
 * Runs axe on the screen as it is and fails on any serious or critical violation; then saves a
 * screenshot to tests/.tmp/screenshots/<screen>.png for a person to look at: the full page, or only
 * the viewport for a dialog (a fixed overlay covers the viewport, not the whole page).
 */
export async function checkScreen(
  page: Page,
  screen: string,
  { fullPage = true, settle = true }: { fullPage?: boolean; settle?: boolean } = {},
): Promise<void> {
  if (settle) await settled(page);
  // Let entrance animations finish so the picture and the contrast check see the final state.
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = bad.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, `axe on ${screen}`).toEqual([]);
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  // A sticky header would be pictured wherever the page happens to be scrolled.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOTS, `${screen}.png`), fullPage });
}

/** Puts a session token where the web app keeps it, as if the user had signed in earlier. */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.goto('/auth/login');
  await page.evaluate((t) => localStorage.setItem('pagewright', JSON.stringify({ state: { token: t, sidebars: {} }, version: 1 })), token);
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
  const opened = await newPage(browser, baseURL, viewport);
  await useToken(opened.page, token);
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
