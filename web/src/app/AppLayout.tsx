import { NavLink, Outlet, useNavigate } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../lib/store/index.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { Menu } from '../ui/Menu.tsx';
import { PaymentWarning } from './PaymentWarning.tsx';

function NavItem({ to, icon, label, end }: { to: string; icon: IconName; label: string; end?: boolean }) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        `flex items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium transition-colors sm:px-3 ${isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'}`
      }
    >
      <Icon name={icon} className="size-4" />
      <span className="sr-only sm:not-sr-only">{label}</span>
    </NavLink>
  );
}

export function UserMenu() {
  const user = useStore(useShallow((s) => ({ name: s.user?.name ?? '', email: s.user?.email ?? '', image: s.user?.imageUrl ?? null })));
  const logout = useStore((s) => s.logout);
  const navigate = useNavigate();
  return (
    <Menu
      id="user"
      // The name the button shows comes first in its accessible name (axe label-content-name-mismatch).
      label={user.name ? `${user.name}, Account menu` : 'Account menu'}
      buttonClassName="flex items-center gap-2 rounded-full p-0.5 pr-2 text-sm font-medium text-gray-700 hover:bg-gray-100"
      button={
        <>
          <Avatar name={user.name} image={user.image} />
          <span className="hidden max-w-32 truncate lg:inline">{user.name}</span>
          <Icon name="chevronDown" className="size-4 text-gray-500" />
        </>
      }
      items={[
        {
          kind: 'heading',
          label: (
            <>
              <span className="block font-semibold text-gray-900">{user.name}</span>
              <span className="block truncate text-gray-600">{user.email}</span>
            </>
          ),
        },
        { kind: 'separator' },
        { kind: 'link', label: 'Profile', to: '/user/profile', icon: 'user' },
        { kind: 'link', label: 'Security', to: '/user/security', icon: 'shield' },
        { kind: 'link', label: 'Plans', to: '/user/plans', icon: 'card' },
        { kind: 'separator' },
        {
          kind: 'action',
          label: 'Sign out',
          icon: 'logout',
          onSelect: () => void logout({ remote: true }).then(() => navigate('/auth/login')),
        },
      ]}
    />
  );
}

/** The signed-in platform pages: header with navigation, the payment warning, and the screen. */
export function AppLayout() {
  const isAdmin = useStore((s) => s.user?.isAdmin ?? false);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-20 border-b border-gray-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-header max-w-7xl items-center gap-2 px-4 sm:gap-6 sm:px-6">
          <NavLink to="/" className="rounded-md" aria-label="Pagewright home">
            <Logo compact />
          </NavLink>
          <nav aria-label="Main" className="flex flex-1 items-center gap-1">
            <NavItem to="/" icon="home" label="Home" end />
            <NavItem to="/archive" icon="archive" label="Archive" />
            <NavItem to="/create" icon="plus" label="Create" />
            <NavItem to="/join" icon="link" label="Join" />
            {isAdmin && <NavItem to="/admin" icon="chart" label="Admin" />}
          </nav>
          <UserMenu />
        </div>
      </header>
      <PaymentWarning />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
    </div>
  );
}
