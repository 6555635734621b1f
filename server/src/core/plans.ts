import type { Schemas } from '@pagewright/sdk';
import type { Deps } from './deps.js';

export type Plan = Schemas['Plan'];
export const FREE_PLAN_ID = 1;
/** A plan value of 9999 means unlimited; 0 means none. */
export const UNLIMITED = 9999;

/**
 * Issue 28: the plan of an account on an instance that cannot take payment (no Stripe) and whose admin
 * has not chosen a default plan (DEFAULT_PLAN_ID) or a plan for the account: every feature, no limit.
 * It is no row of `plans` (id 0): nobody can buy it or be put on it, and it stops applying as soon as
 * billing or a default plan is configured.
 */
export const EVERY_FEATURE_PLAN: Plan = {
  id: 0,
  name: 'Every feature',
  description: 'Payments are not set up on this server, so no plan limits apply.',
  currency: 'eur',
  monthlyPrice: 0,
  yearlyPrice: 0,
  sites: UNLIMITED,
  languages: UNLIMITED,
  collaborators: UNLIMITED,
  useAi: true,
  storage: UNLIMITED,
  customCode: true,
  legal: true,
  noAttribution: true,
  stripePriceIdMonthly: null,
  stripePriceIdYearly: null,
};

/** The plans a fresh instance starts with; Stripe price ids come from STRIPE_PRICE_IDS. */
const DEFAULT_PLANS: Omit<Plan, 'stripePriceIdMonthly' | 'stripePriceIdYearly'>[] = [
  {
    id: 1,
    name: 'Free',
    description: 'For trying Pagewright and personal pages.',
    currency: 'eur',
    monthlyPrice: 0,
    yearlyPrice: 0,
    sites: 3,
    languages: 1,
    collaborators: 0,
    useAi: false,
    storage: 100,
    customCode: false,
    legal: false,
    noAttribution: false,
  },
  {
    id: 2,
    name: 'Pro',
    description: 'For freelancers and growing sites: more sites, languages, collaborators and AI.',
    currency: 'eur',
    monthlyPrice: 1500,
    yearlyPrice: 15000,
    sites: 10,
    languages: 5,
    collaborators: 5,
    useAi: true,
    storage: 2000,
    customCode: true,
    legal: true,
    noAttribution: true,
  },
  {
    id: 3,
    name: 'Business',
    description: 'For agencies and teams: unlimited sites, languages and collaborators.',
    currency: 'eur',
    monthlyPrice: 4900,
    yearlyPrice: 49000,
    sites: UNLIMITED,
    languages: UNLIMITED,
    collaborators: UNLIMITED,
    useAi: true,
    storage: 20000,
    customCode: true,
    legal: true,
    noAttribution: true,
  },
];

interface PlanRow {
  id: number;
  name: string;
  description: string;
  currency: string;
  monthly_price: number;
  yearly_price: number;
  sites: number;
  languages: number;
  collaborators: number;
  use_ai: boolean | number;
  storage: number;
  custom_code: boolean | number;
  legal: boolean | number;
  no_attribution: boolean | number;
  stripe_price_id_monthly: string | null;
  stripe_price_id_yearly: string | null;
}

const toPlan = (r: PlanRow): Plan => ({
  id: r.id,
  name: r.name,
  description: r.description,
  currency: r.currency,
  monthlyPrice: Number(r.monthly_price),
  yearlyPrice: Number(r.yearly_price),
  sites: Number(r.sites),
  languages: Number(r.languages),
  collaborators: Number(r.collaborators),
  useAi: Boolean(r.use_ai),
  storage: Number(r.storage),
  customCode: Boolean(r.custom_code),
  legal: Boolean(r.legal),
  noAttribution: Boolean(r.no_attribution),
  stripePriceIdMonthly: r.stripe_price_id_monthly,
  stripePriceIdYearly: r.stripe_price_id_yearly,
});

/** True when `count` more would stay within a plan limit (9999 unlimited, 0 none). */
export function withinLimit(limit: number, count: number): boolean {
  return limit >= UNLIMITED || count < limit;
}

export class PlansService {
  constructor(private readonly deps: Deps) {}

  /** Inserts the default plans once, and keeps their Stripe price ids in step with the configuration. */
  async seed(): Promise<void> {
    const { db, config } = this.deps;
    const prices = config.stripe?.prices ?? {};
    await db.transaction(async (trx) => {
      for (const plan of DEFAULT_PLANS) {
        const price = prices[String(plan.id)] ?? {};
        const exists: unknown = await trx('plans').where({ id: plan.id }).first('id');
        if (!exists) {
          await trx('plans').insert({
            id: plan.id,
            name: plan.name,
            description: plan.description,
            currency: plan.currency,
            monthly_price: plan.monthlyPrice,
            yearly_price: plan.yearlyPrice,
            sites: plan.sites,
            languages: plan.languages,
            collaborators: plan.collaborators,
            use_ai: plan.useAi,
            storage: plan.storage,
            custom_code: plan.customCode,
            legal: plan.legal,
            no_attribution: plan.noAttribution,
            stripe_price_id_monthly: price.monthly ?? null,
            stripe_price_id_yearly: price.yearly ?? null,
          });
        } else if (price.monthly || price.yearly) {
          await trx('plans')
            .where({ id: plan.id })
            .update({
              stripe_price_id_monthly: price.monthly ?? null,
              stripe_price_id_yearly: price.yearly ?? null,
            });
        }
      }
    });
  }

  async list(): Promise<Plan[]> {
    const rows = (await this.deps.db('plans').orderBy('id')) as PlanRow[];
    return rows.map(toPlan);
  }

  async get(id: number): Promise<Plan> {
    const row = (await this.deps.db('plans').where({ id }).first()) as PlanRow | undefined;
    if (row) return toPlan(row);
    // A plan removed by an operator falls back to the free plan rather than breaking the account.
    return toPlan((await this.deps.db('plans').where({ id: FREE_PLAN_ID }).first()) as PlanRow);
  }

  /** The plan and billing frequency a Stripe price id belongs to. */
  async byPrice(priceId: string): Promise<{ plan: Plan; frequency: 'monthly' | 'yearly' } | null> {
    const row = (await this.deps
      .db('plans')
      .where({ stripe_price_id_monthly: priceId })
      .orWhere({ stripe_price_id_yearly: priceId })
      .first()) as PlanRow | undefined;
    if (!row) return null;
    return { plan: toPlan(row), frequency: row.stripe_price_id_monthly === priceId ? 'monthly' : 'yearly' };
  }
}
