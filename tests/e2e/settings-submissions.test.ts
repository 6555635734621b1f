import fs from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { startTestServer, type TestServer } from '../support/server.js';
import { readZip } from '../support/zip.js';
import { checkScreen, launch, newPage, pathOf, savedDownload } from './browser.js';
import { openSettings, ownerWithSite } from './settings.js';

/** The form submissions inbox, fed by a real post from a compiled page. */

let t: TestServer;
let browser: Browser;

beforeAll(async () => {
  t = await startTestServer({ RATE_LIMIT_FORM_IP: '1000' });
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithSite>>;

/** Publishes the site and answers the compiled page that holds a form, posting to this test server. */
async function compiledFormPage({ user, siteId }: Owner): Promise<{ path: string; html: string }> {
  const { data } = await user.api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
  const publicUrl = t.pw.deps.config.publicUrl;
  const zip = await readZip(Buffer.from(await (await fetch(data!.download.url.replace(publicUrl, t.url))).arrayBuffer()));
  const [path, bytes] = [...zip].find(([name, file]) => name.endsWith('.html') && file.toString().includes('<form'))!;
  // The zip is made for PUBLIC_URL; the test server listens on a port of its own.
  return { path, html: bytes.toString().replaceAll(publicUrl, t.url) };
}

const post = (siteId: string, fields: Record<string, string>) =>
  fetch(`${t.url}/api/sites/${siteId}/forms/contact`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(fields),
  });

describe('form submissions', () => {
  it("shows a visitor's post from the compiled page; status menu, detail panel, export CSV and delete", async () => {
    const owner = await ownerWithSite(t);
    const { siteId, user } = owner;

    const empty = await openSettings(browser, t, user, siteId, 'forms/submissions');
    await empty.page.getByRole('heading', { name: messages.submissionsEmpty }).waitFor();
    await checkScreen(empty.page, 'settings-submissions-empty');
    await empty.context.close();

    // A visitor on the published site sends the contact form.
    const { path, html } = await compiledFormPage(owner);
    const visitor = await newPage(browser, 'https://northwind.example');
    await visitor.page.route('https://northwind.example/**', (route) =>
      new URL(route.request().url()).pathname === `/${path.replace(/index\.html$/, '')}`
        ? route.fulfill({ contentType: 'text/html', body: html })
        : route.fulfill({ status: 404, body: '' }),
    );
    await visitor.page.goto(`/${path.replace(/index\.html$/, '')}`);
    await visitor.page.getByLabel('Full name').fill('Ada Lovelace');
    await visitor.page.getByLabel('Work email').fill('ada@example.com');
    await visitor.page.getByLabel('What would you like to talk about?').fill('Bread for forty.');
    await visitor.page.locator('form').getByRole('button').first().click();
    await visitor.page.getByText(messages.formConfirmationHeading).waitFor();
    await visitor.context.close();

    const { context, page } = await openSettings(browser, t, user, siteId, 'forms/submissions');
    const row = page.getByTestId('submission-row').first();
    await row.waitFor();
    expect(await row.locator('td').allInnerTexts()).toEqual(['contact', 'English (en)', 'New', expect.any(String), '']);
    await checkScreen(page, 'settings-submissions');

    await row.click();
    const id = (await user.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId } } })).data!.items[0]!.id;
    await pathOf(page, `/sites/${siteId}/settings/forms/submissions/${id}`);
    const fields = page.getByRole('definition');
    await page.getByText('Bread for forty.').waitFor();
    expect(await fields.allInnerTexts()).toContain('ada@example.com');
    await checkScreen(page, 'settings-submission-panel', { fullPage: false });

    // The context menu offers the seven statuses.
    await row.click({ button: 'right' });
    const menu = page.getByRole('menu', { name: `Submission ${id}` });
    expect(await menu.getByRole('menuitemradio').allInnerTexts()).toEqual([
      'New',
      'In progress',
      'Completed',
      'Pending',
      'On hold',
      'Cancelled',
      'Closed',
    ]);
    await checkScreen(page, 'settings-submission-menu', { fullPage: false });
    await menu.getByRole('menuitemradio', { name: 'Completed' }).click();
    await row.getByText('Completed').waitFor();
    expect((await user.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId } } })).data!.items[0]!.status).toBe('completed');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync(await savedDownload(await download), 'utf8');
    expect(csv.split('\r\n')[0]).toBe('id,form,language,status,submitted,name,email,company,team,message');
    expect(csv).toContain('Ada Lovelace,ada@example.com');

    await page.getByRole('button', { name: `Actions for submission ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('heading', { name: messages.submissionsEmpty }).waitFor();
    await pathOf(page, `/sites/${siteId}/settings/forms/submissions`);
    expect((await user.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId } } })).data!.total).toBe(0);
    await context.close();
  });

  it('filters the inbox by form and by status, and clears the filters', async () => {
    const owner = await ownerWithSite(t);
    for (const [form, name] of [
      ['contact', 'Ada'],
      ['catering', 'Grace'],
      ['contact', 'Alan'],
    ] as const) {
      const sent = await fetch(`${t.url}/api/sites/${owner.siteId}/forms/${form}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ name }),
      });
      expect(sent.status).toBe(201);
    }
    const { context, page } = await openSettings(browser, t, owner.user, owner.siteId, 'forms/submissions');
    const rows = page.getByTestId('submission-row');
    const forms = async () => (await rows.locator('td:first-child').allInnerTexts()).join(',');
    await expect.poll(forms).toBe('contact,catering,contact');

    const formFilter = page.getByRole('group', { name: 'Filter submissions' }).getByLabel('Form');
    expect(await formFilter.locator('option').allInnerTexts()).toEqual(['All forms', 'catering', 'contact']);
    await formFilter.selectOption('contact');
    await expect.poll(forms).toBe('contact,contact');
    await page.getByText('2 submissions match the filters, newest first.').waitFor();

    // The newest contact submission is done: the status filter then finds it alone.
    await rows.first().click({ button: 'right' });
    await page.getByRole('menuitemradio', { name: 'Completed' }).click();
    await rows.first().getByText('Completed').waitFor();
    const statusFilter = page.getByRole('group', { name: 'Filter submissions' }).getByLabel('Status');
    await statusFilter.selectOption({ label: 'Completed' });
    await page.getByText('1 submission matches the filters, newest first.').waitFor();
    await expect.poll(() => rows.count()).toBe(1);
    await rows.first().click();
    await page.getByText('Alan').waitFor();

    await formFilter.selectOption('catering');
    await page.getByRole('heading', { name: 'No submissions match' }).waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(forms).toBe('contact,catering,contact');
    await page.getByText("3 submissions from the site's forms, newest first.").waitFor();
    await context.close();
  });

  it('loads older submissions as the list scrolls', async () => {
    const owner = await ownerWithSite(t);
    for (let i = 1; i <= 75; i++) expect((await post(owner.siteId, { name: `Visitor ${i}`, message: 'Hello' })).status).toBe(201);
    const { context, page } = await openSettings(browser, t, owner.user, owner.siteId, 'forms/submissions');
    await page.getByText("75 submissions from the site's forms, newest first.").waitFor();
    // Only what is on screen is drawn.
    expect(await page.getByTestId('submission-row').count()).toBeLessThan(50);
    const scroller = page.locator('div:has(> table[aria-label="Form submissions"])');
    await expect
      .poll(async () => {
        await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return page.locator('tr[aria-rowindex="76"]').count();
      })
      .toBe(1);
    await context.close();
  });
});
