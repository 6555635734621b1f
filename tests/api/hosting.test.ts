import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parse } from 'node-html-parser';
import type { PagewrightClient } from '@pagewright/sdk';
import { startDns, type LocalDns } from '../support/dns.js';
import { addPosts, HOSTING_CNAME, publish, siteWithPosts, verifyDomain, visit } from '../support/hosting.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';

// Built-in hosting (issue 31): published sites served by Host, deploys, rollback and domains, with the
// server's own DNS lookups answered by a DNS server on a local port.
let dns: LocalDns;
let t: TestServer;
beforeAll(async () => {
  dns = await startDns();
  t = await startTestServer({ DNS_SERVER: dns.server, HOSTING_CNAME, DEPLOYS_KEPT: '3' });
});
afterAll(async () => {
  await t?.close();
  await dns?.close();
});

async function liveSite(name = 'Hosted'): Promise<{ api: PagewrightClient; siteId: string; host: string; token: string }> {
  const { api, session } = await t.signup(name);
  const siteId = domain();
  const created = await api.POST('/sites', { body: { name, siteId, templateId: 'launch' } });
  expect(created.response.status).toBe(201);
  const host = `www.${siteId}`;
  await publish(api, siteId);
  await verifyDomain(api, dns, siteId, host);
  return { api, siteId, host, token: session.token };
}

/** An edit a visitor can see: the theme colour in every page's head. */
const recolour = (api: PagewrightClient, siteId: string, themeColor: string) =>
  api
    .PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { themeColor } })
    .then(({ response }) => expect(response.status).toBe(200));

describe('a published site at its domain', () => {
  it('is served by Host once its domain is verified: the TXT token first, then the address record', async () => {
    const { api, session } = await t.signup('Owner');
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Bistro live', siteId, templateId: 'launch' } });
    const published = await publish(api, siteId);
    expect(published.deploy).toMatchObject({ number: 1, live: true, changed: published.deploy.files });
    expect(published.url).toBeNull();
    const host = `www.${siteId}`;
    // Claimed, not yet verified: nothing is served there, and the app is not either.
    const { data: added, response } = await api.POST('/sites/{siteId}/domains', {
      params: { path: { siteId } },
      body: { domain: host.toUpperCase() },
    });
    expect(response.status).toBe(201);
    expect(added).toMatchObject({ domain: host, verified: false, url: null });
    expect(added!.records).toEqual([
      { type: 'TXT', name: `_pagewright.${host}`, value: expect.stringMatching(/^pagewright-verify=[0-9a-f]{32}$/) },
      { type: 'CNAME', name: host, value: HOSTING_CNAME },
    ]);
    const before = await visit(t.url, host, '/');
    expect(before.status).toBe(404);
    expect(before.text).not.toContain('<html');
    expect((await visit(t.url, host, '/api/health')).status).toBe(404);

    const verify = () => api.POST('/sites/{siteId}/domains/{domain}/verify', { params: { path: { siteId, domain: host } } });
    let check = (await verify()).data!;
    expect(check.verified).toBe(false);
    expect(check.problems).toEqual([`Add a TXT record _pagewright.${host} with the value ${added!.records[0]!.value}`]);
    dns.set(`_pagewright.${host}`, { TXT: ['v=spf1 -all', added!.records[0]!.value] });
    check = (await verify()).data!;
    expect(check.problems[0]).toMatch(/^Point www\..* at this server: a CNAME record to sites\.pagewright\.test/);
    dns.set(host, { CNAME: HOSTING_CNAME });
    check = (await verify()).data!;
    expect(check).toMatchObject({ verified: true, problems: [], url: `https://${host}/` });

    const home = await visit(t.url, host, '/');
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['cache-control']).toBe('no-cache');
    expect(home.headers.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(home.headers['x-pagewright-deploy']).toBe('1');
    expect(home.text).toContain('<html');
    expect(home.text).toContain('Bistro live');
    // None of the app's headers: custom code runs there, on the site's own origin.
    expect(home.headers['content-security-policy']).toBeUndefined();
    const again = await visit(t.url, host, '/', { headers: { 'if-none-match': home.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    const { data: list } = await api.GET('/sites/{siteId}/deploys', { params: { path: { siteId } } });
    expect(list).toMatchObject({
      kept: 3,
      url: `https://${host}/`,
      deploys: [{ number: 1, live: true, author: 'Owner', authorId: session.id }],
    });
    const { data: domains } = await api.GET('/sites/{siteId}/domains', { params: { path: { siteId } } });
    expect(domains).toMatchObject({ domains: [{ domain: host, verified: true }], target: { cname: HOSTING_CNAME, addresses: [] } });
    // Caddy's on-demand TLS asks the server before getting a certificate.
    expect((await t.client().GET('/hosting/ask', { params: { query: { domain: host } } })).response.status).toBe(200);
    expect((await t.client().GET('/hosting/ask', { params: { query: { domain: `other.${siteId}` } } })).response.status).toBe(404);
  });

  it("never serves a site on the app's own origin, nor the app on a site's domain", async () => {
    const { host } = await liveSite();
    expect((await visit(t.url, 'localhost', '/api/health')).status).toBe(200);
    for (const p of ['/api/health', '/api/auth/login', '/api/sites']) {
      const answer = await visit(t.url, host, p, { method: 'GET' });
      expect(answer.status).toBe(404);
      expect(answer.headers['content-type']).toContain('text/html');
      expect(answer.text).toContain('Page not found');
    }
    const post = await visit(t.url, host, '/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    // The app's origin has no site files: its own 404 for a page path, whatever the site has.
    const app = await visit(t.url, 'localhost', '/robots.txt');
    expect(app.text).not.toContain('Sitemap');
  });

  it('answers its 404 page with 404, a folder without its slash with 301, HEAD without a body', async () => {
    const { host } = await liveSite();
    const missing = await visit(t.url, host, '/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(missing.text).toContain('Page not found');
    const home = await visit(t.url, host, '/');
    const head = await visit(t.url, host, '/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(home.body.length);
    expect(head.headers.etag).toBe(home.headers.etag);
    const robots = await visit(t.url, host, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('sends the precompressed brotli or gzip copy the browser takes, with Vary', async () => {
    const { host } = await liveSite();
    const plain = await visit(t.url, host, '/', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await visit(t.url, host, '/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(br.headers.etag).toBe(`${plain.headers.etag!.slice(0, -1)}-br"`);
    expect(zlib.brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.body.length).toBeLessThan(plain.body.length);
    const gz = await visit(t.url, host, '/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it("pins the pages' own files by version, served immutable, and answers byte ranges", async () => {
    const { host } = await liveSite();
    const home = await visit(t.url, host, '/');
    const pinned = [...home.text.matchAll(/(?:href|src)="(\/[^"?]+)\?v=([0-9a-f]{16})"/g)];
    expect(pinned.length).toBeGreaterThan(0);
    const [, file, version] = pinned[0]!;
    const asset = await visit(t.url, host, `${file}?v=${version}`);
    expect(asset.status).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const unpinned = await visit(t.url, host, file!);
    expect(unpinned.headers['cache-control']).toBe('no-cache');
    expect(unpinned.body.equals(asset.body)).toBe(true);

    const part = await visit(t.url, host, file!, { headers: { range: 'bytes=2-9', 'accept-encoding': 'br, gzip' } });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 2-9/${asset.body.length}`);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.equals(asset.body.subarray(2, 10))).toBe(true);
    const beyond = await visit(t.url, host, file!, { headers: { range: `bytes=${asset.body.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${asset.body.length}`);
  });

  it('answers its redirects with a real 301, before the meta-refresh page the zip keeps', async () => {
    const { api, siteId, host } = await liveSite();
    await api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: { from: '/old-menu', to: '/' } });
    await api.POST('/sites/{siteId}/redirects', {
      params: { path: { siteId } },
      body: { from: '/blog/*', to: 'https://journal.example.com/:splat' },
    });
    const { files } = await publish(api, siteId);
    expect(files.map((f) => f.path)).toContain('old-menu/index.html');
    const old = await visit(t.url, host, '/old-menu');
    expect(old.status).toBe(301);
    expect(old.headers.location).toBe('/');
    expect((await visit(t.url, host, '/old-menu/')).status).toBe(301);
    const splat = await visit(t.url, host, '/blog/2026/spring');
    expect(splat.status).toBe(301);
    expect(splat.headers.location).toBe('https://journal.example.com/2026/spring');
  });
});

describe('the base path of the compile settings', () => {
  it('serves the site below it, where its canonical addresses point, and from the root its links use', async () => {
    const { api, siteId, host } = await liveSite('Based');
    const patched = await api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: { compile: { domain: host, basePath: '/docs' } },
    });
    expect(patched.response.status).toBe(200);
    const published = await publish(api, siteId);
    expect(published.url).toBe(`https://${host}/docs/`);
    const home = await visit(t.url, host, '/docs/');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`<link rel="canonical" href="https://${host}/docs/">`);
    expect((await visit(t.url, host, '/')).body.equals(home.body)).toBe(true);
    const bare = await visit(t.url, host, '/docs?x=1');
    expect(bare.status).toBe(301);
    expect(bare.headers.location).toBe('/docs/?x=1');
    // Each page at its canonical address, below the base path.
    const contact = await visit(t.url, host, '/docs/contact/');
    expect(contact.status).toBe(200);
    expect(contact.text).toContain(`href="https://${host}/docs/contact/"`);
    expect((await visit(t.url, host, '/contact/')).body.equals(contact.body)).toBe(true);
    const missing = await visit(t.url, host, '/docs/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Page not found');
    expect((await visit(t.url, host, '/docs/../contact/')).status).toBe(400);
  });
});

describe('bad requests to a hosted site', () => {
  it('opens no realtime channel on a site’s domain, while the app’s own address still does', async () => {
    const { host } = await liveSite('Socketless');
    const opened = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/api/realtime`, { headers });
        socket.on('open', () => {
          socket.close();
          resolve(101);
        });
        socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        socket.on('error', reject);
      });
    expect(await opened({ host })).toBe(404);
    expect(await opened({})).toBe(101);
  });

  it('refuses path traversal, plain, escaped and double-escaped, with a 4xx and no file', async () => {
    const { host } = await liveSite();
    for (const p of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fpagewright.sqlite', '/a%5c..%5c..%5cx', '/%00']) {
      const answer = await visit(t.url, host, p);
      expect(answer.status, p).toBe(400);
      expect(answer.text).not.toContain('root:');
    }
    const double = await visit(t.url, host, '/%252e%252e/%252e%252e/etc/passwd');
    expect(double.status).toBe(404);
    expect(double.text).toContain('Page not found');
  });

  it("gives another tenant's unverified domain a 404 and refuses a domain claimed by a second site", async () => {
    const first = await liveSite('First');
    const other = await t.signup('Other');
    const otherSite = domain();
    await other.api.POST('/sites', { body: { name: 'Other', siteId: otherSite, templateId: 'launch' } });
    await publish(other.api, otherSite);
    const claim = await other.api.POST('/sites/{siteId}/domains', {
      params: { path: { siteId: otherSite } },
      body: { domain: first.host },
    });
    expect(claim.response.status).toBe(409);
    expect(claim.error).toMatchObject({ code: 'DOMAIN_TAKEN', error: 'Domain is taken' });
    // Claimed by the other tenant, never verified (no TXT record of theirs): not served, not the app.
    const unverified = `shop.${otherSite}`;
    await other.api.POST('/sites/{siteId}/domains', { params: { path: { siteId: otherSite } }, body: { domain: unverified } });
    dns.set(unverified, { CNAME: HOSTING_CNAME });
    const answer = await visit(t.url, unverified, '/');
    expect(answer.status).toBe(404);
    expect(answer.text.trim()).toBe('No site is served at this address');
    const bad = await first.api.POST('/sites/{siteId}/domains', {
      params: { path: { siteId: first.siteId } },
      body: { domain: 'localhost' },
    });
    expect(bad.response.status).toBe(400);
    expect(bad.error).toMatchObject({ info: { field: 'domain' } });
    const self = await first.api.POST('/sites/{siteId}/domains', {
      params: { path: { siteId: first.siteId } },
      body: { domain: 'not a domain' },
    });
    expect(self.error).toMatchObject({ error: 'Invalid domain format', info: { field: 'domain' } });
  });

  it('answers oversized headers with 431 and serves nothing', async () => {
    const { host } = await liveSite();
    const port = Number(new URL(t.url).port);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET / HTTP/1.1\r\nHost: ${host}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      });
      let out = '';
      socket.on('data', (chunk) => (out += chunk.toString()));
      socket.on('end', () => resolve(out));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    expect(raw).not.toContain('<html');
  });

  it('tells a DNS failure apart from records not set yet', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Dns', siteId, templateId: 'launch' } });
    await api.POST('/sites/{siteId}/domains', { params: { path: { siteId } }, body: { domain: `www.${siteId}` } });
    dns.failing(true);
    try {
      const answer = await api.POST('/sites/{siteId}/domains/{domain}/verify', { params: { path: { siteId, domain: `www.${siteId}` } } });
      expect(answer.response.status).toBe(502);
      expect(answer.error).toMatchObject({ code: 'DNS_FAILED' });
    } finally {
      dns.failing(false);
    }
  });
});

describe('deploys', () => {
  it('rolls back in one switch: visitors get the earlier deploy, whole, and its pinned files', async () => {
    const { api, siteId, host } = await liveSite('Rolling');
    const first = await visit(t.url, host, '/');
    await recolour(api, siteId, '#123456');
    const second = await publish(api, siteId);
    expect(second.deploy).toMatchObject({ number: 2, live: true });
    expect(second.deploy.changed).toBeGreaterThan(0);
    expect(second.deploy.changed).toBeLessThan(second.deploy.files);
    const now = await visit(t.url, host, '/');
    expect(now.headers['x-pagewright-deploy']).toBe('2');
    expect(now.text).toContain('<meta name="theme-color" content="#123456">');

    const { data: list } = await api.GET('/sites/{siteId}/deploys', { params: { path: { siteId } } });
    const one = list!.deploys.find((d) => d.number === 1)!;
    expect(list!.deploys.map((d) => [d.number, d.live])).toEqual([
      [2, true],
      [1, false],
    ]);
    const rolled = await api.POST('/sites/{siteId}/deploys/{deployId}/rollback', { params: { path: { siteId, deployId: one.id } } });
    expect(rolled.data).toMatchObject({ deploy: { number: 1, live: true }, url: `https://${host}/` });
    const back = await visit(t.url, host, '/');
    expect(back.body.equals(first.body)).toBe(true);
    expect(back.headers['x-pagewright-deploy']).toBe('1');
    // A page of deploy 2 still open in a browser gets its own files after the switch.
    for (const [, file, version] of now.text.matchAll(/(?:href|src)="(\/[^"?]+)\?v=([0-9a-f]{16})"/g)) {
      const answer = await visit(t.url, host, `${file}?v=${version}`);
      expect(answer.status).toBe(200);
      expect(crypto.createHash('sha256').update(answer.body).digest('hex')).toMatch(new RegExp(`^${version}`));
    }
    const missing = await api.POST('/sites/{siteId}/deploys/{deployId}/rollback', { params: { path: { siteId, deployId: 999_999 } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toMatchObject({ error: 'Deploy not found' });
    const events = await t.pw.deps.db('events').where({ key: 'rollbacks', site_id: siteId }).count('* as n').first();
    expect(Number(events!.n)).toBe(1);
  });

  it('keeps the last DEPLOYS_KEPT deploys and the live one; a file unchanged is stored once', async () => {
    const { api, siteId } = await liveSite('Kept');
    // Without the compile time in every page, a publish of the same document changes no file.
    await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { compile: { noTimestamp: true } } });
    await publish(api, siteId);
    const stored = () => fs.readdirSync(path.join(t.pw.deps.config.dataDir, 'files', 'hosting', siteId)).filter((f) => !f.endsWith('.tmp'));
    const afterFirst = stored().length;
    await publish(api, siteId);
    // The same document again: no new file at all.
    expect(stored().length).toBe(afterFirst);
    for (const colour of ['#333333', '#444444', '#555555']) {
      await recolour(api, siteId, colour);
      await publish(api, siteId);
    }
    const { data } = await api.GET('/sites/{siteId}/deploys', { params: { path: { siteId } } });
    expect(data!.deploys.map((d) => d.number)).toEqual([6, 5, 4]);
    // Files only the dropped deploys had are gone; those the kept ones use are there.
    const kept = new Set(stored());
    const manifests = (await t.pw.deps.db('deploys').where({ site_id: siteId }).pluck('manifest')) as string[];
    for (const m of manifests)
      for (const [, hash] of (JSON.parse(m) as { files: [string, string][] }).files) expect(kept.has(hash)).toBe(true);
    const referenced = new Set(manifests.flatMap((m) => (JSON.parse(m) as { files: [string, string][] }).files.map(([, h]) => h)));
    expect([...kept].filter((f) => !f.includes('.')).every((f) => referenced.has(f))).toBe(true);
  });

  it('serves a deploy whole when a publish finishing first dropped the deploy it shared files with', { timeout: 120_000 }, async () => {
    const { api } = await t.signup('Racing');
    const siteId = domain();
    const host = `www.${siteId}`;
    await siteWithPosts(api, siteId, 40);
    await publish(api, siteId);
    await verifyDomain(api, dns, siteId, host);
    await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { compile: { noTimestamp: true } } });
    // Deploys 2, 3 and 4 are kept (DEPLOYS_KEPT is 3); the posts' pages in amber are deploy 2's alone.
    for (const colour of ['#ffbf00', '#333333', '#444444']) {
      await recolour(api, siteId, colour);
      await publish(api, siteId);
    }
    // A publish in blue starts. While it builds, the site goes back to amber with 200 more posts, and
    // a second publish starts: it finds the first 40 posts' amber pages stored (deploy 2 has them) and
    // does not write them again. The first, with a fifth of the pages, commits first and drops deploy
    // 2 with the files only it held: the second's deploy must still be whole, in the storage itself.
    // The blue publish has read the document once it asks what the kept deploys hold (just before its build).
    await recolour(api, siteId, '#0000ff');
    const { deploys } = t.pw.services;
    const knownFiles = deploys.knownFiles.bind(deploys);
    let building = () => {};
    const blueBuilds = new Promise<void>((resolve) => (building = resolve));
    deploys.knownFiles = async (id) => {
      const known = await knownFiles(id);
      building();
      return known;
    };
    const blue = publish(api, siteId);
    await blueBuilds;
    deploys.knownFiles = knownFiles;
    await addPosts(api, siteId, 200, 41);
    await recolour(api, siteId, '#ffbf00');
    const amber = await publish(api, siteId);
    const first = await blue;
    expect([first.deploy.number, amber.deploy.number]).toEqual([5, 6]);
    expect(first.files.length).toBeLessThan(amber.files.length - 150);

    const live = await t.pw.deps.db('deploys').where({ site_id: siteId, number: 6 }).first<{ manifest: string }>('manifest');
    const files = (JSON.parse(live.manifest) as { files: [path: string, hash: string][] }).files;
    const stored = new Set(fs.readdirSync(path.join(t.pw.deps.config.dataDir, 'files', 'hosting', siteId)));
    expect(files.filter(([, hash]) => !stored.has(hash))).toEqual([]);
    for (const page of ['/', '/posts/post-1/', '/posts/post-40/', '/posts/post-240/']) {
      const answer = await visit(t.url, host, page);
      expect([page, answer.status, answer.headers['x-pagewright-deploy']]).toEqual([page, 200, '6']);
      expect(answer.text).toContain('<meta name="theme-color" content="#ffbf00">');
    }
  });

  it('stops serving a deleted site, and a removed domain at once', async () => {
    const { api, siteId, host } = await liveSite('Removed');
    expect((await visit(t.url, host, '/')).status).toBe(200);
    const before = await visit(t.url, host, '/');
    expect(before.text).toContain('<title>Removed');
    await api.DELETE('/sites/{siteId}/domains/{domain}', { params: { path: { siteId, domain: host } } });
    // The host is no site's any more: like any other host (no APP_HOSTS here), it gets the app.
    const after = await visit(t.url, host, '/');
    expect(after.text).not.toContain('<title>Removed');
    expect(after.text).toContain('<title>Pagewright</title>');
    const again = await liveSite('Deleted');
    const deleted = await again.api.DELETE('/sites/{siteId}', {
      params: { path: { siteId: again.siteId }, query: { confirm: again.siteId } },
    });
    expect(deleted.response.status).toBe(200);
    const gone = await visit(t.url, again.host, '/');
    expect(gone.text).not.toContain('<title>Deleted');
    expect(gone.text).toContain('<title>Pagewright</title>');
  });
});

describe('around a deploy', () => {
  it('tells the editors of the site of each publish and rollback, on the realtime channel', async () => {
    const { api, siteId, token } = await liveSite('Announcer');
    const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/api/realtime`);
    const messages: Record<string, unknown>[] = [];
    const waiting: (() => void)[] = [];
    socket.on('message', (raw) => {
      messages.push(JSON.parse(String(raw)) as Record<string, unknown>);
      for (const wake of waiting.splice(0)) wake();
    });
    const until = async (match: (m: Record<string, unknown>) => boolean) => {
      for (;;) {
        const found = messages.find(match);
        if (found) return found;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    };
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token }));
    await until((m) => m.type === 'ready');
    socket.send(JSON.stringify({ type: 'site.join', siteId }));
    await until((m) => m.type === 'site.presence');
    const second = await publish(api, siteId);
    expect(await until((m) => m.type === 'site.deploy')).toEqual({
      type: 'site.deploy',
      siteId,
      action: 'publish',
      by: { id: expect.any(Number), name: 'Announcer' },
      deploy: { id: second.deploy.id, number: 2 },
    });
    const { data } = await api.GET('/sites/{siteId}/deploys', { params: { path: { siteId } } });
    await api.POST('/sites/{siteId}/deploys/{deployId}/rollback', { params: { path: { siteId, deployId: data!.deploys[1]!.id } } });
    expect(await until((m) => m.type === 'site.deploy' && m.action === 'rollback')).toMatchObject({ deploy: { number: 1 } });
    socket.close();
  });

  it("takes a hosted page's form post at the forms endpoint", async () => {
    const { api, siteId, host } = await liveSite('Forms');
    const contact = await visit(t.url, host, '/contact/');
    expect(contact.status).toBe(200);
    const form = parse(contact.text).querySelector('form')!;
    const action = form.getAttribute('action')!;
    // The site's origin never answers the app's API: the form posts to the app's own address.
    expect(action).toBe(`${t.pw.deps.config.publicUrl}/api/sites/${siteId}/forms/contact`);
    const fields = new URLSearchParams();
    for (const control of form.querySelectorAll('input, textarea')) {
      const name = control.getAttribute('name');
      if (name && name !== '_gotcha') fields.append(name, name === 'email' ? 'visitor@example.com' : 'Hello from the live site');
    }
    const sent = await fetch(action, {
      method: 'POST',
      body: fields.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `https://${host}`, Referer: `https://${host}/contact/` },
    });
    expect(sent.status).toBeLessThan(400);
    expect(sent.headers.get('access-control-allow-origin')).toBe('*');
    const { data } = await api.GET('/sites/{siteId}/submissions', { params: { path: { siteId } } });
    expect(data!.total).toBe(1);
  });
});

describe('APP_HOSTS', () => {
  let named: TestServer;
  beforeAll(async () => {
    named = await startTestServer({ APP_HOSTS: 'app.pagewright.test', DNS_SERVER: dns.server, HOSTING_CNAME });
  });
  afterAll(() => named?.close());

  it('answers 404 to any other host that is no site, and the app at its own hosts', async () => {
    expect((await visit(named.url, 'app.pagewright.test', '/api/health')).status).toBe(200);
    expect((await visit(named.url, 'localhost', '/api/health')).status).toBe(200);
    const other = await visit(named.url, 'elsewhere.example.net', '/api/health');
    expect(other.status).toBe(404);
    expect(other.text).not.toContain('"status"');
    const { api } = await named.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Named', siteId, templateId: 'launch' } });
    const refused = await api.POST('/sites/{siteId}/domains', { params: { path: { siteId } }, body: { domain: 'app.pagewright.test' } });
    expect(refused.error).toMatchObject({ error: "This is the app's own address; a site cannot be served there" });
  });
});
