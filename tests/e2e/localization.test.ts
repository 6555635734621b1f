import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { messages } from '@pagewright/sdk/messages';
import { completionTone } from '../../web/src/localization/completion.js';
import { fixtures, multipart } from '../support/files.js';
import { chatServer } from '../support/formServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic } from '../support/team.js';
import { checkScreen, launch, openAs, pathOf } from './browser.js';
import { ownerWithSite, setPlan, type User } from './settings.js';

/**
 * The localization screen of spec 002 §2 in Chromium against a real server: the pages sidebar with
 * Header and Footer, the table with a completion bar per language in its colour, 'Edit localization'
 * with 'Saved' for 2 s, and AI Translate with its plan gate and the server that has no AI provider.
 */

let t: TestServer;
/** A server without an AI provider. */
let bare: TestServer;
let browser: Browser;
let ai: Awaited<ReturnType<typeof chatServer>>;

beforeAll(async () => {
  ai = await chatServer();
  t = await startTestServer({ AI_API_URL: ai.url, AI_API_KEY: 'sk-local-test-key', AI_MODEL: 'local-model' });
  bare = await startTestServer();
  for (const s of [t, bare]) await s.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await bare?.close();
  await ai?.close();
});

type Table = Schemas['LocalizationTable'];

/** An owner (Pro plan) of a bistro site in English and Finnish. */
const bistro = (server = t) => ownerWithSite(server, { templateId: 'bistro', siteName: 'Bistro' });

async function tableOf(api: PagewrightClient, siteId: string, typeId = 'home') {
  const { data } = await api.GET('/sites/{siteId}/localization', { params: { path: { siteId }, query: { type: 'pages', typeId } } });
  return data as Table;
}

async function openLocalization(server: TestServer, user: User, siteId: string, path = '') {
  const opened = await openAs(browser, server.url, user.session.token, `/sites/${siteId}/localization${path}`);
  await opened.page.getByRole('table', { name: 'Localization' }).waitFor();
  return opened;
}

const bar = (page: Page, label: string) => page.getByRole('progressbar', { name: `${label} complete` });

/** The colour the bar is drawn in, and its tone. */
const barLook = (page: Page, label: string) =>
  bar(page, label).evaluate((el) => ({
    tone: el.getAttribute('data-tone'),
    colour: getComputedStyle(el.firstElementChild!).backgroundColor,
  }));

describe('the localization table', () => {
  it('opens pages/home with no type, lists every page then Header and Footer, and shows a Type column and one column per language', async () => {
    const { user, siteId } = await bistro();
    const { context, page } = await openLocalization(t, user, siteId);
    await pathOf(page, `/sites/${siteId}/localization/pages/home`);
    const { data } = await user.api.GET('/sites/{siteId}/localization', { params: { path: { siteId } } });
    const summary = data as Schemas['LocalizationSummary'];
    const sidebar = page.getByRole('navigation', { name: 'Localization' });
    const links = await sidebar.getByRole('link').allInnerTexts();
    const names = summary.pages.map((p) => (p.type === 'header' ? 'Header' : p.type === 'footer' ? 'Footer' : p.name));
    expect(links.map((l) => l.replace(/\s*\d+%$/, '').trim())).toEqual(names);
    expect(names.slice(-2)).toEqual(['Header', 'Footer']);

    const table = await tableOf(user.api, siteId);
    const headers = await page.getByRole('table', { name: 'Localization' }).getByRole('columnheader').allTextContents();
    expect(headers).toHaveLength(3);
    expect(headers[0]).toBe('Type');
    expect(headers[1]).toMatch(/^English \(en\)main\d+%$/);
    expect(headers[2]).toMatch(/^Finnish \(fi\)\d+%$/);
    const types = await page.getByTestId('localization-row').getByRole('rowheader').allInnerTexts();
    expect(types).toEqual(table.rows.map((r) => r.type));
    expect(types).toEqual(expect.arrayContaining(['Page title', 'Page description', 'Heading', 'Image', 'Image ALT']));
    for (const [language, label] of [
      ['en', 'English (en)'],
      ['fi', 'Finnish (fi)'],
    ] as const) {
      const percent = new Map(Object.entries(table.completion)).get(language)!;
      expect(await bar(page, label).getAttribute('aria-valuenow')).toBe(String(percent));
      expect((await barLook(page, label)).tone).toBe(completionTone(percent));
    }
    await checkScreen(page, 'localization-table');

    // The header is a table of its own.
    await sidebar.getByRole('link', { name: /Header/ }).click();
    await pathOf(page, `/sites/${siteId}/localization/header`);
    await page.getByRole('heading', { name: 'Header' }).waitFor();
    await page.getByTestId('localization-row').first().waitFor();
    await context.close();
  });

  it('colours a language red under 40 %, orange to 70 %, yellow to 90 % and green from 90 %', async () => {
    const { user, siteId } = await bistro();
    const table = await tableOf(user.api, siteId);
    const rows = table.rows.filter((r) => new Map(Object.entries(r.values)).get('en') != null);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    /** Gives Finnish a value on the first `share` of the rows (the English one) and none on the rest. */
    async function finnishOn(share: number) {
      const keep = Math.round(rows.length * share);
      for (const [i, row] of rows.entries()) {
        const en = new Map(Object.entries(row.values)).get('en');
        const fi = row.kind === 'text' && typeof en === 'string' ? `${en} (fi)` : en;
        const { error } = await user.api.PATCH('/sites/{siteId}/localization', {
          params: { path: { siteId } },
          body: { type: 'pages', typeId: 'home', id: row.id, values: { fi: i < keep ? fi : null } },
        });
        expect(error).toBeUndefined();
      }
      return new Map(Object.entries((await tableOf(user.api, siteId)).completion)).get('fi')!;
    }
    const { context, page } = await openLocalization(t, user, siteId);
    const colours = new Map<string, string>();
    for (const [share, tone] of [
      [0.2, 'red'],
      [0.55, 'orange'],
      [0.8, 'yellow'],
      [1, 'green'],
    ] as const) {
      const percent = await finnishOn(share);
      expect(completionTone(percent)).toBe(tone);
      await page.reload();
      await expect.poll(() => bar(page, 'Finnish (fi)').getAttribute('aria-valuenow')).toBe(String(percent));
      const look = await barLook(page, 'Finnish (fi)');
      expect(look.tone).toBe(tone);
      colours.set(tone, look.colour);
    }
    // Four tones, four different colours.
    expect(new Set(colours.values()).size).toBe(4);
    await context.close();
  });
});

describe('Edit localization', () => {
  it("saves a language's text and says 'Saved' for 2 seconds; the table and the completion follow", async () => {
    const { user, siteId } = await bistro();
    const before = await tableOf(user.api, siteId);
    const heading = before.rows.find((r) => r.type === 'Heading')!;
    const { context, page } = await openLocalization(t, user, siteId);
    await page.locator(`[data-row="${heading.id}"]`).getByRole('button').click();
    const panel = page.getByRole('form', { name: 'Edit localization' });
    await panel.getByLabel('English (en) · main language').waitFor();
    await panel.getByLabel('Finnish (fi)').fill('Tervetuloa bistroon');
    await checkScreen(page, 'localization-edit', { fullPage: false });
    await panel.getByRole('button', { name: 'Save' }).click();
    const saved = panel.getByRole('status').filter({ hasText: 'Saved' });
    await saved.waitFor();
    // Gone after its 2 seconds.
    await saved.waitFor({ state: 'detached', timeout: 10_000 });
    const after = await tableOf(user.api, siteId);
    expect(new Map(Object.entries(after.rows.find((r) => r.id === heading.id)!.values)).get('fi')).toBe('Tervetuloa bistroon');
    await page.locator(`[data-row="${heading.id}"]`).filter({ hasText: 'Tervetuloa bistroon' }).waitFor();
    // The editor's undo counts it.
    const { response } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    expect(response.headers.get('X-History')).toMatch(/^[1-9]\d*\|/);
    await context.close();
  });

  it('edits rich text in the rich-text editor and chooses an image in the image picker', async () => {
    const { user, siteId } = await bistro();
    const privacy = await tableOf(user.api, siteId, 'privacy');
    const rich = privacy.rows.find((r) => r.kind === 'richtext')!;
    const { context, page } = await openLocalization(t, user, siteId, '/pages/privacy');
    await page.locator(`[data-row="${rich.id}"]`).click();
    const panel = page.getByRole('form', { name: 'Edit localization' });
    // The shared rich-text editor, one per language.
    const finnish = panel.getByRole('textbox', { name: 'Finnish (fi)' });
    const blocks = new Map(Object.entries(rich.values)).get('fi') as { type: string; value: unknown }[];
    const first = blocks.find((b) => b.type === 'h2')!;
    const heading = finnish.locator('h2').first();
    await expect.poll(() => heading.innerText()).toBe(first.value);
    await checkScreen(page, 'localization-richtext', { fullPage: false });
    await heading.click({ clickCount: 3 });
    await page.keyboard.type('Rekisterinpitäjän tiedot');
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const saved = new Map(Object.entries((await tableOf(user.api, siteId, 'privacy')).rows.find((r) => r.id === rich.id)!.values)).get(
      'fi',
    );
    expect(saved).toEqual(expect.arrayContaining([{ type: 'h2', value: 'Rekisterinpitäjän tiedot' }]));
    await panel.getByRole('button', { name: 'Close', exact: true }).click();

    const home = await tableOf(user.api, siteId);
    // An image is chosen in the shared image picker, from the site's assets.
    const { body, contentType } = multipart([{ field: 'file0', filename: 'hero-fi.png', data: await fixtures.png(80, 60) }]);
    const uploaded = await fetch(`${t.url}/api/sites/${siteId}/files`, {
      method: 'POST',
      headers: { authorization: basic(user.session.token), 'content-type': contentType },
      body,
    });
    expect(uploaded.status).toBe(201);
    const image = home.rows.find((r) => r.kind === 'image')!;
    await page.getByRole('navigation', { name: 'Localization' }).getByRole('link', { name: /Home/ }).click();
    await page.locator(`[data-row="${image.id}"]`).click();
    await panel.getByRole('button', { name: 'Choose image for Finnish (fi)' }).click();
    await page.getByRole('listbox', { name: 'Site images' }).getByRole('option', { name: 'hero-fi.png' }).click();
    const finnishImage = panel.getByRole('group', { name: 'Finnish (fi)' });
    await expect.poll(() => finnishImage.getByTestId('image-value').innerText()).toBe('hero-fi.png');
    // Its picture shows, though the file came after the library was first read.
    await expect
      .poll(() => finnishImage.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await checkScreen(page, 'localization-image', { fullPage: false });
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const stored = (await tableOf(user.api, siteId)).rows.find((r) => r.id === image.id)!;
    expect(new Map(Object.entries(stored.values)).get('fi')).toBe('hero-fi.png');
    await context.close();
  });
});

describe('AI Translate', () => {
  it('fills the other languages from the main one and hides itself; Save stores them', async () => {
    ai.state.reply = () => JSON.stringify({ fi: 'Hyvää ruokaa' });
    const { user, siteId } = await bistro();
    const heading = (await tableOf(user.api, siteId)).rows.find((r) => r.type === 'Heading')!;
    const { context, page } = await openLocalization(t, user, siteId);
    await page.locator(`[data-row="${heading.id}"]`).click();
    const panel = page.getByRole('form', { name: 'Edit localization' });
    await panel.getByRole('button', { name: 'AI Translate' }).click();
    await expect.poll(() => panel.getByLabel('Finnish (fi)').inputValue()).toBe('Hyvää ruokaa');
    expect(await panel.getByRole('button', { name: 'AI Translate' }).count()).toBe(0);
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    const row = (await tableOf(user.api, siteId)).rows.find((r) => r.id === heading.id)!;
    expect(new Map(Object.entries(row.values)).get('fi')).toBe('Hyvää ruokaa');
    await context.close();
  });

  it("says the plan's gate plainly to an owner whose plan has no AI", async () => {
    const { user, siteId } = await bistro();
    await setPlan(t, user.session.id, 1);
    const heading = (await tableOf(user.api, siteId)).rows.find((r) => r.type === 'Heading')!;
    const { context, page } = await openLocalization(t, user, siteId);
    await page.locator(`[data-row="${heading.id}"]`).click();
    const panel = page.getByRole('form', { name: 'Edit localization' });
    await panel.getByRole('button', { name: 'AI Translate' }).click();
    await panel.getByRole('alert').filter({ hasText: messages.aiDisabledOwner }).waitFor();
    expect(await page.getByTestId('error-toast').count()).toBe(0);
    await checkScreen(page, 'localization-ai-gate', { fullPage: false });
    await context.close();
  });

  it('is not offered on a server without an AI provider', async () => {
    const { user, siteId } = await bistro(bare);
    const heading = (await tableOf(user.api, siteId)).rows.find((r) => r.type === 'Heading')!;
    const { context, page } = await openLocalization(bare, user, siteId);
    await page.locator(`[data-row="${heading.id}"]`).click();
    const panel = page.getByRole('form', { name: 'Edit localization' });
    await panel.getByRole('button', { name: 'Close', exact: true }).waitFor();
    expect(await panel.getByRole('button', { name: 'AI Translate' }).count()).toBe(0);
    await context.close();
  });
});

describe('the CMS and Localization toggle', () => {
  it('links the two screens, the current one marked', async () => {
    const { user, siteId } = await bistro();
    const { context, page } = await openLocalization(t, user, siteId);
    const toggle = page.getByRole('navigation', { name: 'Content' });
    expect(await toggle.getByRole('link', { name: 'Localization' }).getAttribute('aria-current')).toBe('page');
    expect(await toggle.getByRole('link', { name: 'CMS' }).getAttribute('href')).toBe(`/sites/${siteId}/cms`);
    // The site's own navigation keeps its CMS entry lit: localization is the CMS screen's other half.
    const siteNav = page.getByRole('navigation', { name: 'Site' });
    expect(await siteNav.getByRole('link', { name: 'CMS' }).getAttribute('aria-current')).toBe('page');
    expect(await siteNav.getByRole('link', { name: 'Pages' }).getAttribute('aria-current')).toBeNull();
    await toggle.getByRole('link', { name: 'CMS' }).click();
    await page.waitForURL(`**/sites/${siteId}/cms**`);
    expect(await siteNav.getByRole('link', { name: 'CMS' }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });
});
