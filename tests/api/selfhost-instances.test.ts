import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseHistory, type PagewrightClient } from '@pagewright/sdk';
import { messages } from '../../server/src/core/messages.js';
import { fixtures, multipart } from '../support/files.js';
import { startInstance, type Instance } from '../support/instances.js';
import { S3_CREDENTIALS, startS3, type LocalS3 } from '../support/s3.js';
import { createPostgresDatabase } from '../support/server.js';
import { basic, domain } from '../support/team.js';

// Several instances (issue 17 item 4): two server processes on one database, one S3 store (s3rver) and,
// with REDIS_URL, one Redis. On PostgreSQL with Redis (CI's second run) every check runs; on SQLite the
// two processes share the database file, and what needs Redis (live edits, rate limits) is left out.
const REDIS_URL = process.env.REDIS_URL;
const LOGIN_LIMIT = 3;

let s3: LocalS3;
let pg: Awaited<ReturnType<typeof createPostgresDatabase>> | null = null;
let a: Instance;
let b: Instance;
let admin: { token: string };
const folders: string[] = [];

beforeAll(async () => {
  s3 = await startS3(['shared']);
  pg = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
  const sqliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-instances-'));
  folders.push(sqliteDir);
  const env = (): Record<string, string> => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-instance-'));
    folders.push(own);
    return {
      // With PostgreSQL each instance has a folder of its own: nothing may depend on it.
      DATA_DIR: pg ? own : sqliteDir,
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      ...(REDIS_URL ? { REDIS_URL } : {}),
      STORAGE_URL: s3.storageUrl('shared', 'instances'),
      ...S3_CREDENTIALS,
      SECRET_KEY: crypto.randomBytes(32).toString('hex'),
      RATE_LIMIT_LOGIN_ACCOUNT: String(LOGIN_LIMIT),
    };
  };
  const shared = env();
  a = await startInstance(shared); // migrates first, so the two never race for the migration lock
  b = await startInstance({ ...shared, DATA_DIR: pg ? env().DATA_DIR! : sqliteDir });
  // The first account of the instance is its admin.
  admin = (await signup(a, 'Admin')).session;
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await pg?.drop();
  await s3?.close();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function signup(on: Instance, name: string) {
  const email = `${name.toLowerCase()}-${crypto.randomBytes(4).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const { data, error } = await on.client().POST('/auth/signup', { body: { name, email, password } });
  if (!data) throw new Error(JSON.stringify(error));
  return { session: data, email, password };
}

/** A site and one of its text components, made through `on`. */
async function siteWithText(api: PagewrightClient) {
  const siteId = domain();
  await api.POST('/sites', { body: { name: 'Shared', siteId, templateId: 'launch' } });
  const doc = (await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } })).data!;
  const text = Object.values(doc.nodes!).find((n) => n.type === 'heading' || n.type === 'paragraph')!;
  return { siteId, componentId: text.id };
}

const valueOf = async (api: PagewrightClient, siteId: string, componentId: string) =>
  (await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } })).data!.nodes![componentId]!.data.value;

describe('two instances on one database and one S3 store', () => {
  it('accept on one a session made on the other', async () => {
    const { session } = await signup(a, 'Session');
    const me = await b.client(session.token).GET('/user');
    expect(me.response.status).toBe(200);
    expect(me.data!.email).toBe(session.email);
  });

  it('serve through one an upload made through the other', async () => {
    const { session } = await signup(a, 'Uploader');
    const siteId = domain();
    await a.client(session.token).POST('/sites', { body: { name: 'Files', siteId, templateId: 'launch' } });
    const { body, contentType } = multipart([{ field: 'file0', filename: 'photo.png', data: await fixtures.png(300, 200) }]);
    const uploaded = await fetch(`${a.url}/api/sites/${siteId}/files`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: basic(session.token) },
      body,
    });
    expect(uploaded.status).toBe(201);
    const [file] = (await uploaded.json()) as { url: string }[];
    const served = await fetch(`${b.url}${file!.url}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(await fixtures.png(300, 200))).toBe(true);
  });

  it('land two concurrent edits of one component through both in the history, in some order, none lost', async () => {
    const { session } = await signup(a, 'Editor');
    const viaA = a.client(session.token);
    const viaB = b.client(session.token);
    const { siteId, componentId } = await siteWithText(viaA);
    const original = await valueOf(viaA, siteId, componentId);
    const path = { siteId, componentId };
    const [fromA, fromB] = await Promise.all([
      viaA.PATCH('/sites/{siteId}/components/{componentId}', { params: { path }, body: { data: { value: 'Written through A' } } }),
      viaB.PATCH('/sites/{siteId}/components/{componentId}', { params: { path }, body: { data: { value: 'Written through B' } } }),
    ]);
    expect([fromA.response.status, fromB.response.status]).toEqual([200, 200]);
    const undos = [fromA, fromB].map((r) => parseHistory(r.response.headers.get('X-History'))!.undo).sort();
    expect(undos[1]).toBe(undos[0]! + 1); // one after the other, each on top of the other's history
    const last = await valueOf(viaB, siteId, componentId);
    expect(['Written through A', 'Written through B']).toContain(last);
    // Undoing walks back through both: the other edit, then the value before either.
    await viaA.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect(await valueOf(viaB, siteId, componentId)).toBe(last === 'Written through A' ? 'Written through B' : 'Written through A');
    await viaB.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect(await valueOf(viaA, siteId, componentId)).toEqual(original);
  });

  it('report every shared dependency in their health checks', async () => {
    for (const instance of [a, b]) {
      const health = (await (await fetch(`${instance.url}/api/health`)).json()) as { status: string; checks: Record<string, string> };
      expect(health).toMatchObject({ status: 'ok', checks: { database: 'ok', storage: 'ok', ...(REDIS_URL ? { redis: 'ok' } : {}) } });
      expect(Object.keys(health.checks).sort()).toEqual(REDIS_URL ? ['database', 'redis', 'storage'] : ['database', 'storage']);
    }
  });
});

if (REDIS_URL) {
  describe('two instances with one Redis', () => {
    it('bring an edit made on one to a socket connected to the other within a second', async () => {
      const { session } = await signup(a, 'Live');
      const { siteId, componentId } = await siteWithText(a.client(session.token));
      const socket = await channel(b, session.token);
      socket.send({ type: 'site.join', siteId });
      await socket.until((m) => m.type === 'site.presence');
      await a.client(session.token).PATCH('/sites/{siteId}/components/{componentId}', {
        params: { path: { siteId, componentId } },
        body: { data: { value: 'Seen everywhere' } },
      });
      expect(await socket.until((m) => m.type === 'site.edit', 1000)).toMatchObject({ type: 'site.edit', siteId });
      socket.close();
    });

    it('share the rate limits: failed sign-ins on both count against one limit', async () => {
      const { email } = await signup(a, 'Limited');
      const attempt = (on: Instance) => on.client().POST('/auth/login', { body: { email, password: 'wrong password' } });
      for (let i = 0; i < LOGIN_LIMIT; i++) expect((await attempt(i % 2 ? b : a)).response.status).toBe(401);
      expect((await attempt(b)).response.status).toBe(429);
      expect((await attempt(a)).response.status).toBe(429);
    });

    it('close a suspended user’s socket on the other instance at once', async () => {
      const { session } = await signup(b, 'Suspended');
      const socket = await channel(b, session.token);
      await a.client(admin.token).PATCH('/admin/users/{userId}', { params: { path: { userId: session.id } }, body: { suspended: true } });
      expect(await socket.closed).toBe(4401);
      const login = await b.client().POST('/auth/login', { body: { email: session.email, password: 'correct horse battery' } });
      expect(login.error).toMatchObject({ error: messages.accountSuspended });
    });
  });
}

type Message = Record<string, unknown>;

async function channel(on: Instance, token: string) {
  const socket = new WebSocket(`${on.url.replace(/^http/, 'ws')}/api/realtime`);
  const seen: Message[] = [];
  const listeners = new Set<() => void>();
  socket.on('message', (raw) => {
    seen.push(JSON.parse(String(raw)) as Message);
    for (const listener of listeners) listener();
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const until = (match: (m: Message) => boolean, ms = 5000) =>
    new Promise<Message>((resolve, reject) => {
      const check = () => {
        const index = seen.findIndex(match);
        if (index < 0) return;
        const [found] = seen.splice(0, index + 1).slice(-1);
        listeners.delete(check);
        clearTimeout(timer);
        resolve(found!);
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no matching message within ${ms} ms`));
      }, ms);
      listeners.add(check);
      check();
    });
  socket.send(JSON.stringify({ type: 'auth', token }));
  await until((m) => m.type === 'ready');
  return { send: (m: Message) => socket.send(JSON.stringify(m)), until, closed, close: () => socket.close() };
}
