import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { AppError, payloadTooLarge } from '../core/errors.js';
import { FORM_BODY_LIMIT } from '../forms/fields.js';
import { confirmationPage, refusedPage } from '../forms/confirmation.js';
import { acceptsApiKey } from '../http/auth.js';
import { actorOf, body, handle, intParam } from '../http/handler.js';
import type { Services } from '../wiring.js';

const site = (req: Request) => String(req.params.siteId);

/** The public form endpoint reads its own, smaller body (app.ts skips the 1 MB JSON parser for it). */
export const FORM_PATH = /^\/sites\/[^/]+\/forms\/[^/]+$/;
const FORM_ROUTE = '/sites/:siteId/forms/:formName';

/**
 * Published sites live on other origins: this one route answers cross-origin posts (and their
 * preflight), without credentials. Every other route stays same-origin.
 */
const crossOrigin: RequestHandler = (req, res, next) => {
  res.set({
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'POST',
    'Access-Control-Allow-Headers': 'Content-Type, Accept',
    'Access-Control-Max-Age': '600',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  });
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  next();
};

/** An http(s) Referer to lead the confirmation's button back to; anything else gets no button. */
function referer(req: Request): string | null {
  const raw = req.get('Referer');
  if (!raw) return null;
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** A browser's own post (its Accept prefers HTML) gets pages; a script's fetch gets JSON. */
const fromBrowser = (req: Request) => req.accepts(['json', 'html']) === 'html';

/**
 * A visitor whose plain form post is refused reads why on a page with the way back, rather than
 * the JSON error a script gets. Server faults stay with the one error handler.
 */
const refusedForBrowser: ErrorRequestHandler = (error, req, res, next) => {
  const appError = error instanceof AppError ? error : (error as { type?: string }).type === 'entity.too.large' ? payloadTooLarge() : null;
  if (!appError || (appError.status >= 500 && appError.status !== 502) || !fromBrowser(req) || res.headersSent) return next(error);
  if (appError.headers) res.set(appError.headers);
  res
    .status(appError.status)
    .type('html')
    .send(refusedPage(appError.message, referer(req)));
};

/** Form submissions (spec 002): the public endpoint compiled forms post to, and the settings' inbox. */
export function formRoutes({ forms }: Services): Router {
  const r = Router();
  r.use(FORM_ROUTE, crossOrigin);
  r.post(
    FORM_ROUTE,
    express.raw({ type: () => true, limit: FORM_BODY_LIMIT }),
    handle(async (req, res) => {
      const { language, confirmation, look } = await forms.submit({
        siteId: site(req),
        formName: String(req.params.formName),
        ip: req.ip ?? 'unknown',
        contentType: req.get('Content-Type'),
        raw: req.body,
      });
      if (fromBrowser(req)) {
        res
          .status(201)
          .type('html')
          .send(confirmationPage(confirmation, language, referer(req), look));
        return;
      }
      return { ok: true, language, confirmation };
    }, 201),
    refusedForBrowser,
  );

  const list = '/sites/:siteId/submissions';
  r.get(
    list,
    acceptsApiKey,
    handle((req) => forms.list(actorOf(req), site(req), req.query as Record<string, unknown>)),
  );
  r.patch(
    `${list}/:id`,
    handle((req) => forms.update(actorOf(req), site(req), intParam(req, 'id'), body(req))),
  );
  r.delete(
    `${list}/:id`,
    handle((req) => forms.remove(actorOf(req), site(req), intParam(req, 'id'))),
  );
  return r;
}
