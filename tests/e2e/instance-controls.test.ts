import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { freePort, startGitHubServer, startGoogleServer, testAccount, type ProviderServer } from '../support/oauthServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, launch, newPage, openAs, pathOf, settled } from './browser.js';
import { CANVAS, inspector, openOnKind, ownerWithKinds } from './pickers-site.js';
import { ownerWithSite } from './settings.js';

/**
 * No control without a working feature behind it (issue 28): on an instance with nothing optional
 * configured, no sign-in provider, Unsplash or AI control shows, and an API error a browser is sent
 * to is a page; on one with the providers (local stand-ins) and TERMS_URL, their controls work.
 */

const TERMS_URL = 'https://www.example.com/legal/terms';

let bare: TestServer;
let full: TestServer;
let google: ProviderServer;
let github: ProviderServer & { apiUrl: string };
let browser: Browser;

beforeAll(async () => {
  bare = await startTestServer();
  await bare.signup('Instance Admin');
  const port = await freePort();
  const url = `http://localhost:${port}`;
  google = await startGoogleServer(`${url}/api/auth/google/callback`);
  github = await startGitHubServer(`${url}/api/auth/github/callback`);
  full = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: url,
    GOOGLE_CLIENT_ID: google.clientId,
    GOOGLE_CLIENT_SECRET: google.clientSecret,
    GOOGLE_ISSUER: google.url,
    GITHUB_CLIENT_ID: github.clientId,
    GITHUB_CLIENT_SECRET: github.clientSecret,
    GITHUB_URL: github.url,
    GITHUB_API_URL: github.apiUrl,
    TERMS_URL,
  });
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await bare?.close();
  await full?.close();
  await google?.close();
  await github?.close();
});

/** The sign-in screen, once the app knows what the server has configured. */
async function signInScreen(page: Page) {
  await page.goto('/auth/login');
  await page.getByRole('heading', { name: 'Sign in to Pagewright' }).waitFor();
  await settled(page);
}

describe('sign-in providers', () => {
  it('shows no Google or GitHub button on a server without them', async () => {
    const { context, page } = await newPage(browser, bare.url);
    await signInScreen(page);
    expect(await page.getByRole('link', { name: 'Google' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'GitHub' }).count()).toBe(0);
    expect(await page.getByText('or continue with').count()).toBe(0);
    await checkScreen(page, 'instance-login-bare');
    await context.close();
  });

  it('shows both on a server with them, and the Google one signs in', async () => {
    const { context, page } = await newPage(browser, full.url);
    await signInScreen(page);
    expect(await page.getByRole('link', { name: 'Google' }).getAttribute('href')).toBe('/api/auth/google');
    expect(await page.getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('/api/auth/github');
    await checkScreen(page, 'instance-login-providers');
    const account = testAccount({ name: 'Gwen Oogle' });
    google.add(account);
    await context.addCookies([{ name: 'test_account', value: account.id, url: google.url }]);
    // Provider pictures live on the provider's servers, which this machine does not reach.
    await context.route('https://images.example.com/**', (route) => route.abort());
    await page.getByRole('link', { name: 'Google' }).click();
    await pathOf(page, '/');
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Gwen$/ }).waitFor();
    await context.close();
  });
});

describe('an API error the browser is sent to', () => {
  it("is a page in the app's look with the message and the way back to sign in", async () => {
    const { context, page } = await newPage(browser, bare.url);
    const response = await page.goto('/api/auth/google');
    expect(response!.status()).toBe(503);
    expect(response!.headers()['content-type']).toContain('text/html');
    await page.getByRole('heading', { name: 'Not available here' }).waitFor();
    await page.getByText(messages.providerNotConfigured('Google')).waitFor();
    // Never the JSON shape on the screen.
    expect(await page.locator('body').innerText()).not.toContain('"code"');
    await checkScreen(page, 'instance-api-error-page', { settle: false });
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Pagewright' }).waitFor();
    await context.close();
  });
});

describe('the terms of service', () => {
  it('links the terms of TERMS_URL from the signup, and stores when the new account accepted them', async () => {
    const { context, page } = await newPage(browser, full.url);
    await page.goto('/auth/signup');
    await settled(page);
    const terms = page.getByRole('link', { name: 'terms of service' });
    expect(await terms.getAttribute('href')).toBe(TERMS_URL);
    expect(await terms.getAttribute('target')).toBe('_blank');
    await checkScreen(page, 'instance-signup-terms');
    const email = `terms-${Date.now()}@example.com`;
    await page.getByLabel('Name').fill('Tess Terms');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('correct horse battery');
    await page.getByRole('checkbox', { name: 'I accept the terms of service' }).check();
    const before = Date.now();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: /^Welcome(?: back)?, Tess$/ }).waitFor();
    const after = Date.now();
    const row: { terms_accepted_at: number | string } = await full.pw.deps.db('users').where({ email }).first('terms_accepted_at');
    expect(Number(row.terms_accepted_at)).toBeGreaterThanOrEqual(before);
    expect(Number(row.terms_accepted_at)).toBeLessThanOrEqual(after);
    await context.close();
  });
});

describe('stock photos and AI on a server without them', () => {
  it('the image picker has no Unsplash tab and the rich text no AI button', async () => {
    const { user, siteId } = await ownerWithKinds(bare, { name: 'Nia Nostock' });
    // An image selected in the editor: its Image row opens the picker.
    const image = await openOnKind(browser, bare, user.session.token, siteId, 'image');
    await inspector(image.page).getByRole('button', { name: 'Image: select image' }).click();
    const dialog = image.page.getByRole('dialog', { name: 'Select image' });
    await dialog.getByRole('tab', { name: 'Assets' }).waitFor();
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['Assets', 'Upload', 'URL']);
    // A search of 3 characters or more asks no stock-photo service.
    await dialog.getByRole('searchbox', { name: 'Search images' }).fill('mountain');
    expect(await dialog.getByText(messages.stockNotConfigured).count()).toBe(0);
    await checkScreen(image.page, 'instance-image-picker-bare', { fullPage: false, exclude: [CANVAS] });
    await image.context.close();

    // A heading's Text row and a rich text's editor: no AI text button anywhere.
    const heading = await openOnKind(browser, bare, user.session.token, siteId, 'heading');
    await inspector(heading.page).getByRole('textbox', { name: 'Text', exact: true }).waitFor();
    expect(await heading.page.getByRole('button', { name: /^AI text/ }).count()).toBe(0);
    await heading.context.close();
    const rich = await openOnKind(browser, bare, user.session.token, siteId, 'richtext');
    await inspector(rich.page).getByRole('button', { name: 'Text: edit' }).click();
    const editor = rich.page.getByRole('dialog', { name: 'Edit richtext' });
    await editor.getByRole('textbox', { name: 'Text', exact: true }).waitFor();
    expect(await editor.getByRole('button', { name: /^AI text/ }).count()).toBe(0);
    await rich.context.close();
  });

  it('the asset library has no Unsplash entry, and its address leads to all assets', async () => {
    const { user, siteId } = await ownerWithSite(bare, { name: 'Ned Nostock' });
    const { context, page } = await openAs(browser, bare.url, user.session.token, `/sites/${siteId}/assets`);
    const nav = page.getByRole('navigation', { name: 'Assets' });
    await nav.getByRole('link', { name: /All assets/ }).waitFor();
    expect(await nav.getByRole('link', { name: /Unsplash/ }).count()).toBe(0);
    await page.goto(`/sites/${siteId}/assets/unsplash`);
    await pathOf(page, `/sites/${siteId}/assets`);
    await context.close();
  });
});
