import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type LocalDns } from '../support/dns.js';
import { HOSTING_CNAME, publish, visit } from '../support/hosting.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, launch } from './browser.js';
import { openSettings, ownerWithSite } from './settings.js';

/**
 * The Domains settings page (issue 31 item 3): the owner adds a domain, reads the DNS records to set,
 * verifies (the server asks the test DNS server, as it would the domain's provider), and the site is
 * served at the domain; removing it stops that at once.
 */
let dns: LocalDns;
let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  dns = await startDns();
  t = await startTestServer({ DNS_SERVER: dns.server, HOSTING_CNAME });
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await dns?.close();
});

describe('the Domains page', () => {
  it('adds a domain, shows its DNS records, verifies them and serves the site there; Remove stops it', { timeout: 120_000 }, async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Dora Domains', siteName: 'Domain Bakery' });
    await publish(user.api, siteId);
    const host = `www.${siteId}`;
    const { context, page } = await openSettings(browser, t, user, siteId, 'domains');

    // Reached from the settings sidebar.
    expect(
      await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Domains' }).getAttribute('aria-current'),
    ).toBe('page');
    await page.getByText('No domains yet').waitFor();

    // A bad name is refused at the field, in the spec's words.
    const field = page.getByRole('textbox', { name: 'Domain' });
    await field.fill('not a domain');
    await page.getByRole('button', { name: 'Add domain' }).click();
    await page.getByText('Invalid domain format').waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');

    await field.fill(host.toUpperCase());
    await page.keyboard.press('Enter');
    const card = page.getByRole('listitem', { name: host });
    await card.waitFor();
    expect(await field.inputValue()).toBe('');
    expect(await card.getByText('Not verified').count()).toBe(1);

    // The records as a person copies them to the DNS provider.
    const records = card.getByRole('table', { name: `DNS records for ${host}` });
    const rows = await records
      .getByTestId('dns-record')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())));
    expect(rows).toEqual([
      ['TXT', `_pagewright.${host}`, expect.stringMatching(/^pagewright-verify=[0-9a-f]{32}$/)],
      ['CNAME', host, HOSTING_CNAME],
    ]);
    expect((await visit(t.url, host, '/')).status).toBe(404);
    await checkScreen(page, 'settings-domains-records');

    // Verify before any record is set: what is missing is said in place.
    await card.getByRole('button', { name: `Verify ${host}` }).click();
    await card.getByRole('status').getByText(`Add a TXT record _pagewright.${host} with the value ${rows[0]![2]}`).waitFor();

    // The records set at the provider, then verified: live at the domain.
    dns.set(rows[0]![1]!, { TXT: [rows[0]![2]!] });
    dns.set(rows[1]![1]!, { CNAME: rows[1]![2]! });
    await card.getByRole('button', { name: `Verify ${host}` }).click();
    await card.getByText('Verified', { exact: true }).waitFor();
    expect(await card.getByRole('link', { name: `https://${host}/` }).getAttribute('href')).toBe(`https://${host}/`);
    expect(await card.getByRole('table').count()).toBe(0);
    const live = await visit(t.url, host, '/');
    expect(live.status).toBe(200);
    expect(live.text).toContain('Domain Bakery');
    await checkScreen(page, 'settings-domains-verified');

    // Still there after a reload (the list comes from the server).
    await page.reload();
    await page.getByRole('listitem', { name: host }).getByText('Verified', { exact: true }).waitFor();

    await page.getByRole('button', { name: `Remove ${host}` }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No domains yet').waitFor();
    // The site is no longer served there (without APP_HOSTS, any other host reaches the app, decision 0071).
    const after = await visit(t.url, host, '/');
    expect(after.headers['x-pagewright-deploy']).toBeUndefined();
    expect(after.text).not.toContain('Domain Bakery');
    await context.close();
  });
});
