import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../server/src/index.js';
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
