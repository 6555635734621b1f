import { Router, type Request } from 'express';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, body, handleEdit } from '../http/handler.js';
import type { Services } from '../wiring.js';
import { parsePreview } from '../site/preview.js';

const site = (req: Request) => String(req.params.siteId);

/** The site's settings and redirects (spec 002 §7); the CLI's redirects commands call these with a key. */
export function settingsRoutes({ settings }: Services): Router {
  const r = Router();
  r.patch(
    '/sites/:siteId',
    handleEdit((req) => settings.update(actorOf(req), site(req), body(req), parsePreview(req.query.preview))),
  );
  r.get(
    '/sites/:siteId/redirects',
    acceptsApiKey,
    handleEdit((req) => settings.redirects(actorOf(req), site(req))),
  );
  r.post(
    '/sites/:siteId/redirects',
    acceptsApiKey,
    handleEdit((req) => settings.createRedirect(actorOf(req), site(req), body(req))),
  );
  r.patch(
    '/sites/:siteId/redirects/:index',
    acceptsApiKey,
    handleEdit((req) => settings.updateRedirect(actorOf(req), site(req), String(req.params.index), body(req))),
  );
  r.delete(
    '/sites/:siteId/redirects/:index',
    acceptsApiKey,
    handleEdit((req) => settings.deleteRedirect(actorOf(req), site(req), String(req.params.index))),
  );
  return r;
}
