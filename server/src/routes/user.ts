import { Router } from 'express';
import { actorOf, body, handle } from '../http/handler.js';
import type { Services } from '../wiring.js';

export function userRoutes({ accounts, users }: Services): Router {
  const r = Router();
  r.get(
    '/user',
    handle((req) => users.get(actorOf(req).userId)),
  );
  r.patch(
    '/user',
    handle((req) => users.update(actorOf(req).userId, body(req))),
  );
  r.patch(
    '/user/password',
    handle(async (req) => {
      await accounts.changePassword(actorOf(req), body(req));
      return { ok: true };
    }),
  );
  r.delete(
    '/user/auth/:provider',
    handle((req) => accounts.disconnectProvider(actorOf(req), String(req.params.provider))),
  );
  r.get(
    '/user/2fa',
    handle((req) => accounts.twoFactorSetup(actorOf(req))),
  );
  r.post(
    '/user/2fa',
    handle((req) => accounts.enableTwoFactor(actorOf(req), body(req))),
  );
  r.delete(
    '/user/2fa',
    handle((req) => accounts.disableTwoFactor(actorOf(req))),
  );
  return r;
}
