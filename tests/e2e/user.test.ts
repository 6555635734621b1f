import * as OTPAuth from 'otpauth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { freePort, startGitHubServer, testAccount, type ProviderServer } from '../support/oauthServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { FakeStripe } from '../support/stripeServer.js';
import { deliver, startStripe, stubStripePages, subscribe } from './billing.js';
import {
  checkScreen,
  fieldMessage,
  fieldSays,
  holdClock,
  isInvalid,
  launch,
  newPage,
  openAs,
  pathOf,
  settled,
  staysFor,
  toastText,
} from './browser.js';

let t: TestServer;
let github: ProviderServer & { apiUrl: string };
let stripe: FakeStripe;
let browser: Browser;

beforeAll(async () => {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  github = await startGitHubServer(`${url}/api/auth/github/callback`);
  const billing = await startStripe();
  stripe = billing.stripe;
  t = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: url,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_URL: github.url,
    GITHUB_API_URL: github.apiUrl,
    ...billing.env,
  });
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await github?.close();
  await stripe?.close();
});

type User = Awaited<ReturnType<TestServer['signup']>>;

const open = (user: User, target: string) => openAs(browser, t.url, user.session.token, target);
const userRow = (id: number) => t.pw.deps.db('users').where({ id }).first();
const totp = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

describe('profile', () => {
  it('saves the name, e-mail, city and country; Saved shows for 3 s', async () => {
    const user = await t.signup('Pia Profile');
    const { context, page } = await open(user, '/user/profile');
    await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('Pia Profile');
    expect(await page.getByLabel('E-mail').inputValue()).toBe(user.session.email);
    await checkScreen(page, 'user-profile');

    await page.getByLabel('Name').fill('Pia Renamed');
    await page.getByLabel('E-mail').fill('pia.renamed@example.com');
    await page.getByLabel('City').fill('Tampere');
    await page.getByLabel('Country').fill('fi');
    await holdClock(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    // Spec 000 §9: the saved message shows for 3 seconds.
    await staysFor(page, page.getByText(messages.saved, { exact: true }), 3_000);
    await page.clock.resume();
    expect(await userRow(user.session.id)).toMatchObject({
      name: 'Pia Renamed',
      email: 'pia.renamed@example.com',
      city: 'Tampere',
      country: 'FI',
    });
    // The header follows the saved name.
    await page.getByRole('button', { name: 'Account menu' }).getByText('Pia Renamed').waitFor();
    await context.close();
  });

  it('puts what the server refuses beside its field and saves nothing', async () => {
    const user = await t.signup('Ezra Error');
    const other = await t.signup('Taken Address');
    const { context, page } = await open(user, '/user/profile');
    await page.getByLabel('Name').fill('');
    await page.getByRole('button', { name: 'Save changes' }).click();
    expect(await fieldMessage(page, 'Name')).toBe(messages.nameRequired);

    await page.getByLabel('Name').fill('Ezra');
    await page.getByLabel('E-mail').fill(other.session.email);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await fieldSays(page, 'E-mail', messages.emailTaken);
    expect(await isInvalid(page, 'E-mail')).toBe(true);

    await page.getByLabel('E-mail').fill(user.session.email);
    await page.getByLabel('Country').fill('F1');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await fieldSays(page, 'Country', 'Country must be a two-letter ISO code');
    await checkScreen(page, 'user-profile-errors');
    expect(await page.getByText(messages.saved, { exact: true }).count()).toBe(0);
    expect(await userRow(user.session.id)).toMatchObject({ name: 'Ezra Error', email: user.session.email, country: null });
    await context.close();
  });

  it('shows the connected GitHub account and disconnects it, but not while it is the only way in', async () => {
    const account = testAccount({ name: 'Gus Hubbard' });
    github.add(account);
    const { context, page } = await newPage(browser, t.url);
    await context.addCookies([{ name: 'test_account', value: account.id, url: github.url }]);
    // Provider pictures live on the provider's servers, which this machine does not reach.
    await context.route('https://images.example.com/**', (route) => route.abort());
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'GitHub' }).click();
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Gus$/ }).waitFor();
    const id = ((await t.pw.deps.db('users').where({ email: account.email }).first()) as { id: number }).id;

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await pathOf(page, '/user/profile');
    const githubRow = page.getByTestId('provider-github');
    await githubRow.getByText('Connected').waitFor();
    // Google is not configured on this server and not connected: it is not offered.
    expect(await page.getByTestId('provider-google').count()).toBe(0);
    await checkScreen(page, 'user-profile-connected');

    // Without a password, GitHub is the only way in: the server refuses, and the toast says why.
    await githubRow.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect GitHub?' });
    await checkScreen(page, 'user-profile-disconnect', { fullPage: false });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    expect(await toastText(page)).toBe(`${messages.lastSignInMethod} (409)`);
    await page.getByTestId('error-toast').click();
    expect((await userRow(id)).github_id).toBe(account.id);

    // A password makes another way in.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Security' }).click();
    await page.getByRole('heading', { name: 'Set a password' }).waitFor();
    expect(await page.getByLabel('Current password').count()).toBe(0);
    await page.getByLabel('New password', { exact: true }).fill('a fresh password');
    await page.getByLabel('New password again').fill('a fresh password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText(messages.passwordChanged).waitFor();
    expect((await userRow(id)).password_hash).toMatch(/^\$argon2id\$/);

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' }).click();
    await githubRow.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('alertdialog', { name: 'Disconnect GitHub?' }).getByRole('button', { name: 'Disconnect' }).click();
    await githubRow.getByText('Not connected').waitFor();
    expect((await userRow(id)).github_id).toBeNull();
    await context.close();
  });
});

describe('security', () => {
  it('changes the password with the old one, and flags a wrong old password', async () => {
    const user = await t.signup('Sol Secure');
    const { context, page } = await open(user, '/user/security');
    await page.getByRole('heading', { name: 'Change password' }).waitFor();
    await checkScreen(page, 'user-security');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await fieldMessage(page, 'Current password')).toBe(messages.passwordRequired);
    expect(await fieldMessage(page, 'New password')).toBe(messages.passwordRequired);

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill('a better password');
    await page.getByLabel('New password again').fill('a better passwort');
    expect(await fieldMessage(page, 'New password again')).toBe(messages.doesNotMatch);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').getByText(messages.passwordsDontMatch).waitFor();

    await page.getByLabel('New password again').fill('a better password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await fieldSays(page, 'Current password', messages.oldPasswordWrong);
    expect(await isInvalid(page, 'Current password')).toBe(true);
    await checkScreen(page, 'user-security-wrong-password');
    expect(
      (await t.client().POST('/auth/login', { body: { email: user.session.email, password: 'a better password' } })).response.status,
    ).toBe(401);

    const elsewhere = (await t.client().POST('/auth/login', { body: { email: user.session.email, password: user.password } })).data!;
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(messages.passwordChanged).waitFor();
    expect(await page.getByLabel('Current password').inputValue()).toBe('');
    const login = await t.client().POST('/auth/login', { body: { email: user.session.email, password: 'a better password' } });
    expect(login.response.status).toBe(200);
    // Other sessions end; this one goes on.
    expect('token' in elsewhere && (await t.client(elsewhere.token).GET('/user')).response.status).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Security', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/user/security');
    await context.close();
  });

  it('sets up two-factor with the QR code, enables it with a code and disables it', async () => {
    const user = await t.signup('Tom Totp');
    const { context, page } = await open(user, '/user/security');
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Two-factor authentication' }) });
    await card.getByText('Disabled').waitFor();
    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const qr = page.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(await qr.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(100);
    const secret = (await page.getByTestId('tfa-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await checkScreen(page, 'user-security-2fa-setup');

    await page.getByLabel('Code').fill('123');
    await page.getByRole('button', { name: 'Enable' }).click();
    expect(await fieldMessage(page, 'Code')).toBe(messages.otpFormat);
    await page.getByLabel('Code').fill(totp(secret, Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Enable' }).click();
    await fieldSays(page, 'Code', messages.otpInvalid);
    expect(Boolean((await userRow(user.session.id)).tfa_enabled)).toBe(false);

    await page.getByLabel('Code').fill(totp(secret));
    await page.getByRole('button', { name: 'Enable' }).click();
    await card.getByText('Enabled', { exact: true }).waitFor();
    expect(await qr.count()).toBe(0);
    expect(Boolean((await userRow(user.session.id)).tfa_enabled)).toBe(true);
    await checkScreen(page, 'user-security-2fa-enabled');

    await card.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('alertdialog', { name: 'Disable two-factor authentication?' }).getByRole('button', { name: 'Disable' }).click();
    await card.getByText('Disabled', { exact: true }).waitFor();
    const row = await userRow(user.session.id);
    expect(Boolean(row.tfa_enabled)).toBe(false);
    expect(row.tfa_secret).toBeNull();
    await context.close();
  });
});

/** Stripe's pages are stubbed; answers the URL the app sent the browser to. */
async function followsTo(page: Page, context: BrowserContext, click: () => Promise<void>, host: RegExp): Promise<URL> {
  await stubStripePages(context);
  await click();
  await page.waitForURL((url) => host.test(url.host));
  return new URL(page.url());
}

const planCard = (page: Page, id: number) => page.getByTestId(`plan-${id}`);

describe('plans', () => {
  it('shows the plan cards yearly by default, monthly on the toggle, and the free plan as current', async () => {
    const user = await t.signup('Flo Free');
    const plans = (await t.client().GET('/payments/plans')).data!;
    const { context, page } = await open(user, '/user/plans');
    await planCard(page, 1).waitFor();
    expect(
      await page
        .getByTestId(/^plan-\d+$/)
        .getByRole('heading')
        .allInnerTexts(),
    ).toEqual(plans.map((p) => p.name));
    const frequency = page.getByRole('radiogroup', { name: 'Billing frequency' });
    expect(await frequency.getByRole('radio', { name: 'Yearly' }).getAttribute('aria-checked')).toBe('true');
    expect(await planCard(page, 2).getByTestId('plan-price').innerText()).toBe('€150');
    await planCard(page, 2).getByText('/ year').waitFor();
    await planCard(page, 1).getByRole('button', { name: 'Current plan' }).waitFor();
    await planCard(page, 3).getByRole('listitem').filter({ hasText: 'Unlimited sites' }).waitFor();
    await checkScreen(page, 'user-plans');

    await frequency.getByRole('radio', { name: 'Monthly' }).click();
    expect(await planCard(page, 2).getByTestId('plan-price').innerText()).toBe('€15');
    expect(await planCard(page, 3).getByTestId('plan-price').innerText()).toBe('€49');
    await planCard(page, 3).getByText('/ month').waitFor();
    await context.close();
  });

  it('opens Stripe Checkout for the chosen plan and billing frequency', async () => {
    const user = await t.signup('Cai Checkout');
    const { context, page } = await open(user, '/user/plans');
    await page.getByRole('radio', { name: 'Monthly' }).click();
    const mark = stripe.requests.length;
    const url = await followsTo(
      page,
      context,
      () => planCard(page, 2).getByRole('button', { name: 'Upgrade to Pro' }).click(),
      /checkout\.stripe\.test/,
    );
    expect(url.pathname).toMatch(/^\/c\/pay\/cs_test_/);
    const session = stripe.requests.slice(mark).find((r) => r.path === '/v1/checkout/sessions')!;
    expect(session.body).toMatchObject({ mode: 'subscription', line_items: [{ price: 'price_pro_m' }] });

    // Stripe sends the browser back to the plans page, which thanks the user while the webhook is on its way.
    const back = new URL(String(session.body.success_url));
    expect(back.pathname + back.search).toBe('/user/plans?checkout=success');
    await page.goto(back.pathname + back.search);
    await page.getByRole('status').getByText('Thank you!').waitFor();
    await context.close();
  });

  it('shows a failing payment provider in the toast and stays on the page', async () => {
    const user = await t.signup('Pat Provider');
    const { context, page } = await open(user, '/user/plans');
    stripe.failWith(500);
    try {
      await planCard(page, 3).getByRole('button', { name: 'Upgrade to Business' }).click();
      expect(await toastText(page)).toBe(`${messages.billingFailed} (502)`);
    } finally {
      stripe.failWith(null);
    }
    expect(new URL(page.url()).pathname).toBe('/user/plans');
    await context.close();
  });

  it('cancels a paid plan at the period end and resumes it, through Stripe; Manage billing opens the portal', async () => {
    const user = await t.signup('Rae Resume');
    const sub = await subscribe(t, stripe, user.session.id, 'price_pro_y');
    const { context, page } = await open(user, '/user/plans');
    await planCard(page, 2).getByRole('button', { name: 'Current plan' }).waitFor();
    const period = page.getByTestId('subscription-period');
    await period.getByText(/^Renews on /).waitFor();
    await checkScreen(page, 'user-plans-paid');

    await page.getByRole('button', { name: 'Cancel plan' }).click();
    await page.getByRole('alertdialog', { name: 'Cancel your plan?' }).getByRole('button', { name: 'Cancel at period end' }).click();
    await period.getByText(/^Cancelled: ends on .*, then the Free plan starts\.$/).waitFor();
    expect(stripe.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(true);
    expect(Boolean((await t.pw.deps.db('subscriptions').where({ user_id: user.session.id }).first()).cancel_at_period_end)).toBe(true);
    await planCard(page, 1)
      .getByText(/^Starts on /)
      .waitFor();
    await checkScreen(page, 'user-plans-cancelled');

    await page.getByRole('button', { name: 'Resume plan' }).click();
    await period.getByText(/^Renews on /).waitFor();
    expect(stripe.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(false);
    expect(Boolean((await t.pw.deps.db('subscriptions').where({ user_id: user.session.id }).first()).cancel_at_period_end)).toBe(false);

    const mark = stripe.requests.length;
    const url = await followsTo(page, context, () => page.getByRole('button', { name: 'Manage billing' }).click(), /billing\.stripe\.test/);
    expect(url.pathname).toMatch(/^\/p\/session\/bps_test_/);
    expect(stripe.requests.slice(mark).find((r) => r.path === '/v1/billing_portal/sessions')?.body).toMatchObject({
      customer: `cus_e2e_${user.session.id}`,
    });
    await context.close();
  });

  it('shows the payment warning while the last payment failed, with a way to update the payment method', async () => {
    const user = await t.signup('Wes Warning');
    const sub = await subscribe(t, stripe, user.session.id);
    await deliver(t, 'customer.subscription.updated', { ...sub, status: 'past_due' });
    const { context, page } = await open(user, '/');
    const warning = page.getByTestId('payment-warning');
    await warning.getByText(messages.paymentWarning).waitFor();
    await checkScreen(page, 'payment-warning');
    const url = await followsTo(
      page,
      context,
      () => warning.getByRole('button', { name: 'Update payment method' }).click(),
      /billing\.stripe\.test/,
    );
    expect(url.pathname).toMatch(/^\/p\/session\//);
    await context.close();
  });

  it('says when billing is not configured on the server, and offers nothing to buy', async () => {
    const bare = await startTestServer();
    try {
      const user = await bare.signup('Nia Nobilling');
      const { context, page } = await openAs(browser, bare.url, user.session.token, '/user/plans');
      const alert = page.getByRole('alert');
      await alert.getByText(messages.billingNotConfigured).waitFor();
      // Issue 28: the admin's default plan (the free one) is in force, and no plan has an Upgrade button.
      await alert.getByText('Plans on this server are set by its administrator.').waitFor();
      await planCard(page, 1).getByRole('button', { name: 'Current plan' }).waitFor();
      expect(await page.getByRole('button', { name: /Upgrade|Downgrade|Change/ }).count()).toBe(0);
      await settled(page);
      await checkScreen(page, 'user-plans-unconfigured');
      await context.close();
    } finally {
      await bare.close();
    }
  });
});
