import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { templatePictures } from '../../server/src/templates/assets.js';
import { findTemplate, siteFromTemplate, templates } from '../../server/src/templates/catalog.js';
import { launch, axeOf } from '../e2e/browser.js';

/**
 * Every page of every template, compiled as a publish compiles it, has its pictures beside it and is
 * accessible in the dark appearance too (axe-core in Chromium finds no serious or critical violation).
 * Validity and the light appearance are checked by tests/e2e/visitors-templates.test.ts.
 */

const NOW = new Date('2026-11-20T10:00:00Z');

interface Published {
  id: string;
  files: Map<string, string | Buffer>;
  pages: string[];
}

const sites: Published[] = [];
let dir: string;
let browser: Browser;
let server: http.Server;
let serving: Map<string, string | Buffer> = new Map();
let base = '';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-templates-'));
  for (const template of templates) {
    const seed = findTemplate(template.id)!;
    const { files } = await compileSite(siteFromTemplate(seed, 'Acme', seed.theme), { siteId: 'acme.test', now: NOW });
    for (const [file, bytes] of await templatePictures(files)) files.set(file, bytes);
    const pages = [...files.keys()].filter((f) => f.endsWith('.html'));
    for (const [name, content] of files) {
      const file = path.join(dir, template.id, name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, content);
    }
    sites.push({ id: template.id, files, pages });
  }
  // The compiled site of the template under test, served from the root as a static host would.
  server = http.createServer((req, res) => {
    const url = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).slice(1);
    const name = url === '' || url.endsWith('/') ? `${url}index.html` : url;
    const body = serving.get(name);
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  server?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('published templates', () => {
  it('compile every template to several pages with their pictures beside them', () => {
    expect(sites.length).toBeGreaterThanOrEqual(4);
    for (const site of sites) {
      expect(site.pages.length, site.id).toBeGreaterThan(3);
      const html = site.pages.map((p) => String(site.files.get(p))).join('\n');
      for (const [, file] of html.matchAll(/\/template-assets\/([^"?]+)/g))
        expect(site.files.has(`template-assets/${file}`), `${site.id}: ${file}`).toBe(true);
    }
  });

  // Light pages (every page at 390 and 1440 px wide) and the Nu checker are tests/e2e/visitors-templates.test.ts's.
  it('axe-core finds no serious or critical violation on any page in the dark appearance', { timeout: 600_000 }, async () => {
    const problems: string[] = [];
    for (const site of sites) {
      serving = site.files;
      for (const scheme of ['dark'] as const) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: scheme });
        // A compiled site asks no other origin; should it ever, the check must not wait for one.
        await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
        const page = await context.newPage();
        for (const file of site.pages) {
          const url = `${base}/${file.replace(/index\.html$/, '')}`;
          await page.goto(url, { waitUntil: 'load' });
          const results = await axeOf(page).analyze();
          for (const v of results.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
            problems.push(
              `${site.id}/${file} (${scheme}) ${v.id}: ${v.help}\n  ${v.nodes
                .slice(0, 5)
                .map((n) => n.target.join(' '))
                .join('\n  ')}`,
            );
          }
        }
        await context.close();
      }
    }
    expect(problems).toEqual([]);
  });
});
