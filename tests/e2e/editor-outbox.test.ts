import { messages, type Schemas } from '@pagewright/sdk';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PathEdit } from '../../server/src/model/paths.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { launch, settled, signedIn, TAKE_SCREENSHOTS, watch } from './browser.js';
import { ownerWithSite, type User } from './settings.js';

/**
 * Issue 29: edits survive a dropped connection. Every edit goes through the site's outbox: shown at
 * once, sent in order with an Idempotency-Key, retried while the network is down, kept in IndexedDB
 * across a closed tab; the header says "Offline: N changes waiting" and then "Saved". Another
 * editor's later change to the same setting is kept and the offline editor told; an edit the server
 * refuses is taken back with its reason. Time is never waited out: each step waits for what the
 * person would see.
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

const CANVAS = 'iframe[title="Canvas"]';
const at = (id: string) => `[data-pw-id="${id}"]`;

type SiteNode = Schemas['Node'];

/** The first component of the home page, breadth first, for which `pick` answers something. */
async function findOnHome<T>(user: User, siteId: string, pick: (node: SiteNode, nodes: Map<string, SiteNode>) => T | null): Promise<T> {
  const { data: site } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
  const home = site!.pages!.find((p) => p.id === 'home')!;
  const nodes = new Map<string, SiteNode>(Object.entries(site!.nodes!));
  const stack = [...home.sections];
  while (stack.length) {
    const node = nodes.get(stack.shift()!)!;
    const found = pick(node, nodes);
    if (found !== null) return found;
    stack.push(...node.children);
  }
  throw new Error('no such component on the home page');
}

/** The first heading of the home page with a plain text. */
const firstHeading = (user: User, siteId: string) =>
  findOnHome(user, siteId, (node) =>
    node.type === 'heading' && typeof node.data.value === 'string' ? { id: node.id, value: node.data.value } : null,
  );

async function openEditor(context: BrowserContext, siteId: string): Promise<Page> {
  const page = await context.newPage();
  watch(page);
  await page.goto(`/sites/${siteId}/pages`);
  await page.frameLocator(CANVAS).locator('[data-pw-id]').first().waitFor();
  await settled(page);
  // The editor fetches its inspector's lazy parts once it is idle; a person's connection drops later than that.
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.includes('/assets/RichInput-')));
  return page;
}

async function signedInContext(user: User) {
  return browser.newContext({ baseURL: t.url, viewport: { width: 1440, height: 900 }, storageState: signedIn(t.url, user.session.token) });
}

const status = (page: Page) => page.getByTestId('save-status');
async function statusSays(page: Page, text: string) {
  await status(page)
    .filter({ hasText: new RegExp(`^${text}$`) })
    .waitFor({ timeout: 60_000 });
}

/** Selects the component as a click on the canvas does. */
async function select(page: Page, id: string) {
  await page.frameLocator(CANVAS).locator(at(id)).first().click();
  await page.locator(`[data-canvas-outline="selected"][data-canvas-id="${id}"]`).waitFor();
}

/** Types at the end of a text on the canvas (selected first, as a person clicks before double-clicking) and leaves editing, which saves it. */
async function typeInto(page: Page, id: string, text: string) {
  const canvas = page.frameLocator(CANVAS);
  await select(page, id);
  await canvas.locator(at(id)).first().dblclick();
  const editable = canvas.locator(`${at(id)}[contenteditable], ${at(id)} [contenteditable]`).first();
  await editable.waitFor();
  // The caret is in the text (as a person sees it blink there) before typing: not still in the inspector.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
  await expect.poll(() => editable.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
  // The end of the text, not of its first line (a long heading wraps).
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
  await expect.poll(() => canvas.locator('[contenteditable]').count()).toBe(0);
}

async function setOpacity(page: Page, value: number) {
  const field = page.getByTestId('inspector').getByLabel('Opacity', { exact: true }).first();
  await field.fill(String(value));
  await field.press('Enter');
}

/** The history entries of the site, oldest first: what each edit wrote. */
async function entries(siteId: string): Promise<PathEdit[][]> {
  const rows: { edits: string }[] = await t.pw.deps.db('history').where({ site_id: siteId }).orderBy('seq', 'asc').select('edits');
  return rows.map((r) => JSON.parse(r.edits) as PathEdit[]);
}

const keys = async (siteId: string) =>
  Number((await t.pw.deps.db('edit_keys').where({ site_id: siteId }).count<{ n: number }[]>({ n: '*' }))[0]!.n);

/** What the canvas shows of each component: its classes and its text. */
async function canvasState(page: Page) {
  return page
    .frameLocator(CANVAS)
    .locator('body')
    .first()
    .evaluate((body) =>
      [...body.querySelectorAll('[data-pw-id]')].map((el) => [
        el.getAttribute('data-pw-id'),
        el.getAttribute('class'),
        el.textContent?.trim(),
      ]),
    );
}

async function textOnCanvas(page: Page, id: string) {
  return (await page.frameLocator(CANVAS).locator(at(id)).first().innerText()).trim();
}

/** A heading of the home page in a container of at least three components, with the container and its children. */
const headingAmongOthers = (user: User, siteId: string) =>
  findOnHome(user, siteId, (node, nodes) => {
    const heading = node.children.find((c) => nodes.get(c)?.type === 'heading' && typeof nodes.get(c)?.data.value === 'string');
    if (!heading || node.children.length < 3 || node.children.at(-1) === heading) return null;
    return { id: heading, value: nodes.get(heading)!.data.value as string, container: node.id, children: node.children };
  });

/** The site's published home page, opened by a visitor (a context of its own: close it when done). */
async function publishedHome(user: User, siteId: string) {
  const { data } = await user.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
  const visitor = await browser.newContext({ baseURL: t.url });
  const home = await visitor.newPage();
  await home.goto(data!.url.replace(t.pw.deps.config.publicUrl, t.url));
  return { home, visitor };
}

/** How many headings saying `text` a visitor of the site's published home page sees. */
async function headingsOnSite(user: User, siteId: string, text: string) {
  const { home, visitor } = await publishedHome(user, siteId);
  const count = await home.getByRole('heading', { name: text, exact: true }).count();
  await visitor.close();
  return count;
}

const treeRow = (page: Page, id: string) => page.locator(`[role="treeitem"][data-row-id="${id}"]`);

/** A container's rows in the page tree, in order, a component being added as `+`. */
const rowsOf = (page: Page, container: string) =>
  page.locator('[role="treeitem"]').evaluateAll(
    (items, parent) =>
      items
        .map((r) => r.getAttribute('data-row-id')!)
        .filter((id) => id.startsWith(`${parent}.`) && !id.slice(parent.length + 1).includes('.'))
        .map((id) => (id.includes('~') ? '+' : id)),
    container,
  );

/** Opens the page tree's levels down to a component, each with the arrow key, as a person does. */
async function reveal(page: Page, id: string) {
  const parts = id.split('.');
  for (let depth = 1; depth < parts.length; depth++) {
    const level = treeRow(page, parts.slice(0, depth).join('.'));
    if ((await level.getAttribute('aria-expanded')) === 'true') continue;
    await level.click();
    await page.keyboard.press('ArrowRight');
  }
  await treeRow(page, id).waitFor();
}

/** Drags a row of the page tree with the mouse to just below another, as a person does, and lets go. */
async function dragBelow(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  await page.mouse.move(a.x + 60, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 64, a.y + a.height / 2 + 6, { steps: 3 });
  const b = (await to.boundingBox())!;
  await page.mouse.move(b.x + 60, b.y + b.height - 3, { steps: 10 });
  await page.mouse.up();
}

/** Whether element `a` comes before element `b` in the canvas document. */
async function comesBefore(page: Page, a: string, b: string) {
  return page
    .frameLocator(CANVAS)
    .locator('body')
    .evaluate(
      (body, [x, y]) => {
        const first = body.querySelector(x!);
        const second = body.querySelector(y!);
        return !!first && !!second && (first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      },
      [a, b],
    );
}

describe('edits survive a dropped connection', () => {
  it('30 edits of text and style made offline reach the server after it, in order and each once; the canvas equals a fresh load', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Otto Offline' });
    const heading = await firstHeading(user, siteId);
    const context = await signedInContext(user);
    const page = await openEditor(context, siteId);
    await select(page, heading.id);
    await page.getByTestId('inspector').getByRole('tab', { name: 'Style' }).click();
    await page.getByTestId('inspector').getByLabel('Opacity', { exact: true }).first().waitFor();

    await context.setOffline(true);
    const expected: Array<{ kind: 'text'; value: string } | { kind: 'style'; value: string }> = [];
    let text = heading.value;
    const opacities = [5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75];
    for (let i = 0; i < 30; i++) {
      if (i % 2 === 0) {
        text += ` t${i}`;
        await typeInto(page, heading.id, ` t${i}`);
        expected.push({ kind: 'text', value: text });
      } else {
        const value = opacities[(i - 1) / 2]!;
        await setOpacity(page, value);
        expected.push({ kind: 'style', value: `opacity-${value}` });
      }
      // The header counts what waits; each edit is in the outbox (and IndexedDB) before the next.
      await statusSays(page, messages.offlineWaiting(i + 1));
    }
    // Typed text shows on the canvas at once, while nothing has reached the server.
    expect(await textOnCanvas(page, heading.id)).toBe(text);
    expect(await entries(siteId)).toEqual([]);

    await context.setOffline(false);
    await statusSays(page, messages.saved);

    const written = await entries(siteId);
    expect(written).toHaveLength(30);
    written.forEach((edits, i) => {
      const want = expected[i]!;
      expect(edits).toHaveLength(1);
      if (want.kind === 'text') expect(edits[0]).toMatchObject({ path: ['nodes', heading.id, 'data', 'value'], after: want.value });
      else {
        expect(edits[0]!.path).toEqual(['nodes', heading.id, 'style', 'opacity']);
        expect(String(edits[0]!.after)).toContain(want.value);
      }
    });
    expect(await keys(siteId)).toBe(30);

    // What the canvas shows is what a fresh load of the editor shows.
    const fresh = await openEditor(context, siteId);
    await expect.poll(() => canvasState(page)).toEqual(await canvasState(fresh));
    expect(await textOnCanvas(fresh, heading.id)).toBe(text);
    await context.close();
  });

  it('a component deleted offline leaves the canvas at once, and the published page once the connection is back', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Dora Delete' });
    const heading = await firstHeading(user, siteId);
    const onSite = () => headingsOnSite(user, siteId, heading.value);
    const published = await onSite();
    expect(published).toBeGreaterThan(0);
    const context = await signedInContext(user);
    const page = await openEditor(context, siteId);
    await select(page, heading.id);

    await context.setOffline(true);
    await page.keyboard.press('Delete');
    // Gone from the canvas and the navigator now, though nothing has reached the server.
    await statusSays(page, messages.offlineWaiting(1));
    await expect.poll(() => page.frameLocator(CANVAS).locator(at(heading.id)).first().isVisible()).toBe(false);
    await expect.poll(() => treeRow(page, heading.id).count()).toBe(0);
    expect(await entries(siteId)).toEqual([]);

    await context.setOffline(false);
    await statusSays(page, messages.saved);
    const written = await entries(siteId);
    expect(written).toHaveLength(1);
    const { data: site } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
    expect(Object.hasOwn(site!.nodes!, heading.id)).toBe(false);
    await expect.poll(() => page.frameLocator(CANVAS).locator(at(heading.id)).count()).toBe(0);
    // The canvas is what a fresh load shows, and a visitor no longer sees the heading.
    const fresh = await openEditor(context, siteId);
    await expect.poll(() => canvasState(page)).toEqual(await canvasState(fresh));
    expect(await onSite()).toBe(published - 1);
    await context.close();
  });

  it('a component duplicated, moved and added offline shows in its place on the canvas and in the tree at once, and on the published page once the connection is back', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Sam Structure' });
    const heading = await headingAmongOthers(user, siteId);
    const last = heading.children.at(-1)!;
    const visitorHeadings = () => headingsOnSite(user, siteId, heading.value);
    const published = await visitorHeadings();
    const context = await signedInContext(user);
    const page = await openEditor(context, siteId);
    const canvas = page.frameLocator(CANVAS);
    const onCanvas = canvas.getByRole('heading', { name: heading.value, exact: true });
    const shownBefore = await onCanvas.count();
    await select(page, heading.id);
    const row = (id: string) => treeRow(page, id);
    const rows = () => rowsOf(page, heading.container);
    const others = heading.children.filter((c) => c !== heading.id);
    const at0 = heading.children.indexOf(heading.id);

    await context.setOffline(true);
    // Duplicated: the copy shows right after it, on the canvas and in the tree, though nothing reached the server.
    await page.keyboard.press('Control+d');
    await statusSays(page, messages.offlineWaiting(1));
    await expect.poll(() => onCanvas.count()).toBe(shownBefore + 1);
    await expect.poll(() => comesBefore(page, at(heading.id), '[data-pw-pending]')).toBe(true);
    await expect.poll(rows).toEqual(heading.children.toSpliced(at0 + 1, 0, '+'));
    // Dragged below the container's last component in the tree: there now, the copy staying where it was.
    await dragBelow(page, row(heading.id), row(last));
    await statusSays(page, messages.offlineWaiting(2));
    await expect.poll(() => comesBefore(page, at(last), at(heading.id))).toBe(true);
    expect(await comesBefore(page, '[data-pw-pending]', at(last))).toBe(true);
    await expect.poll(rows).toEqual([...others.toSpliced(at0, 0, '+'), heading.id]);
    // Added after it from the tree's menu: a placeholder saying what is coming shows where it goes.
    await row(heading.id).click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Add component' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add component' });
    await dialog.getByRole('searchbox', { name: 'Search components' }).fill('paragraph');
    await dialog.getByRole('button', { name: 'Paragraph', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await statusSays(page, messages.offlineWaiting(3));
    await canvas
      .getByRole('status')
      .filter({ hasText: /^Paragraph$/ })
      .waitFor();
    expect(await comesBefore(page, at(heading.id), '[data-pw-pending][role="status"]')).toBe(true);
    await expect.poll(rows).toEqual([...others.toSpliced(at0, 0, '+'), heading.id, '+']);
    expect(await entries(siteId)).toEqual([]);

    await context.setOffline(false);
    await statusSays(page, messages.saved);
    expect(await entries(siteId)).toHaveLength(3);
    const { data: site } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
    // On the server as the person left it: the copy where the heading was, the heading last but for the paragraph added after it.
    const children = site!.nodes![heading.container]!.children;
    expect(children).toHaveLength(heading.children.length + 2);
    expect(children.filter((_, i) => i !== at0).slice(0, -2)).toEqual(others);
    expect([children[at0], ...children.slice(-2)].map((id) => site!.nodes![id!]!.type)).toEqual(['heading', 'heading', 'paragraph']);
    expect(children.at(-2)).toBe(heading.id);
    await expect.poll(() => canvas.locator('[data-pw-pending]').count()).toBe(0);
    await expect.poll(rows).toEqual(children);
    const fresh = await openEditor(context, siteId);
    await expect.poll(() => canvasState(page)).toEqual(await canvasState(fresh));
    expect(await visitorHeadings()).toBe(published + 1);
    await context.close();
  });

  it('a section added from the library as the connection drops shows in the tree and on the canvas at once, and on the published page once it is back', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Lena Library' });
    const { data: library } = await user.api.GET('/sections');
    const design = library!.find((d) => d.category === 'faq')!;
    const homeSections = async () => (await siteDoc(user, siteId)).pages!.find((p) => p.id === 'home')!.sections;
    const before = await homeSections();
    const context = await signedInContext(user);
    const page = await openEditor(context, siteId);
    await page
      .getByRole('button', { name: /New section|Add Section/ })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: 'Add Section' });
    await dialog.getByRole('tab', { name: /^FAQ/ }).click();
    const add = dialog
      .locator('iframe[title="Section previews"]')
      .contentFrame()
      .getByRole('button', { name: `Add ${design.name}` });
    await add.waitFor();

    await context.setOffline(true);
    await add.click();
    // The popup closes at once; the section shows last in the tree, as being added, and on the canvas as a placeholder.
    await dialog.waitFor({ state: 'detached' });
    await statusSays(page, messages.offlineWaiting(1));
    const addingRows = page.locator('[role="treeitem"][aria-disabled="true"]');
    await addingRows.filter({ hasText: design.name }).waitFor();
    expect(await page.locator('[role="treeitem"]').last().getAttribute('aria-disabled')).toBe('true');
    await page
      .frameLocator(CANVAS)
      .getByRole('status')
      .filter({ hasText: new RegExp(`^${design.name}$`) })
      .waitFor();

    await context.setOffline(false);
    await statusSays(page, messages.saved);
    const after = await homeSections();
    expect(after.slice(0, -1)).toEqual(before);
    const added = after.at(-1)!;
    await treeRow(page, added).waitFor();
    expect(await addingRows.count()).toBe(0);
    await expect.poll(() => page.frameLocator(CANVAS).locator('[data-pw-pending]').count()).toBe(0);
    // A visitor of the published page sees the new section's heading, which the page did not have before.
    const doc = await siteDoc(user, siteId);
    const heading = Object.values(doc.nodes!).find(
      (n) => n.id.startsWith(`${added}.`) && n.type === 'heading' && typeof n.data.value === 'string',
    )!;
    expect(await headingsOnSite(user, siteId, heading.data.value as string)).toBe(1);
    await context.close();
  });

  it('a tab closed while offline with edits waiting: the next editor opened online sends them from IndexedDB, once each', async () => {
    const { user, siteId } = await ownerWithSite(t, { name: 'Tess Tabs' });
    const heading = await firstHeading(user, siteId);
    const context = await signedInContext(user);
    const page = await openEditor(context, siteId);
    await select(page, heading.id);

    await context.setOffline(true);
    for (const [i, word] of [' one', ' two', ' three'].entries()) {
      await typeInto(page, heading.id, word);
      await statusSays(page, messages.offlineWaiting(i + 1));
    }
    await page.close();
    await context.setOffline(false);

    const again = await openEditor(context, siteId);
    await statusSays(again, messages.saved);
    const written = await entries(siteId);
    expect(written.map((edits) => edits.map((e) => e.after))).toEqual([
      [`${heading.value} one`],
      [`${heading.value} one two`],
      [`${heading.value} one two three`],
    ]);
    expect(await keys(siteId)).toBe(3);
    await expect.poll(() => textOnCanvas(again, heading.id)).toBe(`${heading.value} one two three`);
    // Nothing is left to send: a further load sends nothing again.
    const third = await openEditor(context, siteId);
    await third.getByRole('button', { name: /^Undo \d+$/ }).waitFor();
    expect(await entries(siteId)).toHaveLength(3);
    await context.close();
  });
});

describe('two editors, one offline', () => {
  it('the later change to the same setting is kept, both canvases end equal, and the offline editor is told (with Undo)', async () => {
    const { user: owner, siteId } = await ownerWithSite(t, { name: 'Olga Owner' });
    const guest = await join(owner, siteId, 'Gus Guest');
    const heading = await firstHeading(owner, siteId);
    const offlineContext = await signedInContext(owner);
    const onlineContext = await signedInContext(guest);
    const offline = await openEditor(offlineContext, siteId);
    const online = await openEditor(onlineContext, siteId);

    await offlineContext.setOffline(true);
    await typeInto(offline, heading.id, ' (mine, offline)');
    await statusSays(offline, messages.offlineWaiting(1));

    // Later, the other editor changes the same text, online.
    await typeInto(online, heading.id, ' (theirs, later)');
    await statusSays(online, messages.saved);
    const theirs = `${heading.value} (theirs, later)`;

    await offlineContext.setOffline(false);
    await statusSays(offline, messages.saved);
    const notice = offline.getByTestId('replaced-notice');
    await notice.waitFor();
    expect(await notice.innerText()).toContain("was replaced by Gus Guest's later edit");
    expect((await siteDoc(owner, siteId)).nodes![heading.id]!.data.value).toBe(theirs);
    await expect.poll(() => textOnCanvas(offline, heading.id)).toBe(theirs);
    expect(await textOnCanvas(online, heading.id)).toBe(theirs);

    // Undo puts the offline editor's text back, as the later edit now; the other canvas follows.
    await notice.getByRole('button', { name: 'Undo' }).click();
    const mine = `${heading.value} (mine, offline)`;
    await expect.poll(async () => (await siteDoc(owner, siteId)).nodes![heading.id]!.data.value).toBe(mine);
    await expect.poll(() => textOnCanvas(offline, heading.id)).toBe(mine);
    await expect.poll(() => textOnCanvas(online, heading.id), { timeout: 30_000 }).toBe(mine);
    await offlineContext.close();
    await onlineContext.close();
  });

  it('a paste refused because its source was deleted meanwhile: the drag made after it still moves what the person dragged', async () => {
    const { user: owner, siteId } = await ownerWithSite(t, { name: 'Pia Paste' });
    const guest = await join(owner, siteId, 'Del Deleter');
    const target = await headingAmongOthers(owner, siteId);
    // What is copied: a heading elsewhere on the page (not in the container it is pasted into, nor holding it).
    const source = await findOnHome(owner, siteId, (node) =>
      node.type === 'heading' &&
      typeof node.data.value === 'string' &&
      !node.id.startsWith(`${target.container}.`) &&
      !target.container.startsWith(`${node.id}.`)
        ? { id: node.id, value: node.data.value }
        : null,
    );
    const last = target.children.at(-1)!;
    const published = await headingsOnSite(owner, siteId, source.value);
    const context = await signedInContext(owner);
    const page = await openEditor(context, siteId);
    const row = (id: string) => treeRow(page, id);
    const rows = () => rowsOf(page, target.container);

    // Found in the navigator (it is further down the page), each level opened with the arrow key.
    await reveal(page, source.id);
    await row(source.id).click();
    await page.locator(`[data-canvas-outline="selected"][data-canvas-id="${source.id}"]`).waitFor();
    await page.keyboard.press('Control+c');
    await select(page, target.id);
    await context.setOffline(true);
    // Pasted after the heading: it shows in the tree at once, though nothing reached the server.
    await page.keyboard.press('Control+v');
    await statusSays(page, messages.offlineWaiting(1));
    const at0 = target.children.indexOf(target.id);
    await expect.poll(rows).toEqual(target.children.toSpliced(at0 + 1, 0, '+'));
    // Then the container's last component dragged below its first: counted with the paste before it.
    const first = target.children[0]!;
    await dragBelow(page, row(last), row(first));
    await statusSays(page, messages.offlineWaiting(2));
    const moved = target.children.filter((c) => c !== last).toSpliced(1, 0, last);
    await expect.poll(async () => (await rows()).filter((id) => id !== '+')).toEqual(moved);

    // Meanwhile the other editor deletes what was copied: the paste will be refused.
    const { error } = await guest.api.DELETE('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: source.id } },
    });
    expect(error).toBeUndefined();

    await context.setOffline(false);
    await page.getByRole('alert').filter({ hasText: messages.componentNotFound }).waitFor({ timeout: 60_000 });
    await statusSays(page, messages.saved);
    // The drag was sent counted without the refused paste: the component dragged is the one that moved.
    await expect.poll(async () => (await siteDoc(owner, siteId)).nodes![target.container]!.children).toEqual(moved);
    await expect.poll(rows).toEqual(moved);
    await expect.poll(() => page.frameLocator(CANVAS).locator('[data-pw-pending]').count()).toBe(0);
    const fresh = await openEditor(context, siteId);
    await expect.poll(() => canvasState(page)).toEqual(await canvasState(fresh));
    // A visitor of the published page sees the deleted heading gone, and no copy of it.
    expect(await headingsOnSite(owner, siteId, source.value)).toBe(published - 1);
    await context.close();
  });

  it('a heading dragged into another container offline leaves its place in the tree at once and shows there as Moving…; once online it is there on the server and the published page', async () => {
    const { user: owner, siteId } = await ownerWithSite(t, { name: 'Mo Mover' });
    const target = await headingAmongOthers(owner, siteId);
    // Another part of the page, apart from the heading's container, whose first component holds none.
    const other = await findOnHome(owner, siteId, (node, nodes) =>
      node.children.length > 0 &&
      nodes.get(node.children[0]!)!.children.length === 0 &&
      node.id !== target.container &&
      !target.container.startsWith(`${node.id}.`) &&
      !node.id.startsWith(`${target.container}.`)
        ? { id: node.id, first: node.children[0]!, children: node.children }
        : null,
    );
    const context = await signedInContext(owner);
    const page = await openEditor(context, siteId);
    const row = (id: string) => treeRow(page, id);
    await reveal(page, other.first);
    await reveal(page, target.id);

    await context.setOffline(true);
    await dragBelow(page, row(target.id), row(other.first));
    await statusSays(page, messages.offlineWaiting(1));
    // Its row leaves its container at once, and stands below the one it was dropped under, saying Moving….
    await expect.poll(() => rowsOf(page, target.container)).toEqual(target.children.filter((c) => c !== target.id));
    await expect.poll(() => rowsOf(page, other.id)).toEqual(other.children.toSpliced(1, 0, '+'));
    const moving = page.locator(`[role="treeitem"][data-row-id^="${other.id}.~"]`);
    expect(await moving.getAttribute('aria-disabled')).toBe('true');
    expect(await moving.innerText()).toContain('Moving…');
    // On the canvas it shows in its new place too.
    expect(await comesBefore(page, at(other.first), at(target.id))).toBe(true);
    if (TAKE_SCREENSHOTS) await page.screenshot({ path: 'tests/.tmp/screenshots/editor-outbox-moving.png' });

    await context.setOffline(false);
    await statusSays(page, messages.saved);
    // On the server it is in the other container, right below the component it was dropped under.
    const moved = async () => (await siteDoc(owner, siteId)).nodes![other.id]!.children;
    await expect.poll(async () => (await moved()).length).toBe(other.children.length + 1);
    const movedId = (await moved())[1]!;
    expect((await siteDoc(owner, siteId)).nodes![movedId]!.data.value).toBe(target.value);
    await expect.poll(() => rowsOf(page, other.id)).toEqual(other.children.toSpliced(1, 0, movedId));
    await expect.poll(() => rowsOf(page, target.container)).toEqual(target.children.filter((c) => c !== target.id));
    const fresh = await openEditor(context, siteId);
    await expect.poll(() => canvasState(page)).toEqual(await canvasState(fresh));
    // A visitor of the published page reads the heading in its new part of the page, once.
    const { home, visitor } = await publishedHome(owner, siteId);
    const heading = home.getByRole('heading', { name: target.value, exact: true });
    expect(await heading.count()).toBe(1);
    expect(await heading.evaluate((h) => h.closest('section')?.id)).toBe(other.id.split('.')[0]);
    await visitor.close();
    await context.close();
  });

  it('a heading dragged offline while the other editor adds a component before it: once online the heading is what moved, and it lands where it was dropped', async () => {
    const { user: owner, siteId } = await ownerWithSite(t, { name: 'Ola Offline' });
    const guest = await join(owner, siteId, 'Gus Guest');
    const target = await headingAmongOthers(owner, siteId);
    const last = target.children.at(-1)!;
    const h = target.children.indexOf(target.id);
    const context = await signedInContext(owner);
    const page = await openEditor(context, siteId);
    await reveal(page, target.id);

    await context.setOffline(true);
    await dragBelow(page, treeRow(page, target.id), treeRow(page, last));
    await statusSays(page, messages.offlineWaiting(1));
    const dropped = [...target.children.filter((c) => c !== target.id), target.id];
    await expect.poll(() => rowsOf(page, target.container)).toEqual(dropped);

    // Meanwhile the other editor adds a paragraph right before the heading: the heading's index is now the paragraph's.
    const added = await guest.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId } },
      body: { toContainer: target.container, type: 'paragraph', index: h },
    });
    expect(added.response.status).toBe(201);
    const text = 'Added by Gus while Ola was offline';
    await guest.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: added.data!.id } },
      body: { data: { value: text } },
    });

    await context.setOffline(false);
    await statusSays(page, messages.saved);
    // The heading moved below the last component; the paragraph stays where it was put (by index alone, it would have moved).
    await expect
      .poll(async () => (await siteDoc(owner, siteId)).nodes![target.container]!.children)
      .toEqual(dropped.toSpliced(h, 0, added.data!.id));
    const fresh = await openEditor(context, siteId);
    await expect.poll(() => canvasState(page)).toEqual(await canvasState(fresh));
    // A visitor of the published page reads the new paragraph before the heading.
    const { home, visitor } = await publishedHome(owner, siteId);
    const heading = home.getByRole('heading', { name: target.value, exact: true });
    expect(await heading.count()).toBe(1);
    const seen = await home.locator('body').innerText();
    expect(seen.indexOf(text)).toBeGreaterThanOrEqual(0);
    expect(seen.indexOf(text)).toBeLessThan(seen.indexOf(target.value));
    if (TAKE_SCREENSHOTS) await home.screenshot({ path: 'tests/.tmp/screenshots/editor-outbox-late-move.png' });
    await visitor.close();
    await context.close();
  });

  it('an edit the server refuses (access locked meanwhile) is taken back from the canvas, with its reason', async () => {
    const { user: owner, siteId } = await ownerWithSite(t, { name: 'Rita Rights' });
    const guest = await join(owner, siteId, 'Lou Locked');
    const heading = await firstHeading(owner, siteId);
    const context = await signedInContext(guest);
    const page = await openEditor(context, siteId);

    await context.setOffline(true);
    await typeInto(page, heading.id, ' not allowed');
    await statusSays(page, messages.offlineWaiting(1));
    expect(await textOnCanvas(page, heading.id)).toBe(`${heading.value} not allowed`);
    const { error } = await owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', {
      params: { path: { siteId, userId: guest.session.id } },
      body: { isLocked: true },
    });
    expect(error).toBeUndefined();

    await context.setOffline(false);
    await page.getByRole('alert').filter({ hasText: messages.siteLocked }).waitFor({ timeout: 60_000 });
    await expect.poll(() => textOnCanvas(page, heading.id)).toBe(heading.value);
    expect((await siteDoc(owner, siteId)).nodes![heading.id]!.data.value).toBe(heading.value);
    expect(await entries(siteId)).toEqual([]);
    await context.close();
  });
});

async function siteDoc(user: User, siteId: string) {
  const { data } = await user.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
  return data!;
}

/** A second user who joins the site as a collaborator (the site's owner is on Pro). */
async function join(owner: User, siteId: string, name: string): Promise<User> {
  const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
  const guest = await t.signup(name);
  const { error } = await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
  if (error) throw new Error(`joining failed: ${JSON.stringify(error)}`);
  return guest;
}
