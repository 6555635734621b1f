import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import { siteFiles, type SiteFiles } from '../site/files.js';
import { deriveImage } from '../site/images.js';
import { AppError, invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { storageSpec } from '../engines/storage.js';
import { postWebhook, PrivateTargetError, resolveTarget, type Target } from '../engines/webhook.js';
import { compileSite, type CompiledSite } from '../render/index.js';
import { siteAccess } from '../core/access.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { recordEvent } from '../core/events.js';
import type { SiteDoc } from '../model/document.js';
import type { ContentStore } from '../site/content/store.js';
import { renderable } from '../site/legal.js';
import { templatePictures } from '../templates/assets.js';
import { contentHash } from '../site/store.js';
import type { DeploysService } from './deploys-service.js';
import { buildInThread } from './compile-thread.js';
import { listFiles, type PublishInput } from './build.js';
import { siteWebFonts, webFontsStatus } from './webfonts.js';

/** How long a download link works, and how many zips a site keeps. */
export const EXPORT_DAYS = 7;
const KEEP_EXPORTS = 5;

import type { CompiledFile } from './build.js';

export interface Download {
  md5: string;
  size: number;
  url: string;
  name: string;
}

/** The last publish of a site (spec 001 §3 "publish settings": webhook, author, type, timestamp). */
export interface PublishInfo {
  webhook: string | null;
  type: 'webhook' | 'download' | null;
  author: string | null;
  authorId: number | null;
  timestamp: string | null;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** What a compile may reuse: the previous compile of the site (incremental) and its files, already read. */
export interface CompileReuse {
  previous?: CompiledSite;
  files?: SiteFiles;
  /** Where the pages load the site's files from; the compile settings' CDN by default. */
  assetUrl?: (name: string) => string;
}

/**
 * The site as a publish writes it: every page by the one renderer, with the site's own files under
 * `assets/` and the template pictures it shows. The site view (view.ts) compiles through here too.
 */
export async function compilePublished(deps: Deps, siteId: string, doc: SiteDoc, reuse: CompileReuse = {}): Promise<CompiledSite> {
  const { doc: shown, ...inputs } = await compileInputs(deps, siteId, doc, reuse.files);
  const compiled = await compileSite(shown, {
    ...inputs,
    deriveImage,
    ...(reuse.previous ? { previous: reuse.previous } : {}),
    ...(reuse.assetUrl ? { assetUrl: reuse.assetUrl } : {}),
  });
  for (const [path, bytes] of await templatePictures(compiled.files)) compiled.files.set(path, bytes);
  return compiled;
}

/** What a compile of the site reads besides its document: the files, the downloaded webfonts, and the document as shown. */
async function compileInputs(
  deps: Deps,
  siteId: string,
  doc: SiteDoc,
  files?: SiteFiles,
): Promise<Omit<PublishInput, 'mtime' | 'deriveImage'>> {
  doc = await renderable(deps, siteId, doc); // legal collections show no items without the plan's legal feature
  return {
    doc,
    siteId,
    apiBase: deps.config.publicUrl,
    // "Download webfonts": the theme fonts no package has, from the storage or the font source.
    webFonts: await siteWebFonts(deps, doc),
    ...(files ?? (await siteFiles(deps, siteId))),
  };
}

/**
 * Publishing (spec 001 §4 "Publish and download"): compile, zip, keep the zip behind a secret
 * download link, record who published how and when, and post the link to the site's webhook.
 */
export class PublishService {
  constructor(
    private readonly deps: Deps,
    private readonly content: ContentStore,
    private readonly deploys: DeploysService,
  ) {}

  private async compile(doc: SiteDoc, siteId: string) {
    return (await compilePublished(this.deps, siteId, doc)).files;
  }

  /** GET /compiled: the files a publish would write now, for the compiled screen. */
  async compiled(actor: Actor, siteId: string): Promise<{ files: CompiledFile[] }> {
    const { site } = await siteAccess(this.deps, actor, siteId);
    return { files: await listFiles(await this.compile(await this.content.hydrate(this.deps.db, site), siteId)) };
  }

  /** GET /webfonts: how the theme fonts fare with "Download webfonts" (the compile settings' note). */
  async webFonts(actor: Actor, siteId: string) {
    const { site } = await siteAccess(this.deps, actor, siteId);
    return webFontsStatus(this.deps, await this.content.hydrate(this.deps.db, site));
  }

  /** GET /publish: `type` is webhook (the default when a webhook is set) or download. */
  async publish(actor: Actor, siteId: string, requested: unknown) {
    const { site } = await siteAccess(this.deps, actor, siteId, 'write');
    const doc = await this.content.hydrate(this.deps.db, site);
    const webhook = doc.settings.publish?.webhook;
    if (requested !== undefined && requested !== 'webhook' && requested !== 'download')
      throw invalid('type', messages.optionInvalid(['webhook', 'download']));
    const type = requested ?? (webhook ? 'webhook' : 'download');
    if (type === 'webhook' && !webhook) throw invalid('type', messages.webhookMissing);
    const target = type === 'webhook' ? await this.target(webhook!) : null;

    const answer = await this.goLive(actor, siteId, site.data, doc, type);
    if (!target) return answer;
    const { download, timestamp } = answer;
    const payload = { event: 'publish', download, timestamp };
    const result = await postWebhook(target, payload, this.deps.webhookTimeoutMs).catch(() => ({ status: null, delivered: false }));
    // The zip is kept either way: the answer's info carries its link so a failed webhook can be retried by hand.
    if (!result.delivered) throw new AppError(502, 'WEBHOOK_FAILED', messages.webhookFailed, { status: result.status, download });
    return { ...answer, webhook: { status: result.status } };
  }

  /**
   * A publish's build and deploy: the compile thread renders, zips, hashes and stores the site (visitors
   * of hosted sites are answered meanwhile, and this thread never holds the deploy's bytes), then the
   * zip's download link is recorded and the deploy made live.
   */
  private async goLive(actor: Actor, siteId: string, data: string, doc: SiteDoc, type: 'webhook' | 'download') {
    const now = this.deps.now();
    const token = crypto.randomBytes(24).toString('base64url');
    const stamp = new Date(now)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, '')
      .replace('T', '-');
    const name = `${siteId}-${stamp}.zip`;
    const key = `exports/${siteId}/${token.slice(0, 12)}.zip`;
    const inputs = await compileInputs(this.deps, siteId, doc);
    const known = await this.deploys.knownFiles(siteId);
    const build = await buildInThread(
      { ...inputs, mtime: now },
      { storage: storageSpec(this.deps.config), siteId, zipKey: key, known: [...known.values()].map((f) => [f.hash, f.br, f.gz]) },
    );
    try {
      const download: Download = {
        md5: build.md5,
        size: build.zipSize,
        url: `${this.deps.config.publicUrl}/api/sites/${encodeURIComponent(siteId)}/export/${token}`,
        name,
      };
      const author: { name: string } = await this.deps.db('users').where({ id: actor.userId }).first('name');
      await this.deps.db.transaction(async (trx) => {
        await trx('exports').insert({
          site_id: siteId,
          token_hash: sha256(token),
          name,
          file: key,
          md5: download.md5,
          size: download.size,
          type,
          author_id: actor.userId,
          created_at: now,
          expires_at: now + EXPORT_DAYS * 86_400_000,
        });
        await recordEvent(this.deps, 'exports', actor.userId, siteId, trx);
      });
      await this.prune(siteId);
      // The site goes live at its domains (and its S3 target): the files are stored, then the one switch.
      const live = await this.deploys.publish(actor, siteId, build, known, doc, contentHash(data));
      return { type, author: author.name, authorId: actor.userId, timestamp: isoRequired(now), download, files: build.list, ...live };
    } finally {
      build.release();
    }
  }

  /**
   * Refuses a webhook that resolves to a loopback, private or link-local address when it is saved, so
   * the publish settings say so at once; publishing checks again (the name may resolve elsewhere by
   * then). A name that does not resolve now is left to the publish to report.
   */
  async checkWebhook(webhook: unknown): Promise<void> {
    if (typeof webhook !== 'string' || !/^https?:\/\//i.test(webhook.trim())) return;
    try {
      await resolveTarget(webhook.trim(), this.deps.config.webhookAllowPrivate);
    } catch (error) {
      if (error instanceof PrivateTargetError) throw invalid('publish.webhook', messages.webhookPrivate);
    }
  }

  private async target(webhook: string): Promise<Target> {
    try {
      return await resolveTarget(webhook, this.deps.config.webhookAllowPrivate);
    } catch (error) {
      if (error instanceof PrivateTargetError) throw invalid('publish.webhook', messages.webhookPrivate);
      throw new AppError(502, 'WEBHOOK_FAILED', messages.webhookFailed, { status: null });
    }
  }

  /** The last publish, for the editor's publish menu. */
  async lastPublish(doc: SiteDoc, siteId: string): Promise<PublishInfo> {
    const last: { type: 'webhook' | 'download'; author_id: number | null; author: string | null; created_at: number } | undefined =
      await this.deps
        .db('exports')
        .leftJoin('users', 'users.id', 'exports.author_id')
        .where('exports.site_id', siteId)
        .orderBy('exports.id', 'desc')
        .first('exports.type', 'exports.author_id', 'users.name as author', 'exports.created_at');
    return {
      webhook: doc.settings.publish?.webhook ?? null,
      type: last?.type ?? null,
      author: last?.author ?? null,
      authorId: last?.author_id ?? null,
      timestamp: last ? isoRequired(last.created_at) : null,
    };
  }

  /** GET /export/{token}: the zip behind a download link (the link is the credential). */
  async download(siteId: string, token: string): Promise<{ name: string; size: number; bytes: Readable }> {
    const row = (await this.deps
      .db('exports')
      .where({ site_id: siteId, token_hash: sha256(token) })
      .first()) as { name: string; file: string; expires_at: number } | undefined;
    const live = row && Number(row.expires_at) > this.deps.now();
    const size = live ? await this.deps.storage.size(row.file) : null;
    // Streamed from storage (a folder or S3): a large zip is never held whole in memory.
    const bytes = live && size !== null ? await this.deps.storage.stream(row.file) : null;
    if (!row || size === null || !bytes) throw notFound(messages.exportNotFound);
    return { name: row.name, size, bytes };
  }

  /** Keeps the newest zips of a site; older links stop working. */
  private async prune(siteId: string): Promise<void> {
    const old: { id: number; file: string }[] = await this.deps
      .db('exports')
      .where({ site_id: siteId })
      .orderBy('id', 'desc')
      .offset(KEEP_EXPORTS)
      .select('id', 'file');
    for (const row of old) await this.deps.storage.remove(row.file);
    if (old.length)
      await this.deps
        .db('exports')
        .whereIn(
          'id',
          old.map((r) => r.id),
        )
        .delete();
  }
}
