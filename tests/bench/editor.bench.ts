// Issue 13: the editor in the real browser on a page of 2,000 components. Select (a click on the canvas
// to the selected outline drawn and the tree item selected) p95 ≤ 50 ms; a keystroke in inline text to
// the canvas showing it p95 ≤ 100 ms; opening the editor to an interactive canvas ≤ 1.5 s; the editor
// route's JavaScript ≤ 300 KB gzipped and the shell's first load ≤ 150 KB. Each row is compared with
// its aim as a baseline row of the same run (the aims are fixed figures, so the baselines are too).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Frame, Page, Response } from 'playwright-core';
import { chromium } from 'playwright-core';
import { startTestServer } from '../support/server.js';
import type { Benchmark, Row } from './harness.js';

const COMPONENTS = 2000;
const SELECTS = 40;
const KEYSTROKES = 40;

const p = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]!;
const timing = (name: string, samples: number[], aim: number, unit = 'ms'): Row[] => {
  const sorted = [...samples].sort((a, b) => a - b);
  return [
    { name: `${name}: aim`, value: aim, unit, requests: 0, errors: 0, lowerIsBetter: true },
    {
      name,
      value: p(sorted, 0.95),
      unit: `${unit} (p95)`,
      p50Ms: p(sorted, 0.5),
      p95Ms: p(sorted, 0.95),
      requests: samples.length,
      errors: 0,
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
  await page.locator('[data-testid="canvas-frame"]').waitFor();
  for (;;) {
    const frame = page.frames().find((f) => f.parentFrame() === page.mainFrame() && f.url() === 'about:srcdoc');
    if (frame && (await frame.locator(`[data-pw-id="${id}"]`).count()) > 0) return frame;
    await page.waitForTimeout(5);
  }
}

const benchmark: Benchmark = {
  name: 'editor in the browser on a page of 2,000 components',
  async run(): Promise<Row[]> {
    if (!fs.existsSync(path.resolve('web/dist/index.html'))) throw new Error('build the web app first: npm run build --workspace web');
    const t = await startTestServer();
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    });
    try {
      const { api, session } = await t.signup('Bench Editor');
      await t.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 2 });
      const siteId = `bench-${Date.now()}.example.com`;
      await api.POST('/sites', { body: { name: 'Bench', siteId, templateId: 'launch' } });
      const path_ = { siteId };
      const add = async (body: { toContainer: string; type?: 'layout-v' | 'paragraph'; componentId?: string }) => {
        const { data, error } = await api.POST('/sites/{siteId}/components', { params: { path: path_ }, body });
        if (!data) throw new Error(JSON.stringify(error));
        return data.id;
      };
      // 2,000+ components in one section, built by copying: 10 blocks of 10 paragraphs, copied.
      // In the template's plain feature section: a hero's picture and the sticky header cover parts of others.
      const homeSections = (await api.GET('/sites/{siteId}', { params: { path: path_, query: { expand: 'pages' } } })).data!.pages!.find(
        (pg) => pg.id === 'home',
      )!.sections;
      const section = homeSections.includes('features') ? 'features' : homeSections[1]!;
      const group = await add({ toContainer: section, type: 'layout-v' });
      const block = await add({ toContainer: group, type: 'layout-v' });
      for (let i = 0; i < 10; i++) await add({ toContainer: block, type: 'paragraph' });
      for (let i = 0; i < 9; i++) await add({ toContainer: group, componentId: block });
      for (let i = 0; i < Math.ceil(COMPONENTS / 111) - 1; i++) await add({ toContainer: section, componentId: group });
      const doc = (await api.GET('/sites/{siteId}', { params: { path: path_, query: { expand: 'pages' } } })).data!;
      const total = Object.keys(doc.nodes!).filter((id) => id === section || id.startsWith(`${section}.`)).length;
      const paragraphs = Object.values(doc.nodes!)
        .filter((n) => n.type === 'paragraph' && n.id.startsWith(`${section}.`))
        .map((n) => n.id);

      const context = await browser.newContext({ baseURL: t.url, viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();

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
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        const open = async () => {
          await page.goto(`/sites/${siteId}/pages`);
          const frame = await pageCanvas(page, paragraphs[0]!);
          // Interactive: a click selects.
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
          await page.locator(`[data-canvas-outline="selected"][data-canvas-id="${id}"]`).first().waitFor();
        };
        if (i === 0) editorBytes = await scriptBytes(page, open);
        else await open();
        opens.push(Date.now() - started);
        await page.goto('/', { waitUntil: 'networkidle' });
      }

      await page.goto(`/sites/${siteId}/pages`);
      const frame = await pageCanvas(page, paragraphs[0]!);

      // Select: pointerdown in the frame to the outline and the tree item, both in the app's window.
      const selects: number[] = [];
      const clickable: string[] = [];
      for (const id of paragraphs.slice(20, 600)) {
        if (clickable.length >= SELECTS) break;
        if ((await frame.locator(`[data-pw-id="${id}"]`).first().evaluate(CENTRE)) !== null) clickable.push(id);
      }
      for (const id of clickable) {
        await frame.locator(`[data-pw-id="${id}"]`).first().evaluate(CENTRE);
        await page.waitForTimeout(30);
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
        })`);
        await page.waitForTimeout(5);
        await page.keyboard.press(char);
        keys.push(await shown);
        if (process.env.BENCH_DEBUG) console.error('key', char, keys.at(-1));
        // Pauses past the debounce now and then, so saves and their patches run between keystrokes too.
        await page.waitForTimeout(i % 8 === 7 ? 500 : 40);
      }
      await page.keyboard.press('Escape');
      await context.close();

      return [
        { name: `page size (components in the section)`, value: total, unit: 'components', requests: 0, errors: 0 },
        ...timing('select: click to outline and tree item', selects, 50),
        ...timing('keystroke to canvas showing it', keys, 100),
        ...timing('open editor to interactive canvas', opens, 1500),
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
