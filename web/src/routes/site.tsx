import { useEffect, useSyncExternalStore } from 'react';
import { Link, Outlet, useParams } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { messages } from '../messages.ts';
import { UserMenu } from '../shell/AppLayout.tsx';
import { useStore } from '../stores/index.ts';
import { Avatar } from '../ui/Avatar.tsx';
import { buttonClass } from '../ui/Button.tsx';
import { useDocumentTitle, useFavicon } from '../ui/document.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { Menu } from '../ui/Menu.tsx';

/** The editor needs room for its sidebars and the preview; below this width it asks for a bigger screen. */
const LARGE_SCREEN = '(min-width: 1024px)';
const COMING = 'Coming with the visual editor';

function useLargeScreen(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const query = window.matchMedia(LARGE_SCREEN);
      query.addEventListener('change', notify);
      return () => query.removeEventListener('change', notify);
    },
    () => window.matchMedia(LARGE_SCREEN).matches,
  );
}

/** A header control whose API does not exist yet: visible, clearly disabled, and saying why. */
function Pending({ icon, label, text, primary = false }: { icon: IconName; label: string; text?: string; primary?: boolean }) {
  return (
    <button
      type="button"
      disabled
      aria-label={`${label} (${COMING.toLowerCase()})`}
      title={`${label}: ${COMING.toLowerCase()}`}
      className={buttonClass(primary ? 'primary' : 'ghost', 'sm', text ? '' : 'w-8 px-0')}
    >
      <Icon name={icon} className="size-4" />
      {text}
      {text && <Icon name="chevronDown" className="size-3.5" />}
    </button>
  );
}

function SmallScreen() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-5 px-6 text-center">
      <div className="flex size-14 items-center justify-center rounded-2xl bg-brand-50 text-brand-600">
        <Icon name="monitor" className="size-7" />
      </div>
      <h1 className="text-xl font-semibold">Continue on a bigger screen</h1>
      <p className="max-w-sm text-sm text-gray-600">{messages.smallScreen}</p>
      <Link to="/" className={buttonClass('secondary')}>
        Back to your sites
      </Link>
    </main>
  );
}

function Collaborators({ siteId }: { siteId: string }) {
  const members = useStore(useShallow((s) => s.collaborators[siteId] ?? []));
  const load = useStore((s) => s.loadCollaborators);
  useEffect(() => {
    void load(siteId);
  }, [load, siteId]);
  const count = members.filter((m) => m.role === 'collaborator').length;
  const label = `${count} ${count === 1 ? 'collaborator' : 'collaborators'}`;
  return (
    <div className="flex items-center gap-2 px-1" title={label} data-testid="collaborator-count">
      <div className="flex -space-x-2">
        {members.slice(0, 3).map((m) => (
          <span key={m.userId} className="rounded-full ring-2 ring-white">
            <Avatar name={m.name} image={m.image} size="sm" />
          </span>
        ))}
      </div>
      <span className="text-sm font-medium text-gray-700 tabular-nums">
        <Icon name="users" className="mr-1 inline size-4 align-[-3px] text-gray-500" />
        {count}
        <span className="sr-only"> {count === 1 ? 'collaborator' : 'collaborators'}</span>
      </span>
    </div>
  );
}

/**
 * The layout every screen of a site shares (spec 001 §2 "Editor layout"): the header above and the
 * bottom toolbar below; the screen of the route (pages, cms, assets, localization, settings) between
 * them, given the site summary through the outlet context.
 */
export default function SiteLayout() {
  const { siteId = '' } = useParams();
  const large = useLargeScreen();
  const site = useStore((s) => s.sites.find((x) => x.id === siteId));
  const loaded = useStore((s) => s.sitesLoaded);
  const loadSites = useStore((s) => s.loadSites);
  const isAdmin = useStore((s) => s.user?.isAdmin ?? false);
  const freePlan = useStore((s) => s.user?.subscription.planId === 1);
  const openPopup = useStore((s) => s.openPopup);
  useDocumentTitle(site ? site.name : 'Editor');
  // The site settings' favicon arrives with the settings API; until then the default applies.
  useFavicon(null);

  useEffect(() => {
    if (!loaded) void loadSites();
  }, [loaded, loadSites]);

  if (!large) return <SmallScreen />;
  if (!loaded) return null;
  if (!site)
    return (
      <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
        <h1 className="text-xl font-semibold">Site not found</h1>
        <p className="text-sm text-gray-600">It does not exist, or you are not one of its collaborators.</p>
        <Link to="/" className={buttonClass('secondary')}>
          Back to your sites
        </Link>
      </main>
    );

  return (
    <div className="flex h-screen flex-col bg-gray-100">
      <header className="flex h-header shrink-0 items-center gap-3 border-b border-gray-200 bg-white px-3">
        <Link to="/" className="rounded-md p-1" aria-label="Back to your sites">
          <Logo compact />
        </Link>
        <div className="min-w-0 border-l border-gray-200 pl-3">
          <p className="truncate text-sm font-semibold text-gray-900">{site.name}</p>
          <p className="truncate text-xs text-gray-600">{site.id}</p>
        </div>
        <div className="ml-4 flex items-center gap-0.5" role="group" aria-label="History">
          <Pending icon="undo" label="Undo" />
          <Pending icon="redo" label="Redo" />
          <Pending icon="history" label="Versions" text="Versions" />
        </div>
        <div className="ml-auto flex items-center gap-2">
          <Collaborators siteId={site.id} />
          <Pending icon="eye" label="Preview" text="Preview" />
          <Pending icon="rocket" label="Publish" text="Publish" primary />
          {isAdmin && (
            <Menu
              id="editor-admin"
              label="Admin menu"
              buttonClassName={buttonClass('ghost', 'sm')}
              button={
                <>
                  Admin <Icon name="chevronDown" className="size-3.5" />
                </>
              }
              items={[
                { kind: 'link', label: 'Users', to: '/admin/users', icon: 'users' },
                { kind: 'link', label: 'Sites', to: '/admin/sites', icon: 'globe' },
                { kind: 'link', label: 'Activity', to: '/admin/activity', icon: 'chart' },
              ]}
            />
          )}
          <UserMenu />
        </div>
      </header>

      <div className="flex min-h-0 flex-1">
        <Outlet context={site} />
      </div>

      <footer className="flex h-11 shrink-0 items-center justify-between border-t border-gray-200 bg-white px-3">
        <button type="button" onClick={() => openPopup({ name: 'message', siteId: site.id })} className={buttonClass('ghost', 'sm')}>
          <Icon name="message" className="size-4" />
          Request a feature or report a bug
        </button>
        {freePlan && (
          <Link to="/user/plans" className={buttonClass('secondary', 'sm')}>
            <Icon name="sparkles" className="size-4" />
            Upgrade
          </Link>
        )}
      </footer>
    </div>
  );
}
