import type { Schemas } from '@pagewright/sdk';
import type { Knex } from 'knex';
import { iso, type Deps } from './deps.js';
import { EVERY_FEATURE_PLAN, FREE_PLAN_ID, PlansService, type Plan } from './plans.js';

export type Subscription = Schemas['Subscription'];

export interface SubscriptionRow {
  user_id: number;
  plan_id: number;
  status: string;
  billing_frequency: 'monthly' | 'yearly';
  current_period_end: number | null;
  cancel_at_period_end: boolean | number;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  /** Set by an admin (issue 17): Stripe's webhooks leave the plan as it is. */
  plan_set_by_admin: boolean | number;
  updated_at: number;
}

export const toSubscription = (r: SubscriptionRow): Subscription => ({
  planId: r.plan_id,
  status: r.status,
  billingFrequency: r.billing_frequency,
  currentPeriodEnd: iso(r.current_period_end),
  cancelAtPeriodEnd: Boolean(r.cancel_at_period_end),
  stripeCustomerId: r.stripe_customer_id,
});

/**
 * The plan every account starts on: the free one, or the instance's DEFAULT_PLAN_ID (an instance
 * without billing gives everyone a larger plan); billing frequency defaults to yearly (spec 000 §9).
 */
export const freeSubscription = (userId: number, now: number, planId: number = FREE_PLAN_ID) => ({
  user_id: userId,
  plan_id: planId,
  status: 'active',
  billing_frequency: 'yearly' as const,
  current_period_end: null,
  cancel_at_period_end: false,
  updated_at: now,
});

/** Reads a user's subscription; a paid plan set to cancel falls back to the default plan once its period has ended. */
export async function readSubscription(deps: Deps, userId: number, db: Knex = deps.db): Promise<SubscriptionRow> {
  let row = (await db('subscriptions').where({ user_id: userId }).first()) as SubscriptionRow | undefined;
  if (!row) {
    await db('subscriptions').insert(freeSubscription(userId, deps.now(), deps.config.defaultPlanId));
    row = (await db('subscriptions').where({ user_id: userId }).first()) as SubscriptionRow;
  }
  const ended = row.current_period_end !== null && Number(row.current_period_end) <= deps.now();
  const fallback = deps.config.defaultPlanId;
  if (row.plan_id !== fallback && ended && Boolean(row.cancel_at_period_end) && !row.plan_set_by_admin) {
    const patch = {
      plan_id: fallback,
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: null,
      stripe_subscription_id: null,
      updated_at: deps.now(),
    };
    await db('subscriptions').where({ user_id: userId }).update(patch);
    row = { ...row, ...patch };
  }
  return row;
}

/**
 * Issue 28: plans gate only where the instance can take payment or the admin asked for limits. Without
 * Stripe and without DEFAULT_PLAN_ID, an account the admin did not put on a plan gets every feature,
 * whatever plan its row names (accounts made before this rule keep their row, and it applies again
 * once billing or a default plan is configured).
 */
export function gatedBy(deps: Deps, row: Pick<SubscriptionRow, 'plan_set_by_admin'>): boolean {
  return Boolean(deps.config.stripe) || deps.config.defaultPlanChosen || Boolean(row.plan_set_by_admin);
}

/** The plan a subscription row gives now: its plan where plans gate, else every feature. */
export async function planOfRow(deps: Deps, row: SubscriptionRow, db: Knex = deps.db): Promise<Plan> {
  return gatedBy(deps, row) ? new PlansService({ ...deps, db }).get(row.plan_id) : EVERY_FEATURE_PLAN;
}

/** The plan a user's subscription gives now (a lapsed paid plan reads as the free one): a site's limits come from its owner's. */
export async function planOf(deps: Deps, userId: number, db: Knex = deps.db): Promise<Plan> {
  return planOfRow(deps, await readSubscription(deps, userId, db), db);
}
