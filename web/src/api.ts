import { createClient, type ApiError } from '@pagewright/sdk';

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

export const api = createClient({
  baseUrl: window.location.origin,
  token: () => hooks.token(),
  // The dev server's bundle is not the build the API server serves, so it must not be told to reload:
  // an unknown kind is accepted by the server.
  clientVersion: import.meta.env.DEV ? `web-dev/${BUILD}` : `web/${BUILD}`,
  onError: (error, response) => hooks.onError(error, response),
});
