import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Node } from '../../server/src/model/document.js';
import { ownSite } from '../support/editor.js';
import { fixtures, multipart } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { makeSiteDoc } from '../support/siteDoc.js';
import { basic } from '../support/team.js';
import { launch, newPage } from './browser.js';

/**
 * The editor's "Preview" tab in a real browser: the site view is served under the app's origin with
 * `Content-Security-Policy: sandbox …` (no allow-same-origin). Its pages must still load their
 * stylesheet and pictures, run their scripts, and navigate between pages inside the tab, while those
 * scripts see an opaque origin: no access to the app's local storage (where the session lives).
 */

let t: TestServer;
let browser: Browser;
beforeAll(async () => {
  t = await startTestServer();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const node = (id: string, type: Node['type'], data: Record<string, unknown>): Node => ({ id, type, data, style: {}, children: [] });

describe('the site view in the browser', () => {
  it('loads the CSS and pictures, runs the site scripts in an opaque origin, and follows links between pages inside the tab', async () => {
    const doc = makeSiteDoc({ languages: ['en', 'fi'] });
    doc.nodes.header!.children.push('header.about');
    doc.nodes['header.about'] = node('header.about', 'link', { value: 'About', _action: 'page', _target: 'about' });
    doc.nodes.hero!.children.push('hero.picture');
    doc.nodes['hero.picture'] = node('hero.picture', 'image', { value: 'photo.png', alt: 'A photo', '_options.loading': 'eager' });
    // What a page script may try: read the app's storage. In the sandbox it cannot.
    doc.settings.code = {
      bodyEnd:
        '<script>let s;try{s=String(localStorage.length)}catch(e){s="blocked:"+e.name}document.body.dataset.storage=s;document.body.dataset.origin=String(origin)</script>',
    };
    const site = await ownSite(t, doc);
    const { body, contentType } = multipart([{ field: 'file0', filename: 'photo.png', data: await fixtures.png(1600, 900) }]);
    const uploaded = await fetch(`${t.url}/api/sites/${site.siteId}/files`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: basic(site.token) },
      body,
    });
    expect(uploaded.status).toBe(201);
    const { data } = await site.api.POST('/sites/{siteId}/view', { params: { path: { siteId: site.siteId } } });
    const link = data!.url.replace(t.pw.deps.config.publicUrl, t.url);

    const { context, page } = await newPage(browser, t.url);
    try {
      // The app's own origin keeps a session in local storage, as the web app does.
      await page.goto(`${t.url}/api/health`);
      await page.evaluate(() => localStorage.setItem('pagewright', 'secret-session'));
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
      page.on('response', (r) => {
        if (r.url().startsWith(t.url) && r.status() >= 400) failed.push(`${r.url()} ${r.status()}`);
      });

      await page.goto(link);
      await page.waitForLoadState('load');
      // The stylesheet applied (its rules are another origin's to the sandboxed page, so read the effect):
      // the hero title is `text-4xl md:text-6xl`, 60 px at this width, not the browser's 32 px.
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1')!).fontSize)).toBe('60px');
      // The picture loaded (from the view, through its srcset).
      await page.waitForFunction(() => (document.querySelector<HTMLImageElement>('img[alt="A photo"]')?.naturalWidth ?? 0) > 0);
      // The page's script ran, in an opaque origin without the app's storage.
      expect(await page.evaluate(() => document.body.dataset.origin)).toBe('null');
      expect(await page.evaluate(() => document.body.dataset.storage)).toMatch(/^blocked:/);

      await page.getByRole('link', { name: 'About' }).first().click();
      await page.waitForURL(`${link}about/`);
      expect(await page.locator('h1').first().textContent()).toBe('About us');
      expect(await page.evaluate(() => document.body.dataset.storage)).toMatch(/^blocked:/);
      expect(failed.filter((f) => f.startsWith(t.url))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
