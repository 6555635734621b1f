import type { History } from '@pagewright/sdk';
import crypto from 'node:crypto';
import type { Knex } from 'knex';
import { conflict, notFound, planLimit } from '../core/errors.js';
import { siteAccess, type SiteAccess } from '../core/access.js';
import { messages } from '../core/messages.js';
import type { Actor, Deps } from '../core/deps.js';
import { isoRequired } from '../core/deps.js';
import { planOf } from '../core/subscriptions.js';
import type { SiteDocuments, WriteNote } from '../site/documents.js';
import { oncePerKey } from '../site/edit-keys.js';
import { requiredText } from '../core/validation.js';
import type { ContentStore } from '../site/content/store.js';
import { deleteCollections } from '../site/content/writes.js';
import { parseSiteDoc, type SiteDoc } from '../model/document.js';
import { Draft } from '../model/paths.js';
import { addsScript, scriptPayloads } from '../site/scripts.js';
import {
  afterEdit,
  clearHistory,
  contentHash,
  historyOf,
  pushEntry,
  writeSite,
  type EditorSiteRow,
  type SiteWrite,
} from '../site/store.js';

export interface Version {
  id: number;
  hash: string;
  message: string;
  authorId: number | null;
  authorName: string | null;
  created: string;
}

/** A version as the versions page lists it (spec 002 §3 "Version"). */
export interface VersionEntry extends Version {
  live: boolean;
  download: { name: string; url: string; md5: string; size: number };
}

const versionFile = (siteId: string, id: number) => `${siteId}-version-${id}.json`;

const CLEAN: History = { undo: 0, redo: 0, unsaved: 0 };

/** Versions (spec 001 §4): commit snapshots the document, reset returns to the last snapshot. */
export class VersionsService {
  constructor(
    private readonly deps: Deps,
    private readonly documents: SiteDocuments,
    private readonly content: ContentStore,
  ) {}

  /** POST /versions/commit: a version with the document's hash and a message; the history starts afresh. */
  async commit(actor: Actor, siteId: string, body: { message?: unknown }): Promise<{ body: { version: Version }; history: History }> {
    const message = requiredText(body.message, 'message', 500, messages.messageRequired);
    // A commit resent with its Idempotency-Key (the editor's outbox after a dropped connection) makes no second version.
    return this.documents.transact(actor, siteId, async (row, trx, _access, note) => {
      const answer = await oncePerKey(trx, siteId, actor.userId, this.deps.now(), note, async () => {
        // A broken document is rolled back, never committed. A version holds the collections too; its hash
        // stays the stored document's, the one `GET /sites/{id}` answers, so the two can be compared.
        const data = JSON.stringify(await this.content.hydrate(trx, row));
        await this.restart(trx, row, {});
        const [inserted]: ({ id: number } | number)[] = await trx('versions')
          .insert({ site_id: siteId, hash: contentHash(row.data), message, author_id: actor.userId, data, created_at: this.deps.now() })
          .returning('id');
        const id = typeof inserted === 'object' ? inserted.id : Number(inserted);
        return { version: (await versionsOf(trx, siteId, id))[0]! };
      });
      return { body: answer, history: note.unchanged ? historyOf(row) : CLEAN };
    });
  }

  /**
   * DELETE /versions/reset: the document of the last version, and an empty history. Also mends a
   * broken site: the current document is not read.
   */
  async reset(actor: Actor, siteId: string): Promise<History> {
    // Resent, the reset answers the history as it is now: the edits made since stay.
    return this.documents.transact(actor, siteId, async (row, trx, _access, note) => {
      await oncePerKey(trx, siteId, actor.userId, this.deps.now(), note, () => this.resetTo(row, trx, siteId));
      return note.unchanged ? historyOf(row) : CLEAN;
    });
  }

  private async resetTo(row: EditorSiteRow, trx: Knex, siteId: string): Promise<object> {
    const version: { data: string } | undefined = await trx('versions').where({ site_id: siteId }).orderBy('id', 'desc').first('data');
    if (!version) throw conflict(messages.noVersion, 'NO_VERSION');
    let doc: SiteDoc | null = null;
    try {
      doc = parseSiteDoc(version.data);
    } catch {
      // A version from before the site model: restore it as it is.
    }
    // The collections return to the version's too (writeSite stores them; the document is written without them).
    if (doc) await deleteCollections(trx, siteId);
    await this.restart(trx, row, doc ? { doc, repair: true } : { rawData: version.data, repair: true });
    return {};
  }

  /**
   * POST /versions/{versionId}/restore: the site as the version saved it, collections included, as
   * one step of the history (decision 0078): undo returns to the site as it was before, redo restores
   * again, and the step counts as one change since the last version. Each top-level part of the
   * document that differs is one path edit; the collections are one more when they differ, and
   * replaying that edit replaces the content tables (SiteDocuments.replay). Restoring a version the
   * site already equals writes nothing.
   */
  async restore(actor: Actor, siteId: string, versionId: number): Promise<History> {
    return this.documents.transact(actor, siteId, async (row, trx, access, note) => {
      // Resent with its Idempotency-Key, a restore is not applied a second time (it would add a step to undo).
      const { history } = await oncePerKey(trx, siteId, actor.userId, this.deps.now(), note, async () => ({
        history: await this.restoreIn(row, trx, access, note, siteId, actor, versionId),
      }));
      return note.unchanged ? historyOf(row) : history;
    });
  }

  private async restoreIn(
    row: EditorSiteRow,
    trx: Knex,
    access: SiteAccess,
    note: WriteNote,
    siteId: string,
    actor: Actor,
    versionId: number,
  ): Promise<History> {
    const version: { data: string } | undefined = await trx('versions').where({ site_id: siteId, id: versionId }).first('data');
    if (!version) throw notFound(messages.versionNotFound);
    const target = parseSiteDoc(version.data);
    const current = await this.content.hydrate(trx, row);
    if (addsScript(scriptPayloads(current), scriptPayloads(target)) && !(await planOf(this.deps, access.site.owner_id, trx)).customCode) {
      throw planLimit(messages.customCodePlan, { title: messages.upgradeNeededTitle, feature: 'customCode' });
    }
    const draft = new Draft(current);
    const keys = new Set([...Object.keys(current), ...Object.keys(target)]);
    for (const key of keys) draft.set([key], (target as unknown as Record<string, unknown>)[key]);
    if (draft.edits.length === 0) {
      note.unchanged = true;
      return historyOf(row);
    }
    const now = this.deps.now();
    // The version's collections replace the site's (writeSite stores them once the tables are empty).
    if (draft.edits.some((e) => e.path[0] === 'collections')) await deleteCollections(trx, siteId);
    const history = afterEdit(row);
    const written = await writeSite(trx, row, { doc: target, history }, now);
    await pushEntry(trx, row, draft.edits, actor.userId, now);
    note.state = { revision: Number(written.revision), history };
    return history;
  }

  /** The newest versions first, for the version menu. */
  list(db: Knex, siteId: string): Promise<Version[]> {
    return versionsOf(db, siteId);
  }

  /**
   * GET /versions (spec 002 "Versions"): the newest 50, each with whether it is live (the newest
   * version committed before the last publish) and its download: the version's document as JSON.
   */
  async entries(actor: Actor, siteId: string): Promise<VersionEntry[]> {
    await siteAccess(this.deps, actor, siteId);
    const versions = await versionsOf(this.deps.db, siteId);
    const published = (await this.deps.db('exports').where({ site_id: siteId }).max({ at: 'created_at' }).first()) as
      { at: number | null } | undefined;
    const at = published?.at == null ? null : Number(published.at);
    const live = at === null ? undefined : versions.find((v) => Date.parse(v.created) <= at)?.id;
    const files = await this.files(
      siteId,
      versions.map((v) => v.id),
    );
    return versions.map((v) => ({
      ...v,
      live: v.id === live,
      download: {
        name: versionFile(siteId, v.id),
        url: `${this.deps.config.publicUrl}/api/sites/${encodeURIComponent(siteId)}/versions/${v.id}/download`,
        ...files.get(v.id)!,
      },
    }));
  }

  /**
   * The md5 and size of each version's download, worked out once (the first time a list shows the
   * version) and kept in its row, so a list reads documents only for versions it has not seen.
   */
  private async files(siteId: string, ids: number[]): Promise<Map<number, { md5: string; size: number }>> {
    const db = this.deps.db;
    const rows: { id: number; md5: string | null; size: number | null }[] = await db('versions')
      .where({ site_id: siteId })
      .whereIn('id', ids)
      .select('id', 'md5', 'size');
    const out = new Map(rows.filter((r) => r.md5 !== null).map((r) => [r.id, { md5: r.md5!, size: Number(r.size) }]));
    const missing = rows.filter((r) => r.md5 === null).map((r) => r.id);
    if (missing.length === 0) return out;
    const docs: { id: number; data: string }[] = await db('versions').whereIn('id', missing).select('id', 'data');
    for (const { id, data } of docs) {
      const file = { md5: crypto.createHash('md5').update(data).digest('hex'), size: Buffer.byteLength(data) };
      await db('versions').where({ id }).update(file);
      out.set(id, file);
    }
    return out;
  }

  /**
   * GET /versions/{versionId}/download: the version's document (collections included) as a JSON
   * file. Settings secrets are never in a document, so never in a download.
   */
  async download(actor: Actor, siteId: string, versionId: number): Promise<{ name: string; json: string; md5: string }> {
    await siteAccess(this.deps, actor, siteId);
    const row: { data: string } | undefined = await this.deps.db('versions').where({ site_id: siteId, id: versionId }).first('data');
    if (!row) throw notFound(messages.versionNotFound);
    return { name: versionFile(siteId, versionId), json: row.data, md5: crypto.createHash('md5').update(row.data).digest('hex') };
  }

  /** Empties the history; the row's write comes first so it holds the site's row (see pushEntry). */
  private async restart(trx: Knex, row: EditorSiteRow, write: SiteWrite): Promise<void> {
    await writeSite(trx, row, { ...write, history: CLEAN }, this.deps.now());
    await clearHistory(trx, row.id);
  }
}

async function versionsOf(db: Knex, siteId: string, id?: number): Promise<Version[]> {
  const query = db('versions')
    .leftJoin('users', 'users.id', 'versions.author_id')
    .where('versions.site_id', siteId)
    .orderBy('versions.id', 'desc')
    .limit(50)
    .select('versions.id', 'versions.hash', 'versions.message', 'versions.author_id', 'users.name as author_name', 'versions.created_at');
  if (id !== undefined) query.andWhere('versions.id', id);
  const rows = (await query) as {
    id: number;
    hash: string;
    message: string;
    author_id: number | null;
    author_name: string | null;
    created_at: number;
  }[];
  return rows.map((r) => ({
    id: r.id,
    hash: r.hash,
    message: r.message,
    authorId: r.author_id,
    authorName: r.author_name,
    created: isoRequired(r.created_at),
  }));
}
