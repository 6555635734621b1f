import fs from 'node:fs';
import type { PagewrightClient } from '@pagewright/sdk';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../../support/files.js';
import { startTestServer, type TestServer } from '../../support/server.js';
import { launch, openAs, newPage } from '../browser.js';

/**
 * Issue 26, "what you set is what you publish": on a fresh Bistro site the owner selects a section on
 * the canvas, gives it a background image through the inspector's image picker, and a visitor of the
 * compiled site sees that picture behind the section.
 */

const SHOTS = '/tmp/shots-section-background';
const CANVAS = 'iframe[title="Canvas"]';

let t: TestServer;
let browser: Browser;
let page: Page;
let siteId: string;
let owner: PagewrightClient;

beforeAll(async () => {
  t = await startTestServer();
  browser = await launch();
  const { api, session } = await t.signup('Baker');
  siteId = `bakery-${Date.now().toString(36)}.example.com`;
  const { error } = await api.POST('/sites', { body: { name: 'Bakery', siteId, templateId: 'bistro' } });
  if (error) throw new Error(JSON.stringify(error));
  owner = api;
  ({ page } = await openAs(browser, t.url, session.token, `/sites/${siteId}/pages`, { width: 1600, height: 1000 }));
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

describe('a section background image', () => {
  it('is picked on the canvas and in the inspector, and shows in the compiled page', async () => {
    const canvas = page.frameLocator(CANVAS);
    const section = canvas.locator('[data-pw-id="story"]').first();
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    // A click in the section's own padding (its top left corner) selects the section itself.
    await section.click({ position: { x: 6, y: 6 } });
    await page.getByRole('tab', { name: 'Style' }).click();
    const pick = page.getByRole('button', { name: 'Image: select image' });
    await pick.scrollIntoViewIfNeeded();
    await pick.click();
    const dialog = page.getByRole('dialog', { name: 'Select image' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog
      .getByLabel('File to upload')
      .setInputFiles({ name: 'loaves.png', mimeType: 'image/png', buffer: await fixtures.png(1600, 900) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    // The upload is chosen and the picker closes (spec 001 §4 "Image picker").
    await dialog.waitFor({ state: 'hidden' });
    // The canvas shows the picture behind the section.
    await expect.poll(() => section.evaluate((el) => getComputedStyle(el).backgroundImage), { timeout: 20_000 }).toContain('loaves.png');
    await page.screenshot({ path: `${SHOTS}/editor.png` });

    // The compiled site, as a visitor opens it.
    const { data } = await owner.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
    const link = data!.url.replace(t.pw.deps.config.publicUrl, t.url);
    const visitor = await newPage(browser, t.url, { width: 1280, height: 900 });
    try {
      await visitor.page.goto(link);
      await visitor.page.waitForLoadState('load');
      const story = visitor.page.locator('section', { hasText: 'A small kitchen with a big respect for ingredients' }).first();
      await story.scrollIntoViewIfNeeded();
      const background = await story.evaluate((el) => getComputedStyle(el).backgroundImage);
      const src = /url\("?([^")]+)"?\)/.exec(background)?.[1];
      expect(src, background).toBeTruthy();
      // The picture the section names answers, and the browser draws it.
      const address = new URL(src!, link).toString();
      const answer = await fetch(address);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^image\//);
      const naturalWidth = await visitor.page.evaluate(
        (at) =>
          new Promise<number>((resolve) => {
            const image = new Image();
            image.onload = () => resolve(image.naturalWidth);
            image.onerror = () => resolve(0);
            image.src = at;
          }),
        address,
      );
      expect(naturalWidth).toBeGreaterThan(0);
      await story.screenshot({ path: `${SHOTS}/compiled-section.png` });
    } finally {
      await visitor.context.close();
    }
  });
});
