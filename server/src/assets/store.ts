import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { conflict, planLimit } from '../core/errors.js';
import { isPostgres } from '../db/knex.js';
import { isUniqueViolation } from '../db/errors.js';
import { messages } from '../core/messages.js';
import type { SiteAccess } from '../core/access.js';
import type { Deps } from '../core/deps.js';
import { UNLIMITED } from '../core/plans.js';
import { planOf } from '../core/subscriptions.js';
import type { Prepared } from './prepare.js';
import { removeBlobs, storageKey, type AssetRow } from '../site/file-rows.js';

export type Incoming = Prepared & { field: string };

const MB = 1024 * 1024;

/** The plan storage of the site's owner in bytes (null: unlimited) and the bytes the site uses. */
export async function storageUse(deps: Deps, siteId: string, ownerId: number, db: Knex = deps.db, except: string[] = []) {
  const plan = await planOf(deps, ownerId, db);
  const row = (await db('assets').where({ site_id: siteId, placeholder: false }).whereNotIn('name', except).sum({ n: 'size' }).first()) as {
    n: number | string | null;
  };
  return { plan, used: Number(row?.n ?? 0), limit: plan.storage >= UNLIMITED ? null : plan.storage * MB };
}

/**
 * Spec 002 §5: names already taken (unless overwrite) and the plan's storage (the total of
 * non-placeholder files, the replaced ones not counted) refuse the whole upload.
 */
async function checkRoom(deps: Deps, db: Knex, access: SiteAccess, files: Incoming[], overwrite: boolean): Promise<AssetRow[]> {
  const siteId = access.site.id;
  const existing = (await db('assets')
    .where({ site_id: siteId })
    .whereIn(
      'name',
      files.map((f) => f.name),
    )) as AssetRow[];
  if (existing.length && !overwrite) {
    const names = existing.map((r) => r.name);
    const field = files.find((f) => names.includes(f.name))!.field;
    throw conflict(files.length > 1 ? messages.someFilesUploaded : messages.fileExists, 'FILE_EXISTS', { field, names });
  }
  const { plan, used, limit } = await storageUse(
    deps,
    siteId,
    access.site.owner_id,
    db,
    existing.map((r) => r.name),
  );
  const incoming = files.reduce((sum, f) => sum + f.size, 0);
  if (limit !== null && used + incoming > limit) {
    const message = access.role === 'owner' ? messages.storageLimitOwner(plan.storage) : messages.storageLimitCollaborator;
    throw planLimit(message, { title: messages.upgradeNeededTitle, limit: plan.storage, used });
  }
  return existing;
}

/**
 * Stores checked uploads: the bytes first (under new random blob ids), then the rows in one
 * transaction that checks again. A refusal or failure removes the new bytes; the bytes of replaced
 * files go once the rows are committed. Answers the new rows.
 */
export async function storeFiles(
  deps: Deps,
  access: SiteAccess,
  files: Incoming[],
  overwrite: boolean,
  userId: number,
): Promise<AssetRow[]> {
  const siteId = access.site.id;
  // Cheap refusals before any byte is written; the transaction below has the last word.
  await checkRoom(deps, deps.db, access, files, overwrite);
  const blobs = files.map(() => crypto.randomBytes(16).toString('hex'));
  const written: string[] = [];
  try {
    for (const [i, file] of files.entries()) {
      for (const [part, bytes] of file.parts) {
        const key = storageKey(siteId, blobs[i]!, part);
        await deps.storage.put(key, bytes);
        written.push(key);
      }
    }
    const now = deps.now();
    const { rows, replaced } = await deps.db.transaction(async (trx) => {
      // PostgreSQL: uploads to one site queue here, so two cannot both pass the quota. SQLite has one writer anyway.
      if (isPostgres(trx)) await trx('sites').where({ id: siteId }).forUpdate().first('id');
      const replaced = await checkRoom(deps, trx, access, files, overwrite);
      if (replaced.length)
        await trx('assets')
          .whereIn(
            'id',
            replaced.map((r) => r.id),
          )
          .delete();
      const rows = (await trx('assets')
        .insert(
          files.map((file, i) => ({
            site_id: siteId,
            name: file.name,
            kind: file.kind,
            mime: file.mime,
            size: file.size,
            blob: blobs[i],
            width: file.width,
            height: file.height,
            original_size: file.originalSize,
            has_preview: file.parts.has('preview'),
            variants: JSON.stringify([...file.parts.keys()].filter((p) => /^w\d+$/.test(p)).map((p) => Number(p.slice(1)))),
            created_by: userId,
            created_at: now,
            updated_at: now,
          })),
        )
        .returning('*')) as AssetRow[];
      return { rows, replaced };
    });
    await removeBlobs(deps, replaced);
    return rows;
  } catch (error) {
    await Promise.all(written.map((key) => deps.storage.remove(key).catch(() => undefined)));
    if (isUniqueViolation(error))
      throw conflict(files.length > 1 ? messages.someFilesUploaded : messages.fileExists, 'FILE_EXISTS', { field: files[0]!.field });
    throw error;
  }
}
