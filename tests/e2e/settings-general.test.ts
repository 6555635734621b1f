import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { startTestServer, type TestServer } from '../support/server.js';
import { startBilledServer } from './billing.js';
import { checkScreen, fieldMessage, launch, pathOf } from './browser.js';
import { noBar, openSettings, ownerWithSite, reload, save, settingsOf } from './settings.js';

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

describe('settings screen', () => {
  it('settings redirects to general; the sidebar lists the settings pages and the pages, unpublished ones disabled', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const pages = (await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } })).data!.pages!;
    const other = pages.find((p) => !['home', '_before', '_after', '404'].includes(p.id))!;
    await user.api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: other.id.replaceAll('/', '|') } },
      body: { unpublished: true },
    });

    const { context, page } = await openSettings(browser, t, user, siteId, '');
    await pathOf(page, `/sites/${siteId}/settings/general`);
    const nav = page.getByRole('navigation', { name: 'Settings' });
    const links = await nav.getByRole('link').allInnerTexts();
    // The spec's settings pages, with Domains (issue 31) beside Compile.
    expect(links.slice(0, 14)).toEqual([
      'General',
      'Publish',
      'Compile',
      'Domains',
      'Integrations',
      'Social',
      'Forms',
      'Form submissions',
      'Custom code',
      'Redirects',
      'Collaborators',
      'Versions',
      'API keys',
      'Legal',
    ]);
    const pagesList = nav.getByRole('list', { name: 'Pages' });
    await pagesList.getByRole('link', { name: 'Home' }).waitFor();
    const disabled = pagesList.locator('[aria-disabled="true"]');
    expect(await disabled.innerText()).toContain(other.name);
    expect(await pagesList.getByRole('link', { name: other.name }).count()).toBe(0);
    await checkScreen(page, 'settings-general');

    await page.goto(`/sites/${siteId}/settings/nothing-here`);
    await pathOf(page, '/');
    await context.close();
  });
});

describe('general settings', () => {
  it('changes name, base title and description; the bottom bar counts them; saved values survive a reload', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId);
    await noBar(page);
    await page.getByLabel('Name', { exact: true }).fill('Northwind Bakery & Café');
    await page.getByLabel('Base title').fill('Northwind');
    await page.getByLabel('Description').fill('Sourdough and cinnamon buns in Turku.');
    await page.getByTestId('search-preview-description').getByText('Sourdough and cinnamon buns in Turku.').waitFor();
    expect(await page.getByTestId('search-preview-title').innerText()).toContain('Northwind');
    await page.getByRole('button', { name: 'Save (3)' }).waitFor();
    await page.getByRole('button', { name: 'Undo all changes' }).waitFor();
    await checkScreen(page, 'settings-general-changed', { fullPage: false });
    await save(page, 3);

    expect(await settingsOf(user, siteId)).toMatchObject({
      name: 'Northwind Bakery & Café',
      title: 'Northwind',
      description: 'Sourdough and cinnamon buns in Turku.',
    });
    await reload(page);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Northwind Bakery & Café');
    expect(await page.getByLabel('Description').inputValue()).toBe('Sourdough and cinnamon buns in Turku.');
    await context.close();
  });

  it('undo all changes puts every field back and hides the bar', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId);
    await page.getByLabel('Name', { exact: true }).fill('Something else');
    await page.getByLabel('Theme color', { exact: true }).fill('#112233');
    await page.getByRole('button', { name: 'Undo all changes' }).click();
    await noBar(page);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Northwind Bakery');
    expect(await page.getByLabel('Theme color', { exact: true }).inputValue()).toBe('');
    // Typing a value back to what is saved is no change either.
    await page.getByLabel('Name', { exact: true }).fill('Northwind Bakery!');
    await page.getByRole('button', { name: 'Save (1)' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Northwind Bakery');
    await noBar(page);

    // Leaving with unsaved changes asks first; staying keeps them.
    await page.getByLabel('Name', { exact: true }).fill('Unsaved name');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Publish' }).click();
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await question.getByText(messages.unsavedChanges).waitFor();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await pathOf(page, `/sites/${siteId}/settings/general`);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Unsaved name');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Publish' }).click();
    await page.getByRole('alertdialog', { name: 'Unsaved changes' }).getByRole('button', { name: 'Leave without saving' }).click();
    await pathOf(page, `/sites/${siteId}/settings/publish`);
    await noBar(page);
    expect((await settingsOf(user, siteId)).name).toBe('Northwind Bakery');
    await context.close();
  });

  it('says why a bad value is refused: the name, the description length, and the server about the theme colour', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId);
    await page.getByLabel('Name', { exact: true }).fill('');
    expect(await fieldMessage(page, 'Name')).toBe(messages.siteNameRequired);
    expect(await page.getByRole('button', { name: 'Save (1)' }).isDisabled()).toBe(true);
    await page.getByLabel('Name', { exact: true }).fill('Northwind Bakery');

    await page.getByLabel('Description').fill('x'.repeat(156));
    expect(await fieldMessage(page, 'Description')).toBe('At most 155 characters');
    await page.getByText('156 / 155').waitFor();
    await page.getByLabel('Description').fill('Fine.');

    await page.getByLabel('Theme color', { exact: true }).fill('blue-ish');
    await page.getByRole('button', { name: 'Save (2)' }).click();
    await expect.poll(() => fieldMessage(page, 'Theme color')).toBe(messages.colorInvalid);
    await checkScreen(page, 'settings-general-invalid', { fullPage: false });
    expect((await settingsOf(user, siteId)).description).not.toBe('Fine.');
    await context.close();
  });

  it('languages: main and up to the plan, disabled below 2 languages with the upgrade path where the server takes payment', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId);
    await page.getByRole('button', { name: 'Localize in: Select languages' }).click();
    const picker = page.getByRole('dialog', { name: 'Select language(s)' });
    await picker.getByRole('checkbox', { name: /Finnish/ }).check();
    await picker.getByRole('checkbox', { name: /Swedish/ }).check();
    await picker.getByRole('button', { name: 'Done' }).click();
    await save(page, 1);
    expect((await settingsOf(user, siteId)).languages).toEqual(['en', 'fi', 'sv']);
    // The language switch edits the localized texts per language.
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fi');
    await page.getByLabel('Base title').fill('Pohjoistuuli');
    await save(page, 1);
    expect((await settingsOf(user, siteId)).title).toMatchObject({ _loc: true, fi: 'Pohjoistuuli' });
    await context.close();

    const free = await ownerWithSite(billed, { plan: 1, name: 'Fred Free' });
    const opened = await openSettings(browser, billed, free.user, free.siteId);
    expect(await opened.page.getByLabel('Localize in').isDisabled()).toBe(true);
    await opened.page
      .getByRole('note')
      .getByText(
        'Localizing the site in more languages needs a pricing plan with at least 2 languages. To use it, upgrade your pricing plan.',
      )
      .waitFor();
    await opened.page.getByRole('link', { name: 'Upgrade plan' }).waitFor();
    await opened.context.close();

    // Without payments the admin's free plan still gates, and the notice says who sets plans instead.
    const unbilled = await ownerWithSite(t, { plan: 1, name: 'Una Unbilled' });
    const shown = await openSettings(browser, t, unbilled.user, unbilled.siteId);
    expect(await shown.page.getByLabel('Localize in').isDisabled()).toBe(true);
    await shown.page
      .getByRole('note')
      .getByText(
        'Localizing the site in more languages needs a pricing plan with at least 2 languages. Plans on this server are set by its administrator.',
      )
      .waitFor();
    expect(await shown.page.getByRole('link', { name: 'Upgrade plan' }).count()).toBe(0);
    await shown.context.close();
  });

  it('meta image and favicon: uploaded, previewed, saved; a favicon must be an SVG or a 32x32 PNG', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId);
    await page.getByRole('button', { name: 'Choose favicon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose favicon' });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="14" fill="#e11d48"/></svg>';
    await dialog.getByLabel('Upload a file').setInputFiles({ name: 'mark.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(svg) });
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('img', { name: 'Favicon preview' }).waitFor();
    await save(page, 1);
    expect((await settingsOf(user, siteId)).favicon).toBe('mark.svg');
    await context.close();
  });
});

describe('delete site', () => {
  it('the owner deletes the site by typing its domain, and restores it from the archive', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId);
    await page.getByRole('button', { name: 'Delete site' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Northwind Bakery?' });
    const confirm = dialog.getByRole('button', { name: 'Delete site' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${siteId} to confirm`).fill('northwind');
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${siteId} to confirm`).fill(siteId);
    await checkScreen(page, 'settings-delete-site', { fullPage: false });
    await confirm.click();
    await pathOf(page, '/archive/my');
    const deleted = page.getByTestId('deleted-site').filter({ hasText: siteId });
    await deleted.waitFor();
    expect(await page.getByRole('table').getByText(siteId).count()).toBe(0);
    expect((await user.api.GET('/sites/{siteId}', { params: { path: { siteId } } })).response.status).toBe(404);
    await checkScreen(page, 'archive-deleted-sites');

    await deleted.getByRole('button', { name: 'Restore Northwind Bakery' }).click();
    await page.getByRole('table').getByText(siteId).waitFor();
    await deleted.waitFor({ state: 'detached' });
    expect((await user.api.GET('/sites/{siteId}', { params: { path: { siteId } } })).response.status).toBe(200);
    await context.close();
  });

  it('a collaborator has no danger zone', async () => {
    const { user: owner, siteId } = await ownerWithSite(t);
    const guest = await t.signup('Gail Guest');
    const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    const { context, page } = await openSettings(browser, t, guest, siteId);
    await page.getByLabel('Name', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Delete site' }).count()).toBe(0);
    await context.close();
  });
});
