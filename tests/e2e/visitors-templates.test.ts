import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { pageVersions } from '../../server/src/render/compile.js';
import { pageFile } from '../../server/src/render/urls.js';
import { findTemplate, siteFromTemplate, templates } from '../../server/src/templates/catalog.js';
import { templatePictures } from '../../server/src/templates/assets.js';
import { launch, screenshot, axeOf } from './browser.js';

/**
 * Every template compiled as a visitor gets it (issue 19): each page valid HTML, no serious axe
 * violation, nothing loaded from another origin (fonts included), absolute alternates, a favicon,
 * minified CSS, and a phone menu that opens without JavaScript. Screenshots at 390 and 1440 px go
 * to /tmp/shots-visitors for a person to look at.
 */

const run = promisify(execFile);
const vnu = path.resolve('node_modules/vnu-jar/build/dist/vnu.jar');
const SHOTS = '/tmp/shots-visitors';
/** The checker's CSS validator predates CSS browsers ship (`@property`, gradient interpolation, `margin-trim`); the CSS is Tailwind's output. */
const CHECKER_TOO_OLD = /^CSS: /;

interface Built {
  id: string;
  dir: string;
  /** One address per page of the site (its first version), in the default language. */
  pages: string[];
  /** Every HTML file, for the checker. */
  html: string[];
  languages: number;
}

let root: string;
let server: http.Server;
let base: string;
let browser: Browser;
const built: Built[] = [];

function serve(dir: string): Promise<http.Server> {
  const s = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    const type: Record<string, string> = {
      '.html': 'text/html; charset=utf-8',
      '.css': 'text/css',
      '.svg': 'image/svg+xml',
      '.woff2': 'font/woff2',
      '.webp': 'image/webp',
      '.png': 'image/png',
      '.jpg': 'image/jpeg',
      '.xml': 'application/xml',
      '.txt': 'text/plain',
    };
    res.writeHead(200, { 'content-type': type[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(s)));
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-visitors-'));
  server = await serve(root);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  for (const template of templates) {
    const seed = findTemplate(template.id)!;
    const doc = siteFromTemplate(seed, `${seed.name} Co`, seed.theme);
    doc.settings.compile = { ...doc.settings.compile, domain: `${seed.id}.example.com` };
    const compiled = await compileSite(doc, { siteId: seed.id, now: new Date('2026-06-01T12:00:00Z') });
    for (const [p, bytes] of await templatePictures(compiled.files)) compiled.files.set(p, bytes);
    // Each site under its own folder of the one server: its root-absolute addresses become /<id>/….
    const dir = path.join(root, seed.id);
    const html: string[] = [];
    for (const [name, content] of compiled.files) {
      const file = path.join(dir, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const rebased =
        typeof content === 'string' && /\.(html|css)$/.test(name)
          ? content
              .replace(/((?:href|src|srcset)="|url\(|, )\/(?!\/)/g, `$1/${seed.id}/`)
              .replace(/https:\/\/[a-z]+\.example\.com\//g, `${base}/${seed.id}/`)
          : content;
      fs.writeFileSync(file, rebased);
      if (name.endsWith('.html')) html.push(file);
    }
    const seen = new Set<string>();
    const pages: string[] = [];
    const language = doc.settings.languages[0] ?? 'en';
    for (const v of pageVersions(doc)) {
      if (seen.has(v.page.id) || v.language !== language) continue;
      seen.add(v.page.id);
      pages.push(`/${seed.id}/${pageFile(doc, v.page, v.language, v.item).replace(/index\.html$/, '')}`);
    }
    built.push({ id: seed.id, dir, pages, html, languages: doc.settings.languages.length });
  }
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

describe('the compiled templates', () => {
  it('pass the Nu Html Checker with no errors on every page', { timeout: 300_000 }, async () => {
    const files = built.flatMap((b) => b.html);
    expect(files.length).toBeGreaterThan(20);
    const result = await run('java', ['-jar', vnu, '--errors-only', '--format', 'json', ...files], { maxBuffer: 20 * 1024 * 1024 }).catch(
      (e: { stderr: string }) => ({ stderr: e.stderr }),
    );
    const messages = (
      JSON.parse(result.stderr || '{"messages":[]}') as { messages: { type: string; url: string; message: string; extract?: string }[] }
    ).messages;
    const errors = messages
      .filter((m) => m.type === 'error' && !CHECKER_TOO_OLD.test(m.message))
      .map((m) => `${path.relative(root, m.url.replace('file:', ''))}: ${m.message} ${m.extract ?? ''}`);
    expect(errors).toEqual([]);
  });

  it(
    'load nothing from another origin, carry a favicon, absolute alternates and minified CSS, and pass axe, at 390 and 1440 px',
    { timeout: 900_000 },
    async () => {
      const problems: string[] = [];
      for (const site of built) {
        for (const width of [390, 1440]) {
          const context = await browser.newContext({ viewport: { width, height: 860 }, locale: 'en-US' });
          const page = await context.newPage();
          const foreign: string[] = [];
          const failed: string[] = [];
          page.on('request', (r) => {
            if (!r.url().startsWith(base) && !r.url().startsWith('data:')) foreign.push(r.url());
          });
          page.on('response', (r) => {
            if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
          });
          for (const address of site.pages) {
            await page.goto(base + address, { waitUntil: 'load' });
            const name = `${site.id}${
              address
                .slice(site.id.length + 1)
                .replace(/\/$/, '')
                .replace(/\//g, '-') || '-home'
            }-${width}`;
            // A full-page picture shows what a visitor sees on scrolling: the lazy pictures load first.
            await page.evaluate(async () => {
              const images = [...document.images];
              for (const img of images) img.loading = 'eager';
              const loaded = (img: HTMLImageElement) =>
                new Promise<void>((done) => {
                  if (img.complete) return done();
                  img.addEventListener('load', () => done(), { once: true });
                  img.addEventListener('error', () => done(), { once: true });
                  setTimeout(done, 3000);
                });
              await Promise.all(images.map(loaded));
            });
            await screenshot(page, path.join(SHOTS, `${name}.png`), { fullPage: true });
            if (width === 390) {
              const head = await page.evaluate(() => ({
                icon: document.querySelector('link[rel=icon]')?.getAttribute('href') ?? '',
                alternates: [...document.querySelectorAll('link[rel=alternate][hreflang]')].map((l) => l.getAttribute('href')!),
                css: document.querySelector('style[data-pw-css]')?.textContent ?? null,
                fonts: document.fonts.size,
              }));
              if (!head.icon) problems.push(`${address}: no favicon`);
              else if ((await page.request.get(new URL(head.icon, base + address).href)).status() !== 200)
                problems.push(`${address}: favicon ${head.icon} missing`);
              if (site.languages > 1 && !address.endsWith('404.html') && head.alternates.length === 0)
                problems.push(`${address}: no hreflang alternates`);
              for (const a of head.alternates) if (!/^https?:\/\//.test(a)) problems.push(`${address}: relative alternate ${a}`);
              const css = head.css ?? (await (await page.request.get(`${base}/${site.id}/styles.css`)).text());
              if (/\n\s/.test(css)) problems.push(`${address}: CSS not minified`);
              const axe = await axeOf(page).analyze();
              for (const v of axe.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical'))
                problems.push(`${address}: axe ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
            }
          }
          problems.push(...foreign.map((u) => `${site.id} ${width}: request to another origin ${u}`));
          problems.push(...failed.map((u) => `${site.id} ${width}: ${u}`));
          await context.close();
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it('load their heading and body fonts from the site itself', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 860 } });
    const page = await context.newPage();
    for (const site of built) {
      const fonts: string[] = [];
      page.on('requestfinished', (r) => {
        if (r.resourceType() === 'font') fonts.push(new URL(r.url()).pathname);
      });
      await page.goto(`${base}${site.pages[0]}`, { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready);
      const loaded = await page.evaluate(() =>
        [...document.fonts].filter((f) => f.status === 'loaded').map((f) => `${f.family} ${f.weight}`),
      );
      expect(loaded.length, site.id).toBeGreaterThanOrEqual(2);
      expect(fonts.length, site.id).toBeGreaterThanOrEqual(2);
      for (const f of fonts) expect(f, site.id).toMatch(new RegExp(`^/${site.id}/fonts/[a-z0-9-]+\\.woff2$`));
      page.removeAllListeners('requestfinished');
    }
    await context.close();
  });

  it(
    'open and close the phone menu without JavaScript, and ship no script where nothing is interactive',
    { timeout: 120_000 },
    async () => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled: false });
      const page = await context.newPage();
      let toggled = 0;
      for (const site of built) {
        await page.goto(`${base}${site.pages[0]}`);
        const menu = page.getByRole('button', { name: 'Menu' });
        const nav = page.getByRole('navigation', { name: 'Main menu' }).first();
        if ((await menu.count()) === 0) {
          // A header whose links fit a phone (Journal's) shows them as they are.
          expect(await nav.isVisible(), site.id).toBe(true);
          continue;
        }
        toggled++;
        expect(await menu.isVisible(), site.id).toBe(true);
        expect(await nav.isVisible(), site.id).toBe(false);
        await menu.click();
        expect(await nav.isVisible(), site.id).toBe(true);
        await screenshot(page, path.join(SHOTS, `${site.id}-menu-open-390.png`));
        await menu.click();
        expect(await nav.isVisible(), site.id).toBe(false);
      }
      await context.close();
      expect(toggled).toBeGreaterThanOrEqual(3);
      // The menu needs no script: a page ships one only for what is interactive on it (counters, a video…).
      let without = 0;
      for (const file of built.flatMap((b) => b.html)) {
        const html = fs.readFileSync(file, 'utf8');
        expect(html, file).not.toContain('data-toggle-target');
        const scripts = html.match(/<script(?![^>]*application\/ld\+json)[^>]*>/g) ?? [];
        if (scripts.length === 0) without++;
      }
      expect(without).toBeGreaterThan(10);
    },
  );
});
