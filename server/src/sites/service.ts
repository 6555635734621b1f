import type { Schemas } from '@pagewright/sdk';
import { domainProblem, normalizeDomain, siteNameProblem } from '@pagewright/sdk/rules';
import type { Knex } from 'knex';
import { AppError, conflict, forbidden, invalid, notFound } from '../core/errors.js';
import { isUniqueViolation } from '../db/errors.js';
import { messages } from '../core/messages.js';
import { findTemplate, siteFromTemplate } from '../templates/catalog.js';
import { removeBlobs, type AssetRow } from '../site/file-rows.js';
import { canRead, siteAccess, type SiteRow } from '../core/access.js';
import { contentHash } from '../site/store.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { planOf } from '../core/subscriptions.js';
import { siteTag } from '../core/held.js';

export type SiteSummary = Schemas['SiteSummary'];

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** The spec's domain rule on any input; answers the message when it is not a well-formed domain. */
function siteIdProblem(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? domainProblem(value) : messages.domainInvalid;
}

/** The columns a summary shows: never the site document, which a list of sites must not read. */
const SUMMARY_COLUMNS = [
  'id',
  'name',
  'theme_primary',
  'theme_secondary',
  'owner_id',
  'modified_at',
  'created_at',
  'template_id',
  'error',
  'object',
] as const;
type SiteWithOwner = Pick<SiteRow, (typeof SUMMARY_COLUMNS)[number]> & { owner_name: string };

/** Sites with their owners' names, for summarize. */
function sitesWithOwner(db: Knex): Knex.QueryBuilder {
  return db('sites')
    .join('users', 'users.id', 'sites.owner_id')
    .select(...SUMMARY_COLUMNS.map((c) => `sites.${c}`), 'users.name as owner_name');
}

/** The summaries of sites (read with sitesWithOwner), in one more query for their collaborators. */
async function summarize(db: Knex, rows: SiteWithOwner[]): Promise<SiteSummary[]> {
  if (rows.length === 0) return [];
  const members: { site_id: string; user_id: number }[] = await db('site_members')
    .whereIn(
      'site_id',
      rows.map((r) => r.id),
    )
    .andWhere({ role: 'collaborator' })
    .orderBy('user_id')
    .select('site_id', 'user_id');
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    theme: { primary: r.theme_primary, secondary: r.theme_secondary },
    ownerId: r.owner_id,
    ownerName: r.owner_name,
    collaborators: members.filter((m) => m.site_id === r.id).map((m) => m.user_id),
    modified: isoRequired(r.modified_at),
    created: isoRequired(r.created_at),
    templateId: r.template_id,
    error: r.error,
    object: r.object,
  }));
}

/** How long a deleted site can be restored before its rows and files are removed for good. */
const RESTORE_DAYS = 7;
const RESTORE_MS = RESTORE_DAYS * 86_400_000;

export class SitesService {
  constructor(
    private readonly deps: Deps,
    /** Told when a site is deleted or restored (the hosting stops or starts serving it at once). */
    private readonly changed: (siteId: string) => Promise<void> = async () => undefined,
  ) {}

  /** Own and shared sites, newest change first; with admin=true an admin sees every site. */
  async list(actor: Actor, admin: boolean): Promise<SiteSummary[]> {
    const { db } = this.deps;
    if (admin && !actor.isAdmin) throw forbidden(messages.forbidden);
    await this.purgeExpired();
    const query = sitesWithOwner(db).whereNull('sites.deleted_at').orderBy('sites.modified_at', 'desc').orderBy('sites.id');
    if (!admin) {
      query.where((own) => {
        void own
          .where('sites.owner_id', actor.userId)
          .orWhereIn('sites.id', db('site_members').select('site_id').where({ user_id: actor.userId }));
      });
    }
    return summarize(db, (await query) as SiteWithOwner[]);
  }

  async get(actor: Actor, siteId: string): Promise<SiteSummary> {
    await siteAccess(this.deps, actor, siteId);
    const row = (await sitesWithOwner(this.deps.db).where('sites.id', siteId).first()) as SiteWithOwner;
    return (await summarize(this.deps.db, [row]))[0]!;
  }

  /**
   * The user as the other editors of a site see them in its realtime channel, when they may read
   * the site (owner or collaborator, locked included); null otherwise, whatever the reason.
   */
  async member(userId: number, siteId: string): Promise<{ id: number; name: string; email: string } | null> {
    if (!(await canRead(this.deps, userId, siteId))) return null;
    const user: { id: number; name: string; email: string } | undefined = await this.deps
      .db('users')
      .where({ id: userId })
      .first('id', 'name', 'email');
    return user ? { id: Number(user.id), name: user.name, email: user.email } : null;
  }

  /** POST /validate: is the domain well formed and free? */
  async checkDomain(body: Record<string, unknown>): Promise<{ valid: boolean; message?: string }> {
    const problem = siteIdProblem(body.siteId);
    if (problem) return { valid: false, message: problem };
    const taken: unknown = await this.deps
      .db('sites')
      .where({ id: normalizeDomain(body.siteId as string) })
      .first('id');
    return taken ? { valid: false, message: messages.domainTaken } : { valid: true };
  }

  async create(actor: Actor, body: Record<string, unknown>): Promise<SiteSummary> {
    const name = typeof body.name === 'string' ? body.name.trim() : '';
    const nameProblem = siteNameProblem(name);
    if (nameProblem) throw invalid('name', nameProblem);
    const problem = siteIdProblem(body.siteId);
    if (problem) throw invalid('siteId', problem);
    const siteId = normalizeDomain(body.siteId as string);
    const template = typeof body.templateId === 'string' ? findTemplate(body.templateId) : undefined;
    if (!template) throw invalid('templateId', messages.templateNotFound);
    const requested = body.theme as { primary?: unknown; secondary?: unknown } | undefined;
    if (
      requested !== undefined &&
      (typeof requested !== 'object' ||
        requested === null ||
        !COLOR.test(String(requested.primary)) ||
        !COLOR.test(String(requested.secondary)))
    ) {
      throw invalid('theme', 'Theme colours must be #rrggbb');
    }
    const theme = requested ? { primary: String(requested.primary), secondary: String(requested.secondary) } : template.theme;

    const { db } = this.deps;
    const now = this.deps.now();
    try {
      await db.transaction(async (trx) => {
        await this.checkSiteLimit(trx, actor.userId);
        const data = JSON.stringify(siteFromTemplate(template, name, theme));
        await trx('sites').insert({
          id: siteId,
          name,
          owner_id: actor.userId,
          template_id: template.id,
          theme_primary: theme.primary,
          theme_secondary: theme.secondary,
          data,
          created_at: now,
          modified_at: now,
        });
        await trx('site_members').insert({ site_id: siteId, user_id: actor.userId, role: 'owner', is_locked: false, created_at: now });
        // The first milestone: what "Rollback to last milestone" returns to.
        await trx('versions').insert({
          site_id: siteId,
          hash: contentHash(data),
          message: `Created from the ${template.name} template`,
          author_id: actor.userId,
          data,
          created_at: now,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(messages.domainTaken, 'DOMAIN_TAKEN', { field: 'siteId' });
      throw error;
    }
    return this.get(actor, siteId);
  }

  /** Feedback from the message modal; stored, and mailed to the admins when mail is configured. */
  async message(actor: Actor, siteId: string, body: Record<string, unknown>) {
    await siteAccess(this.deps, actor, siteId);
    const type = body.type;
    if (type !== 'feature' && type !== 'bug' && type !== 'message') throw invalid('type', 'type must be feature, bug or message');
    if (typeof body.message !== 'string' || !body.message.trim()) throw invalid('message', messages.messageRequired);
    if (body.message.length > 5000) throw invalid('message', 'Message must be at most 5000 characters');
    const now = this.deps.now();
    const [row]: { id: number }[] = await this.deps
      .db('messages')
      .insert({ user_id: actor.userId, site_id: siteId, type, message: body.message, created_at: now })
      .returning('id');
    const admins: { email: string }[] = await this.deps.db('users').where({ is_admin: true }).select('email');
    const sender: { name: string; email: string } = await this.deps.db('users').where({ id: actor.userId }).first('name', 'email');
    const label = { feature: 'Feature request', bug: 'Bug report', message: 'Message' }[type];
    for (const admin of admins) {
      this.deps.mailer
        .send({
          to: admin.email,
          subject: `${label} from ${sender.name} (${siteId})`,
          text: `${body.message}\n\n— ${sender.name} <${sender.email}>`,
        })
        .catch((error: unknown) => this.deps.log.error({ err: error }, 'feedback mail failed'));
    }
    return { id: row!.id, type, createdAt: isoRequired(now) };
  }

  /** Spec 000 §5: blocked when the owned count reaches maxSites, when maxSites is above 0 (deleted sites do not count). */
  private async checkSiteLimit(trx: Knex.Transaction, userId: number): Promise<void> {
    const plan = await planOf(this.deps, userId, trx);
    const owned = (await trx('sites').where({ owner_id: userId }).whereNull('deleted_at').count({ n: '*' }).first()) as { n: number };
    if (plan.sites > 0 && Number(owned.n) >= plan.sites) {
      throw new AppError(402, 'PLAN_LIMIT', messages.siteLimit, { title: messages.upgradeNeededTitle, limit: plan.sites });
    }
  }

  /**
   * DELETE /sites/{siteId}: the owner, typing the domain again, deletes the site. Its rows stay for
   * RESTORE_DAYS (hidden from every list and call) so a mistake can be undone, then are purged.
   */
  async remove(actor: Actor, siteId: string, confirm: unknown): Promise<Schemas['DeletedSite']> {
    await siteAccess(this.deps, actor, siteId, 'owner');
    if (typeof confirm !== 'string' || normalizeDomain(confirm) !== siteId) throw invalid('confirm', messages.siteDeleteConfirm);
    const now = this.deps.now();
    await this.deps.db('sites').where({ id: siteId }).whereNull('deleted_at').update({ deleted_at: now });
    await this.deps.bus.invalidate([siteTag(siteId)]);
    await this.changed(siteId);
    await this.purgeExpired();
    return { id: siteId, deletedAt: isoRequired(now), restoreUntil: isoRequired(now + RESTORE_MS) };
  }

  /** GET /sites?deleted=true: the caller's deleted sites that can still be restored (an admin's: all). */
  async listDeleted(actor: Actor, admin: boolean): Promise<SiteSummary[]> {
    if (admin && !actor.isAdmin) throw forbidden(messages.forbidden);
    await this.purgeExpired();
    const query = sitesWithOwner(this.deps.db)
      .select('sites.deleted_at')
      .whereNotNull('sites.deleted_at')
      .orderBy('sites.deleted_at', 'desc');
    if (!admin) query.where('sites.owner_id', actor.userId);
    const rows = (await query) as (SiteWithOwner & { deleted_at: number })[];
    const summaries = await summarize(this.deps.db, rows);
    return summaries.map((s, i) => {
      const deletedAt = Number(rows[i]!.deleted_at);
      return { ...s, deletedAt: isoRequired(deletedAt), restoreUntil: isoRequired(deletedAt + RESTORE_MS) };
    });
  }

  /** POST /sites/{siteId}/restore: the owner or an admin brings a deleted site back within its days. */
  async restore(actor: Actor, siteId: string): Promise<SiteSummary> {
    if (actor.apiKey) throw forbidden(messages.apiKeyScope, 'API_KEY_SCOPE');
    await this.purgeExpired();
    await this.deps.db.transaction(async (trx) => {
      const site: { owner_id: number } | undefined = await trx('sites').where({ id: siteId }).whereNotNull('deleted_at').first('owner_id');
      if (!site || (site.owner_id !== actor.userId && !actor.isAdmin)) throw notFound(messages.notFound);
      await this.checkSiteLimit(trx, site.owner_id);
      await trx('sites').where({ id: siteId }).update({ deleted_at: null });
    });
    await this.deps.bus.invalidate([siteTag(siteId)]);
    await this.changed(siteId);
    const row = (await sitesWithOwner(this.deps.db).where('sites.id', siteId).first()) as SiteWithOwner;
    return (await summarize(this.deps.db, [row]))[0]!;
  }

  /** Removes for good the sites deleted more than RESTORE_DAYS ago: their rows (cascading) and stored files. */
  async purgeExpired(): Promise<void> {
    const { db } = this.deps;
    const expired = (await db('sites')
      .whereNotNull('deleted_at')
      .andWhere('deleted_at', '<', this.deps.now() - RESTORE_MS)
      .pluck('id')) as string[];
    for (const siteId of expired) {
      const assets = (await db('assets').where({ site_id: siteId })) as AssetRow[];
      const exports = (await db('exports').where({ site_id: siteId }).pluck('file')) as string[];
      const hosted: string[] = [];
      for await (const key of this.deps.storage.list(`hosting/${siteId}/`)) hosted.push(key);
      await db('sites').where({ id: siteId }).delete();
      await this.deps.bus.invalidate([siteTag(siteId)]);
      // Bytes outside the database go after the rows: a failure leaves unreachable bytes, never a broken site.
      await removeBlobs(this.deps, assets);
      for (const file of [...exports, ...hosted])
        await this.deps.storage.remove(file).catch((error: unknown) => this.deps.log.warn({ err: error }, 'export not removed'));
    }
  }

  /** Marks a site broken (used by the renderer when a site cannot be loaded). */
  async markBroken(siteId: string, error: string): Promise<void> {
    await this.deps.db('sites').where({ id: siteId }).update({ error, object: 'broken' });
  }
}
