import type { Browser } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, launch, openAs, useToken } from './browser.js';

/** What a user of the app itself sees (issue 19 item 7): the greeting, the app's own font, its first frame. */

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

describe('the app', () => {
  it('welcomes a brand-new account, and welcomes back one that has a site', async () => {
    const user = await t.signup('Nora Newcomer');
    const fresh = await openAs(browser, t.url, user.session.token, '/');
    await fresh.page.getByRole('heading', { name: 'Welcome, Nora' }).waitFor();
    expect(await fresh.page.getByText('Welcome back').count()).toBe(0);
    await fresh.context.close();

    await user.api.POST('/sites', {
      body: { name: 'Nora bakes', siteId: `nora-${Date.now().toString(36)}.example.com`, templateId: 'launch' },
    });
    const again = await openAs(browser, t.url, user.session.token, '/');
    await again.page.getByRole('heading', { name: 'Welcome back, Nora' }).waitFor();
    await again.context.close();
  });

  it('draws its text in Inter, served by the app itself', async () => {
    const user = await t.signup('Ines Inter');
    const { context, page } = await openAs(browser, t.url, user.session.token, '/');
    await page.evaluate(() => document.fonts.ready);
    const inter = await page.evaluate(
      () => [...document.fonts].filter((f) => f.family.replace(/"/g, '') === 'Inter' && f.status === 'loaded').length,
    );
    expect(inter).toBeGreaterThanOrEqual(1);
    const fontRequests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((n) => /\.woff2?(\?|$)/.test(n)),
    );
    expect(fontRequests.length).toBeGreaterThanOrEqual(1);
    for (const url of fontRequests) expect(new URL(url).origin).toBe(new URL(t.url).origin);
    await context.close();
  });

  it('shows its frame before any script has run', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(t.url);
    expect(await page.locator('#root').innerText()).toContain('Pagewright');
    const height = await page.evaluate(() => (document.querySelector('#root > div') as HTMLElement).getBoundingClientRect().height);
    expect(height).toBeGreaterThanOrEqual(800);
    await context.close();
  });

  it('keeps that frame while a screen opened by its address loads its code, with no router warning', async () => {
    const user = await t.signup('Frida Frame');
    const warnings: string[] = [];
    const context = await browser.newContext({ baseURL: t.url, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('console', (m) => {
      if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
    });
    // The account page's code is its own chunk: hold it back to see what shows meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/Profile-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await useToken(page, user.session.token);
    await page.goto('/user/profile');
    await expect.poll(() => page.locator('#root').innerText()).toBe('Pagewright');
    expect(
      await page.evaluate(() => (document.querySelector('#root > div') as HTMLElement).getBoundingClientRect().height),
    ).toBeGreaterThanOrEqual(800);
    release();
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(warnings.filter((w) => /HydrateFallback|hydrateFallbackElement/.test(w))).toEqual([]);
    await context.close();
  });

  it('create, home and plans name every control with its visible text (axe label-content-name-mismatch)', async () => {
    const user = await t.signup('Axel Axe');
    await user.api.POST('/sites', {
      body: { name: 'Axel site', siteId: `axel-${Date.now().toString(36)}.example.com`, templateId: 'launch' },
    });
    for (const path of ['/', '/create', '/user/plans']) {
      const { context, page } = await openAs(browser, t.url, user.session.token, path);
      await animationsDone(page);
      const results = await new AxeBuilder({ page })
        .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
        .analyze();
      const mismatch = results.violations.filter((v) => v.id === 'label-content-name-mismatch');
      expect(mismatch.flatMap((v) => v.nodes.map((n) => `${path}: ${n.target.join(' ')} ${n.html.slice(0, 160)}`))).toEqual([]);
      await context.close();
    }
  });
});
