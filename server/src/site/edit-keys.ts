import type { Knex } from 'knex';
import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { currentEditRequest, type EditRequest } from '../core/edit-request.js';

/**
 * The Idempotency-Keys of a site's editing calls (table `edit_keys`, docs/decisions/0083): read and
 * written inside the edit's transaction, after the site's write lock, so a key and its edit are
 * stored together or not at all, and two calls with one key never both apply.
 */

/** How long a key is kept: long enough for a laptop to come back online the next morning. */
export const EDIT_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The stored answer body of an earlier call with the request's key, or null when the key is new (or
 * expired). The key sent with another call, or by another user, is refused.
 */
export async function storedAnswer(trx: Knex, siteId: string, userId: number, request: EditRequest, now: number): Promise<object | null> {
  if (!request.key) return null;
  const row: { user_id: number; fingerprint: string; body: string } | undefined = await trx('edit_keys')
    .where({ site_id: siteId, key: request.key })
    .andWhere('created_at', '>', now - EDIT_KEY_TTL_MS)
    .first('user_id', 'fingerprint', 'body');
  if (!row) return null;
  if (Number(row.user_id) !== userId || row.fingerprint !== request.fingerprint)
    throw invalid('Idempotency-Key', messages.idempotencyKeyReused, 'IDEMPOTENCY_KEY_REUSED');
  return JSON.parse(row.body) as object;
}

/** Stores the answer of a call made with a key (a no-op without one), dropping the site's expired keys. */
export async function storeAnswer(
  trx: Knex,
  siteId: string,
  userId: number,
  request: EditRequest,
  body: object,
  now: number,
): Promise<void> {
  if (!request.key) return;
  await trx('edit_keys')
    .where({ site_id: siteId })
    .andWhere('created_at', '<=', now - EDIT_KEY_TTL_MS)
    .delete();
  // An expired row with this key may still be there if the clock moved: the new answer replaces it.
  await trx('edit_keys').where({ site_id: siteId, key: request.key }).delete();
  const { preview: _preview, ...rest } = body as { preview?: unknown };
  await trx('edit_keys').insert({
    site_id: siteId,
    key: request.key,
    user_id: userId,
    fingerprint: request.fingerprint,
    body: JSON.stringify(rest),
    created_at: now,
  });
}

/**
 * A write other than an edit of the document (a version's commit, reset or restore) made once per
 * Idempotency-Key of the editing call being served: a key already stored answers the stored body and
 * writes nothing (`note.unchanged`: no event either); a new one is stored with the answer, in the
 * same transaction as the write. Without a key the write runs as it is.
 */
export async function oncePerKey<T extends object>(
  trx: Knex,
  siteId: string,
  userId: number,
  now: number,
  note: { unchanged?: boolean },
  write: () => Promise<T>,
): Promise<T> {
  const request = currentEditRequest();
  const stored = request && (await storedAnswer(trx, siteId, userId, request, now));
  if (stored) {
    request.replayed = true;
    note.unchanged = true;
    return stored as T;
  }
  const body = await write();
  if (request) await storeAnswer(trx, siteId, userId, request, body, now);
  return body;
}
