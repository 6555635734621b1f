import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { loadInstance } from '../lib/store/instance.ts';
import { askFirstReads } from '../site/store/firstReads.ts';
import { api, connectApi } from '../lib/api.ts';
import type { router as appRouter } from '../router.tsx';
import { isSignedOutPath } from './guard.ts';

/**
 * The app's first requests, asked as its code starts and before the router asks for the screen's code:
 * a tab reaches a server over HTTP/1.1's six connections per host, and requests asked after the
 * screen's scripts wait behind them (the editor's first open waited 170 ms for `/config` and then
 * asked the session check only once the screen's code had run). `main.tsx` imports this module first.
 */
let router: Pick<typeof appRouter, 'state' | 'navigate'> | null = null;
let reloading = false;

connectApi({
  token: () => useStore.getState().token,
  onError(error, response) {
    if (error.status === 426) {
      // A new build is served: this tab's code is outdated (spec 000 §8). Ask once, then reload.
      if (reloading) return;
      reloading = true;
      window.alert(messages.clientOutdated);
      window.location.reload();
      return;
    }
    // A wrong one-time code must leave the user on the code step, not sign them out (spec 000 §8).
    if (error.status === 401 && !new URL(response.url).pathname.endsWith('/auth/login/2fa')) {
      const store = useStore.getState();
      if (store.status === 'in') void store.logout();
      const path = router?.state.location.pathname ?? window.location.pathname;
      if (!isSignedOutPath(path)) void router?.navigate('/auth/login', { replace: true });
    }
  },
});

// What the server has configured: the screens show a service's controls only when it is there.
void loadInstance();
// The stored session, checked once per page load (the root shows its splash until it is answered).
void useStore.getState().validate();
// A site's screens need the sites list (the site's summary), and a page's screen the editor's two reads:
// with a session they are asked beside the check.
if (useStore.getState().token && /^\/sites\/[^/]+/.test(window.location.pathname)) {
  void useStore.getState().loadSites();
  askFirstReads(api, window.location.pathname);
}

/** The router, once it exists, for the answers that send the user to the sign-in. */
export function bootRouter(created: Pick<typeof appRouter, 'state' | 'navigate'>): void {
  router = created;
}
