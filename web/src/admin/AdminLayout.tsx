import { NavLink, Outlet } from 'react-router-dom';
import { Page } from '../ui/Layout.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';

const TABS: { to: string; label: string; icon: IconName }[] = [
  { to: '/admin/users', label: 'Users', icon: 'users' },
  { to: '/admin/sites', label: 'Sites', icon: 'globe' },
  { to: '/admin/activity', label: 'Activity', icon: 'chart' },
];

/** The admin area's frame (admin users only: the guard sends everyone else home). */
export default function AdminLayout() {
  return (
    <Page>
      <div className="mb-8">
        <p className="text-sm font-semibold text-brand-700">Admin</p>
        <nav aria-label="Admin" className="mt-3 flex gap-1 border-b border-gray-200">
          {TABS.map((t) => (
            <NavLink
              key={t.to}
              to={t.to}
              className={({ isActive }) =>
                `-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium ${isActive ? 'border-brand-600 text-brand-800' : 'border-transparent text-gray-600 hover:border-gray-300 hover:text-gray-900'}`
              }
            >
              <Icon name={t.icon} className="size-4" />
              {t.label}
            </NavLink>
          ))}
        </nav>
      </div>
      <Outlet />
    </Page>
  );
}
