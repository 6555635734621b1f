import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { startTestServer, type TestServer } from '../support/server.js';
import { startBilledServer } from './billing.js';
import { checkScreen, fieldMessage, launch } from './browser.js';
import { noBar, openSettings, ownerWithSite, reload, save, settingsOf } from './settings.js';

/** Compile, publish, integrations, social, forms and custom code: change, save, reload, see; bad values said. */

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

describe('compile settings', () => {
  it('saves domain, base path, optimize and the switches; compile languages all is saved empty', async () => {
    const { user, siteId } = await ownerWithSite(t);
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { languages: ['en', 'fi'] } });
    const { context, page } = await openSettings(browser, t, user, siteId, 'compile');
    // Redirects (None or meta) shows only when the site has redirects.
    expect(await page.getByLabel('Redirects').count()).toBe(0);
    await page.getByLabel('Domain').fill('www.northwind.example');
    await page.getByLabel('Base path').fill('/shop');
    await page.getByLabel('Optimize').selectOption('both');
    await page.getByRole('switch', { name: 'Is production site' }).click();
    await page.getByRole('checkbox', { name: 'Finnish (fi)' }).uncheck();
    await checkScreen(page, 'settings-compile', { fullPage: false });
    await save(page, 5);
    expect((await settingsOf(user, siteId)).compile).toMatchObject({
      domain: 'www.northwind.example',
      basePath: '/shop',
      optimize: 'both',
      production: false,
      languages: ['en'],
    });

    await reload(page);
    expect(await page.getByLabel('Domain').inputValue()).toBe('www.northwind.example');
    expect(await page.getByRole('switch', { name: 'Is production site' }).getAttribute('aria-checked')).toBe('false');
    await page.getByRole('checkbox', { name: 'Finnish (fi)' }).check();
    await save(page, 1);
    expect((await settingsOf(user, siteId)).compile?.languages).toEqual([]);
    await context.close();
  });

  it('says a bad domain is refused, and removing attribution needs the plan (upgrade path for the owner where the server takes payment)', async () => {
    const { user, siteId } = await ownerWithSite(billed, { plan: 1 });
    const { context, page } = await openSettings(browser, billed, user, siteId, 'compile');
    await page.getByLabel('Domain').fill('https://nope');
    expect(await fieldMessage(page, 'Domain')).toBe(messages.domainSetting);
    expect(await page.getByRole('switch', { name: 'Remove attribution' }).isDisabled()).toBe(true);
    await page.getByText('Removing the attribution needs a pricing plan that includes it. To use it, upgrade your pricing plan.').waitFor();
    await context.close();
  });

  it('shows Redirects (None or meta) once the site has redirects', async () => {
    const { user, siteId } = await ownerWithSite(t);
    await user.api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: { from: '/old', to: '/new' } });
    const { context, page } = await openSettings(browser, t, user, siteId, 'compile');
    await page.getByLabel('Redirects').selectOption('none');
    await save(page, 1);
    expect((await settingsOf(user, siteId)).compile?.redirects).toBe('none');
    await context.close();
  });
});

describe('publish settings', () => {
  it('saves the webhook, and shows why a private address is refused', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId, 'publish');
    await page.getByText('Not published yet.').waitFor();
    await page.getByLabel('Webhook URL').fill('http://10.0.0.7/deploy');
    await page.getByRole('button', { name: 'Save (1)' }).click();
    await expect.poll(() => fieldMessage(page, 'Webhook URL')).toBe(messages.webhookPrivate);
    await checkScreen(page, 'settings-publish-private-webhook', { fullPage: false });
    await page.getByLabel('Webhook URL').fill('ftp://example.com');
    expect(await fieldMessage(page, 'Webhook URL')).toBe(messages.webhookInvalid);
    await page.getByLabel('Webhook URL').fill('https://93.184.216.34/deploy');
    await save(page, 1);
    expect((await settingsOf(user, siteId)).publish?.webhook).toBe('https://93.184.216.34/deploy');
    await reload(page);
    expect(await page.getByLabel('Webhook URL').inputValue()).toBe('https://93.184.216.34/deploy');
    await context.close();
  });
});

describe('integrations', () => {
  it('saves the ids, keeps the Botpoison and hCaptcha secrets write-only, and says a bad id is refused', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId, 'integrations');
    await page.getByLabel('Google Tag Manager').fill('XYZ');
    expect(await fieldMessage(page, 'Google Tag Manager')).toBe(messages.integrationInvalid('googleTagManager'));
    await page.getByLabel('Google Tag Manager').fill('GTM-AB12');
    await page.getByLabel('Plausible site id').fill('northwind.example');
    await page.getByLabel('Botpoison public key').fill('pk_live_1');
    await page.getByLabel('Botpoison secret key').fill('sk_live_secret');
    await page.getByLabel('hCaptcha site key').fill('10000000-ffff-ffff-ffff-000000000001');
    await page.getByLabel('hCaptcha secret key').fill('0x0000000000000000000000000000000000000000');
    await checkScreen(page, 'settings-integrations', { fullPage: false });
    await save(page, 6);
    const settings = await settingsOf(user, siteId);
    expect(settings.integrations).toEqual({
      googleTagManager: 'GTM-AB12',
      plausibleAnalytics: 'northwind.example',
      botpoisonPublic: 'pk_live_1',
      botpoisonSecretSet: true,
      hcaptchaSiteKey: '10000000-ffff-ffff-ffff-000000000001',
      hcaptchaSecretSet: true,
      recaptchaSecretSet: false,
    });
    await reload(page);
    for (const secret of ['Botpoison secret key', 'hCaptcha secret key']) {
      expect(await page.getByLabel(secret).inputValue()).toBe('');
      expect(await fieldMessage(page, secret)).toBe('A secret key is stored. It is never shown again.');
    }
    expect(await fieldMessage(page, 'reCAPTCHA secret key')).toBe('Stored sealed on the server and never shown again.');
    expect(await page.getByLabel('Google Tag Manager').inputValue()).toBe('GTM-AB12');
    await context.close();
  });
});

describe('social', () => {
  it('shows the first links, Show more for the rest, and saves them; an emptied link is removed', async () => {
    const { user, siteId } = await ownerWithSite(t);
    // The template links GitHub, past the first links: clear it so the list starts short.
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { social: { github: null } } });
    const { context, page } = await openSettings(browser, t, user, siteId, 'social');
    expect(await page.getByLabel('GitHub').count()).toBe(0);
    await page.getByRole('button', { name: 'Show more' }).click();
    await page.getByLabel('GitHub').fill('https://github.com/northwind');
    await page.getByLabel('Instagram').fill('https://instagram.com/northwind');
    await checkScreen(page, 'settings-social', { fullPage: false });
    await save(page, 2);
    expect((await settingsOf(user, siteId)).social).toMatchObject({
      github: 'https://github.com/northwind',
      instagram: 'https://instagram.com/northwind',
    });
    await reload(page);
    // A set link past the first ones opens the list by itself.
    await page.getByRole('button', { name: 'Show less' }).waitFor();
    await page.getByLabel('Instagram').fill('');
    await save(page, 1);
    expect((await settingsOf(user, siteId)).social).not.toHaveProperty('instagram');
    await context.close();
  });
});

describe('forms', () => {
  it('saves spam prevention, forwarding and the confirmation texts per language; the preview follows', async () => {
    const { user, siteId } = await ownerWithSite(t);
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { languages: ['en', 'fi'] } });
    const { context, page } = await openSettings(browser, t, user, siteId, 'forms');
    // Every spam check offered works (issue 28): none is a disabled "coming soon".
    expect(await page.getByRole('radio', { name: /hCaptcha/ }).isEnabled()).toBe(true);
    expect(await page.getByRole('radio', { name: /reCAPTCHA/ }).isEnabled()).toBe(true);
    expect(await page.getByText('Coming soon').count()).toBe(0);
    expect(await page.getByTestId('confirmation-heading').innerText()).toBe(messages.formConfirmationHeading);
    await page.getByRole('radio', { name: /Botpoison/ }).check();
    await page.getByLabel('Forward to e-mail').fill('not-an-address');
    expect(await fieldMessage(page, 'Forward to e-mail')).toBe(messages.emailInvalid);
    await page.getByLabel('Forward to e-mail').fill('orders@northwind.example');
    await page.getByLabel('Confirmation heading').fill('Thanks!');
    expect(await page.getByTestId('confirmation-heading').innerText()).toBe('Thanks!');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fi');
    await page.getByLabel('Confirmation heading').fill('Kiitos!');
    await checkScreen(page, 'settings-forms', { fullPage: false });
    await save(page, 3);
    expect((await settingsOf(user, siteId)).form).toMatchObject({
      spamPrevention: 'botpoison',
      email: 'orders@northwind.example',
      confirmationHeading: { _loc: true, en: 'Thanks!', fi: 'Kiitos!' },
    });
    await reload(page);
    expect(await page.getByTestId('confirmation-heading').innerText()).toBe('Thanks!');
    await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption('fi');
    expect(await page.getByTestId('confirmation-heading').innerText()).toBe('Kiitos!');
    await context.close();
  });
});

describe('custom code', () => {
  it('saves the four places on a plan with custom code', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openSettings(browser, t, user, siteId, 'code');
    await page.getByLabel('Head end').fill('<meta name="verify" content="abc">');
    await page.getByLabel('Body end').fill('<script>console.log("hi")</script>');
    await checkScreen(page, 'settings-code', { fullPage: false });
    await save(page, 2);
    expect((await settingsOf(user, siteId)).code).toEqual({
      headEnd: '<meta name="verify" content="abc">',
      bodyEnd: '<script>console.log("hi")</script>',
    });
    await reload(page);
    expect(await page.getByLabel('Head end').inputValue()).toBe('<meta name="verify" content="abc">');
    await noBar(page);
    await context.close();
  });

  it('is gated by the plan: where the server takes payment the owner sees the upgrade path, a collaborator that the owner must upgrade', async () => {
    const { user, siteId } = await ownerWithSite(billed, { plan: 1 });
    const { context, page } = await openSettings(browser, billed, user, siteId, 'code');
    expect(await page.getByLabel('Head start').isDisabled()).toBe(true);
    await page.getByText('Custom code needs a pricing plan with the custom code feature. To use it, upgrade your pricing plan.').waitFor();
    await page.getByRole('link', { name: 'Upgrade plan' }).waitFor();
    await checkScreen(page, 'settings-code-gated', { fullPage: false });
    await context.close();

    // A collaborator of a Pro site that the owner then downgrades.
    const team = await ownerWithSite(billed);
    const guest = await billed.signup('Gus Guest');
    const { data: invitation } = await team.user.api.POST('/sites/{siteId}/collaborators/invitations', {
      params: { path: { siteId: team.siteId } },
    });
    await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    await billed.pw.deps.db('subscriptions').where({ user_id: team.user.session.id }).update({ plan_id: 1 });
    const opened = await openSettings(browser, billed, guest, team.siteId, 'code');
    await opened.page
      .getByText('Custom code needs a pricing plan with the custom code feature. A pricing plan upgrade is needed by the site owner.')
      .waitFor();
    expect(await opened.page.getByRole('link', { name: 'Upgrade plan' }).count()).toBe(0);
    await opened.context.close();
  });
});
