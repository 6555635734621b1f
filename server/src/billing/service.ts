import type Stripe from 'stripe';
import { AppError, badGateway, invalid, notFound, unavailable } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { Actor, Deps } from '../core/deps.js';
import { FREE_PLAN_ID, PlansService } from '../core/plans.js';
import { readSubscription, toSubscription, type Subscription, type SubscriptionRow } from '../core/subscriptions.js';
import { userRow } from '../core/users.js';

/** Stripe statuses after which a subscription never becomes active again. */
const ENDED_STATUSES = new Set(['canceled', 'incomplete_expired']);

/** Subscriptions and Stripe: Checkout and billing-portal links, cancel/resume, and the signed webhook. */
export class BillingService {
  private readonly plans: PlansService;
  constructor(private readonly deps: Deps) {
    this.plans = new PlansService(deps);
  }

  private stripe(): Stripe {
    if (!this.deps.stripe) throw unavailable(messages.billingNotConfigured, 'BILLING_NOT_CONFIGURED');
    return this.deps.stripe;
  }

  /** Runs a Stripe call; its failures become 502 with our message, never Stripe's internals. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      this.deps.log.error({ err: error, what }, 'stripe call failed');
      throw badGateway(messages.billingFailed, 'BILLING_FAILED');
    }
  }

  async get(actor: Actor): Promise<Subscription> {
    return toSubscription(await readSubscription(this.deps, actor.userId));
  }

  async checkoutLink(actor: Actor, publicUserId: string, priceId: string): Promise<{ url: string }> {
    const stripe = this.stripe();
    const user = await userRow(this.deps, actor.userId);
    if (user.public_id !== publicUserId) throw notFound(messages.notFound);
    const price = await this.plans.byPrice(priceId);
    if (!price) throw notFound(messages.priceNotFound, 'PRICE_NOT_FOUND');
    const subscription = await readSubscription(this.deps, actor.userId);
    let customer = subscription.stripe_customer_id;
    if (!customer) {
      const created = await this.call('customers.create', () =>
        stripe.customers.create({ email: user.email, name: user.name, metadata: { userId: String(user.id) } }),
      );
      customer = created.id;
      await this.deps.db('subscriptions').where({ user_id: user.id }).update({ stripe_customer_id: customer, updated_at: this.deps.now() });
    }
    const base = this.deps.config.publicUrl;
    const session = await this.call('checkout.sessions.create', () =>
      stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer,
        client_reference_id: String(user.id),
        line_items: [{ price: priceId, quantity: 1 }],
        subscription_data: { metadata: { userId: String(user.id) } },
        success_url: `${base}/user/plans?checkout=success`,
        cancel_url: `${base}/user/plans?checkout=cancelled`,
      }),
    );
    if (!session.url) throw badGateway(messages.billingFailed, 'BILLING_FAILED');
    return { url: session.url };
  }

  async portalLink(actor: Actor, customerId: string): Promise<{ url: string }> {
    const stripe = this.stripe();
    const subscription = await readSubscription(this.deps, actor.userId);
    if (!subscription.stripe_customer_id || subscription.stripe_customer_id !== customerId) throw notFound(messages.notFound);
    const session = await this.call('billingPortal.sessions.create', () =>
      stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${this.deps.config.publicUrl}/user/plans` }),
    );
    return { url: session.url };
  }

  /** PATCH /subscription: cancel at the end of the period, or resume. */
  async update(actor: Actor, body: Record<string, unknown>): Promise<Subscription> {
    const cancel = body.cancel_at_period_end;
    if (typeof cancel !== 'boolean') throw invalid('cancel_at_period_end', 'cancel_at_period_end must be true or false');
    const row = await readSubscription(this.deps, actor.userId);
    if (row.plan_id === FREE_PLAN_ID) throw invalid('cancel_at_period_end', messages.freePlanNoCancel, 'FREE_PLAN');
    if (row.stripe_subscription_id) {
      // Stripe bills it: changing only our copy would tell the user it is cancelled while Stripe charges on.
      const stripe = this.stripe();
      const updated = await this.call('subscriptions.update', () =>
        stripe.subscriptions.update(row.stripe_subscription_id!, { cancel_at_period_end: cancel }),
      );
      await this.applySubscription(updated, actor.userId);
    } else {
      await this.deps
        .db('subscriptions')
        .where({ user_id: actor.userId })
        .update({ cancel_at_period_end: cancel, updated_at: this.deps.now() });
    }
    return this.get(actor);
  }

  /** POST /payments/webhook: verifies Stripe's signature over the raw body, then applies the event. */
  async webhook(raw: Buffer, signature: string | undefined): Promise<{ received: boolean }> {
    const stripe = this.stripe();
    const secret = this.deps.config.stripe?.webhookSecret;
    if (!secret) throw unavailable(messages.billingNotConfigured, 'BILLING_NOT_CONFIGURED');
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, signature ?? '', secret);
    } catch {
      throw new AppError(400, 'WEBHOOK_SIGNATURE', messages.webhookSignature);
    }
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const userId = await this.existingUser(session.client_reference_id ?? session.metadata?.userId);
        if (userId === null) break;
        const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
        const sub = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
        // The user paid through Checkout: from now on Stripe governs their plan, not an admin's choice.
        await this.deps
          .db('subscriptions')
          .where({ user_id: userId })
          .update({
            ...(customer ? { stripe_customer_id: customer } : {}),
            ...(sub ? { stripe_subscription_id: sub } : {}),
            plan_set_by_admin: false,
            updated_at: this.deps.now(),
          });
        await this.notify(userId);
        break;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated': {
        const sub = event.data.object;
        // An update to canceled (or an unpaid first invoice that expired) ends the plan like a deletion.
        if (ENDED_STATUSES.has(sub.status)) await this.endSubscription(sub);
        else await this.applySubscription(sub);
        break;
      }
      case 'customer.subscription.deleted':
        await this.endSubscription(event.data.object);
        break;
      default:
        this.deps.log.debug({ type: event.type }, 'stripe event ignored');
    }
    return { received: true };
  }

  /** The id of a user that exists, from a Stripe field; null for anything else (Stripe must not see a 500 for it). */
  private async existingUser(raw: unknown): Promise<number | null> {
    const id = Number(raw);
    if (raw === null || raw === undefined || raw === '' || !Number.isSafeInteger(id) || id <= 0) return null;
    const row: { id: number } | undefined = await this.deps.db('users').where({ id }).first('id');
    return row ? row.id : null;
  }

  /** Whose a subscription is: our metadata on it, else the customer we created for the user. */
  private async userFor(sub: Stripe.Subscription): Promise<number | null> {
    const fromMeta = await this.existingUser(sub.metadata?.userId);
    if (fromMeta !== null) return fromMeta;
    const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    const row: Pick<SubscriptionRow, 'user_id'> | undefined = await this.deps
      .db('subscriptions')
      .where({ stripe_customer_id: customer })
      .first('user_id');
    return row?.user_id ?? null;
  }

  /** Returns the user to the free plan when the subscription that ended is the one they are on. */
  private async endSubscription(sub: Stripe.Subscription): Promise<void> {
    const userId = await this.userFor(sub);
    if (userId === null) return;
    const row = await readSubscription(this.deps, userId);
    // Stripe reports the end of a subscription the user has since replaced; the newer one stands.
    if (row.stripe_subscription_id !== null && row.stripe_subscription_id !== sub.id) {
      this.deps.log.info(
        { subscription: sub.id, current: row.stripe_subscription_id },
        'stripe: ended subscription is not the current one',
      );
      return;
    }
    if (row.plan_set_by_admin) {
      // The admin's plan does not depend on Stripe: only the billing link ends.
      await this.deps.db('subscriptions').where({ user_id: userId }).update({ stripe_subscription_id: null, updated_at: this.deps.now() });
      return;
    }
    await this.deps.db('subscriptions').where({ user_id: userId }).update({
      plan_id: this.deps.config.defaultPlanId,
      status: 'active',
      cancel_at_period_end: false,
      current_period_end: null,
      stripe_subscription_id: null,
      updated_at: this.deps.now(),
    });
    await this.notify(userId);
  }

  /** Stores a Stripe subscription as the user's, and tells the user's open tabs. */
  private async applySubscription(sub: Stripe.Subscription, knownUserId?: number): Promise<void> {
    const userId = knownUserId ?? (await this.userFor(sub));
    if (userId === null) {
      this.deps.log.warn({ subscription: sub.id }, 'stripe subscription for an unknown user');
      return;
    }
    const item = sub.items?.data?.[0];
    const price = item?.price?.id ? await this.plans.byPrice(item.price.id) : null;
    // Newer Stripe API versions keep the period on the item, older ones on the subscription.
    const periodEnd =
      (item as { current_period_end?: number } | undefined)?.current_period_end ??
      (sub as unknown as { current_period_end?: number }).current_period_end ??
      null;
    const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer.id;
    const current = await readSubscription(this.deps, userId);
    if (current.plan_set_by_admin && current.stripe_subscription_id === sub.id) {
      // The subscription the admin's plan replaced: its renewals and changes do not touch the plan.
      this.deps.log.info({ subscription: sub.id, userId }, 'stripe: plan set by an admin is kept');
      await this.deps.db('subscriptions').where({ user_id: userId }).update({ stripe_customer_id: customer, updated_at: this.deps.now() });
      return;
    }
    // Any other subscription is one the user took out after the admin's choice: Stripe governs again.
    await this.deps
      .db('subscriptions')
      .where({ user_id: userId })
      .update({
        plan_set_by_admin: false,
        ...(price ? { plan_id: price.plan.id, billing_frequency: price.frequency } : {}),
        status: sub.status,
        cancel_at_period_end: Boolean(sub.cancel_at_period_end),
        current_period_end: periodEnd === null ? null : periodEnd * 1000,
        stripe_customer_id: customer,
        stripe_subscription_id: sub.id,
        updated_at: this.deps.now(),
      });
    await this.notify(userId);
  }

  private async notify(userId: number): Promise<void> {
    const subscription = toSubscription(await readSubscription(this.deps, userId));
    await this.deps.bus.publish(userId, { type: 'subscription', subscription });
  }
}
