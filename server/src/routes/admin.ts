import { Router, type RequestHandler } from 'express';
import { notFound } from '../core/errors.js';
import { actorOf, body, handle, intParam } from '../http/handler.js';
import { messages } from '../core/messages.js';
import type { Services } from '../wiring.js';

/** Admin routes do not exist for anyone but admins: 401 signed out, 404 otherwise. */
const adminOnly: RequestHandler = (req, _res, next) => {
  try {
    if (!actorOf(req).isAdmin) throw notFound(messages.notFound);
    next();
  } catch (error) {
    next(error);
  }
};

export function adminRoutes({ admin }: Services): Router {
  const r = Router();
  r.use('/admin', adminOnly);
  r.get(
    '/admin/users',
    handle(() => admin.users()),
  );
  r.patch(
    '/admin/users/:userId',
    handle((req) => admin.updateUser(actorOf(req), intParam(req, 'userId'), body(req))),
  );
  r.get(
    '/admin/sites',
    handle(() => admin.sites()),
  );
  r.get(
    '/admin/activity',
    handle((req) => admin.activity(req.query.type)),
  );
  return r;
}
