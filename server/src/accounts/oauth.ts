import crypto from 'node:crypto';
import type * as client from 'openid-client';
import type * as zodModule from 'zod';
import type { Config } from '../config.js';
import { isUniqueViolation } from '../db/errors.js';
import { unavailable } from '../core/errors.js';
import { messages } from '../core/messages.js';
/** The external identity providers. */
export type Provider = 'google' | 'github';
import type { Deps } from '../core/deps.js';
import { freeSubscription } from '../core/subscriptions.js';
import { issueToken, takeToken, TOKEN_TTL_MS } from './tokens.js';
import { normalizeEmail } from '../core/validation.js';
import { lazyRequire } from '../core/lazy.js';
import { userTag } from '../core/held.js';

// openid-client (ES modules only) and zod load with the first external sign-in, not at start.
const openid = () => import('openid-client');
const zod = lazyRequire<typeof zodModule>('zod');

const PROVIDER_NAMES = { google: 'Google', github: 'GitHub' } as const satisfies Record<Provider, string>;

/** Why a sign-in by redirect failed; the web app reads it from `/auth/login?error=…`. */
export type OAuthFailureCode =
  'not_configured' | 'access_denied' | 'invalid_state' | 'provider_failed' | 'email_unverified' | 'account_in_use' | 'server_error';

export class OAuthFailure extends Error {
  constructor(
    readonly code: OAuthFailureCode,
    options?: { cause: unknown },
  ) {
    super(`external sign-in failed: ${code}`, options);
    this.name = 'OAuthFailure';
  }
}

/** The external account, as far as we use it. `email` is set only when the provider vouches for it. */
interface ExternalAccount {
  id: string;
  email: string | null;
  name: string;
  imageUrl: string | null;
}

function makeSchemas() {
  const { z } = zod();
  return {
    /** What the state token remembers between the redirect out and the redirect back. */
    Pending: z.object({
      provider: z.enum(['google', 'github']),
      verifier: z.string().min(43),
      nonce: z.string().nullable(),
    }),
    GitHubUser: z.object({
      id: z.union([z.number().int(), z.string().min(1)]),
      login: z.string(),
      name: z.string().nullish(),
      avatar_url: z.string().nullish(),
    }),
    GitHubEmails: z.array(z.object({ email: z.string(), primary: z.boolean(), verified: z.boolean() })),
  };
}
let madeSchemas: ReturnType<typeof makeSchemas> | null = null;
const schemas = () => (madeSchemas ??= makeSchemas());

const SCOPES: Record<Provider, string> = { google: 'openid email profile', github: 'read:user user:email' };
const API_TIMEOUT_MS = 10_000;

// Plain http only ever means a local stand-in for the provider (tests, development).
const isLocal = (url: string) => new URL(url).protocol === 'http:';

/** Google's discovered configuration, once per process (keyed by everything it depends on). */
const discovered = new Map<string, Promise<client.Configuration>>();

function googleConfiguration(google: NonNullable<Config['google']>): Promise<client.Configuration> {
  const key = JSON.stringify([google.issuer, google.clientId, google.clientSecret]);
  let config = discovered.get(key);
  if (!config) {
    config = openid().then((oidc) =>
      oidc.discovery(
        new URL(google.issuer),
        google.clientId,
        undefined,
        oidc.ClientSecretPost(google.clientSecret),
        isLocal(google.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      ),
    );
    // A failed discovery is forgotten, so the next sign-in tries again.
    config.catch(() => discovered.delete(key));
    discovered.set(key, config);
  }
  return config;
}

/** GitHub is plain OAuth 2 without discovery, so its endpoints are fixed. */
async function githubConfiguration(github: NonNullable<Config['github']>): Promise<client.Configuration> {
  const oidc = await openid();
  const config = new oidc.Configuration(
    {
      issuer: github.url,
      authorization_endpoint: `${github.url}/login/oauth/authorize`,
      token_endpoint: `${github.url}/login/oauth/access_token`,
    },
    github.clientId,
    undefined,
    oidc.ClientSecretPost(github.clientSecret),
  );
  if (isLocal(github.url)) oidc.allowInsecureRequests(config);
  return config;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const webUrl = (value: unknown): string | null => {
  const url = text(value);
  return url && /^https?:\/\//.test(url) && url.length <= 2000 ? url : null;
};

async function googleAccount(
  config: client.Configuration,
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers,
): Promise<ExternalAccount> {
  const claims = tokens.claims();
  if (!claims) throw new Error('Google answered no ID token');
  // Google puts the e-mail in the ID token; other OpenID providers may keep it for userinfo.
  const info: Record<string, unknown> =
    typeof claims.email === 'string'
      ? claims
      : { ...(await (await openid()).fetchUserInfo(config, tokens.access_token, claims.sub)), sub: claims.sub };
  const email = info.email_verified === true ? text(info.email) : null;
  return { id: claims.sub, email, name: text(info.name) ?? email?.split('@')[0] ?? 'Google user', imageUrl: webUrl(info.picture) };
}

async function githubAccount(apiUrl: string, accessToken: string): Promise<ExternalAccount> {
  const get = async (path: string): Promise<unknown> => {
    const response = await fetch(`${apiUrl}${path}`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/vnd.github+json', 'User-Agent': 'Pagewright' },
      signal: AbortSignal.timeout(API_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`GitHub ${path} answered ${response.status}`);
    return response.json();
  };
  const user = schemas().GitHubUser.parse(await get('/user'));
  const emails = schemas().GitHubEmails.parse(await get('/user/emails'));
  const email = emails.find((e) => e.primary && e.verified)?.email ?? null;
  return { id: String(user.id), email, name: text(user.name) ?? user.login, imageUrl: webUrl(user.avatar_url) };
}

/** Sign-in with Google (OpenID Connect) and GitHub (OAuth 2) by browser redirect. */
export class OAuthService {
  constructor(private readonly deps: Deps) {}

  redirectUri(provider: Provider): string {
    return `${this.deps.config.publicUrl}/api/auth/${provider}/callback`;
  }

  private configuration(provider: Provider): Promise<client.Configuration> {
    const { google, github } = this.deps.config;
    if (provider === 'google' && google) return googleConfiguration(google);
    if (provider === 'github' && github) return githubConfiguration(github);
    return Promise.reject(new OAuthFailure('not_configured'));
  }

  /**
   * The provider's sign-in page. The state is a one-time token that carries the PKCE verifier and
   * the nonce back to `finish`; only its hash is stored.
   */
  async start(provider: Provider): Promise<{ url: string; state: string }> {
    if (!this.deps.config[provider]) {
      throw unavailable(messages.providerNotConfigured(PROVIDER_NAMES[provider]), 'PROVIDER_NOT_CONFIGURED');
    }
    const config = await this.configuration(provider).catch((error: unknown) => {
      this.deps.log.warn({ err: error, provider }, 'external sign-in: provider discovery failed');
      throw new OAuthFailure('provider_failed', { cause: error });
    });
    const oidc = await openid();
    const verifier = oidc.randomPKCECodeVerifier();
    const nonce = provider === 'google' ? oidc.randomNonce() : null;
    const { token: state } = await issueToken(this.deps, 'oauth', null, TOKEN_TTL_MS.oauth, { provider, verifier, nonce });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri(provider),
      scope: SCOPES[provider],
      state,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...(nonce ? { nonce } : {}),
    });
    return { url: url.href, state };
  }

  /** Finishes a sign-in from the provider's redirect back; answers a one-time login token. */
  async finish(provider: Provider, query: URLSearchParams): Promise<string> {
    if (!this.deps.config[provider]) throw new OAuthFailure('not_configured');
    const state = query.get('state');
    // Taken before anything else, so a state works once even when the rest fails.
    const row = await takeToken(this.deps, 'oauth', state);
    const pending = row?.data ? schemas().Pending.safeParse(JSON.parse(row.data)) : null;
    if (!state || !pending?.success || pending.data.provider !== provider) throw new OAuthFailure('invalid_state');
    // The user pressing Cancel is the usual reason; any other error is the provider's own.
    const refused = query.get('error');
    if (refused) throw new OAuthFailure(refused === 'access_denied' ? 'access_denied' : 'provider_failed');

    let account: ExternalAccount;
    try {
      const config = await this.configuration(provider);
      const callback = new URL(this.redirectUri(provider));
      callback.search = query.toString();
      const tokens = await (
        await openid()
      ).authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: pending.data.verifier,
        expectedState: state,
        ...(pending.data.nonce ? { expectedNonce: pending.data.nonce, idTokenExpected: true } : {}),
      });
      account =
        provider === 'google'
          ? await googleAccount(config, tokens)
          : await githubAccount(this.deps.config.github!.apiUrl, tokens.access_token);
    } catch (error) {
      this.deps.log.warn({ err: error, provider }, 'external sign-in: code exchange failed');
      throw new OAuthFailure('provider_failed', { cause: error });
    }
    const userId = await this.accountFor(provider, account);
    const { token } = await issueToken(this.deps, 'login', userId, TOKEN_TTL_MS.login);
    return token;
  }

  /** The user the external account signs in as: linked by id, else by verified e-mail, else new. */
  private async accountFor(provider: Provider, account: ExternalAccount): Promise<number> {
    const column = provider === 'google' ? 'google_id' : 'github_id';
    const now = this.deps.now();
    try {
      // SQLite has one pooled connection: inside the transaction only trx may be used.
      const userId = await this.deps.db.transaction(async (trx) => {
        const linked: { id: number } | undefined = await trx('users')
          .where({ [column]: account.id })
          .first('id');
        if (linked) return linked.id;
        // An unverified address could be anyone's: it must neither take over nor claim an account.
        if (!account.email) throw new OAuthFailure('email_unverified');
        const email = normalizeEmail(account.email);
        const owner: ({ id: number; email_verified: boolean | number } & Record<typeof column, string | null>) | undefined = await trx(
          'users',
        )
          .where({ email })
          .first('id', 'email_verified', column);
        if (owner) {
          // Replacing another identity of the same provider would silently lock that one out.
          if (owner[column] !== null) throw new OAuthFailure('account_in_use');
          const takeover = owner.email_verified
            ? {}
            : // Nobody ever proved this mailbox: whoever signed up with it may not be its holder. The
              // provider has just proved it, so the holder gets the account and the password and
              // sessions of whoever registered the address are void.
              { password_hash: null, tfa_enabled: false, tfa_secret: null };
          if (!owner.email_verified) await trx('tokens').where({ user_id: owner.id }).delete();
          await trx('users')
            .where({ id: owner.id })
            .update({ [column]: account.id, email_verified: true, ...takeover, updated_at: now });
          return owner.id;
        }
        const existing = (await trx('users').count({ n: '*' }).first()) as { n: number | string };
        const [row]: { id: number }[] = await trx('users')
          .insert({
            public_id: crypto.randomUUID(),
            name: account.name.slice(0, 100),
            email,
            email_verified: true,
            [column]: account.id,
            image_url: account.imageUrl,
            // The first account of an empty instance runs it, however it signed up.
            is_admin: Number(existing.n) === 0,
            created_at: now,
            updated_at: now,
          })
          .returning('id');
        await trx('subscriptions').insert(freeSubscription(row!.id, now, this.deps.config.defaultPlanId));
        return row!.id;
      });
      // A takeover voided the sessions of whoever registered the address: no instance may still hold one.
      await this.deps.bus.invalidate([userTag(userId)]);
      return userId;
    } catch (error) {
      // Two sign-ins raced for the same identity or e-mail; the database kept the first.
      if (isUniqueViolation(error)) throw new OAuthFailure('account_in_use', { cause: error });
      throw error;
    }
  }
}
