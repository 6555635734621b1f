import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { startTestServer, type TestServer } from '../support/server.js';
import { startBilledServer } from './billing.js';
import { checkScreen, fieldMessage, launch, pathOf } from './browser.js';
import { openSettings, ownerWithSite, reload, save } from './settings.js';

/** Page settings and the legal settings with their collections. */

let t: TestServer;
/** A server that takes payment (Stripe): only there does a plan gate offer the upgrade (issue 28). */
let billed: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer();
  billed = await startBilledServer();
  for (const s of [t, billed]) await s.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await billed?.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithSite>>;
const pagesOf = async ({ user, siteId }: Owner) =>
  (await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } })).data!.pages!;

describe('page settings', () => {
  it('saves slug, title, description, canonical, hide and page code; a bad canonical is said; unpublish disables the page in the sidebar', async () => {
    const owner = await ownerWithSite(t);
    const { user, siteId } = owner;
    const page0 = (await pagesOf(owner)).find((p) => !['home', '_before', '_after', '404'].includes(p.id))!;
    const { context, page } = await openSettings(browser, t, user, siteId, 'general');
    await page.getByRole('list', { name: 'Pages' }).getByRole('link', { name: page0.name }).click();
    await pathOf(page, `/sites/${siteId}/settings/page/${page0.id}`);
    await page.getByLabel('Slug').fill('our-features');
    await page.getByLabel('Title', { exact: true }).fill('What it does');
    await page.getByLabel('Description').fill('Every feature, briefly.');
    await page.getByRole('switch', { name: 'Hide from search engines' }).click();
    await page.getByLabel('Head end').fill('<meta name="page" content="1">');
    await page.getByLabel('Canonical URL').fill('not a url');
    expect(await fieldMessage(page, 'Canonical URL')).toBe(messages.canonicalInvalid);
    await page.getByLabel('Canonical URL').fill('https://elsewhere.example/features');
    expect(await page.getByTestId('search-preview-title').innerText()).toBe('What it does | Northwind Bakery');
    await checkScreen(page, 'settings-page', { fullPage: false });
    await save(page, 6);
    expect((await pagesOf(owner)).find((p) => p.id === page0.id)).toMatchObject({
      slug: 'our-features',
      title: 'What it does',
      description: 'Every feature, briefly.',
      hidden: true,
      canonical: 'https://elsewhere.example/features',
      code: { headEnd: '<meta name="page" content="1">' },
    });
    await reload(page);
    expect(await page.getByLabel('Slug').inputValue()).toBe('our-features');
    expect(await page.getByRole('switch', { name: 'Hide from search engines' }).getAttribute('aria-checked')).toBe('true');

    await page.getByRole('switch', { name: 'Unpublish' }).click();
    await save(page, 1);
    await page.getByRole('list', { name: 'Pages' }).locator('[aria-disabled="true"]').filter({ hasText: page0.name }).waitFor();
    expect((await pagesOf(owner)).find((p) => p.id === page0.id)!.unpublished).toBe(true);
    await context.close();
  });

  it('the home page keeps its slug and offers no hide or unpublish', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId, 'page/home');
    await page.getByText("The slug of the home page cannot be changed: it is the site's address.").waitFor();
    expect(await page.getByLabel('Slug').count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Unpublish' }).count()).toBe(0);
    expect(await page.getByRole('switch', { name: 'Hide from search engines' }).count()).toBe(0);
    await context.close();
  });
});

describe('legal', () => {
  it('saves the variables, previews the privacy policy, and manages the thirdparty items and fields', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId, 'legal');
    await page.getByLabel('Company name').fill('Northwind Ltd');
    await page.getByLabel('Business ID').fill('1234567-8');
    await page.getByTestId('privacy-preview').getByText('Northwind Ltd').waitFor();
    await save(page, 2);
    const globals = (await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'globals' } } })).data!.globals!;
    expect(globals.legal).toMatchObject({ company_name: 'Northwind Ltd', company_business_id: '1234567-8' });
    await reload(page);
    expect(await page.getByLabel('Company name').inputValue()).toBe('Northwind Ltd');

    await page.getByRole('button', { name: 'Create Third parties' }).click();
    await page.getByRole('link', { name: 'Open Third parties' }).click();
    await pathOf(page, `/sites/${siteId}/settings/legal/_thirdparty`);
    await page.getByRole('heading', { name: messages.itemsNone }).waitFor();
    await page.getByRole('button', { name: 'New item' }).click();
    await pathOf(page, `/sites/${siteId}/settings/legal/_thirdparty/items/create`);
    await page.getByLabel('Name', { exact: true }).fill('Plausible');
    await page.getByLabel('Provider').fill('Plausible Insights OÜ');
    await page.getByLabel('Country', { exact: true }).fill('Estonia');
    await checkScreen(page, 'settings-legal-item', { fullPage: false });
    await page.getByRole('button', { name: 'Create item' }).click();
    const row = page.getByTestId('legal-item-row').filter({ hasText: 'Plausible' });
    await row.waitFor();
    const items = (
      await user.api.GET('/sites/{siteId}/content/{collection}/items', { params: { path: { siteId, collection: '_thirdparty' } } })
    ).data!.items;
    expect(items).toMatchObject([{ _id: 1, name: 'Plausible', company: 'Plausible Insights OÜ', country: 'Estonia', published: true }]);

    // Escape with unsaved changes asks first.
    await row.click();
    await page.getByLabel('Country', { exact: true }).fill('EE');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').getByText(messages.unsavedChanges).waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard changes' }).click();
    await pathOf(page, `/sites/${siteId}/settings/legal/_thirdparty`);

    await page
      .getByRole('list', { name: 'Fields' })
      .getByRole('button', { name: /^Country/ })
      .click();
    await page.getByLabel('Title').fill('Country of the provider');
    await page.getByRole('button', { name: 'Save field' }).click();
    await page.getByRole('columnheader', { name: 'Country of the provider' }).waitFor();

    await page.getByRole('button', { name: 'New field' }).click();
    await page.getByLabel('Field name').fill('Retention Time');
    await page.getByRole('button', { name: 'Create field' }).click();
    expect(await fieldMessage(page, 'Field name')).toBe(messages.fieldNameChars);
    await page.getByLabel('Field name').fill('retention');
    await page.getByRole('button', { name: 'Create field' }).click();
    await page.getByRole('columnheader', { name: 'retention' }).waitFor();
    await checkScreen(page, 'settings-legal-collection');

    await page.getByRole('link', { name: 'Legal' }).first().click();
    await page.getByTestId('privacy-preview').getByText('Third parties: Plausible.').waitFor();
    await checkScreen(page, 'settings-legal');
    await context.close();
  });

  it('is plan gated: where the server takes payment the owner gets the upgrade path, and the fields are read-only', async () => {
    const { user, siteId } = await ownerWithSite(billed, { plan: 1 });
    const { context, page } = await openSettings(browser, billed, user, siteId, 'legal');
    await page
      .getByText('Legal variables and collections need a pricing plan with the legal feature. To use it, upgrade your pricing plan.')
      .waitFor();
    expect(await page.getByLabel('Company name').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Create Third parties' }).isDisabled()).toBe(true);
    await checkScreen(page, 'settings-legal-gated', { fullPage: false });
    await context.close();
  });
});
