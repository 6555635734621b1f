import crypto from 'node:crypto';
import type { History } from '@pagewright/sdk';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, invalid, invalidJson, notFound, payloadTooLarge, unauthorized } from '../core/errors.js';
import { withEditRequest, type EditRequest } from '../core/edit-request.js';
import { messages } from '../core/messages.js';
import { endWhole } from './encoding.js';
import { malformedUrl } from './guard.js';
import { errorPage, wantsPage } from './errorPage.js';
import type { Actor } from '../core/deps.js';
import { JsonText } from '../core/json-text.js';

declare module 'express-serve-static-core' {
  interface Request {
    actor?: Actor;
  }
}

/**
 * The signed-in actor of a request; 401 when there is none. An API key is refused (403) unless the
 * route declared `acceptsApiKey` (http/auth.ts): keys reach only what a route opens to them.
 */
export function actorOf(req: Request): Actor {
  if (!req.actor) throw unauthorized(messages.unauthorized);
  if (req.actor.apiKey && !req.apiKeyAccepted) throw new AppError(403, 'API_KEY_SCOPE', messages.apiKeyScope);
  return req.actor;
}

export const body = (req: Request): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Array.isArray(req.body) ? (req.body as Record<string, unknown>) : {};

/** Integer path parameter; a non-integer is a 404 (there is no such thing). */
export function intParam(req: Request, name: string): number {
  const raw = req.params[name];
  const value = Number(raw);
  if (!raw || !Number.isSafeInteger(value)) throw notFound(messages.notFound);
  return value;
}

/**
 * A JSON answer as `res.json` sends it, without its ETag: the API's answers are `no-store`, so a hash
 * of every body (a whole site document, too) bought nothing. Compression still applies.
 */
function sendJson(res: Response, status: number, text: string, bodies?: Map<string, Buffer>): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  endWhole(res.req, res, text, bodies);
}

/**
 * The one responder: JSON with a status, or 204 when there is nothing to say. A JsonText answer
 * (an item as stored) is sent as it is.
 */
export function handle(fn: (req: Request, res: Response) => Promise<unknown>, status = 200): RequestHandler {
  return (req, res, next) => {
    fn(req, res).then((result) => {
      if (res.headersSent) return;
      if (result === undefined) res.status(204).end();
      else if (result instanceof JsonText) sendJson(res, status, result.text, result.bodies);
      else sendJson(res, status, JSON.stringify(result));
    }, next);
  };
}

/** The 4xx status an http-errors style error (Express, body-parser, the router) carries, or null. */
function clientErrorStatus(error: unknown): number | null {
  const status =
    (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 ? status : null;
}

/**
 * Any error to the JSON error shape; never a stack or a raw SQL message. A browser navigation
 * (Accept preferring text/html) gets the same error as a page in the app's look instead (issue 28).
 */
export function errorHandler(log: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction): void => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if ((error as { type?: string }).type === 'entity.parse.failed') {
      appError = invalidJson();
    } else if ((error as { type?: string }).type === 'entity.too.large') {
      appError = payloadTooLarge();
    } else if (error instanceof URIError) {
      appError = malformedUrl();
    } else if (clientErrorStatus(error) !== null) {
      // What Express, its router and body parsers refuse (an unsupported charset, a body cut short):
      // the client's fault, in the one error shape.
      appError = new AppError(clientErrorStatus(error)!, 'BAD_REQUEST', messages.badRequest);
    } else {
      log.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
      appError = new AppError(500, 'INTERNAL', 'Something went wrong on the server');
    }
    if (res.headersSent) return;
    if (appError.headers) res.set(appError.headers);
    if (wantsPage(req)) {
      res
        .status(appError.status)
        .type('html')
        .send(errorPage(req, appError.status, appError.message));
      return;
    }
    res.status(appError.status).json(appError.toJSON());
  };
}

/**
 * The responder of editing calls: the body as JSON with the site's history counts in `X-History`
 * (`undo|redo|unsaved`), which the SDK reads into the editor's history state. The call runs with its
 * Idempotency-Key and X-Edit-Age (docs/decisions/0083); a call answered from an earlier one with the
 * same key says so with `Idempotent-Replayed: true`.
 */
export function handleEdit(fn: (req: Request) => Promise<{ body: unknown; history: History }>, status = 200): RequestHandler {
  return handle(async (req, res) => {
    const edit = editRequestOf(req);
    const { body, history } = await withEditRequest(edit, () => fn(req));
    res.set('X-History', `${history.undo}|${history.redo}|${history.unsaved}`);
    if (edit.replayed) res.set('Idempotent-Replayed', 'true');
    return body;
  }, status);
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9._:-]{1,128}$/;
const EDIT_AGE = /^\d{1,10}$/;

/** The headers an editing call may carry about itself; a malformed one is a 400 naming it. */
function editRequestOf(req: Request): EditRequest {
  const key = req.get('Idempotency-Key');
  if (key !== undefined && !IDEMPOTENCY_KEY.test(key)) throw invalid('Idempotency-Key', messages.idempotencyKeyInvalid);
  const age = req.get('X-Edit-Age');
  if (age !== undefined && !EDIT_AGE.test(age)) throw invalid('X-Edit-Age', messages.editAgeInvalid);
  // The query without the preview: the same edit asked for with another page's preview is the same edit.
  const query = Object.entries(req.query)
    .filter(([name]) => name !== 'preview')
    .sort(([a], [b]) => (a < b ? -1 : 1));
  const fingerprint = crypto
    .createHash('sha256')
    .update(JSON.stringify([req.method, req.baseUrl + req.path, query, req.body ?? null]))
    .digest('hex');
  return { key: key ?? null, fingerprint, age: age === undefined ? null : Number(age), replayed: false };
}
