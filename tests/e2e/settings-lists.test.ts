import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { runCli } from '../cli/run.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, fieldMessage, launch, openAs, pathOf, settled } from './browser.js';
import { openSettings, ownerWithSite } from './settings.js';

/** Redirects, collaborators, versions and API keys. */

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

const redirectsOf = async (api: Awaited<ReturnType<typeof ownerWithSite>>['user']['api'], siteId: string) =>
  (await api.GET('/sites/{siteId}/redirects', { params: { path: { siteId } } })).data!.redirects.map(({ from, to }) => ({ from, to }));

describe('redirects', () => {
  it('starts with "Create your first redirect", creates, edits and deletes through the panel', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId, 'redirects');
    await page.getByRole('heading', { name: messages.redirectsEmpty }).waitFor();
    await checkScreen(page, 'settings-redirects-empty');
    await page.getByRole('button', { name: 'New redirect' }).click();
    await pathOf(page, `/sites/${siteId}/settings/redirects/create`);
    // Both inputs are required in the panel.
    await page.getByRole('button', { name: 'Create redirect' }).click();
    expect(await fieldMessage(page, 'From')).toBe(messages.redirectFromRequired);
    await page.getByLabel('From', { exact: true }).fill('/menu-2023');
    await page.getByLabel('To', { exact: true }).fill('/menu');
    await checkScreen(page, 'settings-redirects-panel', { fullPage: false });
    await page.getByRole('button', { name: 'Create redirect' }).click();
    await pathOf(page, `/sites/${siteId}/settings/redirects`);
    await page.getByTestId('redirect-row').filter({ hasText: '/menu-2023' }).waitFor();
    expect(await redirectsOf(user.api, siteId)).toEqual([{ from: '/menu-2023', to: '/menu' }]);

    // A second redirect from the same path is ignored by the server: the panel says so.
    await page.getByRole('button', { name: 'New redirect' }).click();
    await page.getByLabel('From', { exact: true }).fill('/menu-2023');
    await page.getByLabel('To', { exact: true }).fill('/elsewhere');
    await page.getByRole('button', { name: 'Create redirect' }).click();
    await expect.poll(() => fieldMessage(page, 'From')).toBe('A redirect from this path exists already');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByTestId('redirect-row').filter({ hasText: '/menu-2023' }).click();
    await pathOf(page, `/sites/${siteId}/settings/redirects/edit/0`);
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('/menu-2023');
    await page.getByLabel('To', { exact: true }).fill('https://menu.example.com/');
    await page.getByRole('button', { name: 'Save redirect' }).click();
    await page.getByTestId('redirect-row').filter({ hasText: 'https://menu.example.com/' }).waitFor();
    await checkScreen(page, 'settings-redirects');
    expect(await redirectsOf(user.api, siteId)).toEqual([{ from: '/menu-2023', to: 'https://menu.example.com/' }]);

    await page.getByRole('button', { name: 'Delete the redirect from /menu-2023' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: messages.redirectsEmpty }).waitFor();
    expect(await redirectsOf(user.api, siteId)).toEqual([]);
    await context.close();
  });

  it('imports a CSV after a preview that marks new, existing and invalid rows', async () => {
    const { user, siteId } = await ownerWithSite(t);
    await user.api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: { from: '/kept', to: '/here' } });
    const { context, page } = await openSettings(browser, t, user, siteId, 'redirects');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import redirects' });
    const csv = 'from,to\n/a,/b\n/kept,/there\nbad,/x\n"/with,comma",https://example.com/\n';
    await dialog.getByLabel('CSV file').setInputFiles({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByTestId('import-row').nth(3).waitFor();
    expect(await dialog.getByTestId('import-row').allInnerTexts()).toEqual([
      '/a\t/b\tNew',
      '/kept\t/there\tExists A redirect from this path exists',
      `bad\t/x\tInvalid ${messages.redirectFromInvalid}`,
      '/with,comma\thttps://example.com/\tNew',
    ]);
    await checkScreen(page, 'settings-redirects-import', { fullPage: false });
    await dialog.getByRole('button', { name: 'Import 2 redirects' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('redirect-row').nth(2).waitFor();
    expect(await redirectsOf(user.api, siteId)).toEqual([
      { from: '/kept', to: '/here' },
      { from: '/a', to: '/b' },
      { from: '/with,comma', to: 'https://example.com/' },
    ]);
    await context.close();
  });
});

describe('collaborators', () => {
  it('invite → join → lock → remove, across two browsers', async () => {
    const { user: owner, siteId } = await ownerWithSite(t);
    const guest = await t.signup('Gina Guest');
    const ownerView = await openSettings(browser, t, owner, siteId, 'collaborators');
    const page = ownerView.page;
    await page.getByTestId('collaborator-row').filter({ hasText: 'Olivia Owner' }).getByText('Owner', { exact: true }).waitFor();
    // The owner cannot be locked, and nobody removes the owner.
    expect(await page.getByRole('switch', { name: /Lock Olivia/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Remove Olivia Owner' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Invite' }).click();
    const row = page.getByTestId('invitation-row');
    await row.waitFor();
    const code = await row.locator('code').innerText();
    await checkScreen(page, 'settings-collaborators-invite');

    // The guest follows the invite link in their own browser.
    const joined = await openAs(browser, t.url, guest.session.token, `/join?code=${code}`);
    expect(await joined.page.getByLabel('Join code').inputValue()).toBe(code);
    await joined.page.getByRole('button', { name: /Join/ }).click();
    await pathOf(joined.page, '/');
    await settled(joined.page);

    await page.reload();
    const guestRow = page.getByTestId('collaborator-row').filter({ hasText: 'Gina Guest' });
    await guestRow.waitFor();
    expect(await page.getByTestId('invitation-row').count()).toBe(0);
    await page.getByRole('switch', { name: 'Lock Gina Guest' }).click();
    await expect
      .poll(
        async () =>
          (await owner.api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } })).data!.collaborators.find(
            (c) => c.name === 'Gina Guest',
          )?.isLocked,
      )
      .toBe(true);

    // The locked guest sees the settings read-only, and their own Remove is disabled.
    await joined.page.goto(`/sites/${siteId}/settings/collaborators`);
    await joined.page.getByTestId('collaborator-row').filter({ hasText: 'Gina Guest' }).waitFor();
    expect(await joined.page.getByRole('button', { name: 'Remove Gina Guest' }).isDisabled()).toBe(true);
    await joined.page.goto(`/sites/${siteId}/settings/general`);
    expect(await joined.page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Remove Gina Guest' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await guestRow.waitFor({ state: 'detached' });
    expect(
      (await owner.api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } })).data!.collaborators.map((c) => c.name),
    ).toEqual(['Olivia Owner']);
    await joined.context.close();
    await ownerView.context.close();
  });

  it('copies the invite link, withdraws an invitation, and says the plan limit', async () => {
    const { user, siteId } = await ownerWithSite(t, { plan: 1 });
    const { context, page } = await openSettings(browser, t, user, siteId, 'collaborators');
    // The server takes no payment (issue 28): the limit is the administrator's, with no upgrade offered.
    await page.getByText('Your pricing plan does not include collaborators. Plans on this server are set by its administrator.').waitFor();
    expect(await page.getByRole('button', { name: 'Invite' }).isDisabled()).toBe(true);
    expect(await page.getByRole('link', { name: 'Upgrade plan' }).count()).toBe(0);
    await context.close();

    const pro = await ownerWithSite(t);
    const opened = await openSettings(browser, t, pro.user, pro.siteId, 'collaborators');
    await opened.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await opened.page.getByRole('button', { name: 'Invite' }).click();
    const code = await opened.page.getByTestId('invitation-row').locator('code').innerText();
    await opened.page.getByRole('button', { name: 'Copy invite link' }).click();
    await opened.page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await opened.page.evaluate(() => navigator.clipboard.readText())).toBe(`${t.url}/join?code=${code}`);
    await opened.page.getByRole('button', { name: `Withdraw invitation ${code}` }).click();
    await opened.page.getByText('No open invitations.').waitFor();
    expect(
      (await pro.user.api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId: pro.siteId } } })).data!.invitations,
    ).toEqual([]);
    await opened.context.close();
  });
});

describe('versions', () => {
  it('saves a version, lists title, hash, author, date and live, downloads it, and rolls back with confirmation', async () => {
    const { user, siteId } = await ownerWithSite(t);
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { name: 'Before the version' } });
    const { context, page } = await openSettings(browser, t, user, siteId, 'versions');
    await page.getByTestId('version-row').first().waitFor();
    await page.getByRole('button', { name: 'Save version' }).click();
    await page.getByRole('dialog', { name: 'Save version' }).getByLabel('Title').fill('Spring menu');
    await page.getByRole('dialog', { name: 'Save version' }).getByRole('button', { name: 'Save version' }).click();
    const first = page.getByTestId('version-row').first();
    await first.getByText('Spring menu').waitFor();
    expect(await first.innerText()).toContain('Olivia Owner');
    const versions = (await user.api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } })).data!;
    expect(await first.locator('code').innerText()).toBe(versions[0]!.hash.slice(0, 8));
    await checkScreen(page, 'settings-versions');

    const download = page.waitForEvent('download');
    await first.getByRole('button', { name: 'Download Spring menu' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(versions[0]!.download.name);
    const saved = path.join(os.tmpdir(), `pw-version-${Date.now()}.json`);
    await file.saveAs(saved);
    expect(JSON.parse(fs.readFileSync(saved, 'utf8')).settings.name).toBe('Before the version');
    fs.rmSync(saved);

    // A change after the version, then roll back to it.
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { name: 'After the version' } });
    await page.reload();
    await page.getByRole('button', { name: 'Roll back' }).click();
    await page
      .getByRole('alertdialog')
      .getByText('Return the site to its last saved version? 1 change since the last version is discarded.')
      .waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Roll back' }).click();
    await expect
      .poll(async () => (await user.api.GET('/sites/{siteId}', { params: { path: { siteId } } })).data!.name)
      .toBe('Before the version');
    await expect.poll(() => page.getByRole('button', { name: 'Roll back' }).isDisabled()).toBe(true);
    await context.close();
  });
});

describe('API keys', () => {
  it('creates a key in the browser, shows it once with copy, and the CLI uses it; lock, rename and delete', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId, 'api-keys');
    await page.getByRole('heading', { name: messages.noApiKeys }).waitFor();
    await checkScreen(page, 'settings-api-keys-empty');
    await page.getByRole('button', { name: 'Create API key' }).click();
    await page.getByRole('dialog', { name: 'Create API key' }).getByLabel('Name').fill('CI deploy');
    await page.getByRole('dialog', { name: 'Create API key' }).getByRole('button', { name: 'Create' }).click();
    const created = page.getByRole('dialog', { name: 'API key created' });
    const key = await created.getByTestId('api-key-secret').innerText();
    expect(key).toMatch(/^pw_[A-Za-z0-9]{8}_/);
    await created.getByRole('button', { name: 'Copy API key' }).waitFor();
    await checkScreen(page, 'settings-api-key-created', { fullPage: false });
    await created.getByRole('button', { name: 'Done' }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: 'CI deploy' });
    await row.waitFor();
    expect(await page.getByText(key).count()).toBe(0);

    // The key from the browser works from the command line.
    const home = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-'));
    const env = { PAGEWRIGHT_API_KEY: key, PAGEWRIGHT_URL: t.url, XDG_CONFIG_HOME: home, HOME: home };
    await user.api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: { from: '/cli', to: '/ok' } });
    const listed = await runCli(['redirects', 'list', '--site', siteId, '--json'], { env });
    expect(listed.stderr).toBe('');
    expect(JSON.parse(listed.stdout)).toMatchObject({ redirects: [{ from: '/cli', to: '/ok' }] });
    await page.reload();
    await row.getByText('1', { exact: true }).waitFor();
    await checkScreen(page, 'settings-api-keys');

    // Locked, the key is refused.
    await page.getByRole('switch', { name: /Lock CI deploy/ }).click();
    await expect
      .poll(async () => (await user.api.GET('/sites/{siteId}/api-keys', { params: { path: { siteId } } })).data![0]!.isLocked)
      .toBe(true);
    const refused = await runCli(['redirects', 'list', '--site', siteId], { env });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(messages.apiKeyLocked);

    await page.getByRole('button', { name: 'Actions for CI deploy' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Rename API key' }).getByLabel('Name').fill('GitHub Actions');
    await page.getByRole('dialog', { name: 'Rename API key' }).getByRole('button', { name: 'Rename' }).click();
    await page.getByTestId('api-key-row').filter({ hasText: 'GitHub Actions' }).waitFor();
    await page.getByRole('button', { name: 'Actions for GitHub Actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: messages.noApiKeys }).waitFor();
    fs.rmSync(home, { recursive: true, force: true });
    await context.close();
  });

  it('tells a collaborator that only the site owner can create API-keys', async () => {
    const { user: owner, siteId } = await ownerWithSite(t);
    const guest = await t.signup('Carl Collaborator');
    const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    const { context, page } = await openSettings(browser, t, guest, siteId, 'api-keys');
    await page.getByRole('heading', { name: messages.apiKeyOwnerOnly }).waitFor();
    expect(await page.getByRole('button', { name: 'Create API key' }).count()).toBe(0);
    await context.close();
  });
});
