import { Router } from 'express';
import { actorOf, body, handle } from '../http/handler.js';
import type { Services } from '../wiring.js';

export function authRoutes({ accounts }: Services): Router {
  const r = Router();
  r.post(
    '/auth/signup',
    handle((req) => accounts.signup(body(req)), 201),
  );
  r.post(
    '/auth/login',
    handle((req) => accounts.login(body(req), req.ip ?? 'unknown')),
  );
  r.post(
    '/auth/login/2fa',
    handle((req) => accounts.loginTwoFactor(body(req))),
  );
  r.post(
    '/auth/login/token',
    handle((req) => accounts.loginWithToken(body(req))),
  );
  r.post(
    '/auth/validate',
    handle((req) => accounts.validate(body(req))),
  );
  r.post(
    '/auth/logout',
    handle((req) => accounts.logout(actorOf(req))),
  );
  r.post(
    '/auth/forgot-password',
    handle(async (req) => {
      await accounts.forgotPassword(body(req), req.ip ?? 'unknown');
      return { ok: true };
    }),
  );
  r.post(
    '/auth/reset-password',
    handle(async (req) => {
      await accounts.resetPassword(body(req));
      return { ok: true };
    }),
  );
  return r;
}
