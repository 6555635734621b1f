import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('profile', () => {
  it('reads the user with plan, subscription and site count', async () => {
    const { api, session } = await t.signup('Reader');
    const { data } = await api.GET('/user');
    expect(data).toMatchObject({
      id: session.id,
      name: 'Reader',
      email: session.email,
      googleAuth: false,
      githubAuth: false,
      sites: 0,
      maxSites: 3,
      tfaEnabled: false,
      hasPassword: true,
      plan: { id: 1 },
      subscription: { planId: 1, billingFrequency: 'yearly' },
    });
    expect(data!.publicUserId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('updates name, e-mail, image, city and country', async () => {
    const { api } = await t.signup();
    const email = `renamed-${Date.now()}@example.com`;
    const { data } = await api.PATCH('/user', {
      body: { name: 'Renamed', email: email.toUpperCase(), imageUrl: 'https://example.com/me.png', city: 'Turku', country: 'fi' },
    });
    expect(data).toMatchObject({ name: 'Renamed', email, imageUrl: 'https://example.com/me.png', city: 'Turku', country: 'FI' });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ email: 'nope' }, 'email', 'Invalid e-mail address'],
    [{ imageUrl: 'javascript:alert(1)' }, 'imageUrl', 'Image must be an http(s) URL'],
    [{ country: 'Finland' }, 'country', 'Country must be a two-letter ISO code'],
  ])('rejects %j', async (body, field, message) => {
    const { api, session } = await t.signup('Stays');
    const { error, response } = await api.PATCH('/user', { body: body as never });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect((await api.GET('/user')).data).toMatchObject({ name: 'Stays', email: session.email });
  });

  it('treats a changed e-mail as unproven until its holder proves it', async () => {
    const { api, session } = await t.signup();
    await t.pw.deps.db('users').where({ id: session.id }).update({ email_verified: true });
    await api.PATCH('/user', { body: { name: 'Same address', email: session.email } });
    expect(Boolean((await t.pw.deps.db('users').where({ id: session.id }).first()).email_verified)).toBe(true);
    await api.PATCH('/user', { body: { email: `moved-${session.id}@example.com` } });
    expect(Boolean((await t.pw.deps.db('users').where({ id: session.id }).first()).email_verified)).toBe(false);
  });

  it('refuses an e-mail another account uses', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const { error, response } = await b.api.PATCH('/user', { body: { email: a.session.email } });
    expect(response.status).toBe(409);
    expect(error?.code).toBe('EMAIL_TAKEN');
  });
});

describe('password change', () => {
  it('checks the old password, then ends the other sessions but keeps this one', async () => {
    const { api, session, password } = await t.signup();
    const other = await t.client().POST('/auth/login', { body: { email: session.email, password } });
    const otherToken = (other.data as { token: string }).token;
    const wrong = await api.PATCH('/user/password', { body: { password: 'not it at all', passwordNew: 'new password 1' } });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error).toMatchObject({ code: 'PASSWORD_WRONG', info: { field: 'password' } });
    const short = await api.PATCH('/user/password', { body: { password, passwordNew: 'short' } });
    expect(short.error).toMatchObject({ info: { field: 'passwordNew' } });
    expect((await api.PATCH('/user/password', { body: { password, passwordNew: 'new password 1' } })).data).toEqual({ ok: true });
    expect((await api.GET('/user')).response.status).toBe(200);
    expect((await t.client(otherToken).GET('/user')).response.status).toBe(401);
    expect((await t.client().POST('/auth/login', { body: { email: session.email, password: 'new password 1' } })).response.status).toBe(
      200,
    );
  });
});

describe('providers', () => {
  it('answers 404 when disconnecting a provider that is not connected', async () => {
    const { api } = await t.signup();
    const { response, error } = await api.DELETE('/user/auth/{provider}', { params: { path: { provider: 'google' } } });
    expect(response.status).toBe(404);
    expect(error?.error).toBe('No Google account is connected');
  });

  it('disconnects a provider when a password remains', async () => {
    const { api, session } = await t.signup();
    await t.pw.deps.db('users').where({ id: session.id }).update({ github_id: '4242' });
    expect((await api.GET('/user')).data!.githubAuth).toBe(true);
    const { data } = await api.DELETE('/user/auth/{provider}', { params: { path: { provider: 'github' } } });
    expect(data!.githubAuth).toBe(false);
  });

  it('never leaves an account with no way in', async () => {
    const { api, session } = await t.signup();
    await t.pw.deps.db('users').where({ id: session.id }).update({ google_id: 'g-1', password_hash: null });
    const { response, error } = await api.DELETE('/user/auth/{provider}', { params: { path: { provider: 'google' } } });
    expect(response.status).toBe(409);
    expect(error?.code).toBe('LAST_SIGN_IN_METHOD');
    expect((await api.GET('/user')).data!.googleAuth).toBe(true);
  });
});

describe('plans and subscription', () => {
  it('lists the free plan first, with unlimited as 9999', async () => {
    const { data } = await t.client().GET('/payments/plans');
    expect(data![0]).toMatchObject({ id: 1, monthlyPrice: 0, yearlyPrice: 0 });
    expect(data!.some((p) => p.sites === 9999)).toBe(true);
  });

  it('answers billing is not configured without Stripe keys', async () => {
    const { api, session } = await t.signup();
    const { response, error } = await api.GET('/checkout/{publicUserId}/{priceId}', {
      params: { path: { publicUserId: session.publicUserId, priceId: 'price_x' } },
    });
    expect(response.status).toBe(503);
    expect(error).toMatchObject({ code: 'BILLING_NOT_CONFIGURED', error: 'Billing is not configured on this server' });
  });

  it('cancels and resumes a plan granted without Stripe locally', async () => {
    const { api, session } = await t.signup();
    await t.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 2 });
    expect((await api.PATCH('/subscription', { body: { cancel_at_period_end: true } })).data!.cancelAtPeriodEnd).toBe(true);
    expect((await api.PATCH('/subscription', { body: { cancel_at_period_end: false } })).data!.cancelAtPeriodEnd).toBe(false);
  });

  it('refuses to cancel a Stripe subscription when Stripe is not configured, and changes nothing', async () => {
    const { api, session } = await t.signup();
    await t.pw.deps
      .db('subscriptions')
      .where({ user_id: session.id })
      .update({ plan_id: 2, stripe_subscription_id: `sub_${session.id}` });
    const { response, error } = await api.PATCH('/subscription', { body: { cancel_at_period_end: true } });
    expect(response.status).toBe(503);
    expect(error?.code).toBe('BILLING_NOT_CONFIGURED');
    expect((await api.GET('/subscription')).data!.cancelAtPeriodEnd).toBe(false);
  });
});
