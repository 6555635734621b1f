import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, launch, openAs, settled, axeOf } from './browser.js';

/** Shared styles (spec 001 §2 design-styles): made from a component, edited once for every component that takes it, renamed, given an icon. */

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

const CANVAS = 'iframe[title="Canvas"]';
const SHOTS = '/tmp/shots-binding';
const HEADINGS = [1, 2, 3].map((n) => `features.card-${n}.heading`);

async function look(page: Page, screen: string) {
  await animationsDone(page);
  const results = await axeOf(page).exclude(CANVAS).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${screen}.png` });
}

/** The computed colour of each card heading on the canvas. */
const headingColors = (page: Page) =>
  Promise.all(
    HEADINGS.map((id) =>
      page
        .frameLocator(CANVAS)
        .locator(`[data-pw-id="${id}"]`)
        .evaluate((el) => getComputedStyle(el).color),
    ),
  );

describe('shared styles', () => {
  it('made from a component and taken by three, one edit of it changes all three on the canvas; renamed and given an icon', async () => {
    const site = await ownSite(t);
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/design-theme`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);

    // New shared style from the first card's heading: it opens, and the heading takes it.
    const menu = page.getByRole('navigation', { name: 'Design' });
    await menu.getByRole('button', { name: 'New shared style' }).click();
    const form = page.getByRole('form', { name: 'New shared style' });
    await form.getByLabel('From component on this page').selectOption(HEADINGS[0]!);
    await form.getByLabel('Name').fill('Card title');
    await look(page, 'shared-new');
    await form.getByRole('button', { name: 'Create style' }).click();
    await page.waitForURL((url) => url.pathname === `/sites/${site.siteId}/design-styles/card-title`);
    await page.getByRole('heading', { name: 'Card title' }).waitFor();
    expect((await site.doc()).nodes[HEADINGS[0]!]!.data.inherits).toBe('card-title');

    // The other two cards' headings take it too (as the inspector's "inherits" setting does).
    for (const id of HEADINGS.slice(1))
      await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
        params: { path: { siteId: site.siteId, componentId: id } },
        body: { data: { inherits: 'card-title' } },
      });
    await page.reload();
    await page.getByRole('heading', { name: 'Used by 3 components' }).waitFor();
    // The style's own preview: sample components of its type taking it, on the canvas.
    const sample = page.frameLocator(CANVAS).locator('[data-pw-id="pw-style-sample.heading"]');
    await sample.waitFor();
    expect(await page.frameLocator(CANVAS).locator('[data-pw-id="header"]').count()).toBe(0);
    const sampleBefore = await sample.evaluate((el) => getComputedStyle(el).color);

    // One edit of the style: its preview changes at once ...
    await page.getByLabel('New setting', { exact: true }).fill('textColor');
    await page.getByLabel('Classes of the new setting').fill('text-secondary-l11');
    await page.getByRole('button', { name: 'Add setting' }).click();
    await expect.poll(() => sample.evaluate((el) => getComputedStyle(el).color), { timeout: 10_000 }).not.toBe(sampleBefore);
    const styled = await sample.evaluate((el) => getComputedStyle(el).color);
    expect((await site.doc()).shared['card-title']!.style.textColor).toBe('text-secondary-l11');
    await look(page, 'shared-preview');
    // Rename in place (the id, and so the components' link to it, stays) and choose an icon.
    await page.getByRole('button', { name: 'Rename' }).click();
    const name = page.getByLabel('Style name');
    await name.fill('');
    await name.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'Name is required' }).count()).toBe(1);
    await name.fill('Feature title');
    await name.press('Enter');
    await page.getByRole('heading', { name: 'Feature title' }).waitFor();
    await expect.poll(() => menu.getByRole('link', { name: 'Feature title' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Icon' }).click();
    await look(page, 'shared-icon');
    await page.getByRole('radiogroup', { name: 'Style icon' }).getByRole('radio', { name: 'Heading' }).click();
    await expect.poll(async () => (await site.doc()).shared['card-title']).toMatchObject({ name: 'Feature title', icon: 'heading' });
    expect((await site.doc()).nodes[HEADINGS[1]!]!.data.inherits).toBe('card-title');
    await look(page, 'shared-edited');

    // ... and on the page, all three headings that take it show the colour.
    await menu.getByRole('link', { name: 'Pages' }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/sites/${site.siteId}/pages`));
    await page.frameLocator(CANVAS).locator(`[data-pw-id="${HEADINGS[2]}"]`).waitFor();
    await expect.poll(() => headingColors(page), { timeout: 10_000 }).toEqual([styled, styled, styled]);
    await context.close();
  });
});

describe('global variables', () => {
  it('sets the site name on the design-settings screen, and {site.name} on the canvas follows', async () => {
    const site = await ownSite(t);
    const { context, page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/design-settings`, {
      width: 1440,
      height: 900,
    });
    const logo = page.frameLocator(CANVAS).locator('[data-pw-id="header.logo"]');
    await logo.waitFor();
    await settled(page);
    expect((await logo.innerText()).trim()).toBe('Test Site');
    const variables = page.getByRole('region', { name: 'Site variables' });
    await variables.scrollIntoViewIfNeeded();
    const name = variables.getByLabel('Name', { exact: true });
    await name.fill('Aalto Bakery');
    await name.press('Enter');
    await expect.poll(async () => (await logo.innerText()).trim(), { timeout: 10_000 }).toBe('Aalto Bakery');
    expect((await site.doc()).globals.site.name).toBe('Aalto Bakery');
    // The test site's plan has no legal feature: its variables are not offered.
    expect(await page.getByRole('region', { name: 'Legal variables' }).count()).toBe(0);
    await look(page, 'global-variables');
    await context.close();
  });
});
