import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { recordEvent } from '../../server/src/index.js';
import { messages } from '../../server/src/core/messages.js';
import { startTestServer, type TestServer } from '../support/server.js';

let t: TestServer;
let admin: Awaited<ReturnType<TestServer['signup']>>;
let user: Awaited<ReturnType<TestServer['signup']>>;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await startTestServer();
  admin = await t.signup('Admin'); // first account of the instance
  user = await t.signup('Someone');
  await user.api.PATCH('/user', { body: { city: 'Oulu', country: 'FI' } });
  await admin.api.PATCH('/user', { body: { country: 'SE' } });
  await user.api.POST('/sites', { body: { name: 'Listed', siteId: 'listed.example.com', templateId: 'journal' } });
});
afterAll(() => t.close());

describe('admin access', () => {
  it.each(['/admin/users', '/admin/sites', '/admin/activity'] as const)('%s is 404 to a user and 401 signed out', async (path) => {
    expect((await user.api.GET(path)).response.status).toBe(404);
    expect((await t.client().GET(path)).response.status).toBe(401);
  });
});

describe('admin lists', () => {
  it('lists users with name, e-mail, city, country, created and image', async () => {
    const { data } = await admin.api.GET('/admin/users');
    const someone = data!.find((u) => u.id === user.session.id)!;
    expect(someone).toMatchObject({
      name: 'Someone',
      email: user.session.email,
      city: 'Oulu',
      country: 'FI',
      image: null,
      isAdmin: false,
      sites: 1,
      planId: 1,
    });
    expect(Date.parse(someone.created)).not.toBeNaN();
    expect(data!.find((u) => u.id === admin.session.id)!.isAdmin).toBe(true);
  });

  it('lists sites with domain and created', async () => {
    const { data } = await admin.api.GET('/admin/sites');
    expect(data).toEqual([expect.objectContaining({ id: 'listed.example.com', ownerName: 'Someone', ownerId: user.session.id })]);
  });
});

describe('activity', () => {
  it('counts events in the 7 and 30 day windows and the windows before them, all or unique', async () => {
    const deps = t.pw.deps;
    const at = (daysAgo: number) => ({ ...deps, now: () => Date.now() - daysAgo * DAY });
    // Two users add sections today, one of them twice; one 10 days ago; one 40 days ago; one 70 days ago.
    await recordEvent(at(0), 'sectionsAdd', user.session.id, 'listed.example.com');
    await recordEvent(at(0), 'sectionsAdd', user.session.id, 'listed.example.com');
    await recordEvent(at(1), 'sectionsAdd', admin.session.id, null);
    await recordEvent(at(10), 'sectionsAdd', user.session.id, null);
    await recordEvent(at(40), 'sectionsAdd', user.session.id, null);
    await recordEvent(at(70), 'sectionsAdd', user.session.id, null);
    await recordEvent(at(2), 'comopnentsAdd', user.session.id, null);

    const all = (await admin.api.GET('/admin/activity', { params: { query: { type: 'all' } } })).data!;
    expect(all.type).toBe('all');
    expect(all.counters.sectionsAdd).toEqual({ total: 6, last7: 3, prev7: 1, last30: 4, prev30: 1 });
    expect(all.counters.comopnentsAdd).toEqual({ total: 1, last7: 1, prev7: 0, last30: 1, prev30: 0 });
    expect(all.counters.exports).toEqual({ total: 0, last7: 0, prev7: 0, last30: 0, prev30: 0 });

    const unique = (await admin.api.GET('/admin/activity', { params: { query: { type: 'unique' } } })).data!;
    expect(unique.counters.sectionsAdd).toEqual({ total: 2, last7: 2, prev7: 1, last30: 2, prev30: 1 });

    expect(all.countries).toEqual([
      { country: 'FI', users: 1 },
      { country: 'SE', users: 1 },
    ]);
  });

  it('defaults to all and refuses another type', async () => {
    expect((await admin.api.GET('/admin/activity')).data!.type).toBe('all');
    const { response, error } = await admin.api.GET('/admin/activity', { params: { query: { type: 'some' as never } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'type must be all or unique', info: { field: 'type' } });
  });
});

describe('plans set by the admin (no payment provider)', () => {
  it('puts a user on a plan, marked as set by the admin, and the user sees its limits', async () => {
    const { data, response } = await admin.api.PATCH('/admin/users/{userId}', {
      params: { path: { userId: user.session.id } },
      body: { planId: 3 },
    });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: user.session.id, planId: 3, planSetByAdmin: true, suspended: false });
    const me = (await user.api.GET('/user')).data!;
    expect(me.subscription.planId).toBe(3);
    expect(me.maxSites).toBe(9999);
    expect((await admin.api.GET('/admin/users')).data!.find((u) => u.id === user.session.id)).toMatchObject({
      planId: 3,
      planSetByAdmin: true,
    });
    await admin.api.PATCH('/admin/users/{userId}', { params: { path: { userId: user.session.id } }, body: { planId: 1 } });
    expect((await user.api.GET('/user')).data!.subscription.planId).toBe(1);
  });

  it('tells the user’s open tabs on the realtime channel', async () => {
    const socket = await openChannel(user.session.token);
    const event = nextMessage(socket, 'subscription');
    await admin.api.PATCH('/admin/users/{userId}', { params: { path: { userId: user.session.id } }, body: { planId: 2 } });
    expect(await event).toMatchObject({ type: 'subscription', subscription: { planId: 2 } });
    socket.close();
    await admin.api.PATCH('/admin/users/{userId}', { params: { path: { userId: user.session.id } }, body: { planId: 1 } });
  });

  it('refuses a plan that does not exist, an empty or unknown change, and a user that does not exist', async () => {
    const path = { userId: user.session.id };
    const unknownPlan = await admin.api.PATCH('/admin/users/{userId}', { params: { path }, body: { planId: 99 } });
    expect(unknownPlan.response.status).toBe(400);
    expect(unknownPlan.error).toMatchObject({ error: messages.planUnknown, info: { field: 'planId' } });
    const empty = await admin.api.PATCH('/admin/users/{userId}', { params: { path }, body: {} });
    expect(empty.response.status).toBe(400);
    const extra = await admin.api.PATCH('/admin/users/{userId}', { params: { path }, body: { isAdmin: true } as never });
    expect(extra.response.status).toBe(400);
    expect((await admin.api.GET('/admin/users')).data!.find((u) => u.id === user.session.id)!.isAdmin).toBe(false);
    const nobody = await admin.api.PATCH('/admin/users/{userId}', { params: { path: { userId: 999_999 } }, body: { planId: 2 } });
    expect(nobody.response.status).toBe(404);
  });

  it('is 404 to a user and 401 signed out', async () => {
    const call = (api: typeof user.api) =>
      api.PATCH('/admin/users/{userId}', { params: { path: { userId: user.session.id } }, body: { planId: 3 } });
    expect((await call(user.api)).response.status).toBe(404);
    expect((await call(t.client())).response.status).toBe(401);
    expect((await user.api.GET('/user')).data!.subscription.planId).toBe(1);
  });
});

describe('suspension', () => {
  it('ends the sessions, the realtime channel and the API keys at once, and refuses sign-in until reactivated', async () => {
    const member = await t.signup('Suspended later');
    const { data: site } = await member.api.POST('/sites', { body: { name: 'Keyed', siteId: 'keyed.example.com', templateId: 'journal' } });
    const siteId = site!.id;
    const { data: key } = await member.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: { name: 'CI' } });
    const byKey = t.client(key!.key);
    const files = () => byKey.GET('/sites/{siteId}/files', { params: { path: { siteId } } });
    expect((await files()).response.status).toBe(200);
    const socket = await openChannel(member.session.token);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

    const { data } = await admin.api.PATCH('/admin/users/{userId}', {
      params: { path: { userId: member.session.id } },
      body: { suspended: true },
    });
    expect(data).toMatchObject({ suspended: true });
    expect(await closed).toBe(4401);
    expect((await member.api.GET('/user')).response.status).toBe(401);
    const refused = await files();
    expect(refused.response.status).toBe(403);
    expect(refused.error).toMatchObject({ code: 'ACCOUNT_SUSPENDED', error: messages.accountSuspended });
    const login = await t.client().POST('/auth/login', { body: { email: member.session.email, password: member.password } });
    expect(login.response.status).toBe(403);
    expect(login.error).toMatchObject({ code: 'ACCOUNT_SUSPENDED', error: messages.accountSuspended });

    await admin.api.PATCH('/admin/users/{userId}', { params: { path: { userId: member.session.id } }, body: { suspended: false } });
    expect((await files()).response.status).toBe(200);
    const again = await t.client().POST('/auth/login', { body: { email: member.session.email, password: member.password } });
    expect(again.response.status).toBe(200);
    expect((await admin.api.GET('/admin/users')).data!.find((u) => u.id === member.session.id)!.suspended).toBe(false);
  });

  it('never lets an admin suspend themself', async () => {
    const { response, error } = await admin.api.PATCH('/admin/users/{userId}', {
      params: { path: { userId: admin.session.id } },
      body: { suspended: true },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: messages.suspendSelf, info: { field: 'suspended' } });
    expect((await admin.api.GET('/user')).response.status).toBe(200);
  });
});

describe('DEFAULT_PLAN_ID', () => {
  it('puts new accounts on that plan', async () => {
    const other = await startTestServer({ DEFAULT_PLAN_ID: '2' });
    try {
      const someone = await other.signup('New');
      expect((await someone.api.GET('/user')).data!.subscription.planId).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('refuses to start with a plan the instance does not have', async () => {
    await expect(startTestServer({ DEFAULT_PLAN_ID: '42' })).rejects.toThrow('DEFAULT_PLAN_ID 42');
  });
});

/** The user's realtime channel, open and authenticated. */
async function openChannel(token: string): Promise<WebSocket> {
  const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/api/realtime`);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const ready = nextMessage(socket, 'ready');
  socket.send(JSON.stringify({ type: 'auth', token }));
  await ready;
  return socket;
}

function nextMessage(socket: WebSocket, type: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(String(raw)) as Record<string, unknown>;
      if (message.type !== type) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
  });
}
