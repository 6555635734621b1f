import type { RequestHandler } from 'express';
import type { AccountsService } from '../services/accounts.js';

/** Reads `Authorization: Basic base64(token + ":")` and sets req.actor when the session is live. */
export function authenticate(accounts: AccountsService): RequestHandler {
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
    accounts.authenticate(token).then((actor) => {
      if (actor) req.actor = actor;
      next();
    }, next);
  };
}
