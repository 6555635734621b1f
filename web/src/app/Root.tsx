import { Navigate, Outlet, useLocation, useMatches, useRouteError } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../lib/store/index.ts';
import { buttonClass } from '../ui/Button.tsx';
import { FetchOverlay } from '../ui/FetchOverlay.tsx';
import { Spinner } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { Toast } from '../ui/Toast.tsx';
import { guard } from './guard.ts';
import { Popups } from './Popups.tsx';
import { useRealtime } from './realtime.ts';

/** Route metadata: the spec's route name, which the admin rule reads. */
export interface RouteHandle {
  name: string;
}

/** The root of every screen: the splash until the session check (boot.ts) answers, the routing guard, and the shell's layers. */
export function Root() {
  const status = useStore((s) => s.status);
  const { isAdmin, twoFactorPending } = useStore(
    useShallow((s) => ({ isAdmin: s.user?.isAdmin ?? false, twoFactorPending: s.twoFa !== null })),
  );
  const { pathname } = useLocation();
  const matches = useMatches();
  useRealtime();

  if (status === 'checking') return <Splash />;

  const names = matches.map((m) => (m.handle as RouteHandle | undefined)?.name).filter((n): n is string => Boolean(n));
  const target = guard({ path: pathname, names, signedIn: status === 'in', isAdmin, twoFactorPending });

  return (
    <>
      {target ? <Navigate to={target} replace /> : <Outlet />}
      <Popups />
      <FetchOverlay />
      <Toast />
    </>
  );
}

function Splash() {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-4" role="status">
      <Logo />
      <Spinner className="size-5 text-brand-600" />
      <span className="sr-only">Loading Pagewright…</span>
    </div>
  );
}

/** Shown when a screen fails to load or render, e.g. after a deploy removed its code chunk. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <Logo />
      <h1 className="text-xl font-semibold">Something went wrong</h1>
      <p className="max-w-sm text-sm text-gray-600">This screen could not be shown. Reloading usually fixes it.</p>
      <div className="flex gap-3">
        <button type="button" className={buttonClass('primary')} onClick={() => window.location.reload()}>
          Reload
        </button>
        <a href="/" className={buttonClass('secondary')}>
          Go home
        </a>
      </div>
    </main>
  );
}
