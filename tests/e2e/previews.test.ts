import fs from 'node:fs';
import { parse } from 'node-html-parser';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, framesLoaded, launch, openAs, settled, axeOf } from './browser.js';

// Real previews in the app (issue 19, item 6): the gallery's Preview shows the template's real
// pages; home cards show a thumbnail of the site's own home page, refreshed after it changes.

const SHOTS = '/tmp/shots-previews';
let t: TestServer;
let browser: Browser;

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

let n = 0;
const domain = () => `previews-${++n}-${Date.now().toString(36)}.example.com`;

/** The first heading of a template page as the server renders it. */
async function templateHeading(templateId: string, pageId: string): Promise<string> {
  const html = await (await fetch(`${t.url}/api/templates/${templateId}/pages/${pageId}/preview`)).text();
  return parse(html).querySelector('main h1, main h2')!.textContent.trim();
}

/** The frame's first heading, once the frame's document has one. */
async function frameHeading(frame: Frame): Promise<string> {
  const heading = frame.locator('main h1, main h2').first();
  await heading.waitFor();
  return (await heading.innerText()).trim();
}

/**
 * axe on the app's screen, without the previews' frames: their documents run no script (sandbox=""),
 * so axe cannot run inside them; the template pages themselves are checked by visitors-templates.
 */
async function checkApp(page: Page, screen: string): Promise<void> {
  await settled(page);
  await animationsDone(page);
  const results = await axeOf(page).exclude('iframe').analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
}

const frameOf = async (page: Page, selector: string): Promise<Frame> => {
  const handle = await page.locator(selector).elementHandle();
  const frame = await handle.contentFrame();
  return frame!;
};

describe('the template gallery Preview', () => {
  it('shows the real template pages, switches pages, and narrows to a phone width', async () => {
    const user = await t.signup('Gallery Guest');
    const { context, page } = await openAs(browser, t.url, user.session.token, '/create');
    page.setDefaultTimeout(20_000);
    const home = await templateHeading('bistro', 'home');
    // The gallery's cards: each template's own home page, small.
    const card = page.getByTestId('template-card').filter({ hasText: 'Bistro' });
    const cardFrame = await (await card.locator('iframe').elementHandle()).contentFrame();
    expect(await frameHeading(cardFrame!)).toBe(home);
    await framesLoaded(page);
    await checkApp(page, 'previews-gallery');
    await page.screenshot({ path: `${SHOTS}/gallery.png` });

    await card.getByRole('link', { name: 'Bistro' }).click();
    await page.getByRole('button', { name: 'Preview' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bistro preview' });
    await dialog.waitFor();

    const menu = await templateHeading('bistro', 'menu');
    expect(home).not.toBe(menu);
    const frameEl = dialog.getByTestId('template-preview-frame');
    expect(await frameEl.getAttribute('sandbox')).toBe('');
    expect(await frameHeading(await frameOf(page, '[data-testid="template-preview-frame"]'))).toBe(home);
    expect(await dialog.getByRole('button', { name: 'Home' }).getAttribute('aria-pressed')).toBe('true');
    await animationsDone(page);
    await page.screenshot({ path: `${SHOTS}/gallery-preview-desktop.png` });

    await dialog.getByRole('button', { name: 'Menu' }).click();
    await expect.poll(async () => frameHeading(await frameOf(page, '[data-testid="template-preview-frame"]'))).toBe(menu);
    expect(await dialog.getByRole('button', { name: 'Menu' }).getAttribute('aria-pressed')).toBe('true');

    const desktopWidth = (await frameEl.boundingBox())!.width;
    await dialog.getByRole('button', { name: 'Phone' }).click();
    await expect.poll(async () => (await frameEl.boundingBox())!.width).toBe(390);
    expect(desktopWidth).toBeGreaterThan(800);
    // The page lays itself out for the phone: its document is that narrow too.
    const frame = await frameOf(page, '[data-testid="template-preview-frame"]');
    await frameHeading(frame);
    expect(await frame.evaluate(() => document.documentElement.clientWidth)).toBeLessThanOrEqual(390);
    await checkApp(page, 'previews-gallery-phone');
    await page.screenshot({ path: `${SHOTS}/gallery-preview-phone.png` });
    await context.close();
  });
});

describe('the template gallery cards', () => {
  it('load a template page only for the cards near the screen', async () => {
    const user = await t.signup('Phone Browser');
    const { context, page } = await openAs(browser, t.url, user.session.token, '/', { width: 390, height: 700 });
    const requested: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/templates\/[^/]+\/pages\/home\/preview$/.test(r.url())) requested.push(r.url());
    });
    await page.getByRole('link', { name: 'Create', exact: true }).first().click();
    const cards = page.getByTestId('template-card');
    await cards.first().locator('iframe').waitFor();
    await framesLoaded(page);
    const count = await cards.count();
    expect(count).toBeGreaterThanOrEqual(4);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.length).toBeLessThan(count);
    // Each card still shows the template's drawn picture beneath, until (or if never) its frame paints.
    expect(await cards.last().locator('img').first().getAttribute('src')).toMatch(/\.svg$/);
    await cards.last().scrollIntoViewIfNeeded();
    await cards.last().locator('iframe').waitFor();
    expect(await cards.last().locator('iframe').getAttribute('sandbox')).toBe('');
    await context.close();
  });
});

describe('home card thumbnails', () => {
  it("show the site's real home page, and its new text after an edit", async () => {
    const user = await t.signup('Thumb Owner');
    const sites: { id: string; name: string }[] = [];
    for (const [name, templateId] of [
      ['Corner Bistro', 'bistro'],
      ['Studio Folio', 'folio'],
      ['Field Notes', 'journal'],
      ['Rocket Launch', 'launch'],
    ] as const) {
      const { data } = await user.api.POST('/sites', { body: { name, siteId: domain(), templateId } });
      sites.push(data!);
    }
    const site = sites[0]!;
    const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId: site.id }, query: { expand: 'all' } } });
    const nodes = Object.values(
      (data as unknown as { nodes: Record<string, { id: string; type: string; data: Record<string, unknown> }> }).nodes,
    );
    const heading = nodes.find((node) => node.type === 'heading' && node.data['_options.tag'] === 'h1')!;
    const preview = await user.api.GET('/sites/{siteId}/preview', {
      params: { path: { siteId: site.id }, query: { preview: 'home,light' } },
    });
    const before = parse(preview.data!.preview.html!).querySelector('h1')!.textContent;

    const { context, page } = await openAs(browser, t.url, user.session.token, '/');
    const card = page.getByTestId('site-card').filter({ hasText: 'Corner Bistro' });
    const thumbnailText = async () => {
      const frame = await (await card.locator('iframe').elementHandle()).contentFrame();
      return (await frame!.locator('h1').first().innerText()).trim();
    };
    await card.locator('iframe').waitFor();
    expect(await card.locator('iframe').getAttribute('sandbox')).toBe('');
    expect(await thumbnailText()).toBe(before.trim());
    await framesLoaded(page);
    await checkApp(page, 'previews-home');
    await page.screenshot({ path: `${SHOTS}/home-cards.png` });

    await user.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.id, componentId: heading.id } },
      body: { data: { value: 'Fresh from the harbour' } },
    });
    await page.reload();
    await card.locator('iframe').waitFor();
    await expect.poll(thumbnailText).toBe('Fresh from the harbour');
    await context.close();
  });

  it('loads no thumbnail for a card off the screen, and shows a tidy placeholder for a site that cannot be read', async () => {
    const user = await t.signup('Many Sites');
    // More sites than the free plan's limit.
    await t.pw.deps.db('subscriptions').where({ user_id: user.session.id }).update({ plan_id: 2 });
    for (let i = 0; i < 6; i++) await user.api.POST('/sites', { body: { name: `Site ${i + 1}`, siteId: domain(), templateId: 'launch' } });
    const { context, page } = await openAs(browser, t.url, user.session.token, '/', { width: 390, height: 700 });
    const requested: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/preview?preview=home')) requested.push(r.url());
    });
    await page.reload();
    await page.getByTestId('site-card').first().locator('iframe').waitFor();
    await framesLoaded(page);
    const cards = await page.getByTestId('site-card').count();
    expect(cards).toBe(6);
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.length).toBeLessThan(cards);
    // Scrolled to, the rest load.
    await page.getByTestId('site-card').last().scrollIntoViewIfNeeded();
    await page.getByTestId('site-card').last().locator('iframe').waitFor();
    await context.close();

    // A site that cannot be read: in the archive, its colours and initial, not an empty frame.
    const { data: quietSite } = await user.api.POST('/sites', { body: { name: 'Quiet', siteId: domain(), templateId: 'launch' } });
    await t.pw.deps.db('sites').where({ id: quietSite!.id }).update({ data: '{' });
    const again = await openAs(browser, t.url, user.session.token, '/archive');
    const quiet = again.page.getByRole('row').filter({ hasText: 'Quiet' });
    await quiet.locator('[data-thumbnail="empty"]').waitFor();
    expect(await quiet.locator('iframe').count()).toBe(0);
    const row = again.page.getByRole('row').filter({ hasText: 'Site 1' });
    await row.locator('iframe').waitFor();
    await framesLoaded(again.page);
    await checkApp(again.page, 'previews-archive');
    await again.page.screenshot({ path: `${SHOTS}/archive.png` });
    await again.context.close();
  });
});
