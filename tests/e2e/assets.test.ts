import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { fixtures } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { checkScreen, fieldMessage, launch, openAs, pathOf, useToken } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/**
 * The asset library of spec 002 §2 "Assets screen" and the upload rules of §5, in Chromium against
 * a real server: uploads with progress, the spec's messages, rename, delete, 'Not used', originals,
 * the storage bar, Unsplash (a local stand-in for its API) and URL import with its refusals.
 */

/** A local HTTP server; `handler` answers. */
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
/** The "internet" URL import may reach (IMPORT_ALLOW_PRIVATE), serving the stock photo. */
let origin: Awaited<ReturnType<typeof serve>>;
/** A stand-in for api.unsplash.com, answering photos whose raw address is on `origin`. */
let unsplash: Awaited<ReturnType<typeof serve>>;

beforeAll(async () => {
  jpeg = await fixtures.jpeg(64, 48);
  origin = await serve((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/photo-1501785888041') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    res.writeHead(404).end();
  });
  unsplash = await serve((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.searchParams.get('query') === 'broken') return res.writeHead(500).end();
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
  t = await startTestServer({
    IMPORT_ALLOW_PRIVATE: `127.0.0.1:${origin.port}`,
    UNSPLASH_ACCESS_KEY: 'test-access-key',
    UNSPLASH_API_URL: `http://127.0.0.1:${unsplash.port}`,
  });
  await t.signup('Instance Admin');
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  await t?.close();
  await Promise.all([origin?.close(), unsplash?.close()]);
});

async function openAssets(user: User, siteId: string, path = '') {
  const opened = await openAs(browser, t.url, user.session.token, `/sites/${siteId}/assets${path}`);
  await opened.page.getByTestId('assets-skeleton').waitFor({ state: 'detached' });
  return opened;
}

const filesOf = async (user: User, siteId: string) => (await user.api.GET('/sites/{siteId}/files', { params: { path: { siteId } } })).data!;

const text = (name: string, bytes: number) => ({ name, mimeType: 'text/plain', buffer: Buffer.alloc(bytes, 'lorem ipsum ') });

const tile = (page: Page, name: string) => page.getByTestId('asset').and(page.locator(`[data-name="${name}"]`));

/** Opens a file's context menu with a right click. */
async function contextMenu(page: Page, name: string) {
  await tile(page, name).click({ button: 'right' });
  return page.getByRole('menu', { name: `Actions for ${name}` });
}

describe('uploading', () => {
  it('uploads several picked files, each with its own progress, then the panel closes and the grid and storage bar show them', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId);
    const before = (await filesOf(user, siteId)).storage;
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await pathOf(page, `/sites/${siteId}/assets/upload`);
    const panel = page.getByRole('complementary', { name: 'Upload files' });
    await expect.poll(() => panel.innerText()).toContain('Images are resized automatically');
    await checkScreen(page, 'assets-upload-panel', { fullPage: false });

    // A slow link, so each file's progress can be seen moving.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { seen: typeof seen }).seen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[role="progressbar"][aria-label^="Upload of "]')) {
          const name = bar.getAttribute('aria-label')!.slice('Upload of '.length);
          (seen[name] ??= []).push(Number(bar.getAttribute('aria-valuenow')));
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    const png = await fixtures.png(120, 80);
    await page
      .getByTestId('upload-input')
      .setInputFiles([text('menu.txt', 400_000), text('prices.txt', 300_000), { name: 'logo.png', mimeType: 'image/png', buffer: png }]);
    await pathOf(page, `/sites/${siteId}/assets`);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const seen = await page.evaluate(() => (window as unknown as { seen: Record<string, number[]> }).seen);
    expect(seen['menu.txt']!.some((v) => v > 0 && v < 100)).toBe(true);
    expect(seen['prices.txt']!.some((v) => v > 0 && v < 100)).toBe(true);
    await page.getByRole('status').filter({ hasText: '3 files uploaded' }).waitFor();
    for (const name of ['menu.txt', 'prices.txt', 'logo.png']) await tile(page, name).waitFor();

    const after = (await filesOf(user, siteId)).storage;
    expect(after.used).toBe(before.used + 700_000 + png.length);
    const bar = page.getByRole('progressbar', { name: 'Storage' });
    await expect.poll(() => bar.getAttribute('aria-valuenow')).toBe(String(Math.round(after.percent)));
    expect(await bar.getAttribute('aria-valuetext')).toBe(`${Math.round(after.percent)}% of ${after.limit! / 1024 / 1024} MB used`);
    await context.close();
  });

  it('uploads files dropped on the library', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId, '/files');
    await page.evaluate(() => {
      const dt = new DataTransfer();
      dt.items.add(new File(['name,price\nTea,3\n'], 'prices.csv', { type: 'text/csv' }));
      dt.items.add(new File(['Opening hours'], 'hours.txt', { type: 'text/plain' }));
      const main = document.querySelector('[data-testid="assets-main"]')!;
      main.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
      main.dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }));
    });
    await tile(page, 'prices.csv').waitFor();
    await tile(page, 'hours.txt').waitFor();
    await pathOf(page, `/sites/${siteId}/assets/files`);
    expect((await filesOf(user, siteId)).files.map((f) => f.name)).toEqual(expect.arrayContaining(['prices.csv', 'hours.txt']));
    await context.close();
  });

  it("says 'Max upload filesize exceeded.' for a file over 2 MB and sends the others", async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId, '/upload');
    await page.getByTestId('upload-input').setInputFiles([text('huge.txt', 2_097_153), text('small.txt', 100)]);
    const panel = page.getByRole('complementary', { name: 'Upload files' });
    await panel.getByRole('alert').filter({ hasText: messages.uploadMaxFilesize }).waitFor();
    await panel.getByTestId('upload').and(page.locator('[data-status="done"]')).filter({ hasText: 'small.txt' }).waitFor();
    expect(await panel.getByTestId('upload').filter({ hasText: 'huge.txt' }).innerText()).toContain(messages.uploadMaxFilesize);
    // The refusal keeps the panel open so it can be read.
    expect(new URL(page.url()).pathname).toBe(`/sites/${siteId}/assets/upload`);
    expect((await filesOf(user, siteId)).files.map((f) => f.name)).not.toContain('huge.txt');
    await checkScreen(page, 'assets-upload-too-large', { fullPage: false });
    await context.close();
  });

  it("says 'Some files are already uploaded', then overwrites once the box is ticked", async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId, '/upload');
    await page.getByTestId('upload-input').setInputFiles([text('notes.txt', 10)]);
    await pathOf(page, `/sites/${siteId}/assets`);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByTestId('upload-input').setInputFiles([text('notes.txt', 20), text('other.txt', 5)]);
    const panel = page.getByRole('complementary', { name: 'Upload files' });
    await panel.getByRole('alert').filter({ hasText: messages.someFilesUploaded }).waitFor();
    await panel.getByTestId('upload').and(page.locator('[data-status="done"]')).filter({ hasText: 'other.txt' }).waitFor();
    expect((await filesOf(user, siteId)).files.find((f) => f.name === 'notes.txt')!.size).toBe(10);
    await checkScreen(page, 'assets-upload-exists', { fullPage: false });
    await panel.getByRole('checkbox', { name: 'Overwrite' }).check();
    await panel.getByRole('button', { name: 'Upload and overwrite' }).click();
    await pathOf(page, `/sites/${siteId}/assets`);
    expect((await filesOf(user, siteId)).files.find((f) => f.name === 'notes.txt')!.size).toBe(20);
    await context.close();
  });

  it("tells the owner and a collaborator the storage message of their role when the plan's storage is used up", async () => {
    const { user, siteId } = await ownerWithSite(t, { plan: 3 });
    const member = await t.signup('Colin Collaborator');
    const { data: invitation } = await user.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    await member.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    const plan = await t.pw.deps.db('plans').where({ id: 3 }).first();
    await t.pw.deps.db('plans').where({ id: 3 }).update({ storage: 1 });
    try {
      const { context, page } = await openAssets(user, siteId, '/upload');
      await page.getByTestId('upload-input').setInputFiles([text('big.txt', 1_100_000)]);
      const panel = page.getByRole('complementary', { name: 'Upload files' });
      await panel
        .getByRole('alert')
        .filter({ hasText: messages.storageLimitOwner(1) })
        .waitFor();
      await checkScreen(page, 'assets-storage-owner', { fullPage: false });
      await context.close();

      const guest = await openAssets(member, siteId, '/upload');
      await guest.page.getByTestId('upload-input').setInputFiles([text('big.txt', 1_100_000)]);
      await guest.page.getByRole('alert').filter({ hasText: messages.storageLimitCollaborator }).waitFor();
      await guest.context.close();
    } finally {
      await t.pw.deps.db('plans').where({ id: 3 }).update({ storage: plan.storage });
    }
  });
});

describe('managing files', () => {
  it("renames from the context menu, and deletes after 'Confirm delete?'", async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId, '/upload');
    await page.getByTestId('upload-input').setInputFiles([text('draft.txt', 10)]);
    await pathOf(page, `/sites/${siteId}/assets`);
    let menu = await contextMenu(page, 'draft.txt');
    await checkScreen(page, 'assets-context-menu', { fullPage: false });
    await menu.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename file' });
    await dialog.getByLabel('File name').fill('opening hours.pdf');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    // The server keeps the extension of the file's type, and says so beside the field.
    await expect.poll(() => fieldMessage(page, 'File name')).toBe(messages.fileExtensionChange);
    await dialog.getByLabel('File name').fill('opening hours.txt');
    await dialog.getByRole('button', { name: 'Rename' }).click();
    await tile(page, 'opening hours.txt').waitFor();
    expect((await filesOf(user, siteId)).files.map((f) => f.name)).toContain('opening hours.txt');

    menu = await contextMenu(page, 'opening hours.txt');
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: messages.confirmDelete });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await filesOf(user, siteId)).files.map((f) => f.name)).toContain('opening hours.txt');
    menu = await contextMenu(page, 'opening hours.txt');
    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    await checkScreen(page, 'assets-confirm-delete', { fullPage: false, settle: false });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await tile(page, 'opening hours.txt').waitFor({ state: 'detached' });
    expect((await filesOf(user, siteId)).files.map((f) => f.name)).not.toContain('opening hours.txt');
    await context.close();
  });

  it("lists under 'Not used' only the files nothing in the site refers to; a used file keeps its name", async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId, '/upload');
    await page
      .getByTestId('upload-input')
      .setInputFiles([{ name: 'share.png', mimeType: 'image/png', buffer: await fixtures.png(60, 40) }, text('spare.txt', 10)]);
    await pathOf(page, `/sites/${siteId}/assets`);
    // The site's meta image refers to share.png.
    await user.api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { share: 'share.png' } });
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Assets' })
      .getByRole('link', { name: /Not used/ })
      .click();
    await pathOf(page, `/sites/${siteId}/assets/unused`);
    await tile(page, 'spare.txt').waitFor();
    const { files } = await filesOf(user, siteId);
    const shown = await page.getByTestId('asset').evaluateAll((els) => els.map((e) => e.getAttribute('data-name')));
    expect(shown).not.toContain('share.png');
    expect(new Set(shown)).toEqual(new Set(files.filter((f) => !f.used).map((f) => f.name)));
    await checkScreen(page, 'assets-not-used');

    await page
      .getByRole('navigation', { name: 'Assets' })
      .getByRole('link', { name: /All assets/ })
      .click();
    const menu = await contextMenu(page, 'share.png');
    await menu.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('dialog', { name: 'Rename file' }).getByLabel('File name').fill('meta.png');
    await page.getByRole('dialog', { name: 'Rename file' }).getByRole('button', { name: 'Rename' }).click();
    await expect.poll(() => fieldMessage(page, 'File name')).toBe(messages.fileInUse);
    await context.close();
  });

  it("offers 'Show original' for a resized image only, opening the kept original", async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId, '/images/upload');
    await page.getByTestId('upload-input').setInputFiles([
      { name: 'wide.png', mimeType: 'image/png', buffer: await fixtures.png(2700, 40) },
      { name: 'small.png', mimeType: 'image/png', buffer: await fixtures.png(60, 40) },
    ]);
    await pathOf(page, `/sites/${siteId}/assets/images`);
    let menu = await contextMenu(page, 'small.png');
    expect(await menu.getByRole('menuitem', { name: 'Show original' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    menu = await contextMenu(page, 'wide.png');
    const [popup] = await Promise.all([context.waitForEvent('page'), menu.getByRole('menuitem', { name: 'Show original' }).click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).searchParams.get('variant')).toBe('original');
    const response = await popup.request.get(popup.url());
    expect(response.headers()['content-type']).toBe('image/png');
    // The details panel offers it too, with the original's size.
    await tile(page, 'wide.png').getByRole('button').first().click();
    const details = page.getByRole('complementary', { name: 'wide.png' });
    await details.getByRole('link', { name: 'Show original' }).waitFor();
    expect(await details.innerText()).toContain('2560 × 38 px');
    await checkScreen(page, 'assets-details', { fullPage: false });
    await context.close();
  });

  it('switches between grid and list, sizes tiles from 80 to 420 px, searches by name and keeps the choice', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId, '/upload');
    await page.getByTestId('upload-input').setInputFiles([text('alpha.txt', 10), text('beta.txt', 10)]);
    await pathOf(page, `/sites/${siteId}/assets`);
    await tile(page, 'beta.txt').waitFor();
    await checkScreen(page, 'assets-grid');
    const slider = page.getByRole('slider', { name: 'Tile width' });
    expect([await slider.getAttribute('min'), await slider.getAttribute('max')]).toEqual(['80', '420']);
    await slider.fill('420');
    const width = await tile(page, 'alpha.txt').evaluate((e) => e.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(420);
    await slider.fill('80');
    expect(await tile(page, 'alpha.txt').evaluate((e) => e.getBoundingClientRect().width)).toBeLessThan(width / 2);

    await page.getByRole('searchbox', { name: 'Search assets' }).fill('alp');
    await tile(page, 'beta.txt').waitFor({ state: 'detached' });
    expect(await page.getByTestId('asset').count()).toBe(1);
    await page.getByRole('searchbox', { name: 'Search assets' }).fill('');

    await page.getByRole('radio', { name: 'List' }).click();
    const table = page.getByRole('table', { name: 'Files' });
    await table.getByRole('row').filter({ hasText: 'alpha.txt' }).waitFor();
    await checkScreen(page, 'assets-list');
    await page.reload();
    await page.getByRole('table', { name: 'Files' }).waitFor();
    expect(await page.getByRole('radio', { name: 'List' }).getAttribute('aria-checked')).toBe('true');
    await context.close();
  });
});

describe('a locked collaborator', () => {
  it('sees the library but no upload, import, rename or delete', async () => {
    const { user, siteId } = await ownerWithSite(t);
    await user.api.POST('/sites/{siteId}/files/import', {
      params: { path: { siteId } },
      body: { url: `http://127.0.0.1:${origin.port}/photo-1501785888041`, filename: 'lake' },
    });
    const member = await t.signup('Linda Locked');
    const { data: invitation } = await user.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    await member.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    await user.api.PATCH('/sites/{siteId}/collaborators/{userId}', {
      params: { path: { siteId, userId: member.session.id } },
      body: { isLocked: true },
    });
    const { context, page } = await openAssets(member, siteId);
    await page.getByRole('status').filter({ hasText: 'Read only' }).waitFor();
    await tile(page, 'lake.jpg').waitFor();
    expect(await page.getByRole('button', { name: 'Upload', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Import from URL' }).count()).toBe(0);
    const menu = await contextMenu(page, 'lake.jpg');
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(['Open']);
    await context.close();
  });
});

describe('importing', () => {
  it('finds Unsplash photos from 3 characters, credits the photographer, and adds one to the images', async () => {
    const { user, siteId } = await ownerWithSite(t);
    // The app's CSP lets https images in (Unsplash's); the stand-in serves plain http on 127.0.0.1.
    const context = await browser.newContext({ baseURL: t.url, viewport: { width: 1280, height: 860 }, bypassCSP: true });
    const page = await context.newPage();
    await useToken(page, user.session.token);
    await page.goto(`/sites/${siteId}/assets/unsplash`);
    const search = page.getByRole('searchbox', { name: 'Search Unsplash' });
    await search.fill('la');
    await page.getByRole('heading', { name: 'Free photos from Unsplash' }).waitFor();
    await search.fill('lake');
    const photo = page.getByTestId('stock-photo');
    await photo.waitFor();
    await expect.poll(() => photo.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await photo.innerText()).toContain('Photo by Ada Photographer on Unsplash');
    expect(await photo.getByRole('link', { name: 'Unsplash' }).getAttribute('href')).toContain('unsplash.com');
    const preview = new URL((await photo.getByRole('img').getAttribute('src'))!);
    expect(preview.searchParams.get('w')).toBe('288');
    await checkScreen(page, 'assets-unsplash');
    await photo.getByRole('button', { name: 'Add a lake between mountains to assets' }).click();
    await photo.getByRole('button', { name: 'a lake between mountains added to assets' }).waitFor();
    const stored = (await filesOf(user, siteId)).files.find((f) => f.name === 'a lake between mountains.jpg');
    expect(stored).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
    await page
      .getByRole('navigation', { name: 'Assets' })
      .getByRole('link', { name: /Images/ })
      .click();
    await tile(page, 'a lake between mountains.jpg').waitFor();
    // From 3 characters a search of the images asks Unsplash too, below the library's own matches.
    await page.getByRole('searchbox', { name: 'Search assets' }).fill('la');
    await tile(page, 'a lake between mountains.jpg').waitFor();
    expect(await page.getByRole('region', { name: 'Photos from Unsplash' }).getByTestId('stock-photo').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search assets' }).fill('lake');
    // The photo is in the library already, and says so.
    await page
      .getByRole('region', { name: 'Photos from Unsplash' })
      .getByRole('button', { name: 'a lake between mountains added to assets' })
      .waitFor();
    await checkScreen(page, 'assets-search-with-unsplash');

    // A failing stock-photo service is said plainly.
    await page
      .getByRole('navigation', { name: 'Assets' })
      .getByRole('link', { name: /Unsplash/ })
      .click();
    await page.getByRole('searchbox', { name: 'Search Unsplash' }).fill('broken');
    await page.getByRole('alert').filter({ hasText: 'Unsplash could not be searched' }).waitFor();
    await context.close();
  });

  it('imports from a URL, and refuses a private address with a readable message beside the field', async () => {
    const { user, siteId } = await ownerWithSite(t);
    const { context, page } = await openAssets(user, siteId);
    await page.getByRole('button', { name: 'Import from URL' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from URL' });
    await dialog.getByLabel('URL').fill('http://10.0.0.8/secret.png');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => fieldMessage(page, 'URL'))
      .toBe('The address must be a public address, not a loopback, private or link-local one');
    await checkScreen(page, 'assets-import-refused', { fullPage: false });
    await dialog.getByLabel('URL').fill('http://169.254.169.254/latest/meta-data/');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => fieldMessage(page, 'URL'))
      .toBe('The address must be a public address, not a loopback, private or link-local one');
    expect((await filesOf(user, siteId)).files.map((f) => f.name)).not.toContain('secret.png');

    await dialog.getByLabel('URL').fill(`http://127.0.0.1:${origin.port}/photo-1501785888041`);
    await dialog.getByLabel('File name').fill('lake');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await dialog.waitFor({ state: 'detached' });
    await tile(page, 'lake.jpg').waitFor();
    await context.close();
  });
});
