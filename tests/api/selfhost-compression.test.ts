import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

// Compression (issue 17 item 2): the build's precompressed files served as they are, the API's JSON
// compressed on the way out. A web build in miniature, shaped like web/vite.config.ts writes it.
const APP = `export const app = ${JSON.stringify('Pagewright '.repeat(400))};\n`;
let dist: string;
let t: TestServer;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Pagewright</title><script type="module" src="/assets/app-1.js"></script>',
  );
  fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ build: 'test' }));
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js'), APP);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js.gz'), zlib.gzipSync(APP));
  fs.writeFileSync(path.join(dist, 'assets', 'app-1.js.br'), zlib.brotliCompressSync(APP));
  t = await startTestServer({ WEB_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** A GET with exactly this Accept-Encoding (fetch would add its own), answering the raw bytes. */
function get(url: string, acceptEncoding: string | null, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.get(
      url,
      { headers: { ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }), ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
  });
}

describe('the web app’s files', () => {
  it('are sent precompressed with brotli when the browser accepts it, with Vary and the script type', async () => {
    const answer = await get(`${t.url}/assets/app-1.js`, 'gzip, deflate, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers.vary).toContain('Accept-Encoding');
    expect(answer.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(answer.body).toString()).toBe(APP);
    expect(answer.body.length).toBe(fs.statSync(path.join(dist, 'assets', 'app-1.js.br')).size);
  });

  it('are sent gzipped to a client that knows only gzip, and as they are to one that asks for neither', async () => {
    const gzip = await get(`${t.url}/assets/app-1.js`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(APP);
    const plain = await get(`${t.url}/assets/app-1.js`, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP);
  });
});

describe('the API', () => {
  it('compresses its JSON for a client that accepts it', async () => {
    const plain = await get(`${t.url}/api/templates`, null);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await get(`${t.url}/api/templates`, 'br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(zlib.brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    const gzip = await get(`${t.url}/api/templates`, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('compresses a large answer whole (a site as the editor opens it), for gzip, deflate or brotli, with its length', async () => {
    const { session, api } = await t.signup();
    const siteId = `large-${Date.now()}.example.com`;
    await api.POST('/sites', { body: { name: 'Large', siteId, templateId: 'launch' } });
    const auth = { authorization: `Basic ${btoa(`${session.token}:`)}` };
    const url = `${t.url}/api/sites/${siteId}?expand=all`;
    const plain = await get(url, null, auth);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(64 * 1024); // past what is compressed on the server's own thread
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    const expected = JSON.parse(plain.body.toString()) as unknown;
    const decoders: Record<string, (body: Buffer) => Buffer> = {
      gzip: zlib.gunzipSync,
      deflate: zlib.inflateSync,
      br: zlib.brotliDecompressSync,
    };
    for (const [asked, encoding] of [
      ['gzip', 'gzip'],
      ['deflate', 'deflate'],
      ['gzip, deflate, br', 'br'],
    ] as const) {
      const answer = await get(url, asked, auth);
      expect(answer.headers['content-encoding'], asked).toBe(encoding);
      expect(answer.headers.vary, asked).toContain('Accept-Encoding');
      expect(Number(answer.headers['content-length']), asked).toBe(answer.body.length);
      expect(JSON.parse(decoders[encoding]!(answer.body).toString()), asked).toEqual(expected);
    }
    // A short answer is sent as it is.
    const short = await get(`${t.url}/api/user`, 'gzip, br', auth);
    expect(short.status).toBe(200);
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.body.length).toBeLessThan(1024);
  });

  it('sends a list page asked again in each encoding as it was made, and the next page after a write', async () => {
    const { session, api } = await t.signup();
    const siteId = `kept-${Date.now()}.example.com`;
    await api.POST('/sites', { body: { name: 'Kept', siteId, templateId: 'launch' } });
    const auth = { authorization: `Basic ${btoa(`${session.token}:`)}`, 'content-type': 'application/json' };
    const content = `${t.url}/api/sites/${siteId}/content`;
    const post = (url: string, body: unknown, method = 'POST') => fetch(url, { method, headers: auth, body: JSON.stringify(body) });
    await post(content, { id: 'notes', name: 'Notes' });
    await post(`${content}/notes/fields`, { name: 'title', type: 'text' });
    const items = Array.from({ length: 40 }, (_, i) => ({ title: `Note ${i + 1}: ${'words of a note '.repeat(4)}` }));
    expect((await post(`${content}/notes/import`, { items })).status).toBe(200);
    const url = `${content}/notes/items?sort=title&order=desc&limit=30`;
    const decoders: Record<string, (body: Buffer) => Buffer> = { gzip: zlib.gunzipSync, br: zlib.brotliDecompressSync };
    const pages = async () => {
      const plain = await get(url, null, auth);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const expected = JSON.parse(plain.body.toString()) as { items: { title: string }[]; total: number };
      for (const encoding of ['gzip', 'br', 'gzip', 'br']) {
        const answer = await get(url, encoding, auth);
        expect(answer.headers['content-encoding']).toBe(encoding);
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(JSON.parse(decoders[encoding]!(answer.body).toString())).toEqual(expected);
      }
      return expected;
    };
    const before = await pages();
    expect(before.total).toBe(40);
    expect(before.items[0]!.title).toMatch(/^Note 40:/);
    const response = await post(`${content}/notes/items/40`, { title: 'A changed note' }, 'PATCH');
    expect(response.status).toBe(200);
    const after = await pages();
    expect(after.items[0]!.title).toMatch(/^Note 39:/);
    expect(after.items.map((i) => i.title)).not.toContain('A changed note');
  });

  it('sends a byte range of a file as those bytes, never compressed', async () => {
    const { session, api } = await t.signup();
    const siteId = `zip-${Date.now()}.example.com`;
    await api.POST('/sites', { body: { name: 'Ranges', siteId, templateId: 'launch' } });
    const { data } = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId } } });
    const url = data!.download.url.replace(t.pw.deps.config.publicUrl, t.url);
    const whole = await get(url, 'gzip, br');
    expect(whole.headers['content-encoding']).toBeUndefined(); // a zip gains nothing from compression
    const csv = 'name,price\n'.repeat(300);
    const upload = new FormData();
    upload.append('file0', new Blob([csv], { type: 'text/csv' }), 'prices.csv');
    const response = await fetch(`${t.url}/api/sites/${siteId}/files`, {
      method: 'POST',
      headers: { authorization: `Basic ${btoa(`${session.token}:`)}` },
      body: upload,
    });
    const [file] = (await response.json()) as { url: string }[];
    const part = await get(`${t.url}${file!.url}`, 'gzip, br', { range: 'bytes=0-9' });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.toString()).toBe('name,price');
    const all = await get(`${t.url}${file!.url}`, 'gzip');
    expect(all.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(all.body).toString()).toBe(csv);
  });
});
