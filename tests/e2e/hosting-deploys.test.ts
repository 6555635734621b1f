import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type LocalDns } from '../support/dns.js';
import { HOSTING_CNAME, publish, verifyDomain, visit } from '../support/hosting.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, launch, openAs, settled } from './browser.js';
import { ownerWithSite } from './settings.js';

/**
 * The Deploys list of the Publish menu (issue 31): an owner publishes from the editor, sees the
 * deploys with the live one marked, rolls back with a click, and a visitor of the site's domain gets
 * the earlier deploy at once; another editor's open list follows on the realtime channel.
 */
let dns: LocalDns;
let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  dns = await startDns();
  t = await startTestServer({ DNS_SERVER: dns.server, HOSTING_CNAME });
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await dns?.close();
});

async function openEditor(token: string, siteId: string): Promise<{ page: Page; close(): Promise<void> }> {
  const { context, page } = await openAs(browser, t.url, token, `/sites/${siteId}/pages`);
  await page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
  await settled(page);
  return { page, close: () => context.close() };
}

async function openDeploys(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('button', { name: 'Deploys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deploys' });
  await dialog.getByRole('table', { name: 'Deploys' }).waitFor();
  return dialog;
}

/** The list as a person reads it: version, author, files changed, and what the last cell offers. */
const rowsOf = (dialog: ReturnType<Page['getByRole']>) =>
  dialog
    .getByTestId('deploy-row')
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())))
    .then((rows) => rows.map((cells) => [cells[0], cells[2], cells[5]]));

describe('the Deploys list', () => {
  it('rolls the live site back with a click, and a visitor of its domain gets that deploy', { timeout: 180_000 }, async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Dana Deployer', siteName: 'Deploy Bakery' });
    const host = `www.${siteId}`;
    await verifyDomain(user.api, dns, siteId, host);
    const editor = await openEditor(user.session.token, siteId);
    const { page } = editor;

    // First publish from the editor (Download zip publishes too).
    const publishOnce = async (version: string) => {
      await page.getByRole('button', { name: 'Publish', exact: true }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download zip' }).click();
      await download;
      await expect.poll(async () => (await visit(t.url, host, '/')).headers['x-pagewright-deploy']).toBe(version);
    };
    await publishOnce('1');
    const first = await visit(t.url, host, '/');

    // An edit, published again.
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { themeColor: '#7a1f5c' } });
    await publishOnce('2');
    expect((await visit(t.url, host, '/')).text).toContain('#7a1f5c');

    // Another editor of the site keeps the list open.
    const other = await openEditor(user.session.token, siteId);
    const otherList = await openDeploys(other.page);
    await expect
      .poll(() => rowsOf(otherList))
      .toEqual([
        ['2', 'Dana Deployer', 'Live'],
        ['1', 'Dana Deployer', 'Roll back'],
      ]);

    const dialog = await openDeploys(page);
    expect(await dialog.getByText(`Live at https://${host}/`).count()).toBe(1);
    const headers = await dialog.locator('thead th').allInnerTexts();
    expect(headers.slice(0, 5)).toEqual(['Version', 'Published', 'Author', 'Size', 'Files changed']);
    await dialog.getByRole('button', { name: 'Roll back to version 1' }).click();
    const confirm = page.getByRole('alertdialog');
    expect(await confirm.getByRole('heading').innerText()).toBe('Roll back to version 1?');
    await confirm.getByRole('button', { name: 'Roll back' }).click();
    await page.getByText('Version 1 is live').waitFor();
    await expect
      .poll(() => rowsOf(dialog))
      .toEqual([
        ['2', 'Dana Deployer', 'Roll back'],
        ['1', 'Dana Deployer', 'Live'],
      ]);

    // What a visitor of the domain gets: deploy 1, byte for byte, at once.
    const now = await visit(t.url, host, '/');
    expect(now.headers['x-pagewright-deploy']).toBe('1');
    expect(now.body.equals(first.body)).toBe(true);
    expect(now.text).not.toContain('#7a1f5c');

    // The other editor's list followed, without a reload.
    await expect
      .poll(() => rowsOf(otherList))
      .toEqual([
        ['2', 'Dana Deployer', 'Roll back'],
        ['1', 'Dana Deployer', 'Live'],
      ]);
    await other.close();
    await editor.close();
  });
  it('asks again for a list that did not arrive, and says so with Try again when it cannot', { timeout: 120_000 }, async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Rhea Retry', siteName: 'Retry Bakery' });
    await publish(user.api, siteId);
    const editor = await openEditor(user.session.token, siteId);
    const { page } = editor;
    // The first read is lost on the way; the dialog asks again by itself and shows the list.
    let lost = 0;
    await page.route('**/api/sites/*/deploys', (route) => (lost++ < 1 ? route.abort('connectionreset') : route.continue()));
    let dialog = await openDeploys(page);
    expect(await rowsOf(dialog)).toEqual([['1', 'Rhea Retry', 'Live']]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The server cannot be reached at all: the dialog says so, and Try again reads it once it can.
    await page.unrouteAll();
    await page.route('**/api/sites/*/deploys', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Deploys' }).click();
    dialog = page.getByRole('dialog', { name: 'Deploys' });
    await dialog.getByRole('alert').getByText('The server could not be reached').waitFor();
    // The error as a person sees it: no serious axe violation in the dialog (the canvas is the user's site).
    await checkScreen(page, 'deploys-unreachable', { fullPage: false, settle: false, exclude: ['iframe[title="Canvas"]'] });
    await page.unrouteAll();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await dialog.getByRole('table', { name: 'Deploys' }).waitFor();
    expect(await rowsOf(dialog)).toEqual([['1', 'Rhea Retry', 'Live']]);
    await editor.close();
  });
});
