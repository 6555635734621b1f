import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { connectApi } from './lib/api.ts';
// The app's font, Inter, from the app itself (latin; the weights the screens use).
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import './index.css';
import { messages } from './lib/messages.ts';
import { router } from './router.tsx';
import { isSignedOutPath, isUserPath } from './app/guard.ts';
import { useStore } from './lib/store/index.ts';
import { loadInstance } from './lib/store/instance.ts';

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
      if (!isSignedOutPath(router.state.location.pathname)) void router.navigate('/auth/login', { replace: true });
    }
  },
});

// Before each navigation open popups close (spec 000 §2), and leaving a page that is not a user
// page remembers it as where the user pages' "Back" leads.
let previous = router.state.location;
router.subscribe((state) => {
  const next = state.navigation.location ?? state.location;
  if (next.pathname === previous.pathname) return;
  if (useStore.getState().popup) useStore.getState().closePopup();
  if (state.navigation.state === 'idle') {
    if (!isUserPath(previous.pathname) && !previous.pathname.startsWith('/auth'))
      useStore.getState().setBackPath(previous.pathname + previous.search);
    previous = state.location;
  }
});

// What the server has configured, asked once at start: the screens show a service's controls only when it is there.
void loadInstance();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
