import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClient, messages, type PagewrightClient } from '@pagewright/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createSite, fixtureLibrary } from '../support/siteDoc.js';
import { NEEDS_TERMINAL } from '../../cli/src/commands/tui/index.js';
import { cliUser, loggedIn, removeCliUsers, runCli } from './run.js';
import { keys, runTuiInTerminal, startTui, type Tui } from './tuiHarness.js';

let t: TestServer;
let work: string;
const open: Tui[] = [];
beforeAll(async () => {
  // Webhooks may reach this machine's own network, as the local receiver needs.
  t = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { sectionLibrary: fixtureLibrary });
});
afterEach(() => {
  for (const tui of open.splice(0)) tui.unmount();
  if (work) fs.rmSync(work, { recursive: true, force: true });
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

/** The app on a site (or on the site picker with null), downloads going to a fresh folder. */
function tuiFor(api: PagewrightClient, siteId: string | null): Tui {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-tui-'));
  const tui = startTui({ api, siteId, cwd: work });
  open.push(tui);
  return tui;
}

const CTRL_U = '\u0015';
const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex');

describe('the menu and the site picker', () => {
  it('opens the four screens from the menu by Enter and by the number keys, and Esc comes back', async () => {
    const s = await ownSite(t);
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor(`Pagewright · ${s.siteId}`);
    expect(tui.frame()).toMatch(/❯ 1 {2}CMS items\n\s+2 {2}Redirects\n\s+3 {2}Versions\n\s+4 {2}Publish/);
    expect(tui.frame()).toContain('↑/↓ j/k move · Enter open · 1-4 screen · s other site · q/Esc quit');
    tui.press('j');
    await tui.waitFor('❯ 2  Redirects');
    tui.press(keys.enter);
    await tui.waitFor(`Redirects · ${s.siteId}`);
    tui.press('3');
    await tui.waitFor(`Versions · ${s.siteId}`);
    tui.press('4');
    await tui.waitFor(`Publish · ${s.siteId}`);
    tui.press('1');
    await tui.waitFor(`CMS · ${s.siteId} · collections`);
    tui.press(keys.escape);
    await tui.waitFor('❯ 1  CMS items');
  });

  it('without a site, lists the sites to choose from (GET /sites) and opens the chosen one', async () => {
    const owner = await t.signup('Picker');
    const first = await ownSiteOf(owner.api);
    const second = await ownSiteOf(owner.api);
    const tui = tuiFor(owner.api, null);
    await tui.waitFor('choose a site');
    // Newest change first, as the API lists them.
    await tui.waitFor(`❯ ${second}`);
    expect(tui.frame()).toContain(first);
    expect(tui.frame()).not.toContain('1  CMS items');
    tui.press('j');
    await tui.waitFor(`❯ ${first}`);
    tui.press(keys.enter);
    await tui.waitFor(`Pagewright · ${first}`);
    // s goes back to the picker.
    tui.press('s');
    await tui.waitFor('choose a site');
    await tui.waitFor(`❯ ${second}`);
    tui.press(keys.enter);
    await tui.waitFor(`Pagewright · ${second}`);
  });
});

/** Another site of the same owner. */
const ownSiteOf = (api: PagewrightClient) => createSite(t.pw.deps.db, api);

/** An owner's site whose `posts` collection also has a number, a published toggle and an enum field. */
async function cmsSite() {
  const s = await ownSite(t);
  const cms = cmsOf(s.api, s.siteId);
  await cms.addField('posts', { name: 'views', type: 'number', _title: 'Views' });
  await cms.addField('posts', { name: 'live', type: 'published', _title: 'Live' });
  await cms.addField('posts', { name: 'category', type: 'enum', _title: 'Category', options: ['News', 'Guides'] });
  const item = async (id: number) => (await cms.item('posts', id)).data!;
  return { ...s, cms, item };
}

/** Opens CMS items, the posts collection, and its item on line `line` (from 0), labelled `label`. */
async function openItem(tui: Tui, line: number, label: string) {
  tui.press('1');
  await tui.waitFor('❯ Posts  (posts, 2 items)');
  tui.press(keys.enter);
  await tui.waitFor('Items 1-2 of 2 · page 1/1');
  tui.press(...Array<string>(line).fill('j'));
  await tui.waitFor(`❯ ${label}`);
  tui.press(keys.enter);
}

describe('failures', () => {
  it('a server that cannot be reached is a red line, not a crash; the keys still work', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const tui = tuiFor(createClient({ baseUrl: `http://127.0.0.1:${port}` }), null);
    await tui.waitFor(/✖ could not reach the server: .+/);
    expect(tui.frame()).toContain('choose a site');
    tui.press('/');
    await tui.waitFor('Search:');
  });
});

describe('CMS items', () => {
  it('edits a text, a number, a published toggle and an enum field, each saved through the API', async () => {
    const s = await cmsSite();
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    await openItem(tui, 0, '#1  Hello world');
    await tui.waitFor(/❯ Title\s+Hello world\s+\[text\]/);
    expect(tui.frame()).toMatch(/Views\s+\[number\]/);
    expect(tui.frame()).toContain('Enter/e edit (toggles a yes/no) · d delete item');

    // Text: the input starts from the value; Ctrl-U clears it.
    tui.press(keys.enter);
    await tui.waitFor(/^Title: Hello world$/m);
    tui.press(CTRL_U);
    await tui.waitFor(/^Title:$/m);
    await tui.type('Hello from the terminal');
    tui.press(keys.enter);
    await tui.waitFor('✔ Saved Title');
    expect((await s.item(1)).title).toBe('Hello from the terminal');
    expect(tui.frame()).toMatch(/❯ Title\s+Hello from the terminal/);

    // Number: typed text is sent as a number.
    tui.press('j', 'j');
    await tui.waitFor('❯ Views');
    tui.press(keys.enter);
    await tui.waitFor('a number');
    await tui.type('42');
    tui.press(keys.enter);
    await tui.waitFor('✔ Saved Views');
    expect((await s.item(1)).views).toBe(42);

    // Published toggle: Enter flips it, no input.
    tui.press('j');
    await tui.waitFor('❯ Live');
    tui.press(keys.enter);
    await tui.waitFor(/✔ Saved Live/);
    expect((await s.item(1)).live).toBe(true);
    await tui.waitFor(/❯ Live\s+yes/);
    tui.press('e');
    await tui.waitFor(/❯ Live\s+no/);
    expect((await s.item(1)).live).toBe(false);

    // Enum: a choice among the categories.
    tui.press('j');
    await tui.waitFor('❯ Category');
    tui.press(keys.enter);
    await tui.waitFor('Category: choose one');
    expect(tui.frame()).toMatch(/❯ News\n\s+Guides/);
    tui.press(keys.down);
    await tui.waitFor('❯ Guides');
    tui.press(keys.enter);
    await tui.waitFor('✔ Saved Category');
    expect((await s.item(1)).category).toBe('Guides');
    await tui.waitFor(/❯ Category\s+Guides/);
    // Opened again, the current category is highlighted; Esc leaves it as it was.
    tui.press(keys.enter);
    await tui.waitFor('❯ Guides  (current)');
    tui.press(keys.escape);
    await tui.waitFor((f) => !f.includes('choose one'));
    expect((await s.item(1)).category).toBe('Guides');
  });

  it("shows the server's refusal in red, keeps running, and writes nothing", async () => {
    const s = await cmsSite();
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    await openItem(tui, 1, '#2  Second post');
    await tui.waitFor(/❯ Title\s+Second post/);
    tui.press('j', 'j');
    await tui.waitFor('❯ Views');
    tui.press(keys.enter);
    await tui.waitFor('a number');
    await tui.type('lots');
    tui.press(keys.enter);
    await tui.waitFor(`✖ ${messages.valueNumber} (400) field: views`);
    expect((await s.item(2)).views).toBeUndefined();
    // Still working: Esc goes back to the list.
    tui.press(keys.escape);
    await tui.waitFor('Items 1-2 of 2');
  });

  it('creates an item from its title and opens it; deletes one only after y', async () => {
    const s = await cmsSite();
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('1');
    await tui.waitFor('❯ Posts');
    tui.press(keys.enter);
    await tui.waitFor('Items 1-2 of 2');
    expect(tui.frame()).toContain('←/→ page · Enter open · n new · d delete · / search');
    tui.press('n');
    await tui.waitFor('New item: Title:');
    await tui.type('Made in the TUI');
    tui.press(keys.enter);
    await tui.waitFor(/#3\n/);
    await tui.waitFor(/Title\s+Made in the TUI/);
    const all = await s.cms.all('posts');
    expect(all.map((i) => [i._id, i.title])).toEqual([
      [1, 'Hello world'],
      [2, 'Second post'],
      [3, 'Made in the TUI'],
    ]);
    // A new item starts with the enum's first category and the published toggle on.
    expect(all[2]).toMatchObject({ category: 'News', live: true });

    tui.press(keys.escape);
    await tui.waitFor('Items 1-3 of 3');
    tui.press('d');
    await tui.waitFor('Delete Hello world (#1)? (y/N)');
    tui.press('n');
    await tui.waitFor((f) => !f.includes('(y/N)'));
    expect(await s.cms.all('posts')).toHaveLength(3);
    tui.press('d');
    await tui.waitFor('Delete Hello world (#1)? (y/N)');
    tui.press('y');
    await tui.waitFor('✔ Deleted Hello world');
    await tui.waitFor('Items 1-2 of 2');
    expect((await s.cms.all('posts')).map((i) => i._id)).toEqual([2, 3]);

    // From the item view too.
    tui.press(keys.enter);
    await tui.waitFor(/Title\s+Second post/);
    tui.press('d');
    await tui.waitFor('Delete Second post (#2)? (y/N)');
    tui.press('y');
    await tui.waitFor('Items 1-1 of 1');
    expect((await s.cms.all('posts')).map((i) => i._id)).toEqual([3]);
  });

  it('pages through the items and searches them on the server', async () => {
    const s = await cmsSite();
    await s.cms.import('posts', { items: Array.from({ length: 12 }, (_, i) => ({ title: `Bulk ${i + 1}` })) });
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('1');
    await tui.waitFor('❯ Posts  (posts, 14 items)');
    tui.press(keys.enter);
    await tui.waitFor('Items 1-10 of 14 · page 1/2');
    expect(tui.frame()).toContain('#10  Bulk 8');
    expect(tui.frame()).not.toContain('#11');
    tui.press(keys.right);
    await tui.waitFor('Items 11-14 of 14 · page 2/2');
    expect(tui.frame()).toContain('#14  Bulk 12');
    expect(tui.frame()).not.toContain('Hello world');
    tui.press(keys.left);
    await tui.waitFor('page 1/2');

    tui.press('/');
    await tui.waitFor('Search:');
    await tui.type('bulk 1');
    tui.press(keys.enter);
    // "Bulk 1", "Bulk 10", "Bulk 11", "Bulk 12"
    await tui.waitFor('Items 1-4 of 4 · page 1/1');
    expect(tui.frame()).toContain('Search: bulk 1');
    expect(tui.frame()).toMatch(/#3 {2}Bulk 1\n/);
    expect(tui.frame()).not.toContain('Hello world');
  });
});

describe('redirects', () => {
  const listOf = async (api: PagewrightClient, siteId: string) =>
    (await api.GET('/sites/{siteId}/redirects', { params: { path: { siteId } } })).data!.redirects;

  it('adds, edits and deletes a redirect after confirmation', async () => {
    const s = await ownSite(t);
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('2');
    await tui.waitFor('No redirects yet: press a to add one');
    expect(tui.frame()).toContain('a add · e/Enter edit · d delete · / search');

    tui.press('a');
    await tui.waitFor('New redirect from');
    await tui.type('/old-menu');
    tui.press(keys.enter);
    await tui.waitFor('/old-menu to (a path or an https address):');
    await tui.type('/menu/');
    tui.press(keys.enter);
    await tui.waitFor('✔ Added a redirect from /old-menu');
    await tui.waitFor('❯ /old-menu  →  /menu/');
    expect(await listOf(s.api, s.siteId)).toEqual([{ from: '/old-menu', to: '/menu/' }]);

    // The same from again: the server ignores it, and the screen says so.
    tui.press('a');
    await tui.waitFor('New redirect from');
    await tui.type('/old-menu');
    tui.press(keys.enter);
    await tui.waitFor('/old-menu to');
    await tui.type('/elsewhere');
    tui.press(keys.enter);
    await tui.waitFor('Ignored: a redirect from /old-menu exists already (number 1)');
    expect(await listOf(s.api, s.siteId)).toHaveLength(1);

    tui.press('e');
    await tui.waitFor(/^From: \/old-menu$/m);
    tui.press(keys.enter);
    await tui.waitFor(/^\/old-menu to \(a path or an https address\): \/menu\/$/m);
    tui.press(CTRL_U);
    await tui.waitFor(/^\/old-menu to \(a path or an https address\):$/m);
    await tui.type('https://menu.example.com/');
    tui.press(keys.enter);
    await tui.waitFor('✔ Saved the redirect from /old-menu');
    await tui.waitFor('❯ /old-menu  →  https://menu.example.com/');
    expect(await listOf(s.api, s.siteId)).toEqual([{ from: '/old-menu', to: 'https://menu.example.com/' }]);

    tui.press('d');
    await tui.waitFor('Delete the redirect from /old-menu to https://menu.example.com/? (y/N)');
    tui.press(keys.escape);
    await tui.waitFor((f) => !f.includes('(y/N)'));
    expect(await listOf(s.api, s.siteId)).toHaveLength(1);
    tui.press('d');
    await tui.waitFor('(y/N)');
    tui.press('y');
    await tui.waitFor('✔ Deleted the redirect from /old-menu');
    await tui.waitFor('No redirects yet');
    expect(await listOf(s.api, s.siteId)).toEqual([]);
  });

  it('/ filters the redirects shown, and Esc shows them all again', async () => {
    const s = await ownSite(t);
    for (const [from, to] of [
      ['/blog/old', '/blog/'],
      ['/menu-2025', '/menu/'],
      ['/blog/older', '/blog/'],
    ]) {
      await s.api.POST('/sites/{siteId}/redirects', { params: { path: { siteId: s.siteId } }, body: { from: from!, to: to! } });
    }
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('2');
    await tui.waitFor('/blog/older  →  /blog/');
    tui.press('/');
    await tui.waitFor('Search:');
    await tui.type('menu');
    tui.press(keys.enter);
    await tui.waitFor('Search: menu (/ to change, Esc to clear)');
    expect(tui.frame()).toContain('❯ /menu-2025  →  /menu/');
    expect(tui.frame()).not.toContain('/blog/old');
    // d acts on the line highlighted in the filtered list.
    tui.press('d');
    await tui.waitFor('Delete the redirect from /menu-2025 to /menu/? (y/N)');
    tui.press('n');
    await tui.waitFor((f) => !f.includes('(y/N)'));
    tui.press(keys.escape);
    await tui.waitFor('/blog/older  →  /blog/');
    expect(tui.frame()).toContain('/menu-2025');
    expect(tui.frame()).not.toContain('Search:');
    expect(await listOf(s.api, s.siteId)).toHaveLength(3);
  });

  it("shows the server's message for a bad from and adds nothing", async () => {
    const s = await ownSite(t);
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('2');
    await tui.waitFor('No redirects yet');
    tui.press('a');
    await tui.waitFor('New redirect from');
    await tui.type('old-page');
    tui.press(keys.enter);
    await tui.waitFor('old-page to');
    await tui.type('/new');
    tui.press(keys.enter);
    await tui.waitFor(`✖ ${messages.redirectFromInvalid} (400) field: from`);
    expect(await listOf(s.api, s.siteId)).toEqual([]);
  });
});

describe('versions', () => {
  const view = async (api: PagewrightClient, siteId: string) =>
    (await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'versions' } } })).data!;
  const rename = (api: PagewrightClient, siteId: string, name: string) =>
    api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { name } });

  it('undoes, redoes, commits with a message and resets after confirmation', async () => {
    const s = await ownSite(t);
    const before = (await view(s.api, s.siteId)).name;
    await rename(s.api, s.siteId, 'Renamed');
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('3');
    await tui.waitFor('History: 1 to undo, 0 to redo, 1 unsaved');
    expect(tui.frame()).toMatch(/❯ #\d+ {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}Owner {2}[0-9a-f]{12} {2}Created from the Launch template/);
    expect(tui.frame()).toContain('c commit · u undo · r redo · x reset · d download');

    tui.press('u');
    await tui.waitFor('✔ Undid an edit (1 value written)');
    await tui.waitFor('History: 0 to undo, 1 to redo, 2 unsaved');
    expect((await view(s.api, s.siteId)).name).toBe(before);
    tui.press('r');
    await tui.waitFor('✔ Redid an edit (1 value written)');
    await tui.waitFor('History: 1 to undo, 0 to redo, 3 unsaved');
    expect((await view(s.api, s.siteId)).name).toBe('Renamed');

    // Nothing left to redo: the server's 409 in red, and the screen stays.
    tui.press('r');
    await tui.waitFor(/✖ .+ \(409\)/);

    tui.press('c');
    await tui.waitFor('Version message:');
    await tui.type('From the terminal');
    tui.press(keys.enter);
    await tui.waitFor(/✔ Saved version \d+: From the terminal/);
    await tui.waitFor('History: 0 to undo, 0 to redo, 0 unsaved');
    await tui.waitFor(/❯ #\d+ .*From the terminal/);
    const committed = await view(s.api, s.siteId);
    expect(committed.versions!.map((v) => v.message)).toEqual(['From the terminal', 'Created from the Launch template']);

    // The question reads the counts again first: the rename below happened behind the screen's back.
    await rename(s.api, s.siteId, 'Not kept');
    tui.press('x');
    await tui.waitFor(`Reset ${s.siteId} to its last version? 1 unsaved change is lost. (y/N)`);
    tui.press('n');
    await tui.waitFor((f) => !f.includes('(y/N)'));
    expect((await view(s.api, s.siteId)).name).toBe('Not kept');
    tui.press('x');
    await tui.waitFor('1 unsaved change is lost. (y/N)');
    tui.press('y');
    await tui.waitFor(`✔ Reset ${s.siteId} to its last version`);
    await tui.waitFor('History: 0 to undo, 0 to redo, 0 unsaved');
    expect((await view(s.api, s.siteId)).name).toBe('Renamed');
  });

  it('downloads the highlighted version into the current directory, checked against its md5', async () => {
    const s = await ownSite(t);
    await s.api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: s.siteId } }, body: { message: 'Second' } });
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('3');
    await tui.waitFor(/❯ #\d+ .*Second/);
    tui.press('j');
    await tui.waitFor(/❯ #\d+ .*Created from the Launch template/);
    tui.press('d');
    const { data: versions } = await s.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: s.siteId } } });
    const oldest = versions![1]!;
    const file = path.join(work, oldest.download.name);
    await tui.waitFor(`✔ Downloaded version ${oldest.id} to ${file}`);
    const bytes = fs.readFileSync(file);
    expect(md5(bytes)).toBe(oldest.download.md5);
    const { data: doc } = await s.api.GET('/sites/{siteId}/versions/{versionId}/download', {
      params: { path: { siteId: s.siteId, versionId: oldest.id } },
    });
    expect(JSON.parse(bytes.toString('utf8'))).toEqual(doc);

    // A second download keeps the first file.
    tui.press('d');
    await tui.waitFor(`to ${file.replace(/\.json$/, '-1.json')}`);
    expect(fs.readdirSync(work).sort()).toEqual([oldest.download.name, oldest.download.name.replace(/\.json$/, '-1.json')].sort());
  });
});

describe('versions restore', () => {
  it('restores the highlighted version after confirmation, as one step undo takes back', async () => {
    const s = await ownSite(t);
    const path = { siteId: s.siteId };
    for (const name of ['One', 'Two', 'Three']) {
      await s.api.PATCH('/sites/{siteId}', { params: { path }, body: { name } });
      await s.api.POST('/sites/{siteId}/versions/commit', { params: { path }, body: { message: name } });
    }
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('3');
    await tui.waitFor(/❯ #\d+ .*Three/);
    expect(tui.frame()).toContain('d download · R restore');
    tui.press('j');
    await tui.waitFor(/❯ #\d+ .*Two/);
    const { data: versions } = await s.api.GET('/sites/{siteId}/versions', { params: { path } });
    const two = versions![1]!;
    tui.press('R');
    await tui.waitFor(`Restore version ${two.id} (Two)? Undo takes it back. (y/N)`);
    tui.press('n');
    await tui.waitFor((f) => !f.includes('(y/N)'));
    expect((await s.api.GET('/sites/{siteId}', { params: { path } })).data!.name).toBe('Three');
    tui.press('R');
    await tui.waitFor('(y/N)');
    tui.press('y');
    await tui.waitFor(`✔ Restored version ${two.id}: Two`);
    await tui.waitFor('History: 1 to undo, 0 to redo, 1 unsaved');
    const site = (await s.api.GET('/sites/{siteId}', { params: { path } })).data!;
    expect(site).toMatchObject({ name: 'Two', hash: two.hash });
    tui.press('u');
    await tui.waitFor('History: 0 to undo, 1 to redo, 2 unsaved');
    expect((await s.api.GET('/sites/{siteId}', { params: { path } })).data!.name).toBe('Three');
  });
});

describe('publish', () => {
  it('downloads the zip with a progress line, then shows the version hash, md5, size and URL', async () => {
    const s = await ownSite(t);
    await s.api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: s.siteId } }, body: { message: 'Release' } });
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('4');
    await tui.waitFor("❯ Webhook: notify the site's webhook");
    tui.press('j');
    await tui.waitFor('❯ Download: save the zip');
    tui.press(keys.enter);
    await tui.waitFor('MD5:');
    expect(tui.frames().some((f) => f.includes('Compiling and zipping the site…'))).toBe(true);
    const site = (await s.api.GET('/sites/{siteId}', { params: { path: { siteId: s.siteId }, query: { expand: 'versions|publish' } } }))
      .data!;
    expect(site.publish).toMatchObject({ type: 'download', author: 'Owner' });
    const zips = fs.readdirSync(work).filter((f) => f.endsWith('.zip'));
    expect(zips).toHaveLength(1);
    const bytes = fs.readFileSync(path.join(work, zips[0]!));
    const frame = tui.frame();
    expect(frame).toContain(`✔ Published ${s.siteId}`);
    expect(frame).toContain(`Version:  #${site.versions![0]!.id} (hash ${site.hash})`);
    expect(frame).toContain(`MD5:      ${md5(bytes)}`);
    expect(frame).toMatch(new RegExp(`Zip: {6}${zips[0]!.replace(/\./g, '\\.')}, [\\d.]+ KB`));
    // A long URL wraps at the terminal's width.
    expect(frame.replace(/\n/g, '')).toMatch(
      new RegExp(`URL:\\s*http://localhost:\\d+/api/sites/${s.siteId.replace(/\./g, '\\.')}/export/\\S+`),
    );
    expect(frame).toContain(`Saved to: ${path.join(work, zips[0]!)}`);
  });

  it("notifies the site's webhook and shows what the receiver answered", async () => {
    const received: { event: string; download: { md5: string; url: string } }[] = [];
    const hook = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString()));
        res.writeHead(202).end('ok');
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const s = await ownSite(t);
      const webhook = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      await s.api.PATCH('/sites/{siteId}', { params: { path: { siteId: s.siteId } }, body: { publish: { webhook } } });
      const tui = tuiFor(s.api, s.siteId);
      await tui.waitFor('1  CMS items');
      tui.press('4');
      await tui.waitFor("❯ Webhook: notify the site's webhook");
      tui.press(keys.enter);
      await tui.waitFor('Webhook:  answered 202');
      expect(received).toHaveLength(1);
      expect(received[0]!.event).toBe('publish');
      expect(tui.frame()).toContain(`MD5:      ${received[0]!.download.md5}`);
      expect(tui.frame()).not.toContain('Saved to:');
      expect(fs.readdirSync(work)).toEqual([]);
    } finally {
      hook.closeAllConnections();
      await new Promise<void>((resolve) => hook.close(() => resolve()));
    }
  });

  it("shows the server's message when there is no webhook, and can still download", async () => {
    const s = await ownSite(t);
    await s.api.PATCH('/sites/{siteId}', { params: { path: { siteId: s.siteId } }, body: { name: 'Not committed' } });
    const tui = tuiFor(s.api, s.siteId);
    await tui.waitFor('1  CMS items');
    tui.press('4');
    await tui.waitFor("❯ Webhook: notify the site's webhook");
    tui.press(keys.enter);
    await tui.waitFor(`✖ ${messages.webhookMissing} (400) field: type`);
    expect(fs.readdirSync(work)).toEqual([]);
    tui.press('j');
    await tui.waitFor('❯ Download');
    tui.press(keys.enter);
    await tui.waitFor('MD5:');
    expect(tui.frame()).not.toContain('✖');
    expect(tui.frame()).toContain('Version:  unsaved changes (hash ');
  });
});

describe('pagewright tui as a process', () => {
  async function signedInSite() {
    const owner = await t.signup('Owner');
    const siteId = await createSite(t.pw.deps.db, owner.api);
    return { siteId, cli: loggedIn(t.url, owner.session.token) };
  }

  it('exits 4 with the login hint when not logged in, as every command does', async () => {
    const result = await cliUser().run(['tui', '--site', 'shop.example.com'], { env: { PAGEWRIGHT_URL: t.url } });
    expect(result).toEqual({
      code: 4,
      stdout: '',
      stderr: `error: not logged in to ${t.url}\nTo sign in, run: pagewright login (or set PAGEWRIGHT_TOKEN)\n`,
    });
  });

  it('refuses to start without a terminal, saying what to use instead', async () => {
    const s = await signedInSite();
    const result = await s.cli.run(['tui', '--site', s.siteId]);
    expect(result).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: ${NEEDS_TERMINAL}\nUse the commands instead (pagewright --help), e.g. pagewright versions list --site <domain>\n`,
    });
  });

  it('plain pagewright without a terminal still prints the help', async () => {
    const result = await runCli([]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Usage: pagewright [options] [command]');
    expect(result.stderr).toContain('tui [options]');
  });

  it('opens on a terminal (tui, and plain pagewright with PAGEWRIGHT_SITE); q or Esc quits with 0', async () => {
    const s = await signedInSite();
    // CI=true as on a CI runner: ink would hold every frame back until exit, but a terminal is a terminal.
    const tui = await runTuiInTerminal(['tui', '--site', s.siteId], { ...s.cli.env, CI: 'true' }, '4  Publish', 'q');
    expect(tui.code).toBe(0);
    expect(tui.screen).toContain(`Pagewright · ${s.siteId}`);
    expect(tui.screen).toContain('1-4 screen · s other site · q/Esc quit');

    const plain = await runTuiInTerminal([], { ...s.cli.env, PAGEWRIGHT_SITE: s.siteId }, '4  Publish', '\u001b');
    expect(plain.code).toBe(0);
    expect(plain.screen).toContain(`Pagewright · ${s.siteId}`);
    expect(plain.screen).not.toContain('Usage:');
  });

  it('has help with examples', async () => {
    const result = await runCli(['tui', '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Examples:\n {2}\$ pagewright tui --site shop\.example\.com\n/);
    expect(result.stdout).toMatch(/\(env:\s+PAGEWRIGHT_SITE\)/);
  });
});
