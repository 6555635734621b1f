import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Schemas } from '@pagewright/sdk';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, launch, openAs, pathOf, settled } from './browser.js';
import { domain, openSettings, save, settingsOf } from './settings.js';

/**
 * Issue 28: a fresh server without payments (no Stripe, no DEFAULT_PLAN_ID) gates nothing. A new user
 * makes a Bistro site from the template page, adds a language in the settings and translates it on the
 * localization screen, adds custom code and the legal details, all accepted, never offered an upgrade;
 * the preview shows a visitor the languages, the code and the company.
 */

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer({ DEFAULT_PLAN_ID: '' });
  // The first account runs the instance; the users of these tests are ordinary ones.
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

/** No Upgrade control anywhere on the screen: no button, link or menu item naming an upgrade or the plans. */
async function noUpgrade(page: Page) {
  for (const role of ['button', 'link', 'menuitem'] as const)
    expect(await page.getByRole(role, { name: /upgrade|see plans/i }).count()).toBe(0);
  expect(await page.getByText(/upgrade your pricing plan|Upgrade needed/i).count()).toBe(0);
}

describe('a Bistro site on a server without billing', () => {
  // A whole journey through four screens and a preview: longer than one step's 20 s.
  it(
    'takes another language, custom code and the legal details, offers no upgrade, and the preview shows them',
    { timeout: 120_000 },
    async () => {
      const user = await t.signup('Bea Bistro');
      const siteId = domain('bistro');

      // The template page says nothing is switched off, and makes the site.
      const { context, page } = await openAs(browser, t.url, user.session.token, '/create/templates/bistro');
      await page.getByRole('button', { name: 'Use this template' }).click();
      expect(await page.getByText('What your plan switches off').count()).toBe(0);
      await noUpgrade(page);
      await page.getByLabel('Site name').fill('Bistro Aalto');
      await page.getByLabel('Domain').fill(siteId);
      await page.getByTestId('create-site-form').getByText('Available').waitFor();
      await page.getByRole('button', { name: 'Create site' }).click();
      await pathOf(page, `/sites/${siteId}/pages`);
      await context.close();

      // General settings: the language list is open (not "1 / 0"), Swedish joins English and Finnish.
      const general = await openSettings(browser, t, user, siteId);
      const localize = general.page.getByRole('button', { name: /^Localize in/ });
      expect(await localize.isDisabled()).toBe(false);
      await localize.click();
      const picker = general.page.getByRole('dialog', { name: 'Select language(s)' });
      await picker.getByRole('checkbox', { name: /Swedish/ }).check();
      await picker.getByRole('button', { name: 'Done' }).click();
      await save(general.page, 1);
      expect((await settingsOf(user, siteId)).languages).toEqual(['en', 'fi', 'sv']);
      await noUpgrade(general.page);
      await checkScreen(general.page, 'plans-without-billing-languages', { fullPage: false });

      // Custom code: the fields are editable and the code is kept.
      await general.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Custom code' }).click();
      const headEnd = general.page.getByLabel('Head end');
      await headEnd.click();
      await general.page.keyboard.type('<meta name="booking" content="open">');
      await save(general.page, 1);
      expect((await settingsOf(user, siteId)).code).toMatchObject({ headEnd: '<meta name="booking" content="open">' });
      await noUpgrade(general.page);

      // Legal: the variables take the company, and the privacy policy preview shows it.
      await general.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Legal' }).click();
      const company = general.page.getByLabel('Company name');
      await company.click();
      await company.fill('Aalto Ravintolat Oy');
      await general.page.getByTestId('privacy-preview').getByText('Aalto Ravintolat Oy').first().waitFor();
      await save(general.page, 1);
      await noUpgrade(general.page);
      await checkScreen(general.page, 'plans-without-billing-legal', { fullPage: false });
      await general.context.close();

      // The localization screen has a Swedish column: the home page's first heading is translated there.
      const localization = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/localization`);
      await localization.page.getByRole('table', { name: 'Localization' }).waitFor();
      const { data: table } = await user.api.GET('/sites/{siteId}/localization', {
        params: { path: { siteId }, query: { type: 'pages', typeId: 'home' } },
      });
      const heading = (table as Schemas['LocalizationTable']).rows.find((r) => r.type === 'Heading')!;
      await localization.page.locator(`[data-row="${heading.id}"]`).getByRole('button').click();
      const panel = localization.page.getByRole('form', { name: 'Edit localization' });
      await panel.getByLabel('Swedish (sv)').fill('Välkommen till Bistro Aalto');
      await panel.getByRole('button', { name: 'Save' }).click();
      await panel.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
      await noUpgrade(localization.page);
      await localization.context.close();

      // The preview, as a visitor: the code in the head, Finnish and Swedish pages, and the company on the privacy policy.
      const editor = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/pages`);
      await editor.page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
      await settled(editor.page);
      await noUpgrade(editor.page);
      const opened = editor.context.waitForEvent('page');
      await editor.page.getByRole('button', { name: 'Preview', exact: true }).click();
      const view = await opened;
      await view.waitForURL(/\/view\//);
      await view.waitForLoadState('load');
      expect(await view.evaluate(() => document.documentElement.lang)).toBe('en');
      await view.getByRole('heading', { level: 1, name: 'Food of the season, cooked with care' }).waitFor();
      expect(await view.locator('meta[name="booking"]').getAttribute('content')).toBe('open');
      await view.getByRole('link', { name: 'Suomi' }).first().click();
      await view.waitForFunction(() => document.documentElement.lang === 'fi');
      await view.getByRole('heading', { level: 1, name: 'Kauden makuja, huolella valmistettuna' }).waitFor();
      await view.getByRole('link', { name: 'Svenska' }).first().click();
      await view.waitForFunction(() => document.documentElement.lang === 'sv');
      await view.getByText('Välkommen till Bistro Aalto').first().waitFor();
      await view.getByRole('link', { name: 'English' }).first().click();
      await view.waitForFunction(() => document.documentElement.lang === 'en');
      await view.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
      await view.getByRole('main').getByText('Aalto Ravintolat Oy (business ID', { exact: false }).waitFor();
      await editor.context.close();
    },
  );

  it('the plans page shows every feature as the plan and offers nothing to buy', async () => {
    const user = await t.signup('Pia Plans');
    const { context, page } = await openAs(browser, t.url, user.session.token, '/user/plans');
    await page.getByText('No plan limits apply to you: every feature is yours.', { exact: false }).waitFor();
    await noUpgrade(page);
    await checkScreen(page, 'plans-without-billing-plans', { fullPage: false });
    await context.close();
  });
});
