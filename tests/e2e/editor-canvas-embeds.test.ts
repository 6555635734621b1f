import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { launch, openAs, settled } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/**
 * Issue 29 point 4: a page's embeds show in the editor's canvas as on the published site. No internet
 * here: the players are a local server's pages (YouTube's player address is answered by it too).
 */

let t: TestServer;
let browser: Browser;
let user: User;
let siteId: string;
let page: Page;
let frame: Frame;
let players: http.Server;
let playersUrl: string;
const asked: string[] = [];

const CANVAS = 'iframe[title="Canvas"]';
const VIDEO_ID = 'dQw4w9WgXcQ';

beforeAll(async () => {
  players = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><body style="margin:0;background:#111;color:#fff"><p>Player of ${req.url}</p></body></html>`);
  });
  await new Promise<void>((resolve) => players.listen(0, '127.0.0.1', resolve));
  playersUrl = `http://127.0.0.1:${(players.address() as AddressInfo).port}`;

  t = await startTestServer();
  ({ user, siteId } = await ownerWithSite(t, { templateId: 'launch' }));
  const add = async (type: 'iframe' | 'youtube', data: Record<string, unknown>) => {
    const { data: added } = await user.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId } },
      body: { toContainer: 'features.content', type },
    });
    await user.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: added!.id } },
      body: { data },
    });
  };
  // YouTube's own component, its player loaded with the page; an iframe of a video page; one of the editor's own address.
  await add('youtube', { value: VIDEO_ID, loading: 'lazy', title: 'YouTube video' });
  await add('iframe', { src: `${playersUrl}/embed/local-video`, title: 'Local video', width: 560, height: 315 });
  await add('iframe', { src: `${t.url}/sites`, title: 'Editor page', width: 400, height: 200 });

  browser = await launch();
  ({ page } = await openAs(browser, t.url, user.session.token, '/', { width: 1600, height: 1000 }));
  // YouTube's player address, answered by the local server (the canvas's nested frames go through the same context).
  await page
    .context()
    .route('https://www.youtube-nocookie.com/**', async (route) =>
      route.fulfill({ response: await route.fetch({ url: `${playersUrl}${new URL(route.request().url()).pathname}` }) }),
    );
  await page.goto(`/sites/${siteId}/pages`);
  await page.frameLocator(CANVAS).locator('iframe[title="Local video"]').waitFor();
  await settled(page);
  frame = (await (await page.locator(CANVAS).elementHandle()).contentFrame())!;
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  players?.close();
});

/** An embed's box in the canvas page, in CSS px of the page. */
const boxOf = (title: string) =>
  frame.locator(`iframe[title="${title}"]`).evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    const r = el.getBoundingClientRect();
    return { width: Math.round(r.width), height: Math.round(r.height) };
  });

/** The frame an embed loaded, found by what it shows. */
async function embedded(text: string): Promise<Frame> {
  let found: Frame | undefined;
  const shows = async () => {
    for (const child of frame.childFrames()) {
      if (
        (
          await child
            .locator('body')
            .textContent({ timeout: 1000 })
            .catch(() => '')
        )?.includes(text)
      )
        found = child;
    }
    return found !== undefined;
  };
  await expect.poll(shows, { timeout: 30_000 }).toBe(true);
  return found!;
}

describe('embeds in the canvas', () => {
  it('a YouTube player and an iframe of another host load in the canvas, at the size the published page gives them', async () => {
    // Lazily loaded, as on the site: they load once scrolled near.
    await boxOf('YouTube video');
    const video = await embedded(`Player of /embed/${VIDEO_ID}`);
    expect(video.url()).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    await boxOf('Local video');
    await embedded('Player of /embed/local-video');
    expect(asked).toEqual(expect.arrayContaining([`/embed/${VIDEO_ID}`, '/embed/local-video']));
    expect(await boxOf('Local video')).toEqual({ width: 560, height: 315 });

    // The published home page at the canvas's width gives the player the same box.
    const canvasVideo = await boxOf('YouTube video');
    expect(canvasVideo.width).toBeGreaterThan(300);
    const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
    const { files } = await compileSite(doc, { siteId });
    const context = await browser.newContext({ viewport: { width: await frame.evaluate(() => innerWidth), height: 900 } });
    await context.route('http://site.test/**', (route) => {
      const name = decodeURIComponent(new URL(route.request().url()).pathname.slice(1)) || 'index.html';
      const body = files.get(name);
      if (body === undefined) return route.fulfill({ status: 404 });
      return route.fulfill({
        status: 200,
        contentType: name.endsWith('.css') ? 'text/css' : 'text/html',
        body: typeof body === 'string' ? body : Buffer.from(body),
      });
    });
    const site = await context.newPage();
    await site.goto('http://site.test/');
    const siteVideo = await site.locator('iframe[title="YouTube video"]').evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { width: Math.round(r.width), height: Math.round(r.height) };
    });
    expect(siteVideo).toEqual(canvasVideo);
    await context.close();
  });

  it('a host that must stay blocked (the editor’s own address) shows a labelled placeholder of the embed’s size', async () => {
    await boxOf('Editor page');
    const placeholder = await embedded('shows on the published site, not in the editor');
    expect(await placeholder.locator('body').textContent()).toBe(
      `Embedded content from ${new URL(t.url).host} shows on the published site, not in the editor.`,
    );
    expect(await boxOf('Editor page')).toEqual({ width: 400, height: 200 });
  });
});
