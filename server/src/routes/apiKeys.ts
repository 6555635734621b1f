import { Router, type Request } from 'express';
import { actorOf, body, handle } from '../http/handler.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);

/** API keys (spec 002 §7): the owner's, with a session; an API key itself cannot manage keys. */
export function apiKeyRoutes({ apiKeys }: Services): Router {
  const r = Router();
  r.get(
    '/sites/:siteId/api-keys',
    handle((req) => apiKeys.list(actorOf(req), site(req))),
  );
  r.post(
    '/sites/:siteId/api-keys',
    handle((req) => apiKeys.create(actorOf(req), site(req), body(req)), 201),
  );
  r.patch(
    '/sites/:siteId/api-keys/:token',
    handle((req) => apiKeys.update(actorOf(req), site(req), String(req.params.token), body(req))),
  );
  r.delete(
    '/sites/:siteId/api-keys/:token',
    handle((req) => apiKeys.remove(actorOf(req), site(req), String(req.params.token))),
  );
  return r;
}
