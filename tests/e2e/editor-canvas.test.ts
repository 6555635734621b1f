import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import type { Node } from '../../server/src/model/document.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { makeSiteDoc } from '../support/siteDoc.js';
import { animationsDone, launch, openAs, settled, signedIn, axeOf } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/**
 * The editor's canvas against a real server: the page in a sandboxed frame, the outlines drawn over
 * it, inline text editing saved in one burst, keys typed in the frame, patches without a reload, the
 * frame's policy, free widths and the empty page.
 */

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

const SCREENSHOTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../.tmp/screenshots');
const CANVAS = 'iframe[title="Canvas"]';

/** axe on the editor (not on the site's own design inside the frame), then a screenshot of the viewport. */
async function look(page: Page, screen: string) {
  await animationsDone(page);
  const results = await axeOf(page).exclude(CANVAS).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on ${screen}`,
  ).toEqual([]);
  await shot(page, screen);
}

/** A screenshot of the viewport alone (axe would blur the text being typed into). */
async function shot(page: Page, screen: string) {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${screen}.png`) });
}

/** A signed-in context with the token in place, not yet on any editor page. */
async function newContextFor(token: string) {
  const context = await browser.newContext({
    baseURL: t.url,
    viewport: { width: 1440, height: 900 },
    storageState: signedIn(t.url, token),
  });
  const page = await context.newPage();
  return { context, page };
}

async function openEditor(user: User, siteId: string, pagePath = '') {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages${pagePath}`, { width: 1440, height: 900 });
  await opened.page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
  await settled(opened.page);
  const frame = (await (await opened.page.locator(CANVAS).elementHandle()).contentFrame())!;
  return { ...opened, frame };
}

async function siteOf(user: User, siteId: string) {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
  return data!;
}

/** The first heading of the home page with a plain text, and the name the editor shows for it. */
async function firstHeading(user: User, siteId: string) {
  const site = await siteOf(user, siteId);
  const home = site.pages!.find((p) => p.id === 'home')!;
  const nodes = new Map(Object.entries(site.nodes!));
  const stack = [...home.sections];
  while (stack.length) {
    const id = stack.shift()!;
    const node = nodes.get(id)!;
    if (node.type === 'heading' && typeof node.data.value === 'string') {
      const name = typeof node.data['_options.name'] === 'string' ? node.data['_options.name'] : id.slice(id.lastIndexOf('.') + 1);
      return { id, name, value: node.data.value, section: home.sections[0]! };
    }
    stack.push(...node.children);
  }
  throw new Error('no heading on the home page');
}

const at = (id: string) => `[data-pw-id="${id}"]`;
const marker = (frame: Frame) => frame.evaluate(() => (window as unknown as { pwMarker?: string }).pwMarker ?? null);

describe('the canvas', () => {
  it('shows the home page; hover outlines with the name, a click selects, a double-click types in place and saves one burst', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Carla Canvas' });
    const heading = await firstHeading(user, siteId);
    const { context, page, frame } = await openEditor(user, siteId);
    const canvas = page.frameLocator(CANVAS);
    await canvas.getByText(heading.value).first().waitFor();

    // Hover: a 1 px outline and the component's name.
    await canvas.locator(at(heading.id)).hover();
    await page.locator('[data-canvas-outline="hover"]').first().waitFor();
    expect(await page.locator('[data-canvas-badge="hover"]').first().innerText()).toBe(heading.name);
    await look(page, 'editor-canvas-hover');

    // Click: the selection outline with its pinned name, and the tree item when the tree is there.
    await canvas.locator(at(heading.id)).click();
    await page.locator('[data-canvas-outline="selected"]').waitFor();
    expect(await page.getByTestId('canvas-selection-name').innerText()).toBe(heading.name);
    await page.locator('[data-canvas-outline="parent"]').first().waitFor();
    if ((await page.locator('[role="tree"]').count()) > 0)
      await expect
        .poll(() => page.locator('[role="tree"] [aria-selected="true"]').first().innerText(), { timeout: 5000 })
        .toContain(heading.name);
    await look(page, 'editor-canvas-selected');

    // Double-click: the text becomes editable in the frame, what is typed shows at once.
    const before = (await siteOf(user, siteId)).history.undo;
    await frame.evaluate(() => ((window as unknown as { pwMarker: string }).pwMarker = 'kept'));
    await canvas.locator(at(heading.id)).dblclick();
    await expect
      .poll(() => canvas.locator(`${at(heading.id)} [contenteditable], ${at(heading.id)}[contenteditable]`).count(), { timeout: 5000 })
      .toBe(1);
    await page.keyboard.press('End');
    await page.keyboard.type(' today', { delay: 40 });
    expect(await canvas.locator(at(heading.id)).innerText()).toContain(`${heading.value} today`);
    await shot(page, 'editor-canvas-editing');

    // After the burst the server has it, as one history entry; the frame was patched, not reloaded.
    await expect
      .poll(async () => (await siteOf(user, siteId)).nodes![heading.id]!.data.value, { timeout: 5000 })
      .toBe(`${heading.value} today`);
    expect((await siteOf(user, siteId)).history.undo).toBe(before + 1);
    if ((await page.getByTestId('undo-count').count()) > 0)
      await expect.poll(() => page.getByTestId('undo-count').innerText(), { timeout: 5000 }).toBe(String(before + 1));
    expect(await marker(frame)).toBe('kept');

    // Escape leaves editing and keeps the selection.
    await page.keyboard.press('Escape');
    await expect.poll(() => canvas.locator('[contenteditable]').count(), { timeout: 5000 }).toBe(0);
    expect(await page.getByTestId('canvas-selection-name').innerText()).toBe(heading.name);
    expect(await canvas.locator(at(heading.id)).innerText()).toContain(`${heading.value} today`);
    await context.close();
  });

  it('sends keys typed in the frame to the editor and patches the page in place, keeping its scroll', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Kai Keys' });
    const heading = await firstHeading(user, siteId);
    const { context, page, frame } = await openEditor(user, siteId);
    const canvas = page.frameLocator(CANVAS);
    await canvas.locator(at(heading.id)).click();
    await page.locator('[data-canvas-outline="selected"]').waitFor();
    await frame.evaluate(() => {
      (window as unknown as { pwMarker: string }).pwMarker = 'kept';
      // A little, so the selected heading stays in view below the site's sticky header: a selection
      // out of view would be revealed (scrolled to) on purpose.
      window.scrollTo(0, 40);
    });
    const before = (await siteOf(user, siteId)).history.undo;

    // Ctrl+D in the frame duplicates the selection; the copy arrives by a patch, the scroll stays.
    await page.keyboard.press('Control+d');
    await expect.poll(() => canvas.getByText(heading.value, { exact: true }).count(), { timeout: 5000 }).toBe(2);
    expect((await siteOf(user, siteId)).history.undo).toBe(before + 1);
    expect(await marker(frame)).toBe('kept');
    expect(await frame.evaluate(() => window.scrollY)).toBe(40);

    // Backspace deletes the selection (now the copy).
    await page.keyboard.press('Backspace');
    await expect.poll(() => canvas.getByText(heading.value, { exact: true }).count(), { timeout: 5000 }).toBe(1);
    expect(await marker(frame)).toBe('kept');
    await context.close();
  });

  it('runs none of the page’s scripts: script components, inline scripts and handlers, javascript: links', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Sam Script' });
    const heading = await firstHeading(user, siteId);
    const { data: added } = await user.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId } },
      body: { toContainer: heading.section, type: 'script' },
    });
    await user.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: added!.id } },
      body: { data: { value: "document.documentElement.setAttribute('data-ran', 'script component')" } },
    });
    const { context, page, frame } = await openEditor(user, siteId);
    const refused: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) refused.push(m.text());
    });
    await page.frameLocator(CANVAS).locator(at(added!.id)).waitFor({ state: 'attached' });

    // What a page could slip in past the renderer: an inline script, a handler, a javascript: link.
    await frame.evaluate(() => {
      const root = document.documentElement;
      const script = document.createElement('script');
      script.textContent = "document.documentElement.setAttribute('data-ran', 'inline script')";
      document.body.append(script);
      const handler = document.createElement('div');
      handler.setAttribute('onclick', "document.documentElement.setAttribute('data-ran', 'handler')");
      document.body.append(handler);
      handler.click();
      const link = document.createElement('a');
      link.href = "javascript:document.documentElement.setAttribute('data-ran', 'link')";
      document.body.append(link);
      link.dispatchEvent(new MouseEvent('click', { bubbles: true }));
      root.setAttribute('data-checked', 'yes');
    });
    // The frame's policy says no (on the console) before anything could have run.
    await expect.poll(() => refused.length).toBeGreaterThan(0);
    expect(await frame.evaluate(() => document.documentElement.getAttribute('data-ran'))).toBeNull();
    // The frame cannot reach the app: its origin is opaque.
    expect(await frame.evaluate(() => window.origin)).toBe('null');
    expect(await page.locator(CANVAS).getAttribute('sandbox')).toBe('allow-scripts');
    await context.close();
  });

  it('drags and keys a free width; a press on the grey canvas clears the selection', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Wes Width' });
    const heading = await firstHeading(user, siteId);
    const { context, page, frame } = await openEditor(user, siteId);
    const width = () => frame.evaluate(() => window.innerWidth);
    expect(await width()).toBe(1280);

    const handle = page.getByTestId('canvas-resize-right');
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect.poll(width, { timeout: 5000 }).toBeLessThan(1280);
    const dragged = await width();
    expect(dragged).toBeGreaterThanOrEqual(320);

    await handle.focus();
    await page.keyboard.press('Home');
    await expect.poll(width, { timeout: 5000 }).toBe(320);

    await page.frameLocator(CANVAS).locator(at(heading.id)).click();
    await page.locator('[data-canvas-outline="selected"]').waitFor();
    const canvas = (await page.getByTestId('canvas').boundingBox())!;
    await page.mouse.click(canvas.x + 60, canvas.y + canvas.height / 2);
    await expect.poll(() => page.locator('[data-canvas-outline="selected"]').count(), { timeout: 5000 }).toBe(0);
    await look(page, 'editor-canvas-narrow');
    await context.close();
  });

  it('says a page without sections is empty, with Add Section', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Emma Empty' });
    const { data } = await user.api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { name: 'Blank' } });
    expect(data!.page.sections).toEqual([]);
    const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages/${data!.page.id}`, {
      width: 1440,
      height: 900,
    });
    const { page, context } = opened;
    await page.getByText('This page is empty').waitFor();
    const add = page.getByTestId('canvas-empty').getByRole('button', { name: 'Add Section' });
    expect(await add.isEnabled()).toBe(true);
    await look(page, 'editor-canvas-empty');
    await add.click();
    await context.close();
  });
});

describe('a page of 2,000 components', () => {
  it('opens, selects in the canvas and the tree, and shows and saves each keystroke', async () => {
    // A section of 20 blocks of 100 paragraphs below the fixture's hero.
    const doc = makeSiteDoc();
    const blocks: string[] = [];
    for (let b = 0; b < 20; b++) {
      const block = `big.b${b}`;
      blocks.push(block);
      const children = Array.from({ length: 100 }, (_, i) => `${block}.p${i}`);
      doc.nodes[block] = { id: block, type: 'layout-v', data: { '_options.name': `Block ${b}` }, style: {}, children };
      for (const [i, id] of children.entries())
        doc.nodes[id] = { id, type: 'paragraph', data: { value: `Paragraph ${b}.${i}` }, style: {}, children: [] } satisfies Node;
    }
    doc.nodes.big = {
      id: 'big',
      type: 'layout-v',
      data: { '_options.name': 'Big', '_options.tag': 'section' },
      style: {},
      children: blocks,
    };
    doc.pages.find((p) => p.id === 'home')!.sections.splice(1, 0, 'big');
    const site = await ownSite(t, doc, 'Bo Benchmark');

    const { page, context } = await newContextFor(site.token);
    await page.goto(`/sites/${site.siteId}/pages`);
    const canvas = page.frameLocator(CANVAS);
    await canvas.locator(at('big.b19.p99')).waitFor({ state: 'attached' });
    await canvas.locator(at('hero.title')).hover();
    await page.locator('[data-canvas-outline="hover"]').first().waitFor();
    const frame = (await (await page.locator(CANVAS).elementHandle()).contentFrame())!;

    // Each click selects: the selection outline and (when the tree is there) the selected tree item.
    // How fast, and how fast the editor opens and a keystroke shows, is tests/bench/editor.bench.ts's
    // to measure on the same page, not a test's on a shared machine.
    const selected = (id: string) =>
      page.evaluate((x) => {
        const outlined = document.querySelector('[data-canvas-outline="selected"]')?.getAttribute('data-canvas-id');
        const tree = document.querySelector('[role="tree"]');
        return outlined === x && (!tree || tree.querySelector(`[aria-selected="true"][data-row-id="${CSS.escape(x)}"]`) !== null);
      }, id);
    const targets = Array.from({ length: 10 }, (_, i) => `big.b0.p${i}`);
    await canvas.locator(at(targets[0]!)).scrollIntoViewIfNeeded();
    const box = (await page.locator(CANVAS).boundingBox())!;
    const scale = box.width / (await frame.evaluate(() => window.innerWidth));
    for (const id of targets) {
      const inner = (await canvas.locator(at(id)).boundingBox())!;
      // The pointer rests on the component first, as a person's does before they click.
      await page.mouse.move(box.x + (inner.x - box.x + 4) * scale, box.y + (inner.y - box.y + inner.height / 2) * scale);
      await page.locator(`[data-canvas-outline="hover"][data-canvas-id="${id}"]`).waitFor();
      await page.mouse.down();
      await page.mouse.up();
      await expect.poll(() => selected(id), { timeout: 5000 }).toBe(true);
    }

    // Each keystroke shows in the canvas while bursts save and their answers patch the page: the first
    // burst is saved before the typing goes on.
    const editing = targets.at(-1)!;
    await canvas.locator(at(editing)).dblclick();
    await canvas.locator(`${at(editing)}[contenteditable]`).waitFor();
    await page.keyboard.press('End');
    await page.keyboard.type(' quick', { delay: 60 });
    await expect.poll(async () => (await site.doc()).nodes[editing]!.data.value, { timeout: 5000 }).toBe('Paragraph 0.9 quick');
    await page.keyboard.type(' brown fox', { delay: 60 });
    expect(await canvas.locator(at(editing)).innerText()).toBe('Paragraph 0.9 quick brown fox');
    await expect.poll(async () => (await site.doc()).nodes[editing]!.data.value, { timeout: 5000 }).toBe(`Paragraph 0.9 quick brown fox`);
    await context.close();
  });
});
