import type { Schemas } from '@pagewright/sdk';
import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { SiteRow } from '../core/access.js';
import { isoRequired, type Actor, type Deps } from '../core/deps.js';
import { EVERY_FEATURE_PLAN } from '../core/plans.js';
import { gatedBy, readSubscription, toSubscription } from '../core/subscriptions.js';
import { EVENT_KEYS } from '../core/events.js';
import { userTag } from '../core/held.js';

export type Activity = Schemas['Activity'];
const DAY_MS = 24 * 60 * 60_000;

/** The admin area. Routes reach it only for admins; everyone else gets 404. */
export class AdminService {
  constructor(private readonly deps: Deps) {}

  async users(): Promise<Schemas['AdminUser'][]> {
    return this.listUsers(null);
  }

  private async listUsers(only: number | null): Promise<Schemas['AdminUser'][]> {
    const { db } = this.deps;
    const query = db('users');
    if (only !== null) query.where('users.id', only);
    const rows = (await query
      .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
      .select(
        'users.id',
        'users.name',
        'users.email',
        'users.city',
        'users.country',
        'users.created_at',
        'users.image_url',
        'users.is_admin',
        'users.suspended_at',
        'subscriptions.plan_id',
        'subscriptions.plan_set_by_admin',
        db('sites').count('*').whereRaw('sites.owner_id = users.id').as('site_count'),
      )
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')) as {
      id: number;
      name: string;
      email: string;
      city: string | null;
      country: string | null;
      created_at: number;
      image_url: string | null;
      is_admin: boolean | number;
      suspended_at: number | null;
      plan_id: number | null;
      plan_set_by_admin: boolean | number | null;
      site_count: number;
    }[];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      city: r.city,
      country: r.country,
      created: isoRequired(r.created_at),
      image: r.image_url,
      isAdmin: Boolean(r.is_admin),
      sites: Number(r.site_count),
      // The plan in force (issue 28): without billing and a default plan, an account the admin did not
      // put on a plan has every feature (id 0), whatever its subscription row names.
      planId: gatedBy(this.deps, { plan_set_by_admin: r.plan_set_by_admin ?? false })
        ? (r.plan_id ?? this.deps.config.defaultPlanId)
        : EVERY_FEATURE_PLAN.id,
      planSetByAdmin: Boolean(r.plan_set_by_admin),
      suspended: r.suspended_at !== null,
    }));
  }

  /**
   * PATCH /admin/users/{userId} (issue 17): puts a user on a plan without a payment provider (marked
   * as the admin's, which Stripe's webhooks keep), or suspends or reactivates them. Suspension ends
   * every session and pending sign-in at once, and the realtime channel closes; API keys of their
   * sites are refused while it lasts (api-keys/service.ts), so reactivating brings the keys back.
   */
  async updateUser(actor: Actor, userId: number, body: Record<string, unknown>): Promise<Schemas['AdminUser']> {
    const unknown = Object.keys(body).find((key) => key !== 'planId' && key !== 'suspended');
    if (unknown !== undefined) throw invalid(unknown, messages.adminPatchEmpty);
    const { planId, suspended } = body;
    if (planId === undefined && suspended === undefined) throw invalid('planId', messages.adminPatchEmpty);
    if (planId !== undefined && (typeof planId !== 'number' || !Number.isSafeInteger(planId) || planId < 1))
      throw invalid('planId', messages.planUnknown);
    if (suspended !== undefined && typeof suspended !== 'boolean') throw invalid('suspended', 'suspended must be true or false');
    const { db } = this.deps;
    const user: { id: number } | undefined = await db('users').where({ id: userId }).first('id');
    if (!user) throw notFound(messages.notFound);
    if (suspended === true && userId === actor.userId) throw invalid('suspended', messages.suspendSelf);
    if (planId !== undefined && !(await db('plans').where({ id: planId }).first('id'))) throw invalid('planId', messages.planUnknown);
    const now = this.deps.now();
    await readSubscription(this.deps, userId);
    await db.transaction(async (trx) => {
      if (planId !== undefined) {
        await trx('subscriptions').where({ user_id: userId }).update({
          plan_id: planId,
          plan_set_by_admin: true,
          status: 'active',
          cancel_at_period_end: false,
          current_period_end: null,
          updated_at: now,
        });
      }
      if (suspended === true) {
        await trx('users').where({ id: userId }).whereNull('suspended_at').update({ suspended_at: now, updated_at: now });
        await trx('tokens').where({ user_id: userId }).whereIn('kind', ['session', 'tfa', 'login']).delete();
      } else if (suspended === false) {
        await trx('users').where({ id: userId }).update({ suspended_at: null, updated_at: now });
      }
    });
    // Sessions and API keys held by any instance are checked again: a suspended account's are refused.
    if (suspended !== undefined) await this.deps.bus.invalidate([userTag(userId)]);
    if (suspended === true) await this.deps.bus.publish(userId, { type: 'accountSuspended' });
    if (planId !== undefined) {
      const subscription = toSubscription(await readSubscription(this.deps, userId));
      await this.deps.bus.publish(userId, { type: 'subscription', subscription });
    }
    return (await this.listUsers(userId))[0]!;
  }

  async sites(): Promise<Schemas['AdminSite'][]> {
    const rows = (await this.deps
      .db('sites')
      .whereNull('sites.deleted_at')
      .join('users', 'users.id', 'sites.owner_id')
      .select('sites.*', 'users.name as owner_name')
      .orderBy('sites.created_at', 'desc')) as (SiteRow & { owner_name: string })[];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      ownerId: r.owner_id,
      ownerName: r.owner_name,
      created: isoRequired(r.created_at),
      modified: isoRequired(r.modified_at),
    }));
  }

  /**
   * Counters per event key for the last 7 and 30 days and the windows before them, counting every
   * event ('all') or distinct users ('unique'), in one query that both dialects run alike.
   */
  async activity(type: unknown): Promise<Activity> {
    const kind = type === undefined || type === '' ? 'all' : type;
    if (kind !== 'all' && kind !== 'unique') throw invalid('type', messages.activityType);
    const now = this.deps.now();
    const t7 = now - 7 * DAY_MS,
      t14 = now - 14 * DAY_MS,
      t30 = now - 30 * DAY_MS,
      t60 = now - 60 * DAY_MS;
    const windows: [string, number, number][] = [
      ['last7', t7, now + 1],
      ['prev7', t14, t7],
      ['last30', t30, now + 1],
      ['prev30', t60, t30],
    ];
    const { db } = this.deps;
    const measure = (condition: string | null) =>
      kind === 'all'
        ? condition
          ? `SUM(CASE WHEN ${condition} THEN 1 ELSE 0 END)`
          : 'COUNT(*)'
        : condition
          ? `COUNT(DISTINCT CASE WHEN ${condition} THEN user_id END)`
          : 'COUNT(DISTINCT user_id)';
    const bindings = windows.flatMap(([, from, to]) => [from, to]);
    const rows: Record<string, number | string>[] = await db('events')
      .select(
        'key',
        db.raw(
          [`${measure(null)} AS total`, ...windows.map(([name]) => `${measure('created_at >= ? AND created_at < ?')} AS ${name}`)].join(
            ', ',
          ),
          bindings,
        ),
      )
      .whereIn('key', [...EVENT_KEYS])
      .groupBy('key');
    const counters = Object.fromEntries(
      EVENT_KEYS.map((key) => {
        const row = rows.find((r) => r.key === key);
        const n = (name: string) => Number(row?.[name] ?? 0);
        return [key, { total: n('total'), last7: n('last7'), prev7: n('prev7'), last30: n('last30'), prev30: n('prev30') }];
      }),
    ) as Activity['counters'];
    const countries = (await db('users')
      .whereNotNull('country')
      .select('country')
      .count({ users: '*' })
      .groupBy('country')
      .orderBy('users', 'desc')
      .orderBy('country')) as { country: string; users: number }[];
    return { type: kind, counters, countries: countries.map((c) => ({ country: c.country, users: Number(c.users) })) };
  }
}
