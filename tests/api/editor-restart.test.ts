import net from 'node:net';
import { basicAuth, createClient, SDK_VERSION } from '@pagewright/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutbox, memoryStorage } from '../../web/src/site/store/outbox.js';
import { serverProcesses } from '../support/server-process.js';

/**
 * Issue 29: the server restarts (SIGTERM, then start) during a run of edits. The edits go through the
 * editor's own outbox (web/src/site/store/outbox.ts), which resends what got no answer with the same
 * Idempotency-Key: no edit is lost, none is applied twice. The edits add components, which a second
 * application would show as one more. The server runs as production runs it, a built process of its own.
 */

const servers = await serverProcesses('restart', { run: 'build' });
const EDITS = 40;

afterAll(() => servers.close());

/** A port nobody listens on now, for a server that must come back at the same address. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const startServer = (port: number) => servers.start({ port });

describe('a server restart during a run of edits', () => {
  it('loses no edit and applies none twice', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let server = await startServer(port);

    const anonymous = createClient({ baseUrl: url, clientVersion: `sdk/${SDK_VERSION}` });
    const { data: session } = await anonymous.POST('/auth/signup', {
      body: { name: 'Rae Restart', email: 'rae@example.com', password: 'correct horse battery' },
    });
    const token = session!.token;
    const api = createClient({ baseUrl: url, token, clientVersion: `sdk/${SDK_VERSION}` });
    const siteId = 'restart.example.com';
    expect((await api.POST('/sites', { body: { name: 'Restart', siteId, templateId: 'launch' } })).response.status).toBe(201);
    const container = 'logos.content';
    const childrenOf = async () => {
      const { data } = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
      return data!.nodes![container]!.children;
    };
    const before = await childrenOf();

    let unreachable = false;
    const outbox = createOutbox({
      siteId,
      userId: () => session!.id,
      fetch: (request) => fetch(request),
      headers: () => ({ Authorization: basicAuth(token), 'X-Client-Version': `sdk/${SDK_VERSION}` }),
      storage: memoryStorage(),
      now: () => Date.now(),
      onStatus: (status) => {
        if (status.offline) unreachable = true;
      },
      onRestoredAnswer: () => undefined,
      onHeld: () => undefined,
      onDrained: () => undefined,
    });
    let answered = 0;
    let tenAnswered!: () => void;
    const ten = new Promise<void>((resolve) => (tenAnswered = resolve));
    const edits = Array.from({ length: EDITS }, (_, i) =>
      outbox
        .send(
          new Request(`${url}/api/sites/${siteId}/components`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ toContainer: container, type: 'text' }),
          }),
          Date.now(),
        )
        .then(async (response) => {
          if (++answered === 10) tenAnswered();
          return { i, status: response.status, id: ((await response.json()) as { id: string }).id };
        }),
    );

    // A quarter of the way in, the server is stopped as a service manager stops it, and started again.
    await ten;
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
    server = await startServer(port);

    const results = await Promise.all(edits);
    // Edits were sent while the server was down: the outbox had to wait for it.
    expect(unreachable).toBe(true);
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: EDITS }, () => 201));
    const after = await childrenOf();
    const added = after.filter((id) => !before.includes(id));
    // Every edit once: as many components as edits, each edit's own, in the order they were sent.
    expect(added).toHaveLength(EDITS);
    expect(added).toEqual(results.map((r) => r.id));
    const { data: site } = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    expect(site!.history.undo).toBe(EDITS);

    // An answer lost to the restart is answered again after it, from the database, and applies nothing.
    const key = 'lost-answer-0001';
    const add = () =>
      fetch(`${url}/api/sites/${siteId}/components`, {
        method: 'POST',
        headers: { Authorization: basicAuth(token), 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ toContainer: container, type: 'text' }),
      });
    const first = (await (await add()).json()) as { id: string };
    server.child.kill('SIGTERM');
    await server.exited;
    server = await startServer(port);
    const resent = await add();
    expect(resent.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await resent.json()) as { id: string }).id).toBe(first.id);
    expect((await childrenOf()).filter((id) => !before.includes(id))).toHaveLength(EDITS + 1);
    server.child.kill('SIGTERM');
    await server.exited;
  });
});
