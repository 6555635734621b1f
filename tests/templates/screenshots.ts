/**
 * Renders every page of every template (and the section library) to HTML under
 * tests/.tmp/templates/ and screenshots them in Chromium, to look at what a new user sees.
 *
 *   npx tsx tests/templates/screenshots.ts [template…] [--mobile] [--dark] [--no-shots]
 *
 * No network: pages load from a made-up origin whose requests are answered here, template
 * pictures by templateAsset() and the fonts by the server's packaged files (fontFile(), as
 * GET /api/fonts/files does).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Route } from 'playwright-core';
import { fontFile } from '../../server/src/render/fonts.js';
import { renderPreview } from '../../server/src/render/index.js';
import type { SiteDoc } from '../../server/src/model/document.js';
import { templateAsset, parseColors } from '../../server/src/templates/assets.js';
import { findTemplate, siteFromTemplate } from '../../server/src/templates/catalog.js';
import { libraryDoc } from './library-doc.js';

const OUT = path.resolve('tests/.tmp/templates');
const ORIGIN = 'http://templates.test';
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const only = args.filter((a) => !a.startsWith('--'));
const NOW = new Date('2026-11-20T12:00:00Z');

interface Shot {
  file: string;
  html: string;
}

async function pagesOf(id: string, doc: SiteDoc): Promise<Shot[]> {
  const shots: Shot[] = [];
  const appearances: ('light' | 'dark')[] = flags.has('--dark') && doc.theme.appearance === 'auto' ? ['light', 'dark'] : ['light'];
  for (const language of doc.settings.languages) {
    for (const page of doc.pages) {
      if (page.id === '_before' || page.id === '_after') continue;
      const collection = page.content ? doc.collections.find((c) => c.id === page.content) : undefined;
      const items = collection ? collection.items.slice(0, 2) : [undefined];
      for (const item of items) {
        for (const appearance of appearances) {
          const { html } = await renderPreview(doc, page.id, { language, appearance, item, now: NOW, siteId: 'example.test' });
          const name = [
            page.id.replace(/[/:]/g, '_'),
            item ? String(item._id) : '',
            language === doc.settings.languages[0] ? '' : language,
            appearance === 'dark' ? 'dark' : '',
          ]
            .filter(Boolean)
            .join('-');
          shots.push({ file: `${id}/${name}.html`, html });
        }
      }
    }
  }
  return shots;
}

async function serve(route: Route): Promise<void> {
  const url = new URL(route.request().url());
  const font = /^\/api\/fonts\/files\/([^/]+)$/.exec(url.pathname);
  if (url.origin === ORIGIN && font) {
    const bytes = fontFile(font[1]!);
    return bytes ? route.fulfill({ status: 200, contentType: 'font/woff2', body: bytes }) : route.fulfill({ status: 404 });
  }
  if (url.origin !== ORIGIN) return route.fulfill({ status: 404 });
  const m = /^\/template-assets\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (m) {
    const asset = templateAsset(m[1]!, m[2]!, parseColors(url.searchParams.get('c')));
    if (!asset) return route.fulfill({ status: 404 });
    const { contentType, bytes } = await asset;
    return route.fulfill({ status: 200, contentType, body: bytes });
  }
  const file = path.join(OUT, decodeURIComponent(url.pathname));
  if (file.endsWith('.html') && fs.existsSync(file))
    return route.fulfill({ status: 200, contentType: 'text/html', body: fs.readFileSync(file) });
  return route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' });
}

const ids = only.length ? only : ['launch', 'folio', 'journal', 'bistro', 'library'];
const shots: Shot[] = [];
for (const id of ids) {
  const doc =
    id === 'library'
      ? libraryDoc()
      : siteFromTemplate(
          findTemplate(id)!,
          { launch: 'Launch', folio: 'Folio Studio', journal: 'The Journal', bistro: 'Bistro Aalto' }[id] ?? id,
          findTemplate(id)!.theme,
        );
  shots.push(...(await pagesOf(id, doc)));
}
for (const s of shots) {
  fs.mkdirSync(path.dirname(path.join(OUT, s.file)), { recursive: true });
  fs.writeFileSync(path.join(OUT, s.file), s.html);
}
console.log(`wrote ${shots.length} pages under ${OUT}`);

if (!flags.has('--no-shots')) {
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const mobile = flags.has('--mobile');
  const context = await browser.newContext({
    viewport: mobile ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    deviceScaleFactor: 1,
  });
  await context.route('**/*', serve);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfailed', (r) => errors.push(`failed ${r.url()}`));
  page.on('response', (r) => {
    if (r.status() >= 400 && !r.url().includes('favicon')) errors.push(`${r.status()} ${r.url()}`);
  });
  for (const s of shots) {
    await page.goto(`${ORIGIN}/${s.file}`, { waitUntil: 'networkidle' });
    // Lazy pictures below the fold load only when scrolled to: load them all for a full-page shot.
    await page.evaluate(async () => {
      const images = [...document.querySelectorAll('img')];
      for (const img of images) img.loading = 'eager';
      await Promise.all(
        images
          .filter((img) => !img.complete)
          .map(
            (img) =>
              new Promise((resolve) => {
                img.onload = img.onerror = resolve;
              }),
          ),
      );
      await document.fonts.ready;
    });
    const png = path.join(OUT, s.file.replace(/\.html$/, mobile ? '.mobile.png' : '.png'));
    await page.screenshot({ path: png, fullPage: true });
  }
  await browser.close();
  if (errors.length) console.log([...new Set(errors)].join('\n'));
  console.log(`screenshots in ${OUT}`);
}
