import type { Schemas } from '@pagewright/sdk';
import type { Knex } from 'knex';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { SiteDoc } from '../model/document.js';
import { lockSite } from '../site/store.js';
import { blobKey, inBatches, slicer, type DeployFile, type StoredCopies } from './deploy-files.js';

/**
 * Deploys (issue 31 item 2, decision 0080): each publish's files, kept content-addressed in the
 * instance's storage under `hosting/<siteId>/<hash>` (a file that did not change is stored once), with
 * brotli and gzip copies beside the text files. The deploy row with its manifest is written after
 * every file, and the live deploy is switched in the same transaction: a publish that fails or is
 * killed before it leaves the previous deploy serving, whole.
 */

export interface Redirect {
  from: string;
  to: string;
  status: 301 | 302;
}

/** What a deploy row's manifest holds (JSON of arrays: paths come from the site and are never object keys). */
export interface Manifest {
  files: DeployFile[];
  redirects: Redirect[];
  /** The compile settings' base path when the deploy was made (`/docs`): the hosting serves the site below it too. */
  basePath: string | null;
}

interface StoredManifest {
  files: [string, string, number, number | null, number | null][];
  redirects: [string, string, number][];
  basePath?: string;
}

export interface DeployRow {
  id: number;
  site_id: string;
  number: number;
  author_id: number | null;
  author: string | null;
  created_at: number;
  hash: string | null;
  files: number;
  size: number;
  changed: number;
}

/** A deploy as the API answers it. */
export type DeployInfo = Schemas['Deploy'];

export function parseManifest(raw: string): Manifest {
  const stored = JSON.parse(raw) as StoredManifest;
  return {
    files: stored.files.map(([path, hash, size, br, gz]) => ({ path, hash, size, br, gz })),
    redirects: stored.redirects.map(([from, to, status]) => ({ from, to, status: status === 302 ? 302 : 301 })),
    basePath: typeof stored.basePath === 'string' && stored.basePath.startsWith('/') ? stored.basePath.replace(/\/+$/, '') || null : null,
  };
}

function storedManifest(m: Manifest): string {
  const stored: StoredManifest = {
    files: m.files.map((f) => [f.path, f.hash, f.size, f.br, f.gz]),
    redirects: m.redirects.map((r) => [r.from, r.to, r.status]),
    ...(m.basePath ? { basePath: m.basePath } : {}),
  };
  return JSON.stringify(stored);
}

function redirectsOf(doc: SiteDoc): Redirect[] {
  return (doc.settings.redirects ?? []).map((r) => ({ from: r.from, to: r.to, status: r.status === 302 ? 302 : 301 }));
}

export class DeployStore {
  constructor(private readonly deps: Deps) {}

  private addKeys(set: Set<string>, siteId: string, f: DeployFile) {
    set.add(blobKey(siteId, f.hash));
    if (f.br !== null) set.add(blobKey(siteId, f.hash, 'br'));
    if (f.gz !== null) set.add(blobKey(siteId, f.hash, 'gz'));
  }

  /**
   * Makes a deploy of these files, stored already (each with its copies' sizes), the live one: in one
   * transaction holding the site's lock, the row, the switch, and the pruning of deploys past the kept
   * number with the blobs only they used. `known` is what the site's deploys held when the files were
   * stored (those were not written again); any of them pruned since by another publish is written
   * again by `rewrite`, under the lock.
   */
  async create(
    actor: Actor,
    siteId: string,
    files: DeployFile[],
    doc: SiteDoc,
    hash: string | null,
    known: ReadonlyMap<string, unknown>,
    rewrite: (hashes: string[]) => Promise<StoredCopies[]>,
  ): Promise<DeployInfo> {
    const basePath = doc.settings.compile?.basePath?.replace(/\/+$/, '') || null;
    const now = this.deps.now();
    const id = await this.deps.db.transaction(async (trx) => {
      await lockSite(trx, siteId);
      const still = await this.knownFiles(trx, siteId);
      const gone = new Set<string>();
      for (const f of files) if (known.has(f.hash) && !still.has(f.hash)) gone.add(f.hash);
      const rewritten = new Map(gone.size ? (await rewrite([...gone])).map((copies) => [copies[0], copies]) : []);
      const manifest: Manifest = {
        files: files.map((f) => {
          const copies = rewritten.get(f.hash);
          return copies ? { ...f, br: copies[1], gz: copies[2] } : f;
        }),
        redirects: redirectsOf(doc),
        basePath,
      };

      const previous = await this.liveManifest(trx, siteId);
      const last: { number: number | null } | undefined = await trx('deploys')
        .where({ site_id: siteId })
        .max<{ number: number | null }>('number as number')
        .first();
      const [row] = await trx('deploys')
        .insert({
          site_id: siteId,
          number: Number(last?.number ?? 0) + 1,
          author_id: actor.userId,
          created_at: now,
          hash,
          files: manifest.files.length,
          size: manifest.files.reduce((sum, f) => sum + f.size, 0),
          changed: changedFiles(previous, manifest),
          manifest: storedManifest(manifest),
        })
        .returning<{ id: number }[]>('id');
      const deployId = Number(row!.id);
      await this.switchTo(trx, siteId, deployId, now);
      await this.prune(trx, siteId, deployId);
      return deployId;
    });
    return (await this.info(siteId, id))!;
  }

  /** The files the site's deploys hold, by hash, with their compressed sizes. */
  async knownFiles(db: Knex, siteId: string): Promise<Map<string, DeployFile>> {
    const rows: { manifest: string }[] = await db('deploys').where({ site_id: siteId }).select('manifest');
    const known = new Map<string, DeployFile>();
    const pause = slicer();
    for (const row of rows) {
      await pause();
      for (const f of parseManifest(row.manifest).files) known.set(f.hash, f);
    }
    return known;
  }

  private async liveManifest(db: Knex, siteId: string): Promise<Manifest | null> {
    const row: { manifest: string } | undefined = await db('live_deploys')
      .join('deploys', 'deploys.id', 'live_deploys.deploy_id')
      .where('live_deploys.site_id', siteId)
      .first('deploys.manifest');
    return row ? parseManifest(row.manifest) : null;
  }

  /** The one write that makes a deploy live: a publish's last step, and all of a rollback. */
  private async switchTo(trx: Knex, siteId: string, deployId: number, now: number): Promise<void> {
    const updated = await trx('live_deploys').where({ site_id: siteId }).update({ deploy_id: deployId, switched_at: now });
    if (!updated) await trx('live_deploys').insert({ site_id: siteId, deploy_id: deployId, switched_at: now });
  }

  /**
   * Drops the deploys past the kept number (never the live one) and removes the blobs no remaining
   * deploy holds. The removal runs inside the transaction, under the site's lock: a publish that
   * skipped writing a blob checks under the same lock that a kept deploy still holds it.
   */
  private async prune(trx: Knex, siteId: string, live: number): Promise<void> {
    const old = (await trx('deploys')
      .where({ site_id: siteId })
      .whereNot('id', live)
      .orderBy('number', 'desc')
      .offset(this.deps.config.hosting.deploysKept - 1)
      .pluck('id')) as number[];
    if (!old.length) return;
    const dropping = new Set(old.map(Number));
    // Every manifest read once and parsed a few at a time: a big site's deploys hold thousands of
    // files each, and hosted visitors are answered on this event loop meanwhile.
    const rows: { id: number; manifest: string }[] = await trx('deploys').where({ site_id: siteId }).select('id', 'manifest');
    const dropped = new Set<string>();
    const kept = new Set<string>();
    const pause = slicer();
    for (const row of rows) {
      await pause();
      const into = dropping.has(Number(row.id)) ? dropped : kept;
      for (const f of parseManifest(row.manifest).files) this.addKeys(into, siteId, f);
    }
    await trx('deploys').whereIn('id', old).delete();
    const garbage = [...dropped].filter((key) => !kept.has(key));
    await inBatches(garbage, (key) => this.deps.storage.remove(key));
  }

  /** Makes a kept deploy live again: one write, like a publish's last step. */
  async rollback(siteId: string, deployId: number): Promise<DeployInfo> {
    await this.deps.db.transaction(async (trx) => {
      const row: { id: number } | undefined = await trx('deploys').where({ site_id: siteId, id: deployId }).first('id');
      if (!row) throw notFound(messages.deployNotFound);
      await this.switchTo(trx, siteId, deployId, this.deps.now());
    });
    return (await this.info(siteId, deployId))!;
  }

  /** The site's kept deploys, newest first, and which is live. */
  async list(siteId: string): Promise<DeployInfo[]> {
    return this.described(siteId, await this.rows(siteId));
  }

  async info(siteId: string, deployId: number): Promise<DeployInfo | null> {
    const [info] = await this.described(siteId, await this.rows(siteId, deployId));
    return info ?? null;
  }

  private rows(siteId: string, deployId?: number): Promise<DeployRow[]> {
    let query = this.deps
      .db('deploys')
      .leftJoin('users', 'users.id', 'deploys.author_id')
      .where('deploys.site_id', siteId)
      .orderBy('deploys.number', 'desc');
    if (deployId !== undefined) query = query.andWhere('deploys.id', deployId);
    return query.select(
      'deploys.id',
      'deploys.number',
      'deploys.author_id',
      'users.name as author',
      'deploys.created_at',
      'deploys.hash',
      'deploys.files',
      'deploys.size',
      'deploys.changed',
    );
  }

  private async described(siteId: string, rows: DeployRow[]): Promise<DeployInfo[]> {
    const live: { deploy_id: number } | undefined = await this.deps.db('live_deploys').where({ site_id: siteId }).first('deploy_id');
    const versions: { id: number; hash: string }[] = await this.deps
      .db('versions')
      .where({ site_id: siteId })
      .orderBy('id', 'desc')
      .select('id', 'hash');
    const versionOf = new Map<string, number>();
    for (const v of versions) if (!versionOf.has(v.hash)) versionOf.set(v.hash, v.id);
    return rows.map((r) => ({
      id: Number(r.id),
      number: Number(r.number),
      author: r.author ?? null,
      authorId: r.author_id === null ? null : Number(r.author_id),
      createdAt: isoRequired(Number(r.created_at)),
      files: Number(r.files),
      size: Number(r.size),
      changed: Number(r.changed),
      hash: r.hash,
      versionId: (r.hash ? versionOf.get(r.hash) : undefined) ?? null,
      live: live !== undefined && Number(live.deploy_id) === Number(r.id),
    }));
  }
}

/** Files added, removed or with other bytes than in the previous live deploy (every file for the first). */
function changedFiles(previous: Manifest | null, next: Manifest): number {
  if (!previous) return next.files.length;
  const before = new Map(previous.files.map((f) => [f.path, f.hash]));
  let changed = 0;
  for (const f of next.files) {
    if (before.get(f.path) !== f.hash) changed++;
    before.delete(f.path);
  }
  return changed + before.size;
}
