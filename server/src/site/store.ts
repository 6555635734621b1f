import crypto from 'node:crypto';
import type { History } from '@pagewright/sdk';
import type { Knex } from 'knex';
import { isPostgres } from '../db/knex.js';
import type { SiteRow } from '../core/access.js';
import { storeMissing } from './content/writes.js';
import type { SiteDoc } from '../model/document.js';
import type { PathEdit } from '../model/paths.js';

/**
 * The site row's store, the data layer under every feature that writes a site: the document in
 * `sites.data` with its revision and history counters, and the `history` rows. Every function takes
 * the transaction it runs in.
 */
export interface EditorSiteRow extends SiteRow {
  revision: number;
  undo_count: number;
  redo_count: number;
  unsaved_count: number;
}

/** A site's row without its document: what a content write reads first (siteHeadAccess). */
export type EditorSiteHead = Omit<EditorSiteRow, 'data'>;

/**
 * A site's stored document, read inside a write's transaction that has read the row's head (the row
 * is locked there, so this is the revision the head names).
 */
export async function readData(trx: Knex, siteId: string): Promise<string> {
  const row = await trx('sites').where({ id: siteId }).first<{ data: string } | undefined>('data');
  return row?.data ?? '';
}

/** The hash of a stored document (versions and the editor's `hash` compare by it). */
export const contentHash = (data: string): string => crypto.createHash('sha256').update(data).digest('hex');

/** How many edits undo can go back; older entries are dropped (unsaved keeps counting). */
const HISTORY_LIMIT = 200;

export const historyOf = (row: Pick<EditorSiteRow, 'undo_count' | 'redo_count' | 'unsaved_count'>): History => ({
  undo: Number(row.undo_count),
  redo: Number(row.redo_count),
  unsaved: Number(row.unsaved_count),
});

/** Thrown inside a transaction when another process wrote the site first; the write is retried. */
export class RevisionConflict extends Error {}

/**
 * Takes the site's write lock as a transaction's first statement, so another process's write waits
 * for this one instead of reading a document that is about to change. PostgreSQL locks the row;
 * SQLite has one writer per database, and a write that changes nothing takes that lock (waiting out
 * the busy timeout) without rewriting the document.
 */
export async function lockSite(trx: Knex, siteId: string): Promise<void> {
  if (isPostgres(trx)) await trx('sites').where({ id: siteId }).forUpdate().first('id');
  else await trx('history').where({ site_id: siteId }).whereRaw('1 = 0').delete();
}

/** The columns that mirror the document, so the site list never disagrees with the editor. */
function mirrored(doc: SiteDoc, row: Pick<SiteRow, 'theme_primary' | 'theme_secondary'>) {
  return {
    name: doc.settings.name,
    theme_primary: doc.theme.colors.primary?.base ?? row.theme_primary,
    theme_secondary: doc.theme.colors.secondary?.base ?? row.theme_secondary,
  };
}

/** The document as stored: without its collections, which live in the CMS tables. */
const storedJson = (doc: SiteDoc): string => JSON.stringify({ ...doc, collections: [] });

/** What one write of a site's row changes. */
export interface SiteWrite {
  /** The new document; collections it brings that the tables lack are stored there, and it is written without them. */
  doc?: SiteDoc;
  /** A stored text written as it is (a version from before the site model). */
  rawData?: string;
  /** The history counts after the write. */
  history?: History;
  /** A reset repairs a broken site. */
  repair?: boolean;
}

/**
 * The one write of a site's row: only if the site is still at the revision it was read at, else
 * RevisionConflict so the caller retries on the newer document. Every write moves the revision on
 * and the modified time (the site list orders by it). Answers the row as written.
 */
export async function writeSite<Row extends EditorSiteHead>(trx: Knex, row: Row, write: SiteWrite, now: number): Promise<Row> {
  const revision = Number(row.revision) + 1;
  const patch: Record<string, unknown> = { revision, modified_at: now };
  if (write.doc) {
    await storeMissing(trx, row.id, write.doc.collections, now);
    Object.assign(patch, { data: storedJson(write.doc) }, mirrored(write.doc, row));
  } else if (write.rawData !== undefined) {
    patch.data = write.rawData;
  }
  if (write.history)
    Object.assign(patch, { undo_count: write.history.undo, redo_count: write.history.redo, unsaved_count: write.history.unsaved });
  if (write.repair) Object.assign(patch, { error: null, object: null });
  const updated = await trx('sites').where({ id: row.id, revision: row.revision }).update(patch);
  if (updated === 0) throw new RevisionConflict();
  return { ...row, ...patch };
}

/** A change outside the document (content, files) still counts as the site's last change. */
export async function touchSite(trx: Knex, siteId: string, now: number): Promise<void> {
  await trx('sites').where({ id: siteId }).update({ modified_at: now });
}

/** The counts after a new edit: one more to undo (up to the limit), nothing to redo. */
export const afterEdit = (row: EditorSiteHead): History => ({
  undo: Math.min(Number(row.undo_count) + 1, HISTORY_LIMIT),
  redo: 0,
  unsaved: Number(row.unsaved_count) + 1,
});

/**
 * Records a new edit: the redo entries are dropped, and the oldest entry past the limit. Call it
 * after writeSite, whose update holds the site's row, so two processes never number entries alike.
 */
export async function pushEntry(trx: Knex, row: EditorSiteHead, edits: PathEdit[], authorId: number, now: number): Promise<void> {
  if (Number(row.redo_count) > 0) await trx('history').where({ site_id: row.id, undone: true }).delete();
  const last = (await trx('history').where({ site_id: row.id }).max({ seq: 'seq' }).first()) as { seq: number | null } | undefined;
  await trx('history').insert({
    site_id: row.id,
    seq: Number(last?.seq ?? 0) + 1,
    undone: false,
    edits: JSON.stringify(edits),
    author_id: authorId,
    created_at: now,
  });
  if (Number(row.undo_count) < HISTORY_LIMIT) return;
  const stale: { id: number }[] = await trx('history').where({ site_id: row.id }).orderBy('seq', 'desc').offset(HISTORY_LIMIT).select('id');
  if (stale.length)
    await trx('history')
      .whereIn(
        'id',
        stale.map((r) => r.id),
      )
      .delete();
}

/** The entry undo (the newest applied) or redo (the oldest undone) would replay, or null. */
export async function nextEntry(trx: Knex, siteId: string, direction: 'undo' | 'redo'): Promise<{ id: number; edits: PathEdit[] } | null> {
  const row: { id: number; edits: string } | undefined = await trx('history')
    .where({ site_id: siteId, undone: direction === 'redo' })
    .orderBy('seq', direction === 'undo' ? 'desc' : 'asc')
    .first('id', 'edits');
  return row ? { id: row.id, edits: JSON.parse(row.edits) as PathEdit[] } : null;
}

export async function markEntry(trx: Knex, id: number, undone: boolean): Promise<void> {
  await trx('history').where({ id }).update({ undone });
}

/** Commit and reset start a fresh history. */
export async function clearHistory(trx: Knex, siteId: string): Promise<void> {
  await trx('history').where({ site_id: siteId }).delete();
}
