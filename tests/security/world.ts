import crypto from 'node:crypto';
import { SDK_VERSION } from '@pagewright/sdk';
import { checkResponse, openapi } from '../support/contract.js';
import { fixtures, multipart } from '../support/files.js';
import { startDns } from '../support/dns.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createSite, fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';
import { startStripeServer, type FakeStripe } from '../support/stripeServer.js';
import { basic } from '../support/team.js';

/**
 * What the security suites share: the operations of openapi.yaml, a server with everyone the role
 * matrix needs (and real resources for every path parameter), and one way to send a request and
 * read its answer without the SDK getting in the way of malformed input.
 */

// ---------------------------------------------------------------------------------------------
// The contract

type Json = Record<string, unknown>;
interface OperationObject {
  security?: unknown[];
  responses: Record<string, { $ref?: string; content?: Record<string, unknown> }>;
  requestBody?: { required?: boolean; content: Record<string, { schema?: Json }> };
  parameters?: { $ref?: string; name?: string; in?: string }[];
}

export interface Operation {
  /** `METHOD /path/{param}` */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  /** `security: []`: callable without signing in. */
  isPublic: boolean;
  pathParams: string[];
  /** The query parameters it documents, by name. */
  queryParams: string[];
  /** Statuses the contract documents for the operation. */
  statuses: Set<number>;
  /** Media types of the request body, and its JSON schema when it has one. */
  bodyTypes: string[];
  bodySchema: Json | null;
}

const doc = openapi as unknown as { paths: Record<string, Record<string, OperationObject>>; components: Json };

/** A `$ref` inside openapi.yaml, resolved (repeatedly). */
function resolve<T>(value: T): T {
  let v = value as unknown;
  while (v && typeof v === 'object' && '$ref' in v) {
    let node: unknown = doc;
    for (const part of String((v as { $ref: string }).$ref)
      .split('/')
      .slice(1))
      node = (node as Json)[part];
    v = node;
  }
  return v as T;
}

export const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
  (['get', 'post', 'put', 'patch', 'delete'] as const).flatMap((m): Operation[] => {
    const op: OperationObject | undefined = item[m];
    if (!op) return [];
    const parameters = (op.parameters ?? []).map((p) => resolve(p));
    const json = op.requestBody?.content['application/json']?.schema;
    return [
      {
        key: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase() as Operation['method'],
        path,
        isPublic: Array.isArray(op.security) && op.security.length === 0,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name!),
        statuses: new Set(Object.keys(op.responses).map(Number)),
        bodyTypes: Object.keys(op.requestBody?.content ?? {}),
        bodySchema: json ? resolve(json) : null,
      },
    ];
  }),
);

/** What the contract documents for this status of this operation (undefined: nothing). */
export function responseOf(op: Operation, status: number): { content?: Record<string, unknown> } | undefined {
  return resolve(doc.paths[op.path]![op.method.toLowerCase()]!.responses[String(status)]);
}

/** Does the contract document a JSON body for this status of this operation? */
export const documentsJson = (op: Operation, status: number) => Boolean(responseOf(op, status)?.content?.['application/json']);

// ---------------------------------------------------------------------------------------------
// Requests

export interface Request {
  method: string;
  /** The path after /api, already encoded. */
  path: string;
  query?: Record<string, string | string[]>;
  /** A JSON value (sent as application/json), or raw bytes/text with `contentType`. */
  json?: unknown;
  raw?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
  token?: string | null;
}

export interface Answer {
  status: number;
  contentType: string;
  body: unknown;
  text: string;
  headers: Headers;
}

let serverUrl = '';
/**
 * The address the suites' requests come from (the server trusts X-Forwarded-For from loopback). The
 * per-address rate limits (sign-in, password reset, forms) live in Redis in CI, shared by every suite:
 * the thousands of requests here must not use up 127.0.0.1's allowance for the suites after them.
 */
let clientIp = '127.0.0.1';

/** Sends one request to /api and reads the whole answer; JSON is parsed when the answer says JSON. */
export async function send(request: Request): Promise<Answer> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
  }
  const headers = new Headers({ 'X-Client-Version': `sdk/${SDK_VERSION}`, 'X-Forwarded-For': clientIp });
  if (request.token) headers.set('Authorization', basic(request.token));
  let body: string | Uint8Array | undefined;
  if (request.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(request.json);
  } else if (request.raw !== undefined) {
    body = request.raw;
  }
  if (request.contentType) headers.set('Content-Type', request.contentType);
  for (const [name, value] of Object.entries(request.headers ?? {})) headers.set(name, value);
  // A path with malformed escapes reaches the server as written: URL parsing keeps them.
  const response = await fetch(`${serverUrl}/api${request.path}${query.size ? `?${query}` : ''}`, {
    method: request.method,
    headers,
    body: body as BodyInit | undefined,
    redirect: 'manual',
    // An answer that never comes is a failure of its own, not a suite that hangs.
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  let parsed: unknown = text;
  if (contentType.includes('application/json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: response.status, contentType, body: parsed, text, headers: response.headers };
}

/** Problems with an answer against openapi.yaml (undocumented status, body off its schema). */
export function contractProblems(op: Operation, request: Request, answer: Answer): string[] {
  return checkResponse(
    op.method,
    request.path,
    answer.status,
    answer.contentType || null,
    answer.contentType.includes('application/json') ? answer.body : null,
  );
}

/** The JSON error shape of core/errors.ts: `{ error, status, code, info? }`, status as answered. */
export function errorShapeProblem(answer: Answer): string | null {
  if (!answer.contentType.includes('application/json')) return `not JSON (${answer.contentType || 'no content type'})`;
  const body = answer.body as Json | null;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return `not an object: ${answer.text.slice(0, 200)}`;
  if (typeof body.error !== 'string' || !body.error) return 'no error message';
  if (body.status !== answer.status) return `status ${String(body.status)} in a ${answer.status} answer`;
  if (typeof body.code !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(body.code)) return `bad code ${String(body.code)}`;
  const extra = Object.keys(body).filter((k) => !['error', 'status', 'code', 'info'].includes(k));
  if (extra.length) return `unexpected keys ${extra.join(', ')}`;
  if (/\bat .+\.(ts|js):\d+|SQLITE_|syntax error at|relation ".*" does not exist/i.test(body.error))
    return `leaks internals: ${body.error}`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The world: people, sites and resources

export interface Person {
  id: number;
  name: string;
  email: string;
  password: string;
  token: string;
}

export interface SiteRef {
  id: string;
  /** An API key of this site. */
  key: string;
}

export const ROLES = ['anonymous', 'stranger', 'collaborator', 'locked', 'owner', 'admin', 'key', 'otherKey'] as const;
export type Role = (typeof ROLES)[number];

export interface World {
  t: TestServer;
  stripe: FakeStripe;
  admin: Person;
  owner: Person;
  collaborator: Person;
  locked: Person;
  stranger: Person;
  site: SiteRef;
  otherSite: SiteRef;
  /** The Stripe price the checkout link names (the Pro plan, monthly). */
  priceId: string;
  /** Real resources of `site`, for the path parameters. */
  blob: string;
  fileName: string;
  versionId: number;
  exportToken: string;
  submissionId: number;
  schemaOrgId: string;
  /** The owner's public id (checkout link) and Stripe customer (billing portal). */
  publicUserId: string;
  customerId: string;
  /** Numbers that make names unique. */
  next(): number;
  close(): Promise<void>;
}

export const PASSWORD = 'correct horse battery';
const STRIPE_SECRET = 'sk_test_security_suites';
const PRICES = { '2': { monthly: 'price_pro_monthly', yearly: 'price_pro_yearly' } };

/** A signed-in client for fixture work (the owner's setup calls), on the contract-checked SDK. */
const api = (w: { t: TestServer }, person: Person) => w.t.client(person.token);

async function signup(t: TestServer, name: string): Promise<Person> {
  const { session, password } = await t.signup(name);
  return { id: session.id, name, email: session.email, password, token: session.token };
}

/** Makes `who` a member of the owner's site (locked when asked) through a real invitation. */
export async function join(w: Pick<World, 't' | 'owner'>, siteId: string, who: Person, isLocked = false): Promise<void> {
  const owner = api(w, w.owner);
  const { data: invitation } = await owner.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
  const joined = await api(w, who).POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
  if (joined.response.status !== 200) throw new Error(`joining ${siteId} failed: ${joined.response.status}`);
  if (isLocked) {
    await owner.PATCH('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId, userId: who.id } }, body: { isLocked: true } });
  }
}

/** A new site of the owner (the fixture document of tests/support/siteDoc.ts) with its team and a key. */
export async function teamSite(w: Pick<World, 't' | 'owner' | 'collaborator' | 'locked'>): Promise<SiteRef> {
  const id = await createSite(w.t.pw.deps.db, api(w, w.owner), makeSiteDoc());
  await join(w, id, w.collaborator);
  await join(w, id, w.locked, true);
  const { data } = await api(w, w.owner).POST('/sites/{siteId}/api-keys', { params: { path: { siteId: id } }, body: {} });
  return { id, key: data!.key };
}

/** Uploads a small PNG under a new name and answers the stored file. */
export async function upload(w: Pick<World, 't' | 'owner'>, siteId: string, name: string) {
  const { body, contentType } = multipart([{ field: 'file0', filename: name, data: await fixtures.png(), type: 'image/png' }]);
  const answer = await send({ method: 'POST', path: `/sites/${siteId}/files`, raw: body, contentType, token: w.owner.token });
  if (answer.status !== 201) throw new Error(`upload failed: ${answer.status} ${answer.text}`);
  return (answer.body as { name: string; url: string }[])[0]!;
}

/** A visitor's form post, as a script sends it; answers the submission's id. */
export async function submitForm(w: Pick<World, 't'>, siteId: string): Promise<number> {
  const answer = await send({
    method: 'POST',
    path: `/sites/${siteId}/forms/contact`,
    json: { email: 'visitor@example.com', message: 'Hi' },
  });
  if (answer.status !== 201) throw new Error(`form post failed: ${answer.status} ${answer.text}`);
  const row: { id: number } = await w.t.pw.deps.db('submissions').where({ site_id: siteId }).orderBy('id', 'desc').first('id');
  return row.id;
}

/**
 * Starts a server on a fresh database (SQLite, or PostgreSQL with DATABASE_URL) with Stripe on a
 * local fake, and makes: the instance admin (the first account), a site owner on the unlimited
 * plan, a collaborator, a locked collaborator, a stranger, the owner's team site with an API key,
 * another site of the owner with its own key, and a file, a version, an export link, a form
 * submission and a Stripe customer for the path parameters.
 */
export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const stripe = await startStripeServer(STRIPE_SECRET);
  // Domain checks ask a DNS server on a local port (no record set: a check finds nothing, quickly).
  const dns = await startDns();
  const t = await startTestServer(
    {
      DNS_SERVER: dns.server,
      STRIPE_SECRET_KEY: STRIPE_SECRET,
      STRIPE_WEBHOOK_SECRET: 'whsec_security_suites',
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_IDS: JSON.stringify(PRICES),
      // The suites sign in and post forms far more often than a person: the limits are not under test here.
      RATE_LIMIT_LOGIN_IP: '100000',
      RATE_LIMIT_LOGIN_ACCOUNT: '100000',
      RATE_LIMIT_2FA_ACCOUNT: '100000',
      RATE_LIMIT_FORGOT_IP: '100000',
      RATE_LIMIT_FORGOT_ACCOUNT: '100000',
      RATE_LIMIT_FORM_IP: '100000',
      ...env,
    },
    { sectionLibrary: fixtureLibrary },
  );
  serverUrl = t.url;
  clientIp = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const admin = await signup(t, 'Admin');
  const owner = await signup(t, 'Owner');
  // The unlimited plan: sites, collaborators and features never run out while the matrix makes them.
  await t.pw.deps.db('subscriptions').where({ user_id: owner.id }).update({ plan_id: 3 });
  const collaborator = await signup(t, 'Collaborator');
  const locked = await signup(t, 'Locked');
  const stranger = await signup(t, 'Stranger');
  const base = { t, owner, collaborator, locked };
  const site = await teamSite(base);
  const otherSite = await teamSite(base);

  const file = await upload(base, site.id, 'logo.png');
  const blob = file.url.split('/files/')[1]!.split('/')[0]!;
  const ownerApi = api(base, owner);
  // A schema.org component, so GET /schemaorg/{componentId} has one to answer; committed, so a
  // reset of the site keeps it.
  const { data: schemaOrg } = await ownerApi.POST('/sites/{siteId}/components', {
    params: { path: { siteId: site.id } },
    body: { toContainer: 'hero', type: 'schemaOrg' },
  });
  await ownerApi.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: site.id } }, body: { message: 'Fixture' } });
  const { data: versions } = await ownerApi.GET('/sites/{siteId}/versions', { params: { path: { siteId: site.id } } });
  const { data: published } = await ownerApi.GET('/sites/{siteId}/publish', {
    params: { path: { siteId: site.id }, query: { type: 'download' } },
  });
  const exportToken = published!.download.url.split('/export/')[1]!;
  const submissionId = await submitForm(base, site.id);
  const user: { public_id: string } = await t.pw.deps.db('users').where({ id: owner.id }).first('public_id');
  const checkout = await ownerApi.GET('/checkout/{publicUserId}/{priceId}', {
    params: { path: { publicUserId: user.public_id, priceId: PRICES['2'].monthly } },
  });
  if (checkout.response.status !== 200) throw new Error(`checkout failed: ${checkout.response.status}`);
  const subscription: { stripe_customer_id: string } = await t.pw.deps
    .db('subscriptions')
    .where({ user_id: owner.id })
    .first('stripe_customer_id');

  let n = 0;
  return {
    t,
    stripe,
    admin,
    owner,
    collaborator,
    locked,
    stranger,
    site,
    otherSite,
    priceId: PRICES['2'].monthly,
    blob,
    fileName: file.name,
    versionId: versions![0]!.id,
    exportToken,
    submissionId,
    schemaOrgId: schemaOrg!.id,
    publicUserId: user.public_id,
    customerId: subscription.stripe_customer_id,
    next: () => ++n,
    async close() {
      await t.close();
      await stripe.close();
      await dns.close();
    },
  };
}

/** The credentials a role sends on `site` (null: none). */
export function tokenOf(w: World, role: Role, site: SiteRef = w.site): string | null {
  switch (role) {
    case 'anonymous':
      return null;
    case 'key':
      return site.key;
    case 'otherKey':
      return w.otherSite.key;
    default:
      return w[role].token;
  }
}

/** The person behind a role, for the calls about one's own account. */
export const personOf = (w: World, role: Role): Person | null =>
  role === 'anonymous' || role === 'key' || role === 'otherKey' ? null : w[role];

export { api as clientOf };
