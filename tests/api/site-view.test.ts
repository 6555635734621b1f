import http from 'node:http';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Node, SiteDoc } from '../../server/src/model/document.js';
import { checkResponse } from '../support/contract.js';
import { ownSite, teamSite, type EditorSite } from '../support/editor.js';
import { fixtures, multipart } from '../support/files.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { makeSiteDoc } from '../support/siteDoc.js';
import { basic, team, type Team } from '../support/team.js';

/**
 * The editor's "Preview" (issue 13 item 6): POST /sites/{siteId}/view answers a secret link that
 * shows the site as a visitor sees it, compiled from its current document, in a tab that sends no
 * Authorization header.
 */

let t: TestServer;
let checked: typeof fetch;
let crew: Team;
beforeAll(async () => {
  t = await startTestServer();
  checked = contractFetch(t.url);
  crew = await team(t);
});
afterAll(() => t.close());

const SANDBOX = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox';

const node = (id: string, type: Node['type'], data: Record<string, unknown>, children: string[] = []): Node => ({
  id,
  type,
  data,
  style: {},
  children,
});

/** The fixture site in English and Finnish, with a menu in the header and a picture on the home page. */
function viewDoc(): SiteDoc {
  const doc = makeSiteDoc({ languages: ['en', 'fi'] });
  // A domain, so the site has a sitemap (its addresses are absolute).
  doc.settings.compile = { domain: 'www.view.example' };
  doc.nodes.header!.children.push('header.home', 'header.about');
  doc.nodes['header.home'] = node('header.home', 'link', { value: 'Home', _action: 'page', _target: 'home' });
  doc.nodes['header.about'] = node('header.about', 'link', { value: 'About', _action: 'page', _target: 'about' });
  doc.nodes.hero!.children.push('hero.picture');
  doc.nodes['hero.picture'] = node('hero.picture', 'image', { value: 'photo.png', alt: 'A photo' });
  doc.nodes['about-intro.title']!.data.value = { _loc: true, en: 'About us', fi: 'Meistä' };
  return doc;
}

async function upload(site: EditorSite, filename: string, data: Buffer) {
  const { body, contentType } = multipart([{ field: 'file0', filename, data }]);
  const response = await checked(`${t.url}/api/sites/${site.siteId}/files`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: basic(site.token) },
    body,
  });
  expect(response.status).toBe(201);
}

/** A site made from viewDoc with photo.png uploaded, and a fresh view link of its owner. */
async function viewedSite() {
  const site = await ownSite(t, viewDoc());
  await upload(site, 'photo.png', await fixtures.png(1600, 900));
  return { site, link: await linkOf(site.api, site.siteId) };
}

async function linkOf(api: EditorSite['api'], siteId: string): Promise<string> {
  const { data, response } = await api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
  expect(response.status).toBe(201);
  // The link names this server's public address; the tests reach it on the port they started.
  return data!.url.replace(t.pw.deps.config.publicUrl, t.url);
}

/** A GET without Authorization, as the new tab makes it; redirects are not followed. */
const visit = (url: string) => fetch(url, { redirect: 'manual' });

/** A raw request line, exactly as written: fetch would resolve `..` before sending. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      })
      .on('error', reject);
  });
}

const documentOf = (html: string, url: string) => new JSDOM(html, { url }).window.document;

describe('POST /sites/{siteId}/view', () => {
  it('answers a link under the site that expires in an hour and stores only the hash of its token', async () => {
    const site = await ownSite(t, viewDoc());
    // The server's clock, held for the request: the link's expiry is exactly an hour on.
    const now = Date.now();
    const clock = t.pw.deps.now;
    t.pw.deps.now = () => now;
    const { data } = await site.api.POST('/sites/{siteId}/view', { params: { path: { siteId: site.siteId } } }).finally(() => {
      t.pw.deps.now = clock;
    });
    expect(data!.url).toMatch(
      new RegExp(`^${t.pw.deps.config.publicUrl}/api/sites/${site.siteId.replace(/\./g, '\\.')}/view/[\\w-]{32}/$`),
    );
    expect(Date.parse(data!.expiresAt)).toBe(now + 3_600_000);
    const token = data!.url.split('/').at(-2)!;
    const rows = await t.pw.deps.db('site_views').where({ site_id: site.siteId });
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].user_id).toBe(site.userId);
  });

  it('gives a link to every role that can read the site, a locked collaborator and the API key too; a stranger gets 404', async () => {
    const { siteId } = crew;
    for (const member of [crew.owner, crew.collaborator, crew.locked]) {
      const { response } = await member.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
      expect(response.status).toBe(201);
    }
    const byKey = await checked(`${t.url}/api/sites/${siteId}/view`, { method: 'POST', headers: { authorization: basic(crew.key) } });
    expect(byKey.status).toBe(201);
    const keyLink = ((await byKey.json()) as { url: string }).url.replace(t.pw.deps.config.publicUrl, t.url);
    expect((await visit(keyLink)).status).toBe(200);

    const stranger = await crew.stranger.api.POST('/sites/{siteId}/view', { params: { path: { siteId } } });
    expect(stranger.response.status).toBe(404);
    const otherKey = await checked(`${t.url}/api/sites/${siteId}/view`, {
      method: 'POST',
      headers: { authorization: basic(crew.otherSiteKey) },
    });
    expect(otherKey.status).toBe(403);
    const nobody = await t.client().POST('/sites/{siteId}/view', { params: { path: { siteId } } });
    expect(nobody.response.status).toBe(401);
  });
});

describe('GET /sites/{siteId}/view/{token}/{path}', () => {
  it('serves the home page, another page, a page in the second language, the CSS and an image without Authorization, each with its type', async () => {
    const { link } = await viewedSite();
    const home = await visit(link);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const homeHtml = await home.text();
    expect(homeHtml).toContain('<html lang="en"');
    expect(homeHtml).toContain('Welcome');

    const about = await visit(`${link}about/`);
    expect(about.status).toBe(200);
    expect(about.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await about.text()).toContain('About us');

    const finnish = await visit(`${link}fi/about/`);
    expect(finnish.status).toBe(200);
    const finnishHtml = await finnish.text();
    expect(finnishHtml).toContain('<html lang="fi"');
    expect(finnishHtml).toContain('Meistä');
    expect((await visit(`${link}fi/`)).status).toBe(200);

    const dom = documentOf(homeHtml, link);
    // A small stylesheet is inlined in each page; the file is there all the same.
    expect(dom.querySelector('style[data-pw-css]') ?? dom.querySelector('link[rel="stylesheet"][href*="/view/"]')).not.toBeNull();
    const stylesheet = `${link}styles.css`;
    const css = await visit(stylesheet);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await css.text()).toMatch(/--color-primary|\.font-heading|body/);

    const img = dom.querySelector<HTMLImageElement>('img[alt="A photo"]')!;
    expect(img.src).toBe(`${link}assets/photo.png`);
    const image = await visit(img.src);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    // The resized copies of the srcset, too.
    const candidates = img.srcset.split(',').map((c) => c.trim().split(/\s+/)[0]!);
    expect(candidates.length).toBeGreaterThan(1);
    for (const candidate of candidates) {
      const copy = await visit(new URL(candidate, link).href);
      expect(copy.status, candidate).toBe(200);
      expect(copy.headers.get('content-type')).toMatch(/^image\/(png|webp)$/);
    }

    const sitemap = await visit(`${link}sitemap.xml`);
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect((await visit(`${link}robots.txt`)).headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('resolves every link, stylesheet and picture of the served pages to a file of the site', async () => {
    // A real template site (a menu, many sections and pictures), and the fixture site in two languages.
    const links = [await linkOf(crew.owner.api, crew.siteId), (await viewedSite()).link];
    for (const link of links) {
      const prefix = new URL(link).pathname;
      for (const start of [link, `${link}fi/`].slice(0, link === links[0] ? 1 : 2)) {
        const html = await (await visit(start)).text();
        const dom = documentOf(html, start);
        const pages = new Set<string>();
        for (const a of dom.querySelectorAll<HTMLAnchorElement>('a[href]')) {
          const url = new URL(a.href);
          if (url.origin !== new URL(t.url).origin) continue; // a link to another site
          // Every link to this server stays inside the view.
          expect(url.pathname.startsWith(prefix), a.getAttribute('href')!).toBe(true);
          pages.add(url.href.replace(/#.*$/, ''));
        }
        expect(pages.size).toBeGreaterThan(1);
        for (const page of pages) {
          const answer = await visit(page);
          expect(answer.status, page).toBe(200);
          expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
        }
        const files = [
          ...[...dom.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"], link[rel="icon"], link[rel="preload"]')].map((l) => l.href),
          ...[...dom.querySelectorAll<HTMLImageElement>('img[src]')].map((i) => i.src),
        ].filter((url) => url.startsWith(t.url));
        expect(files.length).toBeGreaterThan(1);
        for (const file of new Set(files)) expect((await visit(file)).status, file).toBe(200);
      }
    }
  });

  it('shows an edit made after the link was issued on the next request, without committing it', async () => {
    const { site, link } = await viewedSite();
    expect(await (await visit(link)).text()).toContain('Welcome');
    const edit = await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Freshly edited' } },
    });
    expect(edit.response.status).toBe(200);
    const html = await (await visit(link)).text();
    expect(html).toContain('Freshly edited');
    expect(html).not.toContain('Welcome');
    // The edit is unsaved: the site's versions still hold the old title.
    const versions = await t.pw.deps.db('versions').where({ site_id: site.siteId });
    expect(versions.every((v: { data: string }) => v.data.includes('Welcome') && !v.data.includes('Freshly edited'))).toBe(true);

    // A CMS edit (it leaves the document's revision as it was) shows too.
    expect(await (await visit(`${link}posts/hello-world/`)).text()).toContain('Hello world');
    const item = await site.api.PATCH('/sites/{siteId}/content/{collection}/items/{itemId}', {
      params: { path: { siteId: site.siteId, collection: 'posts', itemId: 1 } },
      body: { title: 'Hello again' },
    });
    expect(item.response.status).toBe(200);
    expect(await (await visit(`${link}posts/hello-world/`)).text()).toContain('Hello again');

    // A file uploaded after the link was issued is served too.
    await upload(site, 'later.png', await fixtures.png(20, 20));
    expect((await visit(`${link}assets/later.png`)).status).toBe(200);
  });

  it('keeps the compile between requests and renders again only the pages an edit touched', async () => {
    const { site, link } = await viewedSite();
    const stamp = async (url: string) => /<meta name="pw:compiled" content="([^"]+)"/.exec(await (await visit(url)).text())![1];
    const home = await stamp(link);
    const about = await stamp(`${link}about/`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await stamp(link)).toBe(home);
    await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.text' } },
      body: { data: { value: 'Only the home page changed' } },
    });
    expect(await stamp(link)).not.toBe(home);
    expect(await stamp(`${link}about/`)).toBe(about);
  });

  it("answers an address the site has no file for with the site's 404 page, in the address's language", async () => {
    const { link } = await viewedSite();
    const missing = await visit(`${link}no/such/page/`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await missing.text();
    expect(html).toContain('Page not found');
    expect(html).toContain('<html lang="en"');
    const finnish = await visit(`${link}fi/ei-ole`);
    expect(finnish.status).toBe(404);
    expect(await finnish.text()).toContain('<html lang="fi"');
    expect((await visit(`${link}assets/nothing.png`)).status).toBe(404);
  });

  it('sends a page folder without its slash, and the link without its slash, to the address with it', async () => {
    const { link } = await viewedSite();
    const about = await visit(`${link}about?x=1`);
    expect(about.status).toBe(301);
    expect(about.headers.get('location')).toBe(`${new URL(link).pathname}about/?x=1`);
    const bare = await visit(link.slice(0, -1));
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe(new URL(link).pathname);
  });

  it('refuses an unknown, expired or withdrawn link with the JSON error, and one of a deleted site', async () => {
    const { site, link } = await viewedSite();
    const { pathname } = new URL(link);
    const unknown = await visit(link.replace(/\/view\/[^/]+\//, '/view/not-a-token/'));
    expect(unknown.status).toBe(404);
    const body = await unknown.json();
    expect(body).toEqual({ error: 'The preview link is invalid or has expired', status: 404, code: 'NOT_FOUND' });
    expect(checkResponse('GET', `/sites/${site.siteId}/view/not-a-token/about`, 404, unknown.headers.get('content-type'), body)).toEqual(
      [],
    );
    // Another site's id with this token.
    expect((await visit(link.replace(site.siteId, crew.siteId))).status).toBe(404);

    await t.pw.deps
      .db('site_views')
      .where({ site_id: site.siteId })
      .update({ expires_at: Date.now() - 1 });
    const expired = await visit(link);
    expect(expired.status).toBe(404);
    expect(await expired.json()).toMatchObject({ error: 'The preview link is invalid or has expired' });
    expect(pathname).toMatch(/\/$/);

    // A collaborator's link stops when they leave the site.
    const shared = await teamSite(t, viewDoc());
    const guestLink = await linkOf(shared.guest.api, shared.siteId);
    expect((await visit(guestLink)).status).toBe(200);
    const removed = await shared.owner.api.DELETE('/sites/{siteId}/collaborators/{userId}', {
      params: { path: { siteId: shared.siteId, userId: shared.guest.session.id } },
    });
    expect(removed.response.status).toBe(204);
    expect((await visit(guestLink)).status).toBe(404);

    // A deleted site's links stop at once.
    const other = await viewedSite();
    expect((await visit(other.link)).status).toBe(200);
    const domain = other.site.siteId;
    const deleted = await other.site.api.DELETE('/sites/{siteId}', { params: { path: { siteId: domain }, query: { confirm: domain } } });
    expect(deleted.response.status).toBeLessThan(300);
    expect((await visit(other.link)).status).toBe(404);
  });

  it('refuses path traversal, plain or escaped, and never serves a file outside the compiled site', async () => {
    const { link } = await viewedSite();
    const prefix = new URL(link).pathname;
    for (const path of [
      '../../../../../../etc/passwd',
      'assets/../../../../package.json',
      '%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '..%2f..%2f..%2fetc%2fpasswd',
      '..%5c..%5cpackage.json',
      'assets/%2e%2e%2fstyles.css',
      '.%2fstyles.css',
      './styles.css',
      '%00',
    ]) {
      const answer = await rawGet(`${prefix}${path}`);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.body, path).not.toMatch(/root:|"workspaces"|--color/);
      if (answer.status === 400) expect(JSON.parse(answer.body)).toMatchObject({ status: 400 });
    }
    const escaped = await rawGet(`${prefix}..%2fstyles.css`);
    expect(escaped.status).toBe(400);
    expect(JSON.parse(escaped.body)).toEqual({
      error: 'The address may not name . or .. or hold an escaped slash',
      status: 400,
      code: 'VALIDATION_FAILED',
      info: { field: 'path' },
    });
    expect(checkResponse('GET', `${prefix.slice(4)}x`, 400, 'application/json', JSON.parse(escaped.body))).toEqual([]);
  });

  it('marks every file: never stored, never indexed, sandboxed to an opaque origin, loadable by its own pages', async () => {
    const { link } = await viewedSite();
    for (const url of [link, `${link}about/`, `${link}styles.css`, `${link}assets/photo.png`, `${link}missing/`]) {
      const answer = await visit(url);
      expect(answer.headers.get('cache-control'), url).toBe('no-store');
      expect(answer.headers.get('x-robots-tag'), url).toContain('noindex');
      expect(answer.headers.get('content-security-policy'), url).toBe(SANDBOX);
      expect(answer.headers.get('cross-origin-resource-policy'), url).toBe('cross-origin');
      expect(answer.headers.get('referrer-policy'), url).toBe('no-referrer');
      expect(answer.headers.get('x-content-type-options'), url).toBe('nosniff');
    }
  });

  it("serves the site's custom code as the published site has it (tests/e2e/site-view.test.ts runs it)", async () => {
    const doc = viewDoc();
    doc.settings.code = { bodyEnd: '<script>document.body.dataset.custom = "ran"</script>' };
    const site = await ownSite(t, doc);
    const html = await (await visit(await linkOf(site.api, site.siteId))).text();
    expect(html).toContain('<script>document.body.dataset.custom = "ran"</script>');
  });

  it('posts a form of a page opened in the browser to the app at the address it was reached at; read as a file, as published', async () => {
    const doc = viewDoc();
    doc.nodes.hero!.children.push('hero.form');
    doc.nodes['hero.form'] = { ...node('hero.form', 'form', { name: 'contact' }), children: ['hero.form.email'] };
    doc.nodes['hero.form.email'] = node('hero.form.email', 'input', { type: 'email', name: 'email', label: 'E-mail' });
    const site = await ownSite(t, doc);
    const link = await linkOf(site.api, site.siteId);
    const actionOf = async (headers: Record<string, string>) =>
      documentOf(await (await fetch(link, { headers })).text(), link)
        .querySelector('form')!
        .getAttribute('action');
    const path = `/api/sites/${site.siteId}/forms/contact`;
    // A tab or a frame (the browser says which): root-relative, so the post reaches this server wherever it was reached.
    expect(await actionOf({ 'Sec-Fetch-Dest': 'document' })).toBe(path);
    expect(await actionOf({ 'Sec-Fetch-Dest': 'iframe' })).toBe(path);
    // A read of the file (the compiled screen's viewer): the page as the zip has it.
    expect(await actionOf({ 'Sec-Fetch-Dest': 'empty' })).toBe(`${t.pw.deps.config.publicUrl}${path}`);
    expect(await actionOf({})).toBe(`${t.pw.deps.config.publicUrl}${path}`);
  });
});
