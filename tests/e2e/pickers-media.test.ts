import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures } from '../support/files.js';
import { chatServer } from '../support/formServers.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { animationsDone, checkScreen, launch } from './browser.js';
import { kindId } from './editor-inspector-kinds.js';
import { CANVAS, inspector, openOnKind, ownerWithKinds, rowValue, selectKind } from './pickers-site.js';
import type { User } from './settings.js';

/**
 * The image picker, the files popup and the AI text helper (web/src/pickers) in Chromium against a
 * real server whose Unsplash, import origin and AI provider are local stand-ins.
 */

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestServer;
let browser: Browser;
let jpeg: Buffer;
let origin: Awaited<ReturnType<typeof serve>>;
let unsplash: Awaited<ReturnType<typeof serve>>;
let ai: Awaited<ReturnType<typeof chatServer>>;
const SHOTS = '/tmp/shots-pickers';

beforeAll(async () => {
  jpeg = await fixtures.jpeg(64, 48);
  origin = await serve((req, res) => {
    if (new URL(req.url!, 'http://x').pathname === '/photo-1501785888041')
      return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    res.writeHead(404).end();
  });
  unsplash = await serve((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        total: 1,
        total_pages: 1,
        results: [
          {
            id: 'Dwu85P9SOIk',
            width: 6000,
            height: 4000,
            color: '#0c2626',
            blur_hash: 'LFC$yHwc8^$yIAS$%M%00KxukYIp',
            description: null,
            alt_description: 'a lake between mountains',
            urls: { raw: `http://127.0.0.1:${origin.port}/photo-1501785888041?ixid=abc` },
            user: { name: 'Ada Photographer', username: 'ada' },
          },
        ],
      }),
    );
  });
  ai = await chatServer();
  t = await startTestServer({
    IMPORT_ALLOW_PRIVATE: `127.0.0.1:${origin.port}`,
    UNSPLASH_ACCESS_KEY: 'test-access-key',
    UNSPLASH_API_URL: `http://127.0.0.1:${unsplash.port}`,
    AI_API_URL: ai.url,
    AI_API_KEY: 'sk-local',
    AI_MODEL: 'local-model',
  });
  await t.signup('Instance Admin');
  browser = await launch();
  fs.mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await origin?.close();
  await unsplash?.close();
  await ai?.close();
});

/** The editor with the component of a kind selected: its inspector rows open the pickers. */
function openWorkbench(user: User, siteId: string, kind = 'image') {
  return openOnKind(browser, t, user.session.token, siteId, kind);
}

/** The heading's text in its single-line rich input. */
const headingText = (page: Page) => inspector(page).getByRole('textbox', { name: 'Text', exact: true }).textContent();

/** What the inspector row shows. */
const output = (page: Page, label: string) => ({ textContent: () => rowValue(page, label) });
const file = (name: string, buffer: Buffer, mimeType: string) => ({ name, mimeType, buffer });

async function shot(page: Page, name: string, dialog: string) {
  await animationsDone(page);
  await page.getByRole('dialog', { name: dialog }).screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('the image picker', () => {
  it('uploads a file and chooses it; refuses a file over 2 MB and an existing name unless overwrite is on', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Ulla Upload' });
    const { context, page } = await openWorkbench(user, siteId);
    await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select image' });
    // No value: the Assets tab.
    expect(await dialog.getByRole('tab', { name: 'Assets' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['Assets', 'Unsplash', 'Upload', 'URL']);
    await checkScreen(page, 'pickers-image-assets', { fullPage: false, exclude: [CANVAS] });
    await shot(page, 'image-assets', 'Select image');

    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByText('Click to select files').waitFor();
    await dialog.getByText('Image resolutions').waitFor();
    await dialog.getByLabel('File to upload').setInputFiles(file('big.jpg', Buffer.alloc(2_097_153, 1), 'image/jpeg'));
    await dialog.getByRole('alert').filter({ hasText: 'File size exceeds max upload size' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Upload', exact: true }).isDisabled()).toBe(true);
    await shot(page, 'image-upload-error', 'Select image');

    await dialog.getByLabel('File to upload').setInputFiles(file('bakery.jpg', jpeg, 'image/jpeg'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    // After a successful upload the uploaded file is chosen and the popup closes.
    await dialog.waitFor({ state: 'detached' });
    expect(await output(page, 'Image').textContent()).toBe('bakery.jpg');

    await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
    await dialog.getByRole('option', { name: 'bakery.jpg' }).waitFor();
    await checkScreen(page, 'pickers-image-assets-files', { fullPage: false, exclude: [CANVAS] });
    expect(await dialog.getByRole('option', { name: 'bakery.jpg' }).getAttribute('aria-selected')).toBe('true');
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByLabel('File to upload').setInputFiles(file('bakery.jpg', jpeg, 'image/jpeg'));
    await dialog.getByRole('alert').filter({ hasText: 'File already exists' }).waitFor();
    await dialog.getByLabel('Overwrite existing file').check();
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it("tells the owner the storage message of spec 002 when the plan's storage is used up", async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Stina Storage', plan: 3 });
    const plan = (await t.pw.deps.db('plans').where({ id: 3 }).first()) as { storage: unknown };
    await t.pw.deps.db('plans').where({ id: 3 }).update({ storage: 1 });
    try {
      const form = new FormData();
      form.append('file0', new Blob([new Uint8Array(1_048_576).fill(65)], { type: 'text/plain' }), 'notes.txt');
      const { response } = await user.api.POST('/sites/{siteId}/files', {
        params: { path: { siteId } },
        body: { file0: 'notes.txt' },
        bodySerializer: () => form,
      });
      expect(response.status).toBe(201);
      const { context, page } = await openWorkbench(user, siteId);
      await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Select image' });
      await dialog.getByRole('tab', { name: 'Upload' }).click();
      await dialog.getByLabel('File to upload').setInputFiles(file('bakery.jpg', jpeg, 'image/jpeg'));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
      await dialog
        .getByRole('alert')
        .filter({
          hasText: 'You have reached your site storage limit of 1 MB. To upload more assets, you first need to upgrade your pricing plan.',
        })
        .waitFor();
      await context.close();
    } finally {
      await t.pw.deps.db('plans').where({ id: 3 }).update({ storage: plan.storage });
    }
  });

  it('searches: a single short match is chosen, 3 or more characters search Unsplash; a stock photo reopens on Unsplash, another URL on URL', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Sami Search' });
    for (const name of ['hero.png', 'team.png']) {
      const form = new FormData();
      form.append('file0', new Blob([new Uint8Array(await fixtures.png())], { type: 'image/png' }), name);
      const { response } = await user.api.POST('/sites/{siteId}/files', {
        params: { path: { siteId } },
        body: { file0: name },
        bodySerializer: () => form,
      });
      expect(response.status).toBe(201);
    }
    const { context, page } = await openWorkbench(user, siteId);
    await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select image' });
    const search = dialog.getByRole('searchbox', { name: 'Search images' });
    await dialog.getByRole('option', { name: 'team.png' }).waitFor();
    await search.fill('te');
    await expect.poll(() => dialog.getByRole('option', { name: 'team.png' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByRole('option', { name: 'hero.png' }).count()).toBe(0);
    await search.fill('lake');
    const photo = dialog
      .getByRole('listbox', { name: 'Unsplash photos' })
      .getByRole('option', { name: /Photo by Ada Photographer on Unsplash/ });
    await photo.waitFor();
    await shot(page, 'image-search-unsplash', 'Select image');
    await search.fill('te');
    await search.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await output(page, 'Image').textContent()).toBe('team.png');

    await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
    await dialog.getByRole('tab', { name: 'Unsplash' }).click();
    await dialog.getByRole('searchbox', { name: 'Search Unsplash' }).fill('lake');
    await photo.click();
    await dialog.waitFor({ state: 'detached' });
    const stock = await output(page, 'Image').textContent();
    expect(stock).toContain('blur_hash=');
    await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
    expect(await dialog.getByRole('tab', { name: 'Unsplash' }).getAttribute('aria-selected')).toBe('true');
    await checkScreen(page, 'pickers-image-unsplash', { fullPage: false, exclude: [CANVAS] });
    await page.keyboard.press('Escape');

    await inspector(page).getByRole('textbox', { name: 'Image', exact: true }).fill('https://cdn.example.org/a.jpg');
    await inspector(page).getByRole('textbox', { name: 'Image', exact: true }).press('Enter');
    await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
    expect(await dialog.getByRole('tab', { name: 'URL' }).getAttribute('aria-selected')).toBe('true');
    await context.close();
  });

  it('imports an image from a URL into the assets, warning about copyright', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Iris Import' });
    const { context, page } = await openWorkbench(user, siteId);
    await inspector(page).getByRole('button', { name: 'Image: select image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select image' });
    await dialog.getByRole('tab', { name: 'URL' }).click();
    await dialog.getByLabel('Image URL').fill(`http://127.0.0.1:${origin.port}/photo-1501785888041`);
    expect(await dialog.getByRole('note').count()).toBe(0);
    await dialog.getByRole('radio', { name: 'Yes' }).check();
    await dialog.getByRole('note').filter({ hasText: 'Copyright' }).waitFor();
    await dialog.getByLabel('Filename').fill('lake.jpg');
    await checkScreen(page, 'pickers-image-url', { fullPage: false, exclude: [CANVAS] });
    await shot(page, 'image-url', 'Select image');
    await dialog.getByRole('button', { name: 'Import to assets' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await output(page, 'Image').textContent()).toBe('lake.jpg');
    const { data } = await user.api.GET('/sites/{siteId}/files', { params: { path: { siteId } } });
    expect(data!.files.map((f) => f.name)).toContain('lake.jpg');
    await context.close();
  });

  it('picks an SVG from Assets and Upload only, refusing other types; the files popup takes any file', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Vera Vector' });
    const { context, page } = await openWorkbench(user, siteId, 'svg');
    await inspector(page).getByRole('button', { name: 'SVG: select SVG' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select SVG' });
    expect(await dialog.getByRole('tab').allTextContents()).toEqual(['Assets', 'Upload']);
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByLabel('File to upload').setInputFiles(file('photo.png', await fixtures.png(), 'image/png'));
    await dialog.getByRole('alert').filter({ hasText: 'Only SVG files can be picked here' }).waitFor();
    await dialog.getByLabel('File to upload').setInputFiles(file('mark.svg', fixtures.svg(), 'image/svg+xml'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await output(page, 'SVG').textContent()).toBe('mark.svg');

    // A video's file: the files popup.
    await selectKind(page, 'video');
    await inspector(page).getByRole('button', { name: 'Video: select file' }).click();
    const files = page.getByRole('dialog', { name: 'Select file' });
    expect(await files.getByRole('tab').allTextContents()).toEqual(['Assets', 'Upload']);
    await files.getByRole('option', { name: 'mark.svg' }).waitFor();
    await files.getByRole('tab', { name: 'Upload' }).click();
    await files.getByLabel('File to upload').setInputFiles(file('menu.pdf', fixtures.pdf(), 'application/pdf'));
    await files.getByRole('button', { name: 'Upload', exact: true }).click();
    await files.waitFor({ state: 'detached' });
    expect(await output(page, 'Video').textContent()).toBe('menu.pdf');
    await context.close();
  });
});

describe('items, embed code and link targets edited in the inspector', () => {
  it("picks a gallery's pictures with their alt text, types a list's items, takes an iframe's embed code and picks a link's file", async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Gala Gallery' });
    const { context, page } = await openWorkbench(user, siteId, 'gallery');
    const canvas = page.frameLocator('iframe[title="Canvas"]');

    // A gallery without a collection: its pictures, one by one, from Select image.
    await inspector(page).getByRole('button', { name: 'Pictures: Add image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select image' });
    await dialog.getByRole('tab', { name: 'Upload' }).click();
    await dialog.getByLabel('File to upload').setInputFiles(file('loaves.jpg', jpeg, 'image/jpeg'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await inspector(page).getByRole('list', { name: 'Pictures' }).getByText('loaves.jpg').waitFor();
    const alt = inspector(page).getByLabel('Alt text of loaves.jpg', { exact: true });
    await alt.fill('Rye loaves on a board');
    await alt.press('Enter');
    const picture = canvas.locator(`[data-pw-id="${kindId('gallery')}"] img`).first();
    await expect.poll(() => picture.getAttribute('alt'), { timeout: 15_000 }).toBe('Rye loaves on a board');
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await page.screenshot({ path: `${SHOTS}/gallery-pictures.png` });

    // A list's own items, one a line.
    await selectKind(page, 'list');
    const items = inspector(page).getByLabel('List items', { exact: true });
    await items.fill('Rye\nSpelt & oat');
    await items.press('Tab');
    await expect
      .poll(() => canvas.locator(`[data-pw-id="${kindId('list')}"] li`).allTextContents(), { timeout: 15_000 })
      .toEqual(['Rye', 'Spelt & oat']);

    // Embed code pasted into an iframe's Address: the address and the rows its tag names.
    await selectKind(page, 'iframe');
    const address = inspector(page).getByLabel('Address', { exact: true });
    await address.fill(
      '<iframe width="560" height="315" src="https://maps.example.test/embed?q=bakery&amp;z=3" title="Our bakery on the map" allowfullscreen></iframe>',
    );
    await address.press('Enter');
    await expect.poll(() => address.inputValue(), { timeout: 15_000 }).toBe('https://maps.example.test/embed?q=bakery&z=3');
    expect(await inspector(page).getByLabel('Width', { exact: true }).first().inputValue()).toBe('560');
    expect(await inspector(page).getByLabel('Title', { exact: true }).first().inputValue()).toBe('Our bakery on the map');
    const frame = canvas.locator(`[data-pw-id="${kindId('iframe')}"]`).first();
    await expect.poll(() => frame.getAttribute('title')).toBe('Our bakery on the map');

    // A link's download target picked in Select file.
    await selectKind(page, 'link');
    await inspector(page).getByRole('combobox', { name: 'Action', exact: true }).selectOption('download');
    await inspector(page).getByRole('button', { name: 'File: select file' }).click();
    const files = page.getByRole('dialog', { name: 'Select file' });
    await files.getByRole('option', { name: 'loaves.jpg' }).click();
    await files.waitFor({ state: 'detached' });
    await expect.poll(() => inspector(page).getByLabel('File', { exact: true }).inputValue()).toBe('loaves.jpg');
    const link = canvas.locator(`[data-pw-id="${kindId('link')}"]`).first();
    await expect.poll(() => link.getAttribute('href'), { timeout: 15_000 }).toMatch(/loaves\.jpg$/);
    await context.close();
  });
});

describe('the AI text helper', () => {
  it('rewrites, shortens and continues a text, the user keeping or discarding what came back', async () => {
    const { user, siteId } = await ownerWithKinds(t, { name: 'Aino Assist', data: { heading: { value: 'we bake good bread every day' } } });
    ai.state.reply = (body) => {
      const system = (body.messages as { content: string }[])[0]!.content;
      return system.startsWith('You shorten')
        ? 'Good bread daily.'
        : system.startsWith('You continue')
          ? 'We bake good bread every day. Come by!'
          : 'We bake fresh bread every day.';
    };
    const { context, page } = await openWorkbench(user, siteId, 'heading');
    await page.getByRole('button', { name: 'AI text for Text' }).click();
    const panel = page.getByRole('group', { name: 'AI text' });
    await panel.getByRole('button', { name: 'Rewrite' }).click();
    await expect.poll(() => panel.getByLabel('AI suggestion').textContent()).toBe('We bake fresh bread every day.');
    await checkScreen(page, 'pickers-ai', { fullPage: false, exclude: [CANVAS] });
    await page.screenshot({ path: `${SHOTS}/ai.png`, clip: { x: 0, y: 0, width: 1000, height: 860 } });
    await panel.getByRole('button', { name: 'Discard' }).click();
    expect(await headingText(page)).toBe('we bake good bread every day');

    await page.getByRole('button', { name: 'AI text for Text' }).click();
    await panel.getByRole('button', { name: 'Shorten' }).click();
    await expect.poll(() => panel.getByLabel('AI suggestion').textContent()).toBe('Good bread daily.');
    await panel.getByRole('button', { name: 'Use text' }).click();
    await expect.poll(() => headingText(page)).toBe('Good bread daily.');
    // The page shows what was kept.
    await expect
      .poll(() => page.frameLocator('iframe[title="Canvas"]').locator('[data-pw-id="kinds.k-heading"]').first().textContent())
      .toBe('Good bread daily.');
    expect(ai.state.calls.at(-1)!.body.messages).toEqual([
      expect.objectContaining({ role: 'system', content: expect.stringMatching(/^You shorten/) as unknown }),
      { role: 'user', content: 'we bake good bread every day' },
    ]);
    await context.close();
  });

  it('tells the owner on a plan without AI to upgrade, and a collaborator that the owner must', async () => {
    const { user, siteId } = await ownerWithKinds(t, {
      name: 'Frida Free',
      plan: 3,
      data: { heading: { value: 'we bake good bread every day' } },
    });
    const member = await t.signup('Colin Collaborator');
    const { data: invitation } = await user.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    await member.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    // The owner's plan without the AI helpers.
    const plan = (await t.pw.deps.db('plans').where({ id: 3 }).first()) as { use_ai: unknown };
    await t.pw.deps.db('plans').where({ id: 3 }).update({ use_ai: false });
    try {
      const owner = await openWorkbench(user, siteId, 'heading');
      await owner.page.getByRole('button', { name: 'AI text for Text' }).click();
      await owner.page.getByRole('group', { name: 'AI text' }).getByRole('button', { name: 'Rewrite' }).click();
      await owner.page
        .getByRole('alert')
        .filter({ hasText: 'This site does not have AI translations enabled. To enable them, please upgrade your pricing plan.' })
        .waitFor();
      await owner.context.close();

      const guest = await openWorkbench(member, siteId, 'heading');
      await guest.page.getByRole('button', { name: 'AI text for Text' }).click();
      await guest.page.getByRole('group', { name: 'AI text' }).getByRole('button', { name: 'Continue' }).click();
      await guest.page
        .getByRole('alert')
        .filter({ hasText: 'This site does not have AI translations enabled. A pricing plan upgrade is needed by the site owner.' })
        .waitFor();
      await guest.context.close();
    } finally {
      await t.pw.deps.db('plans').where({ id: 3 }).update({ use_ai: plan.use_ai });
    }
  });
});
