import { Router } from 'express';
import { actorOf, body, handle, intParam } from '../http/handler.js';
import type { Services } from '../wiring.js';

export function siteRoutes({ sites, collaborators }: Services): Router {
  const r = Router();
  r.get(
    '/sites',
    handle((req) =>
      req.query.deleted === 'true'
        ? sites.listDeleted(actorOf(req), req.query.admin === 'true')
        : sites.list(actorOf(req), req.query.admin === 'true'),
    ),
  );
  r.delete(
    '/sites/:siteId',
    handle((req) => sites.remove(actorOf(req), String(req.params.siteId), req.query.confirm)),
  );
  r.post(
    '/sites/:siteId/restore',
    handle((req) => sites.restore(actorOf(req), String(req.params.siteId))),
  );
  r.post(
    '/sites',
    handle((req) => sites.create(actorOf(req), body(req)), 201),
  );
  r.post(
    '/validate',
    handle((req) => {
      actorOf(req);
      return sites.checkDomain(body(req));
    }),
  );
  r.post(
    '/sites/join/:code',
    handle((req) => collaborators.join(actorOf(req), String(req.params.code))),
  );
  r.post(
    '/sites/:siteId/message',
    handle((req) => sites.message(actorOf(req), String(req.params.siteId), body(req)), 201),
  );

  r.get(
    '/sites/:siteId/collaborators',
    handle((req) => collaborators.list(actorOf(req), String(req.params.siteId))),
  );
  r.post(
    '/sites/:siteId/collaborators/invitations',
    handle((req) => collaborators.invite(actorOf(req), String(req.params.siteId)), 201),
  );
  r.delete(
    '/sites/:siteId/collaborators/invitations/:invId',
    handle((req) => collaborators.deleteInvitation(actorOf(req), String(req.params.siteId), intParam(req, 'invId'))),
  );
  r.patch(
    '/sites/:siteId/collaborators/:userId',
    handle((req) => collaborators.update(actorOf(req), String(req.params.siteId), intParam(req, 'userId'), body(req))),
  );
  r.delete(
    '/sites/:siteId/collaborators/:userId',
    handle((req) => collaborators.remove(actorOf(req), String(req.params.siteId), intParam(req, 'userId'))),
  );
  return r;
}
