import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSite, type EditorSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openAs, axeOf } from './browser.js';
import { fixtures } from '../support/files.js';
import { setPlan } from './settings.js';
import { kindId, KIND_NODES, makeKindsDoc } from './editor-inspector-kinds.js';

/**
 * The inspector against a real server (spec 001 §2 "Inspector panels", issue 14): every kind's panel
 * changes one setting on each of its tabs and the canvas shows it; an md:hover variant shows at md
 * width with the hover forced; axe finds nothing serious in the inspector.
 */

let t: TestServer;
let browser: Browser;
let site: EditorSite;
let page: Page;

const SHOTS = '/tmp/shots-inspector';
const CANVAS = 'iframe[title="Canvas"]';
const frame = () => page.frameLocator(CANVAS);

beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin');
  browser = await (await import('./browser.js')).launch();
  site = await ownSite(t, makeKindsDoc());
  // Pro: a script component needs the plan's custom code.
  await setPlan(t, site.userId, 2);
  ({ page } = await openAs(browser, t.url, site.token, `/sites/${site.siteId}/pages`, { width: 1600, height: 1000 }));
  await frame().locator('[data-pw-id="kinds"]').first().waitFor();
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** Selects a component as a click on it in the canvas would (hidden ones too: the bridge reads the press). */
async function select(id: string) {
  const found = await frame()
    .locator('body')
    .first()
    .evaluate((body, target) => {
      const element = body.ownerDocument.querySelector(`[data-pw-id="${target}"]`);
      if (!element) return false;
      element.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 }));
      return true;
    }, id);
  return found;
}

/**
 * A property of the component's element in the canvas (computed style, or an attribute with `@`);
 * with `cls`, of the element that carries that class (the component's classes may sit on an inner
 * element, as a breadcrumb's on its list).
 */
function canvasValue(id: string, property: string, cls?: string): Promise<string | null> {
  return frame()
    .locator('body')
    .first()
    .evaluate(
      (body, [target, prop, className]) => {
        const root = body.ownerDocument.querySelector(`[data-pw-id="${target}"]`);
        const styled = className && root && !root.classList.contains(className) ? root.querySelector(`.${CSS.escape(className)}`) : root;
        const element = styled ?? root;
        if (!element) return null;
        if (prop.startsWith('@')) return element.getAttribute(prop.slice(1));
        if (prop === 'html') return element.outerHTML;
        return getComputedStyle(element).getPropertyValue(prop);
      },
      [id, property, cls] as const,
    );
}

/** The component's stored data and style, as the server has them. */
async function stored(id: string) {
  const doc = await site.doc();
  return doc.nodes[id]!;
}

/** Types into a field of the inspector and commits it with Enter. */
async function setField(label: string, value: string, within = page.getByTestId('inspector')) {
  const field = within.getByLabel(label, { exact: true }).first();
  await field.fill(value);
  await field.press('Enter');
}

/** Content probes where the first field of the Content tab is not one whose change the canvas shows. */
const CONTENT_PROBES = new Map<string, { label: string; value: string }>([
  ['deviceMockup', { label: 'Screen area', value: '0.1,0.1,0.9,0.1,0.9,0.9,0.1,0.9' }],
  ['gallery', { label: 'Images', value: 'posts' }],
  ['number', { label: 'Value', value: '99' }],
  ['timer', { label: 'Target', value: '2031-06-01T00:00:00Z' }],
  ['iframe', { label: 'Title', value: 'Probe frame' }],
  ['icon', { label: 'Fill', value: 'primary-l5' }],
  ['image', { label: 'Alt text', value: 'Probe image' }],
  ['input', { label: 'Placeholder', value: 'Probe placeholder' }],
  ['schemaOrg', { label: 'Type', value: 'Organization' }],
  ['script', { label: 'Source', value: 'https://example.com/probe.js' }],
  ['list', { label: 'Items', value: 'posts' }],
  ['select', { label: 'Name', value: 'probe' }],
  ['video', { label: 'Video', value: 'probe.mp4' }],
  ['youtube', { label: 'Title', value: 'Probe video' }],
  ['checkbox', { label: 'Type', value: 'radio' }],
  ['table', { label: 'Data source', value: 'cms' }],
  ['social', { label: 'Sort', value: 'asc' }],
  ['richtext', { label: 'Trim margins', value: 'on' }],
  // A heading's text is the single-line rich input and a switcher's languages a picker (tested with the pickers).
  ['heading', { label: 'Tag', value: 'h3' }],
  ['languages', { label: 'Hide active language', value: 'on' }],
]);

/**
 * Content the canvas does not draw, where the stored value is what the user gets: a script (the
 * preview never runs or redraws page scripts), the Schema.org data (JSON-LD, not drawn) and a
 * breadcrumb's home text (on the home page the trail has no home link).
 */
const NOT_DRAWN = new Set(['script', 'breadcrumb', 'schemaOrg']);
/** Kinds the page draws no box for (a `<script>` element): their styles are stored, and nothing shows. */
const NO_BOX = new Set(['script', 'schemaOrg']);

/** Waits for the canvas to show a style, or for a box-less kind, for the server to have it. */
async function showsStyle(kind: string, id: string, property: string, cls: string, expected: string, setting: string) {
  if (NO_BOX.has(kind)) await expect.poll(async () => (await stored(id)).style[setting], { message: `${kind} ${setting}` }).toBe(cls);
  else await expect.poll(() => canvasValue(id, property, cls), { timeout: 10_000, message: `${kind} ${property}` }).toBe(expected);
}

/** The first text field of the Content tab: what a user would most likely change first. */
async function contentProbe(kind: string): Promise<{ label: string; value: string }> {
  const known = CONTENT_PROBES.get(kind);
  if (known) return known;
  const field = page.locator('#inspector-tabpanel').locator('input:not([type]), textarea').first();
  const label = (await field.getAttribute('aria-label'))!;
  const inRange = (await field.locator('xpath=ancestor::div[contains(@class,"relative")][1]').count()) > 0;
  return { label, value: inRange ? '7' : `Probe ${kind}` };
}

describe('the inspector', () => {
  it.each(KIND_NODES.map((k) => [k.kind]))('%s: one setting of each tab changes, and the canvas shows it', async (kind) => {
    const id = kindId(kind);
    expect(await select(id)).toBe(true);
    await page.locator(`[data-inspector="${kind}"]`).waitFor();
    const tabs = await page.getByRole('tablist', { name: 'Inspector tabs' }).getByRole('tab').allTextContents();
    // A script or a Schema.org block has no box to style: its panel is its content alone.
    expect(tabs.slice(tabs.indexOf('Content') >= 0 ? 1 : 0)).toEqual(NO_BOX.has(kind) ? [] : ['Animation', 'Layout', 'Style', 'Settings']);

    if (tabs.includes('Content')) {
      await page.getByRole('tab', { name: 'Content' }).click();
      const probe = await contentProbe(kind);
      const before = await canvasValue(id, 'html');
      const field = page.locator('#inspector-tabpanel').locator(`[aria-label="${probe.label}"]:is(input, textarea, select)`).first();
      if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(probe.value);
      else if ((await field.getAttribute('type')) === 'checkbox') await field.check();
      else {
        await field.fill(probe.value);
        if ((await field.evaluate((el) => el.tagName)) === 'TEXTAREA') await field.blur();
        else await field.press('Enter');
      }
      if (NOT_DRAWN.has(kind))
        await expect.poll(async () => JSON.stringify((await stored(id)).data), { message: `${kind} content` }).toContain(probe.value);
      else
        await expect.poll(() => canvasValue(id, 'html'), { timeout: 10_000, message: `${kind} content: ${probe.label}` }).not.toBe(before);
    }

    if (NO_BOX.has(kind)) return;

    await page.getByRole('tab', { name: 'Animation' }).click();
    await setField('Rotate', '10');
    await showsStyle(kind, id, 'rotate', 'rotate-10', '10deg', 'transform');

    await page.getByRole('tab', { name: 'Layout' }).click();
    await setField('Padding', '12');
    await showsStyle(kind, id, 'padding-top', 'p-[12px]', '12px', 'padding');

    await page.getByRole('tab', { name: 'Style' }).click();
    await setField('Opacity', '50');
    await showsStyle(kind, id, 'opacity', 'opacity-50', '0.5', 'opacity');

    await page.getByRole('tab', { name: 'Settings' }).click();
    await setField('ID', `probe-${kind.toLowerCase()}`);
    // The id lands on the component's element (a checkbox puts it on its input, inside its label).
    if (NO_BOX.has(kind)) await expect.poll(async () => (await stored(id)).data['_attr.id']).toBe(`probe-${kind.toLowerCase()}`);
    else
      await expect
        .poll(
          () =>
            frame().locator(`[data-pw-id="${id}"]#probe-${kind.toLowerCase()}, [data-pw-id="${id}"] #probe-${kind.toLowerCase()}`).count(),
          {
            timeout: 10_000,
            message: `${kind} id`,
          },
        )
        .toBe(1);

    // The Desktop preview (1,280 px) edits the xl breakpoint: what the canvas shows is what was set.
    const node = await stored(id);
    expect(node.style.transform).toBe('xl:rotate-10');
    expect(node.style.padding).toBe('xl:p-[12px]');
    expect(node.style.opacity).toBe('xl:opacity-50');
    expect(node.data['_attr.id']).toBe(`probe-${kind.toLowerCase()}`);
  });

  it('an md:hover variant of a button background shows at md width with the hover forced, and only then', async () => {
    const id = kindId('button');
    expect(await select(id)).toBe(true);
    await page.locator('[data-inspector="button"]').waitFor();
    await page.getByRole('tab', { name: 'Style' }).click();
    const base = await canvasValue(id, 'background-color');

    await page.getByRole('radio', { name: 'md (768 px and wider)' }).click();
    await page.getByLabel('State', { exact: true }).selectOption('hover');
    // The canvas goes to the breakpoint's width.
    await expect.poll(() => page.locator(CANVAS).evaluate((f) => (f as HTMLIFrameElement).offsetWidth)).toBe(768);
    const background = page.getByRole('region', { name: 'Background' });
    await setField('Color', 'secondary-l9', background);
    await expect.poll(async () => (await stored(id)).style.background).toBe('md:hover:bg-secondary-l9');
    // Forced hover at md width: the new background shows without the pointer.
    await expect.poll(() => canvasValue(id, '@data-pw-force')).toBe('hover');
    await expect.poll(() => canvasValue(id, 'background-color'), { timeout: 10_000 }).not.toBe(base);
    const hovered = await canvasValue(id, 'background-color');
    await page.screenshot({ path: `${SHOTS}/md-hover-variant.png` });

    // The row reads as set at this variant; at base it is not set, and shows its look from md:hover nowhere.
    expect(await page.locator('[data-row="background.background"]').getAttribute('data-state')).toBe('set');

    // No state: nothing forced, the base background is back.
    await page.getByLabel('State', { exact: true }).selectOption('');
    await expect.poll(() => canvasValue(id, '@data-pw-force')).toBe(null);
    await expect.poll(() => canvasValue(id, 'background-color')).toBe(base);

    // Hover again at base width (1280): md:hover applies there too (768 and wider).
    await page.getByRole('radio', { name: 'xl (1280 px and wider)' }).click();
    await page.getByLabel('State', { exact: true }).selectOption('hover');
    await expect.poll(() => canvasValue(id, 'background-color')).toBe(hovered);
    // Below md (sm, 640 px) the md:hover background does not apply even with the hover forced.
    await page.getByRole('radio', { name: 'sm (640 px and wider)' }).click();
    await expect.poll(() => page.locator(CANVAS).evaluate((f) => (f as HTMLIFrameElement).offsetWidth)).toBe(640);
    await expect.poll(() => canvasValue(id, '@data-pw-force')).toBe('hover');
    await expect.poll(() => canvasValue(id, 'background-color')).toBe(base);

    // The variant chip removes md:hover from the component.
    await page.getByRole('button', { name: 'Remove md:hover variant' }).click();
    await expect.poll(async () => (await stored(id)).style.background).toBe(undefined);
    await page.getByRole('radio', { name: 'Base (all widths)' }).click();
    await page.getByLabel('State', { exact: true }).selectOption('');
  });

  it('reset, copy and paste a setting; undo takes an edit back; show classes reveals the classes', async () => {
    const heading = kindId('heading');
    const text = kindId('text');
    expect(await select(heading)).toBe(true);
    await page.locator('[data-inspector="heading"]').waitFor();
    await page.getByRole('tab', { name: 'Style' }).click();
    await page.getByRole('radio', { name: 'Base (all widths)' }).click();
    await page.getByLabel('State', { exact: true }).selectOption('');
    await page.getByRole('region', { name: 'Text' }).getByRole('radio', { name: 'Center' }).click();
    await expect.poll(async () => (await stored(heading)).style.textAlign).toBe('text-center');
    await expect.poll(() => canvasValue(heading, 'text-align')).toBe('center');

    await page.getByRole('button', { name: 'Show classes' }).click();
    await expect(page.locator('[data-row="text.textAlign"] code').textContent()).resolves.toBe('text-center');
    await page.getByRole('button', { name: 'Show classes' }).click();

    await page.getByRole('button', { name: 'Align options' }).click();
    await page.getByRole('menuitem', { name: 'Copy' }).click();
    expect(await select(text)).toBe(true);
    await page.locator('[data-inspector="text"]').waitFor();
    await page.getByRole('button', { name: 'Align options' }).click();
    await page.getByRole('menuitem', { name: 'Paste' }).click();
    await expect.poll(async () => (await stored(text)).style.textAlign).toBe('text-center');
    await expect.poll(() => canvasValue(text, 'text-align')).toBe('center');

    await page.getByRole('button', { name: 'Align options' }).click();
    await page.getByRole('menuitem', { name: 'Reset' }).click();
    await expect.poll(async () => (await stored(text)).style.textAlign).toBe(undefined);
    await expect.poll(() => canvasValue(text, 'text-align')).toBe('start');

    // Undo (the header's) takes the reset back: the canvas and the panel follow.
    await page.getByRole('button', { name: /^Undo/ }).first().click();
    await expect.poll(async () => (await stored(text)).style.textAlign).toBe('text-center');
    await expect.poll(() => canvasValue(text, 'text-align')).toBe('center');
  });

  it('content values track changes: the changed mark, per-value undo, reset all and the Required badge', async () => {
    const id = kindId('youtube');
    expect(await select(id)).toBe(true);
    await page.locator('[data-inspector="youtube"]').waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    const opened = (await stored(id)).data.title;
    const title = page.getByTestId('inspector').getByLabel('Title', { exact: true });
    await title.fill('First');
    await title.press('Enter');
    await title.fill('Second');
    await title.press('Enter');
    await expect.poll(async () => (await stored(id)).data.title).toBe('Second');
    await expect(page.locator('[data-row="content.title"]').getByRole('img', { name: 'Changed' }).count()).resolves.toBe(1);

    await page.getByRole('button', { name: 'Title options' }).click();
    await page.getByRole('menuitem', { name: 'Undo change' }).click();
    await expect.poll(async () => (await stored(id)).data.title).toBe('First');
    await expect.poll(() => title.inputValue()).toBe('First');

    // The video id may not be empty: emptied, it says so and keeps the value; the Required badge shows.
    const video = page.getByTestId('inspector').getByLabel('Video ID', { exact: true });
    await video.fill('  ');
    await video.press('Enter');
    await expect(page.locator('[data-row="content.video"]').getByRole('alert').textContent()).resolves.toBe('This field is required');
    expect((await stored(id)).data.value).toBe('dQw4w9WgXcQ');

    // Reset all: back to the values the panel opened with.
    await page.getByRole('button', { name: 'Reset all' }).click();
    await expect.poll(async () => (await stored(id)).data.title).toBe(opened);
    await expect.poll(() => page.getByRole('button', { name: 'Reset all' }).count()).toBe(0);
  });

  it("the action setting: page, scroll with 'No scroll targets', URL checked after a pause, new tab cleared on a type change", async () => {
    const id = kindId('link');
    expect(await select(id)).toBe(true);
    await page.locator('[data-inspector="link"]').waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    const panel = page.getByTestId('inspector');
    await panel.getByRole('checkbox', { name: 'Open in a new tab' }).check();
    await expect.poll(async () => (await stored(id)).data._blank).toBe(true);
    await expect.poll(() => canvasValue(id, '@target')).toBe('_blank');

    await panel.getByRole('combobox', { name: 'Action', exact: true }).selectOption('url');
    await expect.poll(async () => (await stored(id)).data._action).toBe('url');
    const node = await stored(id);
    expect(node.data._target).toBeUndefined();
    expect(node.data._blank).toBeUndefined();
    const url = panel.getByRole('textbox', { name: 'URL', exact: true });
    await url.fill('example');
    await url.press('Enter');
    await expect.poll(() => page.locator('[role="alert"]', { hasText: 'Enter an address starting with https://, / or #' }).count()).toBe(1);
    await url.fill('https://example.com/');
    await url.press('Enter');
    await expect.poll(() => canvasValue(id, '@href')).toBe('https://example.com/');

    // Every component here has an id from the tests above, so scroll offers them; without anchors it says so.
    await panel.getByRole('combobox', { name: 'Action', exact: true }).selectOption('scroll');
    await expect.poll(async () => (await stored(id)).data._target).toMatch(/^probe-/);
    await panel.getByRole('combobox', { name: 'Action', exact: true }).selectOption('page');
    await expect.poll(async () => (await stored(id)).data._target).toBe('home');
  });

  it('axe finds no serious violation in the inspector, on each tab', async () => {
    expect(await select(kindId('image'))).toBe(true);
    await page.locator('[data-inspector="image"]').waitFor();
    for (const tab of ['Content', 'Animation', 'Layout', 'Style', 'Settings']) {
      await page.getByRole('tab', { name: tab }).click();
      const results = await axeOf(page).include('[data-testid="inspector"]').analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(
        bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `axe on ${tab}`,
      ).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/image-${tab}.png` });
    }
  });

  it("rich text is edited in the pickers' 'Edit richtext' popup, the canvas following", async () => {
    const id = kindId('richtext');
    expect(await select(id)).toBe(true);
    await page.locator('[data-inspector="richtext"]').waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByRole('button', { name: 'Text: edit' }).click();
    const popup = page.getByTestId('richtext-popup');
    await popup.waitFor();
    const editor = popup.locator('[contenteditable="true"]').first();
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' and more');
    await expect.poll(() => canvasValue(id, 'html'), { timeout: 10_000 }).toContain('Rich text and more');
    await page.screenshot({ path: `${SHOTS}/richtext-popup.png` });
    await page.keyboard.press('Escape');
    await expect.poll(() => popup.count()).toBe(0);
  });
  it("an image row opens the pickers' 'Select image': an upload there becomes the component's image on the canvas", async () => {
    const id = kindId('image');
    expect(await select(id)).toBe(true);
    await page.locator('[data-inspector="image"]').waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    await page.getByRole('button', { name: 'Image: select image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select image' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog
      .getByLabel('File to upload')
      .setInputFiles({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: await fixtures.jpeg(64, 48) });
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => canvasValue(id, 'html'), { timeout: 10_000 }).toContain('harbour');
    expect(JSON.stringify(await site.doc())).toContain('harbour.jpg');
  });
});
