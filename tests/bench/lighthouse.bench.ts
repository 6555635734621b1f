// Issue 19: Lighthouse (mobile, in the system Chromium) on the home page and one inner page of each
// compiled template, served over HTTP with compression by a plain static server. Each row is one page's
// four category scores; the aim is 100 in each. The rows carry the lowest of the four as their value.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { compileSite } from '../../server/src/render/index.js';
import { findTemplate, siteFromTemplate, templates } from '../../server/src/templates/catalog.js';
import { templatePictures } from '../../server/src/templates/assets.js';
import type { Benchmark, Row } from './harness.js';

const INNER: Record<string, string> = { launch: '/pricing/', folio: '/about/', journal: '/about/', bistro: '/menu/' };
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
};

function serve(dir: string): Promise<http.Server> {
  const s = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    let file = path.join(dir, decodeURIComponent(url.pathname));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!fs.existsSync(file)) return void res.writeHead(404).end();
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const body = fs.readFileSync(file);
    const compress = /text|svg|xml|css/.test(type) && String(req.headers['accept-encoding'] ?? '').includes('gzip');
    res.writeHead(200, {
      'content-type': type,
      'cache-control': file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000',
      ...(compress ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(compress ? gzipSync(body) : body);
  });
  return new Promise((resolve) => s.listen(0, '127.0.0.1', () => resolve(s)));
}

const bench: Benchmark = {
  name: 'Lighthouse on the templates',
  async run(): Promise<Row[]> {
    const rows: Row[] = [];
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-lighthouse-'));
    const chrome = await launchChrome({
      chromePath: '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const table: string[] = [];
      for (const template of templates) {
        const seed = findTemplate(template.id)!;
        const doc = siteFromTemplate(seed, `${seed.name} Co`, seed.theme);
        const dir = path.join(root, seed.id);
        const compiled = await compileSite(doc, { siteId: seed.id });
        for (const [p, bytes] of await templatePictures(compiled.files)) compiled.files.set(p, bytes);
        for (const [name, content] of compiled.files) {
          fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
          fs.writeFileSync(path.join(dir, name), content);
        }
        // One server per site, the site at its root as a visitor gets it.
        const server = await serve(dir);
        const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
        try {
          for (const page of ['/', INNER[seed.id] ?? '/about/']) {
            const result = await lighthouse(`${base}${page}`, {
              port: chrome.port,
              output: 'json',
              logLevel: 'error',
              onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
              formFactor: 'mobile',
            });
            const categories = result!.lhr.categories;
            const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
            const scores = ['performance', 'accessibility', 'best-practices', 'seo'].map(score);
            const failing = Object.values(result!.lhr.audits)
              .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'manual')
              .map((a) => a.id);
            table.push(`${`${seed.id} ${page}`.padEnd(22)} ${scores.map((s) => String(s).padStart(5)).join(' ')}   ${failing.join(', ')}`);
            rows.push({
              name: `${seed.id} ${page} (perf/a11y/bp/seo ${scores.join('/')})`,
              value: Math.min(...scores),
              unit: 'lowest score',
              requests: 1,
              errors: 0,
            });
          }
        } finally {
          server.close();
        }
      }
      console.log(`\npage                    perf  a11y    bp   seo   audits under 90\n${table.join('\n')}\n`);
    } finally {
      chrome.kill();
      fs.rmSync(root, { recursive: true, force: true });
    }
    return rows;
  },
};

export default bench;
