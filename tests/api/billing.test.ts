import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { attachRealtime, createMemoryBus, type Bus } from '../../server/src/engines/realtime.js';
import { messages } from '../../server/src/core/messages.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { STRIPE_INTERNAL_MESSAGE, signedEvent, startStripeServer, subscriptionObject, type FakeStripe } from '../support/stripeServer.js';

const SECRET_KEY = 'sk_test_pagewright';
const WEBHOOK_SECRET = 'whsec_test_pagewright';
const PUBLIC_URL = 'https://builder.example.com';
const PRICES = { 2: { monthly: 'price_pro_m', yearly: 'price_pro_y' }, 3: { monthly: 'price_biz_m', yearly: 'price_biz_y' } };
/** Unix seconds a month from now: Stripe's periods are in seconds, ours in ISO dates. */
const inAMonth = () => Math.floor(Date.now() / 1000) + 30 * 24 * 3600;

let t: TestServer;
let stripe: FakeStripe;
let postChecked: typeof fetch;

beforeAll(async () => {
  stripe = await startStripeServer(SECRET_KEY);
  t = await startTestServer({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    STRIPE_PRICE_IDS: JSON.stringify(PRICES),
    PUBLIC_URL,
  });
  postChecked = contractFetch(t.url);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

/** Posts raw bytes to the webhook the way Stripe does; the answer is checked against openapi.yaml. */
function postWebhook(payload: string, signature: string, server: TestServer = t): Promise<Response> {
  const send = server === t ? postChecked : contractFetch(server.url);
  return send(`${server.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
}

/** Signs and posts one event; fails the test unless it is accepted. */
async function deliver(type: string, object: object): Promise<void> {
  const { payload, signature } = signedEvent(type, object, WEBHOOK_SECRET);
  const response = await postWebhook(payload, signature);
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ received: true });
}

/** A user on Pro through a signed subscription.created, with the subscription also known to Stripe. */
async function proUser(name = 'Pro') {
  const user = await t.signup(name);
  const sub = subscriptionObject({
    customer: `cus_seed_${user.session.id}`,
    userId: user.session.id,
    priceId: 'price_pro_m',
    periodEnd: inAMonth(),
  });
  stripe.subscriptions.set(sub.id, sub);
  await deliver('customer.subscription.created', sub);
  return { ...user, sub };
}

const requestsSince = (mark: number, path?: string) => stripe.requests.slice(mark).filter((r) => path === undefined || r.path === path);

describe('plans', () => {
  it('lists every plan, free first, with prices in minor units and the configured price ids', async () => {
    const { data, response } = await t.client().GET('/payments/plans');
    expect(response.status).toBe(200);
    expect(data?.map((p) => p.id)).toEqual([1, 2, 3]);
    const [free, pro, business] = data!;
    expect(free).toMatchObject({
      name: 'Free',
      monthlyPrice: 0,
      yearlyPrice: 0,
      sites: 3,
      stripePriceIdMonthly: null,
      stripePriceIdYearly: null,
    });
    expect(pro).toMatchObject({
      monthlyPrice: 1500,
      yearlyPrice: 15000,
      currency: 'eur',
      sites: 10,
      stripePriceIdMonthly: 'price_pro_m',
      stripePriceIdYearly: 'price_pro_y',
    });
    expect(business).toMatchObject({
      sites: 9999,
      languages: 9999,
      collaborators: 9999,
      stripePriceIdMonthly: 'price_biz_m',
      stripePriceIdYearly: 'price_biz_y',
    });
  });
});

describe('subscription of a new user', () => {
  it('is the free plan, billed yearly, not cancelled, with no customer', async () => {
    const { api } = await t.signup();
    const { data, response } = await api.GET('/subscription');
    expect(response.status).toBe(200);
    expect(data).toEqual({
      planId: 1,
      status: 'active',
      billingFrequency: 'yearly',
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      stripeCustomerId: null,
    });
  });

  it('needs a session', async () => {
    expect((await t.client().GET('/subscription')).response.status).toBe(401);
  });
});

describe('without Stripe keys', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare?.close());

  it('answers 503 BILLING_NOT_CONFIGURED to checkout and billing-portal links', async () => {
    const { session, api } = await bare.signup();
    const checkout = await api.GET('/checkout/{publicUserId}/{priceId}', {
      params: { path: { publicUserId: session.publicUserId, priceId: 'price_pro_m' } },
    });
    const portal = await api.GET('/billing-portal/{customerId}', { params: { path: { customerId: 'cus_anything' } } });
    for (const { response, error } of [checkout, portal]) {
      expect(response.status).toBe(503);
      expect(error).toMatchObject({ code: 'BILLING_NOT_CONFIGURED', error: 'Billing is not configured on this server' });
    }
  });

  it('answers 503 to the webhook, even when it is signed', async () => {
    const { payload, signature } = signedEvent(
      'customer.subscription.created',
      subscriptionObject({ customer: 'cus_x', userId: 1, priceId: 'price_pro_m' }),
      WEBHOOK_SECRET,
    );
    const response = await postWebhook(payload, signature, bare);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'BILLING_NOT_CONFIGURED' });
  });

  it('still serves the plans and the free subscription', async () => {
    const { api } = await bare.signup();
    expect((await bare.client().GET('/payments/plans')).data?.[0]).toMatchObject({ id: 1, stripePriceIdMonthly: null });
    expect((await api.GET('/subscription')).data?.planId).toBe(1);
  });
});

describe('checkout link', () => {
  it('creates a Stripe customer once and answers a Checkout URL for the chosen price', async () => {
    const { session, api } = await t.signup('Buyer');
    const mark = stripe.requests.length;
    const path = { publicUserId: session.publicUserId, priceId: 'price_pro_y' };
    const first = await api.GET('/checkout/{publicUserId}/{priceId}', { params: { path } });
    expect(first.response.status).toBe(200);
    expect(first.data?.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const customers = requestsSince(mark, '/v1/customers');
    expect(customers).toHaveLength(1);
    expect(customers[0]!.body).toMatchObject({ email: session.email, name: 'Buyer', metadata: { userId: String(session.id) } });
    const { data: subscription } = await api.GET('/subscription');
    expect(subscription?.stripeCustomerId).toMatch(/^cus_test_/);

    const sessions = requestsSince(mark, '/v1/checkout/sessions');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.body).toMatchObject({
      mode: 'subscription',
      customer: subscription!.stripeCustomerId,
      client_reference_id: String(session.id),
      line_items: [{ price: 'price_pro_y', quantity: '1' }],
      subscription_data: { metadata: { userId: String(session.id) } },
      success_url: `${PUBLIC_URL}/user/plans?checkout=success`,
      cancel_url: `${PUBLIC_URL}/user/plans?checkout=cancelled`,
    });
    // Every call carried the secret key as Stripe expects it.
    expect(requestsSince(mark).every((r) => r.authorization === `Bearer ${SECRET_KEY}`)).toBe(true);

    const again = await api.GET('/checkout/{publicUserId}/{priceId}', { params: { path } });
    expect(again.data?.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(again.data?.url).not.toBe(first.data?.url);
    expect(requestsSince(mark, '/v1/customers')).toHaveLength(1);
    expect(requestsSince(mark, '/v1/checkout/sessions')[1]!.body).toMatchObject({ customer: subscription!.stripeCustomerId });
  });

  it("answers 404 for another user's public id, and asks Stripe nothing", async () => {
    const { api } = await t.signup();
    const other = await t.signup();
    const mark = stripe.requests.length;
    const { response, error } = await api.GET('/checkout/{publicUserId}/{priceId}', {
      params: { path: { publicUserId: other.session.publicUserId, priceId: 'price_pro_m' } },
    });
    expect(response.status).toBe(404);
    expect(error?.code).toBe('NOT_FOUND');
    expect(requestsSince(mark)).toHaveLength(0);
  });

  it('answers 404 PRICE_NOT_FOUND for a price no plan has', async () => {
    const { session, api } = await t.signup();
    const mark = stripe.requests.length;
    const { response, error } = await api.GET('/checkout/{publicUserId}/{priceId}', {
      params: { path: { publicUserId: session.publicUserId, priceId: 'price_unknown' } },
    });
    expect(response.status).toBe(404);
    expect(error).toMatchObject({ code: 'PRICE_NOT_FOUND', error: messages.priceNotFound });
    expect(requestsSince(mark)).toHaveLength(0);
  });

  it('needs a session', async () => {
    const { response } = await t
      .client()
      .GET('/checkout/{publicUserId}/{priceId}', { params: { path: { publicUserId: 'x', priceId: 'price_pro_m' } } });
    expect(response.status).toBe(401);
  });
});

describe('billing portal', () => {
  it("answers a portal link for the user's own customer, and 404 for anyone else's or none", async () => {
    const { session, api } = await t.signup();
    await api.GET('/checkout/{publicUserId}/{priceId}', {
      params: { path: { publicUserId: session.publicUserId, priceId: 'price_pro_m' } },
    });
    const customerId = (await api.GET('/subscription')).data!.stripeCustomerId!;

    const mark = stripe.requests.length;
    const own = await api.GET('/billing-portal/{customerId}', { params: { path: { customerId } } });
    expect(own.response.status).toBe(200);
    expect(own.data?.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_test_/);
    expect(requestsSince(mark, '/v1/billing_portal/sessions').map((r) => r.body)).toEqual([
      { customer: customerId, return_url: `${PUBLIC_URL}/user/plans` },
    ]);

    const stranger = await t.signup();
    const theirs = await stranger.api.GET('/billing-portal/{customerId}', { params: { path: { customerId } } });
    expect(theirs.response.status).toBe(404);
    const unknown = await api.GET('/billing-portal/{customerId}', { params: { path: { customerId: 'cus_nobody' } } });
    expect(unknown.response.status).toBe(404);
    expect(requestsSince(mark, '/v1/billing_portal/sessions')).toHaveLength(1);
  });
});

describe('webhook', () => {
  it('refuses a bad signature with 400 WEBHOOK_SIGNATURE and changes nothing', async () => {
    const { session, api } = await t.signup();
    const sub = subscriptionObject({ customer: 'cus_forged', userId: session.id, priceId: 'price_biz_y' });
    const forged = signedEvent('customer.subscription.created', sub, 'whsec_not_ours');
    const tampered = signedEvent('customer.subscription.created', { ...sub, status: 'trialing' }, WEBHOOK_SECRET);
    const cases: [string, string][] = [
      [forged.payload, forged.signature],
      [tampered.payload.replace('trialing', 'active'), tampered.signature],
      [tampered.payload, ''],
    ];
    for (const [payload, signature] of cases) {
      const response = await postWebhook(payload, signature);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE', error: messages.webhookSignature });
    }
    expect((await api.GET('/subscription')).data).toMatchObject({ planId: 1, stripeCustomerId: null });
  });

  it('moves the user to the paid plan on subscription.created', async () => {
    const { session, api } = await t.signup();
    const periodEnd = inAMonth();
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ customer: 'cus_created', userId: session.id, priceId: 'price_pro_m', periodEnd }),
    );
    const { data: user } = await api.GET('/user');
    expect(user?.plan.id).toBe(2);
    expect(user?.maxSites).toBe(10);
    expect(user?.subscription).toEqual({
      planId: 2,
      status: 'active',
      billingFrequency: 'monthly',
      currentPeriodEnd: new Date(periodEnd * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      stripeCustomerId: 'cus_created',
    });
  });

  it('links customer and subscription on checkout.session.completed, then finds the user by customer', async () => {
    const { session, api } = await t.signup();
    const sub = subscriptionObject({ customer: 'cus_checkout_done', priceId: 'price_biz_y' });
    await deliver('checkout.session.completed', {
      id: 'cs_test_done',
      object: 'checkout.session',
      mode: 'subscription',
      status: 'complete',
      client_reference_id: String(session.id),
      customer: 'cus_checkout_done',
      subscription: sub.id,
      metadata: {},
    });
    expect((await api.GET('/subscription')).data).toMatchObject({ planId: 1, stripeCustomerId: 'cus_checkout_done' });
    // No metadata on this one: the stored customer id says whose it is.
    await deliver('customer.subscription.created', sub);
    expect((await api.GET('/user')).data).toMatchObject({
      plan: { id: 3 },
      maxSites: 9999,
      subscription: { planId: 3, billingFrequency: 'yearly' },
    });
  });

  it('shows past_due from subscription.updated', async () => {
    const { api, sub } = await proUser();
    await deliver('customer.subscription.updated', { ...sub, status: 'past_due' });
    expect((await api.GET('/subscription')).data).toMatchObject({ planId: 2, status: 'past_due' });
  });

  it('returns the user to the free plan on subscription.deleted', async () => {
    const { api, sub } = await proUser();
    await deliver('customer.subscription.deleted', { ...sub, status: 'canceled' });
    const { data: user } = await api.GET('/user');
    expect(user?.plan.id).toBe(1);
    expect(user?.maxSites).toBe(3);
    expect(user?.subscription).toMatchObject({ planId: 1, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: null });
  });

  it('ignores the deletion of a subscription the user has already replaced', async () => {
    const { session, api, sub } = await proUser();
    const replacement = subscriptionObject({ customer: sub.customer, userId: session.id, priceId: 'price_biz_m' });
    await deliver('customer.subscription.created', replacement);
    await deliver('customer.subscription.deleted', { ...sub, status: 'canceled' });
    expect((await api.GET('/subscription')).data).toMatchObject({ planId: 3, status: 'active' });
  });

  it('returns the user to the free plan when an update says the subscription is canceled', async () => {
    const { api, sub } = await proUser();
    await deliver('customer.subscription.updated', { ...sub, status: 'canceled' });
    expect((await api.GET('/subscription')).data).toMatchObject({ planId: 1, status: 'active', currentPeriodEnd: null });
  });

  it('acknowledges events for users it does not know, and changes nothing', async () => {
    const { api } = await t.signup();
    const before = (await api.GET('/subscription')).data;
    await deliver(
      'customer.subscription.created',
      subscriptionObject({ customer: 'cus_stranger', userId: 987654, priceId: 'price_pro_m' }),
    );
    await deliver('checkout.session.completed', {
      id: 'cs_test_x',
      object: 'checkout.session',
      client_reference_id: '987654',
      customer: 'cus_stranger',
      subscription: null,
      metadata: {},
    });
    expect(await t.pw.deps.db('subscriptions').where({ stripe_customer_id: 'cus_stranger' })).toHaveLength(0);
    expect((await api.GET('/subscription')).data).toEqual(before);
  });

  it('acknowledges events it does not act on', async () => {
    await deliver('invoice.paid', { id: 'in_test_1', object: 'invoice' });
  });
});

describe('cancel and resume', () => {
  it("sets cancel at period end through Stripe's update, and resumes", async () => {
    const { api, sub } = await proUser();
    const mark = stripe.requests.length;
    const cancelled = await api.PATCH('/subscription', { body: { cancel_at_period_end: true } });
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data).toMatchObject({ planId: 2, cancelAtPeriodEnd: true });
    expect(stripe.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(true);

    const resumed = await api.PATCH('/subscription', { body: { cancel_at_period_end: false } });
    expect(resumed.data).toMatchObject({ planId: 2, cancelAtPeriodEnd: false });
    expect(stripe.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(false);
    expect(requestsSince(mark).map((r) => [r.method, r.path, r.body])).toEqual([
      ['POST', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: 'true' }],
      ['POST', `/v1/subscriptions/${sub.id}`, { cancel_at_period_end: 'false' }],
    ]);
  });

  it('answers 400 FREE_PLAN on the free plan', async () => {
    const { api } = await t.signup();
    const { response, error } = await api.PATCH('/subscription', { body: { cancel_at_period_end: true } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'FREE_PLAN', error: messages.freePlanNoCancel });
  });

  it('answers 400 with the field for a value that is not true or false', async () => {
    const { api } = await proUser();
    const mark = stripe.requests.length;
    for (const value of ['yes', 1, null]) {
      const { response, error } = await api.PATCH('/subscription', { body: { cancel_at_period_end: value as unknown as boolean } });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ code: 'VALIDATION_FAILED', info: { field: 'cancel_at_period_end' } });
    }
    expect(requestsSince(mark)).toHaveLength(0);
  });

  it('reads a cancelled plan whose period has ended as the free plan', async () => {
    const { session, api } = await proUser();
    await api.PATCH('/subscription', { body: { cancel_at_period_end: true } });
    await t.pw.deps
      .db('subscriptions')
      .where({ user_id: session.id })
      .update({ current_period_end: Date.now() - 1000 });
    expect((await api.GET('/subscription')).data).toMatchObject({
      planId: 1,
      status: 'active',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    });
    expect((await api.GET('/user')).data).toMatchObject({ plan: { id: 1 }, maxSites: 3 });
  });

  it('keeps a plan whose period has ended when it was not set to cancel (Stripe renews it)', async () => {
    const { session, api } = await proUser();
    await t.pw.deps
      .db('subscriptions')
      .where({ user_id: session.id })
      .update({ current_period_end: Date.now() - 1000 });
    expect((await api.GET('/subscription')).data?.planId).toBe(2);
  });
});

describe('when Stripe fails', () => {
  it("answers 502 BILLING_FAILED without Stripe's text, and changes nothing", async () => {
    const { api, sub } = await proUser();
    const fresh = await t.signup();
    stripe.failWith(500);
    try {
      const checkout = await fresh.api.GET('/checkout/{publicUserId}/{priceId}', {
        params: { path: { publicUserId: fresh.session.publicUserId, priceId: 'price_pro_m' } },
      });
      const cancel = await api.PATCH('/subscription', { body: { cancel_at_period_end: true } });
      for (const { response, error } of [checkout, cancel]) {
        expect(response.status).toBe(502);
        expect(error).toMatchObject({ code: 'BILLING_FAILED', error: messages.billingFailed });
        expect(JSON.stringify(error)).not.toContain(STRIPE_INTERNAL_MESSAGE);
      }
    } finally {
      stripe.failWith(null);
    }
    expect((await fresh.api.GET('/subscription')).data?.stripeCustomerId).toBeNull();
    expect((await api.GET('/subscription')).data).toMatchObject({ planId: 2, cancelAtPeriodEnd: false });
    expect(stripe.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(false);
  });
});

/** A realtime channel: messages queue up until a test asks for the next one. */
interface Channel {
  next(): Promise<Record<string, unknown>>;
  closed: Promise<number>;
  close(): Promise<void>;
}

async function openChannel(token: string, server: TestServer = t): Promise<Channel> {
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}/api/realtime`);
  const queue: Record<string, unknown>[] = [];
  const waiting: ((message: Record<string, unknown>) => void)[] = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw)) as Record<string, unknown>;
    const waiter = waiting.shift();
    if (waiter) waiter(message);
    else queue.push(message);
  });
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'auth', token }));
  return {
    next: () => {
      const queued = queue.shift();
      return queued ? Promise.resolve(queued) : new Promise((resolve) => waiting.push(resolve));
    },
    closed,
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
}

describe('realtime channel', () => {
  it("pushes the new subscription to the user's socket, and only to theirs", async () => {
    const alice = await t.signup('Alice');
    const bob = await t.signup('Bob');
    const aliceChannel = await openChannel(alice.session.token);
    const bobChannel = await openChannel(bob.session.token);
    try {
      expect(await aliceChannel.next()).toEqual({ type: 'ready' });
      expect(await bobChannel.next()).toEqual({ type: 'ready' });

      await deliver(
        'customer.subscription.created',
        subscriptionObject({ customer: 'cus_alice', userId: alice.session.id, priceId: 'price_pro_y' }),
      );
      expect(await aliceChannel.next()).toMatchObject({
        type: 'subscription',
        subscription: { planId: 2, billingFrequency: 'yearly', status: 'active', stripeCustomerId: 'cus_alice' },
      });

      // One socket delivers in order: had Alice's event leaked to Bob, it would arrive before his own.
      await deliver(
        'customer.subscription.created',
        subscriptionObject({ customer: 'cus_bob', userId: bob.session.id, priceId: 'price_biz_m' }),
      );
      expect(await bobChannel.next()).toMatchObject({ type: 'subscription', subscription: { planId: 3, stripeCustomerId: 'cus_bob' } });
    } finally {
      await Promise.all([aliceChannel.close(), bobChannel.close()]);
    }
  });

  it('closes with 4401 on a bad token or a first message that is not auth', async () => {
    const badToken = await openChannel('not-a-session-token');
    expect(await badToken.closed).toBe(4401);

    const socket = new WebSocket(`${t.url.replace(/^http/, 'ws')}/api/realtime`);
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.once('open', () => socket.send('hello'));
    expect(await closed).toBe(4401);
  });

  it('tells open sockets the server is going away, so shutting down does not hang', async () => {
    const local = await startTestServer();
    let open = true;
    try {
      const { session } = await local.signup();
      const channel = await openChannel(session.token, local);
      expect(await channel.next()).toEqual({ type: 'ready' });
      await local.close();
      open = false;
      expect(await channel.closed).toBe(1001);
    } finally {
      if (open) await local.close();
    }
  });

  it('does not subscribe a socket that closed while its token was being checked', async () => {
    // A standalone channel whose token check the test releases, so the close lands in the middle of it.
    let release: (userId: number | null) => void = () => undefined;
    const checking = new Promise<number | null>((resolve) => (release = resolve));
    const bus = createMemoryBus();
    let live = 0;
    const counted: Bus = {
      ...bus,
      subscribe(userId, handler) {
        live += 1;
        const off = bus.subscribe(userId, handler);
        return () => {
          live -= 1;
          off();
        };
      },
    };
    const server = http.createServer();
    const wss = attachRealtime(server, counted, () => checking, pino({ level: 'silent' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const serverSide = new Promise<WebSocket>((resolve) => wss.once('connection', resolve));
      const socket = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/api/realtime`);
      await new Promise((resolve) => socket.once('open', resolve));
      const accepted = await serverSide;
      const gone = new Promise((resolve) => accepted.once('close', resolve));
      socket.send(JSON.stringify({ type: 'auth', token: 'valid' }));
      await new Promise((resolve) => accepted.once('message', resolve));
      socket.terminate();
      await gone;
      release(7);
      await checking;
      // The channel's continuation after the check runs on the same turn; one macrotask later it is done.
      await new Promise((resolve) => setImmediate(resolve));
      expect(live).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await bus.close();
    }
  });
});

describe('plan limits follow the subscription', () => {
  it('blocks a fourth site on the free plan with 402, and allows it after the upgrade', async () => {
    const { session, api } = await t.signup();
    const site = (n: number) => ({ name: `Shop ${n}`, siteId: `shop-${n}-${session.id}.example.com`, templateId: 'launch' });
    for (const n of [1, 2, 3]) expect((await api.POST('/sites', { body: site(n) })).response.status).toBe(201);

    const blocked = await api.POST('/sites', { body: site(4) });
    expect(blocked.response.status).toBe(402);
    expect(blocked.error).toMatchObject({
      code: 'PLAN_LIMIT',
      error:
        'You have reached the site limit for your current plan. To create additional sites, please upgrade to a higher-tier pricing plan.',
      info: { title: 'Upgrade needed' },
    });

    await deliver(
      'customer.subscription.created',
      subscriptionObject({ customer: `cus_sites_${session.id}`, userId: session.id, priceId: 'price_pro_m' }),
    );
    expect((await api.POST('/sites', { body: site(4) })).response.status).toBe(201);
    expect((await api.GET('/user')).data).toMatchObject({ sites: 4, maxSites: 10 });
  });
});
