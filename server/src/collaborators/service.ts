import crypto from 'node:crypto';
import type { Schemas } from '@pagewright/sdk';
import { AppError, invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { siteAccess } from '../core/access.js';
import { siteTag } from '../core/held.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { withinLimit } from '../core/plans.js';
import { planOf } from '../core/subscriptions.js';
import type { Knex } from 'knex';

type SiteSummary = Schemas['SiteSummary'];

export type Collaborator = Schemas['Collaborator'];
export type Invitation = Schemas['Invitation'];

const INVITATION_DAYS = 7;
// Readable invite codes: no 0/O or 1/I to mistype.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function inviteCode(): string {
  const bytes = crypto.randomBytes(12);
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
}

interface MemberRow {
  user_id: number;
  role: 'owner' | 'collaborator';
  is_locked: boolean | number;
  name: string;
  image_url: string | null;
}

const toCollaborator = (m: MemberRow): Collaborator => ({
  userId: m.user_id,
  name: m.name,
  image: m.image_url,
  role: m.role,
  isLocked: Boolean(m.is_locked),
});

export class CollaboratorsService {
  constructor(
    private readonly deps: Deps,
    /** The sites service (wiring.ts): a joined site is answered as its summary. */
    private readonly sites: { get(actor: Actor, siteId: string): Promise<SiteSummary> },
  ) {}

  private members(db: Knex, siteId: string) {
    return db('site_members')
      .join('users', 'users.id', 'site_members.user_id')
      .where('site_members.site_id', siteId)
      .select('site_members.user_id', 'site_members.role', 'site_members.is_locked', 'users.name', 'users.image_url');
  }

  /** Throws 402 when the owner's plan has no room for one more collaborator. */
  private async checkRoom(db: Knex, siteId: string, ownerId: number): Promise<void> {
    const plan = await planOf(this.deps, ownerId, db);
    const count = (await db('site_members').where({ site_id: siteId, role: 'collaborator' }).count({ n: '*' }).first()) as { n: number };
    if (!withinLimit(plan.collaborators, Number(count.n))) {
      throw new AppError(402, 'PLAN_LIMIT', messages.collaboratorLimit, { limit: plan.collaborators });
    }
  }

  async list(actor: Actor, siteId: string): Promise<{ collaborators: Collaborator[]; invitations: Invitation[] }> {
    const { role } = await siteAccess(this.deps, actor, siteId);
    const rows = (await this.members(this.deps.db, siteId).orderBy('site_members.created_at')) as MemberRow[];
    const collaborators = rows.map(toCollaborator).sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
    const invitations =
      role === 'owner'
        ? (
            (await this.deps.db('invitations').where({ site_id: siteId }).andWhere('expires_at', '>', this.deps.now()).orderBy('id')) as {
              id: number;
              token: string;
              expires_at: number;
            }[]
          ).map((i) => ({
            id: i.id,
            token: i.token,
            expires: isoRequired(i.expires_at),
          }))
        : [];
    return { collaborators, invitations };
  }

  async invite(actor: Actor, siteId: string): Promise<Invitation> {
    await siteAccess(this.deps, actor, siteId, 'owner');
    await this.checkRoom(this.deps.db, siteId, actor.userId);
    const now = this.deps.now();
    const expires = now + INVITATION_DAYS * 24 * 60 * 60_000;
    const token = inviteCode();
    const [row]: { id: number }[] = await this.deps
      .db('invitations')
      .insert({ site_id: siteId, token, created_by: actor.userId, expires_at: expires, created_at: now })
      .returning('id');
    return { id: row!.id, token, expires: isoRequired(expires) };
  }

  async deleteInvitation(actor: Actor, siteId: string, invitationId: number): Promise<void> {
    await siteAccess(this.deps, actor, siteId, 'owner');
    const deleted = await this.deps.db('invitations').where({ id: invitationId, site_id: siteId }).delete();
    if (deleted === 0) throw notFound(messages.notFound);
  }

  private async member(siteId: string, userId: number): Promise<MemberRow> {
    const row = (await this.members(this.deps.db, siteId).andWhere('site_members.user_id', userId).first()) as MemberRow | undefined;
    if (!row) throw notFound(messages.notFound);
    return row;
  }

  async update(actor: Actor, siteId: string, userId: number, body: Record<string, unknown>): Promise<Collaborator> {
    await siteAccess(this.deps, actor, siteId, 'owner');
    if (typeof body.isLocked !== 'boolean') throw invalid('isLocked', 'isLocked must be true or false');
    const target = await this.member(siteId, userId);
    if (target.role === 'owner') throw invalid('userId', messages.ownerCannotBeLocked, 'OWNER_LOCK');
    await this.deps.db('site_members').where({ site_id: siteId, user_id: userId }).update({ is_locked: body.isLocked });
    await this.deps.bus.invalidate([siteTag(siteId)]);
    return toCollaborator({ ...target, is_locked: body.isLocked });
  }

  async remove(actor: Actor, siteId: string, userId: number): Promise<void> {
    await siteAccess(this.deps, actor, siteId);
    if (userId === actor.userId) throw invalid('userId', messages.cannotRemoveSelf, 'REMOVE_SELF');
    await siteAccess(this.deps, actor, siteId, 'owner');
    const target = await this.member(siteId, userId);
    if (target.role === 'owner') throw invalid('userId', messages.ownerCannotBeRemoved, 'OWNER_REMOVE');
    await this.deps.db('site_members').where({ site_id: siteId, user_id: userId }).delete();
    // No instance may go on answering the removed collaborator's reads from what it holds.
    await this.deps.bus.invalidate([siteTag(siteId)]);
  }

  /** POST /sites/join/{code}: the code is spent on use; joining twice is harmless. */
  async join(actor: Actor, code: string): Promise<SiteSummary> {
    const normalized = code.trim().toUpperCase().replace(/[\s-]/g, '');
    const now = this.deps.now();
    const siteId = await this.deps.db.transaction(async (trx) => {
      const invitation = (await trx('invitations').where({ token: normalized }).andWhere('expires_at', '>', now).first()) as
        { id: number; site_id: string } | undefined;
      if (!invitation) throw notFound(messages.inviteInvalid, 'INVITE_INVALID');
      const already: unknown = await trx('site_members').where({ site_id: invitation.site_id, user_id: actor.userId }).first('user_id');
      if (already) return invitation.site_id;
      const site: { owner_id: number } | undefined = await trx('sites')
        .where({ id: invitation.site_id })
        .whereNull('deleted_at')
        .first('owner_id');
      if (!site) throw notFound(messages.inviteInvalid, 'INVITE_INVALID');
      await this.checkRoom(trx, invitation.site_id, site.owner_id);
      const deleted = await trx('invitations').where({ id: invitation.id }).delete();
      if (deleted !== 1) throw notFound(messages.inviteInvalid, 'INVITE_INVALID');
      await trx('site_members').insert({
        site_id: invitation.site_id,
        user_id: actor.userId,
        role: 'collaborator',
        is_locked: false,
        created_at: now,
      });
      return invitation.site_id;
    });
    return this.sites.get(actor, siteId);
  }
}
