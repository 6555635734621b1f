import express, { Router } from 'express';
import { actorOf, body, handle } from '../http/handler.js';
import type { Services } from '../wiring.js';

export function billingRoutes({ billing, plans }: Services): Router {
  const r = Router();
  r.get(
    '/payments/plans',
    handle(() => plans.list()),
  );
  // Stripe signs the exact bytes it sent, so this route reads the raw body.
  r.post(
    '/payments/webhook',
    express.raw({ type: '*/*', limit: '1mb' }),
    handle((req) => billing.webhook(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('Stripe-Signature'))),
  );
  r.get(
    '/subscription',
    handle((req) => billing.get(actorOf(req))),
  );
  r.patch(
    '/subscription',
    handle((req) => billing.update(actorOf(req), body(req))),
  );
  r.get(
    '/checkout/:publicUserId/:priceId',
    handle((req) => billing.checkoutLink(actorOf(req), String(req.params.publicUserId), String(req.params.priceId))),
  );
  r.get(
    '/billing-portal/:customerId',
    handle((req) => billing.portalLink(actorOf(req), String(req.params.customerId))),
  );
  return r;
}
