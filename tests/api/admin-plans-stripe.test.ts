import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { signedEvent, startStripeServer, subscriptionObject, type FakeStripe } from '../support/stripeServer.js';

// How a plan set by the admin and Stripe's webhooks meet (docs/decisions/0038-admin-assigns-plans.md).
const SECRET_KEY = 'sk_test_pagewright';
const WEBHOOK_SECRET = 'whsec_test_pagewright';
const PRICES = { 2: { monthly: 'price_pro_m', yearly: 'price_pro_y' }, 3: { monthly: 'price_biz_m', yearly: 'price_biz_y' } };
const inAMonth = () => Math.floor(Date.now() / 1000) + 30 * 24 * 3600;

let t: TestServer;
let stripe: FakeStripe;
let admin: Awaited<ReturnType<TestServer['signup']>>;

beforeAll(async () => {
  stripe = await startStripeServer(SECRET_KEY);
  t = await startTestServer({
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    STRIPE_PRICE_IDS: JSON.stringify(PRICES),
  });
  admin = await t.signup('Admin');
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

async function deliver(type: string, object: object): Promise<void> {
  const { payload, signature } = signedEvent(type, object, WEBHOOK_SECRET);
  const response = await contractFetch(t.url)(`${t.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  expect(response.status).toBe(200);
}

async function paying() {
  const user = await t.signup('Paying');
  const sub = subscriptionObject({
    customer: `cus_${user.session.id}`,
    userId: user.session.id,
    priceId: 'price_pro_m',
    periodEnd: inAMonth(),
  });
  await deliver('customer.subscription.created', sub);
  return { ...user, sub };
}

const setPlan = (userId: number, planId: number) =>
  admin.api.PATCH('/admin/users/{userId}', { params: { path: { userId } }, body: { planId } });
const planOf = async (user: { api: ReturnType<TestServer['client']> }) => (await user.api.GET('/subscription')).data!.planId;

describe('a plan set by the admin on an instance with Stripe', () => {
  it('is not overwritten by the webhooks of the subscription it replaced: renewals and the end of it', async () => {
    const user = await paying();
    expect(await planOf(user)).toBe(2);
    await setPlan(user.session.id, 3);
    await deliver('customer.subscription.updated', { ...user.sub, status: 'past_due' });
    expect(await planOf(user)).toBe(3);
    await deliver('customer.subscription.deleted', { ...user.sub, status: 'canceled' });
    expect(await planOf(user)).toBe(3);
    const listed = (await admin.api.GET('/admin/users')).data!.find((u) => u.id === user.session.id)!;
    expect(listed).toMatchObject({ planId: 3, planSetByAdmin: true });
  });

  it('gives way to a subscription the user takes out afterwards', async () => {
    const user = await paying();
    await setPlan(user.session.id, 1);
    expect(await planOf(user)).toBe(1);
    const bought = subscriptionObject({
      customer: `cus_${user.session.id}`,
      userId: user.session.id,
      priceId: 'price_biz_m',
      periodEnd: inAMonth(),
    });
    await deliver('customer.subscription.created', bought);
    expect(await planOf(user)).toBe(3);
    expect((await admin.api.GET('/admin/users')).data!.find((u) => u.id === user.session.id)!.planSetByAdmin).toBe(false);
  });

  it('gives way once the user completes a checkout, whichever webhook comes first', async () => {
    const user = await t.signup('Checkout first');
    await setPlan(user.session.id, 2);
    await deliver('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      client_reference_id: String(user.session.id),
      customer: `cus_${user.session.id}`,
      subscription: 'sub_checkout_first',
      metadata: {},
    });
    const sub = subscriptionObject({
      id: 'sub_checkout_first',
      customer: `cus_${user.session.id}`,
      userId: user.session.id,
      priceId: 'price_biz_y',
      periodEnd: inAMonth(),
    });
    await deliver('customer.subscription.created', sub);
    expect(await planOf(user)).toBe(3);
  });
});
