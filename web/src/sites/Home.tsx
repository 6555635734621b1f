import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { BrokenSiteCard, SiteCard, SiteCardSkeleton } from './SiteCard.tsx';
import { prefetchWhenIdle } from '../lib/prefetch.ts';
import { useStore } from '../lib/store/index.ts';
import { buttonClass } from '../ui/Button.tsx';
import { useDocumentTitle } from '../ui/document.ts';
import { Icon } from '../ui/Icon.tsx';
import { EmptyState, Page, PageHeader } from '../ui/Layout.tsx';

/** Spec 000 §9: home shows at most 6 sites. */
export const HOME_SITES = 6;

/** Home, the Active view: the 6 most recently changed sites as preview cards. */
export default function Home() {
  useDocumentTitle('Home');
  // useShallow compares the sliced list item by item, so an unrelated store change does not re-render.
  const sites = useStore(useShallow((s) => s.sites.slice(0, HOME_SITES)));
  const total = useStore((s) => s.sites.length);
  const loaded = useStore((s) => s.sitesLoaded);
  const loadSites = useStore((s) => s.loadSites);
  const firstName = useStore((s) => s.user?.name.split(' ')[0] ?? '');
  // A brand-new account owns no site and sees none yet: it is welcomed, not welcomed back.
  const isNew = useStore((s) => s.user?.sites === 0) && total === 0;

  useEffect(() => {
    void loadSites();
  }, [loadSites]);
  // Opening one of these sites is what one does from here: the editor's code is asked for once the tab
  // is idle, so its first open (a click, a tap, or a bookmark later) does not wait for its chunks.
  const hasSites = loaded && sites.length > 0;
  useEffect(() => (hasSites ? prefetchWhenIdle('editor') : undefined), [hasSites]);

  return (
    <Page>
      <PageHeader
        title={firstName ? `${isNew ? 'Welcome' : 'Welcome back'}, ${firstName}` : 'Your sites'}
        description="Your most recently edited sites."
        actions={
          <>
            <Link to="/join" className={buttonClass('secondary')}>
              Join a site
            </Link>
            <Link to="/create" className={buttonClass('primary')}>
              <Icon name="plus" className="size-4" />
              New site
            </Link>
          </>
        }
      />
      <h2 className="sr-only">Active sites</h2>
      {!loaded ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: 3 }, (_, i) => (
            <SiteCardSkeleton key={i} />
          ))}
        </div>
      ) : sites.length === 0 ? (
        <EmptyState
          icon="layout"
          title="No sites yet"
          text="Pick a template to create your first site, or join a team's site with a code."
          action={
            <Link to="/create" className={buttonClass('primary')}>
              Browse templates
            </Link>
          }
        />
      ) : (
        <>
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {sites.map((site) =>
              site.object === 'broken' ? <BrokenSiteCard key={site.id} site={site} /> : <SiteCard key={site.id} site={site} />,
            )}
          </div>
          {total > HOME_SITES && (
            <p className="mt-8 text-center text-sm">
              <Link to="/archive" className="font-semibold text-brand-700 hover:underline">
                See all {total} sites in the archive →
              </Link>
            </p>
          )}
        </>
      )}
    </Page>
  );
}
