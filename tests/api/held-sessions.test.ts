import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../server/src/core/messages.js';
import { cmsOf } from '../support/cms.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic, team, type Team } from '../support/team.js';

// Issue 32: a verified session, API key and site access answer are held in memory for a few seconds
// (docs/decisions/0081-per-request-costs.md); every change that ends them takes effect on the very
// next request, never a few seconds later. Each test first uses the session or key (so it is held),
// then makes the change, then expects the refusal at once.

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.close());

const PASSWORD = 'correct horse battery';
const totp = (secret: string) => new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

/** A user signed in twice: `first` makes the changes, `second` is the session held meanwhile. */
async function twoSessions(name: string) {
  const { session, api } = await t.signup(name);
  const { data } = await t.client().POST('/auth/login', { body: { email: session.email, password: PASSWORD } });
  const second = (data as { token: string }).token;
  expect((await t.client(second).GET('/user')).response.status).toBe(200);
  return { session, first: api, second };
}

const status = async (token: string) => (await t.client(token).GET('/user')).response.status;

describe('held sessions', () => {
  it('are refused at once after logout', async () => {
    const { session } = await t.signup('Leaving');
    expect(await status(session.token)).toBe(200);
    expect((await t.client(session.token).POST('/auth/logout')).response.status).toBe(204);
    expect(await status(session.token)).toBe(401);
  });

  it('are refused at once after a password change ends the other sessions; the one that changed it stays', async () => {
    const { session, first, second } = await twoSessions('Changer');
    const { response } = await first.PATCH('/user/password', { body: { password: PASSWORD, passwordNew: 'a brand new passphrase' } });
    expect(response.status).toBe(200);
    expect(await status(second)).toBe(401);
    expect(await status(session.token)).toBe(200);
  });

  it('are refused at once after a password reset ends every session', async () => {
    const { session, second } = await twoSessions('Resetter');
    await t.client().POST('/auth/forgot-password', { body: { email: session.email } });
    const mail = t.pw.deps.mailer.outbox.findLast((m) => m.to === session.email)!;
    const token = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect((await t.client().POST('/auth/reset-password', { body: { token, password: 'a brand new passphrase' } })).response.status).toBe(
      200,
    );
    expect(await status(second)).toBe(401);
    expect(await status(session.token)).toBe(401);
  });

  it('are refused at once when turning two-factor sign-in on ends the other sessions', async () => {
    const { session, first, second } = await twoSessions('Two factor');
    const { data: setup } = await first.GET('/user/2fa');
    const { response } = await first.POST('/user/2fa', { body: { secret: setup!.secret, otp: totp(setup!.secret) } });
    expect(response.status).toBe(200);
    expect(await status(second)).toBe(401);
    expect(await status(session.token)).toBe(200);
    // Turning it off again drops what is held too: the session goes on, read again from the database.
    expect((await first.DELETE('/user/2fa')).data).toMatchObject({ tfaEnabled: false });
    expect(await status(session.token)).toBe(200);
  });

  it('and API keys are refused at once when the account is suspended', async () => {
    const admin = await adminClient();
    const { session, first, second } = await twoSessions('Suspended');
    const siteId = `held-${session.id}.example.com`;
    await first.POST('/sites', { body: { name: 'Held', siteId, templateId: 'launch' } });
    const { data: key } = await first.POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: {} });
    const withKey = () => fetch(`${t.url}/api/sites/${siteId}/content`, { headers: { Authorization: basic(key!.key) } });
    expect((await withKey()).status).toBe(200);
    const { response } = await admin.PATCH('/admin/users/{userId}', {
      params: { path: { userId: session.id } },
      body: { suspended: true },
    });
    expect(response.status).toBe(200);
    expect(await status(second)).toBe(401);
    expect(await status(session.token)).toBe(401);
    const refused = await withKey();
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ACCOUNT_SUSPENDED', error: messages.accountSuspended });
  });
});

/** The instance's admin: the first account of the test server's database, made admin here if another test came first. */
async function adminClient() {
  const { session } = await t.signup('Admin');
  await t.pw.deps.db('users').where({ id: session.id }).update({ is_admin: true });
  // The flag was written behind the server's back: a new session reads it.
  const { data } = await t.client().POST('/auth/login', { body: { email: session.email, password: PASSWORD } });
  return t.client((data as { token: string }).token);
}

describe('held API keys and site access', () => {
  let crew: Team;
  beforeAll(async () => {
    crew = await team(t);
    await cmsOf(crew.owner.api, crew.siteId).create({ id: 'notes', name: 'Notes' });
  });

  const listWith = (token: string) =>
    fetch(`${t.url}/api/sites/${crew.siteId}/content/notes/items`, { headers: { Authorization: basic(token) } });

  it('a locked or deleted key is refused on its next use', async () => {
    const { data: created } = await crew.owner.api.POST('/sites/{siteId}/api-keys', {
      params: { path: { siteId: crew.siteId } },
      body: {},
    });
    const path = { siteId: crew.siteId, token: created!.token };
    expect((await listWith(created!.key)).status).toBe(200);
    await crew.owner.api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path }, body: { isLocked: true } });
    const locked = await listWith(created!.key);
    expect(locked.status).toBe(403);
    expect(await locked.json()).toMatchObject({ code: 'API_KEY_LOCKED' });
    await crew.owner.api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path }, body: { isLocked: false } });
    expect((await listWith(created!.key)).status).toBe(200);
    await crew.owner.api.DELETE('/sites/{siteId}/api-keys/{token}', { params: { path } });
    expect((await listWith(created!.key)).status).toBe(401);
  });

  it('a removed collaborator reads nothing more of the site', async () => {
    const { collaborator } = await (async () => {
      const { session, api } = await t.signup('Short stay');
      const { data: invitation } = await crew.owner.api.POST('/sites/{siteId}/collaborators/invitations', {
        params: { path: { siteId: crew.siteId } },
      });
      await api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
      return { collaborator: { id: session.id, token: session.token } };
    })();
    expect((await listWith(collaborator.token)).status).toBe(200);
    await crew.owner.api.DELETE('/sites/{siteId}/collaborators/{userId}', {
      params: { path: { siteId: crew.siteId, userId: collaborator.id } },
    });
    expect((await listWith(collaborator.token)).status).toBe(404);
  });

  it('a deleted site answers Not found at once, and its item reads too', async () => {
    const { session, api } = await t.signup('Deleter');
    const siteId = `deleted-${session.id}.example.com`;
    await api.POST('/sites', { body: { name: 'Gone', siteId, templateId: 'launch' } });
    const cms = cmsOf(api, siteId);
    await cms.create({ id: 'notes', name: 'Notes' });
    await cms.addField('notes', { name: 'title', type: 'text' });
    const { data: item } = await cms.addItem('notes', { title: 'Kept' });
    expect((await cms.item('notes', item!.itemId)).data).toEqual({ _id: item!.itemId, title: 'Kept' });
    await api.DELETE('/sites/{siteId}', { params: { path: { siteId }, query: { confirm: siteId } } });
    expect((await cms.item('notes', item!.itemId)).response.status).toBe(404);
    expect((await cms.items('notes')).response.status).toBe(404);
  });

  it('a new field and a rename are seen by the next read', async () => {
    const cms = cmsOf(crew.owner.api, crew.siteId);
    expect((await cms.get('notes')).data!.fields).toEqual([]);
    await cms.addField('notes', { name: 'title', type: 'text' });
    expect((await cms.get('notes')).data!.fields.map((f) => f.id)).toEqual(['title']);
    await cms.update('notes', { id: 'memos', name: 'Memos' });
    expect((await cms.get('notes')).response.status).toBe(404);
    expect((await cms.get('memos')).data).toMatchObject({ id: 'memos', name: 'Memos' });
    await cms.update('memos', { id: 'notes', name: 'Notes' });
  });
});

// With Redis (CI sets REDIS_URL), two instances on one database: what one instance holds is dropped
// when the change is made through the other, within a second (polled until then, never slept).
const REDIS_URL = process.env.REDIS_URL;
if (REDIS_URL) {
  describe('two instances with one Redis', () => {
    let a: TestServer;
    let b: TestServer;
    beforeAll(async () => {
      a = await startTestServer({ REDIS_URL });
      const config = a.pw.deps.config;
      b = await startTestServer({
        REDIS_URL,
        DATA_DIR: config.dataDir,
        ...(config.databaseUrl ? { DATABASE_URL: config.databaseUrl } : {}),
      });
      // Each instance holds nothing until it hears the invalidations: wait until both do.
      await until(
        () => a.pw.deps.bus.hearsInvalidations() && b.pw.deps.bus.hearsInvalidations(),
        () => true,
        5000,
      );
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    /** Polls `read` until `done` says its answer is the one expected, or the deadline passes; answers the last. */
    async function until<T>(read: () => T | Promise<T>, done: (value: T) => boolean, ms: number): Promise<T> {
      const deadline = performance.now() + ms;
      let value = await read();
      while (!done(value) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        value = await read();
      }
      return value;
    }

    const statusOn = async (on: TestServer, token: string) => (await on.client(token).GET('/user')).response.status;

    it('refuse a session held by the other instance within one second of logout', async () => {
      const { session } = await a.signup('Everywhere');
      expect(await statusOn(b, session.token)).toBe(200);
      expect(await statusOn(b, session.token)).toBe(200); // held on b now
      expect((await a.client(session.token).POST('/auth/logout')).response.status).toBe(204);
      expect(
        await until(
          () => statusOn(b, session.token),
          (s) => s === 401,
          1000,
        ),
      ).toBe(401);
    });

    it('refuse a removed collaborator on the other instance within one second', async () => {
      const owner = await a.signup('Owner');
      await a.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: 2 });
      const siteId = `both-${owner.session.id}.example.com`;
      await owner.api.POST('/sites', { body: { name: 'Both', siteId, templateId: 'launch' } });
      await cmsOf(owner.api, siteId).create({ id: 'notes', name: 'Notes' });
      const guest = await a.signup('Guest');
      const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
      await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
      const list = async () => (await cmsOf(b.client(guest.session.token), siteId).items('notes')).response.status;
      expect(await list()).toBe(200);
      await owner.api.DELETE('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId, userId: guest.session.id } } });
      expect(await until(list, (s) => s === 404, 1000)).toBe(404);
    });
  });
}
