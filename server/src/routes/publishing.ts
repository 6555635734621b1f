import { Router, type Request } from 'express';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, handle } from '../http/handler.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);

/** Publishing (spec 001 §4): to the webhook or as a zip, the compiled file list, and the zip's download link. */
export function publishingRoutes({ publishing }: Services): Router {
  const r = Router();
  r.get(
    '/sites/:siteId/publish',
    acceptsApiKey,
    handle((req) => publishing.publish(actorOf(req), site(req), req.query.type)),
  );
  r.get(
    '/sites/:siteId/compiled',
    acceptsApiKey,
    handle((req) => publishing.compiled(actorOf(req), site(req))),
  );
  // The link a webhook or a download answer carries: its token is the permission.
  r.get(
    '/sites/:siteId/export/:token',
    handle(async (req, res) => {
      const { name, bytes } = await publishing.download(site(req), String(req.params.token));
      res.type('application/zip').attachment(name).send(bytes);
    }),
  );
  return r;
}
