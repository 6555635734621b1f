import { isPostgres } from '../db/knex.js';
import { firstRow } from '../db/prepared.js';
import { forbidden, notFound } from './errors.js';
import { messages } from './messages.js';
import type { Actor, Deps } from './deps.js';

export interface SiteRow {
  id: string;
  name: string;
  owner_id: number;
  template_id: string | null;
  theme_primary: string;
  theme_secondary: string;
  data: string;
  error: string | null;
  object: string | null;
  created_at: number;
  modified_at: number;
  deleted_at?: number | null;
}

export type Role = 'owner' | 'collaborator';

/** A site's row without its document (siteHeadAccess). */
export type SiteHeadRow = Omit<SiteRow, 'data'>;

export interface SiteAccess<Row extends SiteHeadRow = SiteRow> {
  site: Row;
  role: Role;
  isLocked: boolean;
}

/**
 * The actor's role on a site. A site the actor has no part in answers 404, as if it did not exist.
 * `need: 'write'` refuses a locked collaborator (403); `need: 'owner'` refuses every collaborator.
 * `lock`: in a write's transaction on PostgreSQL the read takes the row's lock too (one round trip, not two).
 */
export async function siteAccess(
  deps: Deps,
  actor: Actor,
  siteId: string,
  need: 'read' | 'write' | 'owner' = 'read',
  options: { lock?: boolean } = {},
): Promise<SiteAccess> {
  return (await accessTo(deps, actor, siteId, need, options.lock ?? false, false)) as SiteAccess;
}

/**
 * The same check, reading the site's row without its document (75–180 kB for a template's site): for
 * a write that reads the document only when it needs it (an item's write, an edit that has it cached).
 */
export function siteHeadAccess(
  deps: Deps,
  actor: Actor,
  siteId: string,
  need: 'read' | 'write' | 'owner',
  options: { lock?: boolean } = {},
): Promise<SiteAccess<SiteHeadRow>> {
  return accessTo(deps, actor, siteId, need, options.lock ?? false, true);
}

async function accessTo(
  deps: Deps,
  actor: Actor,
  siteId: string,
  need: 'read' | 'write' | 'owner',
  lock: boolean,
  head: boolean,
): Promise<SiteAccess<SiteHeadRow>> {
  refuseOtherSiteKey(actor, siteId, need);
  // A deleted site (restorable for 7 days) is not there for any call but the restore. The head's read
  // opens every item write: a statement prepared once per connection (issue 32).
  let site: SiteHeadRow | undefined;
  // SQLite has no row locks (its callers take the database's write lock first), nor FOR UPDATE.
  if (head) site = await firstRow<SiteHeadRow>(deps.db, lock && isPostgres(deps.db) ? HEAD_FOR_UPDATE : HEAD, [siteId]);
  else {
    const query = deps.db('sites').where({ id: siteId }).whereNull('deleted_at');
    if (lock) query.forUpdate();
    site = (await query.first()) as SiteHeadRow | undefined;
  }
  if (!site) throw notFound(messages.notFound);
  return { site, ...(await roleNeeded(deps, site, actor, need)) };
}

/** Every column of a site's row but its document. */
const HEAD_COLUMNS = [
  'id',
  'name',
  'owner_id',
  'template_id',
  'theme_primary',
  'theme_secondary',
  'error',
  'object',
  'created_at',
  'modified_at',
  'revision',
  'undo_count',
  'redo_count',
  'unsaved_count',
  'deleted_at',
];
const HEAD = `SELECT ${HEAD_COLUMNS.join(', ')} FROM sites WHERE id = ? AND deleted_at IS NULL`;
/** PostgreSQL, in a write's transaction: the row locked as it is read (one round trip, not two). Never on SQLite. */
const HEAD_FOR_UPDATE = `${HEAD} FOR UPDATE`;

/** The columns of a site's row that say who may read it and which document it holds, without the document. */
export type SiteHead = Pick<SiteRow, 'id' | 'owner_id' | 'created_at'> & { revision: number };

/**
 * siteAccess for reads that do not need the document: the site's head and the actor's role, the
 * same answers and refusals, two small queries at most (site/reads.ts holds the answer a few seconds).
 */
export async function readAccess(deps: Deps, actor: Actor, siteId: string): Promise<{ site: SiteHead; role: Role; isLocked: boolean }> {
  refuseOtherSiteKey(actor, siteId, 'read');
  const site: SiteHead | undefined = await deps
    .db('sites')
    .where({ id: siteId })
    .whereNull('deleted_at')
    .first<SiteHead | undefined>('id', 'owner_id', 'created_at', 'revision');
  if (!site) throw notFound(messages.notFound);
  return {
    site: { ...site, revision: Number(site.revision), created_at: Number(site.created_at) },
    ...(await roleNeeded(deps, site, actor, 'read')),
  };
}

/** An API key reaches its own site only, and nothing that needs the owner in person. */
export function refuseOtherSiteKey(actor: Actor, siteId: string, need: 'read' | 'write' | 'owner'): void {
  if (actor.apiKey && (actor.apiKey.siteId !== siteId || need === 'owner')) throw forbidden(messages.apiKeyScope, 'API_KEY_SCOPE');
}

async function roleNeeded(
  deps: Deps,
  site: Pick<SiteRow, 'id' | 'owner_id'>,
  actor: Actor,
  need: 'read' | 'write' | 'owner',
): Promise<Omit<SiteAccess, 'site'>> {
  const part = await partOf(deps, site, actor.userId);
  if (!part) throw notFound(messages.notFound);
  const { role, isLocked } = part;
  if (need === 'owner' && role !== 'owner') throw forbidden(messages.forbidden);
  if (need === 'write' && isLocked) throw forbidden(messages.siteLocked, 'SITE_LOCKED');
  return { role, isLocked };
}

/** A user's role on a site they own or collaborate on; null when they have no part in it. */
async function partOf(deps: Deps, site: Pick<SiteRow, 'id' | 'owner_id'>, userId: number): Promise<Omit<SiteAccess, 'site'> | null> {
  if (site.owner_id === userId) return { role: 'owner', isLocked: false };
  const member: { is_locked: boolean | number } | undefined = await deps
    .db('site_members')
    .where({ site_id: site.id, user_id: userId })
    .first('is_locked');
  return member ? { role: 'collaborator', isLocked: Boolean(member.is_locked) } : null;
}

/**
 * Whether a user may read a site (its owner or a collaborator, locked included), as siteAccess
 * decides, without reading the site's document: the realtime channel asks it when a socket joins a
 * site and again on every heartbeat.
 */
export async function canRead(deps: Deps, userId: number, siteId: string): Promise<boolean> {
  const site: Pick<SiteRow, 'id' | 'owner_id'> | undefined = await deps
    .db('sites')
    .where({ id: siteId })
    .whereNull('deleted_at')
    .first('id', 'owner_id');
  return site ? (await partOf(deps, site, userId)) !== null : false;
}
