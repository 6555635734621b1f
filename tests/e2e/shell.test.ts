import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { fixtures, multipart } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic } from '../support/team.js';
import type { FakeStripe } from '../support/stripeServer.js';
import { deliver, startStripe, subscribe } from './billing.js';
import { checkScreen, fieldMessage, holdClock, launch, openAs, pathOf, settled, staysFor, toastText } from './browser.js';

let t: TestServer;
let stripe: FakeStripe;
let browser: Browser;
type User = Awaited<ReturnType<TestServer['signup']>>;
let admin: User;

beforeAll(async () => {
  const billing = await startStripe();
  stripe = billing.stripe;
  t = await startTestServer(billing.env);
  admin = await t.signup('Ari Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await stripe?.close();
});

let n = 0;
const domain = () => `shell-${++n}-${Date.now().toString(36)}.example.com`;

async function withSite(name: string) {
  const user = await t.signup(name);
  const { data: site } = await user.api.POST('/sites', {
    body: { name: `${name.split(' ')[0]}'s site`, siteId: domain(), templateId: 'launch' },
  });
  return { user, site: site! };
}

const open = (user: User, target = '/', viewport?: { width: number; height: number }) =>
  openAs(browser, t.url, user.session.token, target, viewport);

/** Holds every request to a path until released, so a test can look at the app while it waits. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived!: () => void;
  const waiting = new Promise<void>((resolve) => (arrived = resolve));
  await page.route(pattern, async (route) => {
    arrived();
    await released;
    await route.continue();
  });
  return { waiting, release };
}

describe('fetch overlay', () => {
  it('covers the screen while a request runs and lifts when it answers', async () => {
    const user = await t.signup('Owen Overlay');
    const { context, page } = await open(user, '/');
    const templates = await hold(page, '**/api/templates');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
    await templates.waiting;
    const overlay = page.getByTestId('fetch-overlay');
    await overlay.getByRole('status').getByText('Loading…').waitFor();
    expect(await overlay.getAttribute('aria-hidden')).toBe('false');
    const box = (await overlay.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 1280, 860]);
    // It takes the clicks meant for the screen beneath it.
    expect(await page.evaluate(() => document.elementFromPoint(640, 30)?.closest('[data-testid="fetch-overlay"]') !== null)).toBe(true);
    await checkScreen(page, 'fetch-overlay', { fullPage: false, settle: false });

    templates.release();
    await page.getByTestId('template-card').first().waitFor();
    await settled(page);
    expect(await overlay.getByRole('status').count()).toBe(0);
    await context.close();
  });
});

describe('popups', () => {
  it('keeps one popup open at a time, and closes it on navigation', async () => {
    const user = await t.signup('Pola Popup');
    for (const name of ['First', 'Second']) await user.api.POST('/sites', { body: { name, siteId: domain(), templateId: 'launch' } });
    const { context, page } = await open(user, '/archive');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const first = page.getByRole('button', { name: 'Actions for First' });
    const second = page.getByRole('button', { name: 'Actions for Second' });
    await second.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Actions for Second' }).waitFor();
    // Opening another popup from the keyboard closes the first; no click outside is involved.
    await first.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu', { name: 'Actions for First' }).waitFor();
    expect(await page.getByRole('menu').count()).toBe(1);

    await page.getByRole('menuitem', { name: 'Send feedback' }).click();
    await page.getByRole('dialog', { name: 'Send feedback' }).waitFor();
    expect(await page.getByRole('menu').count()).toBe(0);

    // Before each navigation open popups close (spec 000 §2).
    await page.goBack();
    await pathOf(page, '/archive');
    await page.getByRole('dialog', { name: 'Send feedback' }).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('error toast', () => {
  it('shows "error (status) info" at the bottom right, in red, until clicked', async () => {
    const { user, site } = await withSite('Tia Toast');
    await t.pw.deps.db('sites').where({ id: site.id }).update({ error: 'Bad data', object: 'broken' });
    const { context, page } = await open(user, '/');
    // The server answers errors with the field or limit they concern; this one is its rate limit's shape.
    await page.route('**/versions/reset', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ error: messages.tooManyAttempts, status: 429, code: 'RATE_LIMITED', info: { retryAfter: 60 } }),
      }),
    );
    await page.getByRole('button', { name: 'Rollback to last milestone' }).click();
    expect(await toastText(page)).toBe(`${messages.tooManyAttempts} (429) retryAfter: 60`);
    const toast = page.getByTestId('error-toast');
    const box = (await toast.boundingBox())!;
    expect(1280 - (box.x + box.width)).toBeLessThan(32);
    expect(860 - (box.y + box.height)).toBeLessThan(32);
    // Red: the browser turns the computed colour into pixels, whatever notation the stylesheet used.
    const [r, g, b] = await toast.evaluate((el) => {
      const context2d = document.createElement('canvas').getContext('2d')!;
      context2d.fillStyle = getComputedStyle(el).backgroundColor;
      context2d.fillRect(0, 0, 1, 1);
      return [...context2d.getImageData(0, 0, 1, 1).data];
    });
    expect(r).toBeGreaterThan(150);
    expect(g! + b!).toBeLessThan(120);
    await toast.click();
    await toast.waitFor({ state: 'detached' });
    await context.close();
  });

  it('signs the user out to the login on a 401, without a toast', async () => {
    const user = await t.signup('Una Unauthorized');
    const { context, page } = await open(user, '/user/profile');
    await page.getByLabel('City').fill('Turku');
    // The session ends elsewhere.
    await user.api.POST('/auth/logout');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await pathOf(page, '/auth/login');
    expect(await page.getByTestId('error-toast').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('pagewright'))).not.toContain(user.session.token.slice(0, 12));
    expect((await t.pw.deps.db('users').where({ id: user.session.id }).first()).city).toBeNull();
    await context.close();
  });
});

describe('message modal', () => {
  it('sends a feature request, a bug report or a message with the browser details; Message sent! closes after 1.5 s', async () => {
    const { user, site } = await withSite('Mo Message');
    const { context, page } = await open(user, '/');
    await page.getByRole('button', { name: `Actions for ${site.name}` }).click();
    await page.getByRole('menuitem', { name: 'Send feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.waitFor();
    const choices = dialog.getByRole('radio');
    expect(await choices.evaluateAll((inputs) => inputs.map((i) => i.closest('label')!.textContent.trim()))).toEqual([
      'Request feature',
      'Report a bug',
      'Send message',
    ]);
    await checkScreen(page, 'message-modal', { fullPage: false });

    await dialog.getByRole('button', { name: 'Send' }).click();
    expect(await fieldMessage(page, 'What would you like Pagewright to do?')).toBe(messages.messageRequired);
    expect(await t.pw.deps.db('messages').where({ site_id: site.id })).toHaveLength(0);

    await dialog.getByText('Report a bug').click();
    await dialog.getByLabel('What happened, and what did you expect?').fill('The preview stays blank after publishing.');
    const browserDetails = await page.evaluate(() => ({
      ua: navigator.userAgent,
      locale: navigator.language,
      screen: `${window.screen.width}x${window.screen.height}`,
      window: `${window.innerWidth}x${window.innerHeight}`,
    }));
    await holdClock(page);
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(messages.messageSent).waitFor();
    // Spec 000 §9: the modal closes 1.5 s after sending.
    await staysFor(page, dialog, 1_500);
    await page.clock.resume();

    const [stored] = await t.pw.deps.db('messages').where({ site_id: site.id });
    expect(stored).toMatchObject({ user_id: user.session.id, type: 'bug' });
    expect(stored.message).toBe(
      [
        'The preview stays blank after publishing.',
        '',
        '---',
        `User agent: ${browserDetails.ua}`,
        `Locale: ${browserDetails.locale}`,
        `Screen: ${browserDetails.screen}`,
        `Window: ${browserDetails.window}`,
      ].join('\n'),
    );
    expect(browserDetails).toMatchObject({ locale: 'en-US', window: '1280x860' });
    // The admins hear of it.
    await vi.waitUntil(
      () => t.pw.deps.mailer.outbox.some((m) => m.to === admin.session.email && m.text.includes('The preview stays blank')),
      { timeout: 5_000 },
    );
    await context.close();
  });
});

describe('editor routes', () => {
  it('asks for a bigger screen on a small one, and shows the editor on a large one', async () => {
    const { user, site } = await withSite('Sid Small');
    const { context, page } = await open(user, `/sites/${site.id}/pages`, { width: 768, height: 1024 });
    await page.getByRole('heading', { name: 'Continue on a bigger screen' }).waitFor();
    await page.getByText(messages.smallScreen).waitFor();
    await checkScreen(page, 'editor-small-screen');

    await page.setViewportSize({ width: 1280, height: 860 });
    await page.getByRole('banner').getByText(site.name).waitFor();
    expect(await page.getByText(messages.smallScreen).count()).toBe(0);
    await page.getByTestId('collaborator-count').getByText('0').waitFor();
    // The Admin menu is for admins only.
    expect(await page.getByRole('button', { name: 'Admin menu' }).count()).toBe(0);
    await checkScreen(page, 'editor');

    await page.setViewportSize({ width: 600, height: 900 });
    await page.getByRole('heading', { name: 'Continue on a bigger screen' }).waitFor();
    await page.getByRole('link', { name: 'Back to your sites' }).click();
    await pathOf(page, '/');
    await context.close();
  });

  it('shows the Admin menu in the editor header to an admin', async () => {
    const { data: site } = await admin.api.POST('/sites', { body: { name: 'Admin site', siteId: domain(), templateId: 'folio' } });
    const { context, page } = await open(admin, `/sites/${site!.id}/pages`);
    await page.getByRole('button', { name: 'Admin menu' }).click();
    await page.getByRole('menuitem', { name: 'Activity' }).click();
    await pathOf(page, '/admin/activity');
    await context.close();
  });

  it('alerts when the collaborators cannot be loaded', async () => {
    const { user, site } = await withSite('Cole Collab');
    const { context, page } = await open(user, '/');
    await page.route('**/api/sites/*/collaborators', (route) => route.abort('connectionrefused'));
    const alerted = page.waitForEvent('dialog');
    await page.getByRole('link', { name: site.name }).click();
    const dialog = await alerted;
    // Spec 000 §8: a failed collaborators fetch shows a browser alert with the error.
    expect([dialog.type(), dialog.message()]).toEqual(['alert', messages.networkError]);
    await dialog.accept();
    await page.getByRole('banner').getByText(site.name).waitFor();
    await context.close();
  });

  it('opens the message modal from the editor footer', async () => {
    const { user, site } = await withSite('Fen Footer');
    const { context, page } = await open(user, `/sites/${site.id}/pages`);
    await page.getByRole('button', { name: 'Request a feature or report a bug' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send feedback' });
    await dialog.getByText('Send message').click();
    await dialog.getByLabel('Your message').fill('Thanks for the builder!');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await dialog.getByText(messages.messageSent).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const [stored] = await t.pw.deps.db('messages').where({ site_id: site.id });
    expect(stored).toMatchObject({ type: 'message' });
    expect(stored.message).toMatch(/^Thanks for the builder!\n\n---\nUser agent: /);
    await context.close();
  });
});

describe('document title and back path', () => {
  it('names each screen in the tab, the editor after the site, with the default favicon', async () => {
    const { user, site } = await withSite('Tess Title');
    const { context, page } = await open(user, '/');
    await expect.poll(() => page.title(), { timeout: 5_000 }).toBe('Home · Pagewright');
    const titles: Record<string, string> = {
      '/archive': 'All sites · Pagewright',
      '/archive/my': 'My sites · Pagewright',
      '/archive/shared': 'Shared with me · Pagewright',
      '/create': 'Create a site · Pagewright',
      '/join': 'Join a site · Pagewright',
      '/user/profile': 'Profile · Pagewright',
      '/user/security': 'Security · Pagewright',
      '/user/plans': 'Plans · Pagewright',
      [`/sites/${site.id}/pages`]: `${site.name} · Pagewright`,
    };
    for (const [target, title] of Object.entries(titles)) {
      await page.goto(target);
      await expect.poll(() => page.title(), { timeout: 5_000 }).toBe(title);
    }
    expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
    await context.close();
  });

  it("shows the site's name and favicon in the tab on every screen of the site, following a rename", async () => {
    const { user, site } = await withSite('Fia Favicon');
    const { body, contentType } = multipart([{ field: 'file0', filename: 'mark.png', data: await fixtures.png(32, 32) }]);
    const uploaded = await fetch(`${t.url}/api/sites/${site.id}/files`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: basic(user.session.token) },
      body,
    });
    expect(uploaded.status).toBe(201);
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId: site.id } }, body: { favicon: 'mark.png' } });
    const { data: file } = await user.api.GET('/sites/{siteId}/files/{name}', { params: { path: { siteId: site.id, name: 'mark.png' } } });
    const icon = () => page.locator('link[rel="icon"]').getAttribute('href');

    const { context, page } = await open(user, `/sites/${site.id}/pages`);
    for (const screen of ['pages', 'design-theme', 'cms', 'assets', 'settings/general', 'settings/code', 'compiled']) {
      if (screen !== 'pages') await page.goto(`/sites/${site.id}/${screen}`);
      await expect.poll(() => page.title(), { timeout: 5_000 }).toBe(`${site.name} · Pagewright`);
      await expect.poll(icon, { timeout: 5_000 }).toBe(file!.url);
    }
    // The favicon is the site's file, served.
    const served = await page.request.get(new URL(file!.url, t.url).toString());
    expect(served.headers()['content-type']).toBe('image/png');

    await page.goto(`/sites/${site.id}/settings/general`);
    await page.getByTestId('settings-skeleton').first().waitFor({ state: 'detached' });
    await page.getByLabel('Name', { exact: true }).fill('Renamed bakery');
    await page.getByRole('button', { name: 'Save (1)' }).click();
    await expect.poll(() => page.title(), { timeout: 5_000 }).toBe('Renamed bakery · Pagewright');

    // Out of the site, the app's own tab again.
    await page.getByRole('link', { name: 'Back to your sites' }).click();
    await expect.poll(() => page.title(), { timeout: 5_000 }).toBe('Home · Pagewright');
    expect(await icon()).toBe('/favicon.svg');
    await context.close();
  });

  it('leads Back from the account pages to the last page that was not one', async () => {
    const user = await t.signup('Bo Back');
    const { context, page } = await open(user, '/archive/shared');
    await page.getByRole('heading', { name: 'Shared with me' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await pathOf(page, '/user/security');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Plans' }).click();
    await pathOf(page, '/user/plans');
    await page.getByRole('link', { name: 'Back' }).click();
    await pathOf(page, '/archive/shared');
    await context.close();
  });
});

describe('realtime channel', () => {
  it('refreshes the subscription and the site limit when the payment webhook arrives', async () => {
    const user = await t.signup('Rita Realtime');
    for (let i = 0; i < 3; i++) await user.api.POST('/sites', { body: { name: `Site ${i}`, siteId: domain(), templateId: 'launch' } });
    const { context, page } = await open(user, '/user/plans');
    await page.getByTestId('plan-1').getByRole('button', { name: 'Current plan' }).waitFor();

    await subscribe(t, stripe, user.session.id, 'price_pro_y');
    await page.getByTestId('plan-2').getByRole('button', { name: 'Current plan' }).waitFor();
    await page.getByText('Billed yearly').waitFor();

    // The new plan's site limit applies at once: the template page opens the form, not Upgrade needed.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create' }).click();
    await page.getByTestId('template-card').getByRole('link', { name: 'Launch' }).click();
    await page.getByRole('button', { name: 'Use this template' }).click();
    await page.getByTestId('create-site-form').waitFor();
    expect(await page.getByRole('alertdialog', { name: 'Upgrade needed' }).count()).toBe(0);
    await context.close();
  });
});

describe('payment warning', () => {
  it('shows on the screens of a site too while the last payment failed, with Update payment method', async () => {
    const { user, site } = await withSite('Pat Pastdue');
    const sub = await subscribe(t, stripe, user.session.id);
    await deliver(t, 'customer.subscription.updated', { ...sub, status: 'past_due' });
    const { context, page } = await open(user, `/sites/${site.id}/pages`);
    for (const screen of ['pages', 'cms', 'assets', 'settings/general']) {
      if (screen !== 'pages') await page.goto(`/sites/${site.id}/${screen}`);
      const warning = page.getByTestId('payment-warning');
      await warning.getByRole('alert').getByText(messages.paymentWarning).waitFor();
      await warning.getByRole('button', { name: 'Update payment method' }).waitFor();
    }
    await page.goto(`/sites/${site.id}/pages`);
    await page.frameLocator('iframe[title="Canvas"]').locator('h1').first().waitFor();
    await checkScreen(page, 'payment-warning-site', { fullPage: false });

    // Paid again: the warning goes, from the site's screens as from the others.
    await deliver(t, 'customer.subscription.updated', { ...sub, status: 'active' });
    await page.reload();
    await page.frameLocator('iframe[title="Canvas"]').locator('h1').first().waitFor();
    expect(await page.getByTestId('payment-warning').count()).toBe(0);
    await context.close();
  });
});
