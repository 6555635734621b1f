import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const totp = (secret: string, at = Date.now()) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({ timestamp: at });

describe('sign-up', () => {
  it('makes the first account of an empty instance an admin, and later ones not', async () => {
    const first = await t.signup('First');
    const second = await t.signup('Second');
    expect(first.session.isAdmin).toBe(true);
    expect(second.session.isAdmin).toBe(false);
    expect(second.session.plan.id).toBe(1);
    expect(second.session.subscription).toMatchObject({ planId: 1, billingFrequency: 'yearly', cancelAtPeriodEnd: false });
  });

  it('answers a session token that signs in', async () => {
    const { session } = await t.signup('Grace');
    const { data } = await t.client(session.token).GET('/user');
    expect(data?.name).toBe('Grace');
    expect(data).not.toHaveProperty('token');
  });

  it.each([
    [{ email: 'a@example.com', password: 'long enough' }, 'name', 'Name is required'],
    [{ name: 'A', password: 'long enough' }, 'email', 'E-mail is required'],
    [{ name: 'A', email: 'not-an-email', password: 'long enough' }, 'email', 'Invalid e-mail address'],
    [{ name: 'A', email: 'a@example.com' }, 'password', 'Password is required'],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'password', 'Password must be at least 8 characters'],
  ])('rejects %j with 400 on %s', async (body, field, message) => {
    const { error, response } = await t.client().POST('/auth/signup', { body: body as never });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, code: 'VALIDATION_FAILED', info: { field } });
  });

  it('refuses an e-mail that already has an account, in any case', async () => {
    await t.client().POST('/auth/signup', { body: { name: 'A', email: 'taken@example.com', password: 'long enough' } });
    const { error, response } = await t
      .client()
      .POST('/auth/signup', { body: { name: 'B', email: 'Taken@Example.com', password: 'long enough' } });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: 'EMAIL_TAKEN', info: { field: 'email' } });
    const users = await t.pw.deps.db('users').where({ email: 'taken@example.com' });
    expect(users).toHaveLength(1);
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    await t.client().POST('/auth/signup', { body: { name: 'H', email: 'hash@example.com', password: 'my secret words' } });
    const row = await t.pw.deps.db('users').where({ email: 'hash@example.com' }).first();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(row)).not.toContain('my secret words');
  });

  it('stores session tokens only as hashes', async () => {
    const { session } = await t.signup();
    const rows = await t.pw.deps.db('tokens').where({ kind: 'session' });
    expect(JSON.stringify(rows)).not.toContain(session.token);
  });
});

describe('login', () => {
  it('signs in with the right password, case-insensitively on the e-mail', async () => {
    const { session, password } = await t.signup('Lin');
    const { data } = await t.client().POST('/auth/login', { body: { email: session.email.toUpperCase(), password } });
    expect(data && 'token' in data && data.name).toBe('Lin');
  });

  it('answers 401 with both fields marked for a wrong password or an unknown e-mail', async () => {
    const { session } = await t.signup();
    for (const body of [
      { email: session.email, password: 'wrong password' },
      { email: 'nobody@example.com', password: 'whatever1' },
    ]) {
      const { error, response } = await t.client().POST('/auth/login', { body });
      expect(response.status).toBe(401);
      expect(error).toMatchObject({ code: 'INVALID_CREDENTIALS', info: { fields: ['email', 'password'] } });
    }
  });

  it('requires e-mail and password', async () => {
    const { error, response } = await t.client().POST('/auth/login', { body: { email: '', password: '' } });
    expect(response.status).toBe(400);
    expect(error?.info).toEqual({ field: 'email' });
  });

  it('locks an account out after too many failed attempts, then says when to retry', async () => {
    const local = await startTestServer({ RATE_LIMIT_LOGIN_ACCOUNT: '3' });
    try {
      const { session, password } = await local.signup();
      for (let i = 0; i < 3; i++) await local.client().POST('/auth/login', { body: { email: session.email, password: 'wrong-password' } });
      const { error, response } = await local.client().POST('/auth/login', { body: { email: session.email, password } });
      expect(response.status).toBe(429);
      expect(error?.code).toBe('RATE_LIMITED');
      expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
    } finally {
      await local.close();
    }
  });

  it('limits attempts per IP address across accounts', async () => {
    const local = await startTestServer({ RATE_LIMIT_LOGIN_IP: '2' });
    try {
      for (let i = 0; i < 2; i++) await local.client().POST('/auth/login', { body: { email: `x${i}@example.com`, password: 'whatever1' } });
      const { response } = await local.client().POST('/auth/login', { body: { email: 'y@example.com', password: 'whatever1' } });
      expect(response.status).toBe(429);
    } finally {
      await local.close();
    }
  });
});

describe('sessions', () => {
  it('validates a stored token and restores the session', async () => {
    const { session } = await t.signup('Val');
    const { data } = await t.client().POST('/auth/validate', { body: { token: session.token } });
    expect(data).toMatchObject({ id: session.id, token: session.token, name: 'Val' });
  });

  it('answers 401 to an unknown token, to no token, and after logout', async () => {
    const { session, api } = await t.signup();
    expect((await t.client().POST('/auth/validate', { body: { token: 'x'.repeat(43) } })).response.status).toBe(401);
    expect((await t.client().GET('/user')).response.status).toBe(401);
    expect((await t.client('not-a-session-token-at-all').GET('/user')).response.status).toBe(401);
    expect((await api.POST('/auth/logout')).response.status).toBe(204);
    expect((await t.client(session.token).GET('/user')).response.status).toBe(401);
  });

  it('answers 401 once a session has expired', async () => {
    const { session } = await t.signup();
    await t.pw.deps
      .db('tokens')
      .where({ kind: 'session' })
      .update({ expires_at: Date.now() - 1000 });
    const { response } = await t.client(session.token).GET('/user');
    expect(response.status).toBe(401);
  });
});

describe('two-factor', () => {
  async function enable() {
    const { session, api, password } = await t.signup('Tfa');
    const { data: setup } = await api.GET('/user/2fa');
    expect(setup?.qr).toMatch(/^data:image\/png;base64,/);
    expect(setup?.uri).toContain('otpauth://totp/');
    const { data: user } = await api.POST('/user/2fa', { body: { secret: setup!.secret, otp: totp(setup!.secret) } });
    expect(user?.tfaEnabled).toBe(true);
    return { session, api, password, secret: setup!.secret };
  }

  it('answers a two-factor token instead of a session, and the code finishes the login', async () => {
    const { session, password, secret } = await enable();
    const { data: first } = await t.client().POST('/auth/login', { body: { email: session.email, password } });
    expect(first).toEqual({ tfaToken: expect.any(String) });
    const tfaToken = (first as { tfaToken: string }).tfaToken;
    // The code spent on enabling cannot be used again; the next time step's code can.
    const next = totp(secret, Date.now() + 30_000);
    const { data } = await t.client().POST('/auth/login/2fa', { body: { token: tfaToken, otp: next } });
    expect(data?.id).toBe(session.id);
  });

  it('accepts a code only once', async () => {
    const { session, password, secret } = await enable();
    const code = totp(secret, Date.now() + 30_000);
    const login = async () =>
      ((await t.client().POST('/auth/login', { body: { email: session.email, password } })).data as { tfaToken: string }).tfaToken;
    expect((await t.client().POST('/auth/login/2fa', { body: { token: await login(), otp: code } })).response.status).toBe(200);
    const replay = await t.client().POST('/auth/login/2fa', { body: { token: await login(), otp: code } });
    expect(replay.response.status).toBe(401);
    expect(replay.error).toMatchObject({ code: 'OTP_INVALID', info: { field: 'otp' } });
  });

  it('rejects a wrong code, a malformed code and an unknown two-factor token', async () => {
    const { session, password } = await enable();
    const { data } = await t.client().POST('/auth/login', { body: { email: session.email, password } });
    const token = (data as { tfaToken: string }).tfaToken;
    expect((await t.client().POST('/auth/login/2fa', { body: { token, otp: '000000' } })).response.status).toBe(401);
    const malformed = await t.client().POST('/auth/login/2fa', { body: { token, otp: '12ab' } });
    expect(malformed.response.status).toBe(400);
    expect(malformed.error?.error).toBe('Enter the 6-digit code');
    const unknown = await t.client().POST('/auth/login/2fa', { body: { token: 'y'.repeat(43), otp: '123456' } });
    expect(unknown.error?.code).toBe('TFA_EXPIRED');
  });

  it('stores the secret encrypted, and disabling forgets it', async () => {
    const { session, api, secret } = await enable();
    const row = await t.pw.deps.db('users').where({ id: session.id }).first();
    expect(row.tfa_secret).not.toContain(secret);
    const { data } = await api.DELETE('/user/2fa');
    expect(data?.tfaEnabled).toBe(false);
    expect((await t.pw.deps.db('users').where({ id: session.id }).first()).tfa_secret).toBeNull();
  });

  it('turning it on signs out every other session and keeps the one that turned it on', async () => {
    const { session, api, password } = await t.signup('Tfa Sessions');
    const other = await t.client().POST('/auth/login', { body: { email: session.email, password } });
    const otherToken = (other.data as { token: string }).token;
    expect((await t.client(otherToken).GET('/user')).response.status).toBe(200);
    const { data: setup } = await api.GET('/user/2fa');
    await api.POST('/user/2fa', { body: { secret: setup!.secret, otp: totp(setup!.secret) } });
    expect((await t.client(otherToken).GET('/user')).response.status).toBe(401);
    expect((await api.GET('/user')).data?.tfaEnabled).toBe(true);
  });

  it('refuses to enable with a wrong code', async () => {
    const { api } = await t.signup();
    const { data: setup } = await api.GET('/user/2fa');
    const { error, response } = await api.POST('/user/2fa', { body: { secret: setup!.secret, otp: '000000' } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'OTP_INVALID', info: { field: 'otp' } });
  });
});

describe('password reset', () => {
  const linkToken = (text: string) => /reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1];

  it('answers the same whether or not the e-mail has an account, and mails a link only when it has', async () => {
    const { session } = await t.signup();
    const before = t.pw.deps.mailer.outbox.length;
    const known = await t.client().POST('/auth/forgot-password', { body: { email: session.email } });
    const unknown = await t.client().POST('/auth/forgot-password', { body: { email: 'ghost@example.com' } });
    expect(known.data).toEqual({ ok: true });
    expect(unknown.data).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 50));
    const sent = t.pw.deps.mailer.outbox.slice(before);
    expect(sent.map((m) => m.to)).toEqual([session.email]);
  });

  it('sets a new password once with the link, and ends every session', async () => {
    const { session, password } = await t.signup();
    await t.client().POST('/auth/forgot-password', { body: { email: session.email } });
    await new Promise((r) => setTimeout(r, 50));
    const mail = t.pw.deps.mailer.outbox.findLast((m) => m.to === session.email)!;
    const token = linkToken(mail.text)!;
    expect((await t.client().POST('/auth/reset-password', { body: { token, password: 'brand new pass' } })).data).toEqual({ ok: true });
    expect((await t.client(session.token).GET('/user')).response.status).toBe(401);
    expect((await t.client().POST('/auth/login', { body: { email: session.email, password } })).response.status).toBe(401);
    expect((await t.client().POST('/auth/login', { body: { email: session.email, password: 'brand new pass' } })).response.status).toBe(
      200,
    );
    const again = await t.client().POST('/auth/reset-password', { body: { token, password: 'another pass 2' } });
    expect(again.response.status).toBe(400);
    expect(again.error?.code).toBe('TOKEN_INVALID');
  });

  it('refuses an expired link and writes nothing', async () => {
    const { session, password } = await t.signup();
    await t.client().POST('/auth/forgot-password', { body: { email: session.email } });
    await new Promise((r) => setTimeout(r, 50));
    const token = linkToken(t.pw.deps.mailer.outbox.findLast((m) => m.to === session.email)!.text)!;
    await t.pw.deps
      .db('tokens')
      .where({ kind: 'reset', user_id: session.id })
      .update({ expires_at: Date.now() - 1 });
    expect((await t.client().POST('/auth/reset-password', { body: { token, password: 'brand new pass' } })).response.status).toBe(400);
    expect((await t.client().POST('/auth/login', { body: { email: session.email, password } })).response.status).toBe(200);
  });
});

describe('client version', () => {
  it('answers 426 to an SDK below the minimum, and never locks scripts out for a new web build', async () => {
    const local = await startTestServer({ MIN_CLIENT_VERSION: '1.0.0', WEB_BUILD: 'abc123' });
    try {
      const call = (version: string) => fetch(`${local.url}/api/templates`, { headers: { 'X-Client-Version': version } });
      const old = await call('sdk/0.9.0');
      expect(old.status).toBe(426);
      expect(await old.json()).toMatchObject({
        code: 'CLIENT_OUTDATED',
        error: 'A new version of the app is available. Press OK to update and continue.',
      });
      expect((await call('cli/1.2.0')).status).toBe(200);
      expect((await call('web/abc123')).status).toBe(200);
      expect((await call('web/0ld0ld')).status).toBe(426);
      expect((await fetch(`${local.url}/api/templates`)).status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('notices a deployed web build within a second, without a restart', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-dist-'));
    fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ build: 'first' }));
    const local = await startTestServer({ WEB_DIST: dist });
    try {
      const call = (version: string) => fetch(`${local.url}/api/templates`, { headers: { 'X-Client-Version': version } });
      expect((await call('web/first')).status).toBe(200);
      fs.writeFileSync(path.join(dist, 'build.json'), JSON.stringify({ build: 'second' }));
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await call('web/first')).status).toBe(426);
      expect((await call('web/second')).status).toBe(200);
    } finally {
      await local.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
