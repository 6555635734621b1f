import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server.js';
import { startBilledServer } from './billing.js';
import { checkScreen, launch, openAs, pathOf, settled } from './browser.js';
import { domain, openSettings, setPlan } from './settings.js';

/**
 * Issue 28: where the server takes payment (Stripe), the template page says up front what the user's
 * plan will switch off in a site made from it, and the site made on the free plan is as it says: Bistro
 * keeps English and Finnish, and its Privacy page the template's sample legal details, which the free
 * plan cannot change.
 */

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startBilledServer();
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const LANGUAGES =
  'Your plan includes 1 language: the site keeps English and Finnish as the template has them, but its languages cannot be changed.';
const LEGAL =
  "Your plan does not include the legal feature: the legal pages keep the template's sample company details and contacts, which cannot be changed.";

const switchedOff = (page: Page) => page.getByRole('list', { name: 'What your plan switches off' });

describe('the Bistro template page where the server takes payment', () => {
  it('tells a free-plan user what the plan switches off, and the site made from it is as said', async () => {
    const user = await t.signup('Fay Free');
    const { context, page } = await openAs(browser, t.url, user.session.token, '/create/templates/bistro');
    await page.getByText('What your plan switches off', { exact: true }).waitFor();
    expect(await switchedOff(page).getByRole('listitem').allInnerTexts()).toEqual([LANGUAGES, LEGAL]);
    expect(await page.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/user/plans');
    await settled(page);
    await checkScreen(page, 'template-plan-switches-off', { fullPage: false });

    // The user makes the site anyway, from the template page's form.
    const siteId = domain('bistro');
    await page.getByRole('button', { name: 'Use this template' }).click();
    const form = page.getByTestId('create-site-form');
    await page.getByLabel('Site name').fill('Bistro Aalto');
    await page.getByLabel('Domain').fill(siteId);
    await form.getByText('Available').waitFor();
    await page.getByRole('button', { name: 'Create site' }).click();
    await pathOf(page, `/sites/${siteId}/pages`);
    await page.frameLocator('iframe[title="Canvas"]').locator('body').waitFor();
    await settled(page);

    // As a visitor of the preview: English and Finnish, and the Privacy page with the template's sample details.
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const view = await opened;
    await view.waitForURL(/\/view\//);
    await view.waitForLoadState('load');
    expect(await view.evaluate(() => document.documentElement.lang)).toBe('en');
    await view.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await view.getByRole('heading', { level: 1 }).first().waitFor();
    const privacy = view.getByRole('main');
    await privacy.getByText('Bistro Aalto Oy (business ID 3141592-6)', { exact: false }).waitFor();
    await privacy.getByText('Aino Virtanen, privacy@bistro.example', { exact: false }).first().waitFor();
    await view.getByRole('link', { name: 'Suomi' }).first().click();
    await view.waitForFunction(() => document.documentElement.lang === 'fi');
    await view.getByRole('main').getByText('Bistro Aalto Oy (Y-tunnus 3141592-6)', { exact: false }).waitFor();
    await context.close();

    // The sample details cannot be changed on this plan, and the languages stay as the template has them.
    const legal = await openSettings(browser, t, user, siteId, 'legal');
    expect(await legal.page.getByLabel('Company name').isDisabled()).toBe(true);
    expect(await legal.page.getByLabel('Company name').inputValue()).toBe('Bistro Aalto Oy');
    await legal.page.getByRole('link', { name: 'Upgrade plan' }).waitFor();
    await legal.page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'General' }).click();
    expect(await legal.page.getByLabel('Localize in').isDisabled()).toBe(true);
    expect(await legal.page.getByRole('list', { name: 'Localized languages' }).getByRole('listitem').allInnerTexts()).toEqual([
      'Finnish (fi)',
    ]);
    await legal.context.close();
  });

  it('says nothing is switched off to a user whose plan has every feature the template uses', async () => {
    const user = await t.signup('Paul Pro');
    await setPlan(t, user.session.id, 2);
    const { context, page } = await openAs(browser, t.url, user.session.token, '/create/templates/bistro');
    await page.getByRole('button', { name: 'Use this template' }).waitFor();
    await settled(page);
    expect(await page.getByText('What your plan switches off').count()).toBe(0);
    await context.close();
  });
});
