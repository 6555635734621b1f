import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as OTPAuth from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { issueToken, TOKEN_TTL_MS } from '../../server/src/accounts/tokens.js';
import { freePort, startGitHubServer, testAccount, type ProviderServer } from '../support/oauthServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, fieldMessage, isInvalid, launch, newPage, pathOf, settled, useToken } from './browser.js';

let t: TestServer;
let github: ProviderServer & { apiUrl: string };
let browser: Browser;

beforeAll(async () => {
  // A port known up front, so the GitHub stand-in can redirect back to this server.
  const port = await freePort();
  const url = `http://localhost:${port}`;
  github = await startGitHubServer(`${url}/api/auth/github/callback`);
  t = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: url,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_URL: github.url,
    GITHUB_API_URL: github.apiUrl,
  });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await github?.close();
});

const totp = (secret: string, at: number) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

async function fresh(): Promise<Page> {
  return (await newPage(browser, t.url)).page;
}

async function login(page: Page, email: string, password: string) {
  await page.goto('/auth/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('sign-up', () => {
  it('creates the first account through the form; it is the admin and lands on an empty home', async () => {
    const page = await fresh();
    await page.goto('/auth/signup');
    await checkScreen(page, 'auth-signup');

    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await fieldMessage(page, 'Name')).toBe('Name is required');
    expect(await fieldMessage(page, 'E-mail')).toBe('E-mail is required');
    expect(await fieldMessage(page, 'I accept the terms of service')).toBe('Please accept the terms of service');

    await page.getByLabel('Name').fill('Ada Admin');
    await page.getByLabel('E-mail').fill('ada@example.com');
    await page.getByLabel('Password').fill('analytical engine');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await fieldMessage(page, 'I accept the terms of service')).toBe('Please accept the terms of service');
    const users = (await t.pw.deps.db('users').count({ n: '*' }).first()) as { n: number | string };
    expect(Number(users.n)).toBe(0);

    await page.getByLabel('I accept the terms of service').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await pathOf(page, '/');
    await page.getByRole('heading', { name: 'No sites yet' }).waitFor();
    // The first account of an instance runs it: the admin area is in its navigation.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).waitFor();
    await checkScreen(page, 'home-empty');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pagewright') ?? '{}') as { state?: { token?: string } });
    expect(stored.state?.token).toMatch(/\S{20,}/);
    await page.close();
  });

  it('marks the e-mail field when the address already has an account', async () => {
    const page = await fresh();
    await page.goto('/auth/signup');
    await page.getByLabel('Name').fill('Second Ada');
    await page.getByLabel('E-mail').fill('ADA@example.com');
    await page.getByLabel('Password').fill('another password');
    await page.getByLabel('I accept the terms of service').check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('An account with this e-mail already exists').waitFor();
    expect(await isInvalid(page, 'E-mail')).toBe(true);
    expect(await pathOf(page, '/auth/signup')).toBe('/auth/signup');
    await page.close();
  });
});

describe('sign-in', () => {
  it('shows the configured provider buttons (GitHub here, not Google) as plain links to the server', async () => {
    const page = await fresh();
    await page.goto('/auth/login');
    expect(await page.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('/api/auth/github');
    await settled(page);
    expect(await page.getByRole('link', { name: 'Google' }).count()).toBe(0);
    await checkScreen(page, 'auth-login');
    await page.close();
  });

  it('marks both fields on a failed login, then signs in and out', async () => {
    const { session, password } = await t.signup('Lin Login');
    const page = await fresh();
    await page.goto('/auth/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await fieldMessage(page, 'E-mail')).toBe('E-mail is required');
    expect(await fieldMessage(page, 'Password')).toBe('Password is required');

    await login(page, session.email, 'wrong password');
    await page.getByRole('alert').getByText('Invalid e-mail or password').waitFor();
    expect(await isInvalid(page, 'E-mail')).toBe(true);
    expect(await isInvalid(page, 'Password')).toBe(true);
    await checkScreen(page, 'auth-login-error');
    expect(await page.getByTestId('error-toast').count()).toBe(0);

    await login(page, session.email, password);
    await pathOf(page, '/');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Lin$/ }).waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await pathOf(page, '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('pagewright'))).not.toContain(session.token.slice(0, 10));
    await page.close();
  });

  it('signs in with GitHub through the provider link and the token login', async () => {
    const account = testAccount({ name: 'Gia Hub' });
    github.add(account);
    const { context, page } = await newPage(browser, t.url);
    // Signed in at the provider already, as a real provider's session cookie would say.
    await context.addCookies([{ name: 'test_account', value: account.id, url: github.url }]);
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'GitHub' }).click();
    await pathOf(page, '/');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Gia$/ }).waitFor();
    await context.close();
  });

  it('sends a failed token login to the login, and a good one home', async () => {
    const page = await fresh();
    await page.goto('/auth/token/not-a-real-token');
    await pathOf(page, '/auth/login');
    expect(await page.getByTestId('error-toast').count()).toBe(0);

    const { session } = await t.signup('Tok En');
    const { token } = await issueToken(t.pw.deps, 'login', session.id, TOKEN_TTL_MS.login);
    await page.goto(`/auth/token/${token}`);
    await pathOf(page, '/');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Tok$/ }).waitFor();
    await page.close();
  });
});

describe('two-factor sign-in', () => {
  it('asks for the code after the password; a wrong code marks the field and keeps the step', async () => {
    const { session, api, password } = await t.signup('Tess Factor');
    const setup = await api.GET('/user/2fa');
    const secret = setup.data!.secret;
    const enabledAt = Date.now();
    const enabled = await api.POST('/user/2fa', { body: { secret, otp: totp(secret, enabledAt) } });
    expect(enabled.data?.tfaEnabled).toBe(true);

    const page = await fresh();
    await login(page, session.email, password);
    await pathOf(page, '/auth/2fa');
    await checkScreen(page, 'auth-login-2fa');

    const code = page.getByLabel('One-time code');
    await code.fill('12');
    await code.press('Enter');
    expect(await fieldMessage(page, 'One-time code')).toBe('Enter the 6-digit code');

    const wrong = totp(secret, enabledAt - 10 * 60_000);
    await code.fill(wrong);
    await code.press('Enter');
    await page.getByText('Invalid one-time code').waitFor();
    expect(await isInvalid(page, 'One-time code')).toBe(true);
    // A wrong code is not a lost session: the step stays (spec 000 §8).
    expect(new URL(page.url()).pathname).toBe('/auth/2fa');

    // The enabling code's time step is spent; the next step's code is accepted.
    await code.fill(totp(secret, enabledAt + 30_000));
    await code.press('Enter');
    await pathOf(page, '/');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Tess$/ }).waitFor();
    await page.close();
  });
});

describe('forgot and reset password', () => {
  it('replaces the form by a confirmation, and the mailed link sets a new password', async () => {
    const { session } = await t.signup('Rita Reset');
    const page = await fresh();
    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await pathOf(page, '/auth/forgot-password');
    await checkScreen(page, 'auth-forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await fieldMessage(page, 'E-mail')).toBe('E-mail is required');

    await page.getByLabel('E-mail').fill(session.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check your inbox' }).waitFor();
    expect(await page.getByLabel('E-mail').count()).toBe(0);
    await checkScreen(page, 'auth-forgot-password-sent');

    await vi.waitUntil(() => t.pw.deps.mailer.outbox.some((m) => m.to === session.email));
    const mail = t.pw.deps.mailer.outbox.find((m) => m.to === session.email)!;
    const link = /https?:\/\/\S+\/auth\/reset-password\/\S+/.exec(mail.text)![0];
    await page.goto(new URL(link).pathname);

    await page.getByLabel('New password', { exact: true }).fill('brand new secret');
    await page.getByLabel('Confirm new password').fill('brand new secrex');
    expect(await fieldMessage(page, 'Confirm new password')).toBe('Does not match');
    await checkScreen(page, 'auth-reset-password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('alert').getByText('Passwords dont match').waitFor();

    await page.getByLabel('Confirm new password').fill('brand new secret');
    expect(await fieldMessage(page, 'Confirm new password')).toBe('');
    await page.getByRole('button', { name: 'Save password' }).click();
    await pathOf(page, '/auth/login');
    await page.getByText('Your password was changed').waitFor();

    await login(page, session.email, 'brand new secret');
    await pathOf(page, '/');
    await page.close();
  });

  it('says why a used or unknown reset link fails, without a toast', async () => {
    const page = await fresh();
    await page.goto('/auth/reset-password/no-such-token');
    await page.getByLabel('New password', { exact: true }).fill('whatever works');
    await page.getByLabel('Confirm new password').fill('whatever works');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByRole('alert').getByText('The link is invalid or has expired').waitFor();
    expect(await page.getByTestId('error-toast').count()).toBe(0);
    await page.close();
  });
});

describe('routing guards', () => {
  it('lets a signed-out user open only the auth pages', async () => {
    const page = await fresh();
    for (const target of [
      '/',
      '/archive',
      '/create',
      '/user/profile',
      '/admin/users',
      '/auth',
      '/auth/2fa',
      '/sites/x.com/pages',
      '/nowhere',
    ]) {
      await page.goto(target);
      expect(await pathOf(page, '/auth/login'), target).toBe('/auth/login');
    }
    for (const open of ['/auth/signup', '/auth/forgot-password', '/auth/reset-password/abc']) {
      await page.goto(open);
      await settled(page);
      expect(new URL(page.url()).pathname, open).toBe(open);
    }
    await page.close();
  });

  it('sends a signed-in user from auth pages and unknown paths home, and a non-admin away from admin', async () => {
    const { session } = await t.signup('Gus Guard');
    const page = await fresh();
    await useToken(page, session.token);
    for (const target of ['/auth/login', '/auth/signup', '/auth', '/no/such/page', '/admin/users', '/admin/activity']) {
      await page.goto(target);
      await page.getByRole('heading', { name: /^Welcome(?: back)?, Gus$/ }).waitFor();
      expect(new URL(page.url()).pathname, target).toBe('/');
    }
    // Reset links stay open to a signed-in user.
    await page.goto('/auth/reset-password/abc');
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/reset-password/abc');
    await page.close();
  });

  it('restores the session from the stored token on first load, and logs out on a 401', async () => {
    const { session, api } = await t.signup('Sam Session');
    const page = await fresh();
    await useToken(page, session.token);
    await page.goto('/archive');
    await page.getByRole('heading', { name: 'All sites' }).waitFor();
    // The archive's own first call (the sites list) answered: else it could be the call that meets the 401.
    await page.getByText('Nothing here yet').waitFor();

    // The session ends elsewhere (signed out on another device): the next call answers 401.
    await api.POST('/auth/logout');
    await page
      .getByRole('navigation', { name: 'Archive views' })
      .getByRole('link', { name: /My sites/ })
      .click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await pathOf(page, '/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('pagewright'))).not.toContain(session.token.slice(0, 10));
    await page.close();
  });
});

describe('outdated client', () => {
  it('alerts on 426 and reloads', async () => {
    const stale = await startTestServer({ WEB_BUILD: 'a-newer-build' });
    try {
      const page = await fresh();
      await page.goto(`${stale.url}/auth/login`);
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.accept();
      });
      const reloaded = page.waitForEvent('load');
      await page.getByLabel('E-mail').fill('someone@example.com');
      await page.getByLabel('Password', { exact: true }).fill('any password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await reloaded;
      expect(dialogs[0]).toBe('A new version of the app is available. Press OK to update and continue.');
      await page.close();
    } finally {
      await stale.close();
    }
  });
});

describe('first load', () => {
  it('downloads at most 150 KB of gzipped JavaScript for the login and then home, without the editor', async () => {
    const { session, password } = await t.signup('Bea Budget');
    const page = await fresh();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    });
    await login(page, session.email, password);
    await pathOf(page, '/');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Bea$/ }).waitFor();
    await settled(page);

    const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../web/dist');
    const sizes = [...scripts].map((file) => ({ file, gzip: zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length }));
    const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
    console.info(`first load: ${(total / 1024).toFixed(1)} KB gzipped JavaScript in ${sizes.length} files`, sizes);
    expect(sizes.some((s) => s.file.includes('site-editor'))).toBe(false);
    expect(total).toBeLessThanOrEqual(150 * 1024);
    await page.close();
  });
});
