import crypto from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';

/**
 * Local servers that speak Google's (OpenID Connect) and GitHub's (OAuth 2) sign-in protocols, and a
 * browser that walks the redirects between them and Pagewright.
 *
 * The user "signed in at the provider" is the `test_account` cookie on the provider's host, as a real
 * provider's session cookie would be; `test_consent=deny` makes the user press Cancel.
 */

export interface TestAccount {
  /** Google's subject, or GitHub's numeric user id. */
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
}

export interface ProviderServer {
  url: string;
  clientId: string;
  clientSecret: string;
  /** Makes an account known to the provider. */
  add(account: TestAccount): void;
  close(): Promise<void>;
}

let accountCounter = 0;

/** A fresh external account with a unique id and e-mail. */
export function testAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  accountCounter += 1;
  const id = String(1000 + accountCounter);
  return {
    id,
    email: `ext${id}-${crypto.randomBytes(3).toString('hex')}@example.com`,
    emailVerified: true,
    name: `External ${id}`,
    picture: `https://images.example.com/${id}.png`,
    ...overrides,
  };
}

export function parseCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), decodeURIComponent(part.slice(at + 1).trim()));
  }
  return cookies;
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

async function listen(handler: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A free port, so Pagewright's public URL (and with it the redirect URI) is known before it starts. */
export async function freePort(): Promise<number> {
  const probe = await listen(() => undefined);
  await probe.close();
  return Number(new URL(probe.url).port);
}

// oidc-provider ships no type declarations: these are the parts used here.
interface OidcProvider {
  callback(): Handler;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ params: Record<string, unknown> }>;
  interactionFinished(
    req: IncomingMessage,
    res: ServerResponse,
    result: object,
    options: { mergeWithLastSubmission: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => { addOIDCScope(scope: string): void; save(): Promise<string> };
}
type OidcProviderClass = new (issuer: string, configuration: object) => OidcProvider;
const OIDC_PROVIDER: string = 'oidc-provider';

/**
 * Google's stand-in: oidc-provider, a certified OpenID Provider, with discovery, PKCE, client
 * secrets and RS256-signed ID tokens. Like Google, it puts the profile and e-mail claims in the ID
 * token unless `claimsInIdToken` is false (then they come only from userinfo).
 */
export async function startGoogleServer(redirectUri: string, { claimsInIdToken = true } = {}): Promise<ProviderServer> {
  const { default: Provider } = (await import(OIDC_PROVIDER)) as { default: OidcProviderClass };
  const accounts = new Map<string, TestAccount>();
  const clientId = 'google-client';
  const clientSecret = crypto.randomBytes(16).toString('hex');
  const signingKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const app = express();
  let provider: OidcProvider | null = null;
  // The consent page: answers at once for whoever is signed in at the provider.
  app.get('/interaction/:uid', async (req, res) => {
    const oidc = provider!;
    const { params } = await oidc.interactionDetails(req, res);
    const cookies = parseCookies(req.headers.cookie);
    if (cookies.get('test_consent') === 'deny') {
      await oidc.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The user cancelled' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const accountId = cookies.get('test_account');
    if (!accountId || !accounts.has(accountId)) {
      res.status(401).type('text').send('Not signed in at the provider');
      return;
    }
    const grant = new oidc.Grant({ accountId, clientId: String(params.client_id) });
    grant.addOIDCScope(String(params.scope));
    const grantId = await grant.save();
    await oidc.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
  });

  const server = await listen(app);
  provider = new Provider(server.url, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [crypto.randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    conformIdTokenClaims: !claimsInIdToken,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 600, IdToken: 600, Interaction: 600, Grant: 600, Session: 600 },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      return (
        account && {
          accountId: sub,
          claims: () => ({
            sub,
            email: account.email,
            email_verified: account.emailVerified,
            name: account.name,
            picture: account.picture,
          }),
        }
      );
    },
  });
  app.use(provider.callback());

  return { url: server.url, clientId, clientSecret, add: (account) => void accounts.set(account.id, account), close: server.close };
}

/** GitHub's stand-in: its OAuth web flow (with PKCE) and the two REST calls sign-in needs. */
export async function startGitHubServer(redirectUri: string): Promise<ProviderServer & { apiUrl: string }> {
  const accounts = new Map<string, TestAccount>();
  const codes = new Map<string, { accountId: string; challenge: string }>();
  const tokens = new Map<string, string>();
  const clientId = 'github-client';
  const clientSecret = crypto.randomBytes(16).toString('hex');
  const app = express();

  app.get('/login/oauth/authorize', (req, res) => {
    const q = new URL(req.originalUrl, 'http://github.test').searchParams;
    if (q.get('client_id') !== clientId || q.get('redirect_uri') !== redirectUri) {
      res.status(400).type('text').send('The redirect_uri is not associated with this application.');
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', q.get('state') ?? '');
    const cookies = parseCookies(req.headers.cookie);
    const accountId = cookies.get('test_account');
    if (cookies.get('test_consent') === 'deny') {
      back.searchParams.set('error', 'access_denied');
    } else if (accountId && accounts.has(accountId) && q.get('code_challenge_method') === 'S256') {
      const code = crypto.randomBytes(10).toString('hex');
      codes.set(code, { accountId, challenge: q.get('code_challenge') ?? '' });
      back.searchParams.set('code', code);
    } else {
      res.status(401).type('text').send('Not signed in at the provider');
      return;
    }
    res.redirect(302, back.href);
  });

  // GitHub answers token errors with 200 and an error body.
  app.post('/login/oauth/access_token', express.urlencoded({ extended: false }), (req, res) => {
    const body = req.body as Record<string, string | undefined>;
    const grant = codes.get(body.code ?? '');
    codes.delete(body.code ?? '');
    const verifier = crypto
      .createHash('sha256')
      .update(body.code_verifier ?? '')
      .digest('base64url');
    if (body.client_id !== clientId || body.client_secret !== clientSecret) {
      res.json({ error: 'incorrect_client_credentials', error_description: 'The client_id and/or client_secret passed are incorrect.' });
    } else if (!grant || body.redirect_uri !== redirectUri || verifier !== grant.challenge) {
      res.json({ error: 'bad_verification_code', error_description: 'The code passed is incorrect or expired.' });
    } else {
      const token = `gho_${crypto.randomBytes(16).toString('hex')}`;
      tokens.set(token, grant.accountId);
      res.json({ access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
    }
  });

  const api = express.Router();
  api.use((req, res, next) => {
    const account = accounts.get(tokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '') ?? '');
    if (!account) res.status(401).json({ message: 'Bad credentials' });
    else {
      res.locals.account = account;
      next();
    }
  });
  api.get('/user', (_req, res) => {
    const account = res.locals.account as TestAccount;
    res.json({ id: Number(account.id), login: `user${account.id}`, name: account.name, avatar_url: account.picture, email: null });
  });
  api.get('/user/emails', (_req, res) => {
    const account = res.locals.account as TestAccount;
    res.json([
      { email: `old${account.id}@example.com`, primary: false, verified: true, visibility: null },
      { email: account.email, primary: true, verified: account.emailVerified, visibility: 'private' },
    ]);
  });
  app.use('/api/v3', api);

  const server = await listen(app);
  return {
    url: server.url,
    apiUrl: `${server.url}/api/v3`,
    clientId,
    clientSecret,
    add: (account) => void accounts.set(account.id, account),
    close: server.close,
  };
}

/**
 * A browser's part of a redirect sign-in: follows every redirect itself, keeps cookies per host,
 * and stops at the first page of the web app (or where `stopAt` says).
 */
export class TestBrowser {
  private readonly jar = new Map<string, Map<string, string>>();
  /** Every URL requested, in order. */
  readonly visited: URL[] = [];

  constructor(
    private readonly appUrl: string,
    private readonly fetcher: typeof fetch = fetch,
  ) {}

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    if (!this.jar.has(host)) this.jar.set(host, new Map());
    this.jar.get(host)!.set(name, value);
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  /** Signs in at the provider as the account, as its session cookie would. */
  signInAt(provider: ProviderServer, account: TestAccount): void {
    provider.add(account);
    this.setCookie(provider.url, 'test_account', account.id);
  }

  async open(start: string, stopAt: (url: URL) => boolean = () => false): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < 12; hop++) {
      const app = new URL(this.appUrl);
      if (url.origin === app.origin && !url.pathname.startsWith('/api/')) return url;
      if (stopAt(url)) return url;
      this.visited.push(url);
      const cookies = [...(this.jar.get(url.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await this.fetcher(url, { redirect: 'manual', headers: cookies ? { cookie: cookies } : {} });
      for (const line of response.headers.getSetCookie()) this.store(url, line);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`${url.href} answered ${response.status}: ${await response.text()}`);
      }
      url = new URL(location, url);
    }
    throw new Error(`too many redirects from ${start}`);
  }

  private store(url: URL, line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((a) => {
      const [key = '', raw = ''] = a.trim().split('=');
      return (key.toLowerCase() === 'max-age' && Number(raw) <= 0) || (key.toLowerCase() === 'expires' && Date.parse(raw) <= Date.now());
    });
    if (expired || value === '') this.jar.get(url.host)?.delete(name);
    else this.setCookie(url.href, name, value);
  }
}
