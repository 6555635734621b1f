import { distance } from 'fastest-levenshtein';
import operations from '../../generated/operations.json' with { type: 'json' };
import { CliError } from '../../lib/errors.js';

/**
 * The operations of openapi.yaml as `pagewright api` checks them (cli/src/generated/operations.json,
 * written by `npm run gen` from the contract): a path and a method are matched against them before
 * anything is sent, and an unknown path gets the nearest ones as a did-you-mean.
 */
export interface Operation {
  method: string;
  path: string;
  id: string;
  summary: string;
  query: { name: string; type: string; max?: number }[];
  /** The request body: `json`, `multipart`, another media type, or null for none. */
  body: string | null;
  /** Set when the operation pages by `offset` and `limit`: the largest `limit`. */
  pageSize?: number;
}

export const OPERATIONS: readonly Operation[] = operations;

export const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

const isParam = (segment: string) => /^\{[^}]+\}$/.test(segment);
const segmentsOf = (route: string) => route.split('/').filter(Boolean);

/** The operation a concrete path and method call, with the path's segments; the most literal match wins. */
export function findOperation(method: string, route: string): Operation {
  const segments = segmentsOf(route);
  const matches = OPERATIONS.filter((op) => {
    const template = segmentsOf(op.path);
    return template.length === segments.length && template.every((t, i) => isParam(t) || t === segments[i]);
  });
  const literal = (op: Operation) => segmentsOf(op.path).filter((s) => !isParam(s)).length;
  const withMethod = matches.filter((op) => op.method === method).sort((a, b) => literal(b) - literal(a));
  if (withMethod[0]) return withMethod[0];
  if (matches.length > 0) {
    const paths = [...new Set(matches.map((op) => op.path))];
    throw new CliError(
      `${method} is not an operation of ${paths.join(' or ')}`,
      undefined,
      `It has: ${matches.map((op) => `${op.method} ${op.path}`).join(', ')}`,
    );
  }
  const nearest = suggestions(route);
  throw new CliError(
    `no operation of the API has the path ${route}`,
    undefined,
    nearest.length ? `Did you mean ${nearest.map((op) => `${op.method} ${op.path}`).join(', or ')}?` : 'See pagewright api --operations',
  );
}

/**
 * The operations whose path is nearest the one typed: each template is compared with the typed
 * path's own values in its placeholders, so `/sitez/shop.example.com/versions` is one letter from
 * `/sites/{siteId}/versions` (plus one for the placeholder). The nearest paths (up to three), each
 * with its methods.
 */
export function suggestions(route: string): Operation[] {
  const typed = segmentsOf(route);
  const scored = [...new Set(OPERATIONS.map((op) => op.path))].map((template) => {
    const segments = segmentsOf(template);
    const filled = segments.map((s, i) => (isParam(s) && typed[i] !== undefined ? typed[i] : s));
    // A placeholder takes any value, so each costs one: a template of placeholders is no near match.
    const placeholders = segments.filter(isParam).length;
    return { template, score: distance(`/${typed.join('/')}`, `/${filled.join('/')}`) + placeholders };
  });
  scored.sort((a, b) => a.score - b.score);
  const best = scored[0]?.score ?? Infinity;
  // Near enough to be a typo: a few letters, or a fifth of the path.
  const limit = Math.max(3, Math.floor(route.length / 5));
  const near = scored.filter((s) => s.score <= Math.min(limit, best + 1)).slice(0, 3);
  return near.flatMap(({ template }) => OPERATIONS.filter((op) => op.path === template));
}
