import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { launch, openAs, pathOf, settled, axeOf } from './browser.js';
import { ownerWithSite } from './settings.js';

/**
 * Issue 29: the command palette (Cmd/Ctrl+K), by keyboard only: it runs a registered action (greyed
 * out where it cannot run), goes to a page, selects a component by its name and opens one of its
 * settings, finding each by fuzzy search.
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

const CANVAS = 'iframe[title="Canvas"]';
const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
const search = (page: Page) => palette(page).getByRole('combobox');
/** The option the palette would run on Enter. */
const current = (page: Page) => palette(page).locator('[role="option"][aria-selected="true"]');

async function openPalette(page: Page) {
  await page.keyboard.press('Control+k');
  await palette(page).waitFor();
  await expect.poll(() => search(page).evaluate((el) => el === document.activeElement)).toBe(true);
}

/**
 * Types into the palette and runs the option named with Enter: the first match, or (with `also`) the
 * one the arrow keys reach whose text also has that (an id, where names repeat).
 */
async function run(page: Page, typed: string, option: string, also?: string) {
  await openPalette(page);
  await page.keyboard.type(typed);
  await expect.poll(() => current(page).innerText()).toContain(option);
  for (let step = 0; also && !(await current(page).innerText()).includes(also); step++) {
    expect(step, `no option "${option}" with ${also}`).toBeLessThan(50);
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await palette(page).waitFor({ state: 'detached' });
}

describe('the command palette', () => {
  it('runs an action, goes to a page, selects a component by name and opens a setting, by keyboard', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Pia Palette' });
    const { data: site } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
    const other = site!.pages!.find((p) => !['home', '_before', '_after', '404'].includes(p.id) && !p.id.includes(':'))!;
    // A heading of that page (other components may share its name: the palette shows each one's id).
    const nodes = new Map(Object.entries(site!.nodes!));
    const onPage: string[] = [];
    const stack = [...other.sections];
    while (stack.length) {
      const id = stack.shift()!;
      onPage.push(id);
      stack.push(...nodes.get(id)!.children);
    }
    const nameOf = (id: string) => {
      const name = nodes.get(id)!.data['_options.name'];
      return typeof name === 'string' && name.trim() ? name : id.slice(id.lastIndexOf('.') + 1);
    };
    const heading = onPage.find((id) => nodes.get(id)!.type === 'heading')!;
    expect(heading).toBeDefined();

    const { page } = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`, { width: 1440, height: 900 });
    await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
    await settled(page);

    // The palette lists the registered actions with their shortcuts; one that cannot run now is greyed out.
    await openPalette(page);
    await page.keyboard.type('redo');
    const redo = palette(page).getByRole('option', { name: /^Redo/ });
    await expect.poll(() => redo.getAttribute('data-unavailable')).toBe('true');
    expect(await redo.evaluate((el) => el.textContent)).toContain('not available now');
    expect(await redo.innerText()).toContain('Ctrl+Shift+Z');
    // The list has settled on what was typed: the combobox's active option is one that is there (or none).
    await expect
      .poll(() =>
        search(page).evaluate(
          (el) => !el.getAttribute('aria-activedescendant') || document.getElementById(el.getAttribute('aria-activedescendant')!) !== null,
        ),
      )
      .toBe(true);
    const axe = await axeOf(page).include('[data-testid="command-palette"]').analyze();
    expect(
      axe.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary).join(', ')}`),
    ).toEqual([]);
    await page.keyboard.press('Escape');
    await palette(page).waitFor({ state: 'detached' });

    // An action: zoom in, found by a fuzzy "zm in".
    const zoom = page.getByTestId('zoom-level');
    const before = await zoom.innerText();
    await run(page, 'zm in', 'Zoom in');
    await expect.poll(() => zoom.innerText()).not.toBe(before);
    expect(parseInt(await zoom.innerText(), 10)).toBeGreaterThan(parseInt(before, 10));

    // Go to page.
    await run(page, `page ${other.name}`, `Go to page: ${other.name}`);
    await pathOf(page, `/sites/${siteId}/pages/${other.id}`);
    await page.frameLocator(CANVAS).locator(`[data-pw-id="${heading}"]`).first().waitFor();

    // Select a component by its name.
    await run(page, `select ${nameOf(heading)}`, `Select: ${nameOf(heading)}`, heading);
    await page.locator(`[data-canvas-outline="selected"][data-canvas-id="${heading}"]`).waitFor();
    expect(await page.getByTestId('inspector').getByRole('heading', { level: 2 }).innerText()).toBe(nameOf(heading));

    // Open a setting: the Style tab shows, and the focus is in the Opacity control.
    await run(page, 'opacity', 'Open setting: Opacity');
    const field = page.getByTestId('inspector').getByLabel('Opacity', { exact: true }).first();
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('inspector').getByRole('tab', { name: 'Style' }).getAttribute('aria-selected')).toBe('true');
    // …and typing there edits it, as the palette left the person in the control.
    await page.keyboard.press('Control+a');
    await page.keyboard.type('40');
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => {
        const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
        return String(data!.nodes![heading]!.style.opacity ?? '');
      })
      .toContain('opacity-40');
  });
});
