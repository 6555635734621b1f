import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import Stripe from 'stripe';

/**
 * A local server that speaks the part of Stripe's HTTP API Pagewright calls: form-encoded requests
 * in, Stripe-shaped JSON out. The real `stripe` client talks to it through STRIPE_API_URL.
 */

/** One request as Stripe would have received it, with the form body decoded (brackets → objects). */
export interface StripeRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** The fields of a Stripe subscription that Pagewright reads. */
export interface StripeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: { id: string; object: 'subscription_item'; price: { id: string; object: 'price' }; current_period_end: number }[];
  };
}

export interface FakeStripe {
  /** Origin to pass as STRIPE_API_URL. */
  url: string;
  requests: StripeRequest[];
  subscriptions: Map<string, StripeSubscription>;
  /** While set, every call answers this status with a Stripe error whose text must never reach our users. */
  failWith(status: number | null): void;
  close(): Promise<void>;
}

/** Stripe's message when it fails; tests check our answers never repeat it. */
export const STRIPE_INTERNAL_MESSAGE = 'Internal stripe detail: shard db-7 unreachable';

const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(8).toString('hex')}`;

/** Stripe's error envelope. */
const stripeError = (type: string, message: string, code?: string) => ({ error: { type, message, ...(code ? { code } : {}) } });

export async function startStripeServer(secretKey: string): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const subscriptions = new Map<string, StripeSubscription>();
  let failure: number | null = null;

  const app = express();
  // Stripe's bodies are `a[b][0][c]=…`; the extended parser turns them into nested objects and arrays.
  app.use(express.urlencoded({ extended: true }));
  app.use((req, res, next) => {
    const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
    requests.push({ method: req.method, path: req.path, authorization: req.get('Authorization'), body });
    if (req.get('Authorization') !== `Bearer ${secretKey}`) {
      res.status(401).json(stripeError('invalid_request_error', 'Invalid API Key provided'));
    } else if (failure !== null) {
      res.status(failure).json(stripeError('api_error', STRIPE_INTERNAL_MESSAGE));
    } else {
      next();
    }
  });

  app.post('/v1/customers', (req, res) => {
    res.json({
      id: newId('cus'),
      object: 'customer',
      email: req.body.email ?? null,
      name: req.body.name ?? null,
      metadata: req.body.metadata ?? {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    });
  });

  app.post('/v1/checkout/sessions', (req, res) => {
    const id = newId('cs');
    res.json({
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: req.body.mode,
      customer: req.body.customer ?? null,
      client_reference_id: req.body.client_reference_id ?? null,
      success_url: req.body.success_url,
      cancel_url: req.body.cancel_url,
      status: 'open',
      metadata: {},
      livemode: false,
    });
  });

  app.post('/v1/billing_portal/sessions', (req, res) => {
    const id = newId('bps');
    res.json({
      id,
      object: 'billing_portal.session',
      customer: req.body.customer,
      return_url: req.body.return_url ?? null,
      url: `https://billing.stripe.test/p/session/${id}`,
      livemode: false,
    });
  });

  app.post('/v1/subscriptions/:id', (req, res) => {
    const sub = subscriptions.get(req.params.id);
    if (!sub) {
      res.status(404).json(stripeError('invalid_request_error', `No such subscription: '${req.params.id}'`, 'resource_missing'));
      return;
    }
    // Form values are strings: the client sends booleans as "true"/"false".
    if (req.body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = req.body.cancel_at_period_end === 'true';
    res.json(sub);
  });

  app.use((req, res) => {
    res.status(404).json(stripeError('invalid_request_error', `Unrecognized request URL (${req.method}: ${req.path})`));
  });

  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    failWith(status) {
      failure = status;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A subscription as Stripe sends it, on the newer API where the period sits on the item. */
export function subscriptionObject(options: {
  customer: string;
  userId?: number;
  priceId: string;
  status?: string;
  cancelAtPeriodEnd?: boolean;
  /** Unix seconds. */
  periodEnd?: number;
  id?: string;
}): StripeSubscription {
  return {
    id: options.id ?? newId('sub'),
    object: 'subscription',
    customer: options.customer,
    status: options.status ?? 'active',
    cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
    metadata: options.userId === undefined ? {} : { userId: String(options.userId) },
    items: {
      object: 'list',
      data: [
        {
          id: newId('si'),
          object: 'subscription_item',
          price: { id: options.priceId, object: 'price' },
          current_period_end: options.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 24 * 3600,
        },
      ],
    },
  };
}

/** A webhook event as Stripe posts it: the raw JSON, and its Stripe-Signature made by the real library's signer. */
export function signedEvent(type: string, object: object, secret: string): { payload: string; signature: string } {
  const payload = JSON.stringify({
    id: newId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
