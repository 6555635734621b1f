import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { loggedIn, removeCliUsers, rows } from './run.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.signup('Instance Admin');
});
afterAll(async () => {
  removeCliUsers();
  await t.close();
});

let sites = 0;

/** An owner on the Pro plan (room for collaborators) with a new site, and a guest who has joined it. */
async function siteWithGuest() {
  const owner = await t.signup('Owner');
  const guest = await t.signup('Guest');
  await t.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: 2 });
  sites += 1;
  const siteId = `team${sites}.example.com`;
  const { response } = await owner.api.POST('/sites', { body: { name: 'Team', siteId, templateId: 'launch' } });
  expect(response.status).toBe(201);
  const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
  await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
  return {
    siteId,
    owner: { ...owner, cli: loggedIn(t.url, owner.session.token) },
    guest: { ...guest, cli: loggedIn(t.url, guest.session.token) },
  };
}

const member = (siteId: string, userId: number) => t.pw.deps.db('site_members').where({ site_id: siteId, user_id: userId }).first();

describe('collaborators invite and join', () => {
  it('prints a code on stdout that another user joins the site with', async () => {
    const owner = await t.signup('Inviter');
    const joiner = await t.signup('Joiner');
    await t.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: 2 });
    const ownerCli = loggedIn(t.url, owner.session.token);
    await ownerCli.run(['sites', 'create', '--name', 'Invite', '--domain', 'invite.example.com', '--template', 'launch']);

    const invite = await ownerCli.run(['collaborators', 'invite', '--site', 'invite.example.com']);
    expect(invite.code).toBe(0);
    const code = invite.stdout.trim();
    expect(code).toMatch(/^[A-Z0-9]{12}$/);
    expect(invite.stderr).toContain(`The invitee runs: pagewright join ${code}`);
    expect(await t.pw.deps.db('invitations').where({ site_id: 'invite.example.com', token: code }).first()).toBeDefined();

    const join = await loggedIn(t.url, joiner.session.token).run(['join', code]);
    expect(join).toMatchObject({
      code: 0,
      stdout: 'invite.example.com\n',
      stderr: 'Joined Invite (invite.example.com) as a collaborator\n',
    });
    expect(await member('invite.example.com', joiner.session.id)).toMatchObject({ role: 'collaborator' });
  });

  it('answers the invitation and the joined site as JSON with --json', async () => {
    const { siteId, owner } = await siteWithGuest();
    const other = await t.signup('Json Joiner');
    const invite = await owner.cli.run(['collaborators', 'invite', '--site', siteId, '--json']);
    const invitation = JSON.parse(invite.stdout);
    expect(invitation).toEqual({ id: expect.any(Number), token: expect.any(String), expires: expect.any(String) });
    const join = await loggedIn(t.url, other.session.token).run(['join', invitation.token, '--json']);
    expect(JSON.parse(join.stdout)).toMatchObject({ id: siteId, name: 'Team', collaborators: expect.arrayContaining([other.session.id]) });
  });

  it('refuses a used or unknown code with exit 1', async () => {
    const someone = await t.signup();
    const result = await loggedIn(t.url, someone.session.token).run(['join', 'NOSUCHCODE12']);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `error: ${messages.inviteInvalid} (404)\n` });
  });

  it('stops at the collaborator limit of the free plan and writes nothing', async () => {
    const owner = await t.signup();
    const cli = loggedIn(t.url, owner.session.token);
    await cli.run(['sites', 'create', '--name', 'Free', '--domain', 'free-plan.example.com', '--template', 'launch']);
    const result = await cli.run(['collaborators', 'invite', '--site', 'free-plan.example.com']);
    expect(result).toMatchObject({ code: 1, stdout: '', stderr: `error: ${messages.collaboratorLimit} (402)\n` });
    expect(await t.pw.deps.db('invitations').where({ site_id: 'free-plan.example.com' })).toHaveLength(0);
  });
});

describe('collaborators list', () => {
  it('lists the owner first, then collaborators, as tab-separated rows', async () => {
    const { siteId, owner, guest } = await siteWithGuest();
    const result = await owner.cli.run(['collaborators', 'list', '--site', siteId]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    expect(rows(result.stdout)).toEqual([
      [String(owner.session.id), 'Owner', 'owner', 'edit'],
      [String(guest.session.id), 'Guest', 'collaborator', 'edit'],
    ]);
  });

  it('takes the site from PAGEWRIGHT_SITE, and --site over it', async () => {
    const { siteId, owner } = await siteWithGuest();
    const viaEnv = await owner.cli.run(['collaborators', 'list'], { env: { PAGEWRIGHT_SITE: siteId } });
    expect(rows(viaEnv.stdout)).toHaveLength(2);
    const viaFlag = await owner.cli.run(['collaborators', 'list', '--site', siteId], { env: { PAGEWRIGHT_SITE: 'elsewhere.example.com' } });
    expect(viaFlag.code).toBe(0);
    expect(rows(viaFlag.stdout)).toHaveLength(2);
  });

  it('refuses to run without a site', async () => {
    const { owner } = await siteWithGuest();
    const result = await owner.cli.run(['collaborators', 'list']);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toContain("error: required option '-s, --site <domain>' not specified");
  });

  it('lists open invite codes with --invitations, and the API answer with --json', async () => {
    const { siteId, owner } = await siteWithGuest();
    const code = (await owner.cli.run(['collaborators', 'invite', '--site', siteId])).stdout.trim();
    const invitations = await owner.cli.run(['collaborators', 'list', '--site', siteId, '--invitations']);
    expect(rows(invitations.stdout).map((r) => r[1])).toContain(code);
    const json = await owner.cli.run(['collaborators', 'ls', '--site', siteId, '--json']);
    const { data } = await owner.api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } });
    expect(JSON.parse(json.stdout)).toEqual(data);
  });
});

describe('collaborators lock and unlock', () => {
  it('makes a collaborator read-only and back', async () => {
    const { siteId, owner, guest } = await siteWithGuest();
    const lock = await owner.cli.run(['collaborators', 'lock', String(guest.session.id), '--site', siteId]);
    expect(lock).toMatchObject({ code: 0, stdout: '', stderr: `Locked Guest on ${siteId}: read-only until unlocked\n` });
    expect(Boolean((await member(siteId, guest.session.id)).is_locked)).toBe(true);
    expect(rows((await owner.cli.run(['collaborators', 'list', '--site', siteId])).stdout)[1]![3]).toBe('locked');

    const unlock = await owner.cli.run(['collaborators', 'unlock', String(guest.session.id), '--site', siteId, '--json']);
    expect(JSON.parse(unlock.stdout)).toMatchObject({ userId: guest.session.id, isLocked: false, role: 'collaborator' });
    expect(Boolean((await member(siteId, guest.session.id)).is_locked)).toBe(false);
  });

  it('never locks the owner, and only the owner locks', async () => {
    const { siteId, owner, guest } = await siteWithGuest();
    const self = await owner.cli.run(['collaborators', 'lock', String(owner.session.id), '--site', siteId]);
    expect(self.code).toBe(1);
    expect(self.stderr).toContain(messages.ownerCannotBeLocked);
    const byGuest = await guest.cli.run(['collaborators', 'lock', String(owner.session.id), '--site', siteId]);
    expect(byGuest.code).toBe(1);
    expect(Boolean((await member(siteId, owner.session.id)).is_locked)).toBe(false);
  });

  it('refuses a user id that is not a number before calling the server', async () => {
    const { siteId, owner } = await siteWithGuest();
    const result = await owner.cli.run(['collaborators', 'lock', 'Guest', '--site', siteId]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Not a user id; see them with: pagewright collaborators list');
  });
});

describe('collaborators remove', () => {
  it('removes with --yes', async () => {
    const { siteId, owner, guest } = await siteWithGuest();
    const result = await owner.cli.run(['collaborators', 'remove', String(guest.session.id), '--site', siteId, '--yes']);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: `Removed Guest from ${siteId}\n` });
    expect(await member(siteId, guest.session.id)).toBeUndefined();
  });

  it('needs --yes when it cannot ask, and removes nothing', async () => {
    const { siteId, owner, guest } = await siteWithGuest();
    const result = await owner.cli.run(['collaborators', 'rm', String(guest.session.id), '--site', siteId]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--yes required when not running interactively');
    expect(await member(siteId, guest.session.id)).toBeDefined();
  });

  it('asks on a terminal: no cancels with exit 2, yes removes', async () => {
    const { siteId, owner, guest } = await siteWithGuest();
    const args = ['collaborators', 'remove', String(guest.session.id), '--site', siteId];
    const question = `Remove Guest (user ${guest.session.id}) from ${siteId}? (y/N) `;
    const no = await owner.cli.runInTerminal(args, [[question, 'n\r']]);
    expect(no.code).toBe(2);
    expect(await member(siteId, guest.session.id)).toBeDefined();
    const yes = await owner.cli.runInTerminal(args, [[question, 'y\r']]);
    expect(yes.code).toBe(0);
    expect(yes.screen).toContain(`Removed Guest from ${siteId}`);
    expect(await member(siteId, guest.session.id)).toBeUndefined();
  });

  it('does not let anyone remove themselves', async () => {
    const { siteId, guest } = await siteWithGuest();
    const result = await guest.cli.run(['collaborators', 'remove', String(guest.session.id), '--site', siteId, '--yes']);
    expect(result).toMatchObject({ code: 1, stderr: `error: ${messages.cannotRemoveSelf} (400) field: userId\n` });
    expect(await member(siteId, guest.session.id)).toBeDefined();
  });
});
