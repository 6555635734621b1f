import { useEffect, useMemo, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { formatDateTime, timeAgo } from '../lib/format.ts';
import { editorPath } from './SiteCard.tsx';
import { SiteThumbnail } from './Thumbnail.tsx';
import { useStore } from '../lib/store/index.ts';
import type { SiteSummary } from '../lib/store/sites.ts';
import { buttonClass } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Badge, EmptyState } from '../ui/Layout.tsx';
import { DeletedSites } from './DeletedSites.tsx';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';
import { SearchBox, Table } from '../ui/Table.tsx';

type View = 'all' | 'my' | 'shared';

const VIEWS: { view: View; path: string; label: string; icon: IconName; empty: string }[] = [
  {
    view: 'all',
    path: '/archive',
    label: 'All sites',
    icon: 'archive',
    empty: 'You have no sites yet. Create one from a template or join one with a code.',
  },
  { view: 'my', path: '/archive/my', label: 'My sites', icon: 'user', empty: 'You do not own any sites yet.' },
  {
    view: 'shared',
    path: '/archive/shared',
    label: 'Shared with me',
    icon: 'users',
    empty: 'Nobody has shared a site with you yet. Ask an owner for a join code.',
  },
];

/** Spec 000 §6: My sites are the ones you own, Shared with me the ones you collaborate on. */
export function inView(site: SiteSummary, view: View, userId: number | undefined): boolean {
  if (view === 'my') return site.ownerId === userId;
  if (view === 'shared') return site.ownerId !== userId;
  return true;
}

export function matches(site: SiteSummary, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || [site.name, site.id, site.ownerName].some((text) => text.toLowerCase().includes(q));
}

export default function Archive() {
  const { pathname } = useLocation();
  const current = VIEWS.find((v) => v.path === pathname) ?? VIEWS[0]!;
  useDocumentTitle(current.label);
  const sites = useStore((s) => s.sites);
  const loaded = useStore((s) => s.sitesLoaded);
  const userId = useStore((s) => s.user?.id);
  const loadSites = useStore((s) => s.loadSites);
  const [query, setQuery] = useState('');

  useEffect(() => {
    void loadSites();
  }, [loadSites]);

  const counts = useMemo(
    () => Object.fromEntries(VIEWS.map((v) => [v.view, sites.filter((s) => inView(s, v.view, userId)).length])) as Record<View, number>,
    [sites, userId],
  );
  const rows = useMemo(
    () => sites.filter((s) => inView(s, current.view, userId) && matches(s, query)),
    [sites, current.view, userId, query],
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col md:min-h-[calc(100vh-var(--spacing-header))] md:flex-row">
      <ResizableSidebar name="archive" label="Archive views" className="border-b border-gray-200 md:border-b-0">
        <nav aria-label="Archive views" className="flex gap-1 overflow-x-auto px-4 py-4 md:flex-col md:px-4 md:py-10">
          <h2 className="mb-2 hidden px-3 text-xs font-semibold tracking-wide text-gray-600 uppercase md:block">Archive</h2>
          {VIEWS.map((v) => (
            <NavLink
              key={v.view}
              to={v.path}
              end
              className={({ isActive }) =>
                `flex shrink-0 items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100'}`
              }
            >
              <Icon name={v.icon} className="size-4" />
              <span className="flex-1">{v.label}</span>
              <span className="rounded-full bg-gray-100 px-2 text-xs text-gray-700 tabular-nums">{counts[v.view]}</span>
            </NavLink>
          ))}
        </nav>
      </ResizableSidebar>

      <section className="min-w-0 flex-1 px-4 py-8 sm:px-8 sm:py-10" aria-labelledby="archive-title">
        <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
          <h1 id="archive-title" className="text-2xl font-bold tracking-tight">
            {current.label}
          </h1>
          <SearchBox label="Search sites" placeholder="Search by name, domain or owner" value={query} onChange={setQuery} />
        </div>

        {loaded && rows.length === 0 ? (
          <EmptyState
            icon={query ? 'search' : current.icon}
            title={query ? 'No matching sites' : 'Nothing here yet'}
            text={query ? `No site in ${current.label} matches “${query}”.` : current.empty}
            action={
              query ? undefined : (
                <Link to="/create" className={buttonClass('primary')}>
                  Create a site
                </Link>
              )
            }
          />
        ) : (
          <Table headers={['Name', 'Domain', 'Owner', 'Last modified']}>
            {rows.map((site) => (
              <tr key={site.id} className="hover:bg-gray-50">
                <td className="px-4 py-3">
                  <span className="flex items-center gap-3">
                    <SiteThumbnail site={site} className="aspect-[16/10] w-16 shrink-0 rounded-md ring-1 ring-gray-900/10" />
                    <Link to={editorPath(site.id)} className="font-medium text-gray-900 hover:text-brand-700 hover:underline">
                      {site.name}
                    </Link>
                    {site.object === 'broken' && <Badge tone="red">Broken</Badge>}
                  </span>
                </td>
                <td className="px-4 py-3 text-gray-700">{site.id}</td>
                <td className="px-4 py-3 text-gray-700">{site.ownerId === userId ? 'You' : site.ownerName}</td>
                <td className="px-4 py-3 whitespace-nowrap text-gray-700">
                  <time dateTime={site.modified} title={formatDateTime(site.modified)}>
                    {timeAgo(site.modified)}
                  </time>
                </td>
              </tr>
            ))}
          </Table>
        )}
        {current.view !== 'shared' && <DeletedSites />}
      </section>
    </div>
  );
}
