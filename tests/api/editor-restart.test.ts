import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { basicAuth, createClient, SDK_VERSION } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox, memoryStorage } from '../../web/src/site/store/outbox.js';
import { createPostgresDatabase } from '../support/server.js';

/**
 * Issue 29: the server restarts (SIGTERM, then start) during a run of edits. The edits go through the
 * editor's own outbox (web/src/site/store/outbox.ts), which resends what got no answer with the same
 * Idempotency-Key: no edit is lost, none is applied twice. The edits add components, which a second
 * application would show as one more. The server runs as production runs it, a built process of its own.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const build = path.join(root, 'server', `.test-build-restart-${process.pid}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-restart-'));
const pg = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
const children = new Set<ChildProcess>();
const EDITS = 40;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'server', 'build.mjs'), '--outdir', build], { stdio: 'pipe' });
}, 120_000);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(build, { recursive: true, force: true });
});

/** A port nobody listens on now, for a server that must come back at the same address. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  exited: Promise<number | null>;
}

function startServer(port: number): Promise<Running> {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ARGON2_MEMORY_KIB: '4096',
    ARGON2_TIME_COST: '1',
    ...(pg ? { DATABASE_URL: pg.url } : { DATABASE_URL: '' }),
  };
  const child = spawn(process.execPath, [path.join(build, 'main.js')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  let out = '';
  return new Promise((resolve, reject) => {
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      if (/running at http:\/\/\S+/.test(out)) resolve({ child, exited });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    void exited.then((code) => reject(new Error(`the server exited with ${code} before it was running:\n${out}`)));
  });
}

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
    expect(await server.exited).toBe(0);
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
