import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, multipart } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic } from '../support/team.js';
import { launch, newPage, openAs, settled } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/**
 * The asset library's tags and a replaced picture's alt text (issue 30 point 3), from a fresh site of
 * the launch template, with the mouse and keyboard; the published home page is read at the end.
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

async function openAssets(user: User, siteId: string) {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/assets`);
  await opened.page.getByTestId('asset').first().waitFor();
  await settled(opened.page);
  return opened;
}

/** A file's tile in the grid, clicked to open its details. */
const tile = (page: Page, name: string) => page.locator(`[data-testid="asset"][data-name="${name}"] > button`);

/** Files the user uploaded earlier (a new site's pictures are the template's, not the library's). */
async function uploaded(user: User, siteId: string, files: { name: string; width: number; height: number }[]) {
  const parts = await Promise.all(
    files.map(async (f, i) => ({ field: `file${i}`, filename: f.name, data: await fixtures.png(f.width, f.height) })),
  );
  const { body, contentType } = multipart(parts);
  const response = await fetch(`${t.url}/api/sites/${siteId}/files`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: basic(user.session.token) },
    body,
  });
  expect(response.status).toBe(201);
}

/**
 * A site whose home page shows the user's own `dish.png` in the template's first image with an alt
 * text, as after picking it in the editor.
 */
async function siteWithPicture() {
  const { user, siteId } = await ownerWithSite(t);
  await uploaded(user, siteId, [{ name: 'dish.png', width: 40, height: 30 }]);
  const doc = await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId);
  const home = new Set(doc.pages.find((p) => p.id === 'home')!.sections);
  const image = Object.values(doc.nodes).find((n) => n.type === 'image' && home.has(n.id.split('.')[0]!))!;
  const edited = await user.api.PATCH('/sites/{siteId}/components/{componentId}', {
    params: { path: { siteId, componentId: image.id } },
    body: { data: { value: 'dish.png', alt: 'A bowl of beetroot soup' } },
  });
  expect(edited.response.status).toBe(200);
  return { user, siteId, image };
}

describe('tags', () => {
  it('adds and removes tags in a file’s details, and shows one tag’s files from the sidebar', async () => {
    const { user, siteId } = await ownerWithSite(t);
    await uploaded(user, siteId, [
      { name: 'soup.png', width: 40, height: 30 },
      { name: 'logo.png', width: 20, height: 20 },
      { name: 'bread.png', width: 30, height: 30 },
    ]);
    const { context, page } = await openAssets(user, siteId);
    const [first, second] = [{ name: 'soup.png' }, { name: 'logo.png' }];
    const count = async () => page.getByTestId('asset-count').innerText();
    const all = await count();
    expect(all).toBe('3 files');

    await tile(page, first.name).click();
    const details = page.getByRole('complementary', { name: first.name });
    const add = details.getByLabel('Add tag');
    await add.fill('Autumn menu');
    await add.press('Enter');
    await details
      .getByRole('list', { name: `Tags of ${first.name}` })
      .getByText('Autumn menu')
      .waitFor();
    await add.fill('hero');
    await details.getByRole('button', { name: 'Add', exact: true }).click();
    await details.getByRole('button', { name: 'Remove tag hero' }).waitFor();
    await details.getByRole('button', { name: 'Remove tag hero' }).click();
    await details.getByRole('button', { name: 'Remove tag hero' }).waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await user.api.GET('/sites/{siteId}/files/{name}', { params: { path: { siteId, name: first.name } } })).data!.tags)
      .toEqual(['Autumn menu']);
    // A tag of 40 characters, the most the field takes, is kept and can be removed like any.
    await add.fill('x'.repeat(40));
    await add.press('Enter');
    await details.getByRole('button', { name: `Remove tag ${'x'.repeat(40)}` }).click();

    await user.api.PATCH('/sites/{siteId}/files/{name}', {
      params: { path: { siteId, name: second.name } },
      body: { tags: ['autumn menu', 'logo'] },
    });
    await page.reload();
    await page.getByRole('button', { name: 'Tag Autumn menu' }).click();
    await expect.poll(count).toBe('2 files');
    expect(page.url().toLowerCase()).toContain('?tag=autumn+menu');
    await page.getByRole('button', { name: 'Tag logo' }).click();
    await expect.poll(count).toBe('1 file');
    await page.getByRole('button', { name: 'Remove filter tag logo' }).click();
    await expect.poll(count).toBe(all);
    await context.close();
  });
});

describe('replacing a picture', () => {
  it('asks for the alt text of every place that shows it, and the published page carries the new one', async () => {
    const { user, siteId, image } = await siteWithPicture();
    const name = 'dish.png';
    const oldAlt = 'A bowl of beetroot soup';
    const { context, page } = await openAssets(user, siteId);

    await tile(page, name).click();
    const details = page.getByRole('complementary', { name });
    const chooser = page.waitForEvent('filechooser');
    await details.getByRole('button', { name: 'Replace' }).click();
    await (await chooser).setFiles({ name: 'new-picture.png', mimeType: 'image/png', buffer: await fixtures.png(64, 32) });

    const dialog = page.getByRole('dialog', { name: `Alt text for the new ${name}` });
    await dialog.waitFor();
    const field = dialog.getByLabel(/^Alt text on Home › /);
    expect(await field.inputValue()).toBe(oldAlt);
    await field.fill('A plate of rye bread and butter');
    await dialog.getByRole('button', { name: 'Save alt text' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId)).nodes[image.id]!.data.alt)
      .toBe('A plate of rye bread and butter');
    // The library's file has the new picture under its old name.
    const stored = (await user.api.GET('/sites/{siteId}/files/{name}', { params: { path: { siteId, name } } })).data!;
    expect(stored.info).toEqual({ width: 64, height: 32 });
    await context.close();

    // A visitor of the published home page gets the new picture with the new alt text.
    const { data } = await user.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
    const visitor = await newPage(browser, t.url);
    await visitor.page.goto(data!.url.replace(t.pw.deps.config.publicUrl, t.url));
    const img = visitor.page.getByRole('img', { name: 'A plate of rye bread and butter' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await visitor.page.getByRole('img', { name: oldAlt }).count()).toBe(0);
    await visitor.context.close();
  });

  it('keeps the alt text when the user says so', async () => {
    const { user, siteId, image } = await siteWithPicture();
    const name = 'dish.png';
    const { context, page } = await openAssets(user, siteId);
    await tile(page, name).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('complementary', { name }).getByRole('button', { name: 'Replace' }).click();
    await (await chooser).setFiles({ name: 'x.png', mimeType: 'image/png', buffer: await fixtures.png(50, 50) });
    const dialog = page.getByRole('dialog', { name: `Alt text for the new ${name}` });
    await dialog.getByRole('button', { name: 'Keep alt text' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId)).nodes[image.id]!.data.alt).toBe('A bowl of beetroot soup');
    await context.close();
  });
});
