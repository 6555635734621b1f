import { siteAccess } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import { AppError } from '../core/errors.js';
import { recordEvent } from '../core/events.js';
import { messages } from '../core/messages.js';
import type { SiteDoc } from '../model/document.js';
import type { SiteSecrets } from '../site/secrets.js';
import type { TargetSpec } from './compile-protocol.js';
import type { ThreadBuild } from './compile-thread.js';
import type { DeployFile } from './deploy-files.js';
import { DeployStore, type DeployInfo } from './deploys.js';
import type { DomainsService } from './domains.js';
import type { Hosting } from './hosting.js';
import { S3Target } from './s3-target.js';

/** A deploy with where it is live. */
export interface DeployAnswer {
  deploy: DeployInfo;
  /** The site's address at its first verified domain; null while it has none. */
  url: string | null;
}

/**
 * Deploys as the API and the publish see them (issue 31 items 2, 4 and 5): a publish writes one and
 * switches to it, here and in the site's S3 target when it has one; the list; a rollback. Each switch
 * is told to the other editors of the site (realtime `site.deploy`) and to every instance's hosting.
 */
export class DeploysService {
  readonly store: DeployStore;

  constructor(
    private readonly deps: Deps,
    private readonly hosting: Hosting,
    private readonly domains: DomainsService,
    private readonly secrets: SiteSecrets,
  ) {
    this.store = new DeployStore(deps);
  }

  /**
   * The publish's deploy, its files stored by the compile thread (`known`: what the site's deploys held
   * then): row and switch; then the S3 target's copy, when the site names one.
   */
  async publish(
    actor: Actor,
    siteId: string,
    build: Pick<ThreadBuild, 'files' | 'rewrite' | 'toTarget'>,
    known: ReadonlyMap<string, DeployFile>,
    doc: SiteDoc,
    hash: string,
  ): Promise<DeployAnswer> {
    const deploy = await this.store.create(actor, siteId, build.files, doc, hash, known, build.rewrite);
    await this.domains.claimCompileDomain(siteId, doc);
    await this.switched(actor, siteId, deploy, 'publish');
    const target = await this.s3Target(siteId, doc);
    if (target)
      await build.toTarget(target, deploy.number, this.deps.config.hosting.deploysKept).catch((error: unknown) => {
        this.deps.log.warn({ err: error, siteId }, 'hosting: the S3 target refused the deploy');
        throw new AppError(502, 'TARGET_FAILED', messages.s3TargetFailed, { deploy });
      });
    return { deploy, url: await this.domains.liveUrl(siteId, doc) };
  }

  /** The files the site's deploys hold, by hash (the compile thread stores and compresses the others). */
  knownFiles(siteId: string): Promise<Map<string, DeployFile>> {
    return this.store.knownFiles(this.deps.db, siteId);
  }

  /** GET /deploys: the kept deploys, newest first. */
  async list(actor: Actor, siteId: string): Promise<{ deploys: DeployInfo[]; kept: number; url: string | null }> {
    const { site } = await siteAccess(this.deps, actor, siteId);
    const doc = JSON.parse(site.data) as SiteDoc;
    return {
      deploys: await this.store.list(siteId),
      kept: this.deps.config.hosting.deploysKept,
      url: await this.domains.liveUrl(siteId, doc),
    };
  }

  /** POST /deploys/{deployId}/rollback: a kept deploy is live again (and the S3 target's current names it). */
  async rollback(actor: Actor, siteId: string, id: number): Promise<DeployAnswer> {
    const { site } = await siteAccess(this.deps, actor, siteId, 'write');
    const deploy = await this.store.rollback(siteId, id);
    await recordEvent(this.deps, 'rollbacks', actor.userId, siteId);
    await this.switched(actor, siteId, deploy, 'rollback');
    const doc = JSON.parse(site.data) as SiteDoc;
    const target = await this.s3Target(siteId, doc);
    if (target)
      await new S3Target(target.url, target.credentials).switchTo(deploy.number).catch(() => {
        throw new AppError(502, 'TARGET_FAILED', messages.s3TargetFailed, { deploy });
      });
    return { deploy, url: await this.domains.liveUrl(siteId, doc) };
  }

  private async s3Target(siteId: string, doc: SiteDoc): Promise<TargetSpec | null> {
    const s3 = doc.settings.publish?.s3;
    if (!s3?.url) return null;
    const secret = await this.secrets.get(this.deps.db, siteId, 's3SecretAccessKey');
    return { url: s3.url, credentials: s3.accessKeyId && secret ? { accessKeyId: s3.accessKeyId, secretAccessKey: secret } : null };
  }

  /** This instance serves the new deploy before the answer; other instances and editors hear of it. */
  private async switched(actor: Actor, siteId: string, deploy: DeployInfo, action: 'publish' | 'rollback'): Promise<void> {
    await this.hosting.refresh(siteId);
    const name =
      actor.name ?? (await this.deps.db('users').where({ id: actor.userId }).first<{ name: string } | undefined>('name'))?.name ?? '';
    await this.deps.bus
      .publishSite(siteId, {
        type: 'site.deploy',
        siteId,
        action,
        by: { id: actor.userId, name },
        deploy: { id: deploy.id, number: deploy.number },
      })
      .catch((error: unknown) => this.deps.log.warn({ err: error, siteId }, 'realtime: site.deploy not published'));
  }
}
