import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { cliUser, loggedIn, removeCliUsers, rows, type CliUser } from './run.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin');
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

const BOLD = '\u001b[1m';

async function signedInUser(name = 'Site Owner'): Promise<{ me: CliUser; id: number; token: string }> {
  const { session } = await t.signup(name);
  return { me: loggedIn(t.url, session.token), id: session.id, token: session.token };
}

describe('sites create', () => {
  it('creates the site, prints its domain on stdout and the message on stderr', async () => {
    const { me, id } = await signedInUser('Creator');
    const result = await me.run(['sites', 'create', '--name', 'My shop', '--domain', 'shop-a.example.com', '--template', 'launch']);
    expect(result).toMatchObject({ code: 0, stdout: 'shop-a.example.com\n' });
    expect(result.stderr).toBe('Created site My shop (shop-a.example.com) from the launch template\n');
    const row = await t.pw.deps.db('sites').where({ id: 'shop-a.example.com' }).first();
    expect(row).toMatchObject({ name: 'My shop', owner_id: id, template_id: 'launch' });
  });

  it('prints the new site as the API answers it with --json', async () => {
    const { me, id } = await signedInUser();
    const result = await me.run(['sites', 'create', '--name', 'Json', '--domain', 'json-a.example.com', '--template', 'folio', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      id: 'json-a.example.com',
      name: 'Json',
      ownerId: id,
      templateId: 'folio',
      collaborators: [],
    });
  });

  it('passes on the spec messages of the server and writes nothing', async () => {
    const { me } = await signedInUser();
    const short = await me.run(['sites', 'create', '--name', 'x', '--domain', 'short-a.example.com', '--template', 'launch']);
    expect(short).toMatchObject({ code: 1, stdout: '' });
    expect(short.stderr).toBe(`error: ${messages.siteNameTooShort} (400) field: name\n`);
    const taken = await me.run(['sites', 'create', '--name', 'Again', '--domain', 'shop-a.example.com', '--template', 'launch']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain(messages.domainTaken);
    expect(await t.pw.deps.db('sites').where({ id: 'short-a.example.com' }).first()).toBeUndefined();
  });

  it('stops at the plan limit with the Upgrade needed text', async () => {
    const { me, id } = await signedInUser();
    for (const n of [1, 2, 3]) {
      expect(
        (await me.run(['sites', 'create', '--name', `Site ${n}`, '--domain', `limit${n}.example.com`, '--template', 'launch'])).code,
      ).toBe(0);
    }
    const result = await me.run(['sites', 'create', '--name', 'One more', '--domain', 'limit4.example.com', '--template', 'launch']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(`error: ${messages.siteLimit} (402)\n`);
    expect(await t.pw.deps.db('sites').where({ owner_id: id })).toHaveLength(3);
  });

  it('needs the flags when it cannot ask', async () => {
    const { me } = await signedInUser();
    const result = await me.run(['sites', 'create', '--name', 'Half']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--name, --domain and --template required when not running interactively');
  });

  it('asks for what is missing on a terminal', async () => {
    const { me, id } = await signedInUser();
    const result = await me.runInTerminal(
      ['sites', 'create'],
      [
        ['Site name: ', 'Asked\r'],
        ['Domain (it cannot be changed later): ', 'asked.example.com\r'],
        ['Template: ', 'journal\r'],
      ],
    );
    expect(result.code).toBe(0);
    expect(result.screen).toContain('Templates: launch, folio, journal, bistro');
    expect(await t.pw.deps.db('sites').where({ id: 'asked.example.com' }).first()).toMatchObject({ owner_id: id, template_id: 'journal' });
  });

  it('exits 4 without a login and creates nothing', async () => {
    const result = await cliUser().run([
      'sites',
      'create',
      '--name',
      'Nope',
      '--domain',
      'nope.example.com',
      '--template',
      'launch',
      '--url',
      t.url,
    ]);
    expect(result).toMatchObject({ code: 4, stdout: '' });
    expect(await t.pw.deps.db('sites').where({ id: 'nope.example.com' }).first()).toBeUndefined();
  });
});

describe('sites list', () => {
  it('prints tab-separated rows without a header or colour when stdout is not a terminal', async () => {
    const { me } = await signedInUser('Lister');
    await me.run(['sites', 'create', '--name', 'First', '--domain', 'first-l.example.com', '--template', 'launch']);
    await me.run(['sites', 'create', '--name', 'Second', '--domain', 'second-l.example.com', '--template', 'launch']);
    const result = await me.run(['sites', 'list']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(result.stdout).not.toContain('\u001b');
    const lines = rows(result.stdout);
    expect(lines.map((r) => r.slice(0, 3))).toEqual([
      ['second-l.example.com', 'Second', 'Lister'],
      ['first-l.example.com', 'First', 'Lister'],
    ]);
    expect(lines[0]![3]).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(lines[0]![4]).toBe('ok');
  });

  it('prints the API data with --json', async () => {
    const { me, token } = await signedInUser();
    await me.run(['sites', 'create', '--name', 'Json list', '--domain', 'json-l.example.com', '--template', 'launch']);
    const result = await me.run(['sites', 'list', '--json']);
    const { data } = await t.client(token).GET('/sites');
    expect(JSON.parse(result.stdout)).toEqual(data);
  });

  it('shows a broken site with its error', async () => {
    const { me } = await signedInUser();
    await me.run(['sites', 'create', '--name', 'Broken', '--domain', 'broken-l.example.com', '--template', 'launch']);
    await t.pw.deps.db('sites').where({ id: 'broken-l.example.com' }).update({ error: 'Unexpected end of JSON input', object: 'broken' });
    const result = await me.run(['sites', 'list']);
    expect(rows(result.stdout)[0]![4]).toBe('broken: Unexpected end of JSON input');
  });

  it('draws an aligned table with a bold header on a terminal', async () => {
    const { me } = await signedInUser('Tty Owner');
    await me.run(['sites', 'create', '--name', 'Tty', '--domain', 'tty-l.example.com', '--template', 'launch']);
    const result = await me.runInTerminal(['sites', 'list']);
    expect(result.code).toBe(0);
    expect(result.screen).toContain(`${BOLD}DOMAIN             NAME  OWNER      MODIFIED`);
    expect(result.screen).toMatch(/tty-l\.example\.com {2}Tty {3}Tty Owner {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}ok/);
    expect(result.screen).not.toContain('\t');
  });

  it('prints plain rows on a terminal too when NO_COLOR is set', async () => {
    const { me } = await signedInUser('No Colour');
    await me.run(['sites', 'create', '--name', 'Plain', '--domain', 'plain-l.example.com', '--template', 'launch']);
    const result = await me.runInTerminal(['sites', 'list'], [], { NO_COLOR: '1' });
    expect(result.code).toBe(0);
    expect(result.screen).not.toContain('\u001b');
    expect(result.screen).toContain('plain-l.example.com\tPlain\tNo Colour\t');
  });

  it('says there are no sites yet on a terminal, and prints nothing to a pipe', async () => {
    const { me } = await signedInUser();
    expect(await me.run(['sites', 'list'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect((await me.runInTerminal(['sites', 'list'])).screen).toContain('No sites yet. Create one with: pagewright sites create');
  });
});

describe('sites validate', () => {
  it('exits 0 for a free domain and 1 with the reason for a taken or malformed one', async () => {
    const { me } = await signedInUser();
    await me.run(['sites', 'create', '--name', 'Taken', '--domain', 'taken-v.example.com', '--template', 'launch']);
    expect(await me.run(['sites', 'validate', 'free-v.example.com'])).toMatchObject({
      code: 0,
      stdout: '',
      stderr: 'free-v.example.com is free\n',
    });
    expect(await me.run(['sites', 'validate', 'taken-v.example.com'])).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `taken-v.example.com: ${messages.domainTaken}\n`,
    });
    expect((await me.run(['sites', 'validate', 'not a domain'])).stderr).toBe(`not a domain: ${messages.domainInvalid}\n`);
  });

  it('prints the answer with --json, keeping the exit code', async () => {
    const { me } = await signedInUser();
    const free = await me.run(['sites', 'validate', 'free-j.example.com', '--json']);
    expect(free.code).toBe(0);
    expect(JSON.parse(free.stdout)).toEqual({ valid: true });
    const bad = await me.run(['sites', 'validate', 'nodot', '--json']);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toEqual({ valid: false, message: messages.domainInvalid });
  });
});

describe('templates list and plans list', () => {
  it('lists the templates without a login: rows, and the API data with --json', async () => {
    const me = cliUser({ PAGEWRIGHT_URL: t.url });
    const result = await me.run(['templates', 'list']);
    expect(result.code).toBe(0);
    const lines = rows(result.stdout);
    expect(lines.map((r) => r[0])).toEqual(['launch', 'folio', 'journal', 'bistro']);
    expect(lines[0]!.slice(1, 3)).toEqual(['Launch', 'Free']);
    expect(lines[3]![2]).toBe('29.00 EUR');
    const { data } = await t.client().GET('/templates');
    expect(JSON.parse((await me.run(['templates', 'ls', '--json'])).stdout)).toEqual(data);
  });

  it('lists the plans with their limits (9999 unlimited, 0 none), and the API data with --json', async () => {
    const me = cliUser({ PAGEWRIGHT_URL: t.url });
    const result = await me.run(['plans', 'list']);
    expect(result.code).toBe(0);
    expect(rows(result.stdout)).toEqual([
      ['1', 'Free', '0.00 EUR', '0.00 EUR', '3', '1', 'none', '100 MB'],
      ['2', 'Pro', '15.00 EUR', '150.00 EUR', '10', '5', '5', '2000 MB'],
      ['3', 'Business', '49.00 EUR', '490.00 EUR', 'unlimited', 'unlimited', 'unlimited', '20000 MB'],
    ]);
    const { data } = await t.client().GET('/payments/plans');
    expect(JSON.parse((await me.run(['plans', 'list', '--json'])).stdout)).toEqual(data);
  });
});

describe('sites delete and restore', () => {
  it('deletes after the domain is typed again on a terminal, lists it as deleted, and restores it', async () => {
    const { me, id } = await signedInUser('Deleter');
    expect((await me.run(['sites', 'create', '--name', 'Doomed', '--domain', 'doomed-a.example.com', '--template', 'launch'])).code).toBe(
      0,
    );
    const wrong = await me.runInTerminal(
      ['sites', 'delete', 'doomed-a.example.com'],
      [['Type doomed-a.example.com to delete it: ', 'doomed\r']],
    );
    expect(wrong.code).toBe(2);
    expect(await t.pw.deps.db('sites').where({ id: 'doomed-a.example.com' }).whereNull('deleted_at').first()).toBeTruthy();

    const typed = await me.runInTerminal(
      ['sites', 'delete', 'doomed-a.example.com'],
      [['Type doomed-a.example.com to delete it: ', 'doomed-a.example.com\r']],
    );
    expect(typed.code).toBe(0);
    expect(typed.screen).toContain('Deleted doomed-a.example.com. Restore it until ');
    expect(typed.screen).toContain('pagewright sites restore doomed-a.example.com');
    expect((await me.run(['sites', 'list'])).stdout).not.toContain('doomed-a.example.com');
    const deleted = await me.run(['sites', 'list', '--deleted', '--json']);
    expect(JSON.parse(deleted.stdout)).toMatchObject([
      { id: 'doomed-a.example.com', ownerId: id, deletedAt: expect.any(String), restoreUntil: expect.any(String) },
    ]);

    const restored = await me.run(['sites', 'restore', 'doomed-a.example.com']);
    expect(restored).toMatchObject({ code: 0, stdout: 'doomed-a.example.com\n', stderr: 'Restored Doomed (doomed-a.example.com)\n' });
    expect((await me.run(['sites', 'list'])).stdout).toContain('doomed-a.example.com');
  });

  it('needs --yes when it cannot ask, and passes on the server refusing a collaborator', async () => {
    const { me, token } = await signedInUser('Owner Two');
    await me.run(['sites', 'create', '--name', 'Kept', '--domain', 'kept-a.example.com', '--template', 'launch']);
    const asked = await me.run(['sites', 'delete', 'kept-a.example.com']);
    expect(asked.code).toBe(1);
    expect(asked.stderr).toContain('--yes required when not running interactively');

    const owner = t.client(token);
    await t.pw.deps
      .db('subscriptions')
      .where({ user_id: (await owner.GET('/user')).data!.id })
      .update({ plan_id: 2 });
    const { data: invitation } = await owner.POST('/sites/{siteId}/collaborators/invitations', {
      params: { path: { siteId: 'kept-a.example.com' } },
    });
    const guest = await signedInUser('Guest Two');
    await t.client(guest.token).POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    const refused = await guest.me.run(['sites', 'delete', 'kept-a.example.com', '--yes']);
    expect(refused).toMatchObject({ code: 1, stdout: '' });
    expect(refused.stderr).toBe(`error: ${messages.forbidden} (403)\n`);

    const json = await me.run(['sites', 'delete', 'kept-a.example.com', '--yes', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ id: 'kept-a.example.com', deletedAt: expect.any(String), restoreUntil: expect.any(String) });
  });
});
