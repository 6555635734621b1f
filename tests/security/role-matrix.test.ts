import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPath, recipes, type Call } from './recipes.js';
import {
  buildWorld,
  contractProblems,
  errorShapeProblem,
  operations,
  personOf,
  ROLES,
  send,
  tokenOf,
  type Answer,
  type Operation,
  type Request,
  type Role,
  type World,
} from './world.js';

/**
 * The role matrix: every operation of openapi.yaml × anonymous, a stranger, a collaborator, a locked
 * collaborator, the owner, the instance admin, an API key of the site and one of another site.
 * What each role may do is worked out from the contract (`security: []`, a `{siteId}` in the path)
 * and the rules of SECURITY.md; the few calls those rules name are listed below. A refused role
 * must get exactly the refusal (never a 2xx), write nothing, and not learn whether the site exists;
 * an allowed role must not be refused. Every answer must also match openapi.yaml.
 */

// ---------------------------------------------------------------------------------------------
// The rules (SECURITY.md "Roles" and "API keys"; docs/decisions/0010-api-keys.md "What a key reaches")

/** The calls an API key of the site may make: what a pipeline needs. */
const KEY_CALLS = new Set([
  'GET /sites/{siteId}',
  'PATCH /sites/{siteId}/versions/undo',
  'PATCH /sites/{siteId}/versions/redo',
  'POST /sites/{siteId}/versions/commit',
  'DELETE /sites/{siteId}/versions/reset',
  'GET /sites/{siteId}/versions',
  'GET /sites/{siteId}/versions/{versionId}/download',
  'POST /sites/{siteId}/versions/{versionId}/restore',
  'GET /sites/{siteId}/publish',
  'GET /sites/{siteId}/compiled',
  // Whether the fonts a publish self-hosts could be fetched: what a publishing pipeline checks.
  'GET /sites/{siteId}/webfonts',
  'GET /sites/{siteId}/redirects',
  'POST /sites/{siteId}/redirects',
  'PATCH /sites/{siteId}/redirects/{index}',
  'DELETE /sites/{siteId}/redirects/{index}',
  'GET /sites/{siteId}/files',
  'POST /sites/{siteId}/files',
  'POST /sites/{siteId}/files/import',
  'GET /sites/{siteId}/files/{name}',
  'PATCH /sites/{siteId}/files/{name}',
  'DELETE /sites/{siteId}/files/{name}',
  'GET /sites/{siteId}/submissions',
  'POST /sites/{siteId}/view',
  // A pipeline that publishes checks the deploys and rolls back a bad one (issue 31).
  'GET /sites/{siteId}/deploys',
  'POST /sites/{siteId}/deploys/{deployId}/rollback',
  // Content and items, the fields an import needs included.
  ...operations.filter((op) => op.path.startsWith('/sites/{siteId}/content')).map((op) => op.key),
]);

/** Only the owner in person: API keys, invitations, the team, deleting the site. */
const OWNER_CALLS = new Set([
  'GET /sites/{siteId}/api-keys',
  'POST /sites/{siteId}/api-keys',
  'PATCH /sites/{siteId}/api-keys/{token}',
  'DELETE /sites/{siteId}/api-keys/{token}',
  'POST /sites/{siteId}/collaborators/invitations',
  'DELETE /sites/{siteId}/collaborators/invitations/{invId}',
  'PATCH /sites/{siteId}/collaborators/{userId}',
  'DELETE /sites/{siteId}/collaborators/{userId}',
  'DELETE /sites/{siteId}',
]);

/** The owner or an instance admin brings a deleted site back; to anyone else it is not there. */
const OWNER_OR_ADMIN = new Set(['POST /sites/{siteId}/restore']);

/** A read a locked collaborator may not make: the inbox holds visitors' personal data. */
const LOCKED_MAY_NOT_READ = new Set(['GET /sites/{siteId}/submissions']);

/** A GET that changes the site (a publish), and POSTs that do not (feedback to the admins, links and tickets to read it). */
const WRITES = new Set(['GET /sites/{siteId}/publish']);
const NOT_WRITES = new Set(['POST /sites/{siteId}/message', 'POST /sites/{siteId}/view', 'POST /sites/{siteId}/sections/preview/ticket']);

/** Calls about a site named in the body rather than the path. */
const SITE_IN_BODY = new Set(['POST /ai/text', 'POST /ai/translate']);

/** Calls whose path names the owner's own account (their public id, their Stripe customer). */
const OWN_ACCOUNT_IN_PATH = new Set(['GET /checkout/{publicUserId}/{priceId}', 'GET /billing-portal/{customerId}']);

type Outcome = { allow: true } | { allow: false; status: number; code?: string };
const allow: Outcome = { allow: true };
const deny = (status: number, code?: string): Outcome => ({ allow: false, status, code });

const isWrite = (op: Operation) => WRITES.has(op.key) || (op.method !== 'GET' && !NOT_WRITES.has(op.key));
const aboutSite = (op: Operation) => op.pathParams.includes('siteId') || SITE_IN_BODY.has(op.key);

interface Row {
  op: Operation;
  /** How the row is named when it is a variant of an operation (`GET /sites?admin=true`). */
  label: string;
  query?: Record<string, string>;
  adminOnly?: boolean;
}

function expected(row: Row, role: Role): Outcome {
  const { op } = row;
  if (op.isPublic) return allow;
  if (role === 'anonymous') return deny(401, 'UNAUTHORIZED');
  if (role === 'key' || role === 'otherKey') {
    return role === 'key' && KEY_CALLS.has(op.key) ? allow : deny(403, 'API_KEY_SCOPE');
  }
  if (op.path.startsWith('/admin/')) return role === 'admin' ? allow : deny(404, 'NOT_FOUND');
  if (row.adminOnly) return role === 'admin' ? allow : deny(403, 'FORBIDDEN');
  if (OWN_ACCOUNT_IN_PATH.has(op.key)) return role === 'owner' ? allow : deny(404, 'NOT_FOUND');
  if (!aboutSite(op)) return allow;
  if (OWNER_OR_ADMIN.has(op.key)) return role === 'owner' || role === 'admin' ? allow : deny(404, 'NOT_FOUND');
  if (role === 'stranger' || role === 'admin') return deny(404, 'NOT_FOUND');
  if (role === 'owner') return allow;
  if (OWNER_CALLS.has(op.key)) return deny(403);
  if (role === 'locked' && (isWrite(op) || LOCKED_MAY_NOT_READ.has(op.key))) return deny(403, 'SITE_LOCKED');
  return allow;
}

// ---------------------------------------------------------------------------------------------
// What a refused call may not have changed

/** Every table a call could write for a site or an account, minus what merely using a credential touches. */
const WATCHED: { table: string; omit?: string[]; countOnly?: boolean }[] = [
  { table: 'users' },
  { table: 'subscriptions' },
  { table: 'tokens', omit: ['last_used_at', 'expires_at'] },
  { table: 'sites' },
  { table: 'site_members' },
  { table: 'invitations' },
  { table: 'versions', countOnly: true },
  { table: 'history', countOnly: true },
  { table: 'exports', countOnly: true },
  { table: 'deploys', countOnly: true },
  { table: 'live_deploys' },
  { table: 'domains' },
  { table: 'assets' },
  { table: 'api_keys', omit: ['used_count', 'last_used_at'] },
  { table: 'cms_collections' },
  { table: 'cms_items' },
  { table: 'site_secrets' },
  { table: 'submissions' },
  { table: 'messages' },
];

async function snapshot(w: World): Promise<string> {
  const db = w.t.pw.deps.db;
  const parts: string[] = [];
  for (const { table, omit = [], countOnly } of WATCHED) {
    if (countOnly) {
      parts.push(`${table}:${JSON.stringify(await db(table).count({ n: '*' }).first())}`);
      continue;
    }
    const rows = (await db(table).select()) as Record<string, unknown>[];
    const kept = rows.map((r) => JSON.stringify(Object.entries(r).filter(([k]) => !omit.includes(k)))).sort();
    parts.push(`${table}:${kept.join('\n')}`);
  }
  return parts.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// The matrix

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(async () => {
  await w?.close();
});

const rows: Row[] = operations.map((op) => ({ op, label: op.key }));
const sitesOp = operations.find((op) => op.key === 'GET /sites')!;
rows.push(
  { op: sitesOp, label: 'GET /sites?admin=true', query: { admin: 'true' }, adminOnly: true },
  { op: sitesOp, label: 'GET /sites?deleted=true', query: { deleted: 'true' } },
  { op: sitesOp, label: 'GET /sites?deleted=true&admin=true', query: { deleted: 'true', admin: 'true' }, adminOnly: true },
);
// Calls that change the account they are made with run after everything else.
rows.sort((a, b) => Number(Boolean(recipes[a.op.key]?.last)) - Number(Boolean(recipes[b.op.key]?.last)));

const ACCESS_CODES = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'SITE_LOCKED', 'API_KEY_SCOPE', 'API_KEY_LOCKED', 'NOT_FOUND']);
const codeOf = (answer: Answer) => (answer.body as { code?: string } | null)?.code;
let ghosts = 0;

function requestFor(row: Row, call: Call, token: string | null, siteId: string): Request {
  return {
    method: row.op.method,
    path: fillPath(row.op.path, { siteId, ...call.params }),
    query: { ...call.query, ...row.query },
    json: call.json,
    raw: call.raw,
    contentType: call.contentType,
    token,
  };
}

describe('role matrix', () => {
  it('covers every operation of openapi.yaml, and every operation named in its rules exists', () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(operations.filter((op) => !recipes[op.key]).map((op) => op.key)).toEqual([]);
    const named = [
      ...KEY_CALLS,
      ...OWNER_CALLS,
      ...OWNER_OR_ADMIN,
      ...LOCKED_MAY_NOT_READ,
      ...WRITES,
      ...NOT_WRITES,
      ...SITE_IN_BODY,
      ...OWN_ACCOUNT_IN_PATH,
    ];
    expect(named.filter((k) => !keys.has(k))).toEqual([]);
  });

  for (const row of rows) {
    it(row.label, async () => {
      const recipe = recipes[row.op.key]!;
      const problems: string[] = [];
      const seen: string[] = [];
      const prepare = async (role: Role) => {
        const person = personOf(w, role);
        const call = await recipe.make(w, { site: w.site, role, person });
        const site = call.site ?? w.site;
        const token = person && call.token ? call.token : tokenOf(w, role, site);
        return { role, call, token, request: requestFor(row, call, token, site.id) };
      };
      const judge = (role: Role, request: Request, answer: Answer) => {
        const outcome = expected(row, role);
        const code = codeOf(answer);
        seen.push(`${role} ${answer.status}${code ? ` ${code}` : ''}`);
        problems.push(...contractProblems(row.op, request, answer).map((p) => `${role}: ${p}`));
        if (answer.status >= 400) {
          const shape = errorShapeProblem(answer);
          if (shape) problems.push(`${role}: ${answer.status} answer ${shape}`);
        }
        if (outcome.allow) {
          const expectedOtherwise = recipe.otherwise?.includes(answer.status) ?? false;
          const refusedForAccess = [401, 403, 404].includes(answer.status) && ACCESS_CODES.has(code ?? '') && !expectedOtherwise;
          if ((answer.status >= 400 && !expectedOtherwise) || refusedForAccess) {
            problems.push(`${role} may make the call, got ${answer.status} ${code ?? ''} ${answer.text.slice(0, 160)}`);
          }
        } else if (answer.status !== outcome.status || (outcome.code && code !== outcome.code)) {
          problems.push(
            `${role} must be refused with ${outcome.status} ${outcome.code ?? ''}, got ${answer.status} ${code ?? ''} ${answer.text.slice(0, 160)}`,
          );
        }
      };

      // Refusals first, on a site no allowed call has changed yet. What they need is made first;
      // then the database is read, the refused calls are made, and it is read again.
      const refused = ROLES.filter((role) => !expected(row, role).allow);
      const cells = [];
      for (const role of refused) cells.push(await prepare(role));
      const before = isWrite(row.op) ? await snapshot(w) : null;
      for (const { role, call, token, request } of cells) {
        const answer = await send(request);
        judge(role, request, answer);
        // Whether a site exists is not given away: the same call about a site that does not exist answers the same.
        if ((role === 'stranger' || role === 'otherKey') && row.op.pathParams.includes('siteId')) {
          const ghost = await send(requestFor(row, call, token, `ghost-${++ghosts}.example.com`));
          if (ghost.status !== answer.status || codeOf(ghost) !== codeOf(answer)) {
            problems.push(`${role} tells the site from one that does not exist: ${answer.status} vs ${ghost.status} ${codeOf(ghost)}`);
          }
        }
      }
      if (before !== null && (await snapshot(w)) !== before) problems.push(`refused (${refused.join(', ')}), yet the database changed`);

      for (const role of ROLES.filter((r) => expected(row, r).allow)) {
        const { request } = await prepare(role);
        judge(role, request, await send(request));
      }
      expect(problems.join('\n'), seen.join(', ')).toBe('');
    });
  }

  it('leaves the server serving everyone', async () => {
    expect((await send({ method: 'GET', path: '/health' })).body).toMatchObject({ status: 'ok' });
    const { session, password } = await w.t.signup('After');
    const login = await send({ method: 'POST', path: '/auth/login', json: { email: session.email, password } });
    expect(login.status).toBe(200);
  });
});
