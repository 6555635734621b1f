import fs from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/oauthServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { readZip } from '../support/zip.js';
import { fixtures } from '../support/files.js';
import { checkScreen, launch, newPage, pathOf, savedDownload, settled, toastText } from './browser.js';
import { domain, setPlan } from './settings.js';

/**
 * Issue 28: the app works at whatever address it is reached. The server's PUBLIC_URL names
 * `localhost` on a port where nothing listens (what leaves the browser: mail, webhooks, OAuth and
 * Stripe redirects); the browser opens the app at `127.0.0.1`. A new user signs up, creates a site
 * from every template, downloads each as a zip, previews each, uploads a file and opens a file of the
 * compiled site by its view link: nothing in the journey fails, and the console stays clean.
 */

let t: TestServer;
let browser: Browser;
let app: string;
let publicUrl: string;

beforeAll(async () => {
  publicUrl = `http://localhost:${await freePort()}`;
  t = await startTestServer({ PUBLIC_URL: publicUrl });
  app = t.url.replace('://localhost:', '://127.0.0.1:');
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/**
 * Everything that goes wrong in any tab or frame of the context: console errors and warnings (a
 * blocked request, a header the browser refuses, a script error) and requests that fail. A request
 * the app cancels itself (leaving a screen while it loads) is not a failure.
 */
function problemsOf(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()} on ${m.page()?.url()}: ${m.text()}`);
  });
  context.on('weberror', (e) => problems.push(`uncaught on ${e.page()?.url()}: ${e.error().message}`));
  context.on('requestfailed', (r) => {
    const why = r.failure()?.errorText ?? '';
    if (why !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.method()} ${r.url()} ${why}`);
  });
  return problems;
}

async function signUp(page: Page, name: string, email: string) {
  await page.goto('/auth/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill('analytical engine');
  await page.getByLabel('I accept the terms of service').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await pathOf(page, '/');
  await page.getByRole('heading', { name: 'No sites yet' }).waitFor();
}

async function createFrom(page: Page, templateId: string, name: string): Promise<string> {
  await page.goto(`/create/templates/${templateId}`);
  await page.getByRole('button', { name: 'Use this template' }).click();
  const form = page.getByTestId('create-site-form');
  const siteId = domain(templateId);
  await page.getByLabel('Site name').fill(name);
  await page.getByLabel('Domain').fill(siteId);
  await form.getByText('Available').waitFor();
  await page.getByRole('button', { name: 'Create site' }).click();
  await pathOf(page, `/sites/${siteId}/pages`);
  await page.frameLocator('iframe[title="Canvas"]').locator('h1').first().waitFor();
  await settled(page);
  return siteId;
}

/** Publish → Download zip: the zip saved, with the site's home page in it. */
async function downloadZip(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download zip' }).click();
  const zip = await download;
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  const files = await readZip(fs.readFileSync(await savedDownload(zip)));
  expect(files.get('index.html')?.toString()).toMatch(/^<!doctype html>/i);
}

/** Preview: the site opens in a new tab at the address the app is at, its home page shown. */
async function preview(context: BrowserContext, page: Page) {
  const opened = context.waitForEvent('page');
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const tab = await opened;
  await tab.waitForURL((url) => url.pathname.includes('/view/'));
  expect(new URL(tab.url()).origin).toBe(app);
  await tab.waitForLoadState('load');
  await tab.locator('h1').first().waitFor();
  await tab.close();
}

describe('the app at an address other than its PUBLIC_URL', () => {
  // The whole journey, four templates each created, downloaded and previewed: minutes on a busy machine, not 20 s.
  it(
    'signs up, creates from every template, downloads, previews, uploads and opens a view link without a failure',
    { timeout: 240_000 },
    async () => {
      const { context, page } = await newPage(browser, app);
      const problems = problemsOf(context);
      try {
        await signUp(page, 'Ada Anywhere', 'ada@anywhere.example');
        const user = await t.pw.deps.db('users').where({ email: 'ada@anywhere.example' }).first('id');
        // A site of every template: more sites than the free plan holds.
        await setPlan(t, Number(user.id), 3);

        const { data: templates } = await t.client().GET('/templates');
        expect(templates!.length).toBeGreaterThan(1);
        const sites: string[] = [];
        for (const template of templates!) {
          const siteId = await createFrom(page, template.id, `${template.name} anywhere`);
          sites.push(siteId);
          await downloadZip(page);
          await preview(context, page);
        }

        // An upload in the asset library, its picture then served to the library.
        const siteId = sites[0]!;
        await page.goto(`/sites/${siteId}/assets`);
        await page.getByTestId('assets-skeleton').waitFor({ state: 'detached' });
        await page.getByRole('button', { name: 'Upload', exact: true }).click();
        await page
          .getByTestId('upload-input')
          .setInputFiles([{ name: 'harbour.png', mimeType: 'image/png', buffer: await fixtures.png(120, 80) }]);
        const tile = page.getByTestId('asset').and(page.locator('[data-name="harbour.png"]'));
        await expect.poll(() => tile.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

        // A file of the compiled site, read by its view link, then opened in a tab of its own.
        await page.getByRole('button', { name: 'Publish', exact: true }).click();
        await page.getByRole('link', { name: 'Compiled files' }).click();
        await pathOf(page, `/sites/${siteId}/compiled`);
        await page.getByRole('navigation', { name: 'Generated files' }).locator('[data-path="index.html"]').click();
        await page.getByTestId('file-text').getByText('<!doctype html', { exact: false }).first().waitFor();
        await checkScreen(page, 'any-address-compiled', { fullPage: false });
        const opened = context.waitForEvent('page');
        await page.getByRole('link', { name: 'Open' }).click();
        const tab = await opened;
        await tab.waitForLoadState('load');
        expect(new URL(tab.url()).origin).toBe(app);
        await tab.locator('h1').first().waitFor();
        await tab.close();
        expect(problems).toEqual([]);
      } finally {
        await context.close();
      }
    },
  );

  it('says so in the app when a download or a preview fails', async () => {
    const { context, page } = await newPage(browser, app);
    try {
      await signUp(page, 'Flo Failure', 'flo@anywhere.example');
      const siteId = await createFrom(page, 'launch', 'Failing download');
      await page.route('**/export/**', (route) => route.abort('connectionrefused'));
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      await page.getByRole('button', { name: 'Download zip' }).click();
      expect(await toastText(page)).toBe('The download failed');
      await page.getByTestId('error-toast').click();
      await page.getByTestId('error-toast').waitFor({ state: 'detached' });

      await page.route('**/view', (route) =>
        route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Server error', status: 503, code: 'X' }),
        }),
      );
      const tabs = context.pages().length;
      await page.getByRole('button', { name: 'Preview', exact: true }).click();
      expect(await toastText(page)).toBe('Server error (503)');
      // The tab opened for the preview is closed again.
      await expect.poll(() => context.pages().length).toBe(tabs);
      await pathOf(page, `/sites/${siteId}/pages`);
    } finally {
      await context.close();
    }
  });
});
