// Issue 17: the web app's first load (the sign-in screen, signing in, the home screen) must send at
// most 150 KB of JavaScript as measured on the wire, that is with the Content-Encoding the server
// chose (the build's brotli files). Builds the web app into a folder of its own (or uses WEB_DIST),
// serves it, and signs in with the system Chromium, adding up the bytes each script took on the wire.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Response } from 'playwright-core';
import { startTestServer } from '../support/server.js';
import type { Benchmark, Row } from './harness.js';

const AIM_KB = 150;
const RUNS = 3;

interface Load {
  /** Bytes of script bodies as they crossed the wire (compressed as sent). */
  wire: number;
  /** The same scripts decoded. */
  decoded: number;
  encodings: Set<string>;
  scripts: number;
}

function buildWeb(): { dist: string; cleanup(): void } {
  if (process.env.WEB_DIST) return { dist: process.env.WEB_DIST, cleanup: () => undefined };
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-first-load-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.resolve('web'),
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('vite build failed');
  return { dist, cleanup: () => fs.rmSync(dist, { recursive: true, force: true }) };
}

const benchmark: Benchmark = {
  name: 'first load JavaScript on the wire (sign in, then home)',
  async run(): Promise<Row[]> {
    const { dist, cleanup } = buildWeb();
    const t = await startTestServer({ WEB_DIST: dist });
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const { session, password } = await t.signup('First Load');
      const loads: Load[] = [];
      for (let run = 0; run < RUNS; run++) {
        // A fresh context each time: an empty cache, as a first visit has.
        const context = await browser.newContext({ baseURL: t.url, viewport: { width: 1280, height: 860 } });
        const page = await context.newPage();
        const scripts: Promise<{ wire: number; decoded: number; encoding: string }>[] = [];
        page.on('response', (response: Response) => {
          if (response.request().resourceType() !== 'script' || !response.ok()) return;
          scripts.push(
            (async () => {
              const [sizes, body, headers] = await Promise.all([response.request().sizes(), response.body(), response.allHeaders()]);
              return { wire: sizes.responseBodySize, decoded: body.length, encoding: headers['content-encoding'] ?? 'identity' };
            })(),
          );
        });
        await page.goto('/auth/login', { waitUntil: 'networkidle' });
        await page.getByLabel('E-mail').fill(session.email);
        await page.getByLabel('Password', { exact: true }).fill(password);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL((url) => url.pathname === '/');
        await page.waitForLoadState('networkidle');
        const all = await Promise.all(scripts);
        loads.push({
          wire: all.reduce((sum, s) => sum + s.wire, 0),
          decoded: all.reduce((sum, s) => sum + s.decoded, 0),
          encodings: new Set(all.map((s) => s.encoding)),
          scripts: all.length,
        });
        await context.close();
      }
      const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const wire = median(loads.map((l) => l.wire));
      const encodings = [...new Set(loads.flatMap((l) => [...l.encodings]))].join('+');
      return [
        { name: 'first load JS: aim', value: AIM_KB, unit: 'KB', requests: 0, errors: 0, lowerIsBetter: true },
        {
          name: 'first load JS on the wire',
          value: kb(wire),
          unit: `KB (${encodings}, ${loads[0]!.scripts} scripts)`,
          requests: RUNS,
          errors: 0,
          lowerIsBetter: true,
          baseline: { name: 'first load JS: aim', aim: 1 },
        },
        {
          name: 'first load JS decoded',
          value: kb(median(loads.map((l) => l.decoded))),
          unit: 'KB',
          requests: RUNS,
          errors: 0,
          lowerIsBetter: true,
        },
      ];
    } finally {
      await browser.close();
      await t.close();
      cleanup();
    }
  },
};

export default benchmark;
