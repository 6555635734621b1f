import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublic, FetchRefused } from '../../server/src/engines/publicFetch.js';
import { fixtures } from '../support/files.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { basic, domain } from '../support/team.js';

/** A local HTTP server that counts its requests; `handler` answers them. */
async function serve(handler: http.RequestListener) {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.headers.host}${req.url}`);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    server,
    port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let png: Buffer;
let jpeg: Buffer;
/** The "internet": the one origin URL import is allowed to reach (IMPORT_ALLOW_PRIVATE). */
let origin: Awaited<ReturnType<typeof serve>>;
/** Something on the server's own network that must never be reached. */
let internal: Awaited<ReturnType<typeof serve>>;
/** A stand-in for api.unsplash.com. */
let unsplash: Awaited<ReturnType<typeof serve>>;
let t: TestServer;
let bare: TestServer;
let checked: typeof fetch;

beforeAll(async () => {
  png = await fixtures.png();
  jpeg = await fixtures.jpeg();
  internal = await serve((_req, res) => res.end('internal secret'));
  origin = await serve((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.pathname === '/photo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (url.pathname === '/photo-1501785888041') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg);
    if (url.pathname === '/cat.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(fixtures.html());
    if (url.pathname === '/redirect') return res.writeHead(302, { location: url.searchParams.get('to')! }).end();
    if (url.pathname === '/big') {
      // No Content-Length: the size is only known while reading.
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 40; i++) res.write(Buffer.alloc(64 * 1024, 'a'));
      return res.end();
    }
    if (url.pathname === '/declared-big') return res.writeHead(200, { 'content-length': String(3_000_000) }).end();
    res.writeHead(404).end();
  });
  unsplash = await serve((req, res) => {
    const url = new URL(req.url!, 'http://x');
    if (url.searchParams.get('query') === 'fail') return res.writeHead(500).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        total: 1,
        total_pages: 1,
        results: [
          {
            id: 'Dwu85P9SOIk',
            slug: 'mountain-lake',
            width: 6000,
            height: 4000,
            color: '#0c2626',
            blur_hash: 'LFC$yHwc8^$yIAS$%M%00KxukYIp',
            description: null,
            alt_description: 'a lake between mountains',
            urls: { raw: `https://images.unsplash.com/photo-1501785888041?ixid=abc&ixlib=rb-4.0.3` },
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
  bare = await startTestServer();
  checked = contractFetch(t.url);
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await Promise.all([origin.close(), internal.close(), unsplash.close()]);
});

async function ownSite() {
  const { session, api } = await t.signup();
  const siteId = domain();
  await api.POST('/sites', { body: { name: 'Imports', siteId, templateId: 'launch' } });
  return { token: session.token, siteId };
}

async function importUrl(token: string | null, siteId: string, body: unknown) {
  const response = await checked(`${t.url}/api/sites/${siteId}/files/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: basic(token) } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function expectNothingStored(siteId: string) {
  expect(await t.pw.deps.db('assets').where({ site_id: siteId })).toEqual([]);
  expect(fs.existsSync(path.join(t.pw.deps.config.dataDir, 'files', 'assets', siteId))).toBe(false);
}

describe('importing from a URL', () => {
  it('stores a downloaded image under the name of its URL, or the one given', async () => {
    const { token, siteId } = await ownSite();
    const base = `http://127.0.0.1:${origin.port}`;
    const first = await importUrl(token, siteId, { url: `${base}/photo.png` });
    expect(first).toMatchObject({ status: 201, body: { name: 'photo.png', kind: 'image', mime: 'image/png', size: png.length } });
    expect(Buffer.from(await (await fetch(`${t.url}${first.body.url}`)).arrayBuffer())).toEqual(png);
    // A stock photo's address has no extension: the type found gives it one.
    const named = await importUrl(token, siteId, { url: `${base}/photo-1501785888041?ixid=abc&w=1200`, filename: 'Mountain lake' });
    expect(named.body).toMatchObject({ name: 'Mountain lake.jpg', mime: 'image/jpeg' });
    const derived = await importUrl(token, siteId, { url: `${base}/photo-1501785888041?w=300` });
    expect(derived.body.name).toBe('photo-1501785888041.jpg');
    const redirected = await importUrl(token, siteId, { url: `${base}/redirect?to=/photo.png`, filename: 'moved.png' });
    expect(redirected).toMatchObject({ status: 201, body: { name: 'moved.png' } });
    expect(await importUrl(token, siteId, { url: `${base}/photo.png` })).toMatchObject({
      status: 409,
      body: { error: 'File already exists', info: { field: 'filename' } },
    });
    expect((await importUrl(token, siteId, { url: `${base}/photo.png`, overwrite: true })).status).toBe(201);
  });

  it.each([
    ['loopback 127.0.0.1', () => `http://127.0.0.1:${internal.port}/secret`],
    ['loopback [::1]', () => `http://[::1]:${internal.port}/secret`],
    ['IPv4-mapped [::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${internal.port}/secret`],
    ['localhost by name', () => `http://localhost:${internal.port}/secret`],
    ['the unspecified 0.0.0.0', () => `http://0.0.0.0:${internal.port}/secret`],
    ['cloud metadata 169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/'],
    ['private 10.x', () => 'http://10.0.0.8/x.png'],
    ['private 192.168.x', () => 'http://192.168.1.20/x.png'],
    ['private 172.16.x', () => 'https://172.16.4.4/x.png'],
    [
      'an allowed host redirecting to loopback',
      () => `http://127.0.0.1:${origin.port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${internal.port}/secret`)}`,
    ],
    [
      'an allowed host redirecting to [::1]',
      () => `http://127.0.0.1:${origin.port}/redirect?to=${encodeURIComponent(`http://[::1]:${internal.port}/secret`)}`,
    ],
    [
      'an allowed host redirecting to 169.254.169.254',
      () => `http://127.0.0.1:${origin.port}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`,
    ],
    [
      'an allowed host redirecting to 10.x',
      () => `http://127.0.0.1:${origin.port}/redirect?to=${encodeURIComponent('http://10.1.1.1/x.png')}`,
    ],
  ])('refuses %s with 400 and stores nothing', async (_label, url) => {
    const { token, siteId } = await ownSite();
    const { status, body } = await importUrl(token, siteId, { url: url(), filename: 'x.png' });
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'ADDRESS_NOT_PUBLIC',
      error: 'The address must be a public address, not a loopback, private or link-local one',
      info: { field: 'url' },
    });
    expect(internal.hits).toEqual([]);
    await expectNothingStored(siteId);
  });

  it.each([
    [{ url: 'ftp://example.com/x.png' }, 'url', 'Enter an http or https address'],
    [{ url: 'file:///etc/passwd' }, 'url', 'Enter an http or https address'],
    [{ url: 'javascript:alert(1)' }, 'url', 'Enter an http or https address'],
    [{ url: 'not a url' }, 'url', 'Enter an http or https address'],
    [{}, 'url', 'Enter an http or https address'],
    [{ url: 'https://example.com/x.png', filename: '../x.png' }, 'filename', 'FILE_NAME'],
    [{ url: 'https://example.com/x.png', filename: '..%2fx.png' }, 'filename', 'FILE_NAME'],
    [{ url: 'https://example.com/x.png', filename: '/etc/x.png' }, 'filename', 'FILE_NAME'],
    [{ url: 'https://example.com/x.png', overwrite: 'yes' }, 'overwrite', 'overwrite must be true or false'],
  ])('refuses %j before fetching anything', async (body, field, message) => {
    const { token, siteId } = await ownSite();
    const hits = origin.hits.length;
    const answer = await importUrl(token, siteId, body);
    expect(answer.status).toBe(400);
    expect(answer.body.info.field).toBe(field);
    expect([answer.body.error, answer.body.code]).toContain(message);
    expect(origin.hits.length).toBe(hits);
    await expectNothingStored(siteId);
  });

  it('stops reading past 2 MB, whether or not the size was declared', async () => {
    const { token, siteId } = await ownSite();
    for (const url of ['/big', '/declared-big']) {
      const answer = await importUrl(token, siteId, { url: `http://127.0.0.1:${origin.port}${url}`, filename: 'big.txt' });
      expect(answer).toMatchObject({ status: 413, body: { error: 'File size exceeds max upload size', info: { field: 'url' } } });
    }
    await expectNothingStored(siteId);
  });

  it('judges the download by its content: an HTML page served as cat.png is refused', async () => {
    const { token, siteId } = await ownSite();
    const answer = await importUrl(token, siteId, { url: `http://127.0.0.1:${origin.port}/cat.png` });
    expect(answer).toMatchObject({
      status: 400,
      body: { error: "The file's content does not match its name", info: { field: 'filename' } },
    });
    await expectNothingStored(siteId);
  });

  it('answers 502 when the remote answers an error', async () => {
    const { token, siteId } = await ownSite();
    const answer = await importUrl(token, siteId, { url: `http://127.0.0.1:${origin.port}/missing.png` });
    expect(answer).toMatchObject({ status: 502, body: { code: 'IMPORT_FAILED', error: 'The file could not be downloaded' } });
    await expectNothingStored(siteId);
  });
});

describe('the import fetcher', () => {
  const options = () => ({ maxBytes: 1_000_000, allow: [`127.0.0.1:${origin.port}`] });

  it('resolves a host once and connects to the address it checked, whatever DNS says later', async () => {
    const asked: string[] = [];
    const answers = [[{ address: '127.0.0.1', family: 4 }], [{ address: '10.9.9.9', family: 4 }]];
    const fetched = await fetchPublic(`http://rebinding.example:${origin.port}/photo.png`, {
      ...options(),
      resolve: async (host) => {
        asked.push(host);
        return answers.shift()!;
      },
    });
    expect(asked).toEqual(['rebinding.example']);
    expect(fetched.data).toEqual(png);
    expect(origin.hits.at(-1)).toBe(`rebinding.example:${origin.port}/photo.png`);
  });

  it('refuses a host with any private address among its answers, and re-checks each redirect', async () => {
    const mixed = fetchPublic('http://mixed.example/x.png', {
      ...options(),
      resolve: async () => [
        { address: '93.184.215.14', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    await expect(mixed).rejects.toMatchObject({ reason: 'private' });
    const hop = fetchPublic(`http://127.0.0.1:${origin.port}/redirect?to=http://inside.example/`, {
      ...options(),
      resolve: async () => [{ address: '192.168.0.9', family: 4 }],
    });
    await expect(hop).rejects.toBeInstanceOf(FetchRefused);
    await expect(hop).rejects.toMatchObject({ reason: 'private' });
  });

  it('gives up past the redirect limit', async () => {
    const loop = `http://127.0.0.1:${origin.port}/redirect?to=${encodeURIComponent(`/redirect?to=/redirect%3Fto%3D/redirect`)}`;
    await expect(fetchPublic(loop, { ...options(), maxRedirects: 1 })).rejects.toMatchObject({ reason: 'redirects' });
  });
});

describe('stock photos', () => {
  it('searches Unsplash with the access key and answers image URLs carrying name, user, color, blur_hash, w and h', async () => {
    const { api } = await t.signup();
    const { data, response } = await api.GET('/assets/unsplash', { params: { query: { search: 'mountain lake' } } });
    expect(response.status).toBe(200);
    expect(data).toHaveLength(1);
    const url = new URL(data![0]!);
    expect(`${url.origin}${url.pathname}`).toBe('https://images.unsplash.com/photo-1501785888041');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      ixid: 'abc',
      ixlib: 'rb-4.0.3',
      name: 'a lake between mountains',
      user: 'Ada Photographer',
      color: '#0c2626',
      blur_hash: 'LFC$yHwc8^$yIAS$%M%00KxukYIp',
      w: '6000',
      h: '4000',
    });
    const asked = new URL(`http://x/${unsplash.hits.at(-1)!.split('/').slice(1).join('/')}`);
    expect([asked.pathname, asked.searchParams.get('query')]).toEqual(['/search/photos', 'mountain lake']);
  });

  it('sends the access key as Client-ID', async () => {
    const seen: string[] = [];
    unsplash.server.prependListener('request', (req) => seen.push(String(req.headers.authorization)));
    const { api } = await t.signup();
    await api.GET('/assets/unsplash', { params: { query: { search: 'forest' } } });
    expect(seen).toContain('Client-ID test-access-key');
  });

  it('wants 3 characters and a signed-in user, and answers 502 when Unsplash fails', async () => {
    const { api } = await t.signup();
    expect((await api.GET('/assets/unsplash', { params: { query: { search: 'ab' } } })).error).toMatchObject({
      status: 400,
      error: 'Search for at least 3 characters',
      info: { field: 'search' },
    });
    expect((await t.client().GET('/assets/unsplash', { params: { query: { search: 'mountain' } } })).response.status).toBe(401);
    expect((await api.GET('/assets/unsplash', { params: { query: { search: 'fail' } } })).error).toMatchObject({
      status: 502,
      code: 'STOCK_FAILED',
    });
  });

  it('says clearly that stock photos are off when UNSPLASH_ACCESS_KEY is unset', async () => {
    const { api } = await bare.signup();
    const { error, response } = await api.GET('/assets/unsplash', { params: { query: { search: 'mountain' } } });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ code: 'STOCK_NOT_CONFIGURED', error: 'Stock photos are not configured on this server' });
  });
});
