import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { recordEvent } from '../../server/src/core/events.js';
import { userTag } from '../../server/src/core/held.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, launch, openAs, pathOf, toastText } from './browser.js';

const DAY = 24 * 60 * 60_000;

let t: TestServer;
let browser: Browser;
type User = Awaited<ReturnType<TestServer['signup']>>;
let admin: User;
let oona: User;
let sami: User;

beforeAll(async () => {
  t = await startTestServer();
  // The first account of an instance is its admin.
  admin = await t.signup('Ada Admin');
  oona = await t.signup('Oona Oulu');
  sami = await t.signup('Sami Stockholm');
  await oona.api.PATCH('/user', { body: { city: 'Oulu', country: 'FI' } });
  await sami.api.PATCH('/user', { body: { city: 'Stockholm', country: 'SE' } });
  await oona.api.POST('/sites', { body: { name: 'Northern lights', siteId: 'aurora.example.com', templateId: 'launch' } });
  await sami.api.POST('/sites', { body: { name: 'Archipelago', siteId: 'islands.example.se', templateId: 'folio' } });

  const at = (daysAgo: number) => ({ ...t.pw.deps, now: () => Date.now() - daysAgo * DAY });
  // Sections: Oona twice and Sami once this week, Oona 10 and 20 days ago, Sami 40 days ago.
  await recordEvent(at(0), 'sectionsAdd', oona.session.id, 'aurora.example.com');
  await recordEvent(at(1), 'sectionsAdd', oona.session.id, 'aurora.example.com');
  await recordEvent(at(2), 'sectionsAdd', sami.session.id, 'islands.example.se');
  await recordEvent(at(10), 'sectionsAdd', oona.session.id, null);
  await recordEvent(at(20), 'sectionsAdd', oona.session.id, null);
  await recordEvent(at(40), 'sectionsAdd', sami.session.id, null);
  // Exports: two last week, none this week.
  await recordEvent(at(8), 'exports', oona.session.id, null);
  await recordEvent(at(9), 'exports', sami.session.id, null);
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

const bodyRows = (page: Page) => page.getByRole('table').locator('tbody tr');

describe('admin users: plans and suspension', () => {
  it('puts a user on a plan from the menu, marked as set by an admin', async () => {
    const { context, page } = await openAs(browser, t.url, admin.session.token, '/admin/users');
    const plan = page.getByLabel('Plan of Oona Oulu');
    await expect.poll(() => plan.inputValue()).toBe('1');
    expect(await plan.locator('option').allInnerTexts()).toEqual(['Free', 'Pro', 'Business']);
    await plan.selectOption({ label: 'Pro' });
    await bodyRows(page).filter({ hasText: 'Oona Oulu' }).getByText('Set by an admin').waitFor();
    expect((await oona.api.GET('/user')).data!.subscription.planId).toBe(2);
    await checkScreen(page, 'admin-users-plans');
    await context.close();
  });

  it('shows the accounts of a server without payments or a default plan on every feature, until the admin picks a plan', async () => {
    // Issue 28: neither Stripe nor DEFAULT_PLAN_ID, so plans gate nothing for an account the admin did not put on one.
    const open = await startTestServer({ DEFAULT_PLAN_ID: '' });
    try {
      const owner = await open.signup('Ari Admin');
      const user = await open.signup('Elsa Every');
      const { context, page } = await openAs(browser, open.url, owner.session.token, '/admin/users');
      const plan = page.getByLabel('Plan of Elsa Every');
      await expect.poll(() => plan.locator('option:checked').innerText()).toBe('Every feature');
      expect(await plan.locator('option').allInnerTexts()).toEqual(['Every feature', 'Free', 'Pro', 'Business']);
      expect(await bodyRows(page).filter({ hasText: 'Elsa Every' }).getByText('Set by an admin').count()).toBe(0);
      await checkScreen(page, 'admin-users-every-feature');

      await plan.selectOption({ label: 'Free' });
      await bodyRows(page).filter({ hasText: 'Elsa Every' }).getByText('Set by an admin').waitFor();
      expect(await plan.locator('option:checked').innerText()).toBe('Free');
      expect((await user.api.GET('/user')).data!.plan).toMatchObject({ id: 1, name: 'Free' });
      await context.close();
    } finally {
      await open.close();
    }
  });

  it('suspends a user after asking, signs them out at once, and reactivates them; never the admin themself', async () => {
    const { context, page } = await openAs(browser, t.url, admin.session.token, '/admin/users');
    expect(await page.getByRole('switch', { name: 'Suspend Ada Admin' }).isDisabled()).toBe(true);
    const toggle = page.getByRole('switch', { name: 'Suspend Sami Stockholm' });
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    const dialog = page.getByRole('alertdialog', { name: 'Suspend Sami Stockholm?' });
    await dialog.waitFor();
    await checkScreen(page, 'admin-users-suspend-confirm', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    expect((await sami.api.GET('/user')).response.status).toBe(200);

    // Sami has the app open meanwhile: the suspension signs that tab out at once.
    const samiTab = await openAs(browser, t.url, sami.session.token, '/');
    await toggle.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend' }).click();
    await pathOf(samiTab.page, '/auth/login');
    await samiTab.context.close();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('heading', { name: /1 suspended/ }).waitFor();
    expect((await sami.api.GET('/user')).response.status).toBe(401);
    const refused = await t.client().POST('/auth/login', { body: { email: sami.session.email, password: sami.password } });
    expect(refused.error).toMatchObject({ error: messages.accountSuspended });
    await checkScreen(page, 'admin-users-suspended');

    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('false');
    const again = await t.client().POST('/auth/login', { body: { email: sami.session.email, password: sami.password } });
    expect(again.response.status).toBe(200);
    await context.close();
  });
});

describe('admin users', () => {
  it('lists every user with image, name, e-mail, city, country and created, and searches them', async () => {
    const { context, page } = await openAs(browser, t.url, admin.session.token, '/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
    await pathOf(page, '/admin/users');
    await page.getByRole('heading', { name: 'Users (3)' }).waitFor();
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual([
      'IMAGE',
      'NAME',
      'E-MAIL',
      'CITY',
      'COUNTRY',
      'CREATED',
      'PLAN',
      'SUSPENDED',
    ]);
    const listed = (await admin.api.GET('/admin/users')).data!;
    expect(await bodyRows(page).locator('td:nth-child(3)').allInnerTexts()).toEqual(listed.map((u) => u.email));
    const today = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'Europe/Helsinki' }).format(
      new Date(),
    );
    const oonaRow = bodyRows(page).filter({ hasText: 'Oona Oulu' });
    // The image column: her initials, drawn from the avatar's data-initials (generated content, not text).
    expect(await oonaRow.locator('td').first().locator('[data-initials]').getAttribute('data-initials')).toBe('OO');
    expect((await oonaRow.locator('td').allInnerTexts()).slice(0, 6)).toEqual(['', 'Oona Oulu', oona.session.email, 'Oulu', 'FI', today]);
    await bodyRows(page).filter({ hasText: 'Ada Admin' }).getByText('Admin', { exact: true }).waitFor();
    await checkScreen(page, 'admin-users');

    await page.getByLabel('Search users').fill('stockholm');
    expect(await bodyRows(page).locator('td:nth-child(2)').allInnerTexts()).toEqual(['Sami Stockholm']);
    await page.getByLabel('Search users').fill('nobody at all');
    await page.getByRole('heading', { name: 'No matching users' }).waitFor();
    await context.close();
  });
});

describe('admin sites', () => {
  it('lists every site with its domain, name, owner and created', async () => {
    const { context, page } = await openAs(browser, t.url, admin.session.token, '/admin/users');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Sites' }).click();
    await pathOf(page, '/admin/sites');
    await page.getByRole('heading', { name: 'Sites (2)' }).waitFor();
    expect(await page.getByRole('columnheader').allInnerTexts()).toEqual(['DOMAIN', 'NAME', 'OWNER', 'CREATED']);
    expect(await bodyRows(page).locator('td:first-child').allInnerTexts()).toEqual(['islands.example.se', 'aurora.example.com']);
    expect(await bodyRows(page).filter({ hasText: 'aurora.example.com' }).locator('td').nth(2).innerText()).toBe('Oona Oulu');
    await checkScreen(page, 'admin-sites');

    await page.getByLabel('Search sites').fill('oona');
    expect(await bodyRows(page).locator('td:first-child').allInnerTexts()).toEqual(['aurora.example.com']);
    await context.close();
  });
});

describe('admin activity', () => {
  it('shows each counter for 7 and 30 days against the windows before, for all events or unique users', async () => {
    const { context, page } = await openAs(browser, t.url, admin.session.token, '/admin/activity');
    const sections = page.getByTestId('counter-sectionsAdd');
    await sections.waitFor();
    /** A window as read: its label, its count, and the comparison with the window before it. */
    const windowOf = (counter: string, days: number) =>
      page
        .getByTestId(`counter-${counter}`)
        .getByTestId(`window-${days}`)
        .evaluate((row) => [
          row.querySelector('dt')!.textContent,
          ...[...row.querySelectorAll('dd > span')].map((span) => span.textContent),
        ]);
    const total = (counter: string) => page.getByTestId(`counter-${counter}`).locator('p').first().innerText();

    // All events: 3 this week against 1 the week before; 5 this month against 1 the month before.
    expect(await page.getByRole('radio', { name: 'All events' }).getAttribute('aria-checked')).toBe('true');
    expect(await total('sectionsAdd')).toBe('6');
    expect(await windowOf('sectionsAdd', 7)).toEqual(['Last 7 days', '3', '+200% (previous 7 days: 1)']);
    expect(await windowOf('sectionsAdd', 30)).toEqual(['Last 30 days', '5', '+400% (previous 30 days: 1)']);
    expect(await windowOf('exports', 7)).toEqual(['Last 7 days', '0', '−100% (previous 7 days: 2)']);
    expect(await windowOf('styleEdit', 30)).toEqual(['Last 30 days', '0', 'no change (previous 30 days: 0)']);
    await page.getByRole('row', { name: 'Finland (FI) 1' }).waitFor();
    await page.getByRole('row', { name: 'Sweden (SE) 1' }).waitFor();
    await checkScreen(page, 'admin-activity');

    // Unique users: Oona and Sami this week, Oona alone the week before.
    await page.getByRole('radio', { name: 'Unique users' }).click();
    await page.getByText('Distinct users who did each thing.', { exact: false }).waitFor();
    await expect.poll(() => total('sectionsAdd')).toBe('2');
    expect(await windowOf('sectionsAdd', 7)).toEqual(['Last 7 days', '2', '+100% (previous 7 days: 1)']);
    expect(await windowOf('sectionsAdd', 30)).toEqual(['Last 30 days', '2', '+100% (previous 30 days: 1)']);
    const unique = (await admin.api.GET('/admin/activity', { params: { query: { type: 'unique' } } })).data!;
    expect(unique.counters.sectionsAdd).toEqual({ total: 2, last7: 2, prev7: 1, last30: 2, prev30: 1 });
    await checkScreen(page, 'admin-activity-unique');
    await context.close();
  });
});

describe('admin gate', () => {
  it('shows no Admin link to other users and sends them home from admin paths', async () => {
    const { context, page } = await openAs(browser, t.url, oona.session.token, '/admin/activity');
    await pathOf(page, '/');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Oona$/ }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    expect((await oona.api.GET('/admin/users')).response.status).toBe(404);
    await context.close();
  });

  it('shows the refusal in the toast when the admin right is taken away meanwhile', async () => {
    const deputy = await t.signup('Dee Deputy');
    await t.pw.deps.db('users').where({ id: deputy.session.id }).update({ is_admin: true });
    const { context, page } = await openAs(browser, t.url, deputy.session.token, '/admin/users');
    await page.getByRole('heading', { name: /^Users \(\d+\)$/ }).waitFor();
    // The right is an operator's change in the database; the instances drop the sessions they hold
    // for the user when told (without the word, within HELD_SESSION_MS, decision 0081).
    await t.pw.deps.db('users').where({ id: deputy.session.id }).update({ is_admin: false });
    await t.pw.deps.bus.invalidate([userTag(deputy.session.id)]);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Sites' }).click();
    expect(await toastText(page)).toBe(`${messages.notFound} (404)`);
    await context.close();
  });
});
