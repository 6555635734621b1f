import type { BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { signedEvent, startStripeServer, subscriptionObject, type FakeStripe } from '../support/stripeServer.js';

/** Billing for the browser suites: a Pagewright server paid through the local Stripe stand-in. */

export const SECRET_KEY = 'sk_test_pagewright';
export const WEBHOOK_SECRET = 'whsec_test_pagewright';
export const PRICES = { 2: { monthly: 'price_pro_m', yearly: 'price_pro_y' }, 3: { monthly: 'price_biz_m', yearly: 'price_biz_y' } };

/** Unix seconds a month from now: Stripe's periods are in seconds. */
export const inAMonth = () => Math.floor(Date.now() / 1000) + 30 * 24 * 3600;

export async function startStripe(): Promise<{ stripe: FakeStripe; env: Record<string, string> }> {
  const stripe = await startStripeServer(SECRET_KEY);
  return {
    stripe,
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_IDS: JSON.stringify(PRICES),
    },
  };
}

/**
 * A Pagewright server that takes payment through the local Stripe stand-in, for the tests about the upgrade
 * offer: issue 28 shows no Upgrade control on a server without billing. Closing it closes the stand-in too.
 */
export async function startBilledServer(env: Record<string, string> = {}): Promise<TestServer & { stripe: FakeStripe }> {
  const { stripe, env: billing } = await startStripe();
  const server = await startTestServer({ ...billing, ...env });
  return {
    ...server,
    stripe,
    async close() {
      await server.close();
      await stripe.close();
    },
  };
}

/** Posts a signed Stripe event to the server's webhook, as Stripe does; fails unless it is accepted. */
export async function deliver(t: TestServer, type: string, object: object): Promise<void> {
  const { payload, signature } = signedEvent(type, object, WEBHOOK_SECRET);
  const response = await fetch(`${t.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
  expect(response.status).toBe(200);
}

/** Puts the user on a paid plan the way Stripe does: a subscription it knows, and its webhook. */
export async function subscribe(
  t: TestServer,
  stripe: FakeStripe,
  userId: number,
  priceId = 'price_pro_m',
  overrides: { status?: string } = {},
) {
  const sub = subscriptionObject({ customer: `cus_e2e_${userId}`, userId, priceId, periodEnd: inAMonth(), ...overrides });
  stripe.subscriptions.set(sub.id, sub);
  await deliver(t, 'customer.subscription.created', sub);
  return sub;
}

/** Stripe's hosted pages are off this machine: answer them with a stand-in page, so a test sees where the app sent the browser. */
export async function stubStripePages(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/(checkout|billing)\.stripe\.test\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Stripe</title><h1>Stripe</h1>' }),
  );
}
