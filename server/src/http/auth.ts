import type { RequestHandler } from 'express';
import { forbidden } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { AccountsService } from '../accounts/service.js';
import { looksLikeApiKey, type ApiKeysService } from '../api-keys/service.js';

declare module 'express-serve-static-core' {
  interface Request {
    /** Set by `acceptsApiKey`: this route lets an API key of the site in its path act. */
    apiKeyAccepted?: boolean;
  }
}

/**
 * Reads `Authorization: Basic base64(token + ":")` and sets req.actor when the session is live, or
 * when the token is an unlocked API key. An API-key actor is refused by `actorOf` unless the route
 * declared `acceptsApiKey`.
 */
export function authenticate(accounts: AccountsService, apiKeys: ApiKeysService): RequestHandler {
  return (req, _res, next) => {
    const header = req.headers.authorization;
    if (!header) return next();
    const [scheme, encoded] = header.split(' ');
    let token = '';
    if (scheme?.toLowerCase() === 'basic' && encoded) {
      token = Buffer.from(encoded, 'base64').toString('utf8').split(':')[0] ?? '';
    } else if (scheme?.toLowerCase() === 'bearer' && encoded) {
      token = encoded;
    }
    if (!token) return next();
    (looksLikeApiKey(token) ? apiKeys.authenticate(token) : accounts.authenticate(token)).then((actor) => {
      if (actor) req.actor = actor;
      next();
    }, next);
  };
}

/**
 * A route's declaration that API keys may call it (spec 002: the site-scoped calls a CLI needs):
 * a key is accepted for the site named by the route's `:siteId`, never for another.
 */
export const acceptsApiKey: RequestHandler = (req, _res, next) => {
  const key = req.actor?.apiKey;
  if (key) {
    if (req.params.siteId !== key.siteId) return next(forbidden(messages.apiKeyScope, 'API_KEY_SCOPE'));
    req.apiKeyAccepted = true;
  }
  next();
};
