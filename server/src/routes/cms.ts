import express, { Router, type Request, type RequestHandler } from 'express';
import { acceptsApiKey } from '../http/auth.js';
import { refuseHostileBody } from '../http/guard.js';
import { actorOf, body, handle, intParam } from '../http/handler.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);
const collection = (req: Request) => String(req.params.collection);
const param = (req: Request, name: string) => String(req.params[name]);

/** An import may carry tens of thousands of items: its own body limit (app.ts skips the 1 MB one for it). */
export const BULK_PATH = /^\/sites\/[^/]+\/content\/[^/]+\/import$/;
export const BULK_BODY_LIMIT = '64mb';

/**
 * The CMS calls of spec 002 §7 (collections, fields, items) and the bulk import. Every one accepts
 * an API key of the site: importing content from the terminal and from CI is what keys are for,
 * including the fields an import needs (docs/decisions/0021-cms-calls-fields-items.md).
 */
export function cmsRoutes({ cms }: Services): Router {
  const r = Router();
  const base = '/sites/:siteId/content';
  const one = `${base}/:collection`;
  r.use(base, acceptsApiKey);

  r.get(
    base,
    handle((req) => cms.list(actorOf(req), site(req), req.query.internal)),
  );
  r.post(
    base,
    handle((req) => cms.create(actorOf(req), site(req), body(req), req.query.sample), 201),
  );
  r.get(
    one,
    handle((req) => cms.get(actorOf(req), site(req), collection(req))),
  );
  r.patch(
    one,
    handle((req) => cms.update(actorOf(req), site(req), collection(req), body(req))),
  );
  r.delete(
    one,
    handle((req) => cms.remove(actorOf(req), site(req), collection(req))),
  );

  r.post(
    `${one}/fields`,
    handle((req) => cms.createField(actorOf(req), site(req), collection(req), body(req)), 201),
  );
  r.patch(
    `${one}/fields/:field`,
    handle((req) => cms.updateField(actorOf(req), site(req), collection(req), param(req, 'field'), body(req))),
  );
  r.delete(
    `${one}/fields/:field`,
    handle((req) => cms.deleteField(actorOf(req), site(req), collection(req), param(req, 'field'))),
  );
  r.post(
    `${one}/sort/fields`,
    handle((req) => cms.sortFields(actorOf(req), site(req), collection(req), body(req))),
  );

  r.get(
    `${one}/items`,
    handle((req) => cms.items(actorOf(req), site(req), collection(req), req.query as Record<string, unknown>)),
  );
  r.post(
    `${one}/items`,
    handle((req) => cms.createItem(actorOf(req), site(req), collection(req), body(req)), 201),
  );
  // Who is asking is settled before a large body is read.
  const signedIn: RequestHandler = (req, _res, next) => {
    try {
      actorOf(req);
      next();
    } catch (error) {
      next(error);
    }
  };
  r.post(
    `${one}/import`,
    signedIn,
    express.json({ limit: BULK_BODY_LIMIT }),
    // Parsed here, after the edge: the edge's check of every JSON body runs again on this one.
    refuseHostileBody,
    handle((req) => cms.importItems(actorOf(req), site(req), collection(req), body(req))),
  );
  r.get(
    `${one}/items/:itemId`,
    handle((req) => cms.item(actorOf(req), site(req), collection(req), intParam(req, 'itemId'))),
  );
  r.patch(
    `${one}/items/:itemId`,
    handle((req) => cms.updateItem(actorOf(req), site(req), collection(req), intParam(req, 'itemId'), body(req))),
  );
  r.delete(
    `${one}/items/:itemId`,
    handle((req) => cms.deleteItem(actorOf(req), site(req), collection(req), intParam(req, 'itemId'))),
  );
  r.post(
    `${one}/items/:itemId/duplicate`,
    handle((req) => cms.duplicateItem(actorOf(req), site(req), collection(req), intParam(req, 'itemId')), 201),
  );
  r.post(
    `${one}/sort/items`,
    handle(async (req) => {
      await cms.sortItems(actorOf(req), site(req), collection(req), body(req));
      return { ok: true };
    }),
  );
  r.post(
    `${one}/sort/items/:field/:order`,
    handle(async (req) => {
      await cms.sortItemsBy(actorOf(req), site(req), collection(req), param(req, 'field'), param(req, 'order'));
      return { ok: true };
    }),
  );
  return r;
}
