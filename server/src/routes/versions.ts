import { Router, type Request } from 'express';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, body, handle, handleEdit, intParam } from '../http/handler.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);

/**
 * Versions (spec 001 §4, spec 002 "Versions"): commit, reset, restore, list and download. An API key of the
 * site may call them all (a CI pipeline commits before it publishes).
 */
export function versionRoutes({ versions, sites }: Services): Router {
  const r = Router();
  r.post(
    '/sites/:siteId/versions/commit',
    acceptsApiKey,
    handleEdit((req) => versions.commit(actorOf(req), site(req), body(req)), 201),
  );
  r.delete(
    '/sites/:siteId/versions/reset',
    acceptsApiKey,
    handleEdit(async (req) => {
      const actor = actorOf(req);
      const history = await versions.reset(actor, site(req));
      return { body: await sites.get(actor, site(req)), history };
    }),
  );
  r.post(
    '/sites/:siteId/versions/:versionId/restore',
    acceptsApiKey,
    handleEdit(async (req) => {
      const actor = actorOf(req);
      const history = await versions.restore(actor, site(req), intParam(req, 'versionId'));
      return { body: await sites.get(actor, site(req)), history };
    }),
  );
  r.get(
    '/sites/:siteId/versions',
    acceptsApiKey,
    handle((req) => versions.entries(actorOf(req), site(req))),
  );
  r.get(
    '/sites/:siteId/versions/:versionId/download',
    acceptsApiKey,
    handle(async (req, res) => {
      const { name, json, md5 } = await versions.download(actorOf(req), site(req), intParam(req, 'versionId'));
      res.type('application/json').attachment(name).set('X-Content-MD5', md5).send(json);
    }),
  );
  return r;
}
