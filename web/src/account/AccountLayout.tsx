import { Link, NavLink, Outlet } from 'react-router-dom';
import { useStore } from '../lib/store/index.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';

const PAGES: { to: string; label: string; icon: IconName }[] = [
  { to: '/user/profile', label: 'Profile', icon: 'user' },
  { to: '/user/security', label: 'Security', icon: 'shield' },
  { to: '/user/plans', label: 'Plans', icon: 'card' },
];

/** The account pages' frame: back to where the user came from, and the three pages. */
export default function UserLayout() {
  const backPath = useStore((s) => s.backPath);
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10">
      <Link to={backPath} className="mb-6 inline-flex items-center gap-1 text-sm font-medium text-gray-600 hover:text-gray-900">
        <Icon name="chevronLeft" className="size-4" /> Back
      </Link>
      <div className="flex flex-col gap-8 md:flex-row">
        <nav aria-label="Account" className="flex shrink-0 gap-1 overflow-x-auto md:w-52 md:flex-col">
          <h2 className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-gray-600 uppercase md:block">Account</h2>
          {PAGES.map((p) => (
            <NavLink
              key={p.to}
              to={p.to}
              className={({ isActive }) =>
                `flex shrink-0 items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-white text-brand-800 shadow-sm ring-1 ring-gray-900/5' : 'text-gray-700 hover:bg-gray-100'}`
              }
            >
              <Icon name={p.icon} className="size-4" />
              {p.label}
            </NavLink>
          ))}
        </nav>
        <div className="min-w-0 flex-1">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
