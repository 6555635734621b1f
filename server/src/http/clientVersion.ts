import type { RequestHandler } from 'express';
import { AppError } from '../core/errors.js';
import { messages } from '../core/messages.js';

function semverBelow(version: string, minimum: string): boolean {
  const parse = (v: string) =>
    v
      .split(/[.+-]/)
      .slice(0, 3)
      .map((n) => Number.parseInt(n, 10) || 0);
  const a = parse(version);
  const b = parse(minimum);
  for (let i = 0; i < 3; i++) {
    if (a[i]! !== b[i]!) return a[i]! < b[i]!;
  }
  return false;
}

/**
 * 426 for outdated clients. A browser tab runs one web build (`web/<hash>`); once the server serves
 * another, that tab must reload, so any other hash is outdated. Scripts (`sdk/<semver>`,
 * `cli/<semver>`) are outdated only below MIN_CLIENT_VERSION, so a new web build never locks them
 * out. No header, or an unknown kind, is accepted.
 */
export function clientVersion(currentWebBuild: () => string | null, minClientVersion: string): RequestHandler {
  return (req, _res, next) => {
    const header = req.get('X-Client-Version');
    if (!header) return next();
    const [kind, version = ''] = header.split('/', 2);
    const webBuild = currentWebBuild();
    const outdated =
      (kind === 'web' && webBuild !== null && version !== webBuild) ||
      ((kind === 'sdk' || kind === 'cli') && semverBelow(version, minClientVersion));
    if (outdated) {
      return next(new AppError(426, 'CLIENT_OUTDATED', messages.clientOutdated, { webBuild, minClientVersion }));
    }
    next();
  };
}
