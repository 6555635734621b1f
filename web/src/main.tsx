// First: the app's first requests go before the router asks for the screen's code (see boot.ts).
import { bootRouter } from './app/boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
// The app's font, Inter, from the app itself (latin; the weights the screens use).
import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '@fontsource/inter/latin-700.css';
import './index.css';
import { router } from './router.tsx';
import { isUserPath } from './app/guard.ts';
import { useStore } from './lib/store/index.ts';

bootRouter(router);

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

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
