import type { RequestHandler } from 'express';
import { AppError, invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { isReservedKey } from '../model/document.js';

/** The first reserved key anywhere in a parsed JSON value, as a dotted path (`edit.0.__proto__`). */
export function reservedKeyIn(value: unknown, at = ''): string | null {
  if (!value || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = reservedKeyIn(value[i], at ? `${at}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    const path = at ? `${at}.${key}` : key;
    if (isReservedKey(key)) return path;
    const found = reservedKeyIn((value as Record<string, unknown>)[key], path);
    if (found) return found;
  }
  return null;
}

export const malformedUrl = () => new AppError(400, 'MALFORMED_URL', messages.malformedUrl, { field: 'path' });

/**
 * The edge every /api request passes before any route: a path whose escapes do not decode is a 400
 * (never a 500 from deep inside the router), and no id or key from the path, the query or a JSON body
 * may be `__proto__`, `constructor` or `prototype`. Ids from requests are used to look things up in
 * the site document's maps; refusing these names once, here, keeps every such lookup honest.
 */
export const refuseHostileNames: RequestHandler = (req, _res, next) => {
  for (const segment of req.path.split('/')) {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return next(malformedUrl());
    }
    // Page ids travel with `|` for `/` (spec 001 §3), so each part of one is an id of its own.
    if (name.split(/[|/.]/).some(isReservedKey)) return next(invalid('path', messages.reservedName(name)));
  }
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (isReservedKey(key) || reservedKeyIn(value)) return next(invalid(key, messages.reservedName(key)));
  }
  const found = reservedKeyIn(req.body);
  if (found) return next(invalid(found, messages.reservedName(found.split('.').pop()!)));
  next();
};
