import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createMemoryBus, createRedisBus } from '../../server/src/engines/realtime.js';
import { SiteRooms } from '../../server/src/engines/site-rooms.js';
import { parseHistory } from '@pagewright/sdk';
import { startTestServer, type TestServer } from '../support/server.js';
import { teamSite } from '../support/editor.js';
import { createSite } from '../support/siteDoc.js';

// The editor's site channels on /api/realtime: presence and edits. In memory one instance serves
// everyone; with REDIS_URL (CI sets it) a second instance shares the database and Redis, and the
// owner and the collaborator connect to different instances.
const REDIS_URL = process.env.REDIS_URL;

type Message = Record<string, unknown>;

/** A realtime socket: messages queue up until a test asks for them. */
interface Channel {
  send(message: unknown): void;
  sendRaw(data: string): void;
  /** The next message, whatever it is. */
  next(ms?: number): Promise<Message>;
  /** Skips messages until one matches (a presence list settles through intermediate ones). */
  until(match: (message: Message) => boolean, ms?: number): Promise<Message>;
  closed: Promise<number>;
  close(): Promise<void>;
}

const open: Channel[] = [];

async function connect(server: TestServer, token: string): Promise<Channel> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/realtime`);
  const queue: Message[] = [];
  const waiting: ((message: Message) => void)[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Message;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  const next = (ms = 5000) =>
    new Promise<Message>((resolve, reject) => {
      const queued = queue.shift();
      if (queued) return resolve(queued);
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(take), 1);
        reject(new Error(`no message within ${ms} ms`));
      }, ms);
      const take = (message: Message) => {
        clearTimeout(timer);
        resolve(message);
      };
      waiting.push(take);
    });
  const channel: Channel = {
    send: (message) => socket.send(JSON.stringify(message)),
    sendRaw: (data) => socket.send(data),
    next,
    async until(match, ms = 5000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const message = await next(Math.max(1, deadline - Date.now()));
        if (match(message)) return message;
      }
    },
    closed,
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
  open.push(channel);
  channel.send({ type: 'auth', token });
  expect(await channel.next()).toEqual({ type: 'ready' });
  return channel;
}

const presence = (siteId: string, count: number) => (m: Message) =>
  m.type === 'site.presence' && m.siteId === siteId && (m.users as unknown[]).length === count;
const edit = (siteId: string) => (m: Message) => m.type === 'site.edit' && m.siteId === siteId;

interface Backend {
  name: string;
  /** Two instances: the same one in memory, two sharing one database and one Redis otherwise. */
  start(): Promise<[TestServer, TestServer]>;
}

const backends: Backend[] = [
  {
    name: 'in memory',
    async start() {
      const t = await startTestServer();
      return [t, t];
    },
  },
  ...(REDIS_URL
    ? [
        {
          name: 'Redis, two instances',
          async start(): Promise<[TestServer, TestServer]> {
            const a = await startTestServer({ REDIS_URL });
            const config = a.pw.deps.config;
            const b = await startTestServer({
              REDIS_URL,
              DATA_DIR: config.dataDir,
              ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
            });
            return [a, b];
          },
        },
      ]
    : []),
];

describe.each(backends)('site channels on the realtime socket ($name)', (backend) => {
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    [a, b] = await backend.start();
  });
  afterAll(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    if (b !== a) await b?.close();
    await a?.close();
  });

  it('shows the owner and the collaborator to each other, once each however many tabs, with their selection', async () => {
    const { owner, guest, siteId } = await teamSite(a);
    const ownerSocket = await connect(a, owner.session.token);
    const guestSocket = await connect(b, guest.session.token);
    // The list is in the order people joined: the owner first, then (once in) the guest.
    ownerSocket.send({ type: 'site.join', siteId });
    await ownerSocket.until(presence(siteId, 1));
    guestSocket.send({ type: 'site.join', siteId });

    const expected = [
      { id: owner.session.id, name: 'Owner', email: owner.session.email, selection: null },
      { id: guest.session.id, name: 'Guest', email: guest.session.email, selection: null },
    ];
    const seenByOwner = await ownerSocket.until(presence(siteId, 2));
    const seenByGuest = await guestSocket.until(presence(siteId, 2));
    expect(seenByOwner.users).toEqual(expected);
    expect(seenByGuest.users).toEqual(expected);

    // A second tab of the owner, on the other instance: still two users.
    const secondTab = await connect(b, owner.session.token);
    secondTab.send({ type: 'site.join', siteId });
    expect((await secondTab.until(presence(siteId, 2))).users).toEqual(expected);

    // The guest selects a component: the others see it on the guest's entry.
    guestSocket.send({ type: 'site.select', siteId, componentId: 'hero.title' });
    const selected = await ownerSocket.until(
      (m) => presence(siteId, 2)(m) && (m.users as { selection: string | null }[])[1]!.selection === 'hero.title',
    );
    expect(selected.users).toEqual([expected[0], { ...expected[1], selection: 'hero.title' }]);
    guestSocket.send({ type: 'site.select', siteId, componentId: null });
    await secondTab.until((m) => presence(siteId, 2)(m) && (m.users as { selection: string | null }[])[1]!.selection === null);

    // Closing the guest's socket takes the guest out; closing one of two tabs does not take the owner out.
    await guestSocket.close();
    expect((await ownerSocket.until(presence(siteId, 1))).users).toEqual([expected[0]]);
    await secondTab.close();
    guestSocket.closed.then(
      () => undefined,
      () => undefined,
    );
    const again = await connect(b, guest.session.token);
    again.send({ type: 'site.join', siteId });
    expect((await ownerSocket.until(presence(siteId, 2))).users).toEqual(expected);
    // site.leave works like a close.
    again.send({ type: 'site.leave', siteId });
    expect((await ownerSocket.until(presence(siteId, 1))).users).toEqual([expected[0]]);
  });

  it('lets a locked collaborator join, and refuses a stranger and an unknown site as Not found, with no events after', async () => {
    const { owner, guest, siteId, lock } = await teamSite(a);
    await lock(true);
    const lockedSocket = await connect(b, guest.session.token);
    lockedSocket.send({ type: 'site.join', siteId });
    expect((await lockedSocket.until(presence(siteId, 1))).users).toEqual([
      { id: guest.session.id, name: 'Guest', email: guest.session.email, selection: null },
    ]);

    const stranger = await b.signup('Stranger');
    const strangerSocket = await connect(b, stranger.session.token);
    strangerSocket.send({ type: 'site.join', siteId });
    expect(await strangerSocket.next()).toEqual({ type: 'site.error', siteId, error: 'Not found' });
    strangerSocket.send({ type: 'site.join', siteId: 'nowhere.example.com' });
    expect(await strangerSocket.next()).toEqual({ type: 'site.error', siteId: 'nowhere.example.com', error: 'Not found' });

    // The owner edits: the locked collaborator hears of it, the stranger does not.
    const { response } = await owner.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Hello' } },
    });
    expect(response.status).toBe(200);
    expect(await lockedSocket.until(edit(siteId))).toMatchObject({ by: { id: owner.session.id, name: 'Owner' } });
    // One socket delivers in order: had the edit reached the stranger, it would come before this presence.
    const ownSiteId = await createSite(b.pw.deps.db, stranger.api);
    strangerSocket.send({ type: 'site.join', siteId: ownSiteId });
    expect(await strangerSocket.next()).toMatchObject({ type: 'site.presence', siteId: ownSiteId });
  });

  it('sends every committed write to everyone in the site, with the history counts and what changed', async () => {
    const { owner, guest, siteId } = await teamSite(a);
    const ownerSocket = await connect(a, owner.session.token);
    const guestSocket = await connect(b, guest.session.token);
    ownerSocket.send({ type: 'site.join', siteId });
    guestSocket.send({ type: 'site.join', siteId });
    await ownerSocket.until(presence(siteId, 2));
    await guestSocket.until(presence(siteId, 2));

    const patched = await guest.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Live' } },
    });
    expect(patched.response.status).toBe(200);
    // How soon it arrives is tests/bench/realtime.bench.ts's to measure, not a test's on a shared machine.
    const event = await ownerSocket.until(edit(siteId));
    const revision = event.revision as number;
    expect(event).toEqual({
      type: 'site.edit',
      siteId,
      by: { id: guest.session.id, name: 'Guest' },
      history: parseHistory(patched.response.headers.get('X-History')),
      ids: ['hero.title'],
      pageIds: ['home'],
      revision,
    });
    expect(event.history).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(typeof revision).toBe('number');
    // The author's own socket gets it too (the client decides what to ignore).
    expect(await guestSocket.until(edit(siteId), 1000)).toEqual(event);

    // A write that fails (no such component) is never announced: the next event is the undo's.
    const failed = await owner.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.nothing' } },
      body: { data: { value: 'x' } },
    });
    expect(failed.response.status).toBe(404);
    await owner.api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect(await guestSocket.next()).toEqual({
      type: 'site.edit',
      siteId,
      by: { id: owner.session.id, name: 'Owner' },
      history: { undo: 0, redo: 1, unsaved: 2 },
      ids: ['hero.title'],
      pageIds: ['home'],
      revision: revision + 1,
    });
    await ownerSocket.until(edit(siteId));

    // A theme edit may change every page: nothing is named.
    await owner.api.PATCH('/sites/{siteId}/theme/colors', { params: { path: { siteId } }, body: { primary: '#ff0000' } });
    expect(await guestSocket.next()).toMatchObject({ type: 'site.edit', ids: [], pageIds: [], revision: revision + 2 });

    // A new page is named; so are the sections a new section brings, with its page.
    await owner.api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { name: 'Team' } });
    expect(await guestSocket.next()).toMatchObject({ type: 'site.edit', ids: [], pageIds: ['team'] });

    // Versions: a commit starts the history afresh, and a CMS write is announced too.
    await owner.api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId } }, body: { message: 'Saved' } });
    const committed = (await guestSocket.next()) as { revision: number };
    expect(committed).toMatchObject({ type: 'site.edit', history: { undo: 0, redo: 0, unsaved: 0 }, ids: [], pageIds: [] });
    const item = await owner.api.POST('/sites/{siteId}/content/{collection}/items', {
      params: { path: { siteId, collection: 'posts' } },
      body: { title: 'Fresh news', slug: 'fresh-news' },
    });
    expect(item.response.status).toBe(201);
    // Content is not an undo step: the document's revision and the history stay as the commit left them.
    expect(await guestSocket.next()).toMatchObject({
      type: 'site.edit',
      by: { id: owner.session.id },
      ids: [],
      pageIds: [],
      revision: committed.revision,
      history: { undo: 0, redo: 0, unsaved: 0 },
    });
  });

  it('never announces a write that was rolled back', async () => {
    const { owner, guest, siteId } = await teamSite(a);
    const guestSocket = await connect(b, guest.session.token);
    guestSocket.send({ type: 'site.join', siteId });
    await guestSocket.until(presence(siteId, 1));
    const added = await owner.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId } },
      body: { toContainer: 'hero', type: 'script' },
    });
    expect(added.response.status).toBe(201);
    const script = added.data!.id;
    expect(await guestSocket.next()).toMatchObject({ type: 'site.edit', ids: expect.arrayContaining([script, 'hero']) as unknown });

    // Without custom code in the plan, the script's code is refused after the document changed: rolled back.
    await a.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: 1 });
    const refused = await owner.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: script } },
      body: { data: { value: 'alert(1)' } },
    });
    expect(refused.response.status).toBe(402);
    await a.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: 2 });
    // An edit that changes nothing writes nothing, and is not announced either.
    const same = await owner.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Welcome' } },
    });
    expect(same.response.status).toBe(200);
    await owner.api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
    expect(await guestSocket.next()).toMatchObject({ type: 'site.edit', history: { undo: 0, redo: 1, unsaved: 2 } });
  });

  it('ignores malformed messages and stays healthy', async () => {
    const { owner, siteId } = await teamSite(a);
    const socket = await connect(b, owner.session.token);
    for (const raw of [
      'not json',
      '[]',
      'null',
      '42',
      '{"type":5}',
      '{"no":"type"}',
      '{"type":"site.unknown","siteId":"x"}',
      '{"type":"site.join"}',
      '{"type":"site.join","siteId":{"__proto__":{"polluted":true}}}',
      `{"type":"site.join","siteId":"${'x'.repeat(300)}"}`,
      '{"type":"site.select","siteId":"x","componentId":7}',
      '{"type":"site.leave","siteId":"never-joined.example.com"}',
      '{"__proto__":{"type":"site.join"},"siteId":"x"}',
    ])
      socket.sendRaw(raw);
    // A reserved name is just a site that does not exist.
    socket.send({ type: 'site.join', siteId: '__proto__' });
    expect(await socket.next()).toEqual({ type: 'site.error', siteId: '__proto__', error: 'Not found' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The same socket still works, and so does the server.
    socket.send({ type: 'site.join', siteId });
    expect(await socket.next()).toMatchObject({ type: 'site.presence', siteId, users: [{ id: owner.session.id }] });
    socket.send({ type: 'site.select', siteId, componentId: 'x'.repeat(501) });
    socket.send({ type: 'site.select', siteId, componentId: 'hero' });
    expect(await socket.next()).toMatchObject({ type: 'site.presence', users: [{ selection: 'hero' }] });
    // A message over 4 KB closes that socket only (1009); the server goes on.
    const big = await connect(b, owner.session.token);
    big.sendRaw(JSON.stringify({ type: 'site.join', siteId: 'x'.repeat(5000) }));
    expect(await big.closed).toBe(1009);
    for (const server of [a, b]) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    socket.send({ type: 'site.select', siteId, componentId: null });
    expect(await socket.next()).toMatchObject({ type: 'site.presence', users: [{ selection: null }] });
  });
});

describe.each([
  { name: 'in memory', bus: () => createMemoryBus() },
  ...(REDIS_URL ? [{ name: 'Redis', bus: () => createRedisBus(REDIS_URL, pino({ level: 'silent' })) }] : []),
])('site rooms on their heartbeat ($name)', ({ bus: makeBus }) => {
  /** A socket of the rooms that keeps what it is sent. */
  const fakeSocket = () => {
    const got: Message[] = [];
    return { got, open: true, send: (data: string) => void got.push(JSON.parse(data) as Message) };
  };
  const settle = async (check: () => boolean, ms = 3000) => {
    const deadline = Date.now() + ms;
    while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('sends site.error to a member whose access ended and takes them out; drops an instance that stopped refreshing', async () => {
    const bus = makeBus();
    const allowed = new Set([1, 2]);
    const gate = async (userId: number) =>
      allowed.has(userId) ? { id: userId, name: `User ${userId}`, email: `u${userId}@example.com` } : null;
    // Ten heartbeats to a TTL, so a busy machine's late heartbeat does not let an entry lapse.
    const rooms = new SiteRooms(bus, gate, pino({ level: 'silent' }), { heartbeatMs: 40, presenceTtlMs: 400 });
    const siteId = `rooms-${Math.random().toString(36).slice(2)}.example.com`;
    const one = fakeSocket();
    const two = fakeSocket();
    try {
      await rooms.handle(one, 1, { type: 'site.join', siteId });
      await rooms.handle(two, 2, { type: 'site.join', siteId });
      const last = (s: { got: Message[] }) => s.got.filter((m) => m.type === 'site.presence').at(-1);
      await settle(() => (last(one)?.users as unknown[] | undefined)?.length === 2);

      // Another instance's entry that is never refreshed: it shows, then expires with its TTL.
      const ghost = { id: 9, name: 'Ghost', email: 'ghost@example.com', selection: null, joined: Date.now(), at: Date.now() };
      // Its TTL is long enough to be seen by a heartbeat even on a busy machine.
      await bus.presence.put(siteId, 'stopped-instance', [ghost], 1000);
      await settle(() => (last(one)?.users as unknown[]).length === 3);
      await settle(() => (last(one)?.users as unknown[]).length === 2, 5000);

      // User 2 loses access (removed from the site): within a heartbeat they get site.error and leave.
      allowed.delete(2);
      await settle(() => two.got.some((m) => m.type === 'site.error'));
      expect(two.got.at(-1)).toEqual({ type: 'site.error', siteId, error: 'Not found' });
      await settle(() => (last(one)?.users as unknown[]).length === 1);
      expect(last(one)?.users).toEqual([{ id: 1, name: 'User 1', email: 'u1@example.com', selection: null }]);

      // Refreshed by the heartbeat, this instance's own entries outlive their TTL (twice over).
      await new Promise((r) => setTimeout(r, 800));
      expect(await bus.presence.read(siteId)).toHaveLength(1);
    } finally {
      await rooms.close();
      expect(await bus.presence.read(siteId)).toEqual([]);
      await bus.close();
    }
  });
});
