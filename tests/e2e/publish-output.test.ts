import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unreachableFontSource } from '../support/fontServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, fieldMessage, launch, openAs, settled } from './browser.js';
import { openSettings, ownerWithSite, save, settingsOf } from './settings.js';

/**
 * What the owner is told about the published output (issue 28): a site without a domain has no
 * sitemap, and the publish menu and the compile settings say why; on an instance that cannot reach
 * the font source, "Download webfonts" says so instead of switching fonts silently.
 */

const NO_SITEMAP = "No sitemap.xml: a sitemap lists the site's full addresses, so it needs the site's domain.";

let t: TestServer;
let browser: Browser;
let deadSource: string;

beforeAll(async () => {
  deadSource = await unreachableFontSource();
  // An instance without network access: its font source cannot be reached.
  t = await startTestServer({ FONTS_URL: deadSource });
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

async function openPublishMenu(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByTestId('publish-status').waitFor();
}

describe('a fresh template site without a domain', () => {
  it('the publish menu says why there is no sitemap and leads to the domain; once it is set the note is gone', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Sam Sitemap' });
    const { context, page } = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`);
    await page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
    await settled(page);

    await openPublishMenu(page);
    const note = page.getByRole('note').filter({ hasText: NO_SITEMAP });
    await note.waitFor();
    expect(await note.innerText()).toBe(`${NO_SITEMAP} Set the domain`);
    await checkScreen(page, 'editor-publish-no-sitemap', { fullPage: false });

    // The link opens the compile settings, where the Domain field says the same.
    await note.getByRole('link', { name: 'Set the domain' }).click();
    await page.waitForURL(/\/settings\/compile$/);
    await page.getByTestId('settings-skeleton').first().waitFor({ state: 'detached' });
    await expect.poll(() => fieldMessage(page, 'Domain')).toBe(NO_SITEMAP);
    await page.getByLabel('Domain').fill('www.sam.example');
    await expect.poll(() => fieldMessage(page, 'Domain')).toBe('');
    await save(page, 1);
    expect((await settingsOf(user, siteId)).compile?.domain).toBe('www.sam.example');

    await page.goto(`${t.url}/sites/${siteId}/pages`);
    await page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
    await settled(page);
    await openPublishMenu(page);
    await page.getByRole('button', { name: 'Download zip' }).waitFor();
    expect(await page.getByTestId('publish-sitemap').count()).toBe(0);
    await context.close();
  });
});

describe('Download webfonts on an instance without network access', () => {
  it('says the font source cannot be reached and which fonts fall back, instead of switching them silently', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Fay Fonts' });
    await user.api.PATCH('/sites/{siteId}/theme/fonts/{role}', {
      params: { path: { siteId, role: 'heading' } },
      body: { family: 'Lobster' },
    });
    const { context, page } = await openSettings(browser, t, user, siteId, 'compile');
    const toggle = page.getByRole('switch', { name: 'Download webfonts' });
    const help = () =>
      toggle.evaluate((input) =>
        (input.getAttribute('aria-describedby') ?? '')
          .split(' ')
          .filter(Boolean)
          .map((id) => document.getElementById(id)?.innerText ?? '')
          .join(' '),
      );
    expect(await help()).toContain('downloaded once to this server');
    await toggle.click();
    const problem =
      `The font source ${deadSource} cannot be reached from this server, so Lobster cannot be downloaded: ` +
      'the published site shows a size-matched system font in its place. Allow the server to reach it, or set FONTS_URL to a mirror.';
    await page.getByRole('alert').filter({ hasText: problem }).waitFor();
    expect(await help()).toBe(problem);
    await toggle.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await checkScreen(page, 'settings-compile-webfonts-offline', { fullPage: false });
    await context.close();
  });
});
