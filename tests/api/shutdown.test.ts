import http from 'node:http';
import { createClient, SDK_VERSION } from '@pagewright/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { serverProcesses } from '../support/server-process.js';
import { readZip } from '../support/zip.js';

// The server as production runs it: built by server/build.mjs and started as `node <build>/main.js`, a
// process of its own that the test sends stop signals to.
const servers = await serverProcesses('stop', { run: 'build' });
const startServer = () => servers.start();
const ITEMS = 5000;

afterAll(() => servers.close());

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Item ${i + 1}`, slug: `item-${i + 1}`, views: i + 1 }));

/** A signed-in user with a site and an empty collection `posts`. */
async function setUp(url: string, email: string) {
  const api = createClient({ baseUrl: url, clientVersion: `sdk/${SDK_VERSION}` });
  const { data: session } = await api.POST('/auth/signup', { body: { name: 'Operator', email, password: 'correct horse battery' } });
  const token = session!.token;
  const client = createClient({ baseUrl: url, token, clientVersion: `sdk/${SDK_VERSION}` });
  const siteId = `${email.split('@')[0]}.example.com`;
  expect((await client.POST('/sites', { body: { name: 'Stop test', siteId, templateId: 'launch' } })).response.status).toBe(201);
  expect(
    (await client.POST('/sites/{siteId}/content', { params: { path: { siteId } }, body: { id: 'posts', name: 'Posts' } })).response.ok,
  ).toBe(true);
  for (const field of [
    { name: 'title', type: 'text' },
    { name: 'slug', type: 'text' },
    { name: 'views', type: 'number' },
  ] as const) {
    const { response } = await client.POST('/sites/{siteId}/content/{collection}/fields', {
      params: { path: { siteId, collection: 'posts' } },
      body: field,
    });
    expect(response.ok).toBe(true);
  }
  return { token, siteId };
}

async function itemCount(url: string, token: string, siteId: string): Promise<number> {
  const client = createClient({ baseUrl: url, token, clientVersion: `sdk/${SDK_VERSION}` });
  const { data } = await client.GET('/sites/{siteId}/content/{collection}/items', {
    params: { path: { siteId, collection: 'posts' }, query: { limit: 1 } },
  });
  return data!.total;
}

/**
 * Starts a bulk import and resolves once the server has read its headers (it answered `100 Continue`):
 * from then on the request is one the server has under way. `send()` writes the items (`sendHalf()`
 * the first half of them); `answer`
 * settles with the server's answer, or 'cut' when the connection ended without one.
 */
function startImport(url: string, token: string, siteId: string) {
  const body = JSON.stringify({ items: rows(ITEMS) });
  const request = http.request(`${url}/api/sites/${siteId}/content/posts/import`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'X-Client-Version': `sdk/${SDK_VERSION}`,
      Expect: '100-continue',
    },
  });
  const answer = new Promise<{ status: number; connection: string | undefined; body: Record<string, unknown> } | 'cut'>((resolve) => {
    request.once('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.once('end', () =>
        resolve({
          status: response.statusCode!,
          connection: response.headers.connection,
          body: JSON.parse(text) as Record<string, unknown>,
        }),
      );
      response.once('error', () => resolve('cut'));
    });
    request.once('error', () => resolve('cut'));
  });
  const accepted = new Promise<void>((resolve) => request.once('continue', () => resolve()));
  request.flushHeaders();
  const half = Math.floor(body.length / 2);
  return { accepted, answer, send: () => request.end(body), sendHalf: () => request.write(body.slice(0, half)) };
}

/** A WebSocket on the realtime channel, signed in; resolves with how the server closed it. */
async function openChannel(url: string, token: string) {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/api/realtime`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (data: Buffer) => {
      if ((JSON.parse(data.toString()) as { type?: string }).type === 'ready') resolve();
    });
    socket.once('error', reject);
  });
  return { closed };
}

describe('publishing from the built server', () => {
  it(
    'compiles in its compile thread: the zip holds every page and item page, and the idle thread does not keep SIGTERM from exiting',
    { timeout: 120_000 },
    async () => {
      const server = await startServer();
      const { token, siteId } = await setUp(server.url, 'publisher@example.com');
      const client = createClient({ baseUrl: server.url, token, clientVersion: `sdk/${SDK_VERSION}` });
      // An item page for each post, so the thread renders more than the template's pages.
      const { data: page } = await client.POST('/sites/{siteId}/pages', {
        params: { path: { siteId } },
        body: { name: 'Posts', content: 'posts' },
      });
      expect(page).toBeTruthy();
      await client.POST('/sites/{siteId}/content/{collection}/import', {
        params: { path: { siteId, collection: 'posts' } },
        body: { items: rows(30) },
      });

      const { data, response } = await client.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
      expect(response.status).toBe(200);
      const zip = await readZip(Buffer.from(await (await fetch(data!.download.url)).arrayBuffer()));
      expect(zip.get('index.html')?.toString()).toContain('<html');
      expect(zip.get('posts/item-30/index.html')?.toString()).toContain('<html');
      expect(data!.files.map((f) => f.path)).toEqual([...zip.keys()].sort((a, b) => a.localeCompare(b)));

      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
  );
});

describe('stopping the server', () => {
  it(
    'on SIGTERM refuses new connections, closes WebSockets with a reason, lets a bulk import under way finish and be answered, then exits 0',
    { timeout: 120_000 },
    async () => {
      let server = await startServer();
      const { token, siteId } = await setUp(server.url, 'drain@example.com');
      const channel = await openChannel(server.url, token);
      const bulk = startImport(server.url, token, siteId);
      await bulk.accepted;

      server.child.kill('SIGTERM');
      const stopping = await server.logged('stopping: no new connections; letting the requests under way finish');
      expect(stopping).toMatchObject({ signal: 'SIGTERM', inFlight: 1 });
      // Nobody new gets in…
      await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
      // …open editors are told why their channel closed…
      expect(await channel.closed).toEqual({ code: 1001, reason: 'Server shutting down' });
      // …and the import whose headers had arrived is read, written and answered, on a connection that then closes.
      bulk.send();
      const answer = await bulk.answer;
      expect(answer).toMatchObject({ status: 200, connection: 'close', body: { created: ITEMS } });
      expect(await server.exited).toEqual({ code: 0, signal: null });
      await server.logged('stopped');

      // The import is all there after a restart.
      server = await startServer();
      expect(await itemCount(server.url, token, siteId)).toBe(ITEMS);
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
    },
  );

  it('on a second signal exits at once, and the import it cut off half-read is not there at all', { timeout: 120_000 }, async () => {
    let server = await startServer();
    const { token, siteId } = await setUp(server.url, 'impatient@example.com');
    const bulk = startImport(server.url, token, siteId);
    await bulk.accepted;
    bulk.sendHalf();

    server.child.kill('SIGTERM');
    await server.logged('stopping: no new connections; letting the requests under way finish');
    // The operator does not wait for the import still arriving: Ctrl-C.
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 130, signal: null });
    expect(await bulk.answer).toBe('cut');

    server = await startServer();
    expect(await itemCount(server.url, token, siteId)).toBe(0);
    server.child.kill('SIGINT');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
