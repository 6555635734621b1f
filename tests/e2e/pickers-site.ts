import type { Browser, Page } from 'playwright-core';
import { createSite } from '../support/siteDoc.js';
import type { TestServer } from '../support/server.js';
import { openAs, settled } from './browser.js';
import { kindId, makeKindsDoc } from './editor-inspector-kinds.js';
import { setPlan } from './settings.js';

/**
 * The pickers' browser tests reach each popup where the product opens it: the inspector row of a
 * component of the kind that has it (a site with one component of every kind, issue 14's fixture).
 */

/** A fresh owner (on the plan given: 1 Free, 2 Pro) with a site of every component kind; `data` adds to a kind's data. */
export async function ownerWithKinds(
  t: TestServer,
  {
    name,
    plan = 2,
    data = {},
    style = {},
  }: { name: string; plan?: number; data?: Record<string, Record<string, unknown>>; style?: Record<string, Record<string, string>> },
) {
  const user = await t.signup(name);
  await setPlan(t, user.session.id, plan);
  const doc = makeKindsDoc();
  for (const [kind, extra] of Object.entries(data)) Object.assign(doc.nodes[kindId(kind)]!.data, extra);
  for (const [kind, extra] of Object.entries(style)) Object.assign(doc.nodes[kindId(kind)]!.style, extra);
  const siteId = await createSite(t.pw.deps.db, user.api, doc);
  return { user, siteId };
}

/** Opens the editor as the token's user and selects the component of a kind, as a click on it in the canvas does. */
export async function openOnKind(browser: Browser, t: TestServer, token: string, siteId: string, kind: string) {
  const opened = await openAs(browser, t.url, token, `/sites/${siteId}/pages`, { width: 1440, height: 900 });
  opened.page.on('pageerror', (e) => console.log('PAGEERROR', e.message));
  await selectKind(opened.page, kind);
  return opened;
}

/** Selects the component of a kind, as a click on it in the canvas does. */
export async function selectKind(page: Page, kind: string) {
  const canvas = page.frameLocator('iframe[title="Canvas"]');
  const id = kindId(kind);
  await canvas.locator(`[data-pw-id="${id}"]`).first().waitFor({ state: 'attached' });
  // Empty media components draw no box to click: the press reaches the canvas as a click would.
  await canvas
    .locator('body')
    .first()
    .evaluate((body, target) => {
      body.ownerDocument
        .querySelector(`[data-pw-id="${target}"]`)!
        .dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 }));
    }, id);
  await page.getByTestId('inspector').getByText(id, { exact: true }).waitFor();
  await settled(page);
}

/** The editor's canvas: it shows the user's own site, which the product's axe checks leave out. */
export const CANVAS = 'iframe[title="Canvas"]';

/** The inspector of the open editor. */
export const inspector = (page: Page) => page.getByTestId('inspector');

/** What an inspector row's field shows. */
export const rowValue = (page: Page, label: string) =>
  inspector(page).getByRole('textbox', { name: label, exact: true }).first().inputValue();
