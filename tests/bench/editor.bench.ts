// Issue 13: the editor in the real browser on a page of 2,000 components. Select (a click on the canvas
// to the selected outline drawn and the tree item selected) p95 ≤ 50 ms; a keystroke in inline text to
// the canvas showing it p95 ≤ 100 ms; the editor route's JavaScript ≤ 300 KB gzipped and the shell's
// first load ≤ 150 KB. Issue 29 ("Speed"): opening the editor to an interactive canvas p95 ≤ 1 s; a style
// change (Enter in the inspector's Opacity field) to the canvas showing it p95 ≤ 100 ms while such
// changes follow each other every 150 ms; a data edit (the paragraph's Text, committed) to the canvas
// showing it p95 ≤ 50 ms; no long task (> 50 ms) in the canvas frame during 100 mixed edits; the tab's
// JavaScript heap after 500 edits ≤ 1.5× its heap after opening. Each row is compared with its aim as a
// baseline row of the same run (the aims are fixed figures, so the baselines are too), and the issue 29
// rows also with the figures this bench measured before issue 29's change (BEFORE below).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Frame, Page, Request as PlaywrightRequest, Response } from 'playwright-core';
import { chromium } from 'playwright-core';
import { startTestServer } from '../support/server.js';
import { bigPageSite } from './bigPage.js';
import type { Benchmark, Row } from './harness.js';

const SELECTS = 40;
const KEYSTROKES = 40;
const STYLE_CHANGES = 40;
const STYLE_EVERY_MS = 150;
const DATA_EDITS = 20;
const MIXED_EDITS = 100;
const MEMORY_EDITS = 500;

/**
 * The issue 29 rows as this bench measured them before its change (commit 339eae6: every edit's answer
 * the whole page, parsed and morphed in the canvas, its stylesheet replaced when it gained a rule), on
 * the same shared 2-core machine while other work loaded it (load average about 20). Printed as rows of
 * their own so each new figure is compared with its "before".
 */
const BEFORE: Record<string, { value: number; unit: string; p50?: number; p95?: number }> = {
  'open editor to interactive canvas': { value: 6490, unit: 'ms (p95)', p50: 4009, p95: 6490 },
  'style change to canvas (one every 150 ms)': { value: 412.5, unit: 'ms (p95)', p50: 29.9, p95: 412.5 },
  'data edit to canvas': { value: 932.9, unit: 'ms (p95)', p50: 249.9, p95: 932.9 },
  'mixed edit to canvas (100 mixed edits)': { value: 774.1, unit: 'ms (p95)', p50: 193, p95: 774.1 },
  'long tasks > 50 ms in the canvas frame (100 mixed edits)': { value: 26, unit: 'tasks' },
  'longest long task in the canvas frame': { value: 479, unit: 'ms' },
  'heap after 500 edits / after opening': { value: 1.68, unit: 'x' },
};

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const timing = (name: string, samples: number[], aim: number, unit = 'ms'): Row[] => {
  const sorted = samples.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return [
    { name: `${name}: aim`, value: aim, unit, requests: 0, errors: 0, lowerIsBetter: true },
    {
      name,
      value: p(sorted, 0.95),
      unit: `${unit} (p95)`,
      p50Ms: p(sorted, 0.5),
      p95Ms: p(sorted, 0.95),
      requests: samples.length,
      // A change the canvas never showed (NaN) is a failed measurement.
      errors: samples.length - sorted.length,
      lowerIsBetter: true,
      baseline: { name: `${name}: aim`, aim: 1 },
    },
  ];
};

/** Gzipped bytes of every script the page fetched while `during` ran. */
async function scriptBytes(page: Page, during: () => Promise<void>): Promise<number> {
  const bodies: Promise<Buffer>[] = [];
  const onResponse = (response: Response) => {
    if (response.request().resourceType() === 'script' && response.ok()) bodies.push(response.body());
  };
  page.on('response', onResponse);
  await during();
  page.off('response', onResponse);
  const all = await Promise.all(bodies);
  return all.reduce((sum, body) => sum + zlib.gzipSync(body, { level: 9 }).length, 0);
}

/**
 * Centres a component in the canvas and answers whether a click at its centre reaches it (not a sticky
 * header or a sibling drawn over it).
 */
// Anonymous on purpose: tsx names named functions with a helper the page does not have.
const CENTRE = (el: Element) => {
  el.scrollIntoView({ block: 'center' });
  const r = el.getBoundingClientRect();
  const x = r.x + r.width / 2;
  const y = r.y + r.height / 2;
  const hit = document.elementFromPoint(x, y);
  const reached = hit?.closest('[data-pw-id]')?.getAttribute('data-pw-id') === el.getAttribute('data-pw-id');
  return reached ? { x, y, width: innerWidth } : null;
};

/** Clicks the centre of a component with the real mouse; false when something else is on top of it. */
async function clickCentre(page: Page, frame: Frame, id: string, count = 1): Promise<boolean> {
  const point = await frame.locator(`[data-pw-id="${id}"]`).first().evaluate(CENTRE);
  // The canvas scales the frame to fit; the frame's box on the page gives the scale.
  const box = await page.locator('iframe[title="Canvas"]').boundingBox();
  if (!point || !box) return false;
  const scale = box.width / point.width;
  await page.mouse.click(box.x + point.x * scale, box.y + point.y * scale, { clickCount: count });
  return true;
}

/** The canvas frame once it shows the component named (the page is rendered in it). */
async function pageCanvas(page: Page, id: string): Promise<Frame> {
  await page.frameLocator('iframe[title="Canvas"]').locator(`[data-pw-id="${id}"]`).first().waitFor({ state: 'attached' });
  return page.frames().find((f) => f.parentFrame() === page.mainFrame() && f.url() === 'about:srcdoc')!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/**
 * A row measured by this bench before issue 29's change, for `timing` to compare the new figure with
 * (the harness compares rows of one run; the "before" figures are recorded ones, see BEFORE).
 */
function before(name: string): Row[] {
  const b = BEFORE[name];
  if (!b) return [];
  return [
    { name: `${name}: before`, value: b.value, unit: b.unit, p50Ms: b.p50, p95Ms: b.p95, requests: 0, errors: 0, lowerIsBetter: true },
  ];
}

/** A figure's row with its aim, and its "before" row and a second comparison when one is recorded. */
function withBefore(rows: Row[]): Row[] {
  const main = rows.find((r) => r.baseline);
  if (!main || !BEFORE[main.name]) return rows;
  const compared: Row = { ...main, name: `${main.name} (vs before)`, baseline: { name: `${main.name}: before`, aim: 1 } };
  return [...rows, ...before(main.name), compared];
}

/** In the canvas frame: from now on, each change of the component's opacity or text, timed (epoch ms). */
async function watchComponent(frame: Frame, id: string): Promise<void> {
  await frame.evaluate(`(() => {
    const id = ${JSON.stringify(id)};
    window.__changes = [];
    window.__msgs = [];
    addEventListener('message', (e) => window.__msgs.push([performance.timeOrigin + performance.now(), e.data && e.data.type, e.data && (e.data.key || (e.data.parts ? e.data.parts.length + 'p/' + (e.data.css && e.data.css.classes.length) + 'c' : ''))]), { capture: true });
    let last = { opacity: null, text: null };
    const look = () => {
      const el = document.querySelector('[data-pw-id="' + CSS.escape(id) + '"]');
      if (el) {
        const opacity = getComputedStyle(el).opacity;
        const text = el.textContent;
        const t = performance.timeOrigin + performance.now();
        if (opacity !== last.opacity) window.__changes.push({ t, opacity });
        if (text !== last.text) window.__changes.push({ t, text });
        last = { opacity, text };
      }
      requestAnimationFrame(look);
    };
    look();
  })()`);
}

/** The first time after `since` the frame saw the opacity (or the text) become `value`; NaN when it never did. */
async function seenAfter(frame: Frame, since: number, key: 'opacity' | 'text', value: string): Promise<number> {
  const changes = await frame.evaluate<{ t: number; opacity?: string; text?: string }[]>('window.__changes');
  return changes.find((c) => c.t >= since && c[key] === value)?.t ?? NaN;
}

/** The page records the time of each Enter (or Ctrl+Enter) keydown in the inspector, epoch ms. */
async function watchCommits(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    window.__commits = [];
    addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && e.target.closest && e.target.closest('[data-testid="inspector"]'))
        window.__commits.push(performance.timeOrigin + performance.now());
    }, { capture: true });
  })()`);
}
const commits = (page: Page) => page.evaluate<number[]>('window.__commits');

/** The tab's JavaScript heap in bytes after a garbage collection: the editor's page and, when it runs in a process of its own, the canvas frame. */
async function heapUsed(page: Page, frame: Frame, snapshot?: string): Promise<number> {
  let total = 0;
  const sessions = [await page.context().newCDPSession(page)];
  try {
    sessions.push(await page.context().newCDPSession(frame));
  } catch {
    // The canvas frame shares the page's process: its heap is in the page's figure.
  }
  for (const cdp of sessions) {
    await cdp.send('HeapProfiler.collectGarbage');
    // BENCH_HEAP_SNAPSHOTS=<folder>: the heap as a snapshot too, for DevTools' Memory panel (what the rows measure, object by object).
    const folder = process.env.BENCH_HEAP_SNAPSHOTS;
    if (folder && snapshot && cdp === sessions[0]) {
      fs.mkdirSync(folder, { recursive: true });
      const chunks: string[] = [];
      const take = (event: { chunk: string }) => chunks.push(event.chunk);
      cdp.on('HeapProfiler.addHeapSnapshotChunk', take);
      await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
      cdp.off('HeapProfiler.addHeapSnapshotChunk', take);
      fs.writeFileSync(path.join(folder, `${snapshot}.heapsnapshot`), chunks.join(''));
      await cdp.send('HeapProfiler.collectGarbage');
    }
    await cdp.send('Performance.enable');
    const { metrics } = await cdp.send('Performance.getMetrics');
    total += metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
    await cdp.detach();
  }
  return total;
}

/**
 * The tab's memory as the system counts it: the private memory (clean and dirty pages of its own) of
 * the browser's renderer processes, the editor's and, when it has one of its own, the canvas frame's.
 * Read from /proc after the heap rows' garbage collection; null where there is no /proc.
 */
async function tabMemory(browser: Browser): Promise<number | null> {
  const cdp = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: { type: string; id: number }[] };
    let total = 0;
    for (const { type, id } of processInfo) {
      if (type !== 'renderer') continue;
      const rollup = fs.readFileSync(`/proc/${id}/smaps_rollup`, 'utf8');
      for (const field of ['Private_Clean', 'Private_Dirty'])
        total += Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(rollup)?.[1] ?? 0) * 1024;
    }
    return total;
  } catch {
    return null;
  } finally {
    await cdp.detach();
  }
}

const benchmark: Benchmark = {
  name: 'editor in the browser on a page of 2,000 components',
  async run(): Promise<Row[]> {
    const dist = process.env.WEB_DIST ?? path.resolve('web/dist');
    if (!fs.existsSync(path.join(dist, 'index.html'))) throw new Error('build the web app first: npm run build --workspace web');
    const t = await startTestServer();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const siteId = `bench-${Date.now()}.example.com`;
      const { session, total, paragraphs } = await bigPageSite(t, 'Bench Editor', siteId);

      const context = await browser.newContext({ baseURL: t.url, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      // BENCH_LATENCY_MS: each request of the tab takes that much longer, as over a real network (the
      // instance reached from elsewhere); BENCH_OPEN_ONLY: the opening rows alone.
      const latency = Number(process.env.BENCH_LATENCY_MS ?? 0);
      if (latency > 0) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: -1 });
      }

      // The shell's first load: the sign-in screen of a fresh visit.
      const shellBytes = await scriptBytes(page, async () => {
        await page.goto('/auth/login', { waitUntil: 'networkidle' });
      });
      await page.evaluate(
        (token) => localStorage.setItem('pagewright', JSON.stringify({ state: { token, sidebars: {} }, version: 1 })),
        session.token,
      );
      await page.goto('/', { waitUntil: 'networkidle' });

      // Opening the editor: from the navigation to a canvas showing the page and answering a click.
      const opens: number[] = [];
      let editorBytes = 0;
      // BENCH_DEBUG: each open's steps, and the app's calls it waited for (from the navigation's start).
      const calls: string[] = [];
      const onCall = (request: PlaywrightRequest) => {
        const timing = request.timing();
        if (request.url().includes('/api/'))
          calls.push(
            `${new URL(request.url()).pathname.replace(/^\/api/, '')} ${timing.startTime.toFixed(0)}+${timing.responseEnd.toFixed(0)} (sent +${timing.requestStart.toFixed(0)}, answer began +${timing.responseStart.toFixed(0)})`,
          );
      };
      if (process.env.BENCH_DEBUG) page.on('requestfinished', onCall);
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        calls.length = 0;
        const open = async () => {
          await page.goto(`/sites/${siteId}/pages`);
          if (process.env.BENCH_DEBUG) console.error('open: loaded', Date.now() - started);
          const frame = await pageCanvas(page, paragraphs[0]!);
          if (process.env.BENCH_DEBUG) {
            console.error('open: canvas shows the page', Date.now() - started);
            // What the tab loaded and when, and when the frame's document began and was parsed (ms from the navigation).
            const app = await page.evaluate(() => ({
              origin: performance.timeOrigin,
              resources: performance
                .getEntriesByType('resource')
                .map(
                  (e) =>
                    `${e.name.replace(location.origin, '').slice(0, 60)} ${e.startTime.toFixed(0)}-${(e as PerformanceResourceTiming).responseEnd.toFixed(0)}`,
                ),
            }));
            const inFrame = await frame.evaluate(() => {
              const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
              return {
                origin: performance.timeOrigin,
                parsed: nav?.domInteractive ?? -1,
                ready: nav?.domContentLoadedEventEnd ?? -1,
                loaded: nav?.loadEventEnd ?? -1,
                paints: performance.getEntriesByType('paint').map((e) => `${e.name} ${e.startTime.toFixed(0)}`),
              };
            });
            const at = (ms: number) => (inFrame.origin - app.origin + ms).toFixed(0);
            console.error(
              `  frame document set at ${at(0)}, parsed ${at(inFrame.parsed)}, ready ${at(inFrame.ready)}, loaded ${at(inFrame.loaded)}, ${inFrame.paints.map((p) => p.replace(/ (\d+)$/, (_, n: string) => ` ${at(Number(n))}`)).join(', ')}`,
            );
            console.error(`  ${app.resources.join('\n  ')}`);
          }
          // Interactive: a click selects.
          if (process.env.BENCH_DEBUG) console.error('open: clicking', Date.now() - started);
          let id = '';
          for (const candidate of paragraphs.slice(20)) {
            if (await clickCentre(page, frame, candidate)) {
              id = candidate;
              break;
            }
          }
          if (!id) {
            await page.screenshot({ path: 'tests/.tmp/bench-editor-covered.png' });
            throw new Error('no paragraph of the page can be clicked');
          }
          if (process.env.BENCH_DEBUG) console.error('open: clicked', Date.now() - started);
          await page.locator(`[data-canvas-outline="selected"][data-canvas-id="${id}"]`).first().waitFor();
        };
        // BENCH_OPEN_CPU_PROFILE=<file>: the tab's CPU profile of the fourth open (warm), for cpu-profile.ts.
        const openProfiler = i === 3 && process.env.BENCH_OPEN_CPU_PROFILE ? await page.context().newCDPSession(page) : null;
        if (openProfiler) {
          await openProfiler.send('Profiler.enable');
          await openProfiler.send('Profiler.setSamplingInterval', { interval: 200 });
          await openProfiler.send('Profiler.start');
        }
        if (i === 0) editorBytes = await scriptBytes(page, open);
        else await open();
        if (openProfiler) {
          const { profile } = await openProfiler.send('Profiler.stop');
          fs.writeFileSync(process.env.BENCH_OPEN_CPU_PROFILE!, JSON.stringify(profile));
          await openProfiler.detach();
        }
        opens.push(Date.now() - started);
        if (process.env.BENCH_DEBUG) console.error('open: selected', opens.at(-1), '\n ', calls.join('\n  '));
        await page.goto('/', { waitUntil: 'networkidle' });
      }

      page.off('requestfinished', onCall);
      if (process.env.BENCH_OPEN_ONLY) {
        await context.close();
        return timing('open editor to interactive canvas', opens, 1000);
      }
      await page.goto(`/sites/${siteId}/pages`);
      const frame = await pageCanvas(page, paragraphs[0]!);
      // The tab's heap once the editor is open, for the memory row at the end.
      const heapOpened = await heapUsed(page, frame, 'opened');
      const tabOpened = await tabMemory(browser);

      // Select: pointerdown in the frame to the outline and the tree item, both in the app's window.
      const selects: number[] = [];
      const clickable: string[] = [];
      for (const id of paragraphs.slice(20, 600)) {
        if (clickable.length >= SELECTS) break;
        if ((await frame.locator(`[data-pw-id="${id}"]`).first().evaluate(CENTRE)) !== null) clickable.push(id);
      }
      for (const id of clickable) {
        await frame.locator(`[data-pw-id="${id}"]`).first().evaluate(CENTRE);
        // Scrolled there and drawn.
        await frame.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
        await frame.evaluate(
          `addEventListener('pointerdown', () => (window.__down = performance.timeOrigin + performance.now()), { once: true, capture: true })`,
        );
        // A string, not a function: the bench runs through tsx, whose helpers do not exist in the page.
        const seen = page.evaluate<number>(`new Promise((resolve) => {
          const wanted = ${JSON.stringify(id)};
          const observer = new MutationObserver(() => {
            if (document.querySelector('[data-canvas-outline="selected"][data-canvas-id="' + CSS.escape(wanted) + '"]') &&
                document.querySelector('[role="tree"] [aria-selected="true"]')) {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, attributes: true });
          setTimeout(() => resolve(NaN), 5000);
        })`);
        // Should the click fail, its error is the one to report, not this wait's.
        seen.catch(() => undefined);
        if (!(await clickCentre(page, frame, id))) throw new Error(`${id} is covered`);
        const shown = await seen;
        const down = await frame.evaluate<number>('window.__down');
        selects.push(shown - down);
        if (process.env.BENCH_DEBUG) console.error('select', id, shown - down);
      }

      // The heap with the inspector shown (the selections loaded it): what opening a component's panels adds.
      const heapSelected = await heapUsed(page, frame, 'selected');

      // A keystroke in inline text: keydown in the frame to the canvas showing the character, painted.
      // One of the 2,000 paragraphs, so each save's patch morphs the whole big document.
      if (!(await clickCentre(page, frame, clickable.at(-1)!, 2))) throw new Error('the paragraph to type in is covered');
      await frame.waitForFunction(() => document.activeElement?.getAttribute('contenteditable') !== null);
      const keys: number[] = [];
      for (let i = 0; i < KEYSTROKES; i++) {
        const char = String.fromCharCode(97 + (i % 26));
        const shown = frame.evaluate<number>(`new Promise((resolve) => {
          const c = ${JSON.stringify(char)};
          let down = 0;
          addEventListener('keydown', () => (down = performance.now()), { once: true, capture: true });
          const element = document.activeElement;
          const before = element.textContent.length;
          const observer = new MutationObserver(() => {
            if (element.textContent.length > before && element.textContent.endsWith(c)) {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - down));
            }
          });
          observer.observe(element, { subtree: true, characterData: true, childList: true });
          setTimeout(() => resolve(NaN), 5000);
          window.__armed = ${i + 1};
        })`);
        // The watch is in place before the key it times.
        await frame.waitForFunction(`window.__armed === ${i + 1}`);
        // Every eighth key waits for the burst's save to come back, so saves and their patches run
        // between keystrokes too.
        const saved = i % 8 === 7 ? page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/sites/')) : null;
        await page.keyboard.press(char);
        keys.push(await shown);
        if (process.env.BENCH_DEBUG) console.error('key', char, keys.at(-1));
        await saved;
      }
      await page.keyboard.press('Escape');

      // Issue 29. The paragraph last typed in stays selected; its style and text are what change.
      const target = clickable.at(-1)!;
      await frame.locator(`[data-pw-id="${target}"]`).first().evaluate(CENTRE);
      if (!(await clickCentre(page, frame, target))) throw new Error(`${target} is covered`);
      const inspector = page.getByTestId('inspector');
      await inspector.locator('[data-inspector="paragraph"]').waitFor();
      const styleTab = inspector.getByRole('tab', { name: 'Style' });
      const contentTab = inspector.getByRole('tab', { name: 'Content' });
      const opacityField = inspector.locator('[data-inspector] input[aria-label="Opacity"]');
      const textField = inspector.getByLabel('Text', { exact: true });
      await watchComponent(frame, target);
      await watchCommits(page);
      // Edits on their way (requests to the API other than reads), so the last measurement waits for them.
      let inFlight = 0;
      const isEdit = (r: { method(): string; url(): string }) => r.method() !== 'GET' && r.url().includes('/api/sites/');
      page.on('request', (r) => void (isEdit(r) && inFlight++));
      const done = (r: { method(): string; url(): string }) => void (isEdit(r) && inFlight--);
      page.on('requestfinished', done);
      page.on('requestfailed', done);
      let opacityStep = 0;
      /** One style change: the next opacity (never the one shown), committed with Enter. */
      const styleEdit = async () => {
        if ((await styleTab.getAttribute('aria-selected')) !== 'true') await styleTab.click();
        const value = 5 + ((opacityStep++ * 5) % 90);
        await opacityField.fill(String(value));
        const at = (await commits(page)).length;
        await opacityField.press('Enter');
        return { at, key: 'opacity' as const, value: String(value / 100) };
      };
      let textStep = 0;
      /** One data edit: the paragraph's Text, committed with Ctrl+Enter. */
      const dataEdit = async () => {
        if ((await contentTab.getAttribute('aria-selected')) !== 'true') await contentTab.click();
        const value = `Edited paragraph ${++textStep}`;
        await textField.fill(value);
        while ((await textField.inputValue()) !== value) await textField.fill(value);
        const at = (await commits(page)).length;
        await textField.press('Control+Enter');
        return { at, key: 'text' as const, value };
      };
      /** The times from each edit's commit to the canvas showing its value. */
      const shownTimes = async (edits: { at: number; key: 'opacity' | 'text'; value: string }[]) => {
        const last = edits.at(-1)!;
        await frame
          .waitForFunction(`window.__changes.some((c) => c[${JSON.stringify(last.key)}] === ${JSON.stringify(last.value)})`, undefined, {
            timeout: 30_000,
          })
          .catch(() => undefined);
        const times = await commits(page);
        const out: number[] = [];
        for (const e of edits) {
          const down = times[e.at]!;
          out.push((await seenAfter(frame, down, e.key, e.value)) - down);
          if (process.env.BENCH_DEBUG && !Number.isFinite(out.at(-1)!)) console.error('never shown', e, down);
        }
        return out;
      };

      if (process.env.BENCH_DEBUG) {
        // Which calls the style phase waits on: the class rules' call, and whole pages asked again.
        page.on('requestfinished', (r) => {
          if (r.url().includes('/preview'))
            console.error('call', r.method(), r.url().replace(/^.*\/api\/sites\/[^/]+/, ''), r.timing().responseEnd.toFixed(0), 'ms');
        });
      }
      // Style changes every 150 ms, without waiting for the one before to show.
      const profiler = process.env.BENCH_CPU_PROFILE ? await page.context().newCDPSession(page) : null;
      if (profiler) {
        await profiler.send('Profiler.enable');
        await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
        await profiler.send('Profiler.start');
      }
      const styleEdits = [];
      const started = Date.now();
      for (let i = 0; i < STYLE_CHANGES; i++) {
        await sleep(started + i * STYLE_EVERY_MS - Date.now());
        styleEdits.push(await styleEdit());
      }
      const styles = await shownTimes(styleEdits);
      if (profiler) {
        const { profile } = await profiler.send('Profiler.stop');
        fs.writeFileSync(process.env.BENCH_CPU_PROFILE!, JSON.stringify(profile));
        await profiler.detach();
      }
      // The heap once the inspector is open and has edited: what 500 edits add to it is growth, not warming up.
      const heapWarm = await heapUsed(page, frame, 'warm');
      if (process.env.BENCH_DEBUG) console.error('style', styles.map((v) => v.toFixed(0)).join(' '));
      if (process.env.BENCH_DEBUG) {
        const msgs = await frame.evaluate<[number, string, string][]>('window.__msgs');
        const times = await commits(page);
        for (const [i, e] of styleEdits.slice(0, 22).entries()) {
          const down = times[e.at]!;
          const next = times[styleEdits[i + 1]?.at ?? -1] ?? down + 2000;
          console.error(
            'edit',
            i,
            e.value,
            msgs
              .filter(([t]) => t >= down && t < next)
              .map(([t, type, k]) => `${type}${k ? ':' + k : ''}@${(t - down).toFixed(0)}`)
              .join(' '),
          );
        }
      }

      // Data edits, one after the other, each once the one before has shown.
      const datas: number[] = [];
      for (let i = 0; i < DATA_EDITS; i++) {
        const edit = await dataEdit();
        datas.push(...(await shownTimes([edit])));
      }
      if (process.env.BENCH_DEBUG) console.error('data', datas.map((v) => v.toFixed(0)).join(' '));

      // 100 mixed edits (style and text in turn, at most one each 150 ms) with the canvas frame's long tasks counted.
      await frame.evaluate(`(() => {
        window.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__long.push({ duration: e.duration, name: e.name });
        }).observe({ type: 'longtask' });
      })()`);
      const mixed = async (count: number) => {
        const edits = [];
        for (let i = 0; i < count; i++) {
          const due = Date.now() + STYLE_EVERY_MS;
          edits.push(await (i % 2 === 0 ? styleEdit() : dataEdit()));
          await sleep(due - Date.now());
        }
        return shownTimes(edits);
      };
      const mixedTimes = await mixed(MIXED_EDITS);
      const longTasks = await frame.evaluate<{ duration: number; name: string }[]>('window.__long');
      if (process.env.BENCH_DEBUG) console.error('long', JSON.stringify(longTasks));

      // Up to 500 edits in all, then the heap again once the saves are in.
      await mixed(MEMORY_EDITS - STYLE_CHANGES - DATA_EDITS - MIXED_EDITS);
      for (let waited = 0; inFlight > 0 && waited < 60_000; waited += 50) await sleep(50);
      const heapAfter = await heapUsed(page, frame, 'after-500-edits');
      const tabAfter = await tabMemory(browser);
      await context.close();

      const longest = longTasks.reduce((m, e) => Math.max(m, e.duration), 0);
      const own = longTasks.filter((e) => e.name === 'self');

      return [
        { name: `page size (components in the section)`, value: total, unit: 'components', requests: 0, errors: 0 },
        ...timing('select: click to outline and tree item', selects, 50),
        ...timing('keystroke to canvas showing it', keys, 100),
        ...withBefore(timing('open editor to interactive canvas', opens, 1000)),
        ...withBefore(timing('style change to canvas (one every 150 ms)', styles, 100)),
        ...withBefore(timing('data edit to canvas', datas, 50)),
        ...withBefore(timing('mixed edit to canvas (100 mixed edits)', mixedTimes, 100)),
        { name: 'long tasks > 50 ms in the canvas frame (100 mixed edits): aim', value: 0, unit: 'tasks', requests: 0, errors: 0 },
        {
          name: 'long tasks > 50 ms in the canvas frame (100 mixed edits)',
          value: longTasks.length,
          unit: 'tasks',
          requests: 0,
          errors: 0,
        },
        ...before('long tasks > 50 ms in the canvas frame (100 mixed edits)'),
        { name: 'of them attributed to the frame itself', value: own.length, unit: 'tasks', requests: 0, errors: 0 },
        ...withBefore([
          { name: 'longest long task in the canvas frame: aim', value: 50, unit: 'ms', requests: 0, errors: 0, lowerIsBetter: true },
          {
            name: 'longest long task in the canvas frame',
            value: longest,
            unit: 'ms',
            requests: longTasks.length,
            errors: 0,
            lowerIsBetter: true,
            baseline: { name: 'longest long task in the canvas frame: aim', aim: 1 },
          },
        ]),
        { name: 'tab JS heap after opening', value: Math.round(heapOpened / 1e5) / 10, unit: 'MB', requests: 0, errors: 0 },
        { name: 'tab JS heap after 40 selections', value: Math.round(heapSelected / 1e5) / 10, unit: 'MB', requests: 0, errors: 0 },
        { name: 'tab JS heap after the first 40 edits', value: Math.round(heapWarm / 1e5) / 10, unit: 'MB', requests: 0, errors: 0 },
        { name: 'tab JS heap after 500 edits', value: Math.round(heapAfter / 1e5) / 10, unit: 'MB', requests: 0, errors: 0 },
        { name: 'heap after 500 edits / after the first 40', value: heapAfter / heapWarm, unit: 'x', requests: 0, errors: 0 },
        // The tab as the system counts it (info: the aim row below is the JavaScript heap's).
        ...(tabOpened && tabAfter
          ? [
              {
                name: "tab's private memory after opening (info)",
                value: Math.round(tabOpened / 1e5) / 10,
                unit: 'MB',
                requests: 0,
                errors: 0,
              },
              {
                name: "tab's private memory after 500 edits (info)",
                value: Math.round(tabAfter / 1e5) / 10,
                unit: 'MB',
                requests: 0,
                errors: 0,
              },
              {
                name: "tab's private memory after 500 edits / after opening (info)",
                value: tabAfter / tabOpened,
                unit: 'x',
                requests: 0,
                errors: 0,
              },
            ]
          : []),
        { name: 'heap after 500 edits / after opening: aim', value: 1.5, unit: 'x', requests: 0, errors: 0, lowerIsBetter: true },
        {
          name: 'heap after 500 edits / after opening',
          value: heapAfter / heapOpened,
          unit: 'x',
          requests: 1,
          errors: 0,
          lowerIsBetter: true,
          baseline: { name: 'heap after 500 edits / after opening: aim', aim: 1 },
        },
        ...before('heap after 500 edits / after opening'),
        ...(BEFORE['heap after 500 edits / after opening']
          ? [
              {
                name: 'heap after 500 edits / after opening (vs before)',
                value: heapAfter / heapOpened,
                unit: 'x',
                requests: 1,
                errors: 0,
                lowerIsBetter: true,
                baseline: { name: 'heap after 500 edits / after opening: before', aim: 1 },
              },
            ]
          : []),
        { name: 'editor route JS: aim', value: 300, unit: 'KB gz', requests: 0, errors: 0, lowerIsBetter: true },
        {
          name: 'editor route JS',
          value: Math.round(editorBytes / 102.4) / 10,
          unit: 'KB gz',
          requests: 1,
          errors: 0,
          lowerIsBetter: true,
          baseline: { name: 'editor route JS: aim', aim: 1 },
        },
        { name: 'shell first load JS: aim', value: 150, unit: 'KB gz', requests: 0, errors: 0, lowerIsBetter: true },
        {
          name: 'shell first load JS',
          value: Math.round(shellBytes / 102.4) / 10,
          unit: 'KB gz',
          requests: 1,
          errors: 0,
          lowerIsBetter: true,
          baseline: { name: 'shell first load JS: aim', aim: 1 },
        },
      ];
    } finally {
      await browser.close();
      await t.close();
    }
  },
};

export default benchmark;
