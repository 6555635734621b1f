import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { launch, openAs, settled, axeOf } from './browser.js';
import { openSettings, ownerWithSite, type User } from './settings.js';

/**
 * Issue 30 point 1 from the browser: on a fresh Launch site with three saved versions, the owner
 * restores the second-newest from the Versions screen; the document is then that version's (its
 * download and its hash), a visitor of the compiled site reads its heading, the editor's header
 * counts one change since the last version and explains what a version is for, and Undo there takes
 * the restore back.
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

/** The first heading of the home page (what a visitor reads first). */
async function homeHeading(user: User, siteId: string): Promise<string> {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
  const home = data!.pages!.find((p) => p.id === 'home')!;
  const stack = [...home.sections];
  while (stack.length) {
    const id = stack.shift()!;
    const node = data!.nodes![id]!;
    if (node.type === 'heading' && node.data.value !== undefined) return id;
    stack.push(...node.children);
  }
  throw new Error('no heading on the home page');
}

/** The headings of the compiled home page that read `Bread number …`, as a visitor sees them. */
async function visitorReads(user: User, siteId: string): Promise<string[]> {
  const { data } = await user.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
  const visitor = await browser.newContext();
  const home = await visitor.newPage();
  await home.goto(data!.url);
  const texts = await home.getByRole('heading', { name: /^Bread number/ }).allInnerTexts();
  await visitor.close();
  return texts;
}

/** No control whose accessible name leaves out its visible label. */
async function namesHoldLabels(page: Page) {
  const results = await axeOf(page).withRules(['label-content-name-mismatch']).analyze();
  expect(results.violations.map((v) => v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary}`)).flat()).toEqual([]);
}

describe('restoring a version from the browser', () => {
  it('brings back the second-newest of three versions as one change that the editor undoes', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Rosa Restore' });
    const path = { siteId };
    const heading = await homeHeading(user, siteId);
    for (const word of ['One', 'Two', 'Three']) {
      await user.api.PATCH('/sites/{siteId}/components/{componentId}', {
        params: { path: { siteId, componentId: heading } },
        body: { data: { value: `Bread number ${word}` } },
      });
      await user.api.POST('/sites/{siteId}/versions/commit', { params: { path }, body: { message: `Version ${word}` } });
    }
    const versions = (await user.api.GET('/sites/{siteId}/versions', { params: { path } })).data!;
    const two = versions.find((v) => v.message === 'Version Two')!;
    expect(versions[1]).toEqual(two);

    const { context, page } = await openSettings(browser, t, user, siteId, 'versions');
    // Every version has its Restore, not only the latest.
    await expect.poll(() => page.getByRole('button', { name: /^Restore / }).count()).toBe(versions.length);
    await namesHoldLabels(page);
    if (process.env.PW_SHOTS) await page.screenshot({ path: '/tmp/cliapi-versions.png' });
    const row = page.getByTestId('version-row').filter({ hasText: 'Version Two' });
    await row.getByRole('button', { name: 'Restore Version Two' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog
      .getByText('Return the site to “Version Two”? This is one change since the last version: undo in the editor takes it back.')
      .waitFor();
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored “Version Two”. Undo in the editor takes it back.' }).waitFor();

    // The document is the version's: its download, its hash.
    const download = await user.api.GET('/sites/{siteId}/versions/{versionId}/download', {
      params: { path: { siteId, versionId: two.id } },
      parseAs: 'text',
    });
    const saved = JSON.parse(download.data as unknown as string) as unknown;
    const current = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
    expect(JSON.parse(JSON.stringify(current))).toEqual(saved);
    const site = (await user.api.GET('/sites/{siteId}', { params: { path } })).data!;
    expect(site.hash).toBe(two.hash);
    expect(await visitorReads(user, siteId)).toEqual(['Bread number Two']);
    await context.close();

    // The editor counts the restore as one change since the last version, says what a version is for, and undoes it.
    const editor = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`);
    const canvas = editor.page.frameLocator('iframe[title="Canvas"]');
    await canvas.getByText('Bread number Two').waitFor();
    await settled(editor.page);
    const menu = editor.page.getByRole('button', { name: 'Versions 1 change since the last version' });
    await menu.click();
    await editor.page
      .getByText('Your edits are saved as you make them. A version is a checkpoint of the whole site that you can return to.')
      .waitFor();
    await namesHoldLabels(editor.page);
    if (process.env.PW_SHOTS) await editor.page.screenshot({ path: '/tmp/cliapi-menu.png' });
    await editor.page.keyboard.press('Escape');
    await editor.page.getByRole('button', { name: 'Undo' }).click();
    await canvas.getByText('Bread number Three').waitFor();
    await expect.poll(async () => (await user.api.GET('/sites/{siteId}', { params: { path } })).data!.hash).toBe(versions[0]!.hash);
    expect(await visitorReads(user, siteId)).toEqual(['Bread number Three']);
    await editor.context.close();
  }, 180_000);
});
