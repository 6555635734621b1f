import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { startTestServer, type TestServer } from '../support/server.js';
import { launch, openAs } from './browser.js';
import { openSettings, ownerWithSite } from './settings.js';

/**
 * Localization (issue 30 point 5) from a fresh bistro site in English and Finnish: every language in
 * the picker has a name (Northern Sami, `se`), images are not missing translations, and a change of
 * the main language's text marks the other languages' texts stale until they are written or kept.
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

type Table = Schemas['LocalizationTable'];
async function tableOf(api: PagewrightClient, siteId: string) {
  const { data } = await api.GET('/sites/{siteId}/localization', {
    params: { path: { siteId }, query: { type: 'pages', typeId: 'home' } },
  });
  return data as Table;
}

describe('the localization screen', () => {
  it('names Northern Sami, leaves images out of the missing, and marks and clears stale translations', async () => {
    const { user, siteId } = await ownerWithSite(t, { templateId: 'bistro', siteName: 'Bistro' });

    // General settings: Northern Sami is found by its name and added.
    const settings = await openSettings(browser, t, user, siteId, 'general');
    await settings.page.getByRole('button', { name: 'Localize in: Select languages' }).click();
    const picker = settings.page.getByTestId('language-picker');
    await picker.getByLabel('Search languages').fill('sami');
    await picker.getByRole('checkbox', { name: /Northern Sami \(se\)/ }).check();
    await picker.getByRole('button', { name: 'Done' }).click();
    await settings.page.getByRole('list', { name: 'Localized languages' }).getByText('Northern Sami (se)').waitFor();
    await settings.page.getByRole('button', { name: /^Save \(\d+\)$/ }).click();
    await expect
      .poll(async () => (await user.api.GET('/sites/{siteId}', { params: { path: { siteId } } })).data!.settings!.languages)
      .toEqual(['en', 'fi', 'se']);
    await settings.context.close();

    const { context, page } = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/localization/pages/home`);
    const table = page.getByRole('table', { name: 'Localization' });
    await table.waitFor();
    await page.getByTestId('language-se').getByText('Northern Sami (se)').waitFor();

    // An image without a Finnish picture of its own shows the main one; it is not Missing, nor counted.
    const before = await tableOf(user.api, siteId);
    const image = before.rows.find((r) => r.kind === 'image' && r.values.fi === null)!;
    const imageRow = page.locator(`[data-row="${image.id}"]`);
    expect(await imageRow.innerText()).toContain('Same as the main language');
    expect(await imageRow.innerText()).not.toContain('Missing');
    const texts = before.rows.filter((r) => r.kind !== 'image');
    const fiDone = Math.floor((100 * texts.filter((r) => r.values.fi !== null).length) / texts.length);
    expect(fiDone).toBeGreaterThan(Math.floor((100 * before.rows.filter((r) => r.values.fi !== null).length) / before.rows.length));
    expect(await page.getByRole('progressbar', { name: 'Finnish (fi) complete' }).getAttribute('aria-valuenow')).toBe(String(fiDone));

    // The English heading changes: its Finnish text was made from the old one, and says so.
    const heading = before.rows.find((r) => r.type === 'Heading' && r.values.fi !== null)!;
    const row = page.locator(`[data-row="${heading.id}"]`);
    expect(await row.getByTestId('stale-translation').count()).toBe(0);
    await row.getByRole('button').first().click();
    const panel = page.getByRole('form', { name: 'Edit localization' });
    await panel.getByLabel('English (en) · main language').fill('Seasonal plates, cooked slowly');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await row.getByTestId('stale-translation').waitFor();
    expect(await row.getByTestId('stale-translation').count()).toBe(1);
    const note = panel.getByTestId('stale-note');
    await note.waitFor();
    expect(await note.innerText()).toContain("The main language's text changed after this was translated.");
    expect((await tableOf(user.api, siteId)).rows.find((r) => r.id === heading.id)!.stale).toEqual(['fi']);

    // The translator reads it and keeps it: the mark goes.
    await note.getByRole('button', { name: 'Keep translation' }).click();
    await note.waitFor({ state: 'detached' });
    await expect.poll(() => row.getByTestId('stale-translation').count()).toBe(0);
    expect((await tableOf(user.api, siteId)).rows.find((r) => r.id === heading.id)!.stale).toEqual([]);

    // Changed again, then translated anew: a new Finnish text is up to date.
    await panel.getByLabel('English (en) · main language').fill('Seasonal plates, cooked slowly, served warm');
    await panel.getByRole('button', { name: 'Save' }).click();
    await row.getByTestId('stale-translation').waitFor();
    await panel.getByLabel('Finnish (fi)').fill('Kauden annoksia, hitaasti kypsennettyjä');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row.getByTestId('stale-translation').count()).toBe(0);
    expect((await tableOf(user.api, siteId)).rows.find((r) => r.id === heading.id)!.stale).toEqual([]);
    await context.close();
  });
});
