import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import {
  freePort,
  startGitHubServer,
  startGoogleServer,
  testAccount,
  TestBrowser,
  type ProviderServer,
  type TestAccount,
} from '../support/oauthServers.js';

type Provider = 'google' | 'github';

let t: TestServer;
let google: ProviderServer;
let github: ProviderServer & { apiUrl: string };
const providers = (): Record<Provider, ProviderServer> => ({ google, github });

/** Pagewright on a port known up front, with both providers pointing at their local stand-ins. */
async function startWithProviders(googleOptions: { claimsInIdToken?: boolean } = {}) {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const g = await startGoogleServer(`${url}/api/auth/google/callback`, googleOptions);
  const gh = await startGitHubServer(`${url}/api/auth/github/callback`);
  const server = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: url,
    GOOGLE_CLIENT_ID: g.clientId,
    GOOGLE_CLIENT_SECRET: g.clientSecret,
    GOOGLE_ISSUER: g.url,
    GITHUB_CLIENT_ID: gh.clientId,
    GITHUB_CLIENT_SECRET: gh.clientSecret,
    GITHUB_URL: gh.url,
    GITHUB_API_URL: gh.apiUrl,
  });
  return {
    server,
    google: g,
    github: gh,
    close: async () => {
      await server.close();
      await Promise.all([g.close(), gh.close()]);
    },
  };
}

let stack: Awaited<ReturnType<typeof startWithProviders>>;
beforeAll(async () => {
  stack = await startWithProviders();
  ({ server: t, google, github } = stack);
});
afterAll(() => stack.close());

const browser = () => new TestBrowser(t.url, contractFetch(t.url));
const isCallback = (url: URL) => url.pathname.endsWith('/callback') && url.pathname.startsWith('/api/');

/** Signs in at the provider as the account and clicks "Sign in with …"; answers where the web app lands. */
async function signInWith(provider: Provider, account: TestAccount, b = browser()): Promise<URL> {
  b.signInAt(providers()[provider], account);
  return b.open(`${t.url}/api/auth/${provider}`);
}

/** What the web app's /auth/token/{token} page does. */
async function loginWithToken(landing: URL) {
  expect(landing.pathname).toMatch(/^\/auth\/token\/[\w-]{43}$/);
  const token = landing.pathname.split('/').pop()!;
  return t.client().POST('/auth/login/token', { body: { token } });
}

async function sessionFor(provider: Provider, account: TestAccount) {
  const { data, error } = await loginWithToken(await signInWith(provider, account));
  if (!data || !('token' in data)) throw new Error(`token login gave no session: ${JSON.stringify(data ?? error)}`);
  return data;
}

const failure = (landing: URL) => (landing.pathname === '/auth/login' ? landing.searchParams.get('error') : `landed on ${landing.href}`);

describe('when a provider is not configured', () => {
  it('answers 503 PROVIDER_NOT_CONFIGURED for both providers', async () => {
    const bare = await startTestServer();
    try {
      const checked = contractFetch(bare.url);
      for (const [provider, name] of [
        ['google', 'Google'],
        ['github', 'GitHub'],
      ] as const) {
        const response = await checked(`${bare.url}/api/auth/${provider}`, { redirect: 'manual' });
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({
          code: 'PROVIDER_NOT_CONFIGURED',
          error: `Sign-in with ${name} is not configured on this server`,
        });
      }
    } finally {
      await bare.close();
    }
  });
});

describe('Google sign-in', () => {
  it('redirects to the provider with PKCE (S256), a nonce and the callback as redirect URI', async () => {
    const response = await contractFetch(t.url)(`${t.url}/api/auth/google`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe(google.url);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: google.clientId,
      response_type: 'code',
      redirect_uri: `${t.url}/api/auth/google/callback`,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.any(String),
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/i);
  });

  it('creates an account for a new user and signs them in through a one-time token', async () => {
    const account = testAccount({ name: 'Grace Hopper' });
    const session = await sessionFor('google', account);
    expect(session).toMatchObject({
      name: 'Grace Hopper',
      email: account.email,
      imageUrl: account.picture,
      googleAuth: true,
      githubAuth: false,
      hasPassword: false,
      plan: { id: 1 },
    });
    const { data: user } = await t.client(session.token).GET('/user');
    expect(user?.id).toBe(session.id);
  });

  it('signs the same Google account into the same user next time', async () => {
    const account = testAccount();
    const first = await sessionFor('google', account);
    const again = await sessionFor('google', account);
    expect(again.id).toBe(first.id);
    expect(await t.pw.deps.db('users').where({ email: account.email })).toHaveLength(1);
  });

  it('gives an account whose e-mail was never proven to the Google holder, voiding the password and sessions', async () => {
    // Someone registered the address first (sign-up proves nothing); Google proves who holds it.
    const { session, password } = await t.signup('Linda');
    const account = testAccount({ email: session.email.toUpperCase() });
    const linked = await sessionFor('google', account);
    expect(linked).toMatchObject({ id: session.id, googleAuth: true, hasPassword: false });
    expect((await t.client(session.token).GET('/user')).response.status).toBe(401);
    expect((await t.client().POST('/auth/login', { body: { email: session.email, password } })).response.status).toBe(401);
    expect((await t.client(linked.token).GET('/user')).response.status).toBe(200);
  });

  it('links an account whose e-mail was proven and keeps its password and sessions', async () => {
    const { session, password } = await t.signup('Proven');
    await t.pw.deps.db('users').where({ id: session.id }).update({ email_verified: true });
    const linked = await sessionFor('google', testAccount({ email: session.email }));
    expect(linked).toMatchObject({ id: session.id, googleAuth: true, hasPassword: true });
    expect((await t.client(session.token).GET('/user')).response.status).toBe(200);
    expect((await t.client().POST('/auth/login', { body: { email: session.email, password } })).response.status).toBe(200);
  });

  it('counts a password reset as proof of the mailbox', async () => {
    const { session } = await t.signup('Resetter');
    await t.client().POST('/auth/forgot-password', { body: { email: session.email } });
    await new Promise((r) => setTimeout(r, 50));
    const mail = t.pw.deps.mailer.outbox.findLast((m) => m.to === session.email)!;
    const token = /reset-password\/([\w-]+)/.exec(mail.text)![1]!;
    await t.client().POST('/auth/reset-password', { body: { token, password: 'after the reset' } });
    const linked = await sessionFor('google', testAccount({ email: session.email }));
    expect(linked).toMatchObject({ id: session.id, hasPassword: true });
  });

  it('still asks for the second factor when two-factor is on', async () => {
    const { session, api } = await t.signup('Careful');
    await t.pw.deps.db('users').where({ id: session.id }).update({ email_verified: true });
    const account = testAccount({ email: session.email });
    await sessionFor('google', account);
    const { data: setup } = await api.GET('/user/2fa');
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup!.secret), digits: 6, period: 30 }).generate();
    expect((await api.POST('/user/2fa', { body: { secret: setup!.secret, otp: code } })).data!.tfaEnabled).toBe(true);
    const { data } = await loginWithToken(await signInWith('google', account));
    expect(data).toEqual({ tfaToken: expect.any(String) });
  });

  it('refuses an e-mail Google has not verified, and creates nothing', async () => {
    const account = testAccount({ emailVerified: false });
    expect(failure(await signInWith('google', account))).toBe('email_unverified');
    expect(await t.pw.deps.db('users').where({ email: account.email })).toHaveLength(0);
  });

  it('refuses to link an unverified e-mail to an existing account', async () => {
    const { session } = await t.signup();
    expect(failure(await signInWith('google', testAccount({ email: session.email, emailVerified: false })))).toBe('email_unverified');
    expect((await t.pw.deps.db('users').where({ id: session.id }).first()).google_id).toBeNull();
  });

  it('refuses a second Google account for a user who already has one connected', async () => {
    const { session } = await t.signup();
    await sessionFor('google', testAccount({ email: session.email }));
    expect(failure(await signInWith('google', testAccount({ email: session.email })))).toBe('account_in_use');
  });

  it('goes back to the login page when the user cancels at Google', async () => {
    const b = browser();
    b.setCookie(google.url, 'test_consent', 'deny');
    expect(failure(await signInWith('google', testAccount(), b))).toBe('access_denied');
  });

  it('goes back to the login page when the code does not exchange', async () => {
    const b = browser();
    b.signInAt(google, testAccount());
    const callback = await b.open(`${t.url}/api/auth/google`, isCallback);
    callback.searchParams.set('code', 'not-a-code-google-issued');
    expect(failure(await b.open(callback.href))).toBe('provider_failed');
  });
});

describe('GitHub sign-in', () => {
  it('redirects to GitHub with PKCE (S256) and the callback as redirect URI', async () => {
    const response = await contractFetch(t.url)(`${t.url}/api/auth/github`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${github.url}/login/oauth/authorize`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: github.clientId,
      redirect_uri: `${t.url}/api/auth/github/callback`,
      code_challenge_method: 'S256',
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('creates an account from the primary verified e-mail and signs the user in', async () => {
    const account = testAccount({ name: 'Linus' });
    const session = await sessionFor('github', account);
    expect(session).toMatchObject({
      name: 'Linus',
      email: account.email,
      imageUrl: account.picture,
      githubAuth: true,
      googleAuth: false,
      hasPassword: false,
    });
    const row = await t.pw.deps.db('users').where({ id: session.id }).first();
    expect(row.github_id).toBe(account.id);
  });

  it('links an existing account by e-mail and keeps signing into it', async () => {
    const { session } = await t.signup('Ada');
    const account = testAccount({ email: session.email });
    expect((await sessionFor('github', account)).id).toBe(session.id);
    expect((await sessionFor('github', account)).id).toBe(session.id);
  });

  it('refuses an account whose primary e-mail is not verified', async () => {
    const account = testAccount({ emailVerified: false });
    expect(failure(await signInWith('github', account))).toBe('email_unverified');
    expect(await t.pw.deps.db('users').where({ email: account.email })).toHaveLength(0);
  });

  it('goes back to the login page when the user cancels at GitHub', async () => {
    const b = browser();
    b.setCookie(github.url, 'test_consent', 'deny');
    expect(failure(await signInWith('github', testAccount(), b))).toBe('access_denied');
  });

  it('goes back to the login page when GitHub refuses the code', async () => {
    const b = browser();
    b.signInAt(github, testAccount());
    const callback = await b.open(`${t.url}/api/auth/github`, isCallback);
    callback.searchParams.set('code', 'forged');
    expect(failure(await b.open(callback.href))).toBe('provider_failed');
  });
});

describe('state and one-time tokens', () => {
  it.each(['google', 'github'] as const)('refuses an unknown or tampered state (%s)', async (provider) => {
    const b = browser();
    b.signInAt(providers()[provider], testAccount());
    const callback = await b.open(`${t.url}/api/auth/${provider}`, isCallback);
    const state = callback.searchParams.get('state')!;
    const tampered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
    callback.searchParams.set('state', tampered);
    b.setCookie(t.url, 'pw_oauth_state', tampered);
    expect(failure(await b.open(callback.href))).toBe('invalid_state');
  });

  it('accepts a state once', async () => {
    const b = browser();
    const account = testAccount();
    b.signInAt(google, account);
    const callback = await b.open(`${t.url}/api/auth/google`, isCallback);
    const state = b.cookie(t.url, 'pw_oauth_state')!;
    expect((await loginWithToken(await b.open(callback.href))).response.status).toBe(200);
    // Even with the state cookie put back, the replayed redirect is refused.
    b.setCookie(t.url, 'pw_oauth_state', state);
    expect(failure(await b.open(callback.href))).toBe('invalid_state');
  });

  it('accepts the redirect back only in the browser that started the sign-in', async () => {
    const victim = browser();
    const attacker = browser();
    attacker.signInAt(github, testAccount());
    const callback = await attacker.open(`${t.url}/api/auth/github`, isCallback);
    expect(failure(await victim.open(callback.href))).toBe('invalid_state');
    expect((await loginWithToken(await attacker.open(callback.href))).response.status).toBe(200);
  });

  it('accepts a login token once', async () => {
    const landing = await signInWith('github', testAccount());
    expect((await loginWithToken(landing)).response.status).toBe(200);
    const again = await loginWithToken(landing);
    expect(again.response.status).toBe(401);
    expect(again.error?.code).toBe('TOKEN_INVALID');
  });

  it('stores the state and the login token only as hashes', async () => {
    const b = browser();
    b.signInAt(google, testAccount());
    const callback = await b.open(`${t.url}/api/auth/google`, isCallback);
    const landing = await b.open(callback.href);
    const rows = JSON.stringify(await t.pw.deps.db('tokens').whereIn('kind', ['oauth', 'login']));
    expect(rows).not.toContain(callback.searchParams.get('state'));
    expect(rows).not.toContain(landing.pathname.split('/').pop());
  });
});

describe('disconnecting a provider', () => {
  it('refuses to disconnect the only way in, and allows it once there is another', async () => {
    const email = testAccount().email;
    const session = await sessionFor('google', testAccount({ email }));
    const api = t.client(session.token);
    const only = await api.DELETE('/user/auth/{provider}', { params: { path: { provider: 'google' } } });
    expect(only.response.status).toBe(409);
    expect(only.error?.code).toBe('LAST_SIGN_IN_METHOD');

    expect((await sessionFor('github', testAccount({ email }))).id).toBe(session.id);
    const { data } = await api.DELETE('/user/auth/{provider}', { params: { path: { provider: 'google' } } });
    expect(data).toMatchObject({ googleAuth: false, githubAuth: true, hasPassword: false });
    const last = await api.DELETE('/user/auth/{provider}', { params: { path: { provider: 'github' } } });
    expect(last.error?.code).toBe('LAST_SIGN_IN_METHOD');
  });

  it('lets a password account disconnect its provider', async () => {
    const { session, api } = await t.signup();
    await t.pw.deps.db('users').where({ id: session.id }).update({ email_verified: true });
    await sessionFor('github', testAccount({ email: session.email }));
    const { data } = await api.DELETE('/user/auth/{provider}', { params: { path: { provider: 'github' } } });
    expect(data).toMatchObject({ githubAuth: false, hasPassword: true });
  });
});

describe('a provider that keeps the e-mail out of the ID token', () => {
  it('reads it from userinfo, and makes the first account of an empty instance its admin', async () => {
    const other = await startWithProviders({ claimsInIdToken: false });
    try {
      const b = new TestBrowser(other.server.url, contractFetch(other.server.url));
      const account = testAccount({ name: 'First Admin' });
      b.signInAt(other.google, account);
      const landing = await b.open(`${other.server.url}/api/auth/google`);
      const token = landing.pathname.split('/').pop()!;
      const { data } = await other.server.client().POST('/auth/login/token', { body: { token } });
      expect(data).toMatchObject({ email: account.email, name: 'First Admin', imageUrl: account.picture, isAdmin: true, googleAuth: true });
      expect(data && 'subscription' in data && data.subscription).toMatchObject({ planId: 1 });
    } finally {
      await other.close();
    }
  });
});
