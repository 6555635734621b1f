import type { Schemas } from '@pagewright/sdk';
import { useEffect, useSyncExternalStore } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Link, NavLink, Outlet, useMatch, useParams } from 'react-router-dom';
import { HistoryButtons } from '../site/header/HistoryButtons.tsx';
import { Presence } from '../site/header/Presence.tsx';
import { PreviewButton } from '../site/header/PreviewButton.tsx';
import { PublishMenu } from '../site/header/PublishMenu.tsx';
import { ReplacedNotice } from '../editor/replaced/ReplacedNotice.tsx';
import { SaveStatus } from '../site/header/SaveStatus.tsx';
import { VersionMenu } from '../site/header/VersionMenu.tsx';
import { EditorPopups } from '../editor/popups/EditorPopups.tsx';
import { useEditorKeys } from '../site/session/useEditorKeys.ts';
import { useEditorSession } from '../site/session/useEditorSession.ts';
import { EditorProvider, useEditor } from '../site/store/context.tsx';
import { pageFromPath } from '../site/store/document.ts';
import { Breakpoints } from '../site/toolbar/Breakpoints.tsx';
import { EditorToolbar } from '../site/toolbar/EditorToolbar.tsx';
import { messages } from '../lib/messages.ts';
import { UserMenu } from './AppLayout.tsx';
import { PaymentWarning } from './PaymentWarning.tsx';
import { useSiteTab } from './siteTab.ts';
import { useStore } from '../lib/store/index.ts';
import { buttonClass } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Logo } from '../ui/Logo.tsx';
import { Menu } from '../ui/Menu.tsx';

/** The editor needs room for its sidebars and the preview; below this width it asks for a bigger screen. */
const LARGE_SCREEN = '(min-width: 1024px)';
/** Where the bottom toolbar's chat link leads (spec 001 §2). */
const CHAT_URL = 'https://github.com/pagewright/pagewright/discussions';

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

function SmallScreen({ name }: { name: string | undefined }) {
  useDocumentTitle(name ?? 'Editor');
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
  // The footer's Upgrade: on the free plan of a server that takes payment (issue 28: none without).
  const freePlan = useStore((s) => s.user?.billing === true && s.user.subscription.planId === 1);

  useEffect(() => {
    if (!loaded) void loadSites();
  }, [loaded, loadSites]);

  if (!large) return <SmallScreen name={site?.name} />;
  if (!loaded) return null;
  if (!site) return <SiteNotFound />;

  return <SiteWorkspace key={site.id} site={site} isAdmin={isAdmin} freePlan={freePlan} />;
}

function SiteNotFound() {
  useDocumentTitle('Site not found');
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-semibold">Site not found</h1>
      <p className="text-sm text-gray-600">It does not exist, or you are not one of its collaborators.</p>
      <Link to="/" className={buttonClass('secondary')}>
        Back to your sites
      </Link>
    </main>
  );
}

/** The browser tab while a site's screen is open: the site's name and favicon (inside its editor session). */
function SiteTab({ site }: { site: Schemas['SiteSummary'] }) {
  useSiteTab(site.id, site.name);
  return null;
}

/** The header, the screen of the route and the bottom toolbar, inside the open site's editor session. */
function SiteWorkspace({ site, isAdmin, freePlan }: { site: Schemas['SiteSummary']; isAdmin: boolean; freePlan: boolean }) {
  const pageMatch = useMatch('/sites/:siteId/pages/*');
  // The screens that show the canvas: the pages and the design screens.
  const designMatch = [
    useMatch('/sites/:siteId/design-theme'),
    useMatch('/sites/:siteId/design-settings'),
    useMatch('/sites/:siteId/design-styles/*'),
  ];
  const canvasScreen = pageMatch !== null || designMatch.some((m) => m !== null);
  const ctx = useEditorSession(site.id, pageMatch ? pageFromPath(pageMatch.params['*']) : undefined);
  const openPopup = useStore((s) => s.openPopup);
  useEditorKeys(ctx);

  return (
    <EditorProvider value={ctx}>
      <SiteTab site={site} />
      <div className="flex h-screen flex-col bg-gray-100 text-[13px]">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-gray-200 bg-white px-2">
          <Link to="/" className="rounded-md p-1" aria-label="Back to your sites">
            <Logo compact />
          </Link>
          <SiteNav siteId={site.id} />
          <div className="ml-1 min-w-0 border-l border-gray-200 pl-3">
            <p className="truncate text-[13px] leading-tight font-semibold text-gray-900">{site.name}</p>
            <p className="truncate text-[11px] leading-tight text-gray-500">{site.id}</p>
          </div>
          <div className="ml-3 flex items-center gap-1">
            <HistoryButtons />
            <VersionMenu />
            <SaveStatus />
          </div>
          {canvasScreen && (
            <div className="mx-auto">
              <Breakpoints />
            </div>
          )}
          <div className={`${canvasScreen ? '' : 'ml-auto '}flex items-center gap-2`}>
            <ReadOnlyBadge />
            <Collaborators siteId={site.id} />
            <Presence />
            <PreviewButton />
            <PublishMenu />
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
        {/* Spec 000 §4: an unpaid or past-due subscription is said on every screen, a site's too. */}
        <PaymentWarning />

        <div className="flex min-h-0 flex-1">
          <Outlet context={site} />
        </div>
        {/* On every screen of the site: the header's Save version opens its popup here too. */}
        <EditorPopups />

        <footer className="flex h-9 shrink-0 items-center gap-2 border-t border-gray-200 bg-white px-2">
          {canvasScreen && <EditorToolbar />}
          <div className="ml-auto flex min-w-0 items-center gap-1">
            <ReplacedNotice />
            <EditorNotice />
            <button
              type="button"
              onClick={() => openPopup({ name: 'message', siteId: site.id })}
              className="flex h-7 items-center gap-1.5 rounded-md px-2 text-[12px] text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            >
              <Icon name="message" className="size-4" />
              Request a feature or report a bug
            </button>
            <a
              href={CHAT_URL}
              target="_blank"
              rel="noreferrer"
              className="flex h-7 items-center gap-1.5 rounded-md px-2 text-[12px] text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            >
              Chat
            </a>
            {freePlan && (
              <Link to="/user/plans" className={buttonClass('secondary', 'sm')}>
                <Icon name="sparkles" className="size-4" />
                Upgrade
              </Link>
            )}
          </div>
        </footer>
      </div>
    </EditorProvider>
  );
}

/** The site's collaborators (spec 000: a failed load alerts), beside who is here now. */
function Collaborators({ siteId }: { siteId: string }) {
  const members = useStore(useShallow((s) => s.collaborators[siteId] ?? []));
  const load = useStore((s) => s.loadCollaborators);
  useEffect(() => {
    void load(siteId);
  }, [load, siteId]);
  const count = members.filter((m) => m.role === 'collaborator').length;
  const label = `${count} ${count === 1 ? 'collaborator' : 'collaborators'}`;
  return (
    <Link
      to={`/sites/${encodeURIComponent(siteId)}/settings/collaborators`}
      className="flex h-7 items-center gap-1 rounded-md px-1.5 text-[13px] font-medium whitespace-nowrap text-gray-700 tabular-nums hover:bg-gray-100"
      title={`${label}: ${members.map((m) => m.name).join(', ')}`}
      data-testid="collaborator-count"
    >
      <Icon name="users" className="size-4 text-gray-500" />
      {count}
      <span className="sr-only"> {count === 1 ? 'collaborator' : 'collaborators'}</span>
    </Link>
  );
}

/** The site's screens: the editor, content, assets, localization and settings. */
function SiteNav({ siteId }: { siteId: string }) {
  const base = `/sites/${encodeURIComponent(siteId)}`;
  const tabs: Array<{ to: string; label: string; icon: IconName }> = [
    { to: `${base}/pages`, label: 'Pages', icon: 'layout' },
    { to: `${base}/design-theme`, label: 'Design', icon: 'sparkles' },
    { to: `${base}/cms`, label: 'CMS', icon: 'database' },
    { to: `${base}/assets`, label: 'Assets', icon: 'image' },
    { to: `${base}/settings`, label: 'Settings', icon: 'gear' },
  ];
  // Localization is the CMS screen's other half (its toggle), so the CMS entry stays lit there.
  const localization = useMatch('/sites/:siteId/localization/*') !== null;
  return (
    <nav aria-label="Site" className="flex items-center gap-0.5">
      {tabs.map((t) => {
        // NavLink sets aria-current only on its own route, so the lit CMS entry is a Link saying it.
        const Entry = localization && t.label === 'CMS' ? Link : NavLink;
        return (
          <Entry
            key={t.to}
            to={t.to}
            title={t.label}
            aria-label={t.label}
            {...(Entry === Link ? { 'aria-current': 'page' as const } : {})}
            className="flex size-8 items-center justify-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-900 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-700"
          >
            <Icon name={t.icon} className="size-4" />
          </Entry>
        );
      })}
    </nav>
  );
}

/** A locked collaborator may look but not change anything; the header says so. */
function ReadOnlyBadge() {
  const readOnly = useEditor((s) => s.readOnly && s.site !== null);
  if (!readOnly) return null;
  return (
    <span
      role="status"
      className="flex items-center gap-1 rounded-md bg-amber-50 px-2 py-1 text-[12px] font-medium text-amber-800 ring-1 ring-amber-200"
    >
      <Icon name="shield" className="size-3.5" />
      Read only: your access to this site is locked
    </span>
  );
}

/** A short confirmation from the editor ('Checkpoint saved'). */
function EditorNotice() {
  const notice = useEditor((s) => s.notice);
  return (
    <span role="status" aria-live="polite" className="mr-2 text-[12px] font-medium text-green-700">
      {notice && (
        <>
          <Icon name="check" className="mr-1 inline size-3.5 align-[-2px]" />
          {notice}
        </>
      )}
    </span>
  );
}
