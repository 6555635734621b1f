import type { RequestHandler } from 'express';
import { AppError, invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { isReservedKey } from '../model/document.js';

/**
 * How deep a JSON body may nest. Far deeper than any request of the API (a site document is a
 * few levels), far shallower than what would exhaust the stack of code that walks a value
 * recursively (JSON.stringify, clone, a sanitizer): a 1 MB body of `[[[[…` is half a million levels.
 */
const MAX_JSON_DEPTH = 64;

/** U+0000: no text of the product holds it, and PostgreSQL text cannot (a query with one fails). */
const NUL = '\0';

/** A value still to look at, with its key in its parent (the path is built only for a problem). */
interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number;
  depth: number;
}

/** The dotted path to a visit's value, and on to `key` in it when given. */
function pathOf(visit: Visit, key?: string): string {
  const parts: (string | number)[] = key === undefined ? [] : [key];
  for (let at: Visit | null = visit; at?.parent; at = at.parent) parts.push(at.key);
  return parts.reverse().join('.');
}

/**
 * The first problem of a parsed JSON value, as the dotted path to it (`edit.0.__proto__`): a
 * reserved key anywhere, a NUL character in a key or a string, or nesting deeper than
 * MAX_JSON_DEPTH. Walked with a stack of its own, in document order, so no value, however deep,
 * can overflow the call stack. It runs on every JSON body (an import's is 50,000 items), so it
 * allocates only a visit per object or array and builds no path until it finds a problem: a
 * container's strings are tested where they stand, and only one with a NUL waits its turn (so that
 * a problem inside an earlier sibling is still found first).
 */
export function jsonProblem(value: unknown): { field: string; message: string } | null {
  const pending: Visit[] = [{ value, parent: null, key: '', depth: 0 }];
  while (pending.length) {
    const visit = pending.pop()!;
    const node = visit.value;
    if (typeof node === 'string') {
      if (node.includes(NUL)) return { field: pathOf(visit), message: messages.nulCharacter };
      continue;
    }
    if (!node || typeof node !== 'object') continue;
    if (visit.depth >= MAX_JSON_DEPTH) return { field: pathOf(visit), message: messages.jsonTooDeep(MAX_JSON_DEPTH) };
    const array = Array.isArray(node);
    const keys = array ? undefined : Object.keys(node);
    if (keys)
      for (const key of keys) {
        if (isReservedKey(key)) return { field: pathOf(visit, key), message: messages.reservedName(key) };
        if (key.includes(NUL)) return { field: pathOf(visit, key).replace(/\0/g, ''), message: messages.nulCharacter };
      }
    const count = array ? (node as unknown[]).length : keys!.length;
    const childAt = (i: number): unknown => (array ? (node as unknown[])[i] : (node as Record<string, unknown>)[keys![i]!]);
    // Up to the first string with a NUL: nothing after it can be the first problem.
    let nulAt = -1;
    for (let i = 0; i < count && nulAt < 0; i++) {
      const child = childAt(i);
      if (typeof child === 'string' && child.includes(NUL)) nulAt = i;
    }
    for (let i = nulAt < 0 ? count - 1 : nulAt; i >= 0; i--) {
      const child = childAt(i);
      if (i === nulAt || (child && typeof child === 'object'))
        pending.push({ value: child, parent: visit, key: array ? i : keys![i]!, depth: visit.depth + 1 });
    }
  }
  return null;
}

/**
 * Refuses a parsed JSON body with a reserved key, a NUL character or nesting too deep (400,
 * `info.field` the path to it). Runs after every JSON body parser: the app's, and the ones of the
 * routes that read larger bodies themselves.
 */
export const refuseHostileBody: RequestHandler = (req, _res, next) => {
  const problem = jsonProblem(req.body);
  if (problem) return next(invalid(problem.field || 'body', problem.message));
  next();
};

/** What a path must hold for a segment of it to be refused: an escape, a reserved name or a NUL. */
const HOSTILE_PATH = /%|__proto__|constructor|prototype|\0/;

export const malformedUrl = () => new AppError(400, 'MALFORMED_URL', messages.malformedUrl, { field: 'path' });

/**
 * The edge every /api request passes before any route: a path whose escapes do not decode is a 400
 * (never a 500 from deep inside the router), no id or key from the path, the query or a JSON body
 * may be `__proto__`, `constructor` or `prototype`, no text may hold a NUL character, and no body may
 * nest deeper than MAX_JSON_DEPTH. Ids from requests are used to look things up in the site
 * document's maps (which have no prototype, model/document.ts); refusing these names once, here,
 * also keeps them from ever being written as keys.
 */
export const refuseHostileNames: RequestHandler = (req, _res, next) => {
  // A path with no escape and none of the names as text has no segment to refuse (most requests).
  for (const segment of HOSTILE_PATH.test(req.path) ? req.path.split('/') : []) {
    let name: string;
    try {
      name = decodeURIComponent(segment);
    } catch {
      return next(malformedUrl());
    }
    // Page ids travel with `|` for `/` (spec 001 §3), so each part of one is an id of its own.
    if (name.split(/[|/.]/).some(isReservedKey)) return next(invalid('path', messages.reservedName(name)));
    if (name.includes(NUL)) return next(invalid('path', messages.nulCharacter));
  }
  for (const [key, value] of Object.entries(req.query as Record<string, unknown>)) {
    if (isReservedKey(key)) return next(invalid(key, messages.reservedName(key)));
    if (key.includes(NUL)) return next(invalid(key.replace(/\0/g, ''), messages.nulCharacter));
    const problem = jsonProblem(value);
    if (problem) return next(invalid(problem.field ? `${key}.${problem.field}` : key, problem.message));
  }
  refuseHostileBody(req, _res, next);
};
