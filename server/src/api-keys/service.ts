import crypto from 'node:crypto';
import type { Schemas } from '@pagewright/sdk';
import { AppError, forbidden, invalid, notFound } from '../core/errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { hashToken } from '../engines/crypto.js';
import { messages } from '../core/messages.js';
import { siteAccess } from '../core/access.js';
import { iso, isoRequired, type Actor, type Deps } from '../core/deps.js';
import { optionalBoolean } from '../core/validation.js';
import { Held, siteTag, userTag } from '../core/held.js';

export type ApiKey = Schemas['ApiKey'];

interface ApiKeyRow {
  id: number;
  site_id: string;
  public_id: string;
  key_hash: string;
  name: string;
  is_locked: boolean | number;
  used_count: number;
  last_used_at: number | null;
  created_at: number;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
/** `pw_<8 characters>_<43 characters>`: the first part names the key in lists, the whole is the secret. */
const KEY = /^pw_([A-Za-z0-9]{8})_[A-Za-z0-9_-]{43}$/;
const DEFAULT_NAME = 'API key';

/** Tells an API key from a session token before any lookup. */
export const looksLikeApiKey = (token: string): boolean => KEY.test(token);

const toApiKey = (r: ApiKeyRow): ApiKey => ({
  token: `pw_${r.public_id}`,
  name: r.name,
  isLocked: Boolean(r.is_locked),
  usedCount: Number(r.used_count),
  lastUsed: iso(r.last_used_at),
  created: isoRequired(r.created_at),
});

function optionalName(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid('name', messages.apiKeyNameTooLong);
  const name = value.trim();
  if (name.length > 100) throw invalid('name', messages.apiKeyNameTooLong);
  return name || DEFAULT_NAME;
}

/** How long a verified API key is held in memory (core/held.ts); locking, deleting it or suspending its people drops it at once. */
const HELD_KEY_MS = 5_000;
/** Uses of held keys are written at most this long after they happen (and before the keys are listed). */
const USES_FLUSH_MS = 1_000;
const keyTag = (id: number) => `api-key:${id}`;

/** Spec 002 "API keys": the owner's keys for scripts and CI, each for one site. */
export class ApiKeysService {
  private readonly held: Held<Actor>;
  /** Uses not written yet: key id to how many and when the last was. */
  private readonly uses = new Map<number, { count: number; at: number }>();
  private flushing: NodeJS.Timeout | null = null;
  constructor(private readonly deps: Deps) {
    this.held = new Held(deps.bus, HELD_KEY_MS, 10_000);
  }

  /** Writes the counted uses (every second, before a list, and when the server stops). */
  async flushUses(): Promise<void> {
    if (this.flushing) clearTimeout(this.flushing);
    this.flushing = null;
    const uses = [...this.uses];
    this.uses.clear();
    for (const [id, { count, at }] of uses) {
      await this.deps
        .db('api_keys')
        .where({ id })
        .update({ used_count: this.deps.db.raw('used_count + ?', [count]), last_used_at: at });
    }
  }

  private countUse(id: number): void {
    const use = this.uses.get(id);
    this.uses.set(id, { count: (use?.count ?? 0) + 1, at: this.deps.now() });
    this.flushing ??= setTimeout(() => {
      this.flushUses().catch((error: unknown) => this.deps.log.warn({ err: error }, 'api keys: uses not written'));
    }, USES_FLUSH_MS).unref();
  }

  /** Owner only; a collaborator is told the spec's 'Only the site owner can create API-keys'. */
  private async ownerOf(actor: Actor, siteId: string): Promise<void> {
    const { role } = await siteAccess(this.deps, actor, siteId);
    if (role !== 'owner' || actor.apiKey) throw forbidden(messages.apiKeyOwnerOnly, 'OWNER_ONLY');
  }

  private async row(siteId: string, token: string): Promise<ApiKeyRow> {
    const publicId = /^pw_([A-Za-z0-9]{8})$/.exec(token)?.[1];
    const row = publicId
      ? ((await this.deps.db('api_keys').where({ site_id: siteId, public_id: publicId }).first()) as ApiKeyRow | undefined)
      : undefined;
    if (!row) throw notFound(messages.apiKeyNotFound);
    return row;
  }

  async list(actor: Actor, siteId: string): Promise<ApiKey[]> {
    await this.ownerOf(actor, siteId);
    await this.flushUses();
    const rows = (await this.deps.db('api_keys').where({ site_id: siteId }).orderBy('created_at').orderBy('id')) as ApiKeyRow[];
    return rows.map(toApiKey);
  }

  /** A new key; the answer is the only time the whole key is shown. */
  async create(actor: Actor, siteId: string, body: Record<string, unknown>): Promise<ApiKey & { key: string }> {
    await this.ownerOf(actor, siteId);
    const name = optionalName(body.name) ?? DEFAULT_NAME;
    for (let attempt = 0; ; attempt++) {
      const publicId = Array.from({ length: 8 }, () => ALPHABET[crypto.randomInt(ALPHABET.length)]).join('');
      const key = `pw_${publicId}_${crypto.randomBytes(32).toString('base64url')}`;
      const now = this.deps.now();
      try {
        const [row] = (await this.deps
          .db('api_keys')
          .insert({ site_id: siteId, public_id: publicId, key_hash: hashToken(key), name, created_by: actor.userId, created_at: now })
          .returning('*')) as ApiKeyRow[];
        return { ...toApiKey(row!), key };
      } catch (error) {
        // Two keys drew the same public id: draw again.
        if (!isUniqueViolation(error) || attempt >= 3) throw error;
      }
    }
  }

  async update(actor: Actor, siteId: string, token: string, body: Record<string, unknown>): Promise<ApiKey> {
    await this.ownerOf(actor, siteId);
    const row = await this.row(siteId, token);
    const isLocked = optionalBoolean(body.isLocked, 'isLocked');
    const name = optionalName(body.name);
    const changes = { ...(isLocked === undefined ? {} : { is_locked: isLocked }), ...(name === undefined ? {} : { name }) };
    if (Object.keys(changes).length) await this.deps.db('api_keys').where({ id: row.id }).update(changes);
    if (isLocked !== undefined) await this.deps.bus.invalidate([keyTag(row.id)]);
    return toApiKey({ ...row, ...changes });
  }

  async remove(actor: Actor, siteId: string, token: string): Promise<void> {
    await this.ownerOf(actor, siteId);
    const row = await this.row(siteId, token);
    await this.deps.db('api_keys').where({ id: row.id }).delete();
    await this.deps.bus.invalidate([keyTag(row.id)]);
  }

  /**
   * The actor of an API key: its site's owner, limited to that site. Counts the use. A locked key
   * answers 403, an unknown one null (the request is then anonymous and answers 401 where it matters).
   * A verified key is held for a few seconds, tagged with its site, its owner and its creator.
   */
  async authenticate(key: string): Promise<Actor | null> {
    if (!looksLikeApiKey(key)) return null;
    const keyHash = hashToken(key);
    const held = this.held.get(keyHash);
    if (held) {
      this.countUse(held.apiKey!.id);
      return held;
    }
    const ticket = this.held.ticket();
    const row:
      | {
          id: number;
          site_id: string;
          is_locked: boolean | number;
          owner_id: number;
          created_by: number | null;
          suspended_at: number | null;
          creator_suspended_at: number | null;
        }
      | undefined = await this.deps
      .db('api_keys')
      .join('sites', 'sites.id', 'api_keys.site_id')
      .join('users as owner', 'owner.id', 'sites.owner_id')
      .leftJoin('users as creator', 'creator.id', 'api_keys.created_by')
      .where({ 'api_keys.key_hash': keyHash })
      .first('api_keys.id', 'api_keys.site_id', 'api_keys.is_locked', 'api_keys.created_by', 'sites.owner_id', 'owner.suspended_at', {
        creator_suspended_at: 'creator.suspended_at',
      });
    if (!row) return null;
    // A key acts as its site's owner: it stops while the owner, or the person who made it, is suspended.
    if (row.suspended_at !== null || row.creator_suspended_at !== null)
      throw new AppError(403, 'ACCOUNT_SUSPENDED', messages.accountSuspended);
    if (row.is_locked) throw new AppError(403, 'API_KEY_LOCKED', messages.apiKeyLocked);
    this.countUse(row.id);
    const actor: Actor = { userId: row.owner_id, isAdmin: false, tokenHash: keyHash, apiKey: { id: row.id, siteId: row.site_id } };
    const tags = [
      keyTag(row.id),
      siteTag(row.site_id),
      userTag(row.owner_id),
      ...(row.created_by === null ? [] : [userTag(row.created_by)]),
    ];
    this.held.set(keyHash, actor, tags, ticket);
    return actor;
  }
}
