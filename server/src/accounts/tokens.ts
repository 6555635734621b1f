import type { Knex } from 'knex';
import { hashToken, newToken } from '../engines/crypto.js';
import type { Deps } from '../core/deps.js';

/** Kinds of stored tokens and how long each lives. */
export const TOKEN_TTL_MS = {
  tfa: 5 * 60_000,
  login: 5 * 60_000,
  reset: 60 * 60_000,
  oauth: 10 * 60_000,
} as const;

export type TokenKind = 'session' | keyof typeof TOKEN_TTL_MS;

export interface TokenRow {
  id: number;
  kind: TokenKind;
  token_hash: string;
  user_id: number | null;
  data: string | null;
  expires_at: number;
  created_at: number;
  last_used_at: number | null;
}

/** Issues a token and stores only its hash. */
export async function issueToken(
  deps: Deps,
  kind: TokenKind,
  userId: number | null,
  ttlMs: number,
  data: unknown = null,
  db: Knex = deps.db,
): Promise<{ token: string; expiresAt: number }> {
  const token = newToken();
  const now = deps.now();
  const expiresAt = now + ttlMs;
  await db('tokens').insert({
    kind,
    token_hash: hashToken(token),
    user_id: userId,
    data: data === null ? null : JSON.stringify(data),
    expires_at: expiresAt,
    created_at: now,
  });
  return { token, expiresAt };
}

/** A live token of the kind, or null. */
export async function findToken(deps: Deps, kind: TokenKind, token: unknown, db: Knex = deps.db): Promise<TokenRow | null> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 128) return null;
  const row = (await db('tokens')
    .where({ token_hash: hashToken(token), kind })
    .first()) as TokenRow | undefined;
  if (!row || Number(row.expires_at) <= deps.now()) return null;
  return row;
}

/**
 * Takes a single-use token: deletes it and answers its row, or null when it was already used,
 * expired or never existed. The delete decides, so two racing requests cannot both win.
 */
export async function takeToken(deps: Deps, kind: TokenKind, token: unknown, db: Knex = deps.db): Promise<TokenRow | null> {
  const row = await findToken(deps, kind, token, db);
  if (!row) return null;
  const deleted = await db('tokens').where({ id: row.id }).delete();
  return deleted === 1 ? row : null;
}
