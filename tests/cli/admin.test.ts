import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { loggedIn, removeCliUsers, rows, type CliUser } from './run.js';

const DAY = 24 * 60 * 60 * 1000;
const EVENTS = [
  'sectionsAdd',
  'comopnentsAdd',
  'componentsDelete',
  'styleEdit',
  'cmsItemCreate',
  'cmsItemDelete',
  'cmsItemEdit',
  'exports',
  'rollbacks',
];

let t: TestServer;
let admin: CliUser;
let adminToken: string;
let user: CliUser;
let userIds: number[];

beforeAll(async () => {
  t = await startTestServer();
  const first = await t.signup('Admin Ada');
  const second = await t.signup('Bea');
  const third = await t.signup('Cy');
  admin = loggedIn(t.url, first.session.token);
  adminToken = first.session.token;
  user = loggedIn(t.url, second.session.token);
  userIds = [first.session.id, second.session.id, third.session.id];
  await t.pw.deps.db('users').where({ id: second.session.id }).update({ city: 'Turku', country: 'FI' });
  await t.pw.deps.db('users').where({ id: third.session.id }).update({ country: 'FI' });
  await second.api.POST('/sites', { body: { name: 'Bea site', siteId: 'bea.example.com', templateId: 'launch' } });
  // Exports: three this week by two users, one ten days ago, one twenty days ago.
  const now = Date.now();
  const exportAt = (userId: number, at: number) => ({ key: 'exports', user_id: userId, site_id: 'bea.example.com', created_at: at });
  await t.pw.deps
    .db('events')
    .insert([
      exportAt(second.session.id, now - DAY),
      exportAt(second.session.id, now - 2 * DAY),
      exportAt(third.session.id, now - 3 * DAY),
      exportAt(third.session.id, now - 10 * DAY),
      exportAt(third.session.id, now - 20 * DAY),
    ]);
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

const row = (stdout: string, key: string) => rows(stdout).find((r) => r[0] === key);

describe('admin users and sites', () => {
  it('lists every user, newest first, as tab-separated rows', async () => {
    const result = await admin.run(['admin', 'users']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const lines = rows(result.stdout);
    expect(lines.map((r) => r[0])).toEqual(userIds.map(String).reverse());
    expect(lines[1]!.slice(1)).toEqual([
      'Bea',
      expect.stringMatching(/@example\.com$/),
      'Turku',
      'FI',
      '1',
      'no',
      '1',
      'no',
      expect.stringMatching(/^\d{4}-/),
    ]);
    expect(lines[2]![6]).toBe('yes');
  });

  it('prints the API data with --json', async () => {
    const { data: users } = await t.client(adminToken).GET('/admin/users');
    expect(JSON.parse((await admin.run(['admin', 'users', '--json'])).stdout)).toEqual(users);
    const { data: sites } = await t.client(adminToken).GET('/admin/sites');
    expect(JSON.parse((await admin.run(['admin', 'sites', '--json'])).stdout)).toEqual(sites);
  });

  it('lists every site with its owner', async () => {
    const result = await admin.run(['admin', 'sites']);
    expect(rows(result.stdout).map((r) => r.slice(0, 3))).toEqual([['bea.example.com', 'Bea site', `Bea (${userIds[1]})`]]);
  });

  it('tells a non-admin that the command needs an admin account', async () => {
    for (const command of ['users', 'sites', 'activity']) {
      const result = await user.run(['admin', command]);
      expect(result).toMatchObject({ code: 1, stdout: '', stderr: 'error: this command needs an admin account (404)\n' });
    }
  });
});

describe('admin users set-plan, suspend and reactivate', () => {
  it("puts a user on a plan by e-mail or id, and the list marks it as the admin's", async () => {
    const email = (await t.client(adminToken).GET('/admin/users')).data!.find((u) => u.id === userIds[2])!.email;
    const byEmail = await admin.run(['admin', 'users', 'set-plan', email.toUpperCase(), '3']);
    expect(byEmail).toMatchObject({ code: 0, stdout: '', stderr: `Cy <${email}> is on plan 3, set by an admin\n` });
    expect(rows((await admin.run(['admin', 'users'])).stdout).find((r) => r[0] === String(userIds[2]))![7]).toBe('3 (admin)');
    const byId = await admin.run(['admin', 'users', 'set-plan', String(userIds[2]), '1', '--json']);
    expect(JSON.parse(byId.stdout)).toMatchObject({ id: userIds[2], planId: 1, planSetByAdmin: true });
  });

  it('says what is wrong with an unknown user, plan or a non-admin caller', async () => {
    expect(await admin.run(['admin', 'users', 'set-plan', 'nobody@example.com', '2'])).toMatchObject({
      code: 1,
      stderr: 'error: no user nobody@example.com on this instance\n',
    });
    const unknownPlan = await admin.run(['admin', 'users', 'set-plan', String(userIds[2]), '99']);
    expect(unknownPlan.code).toBe(1);
    expect(unknownPlan.stderr).toContain('No such plan');
    expect((await admin.run(['admin', 'users', 'set-plan', String(userIds[2]), 'pro'])).code).toBe(1);
    expect(await user.run(['admin', 'users', 'suspend', String(userIds[2])])).toMatchObject({
      code: 1,
      stderr: 'error: this command needs an admin account (404)\n',
    });
  });

  it('suspends a user, whose CLI login stops at once, and reactivates them', async () => {
    const suspended = await admin.run(['admin', 'users', 'suspend', String(userIds[1])]);
    expect(suspended.code).toBe(0);
    expect(suspended.stderr).toContain('Suspended Bea');
    expect((await user.run(['admin', 'users'])).code).toBe(4);
    expect(rows((await admin.run(['admin', 'users'])).stdout).find((r) => r[0] === String(userIds[1]))![8]).toBe('yes');
    const reactivated = await admin.run(['admin', 'users', 'reactivate', String(userIds[1]), '--json']);
    expect(JSON.parse(reactivated.stdout)).toMatchObject({ id: userIds[1], suspended: false });
  });
});

describe('admin activity', () => {
  it('counts every event in both windows by default', async () => {
    const result = await admin.run(['admin', 'activity']);
    expect(result.code).toBe(0);
    expect(rows(result.stdout).map((r) => r[0])).toEqual(EVENTS);
    // event, total, last7, prev7, last30, prev30
    expect(row(result.stdout, 'exports')).toEqual(['exports', '5', '3', '1', '5', '0']);
    expect(row(result.stdout, 'styleEdit')).toEqual(['styleEdit', '0', '0', '0', '0', '0']);
  });

  it('counts distinct users with --type unique', async () => {
    const result = await admin.run(['admin', 'activity', '--type', 'unique']);
    expect(row(result.stdout, 'exports')).toEqual(['exports', '2', '2', '1', '2', '0']);
  });

  it('shows one window with --days', async () => {
    expect(row((await admin.run(['admin', 'activity', '--days', '7'])).stdout, 'exports')).toEqual(['exports', '5', '3', '1']);
    expect(row((await admin.run(['admin', 'activity', '--days', '30'])).stdout, 'exports')).toEqual(['exports', '5', '5', '0']);
  });

  it('refuses a window or a type the API does not offer', async () => {
    const days = await admin.run(['admin', 'activity', '--days', '14']);
    expect(days.code).toBe(1);
    expect(days.stderr).toContain("argument '14' is invalid. Allowed choices are 7, 30.");
    const type = await admin.run(['admin', 'activity', '--type', 'some']);
    expect(type.code).toBe(1);
    expect(type.stderr).toContain('Allowed choices are all, unique.');
  });

  it('lists users per country with --countries', async () => {
    expect(rows((await admin.run(['admin', 'activity', '--countries'])).stdout)).toEqual([['FI', '2']]);
  });

  it('prints the API answer with --json', async () => {
    const result = await admin.run(['admin', 'activity', '--type', 'unique', '--json']);
    const { data } = await t.client(adminToken).GET('/admin/activity', { params: { query: { type: 'unique' } } });
    expect(JSON.parse(result.stdout)).toEqual(data);
    expect(data?.type).toBe('unique');
  });
});
