import { useEffect, useMemo, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { formatDateTime, timeAgo } from '../format.ts';
import { editorPath } from '../sites/SiteCard.tsx';
import { SiteThumbnail } from '../sites/Thumbnail.tsx';
import { useStore } from '../stores/index.ts';
import type { SiteSummary } from '../stores/sites.ts';
import { buttonClass } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Badge, EmptyState } from '../ui/Layout.tsx';
import { DeletedSites } from '../sites/DeletedSites.tsx';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';

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
          <div className="relative w-full sm:w-80">
            <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500" />
            <label htmlFor="archive-search" className="sr-only">
              Search sites
            </label>
            <input
              id="archive-search"
              type="search"
              placeholder="Search by name, domain or owner"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              className="block w-full rounded-lg border-0 bg-white py-2 pr-3 pl-9 text-sm shadow-sm ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus:outline-none"
            />
          </div>
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
          <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-gray-200 bg-gray-50/80 text-xs font-semibold tracking-wide text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    Name
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Domain
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Owner
                  </th>
                  <th scope="col" className="px-4 py-3">
                    Last modified
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
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
              </tbody>
            </table>
          </div>
        )}
        {current.view !== 'shared' && <DeletedSites />}
      </section>
    </div>
  );
}
