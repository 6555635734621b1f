import { basicAuth, createClient, type ApiError } from '@pagewright/sdk';

/** What the client needs from the app; connected once in main.tsx so this module imports no store. */
interface ApiHooks {
  token(): string | null;
  onError(error: ApiError, response: Response): void;
}

let hooks: ApiHooks = { token: () => null, onError: () => undefined };

export function connectApi(next: ApiHooks): void {
  hooks = next;
}

/** The build this bundle was made from; sent as the client version so a stale tab is told to reload. */
const BUILD = __BUILD__;
// The dev server's bundle is not the build the API server serves, so it must not be told to reload:
// an unknown kind is accepted by the server.
const CLIENT_VERSION = import.meta.env.DEV ? `web-dev/${BUILD}` : `web/${BUILD}`;

export const api = createClient({
  baseUrl: window.location.origin,
  token: () => hooks.token(),
  clientVersion: CLIENT_VERSION,
  onError: (error, response) => hooks.onError(error, response),
});

/**
 * The headers the SDK's middleware adds (session, client version), for the one kind of request the
 * SDK cannot make: an upload that reports its progress (XMLHttpRequest, web/src/assets/upload.ts).
 */
export function requestHeaders(): Record<string, string> {
  const token = hooks.token();
  return { 'X-Client-Version': CLIENT_VERSION, ...(token ? { Authorization: basicAuth(token) } : {}) };
}

/** An error answered outside the SDK goes through the same handling (401 signs out, 426 reloads). */
export function reportError(error: ApiError, response: Response): void {
  hooks.onError(error, response);
}
