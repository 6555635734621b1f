import { Link } from 'react-router-dom';
import { timeAgo } from '../lib/format.ts';
import { prefetch } from '../lib/prefetch.ts';
import { useStore } from '../lib/store/index.ts';
import type { SiteSummary } from '../lib/store/sites.ts';
import { Badge } from '../ui/Layout.tsx';
import { Icon } from '../ui/Icon.tsx';
import { Menu } from '../ui/Menu.tsx';
import { SiteThumbnail } from './Thumbnail.tsx';

export const editorPath = (siteId: string) => `/sites/${encodeURIComponent(siteId)}/pages`;

/** The editor's code asked for as a person comes to open a site (lib/prefetch.ts). */
const openingEditor = () => prefetch('editor');

export function SiteCard({ site }: { site: SiteSummary }) {
  const userId = useStore((s) => s.user?.id);
  const openPopup = useStore((s) => s.openPopup);
  const shared = site.ownerId !== userId;
  return (
    <article
      className="group relative flex flex-col rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5 transition-shadow hover:shadow-md"
      data-testid="site-card"
    >
      <SiteThumbnail site={site} className="aspect-[16/10] rounded-t-2xl border-b border-gray-900/5" />
      <div className="flex items-start gap-3 p-4">
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-semibold text-gray-900">
            <Link
              to={editorPath(site.id)}
              className="after:absolute after:inset-0 after:rounded-2xl focus:outline-none"
              onPointerEnter={openingEditor}
              onFocus={openingEditor}
            >
              {site.name}
            </Link>
          </h3>
          <p className="mt-0.5 truncate text-sm text-gray-600">{site.id}</p>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-xs text-gray-600">
            <span>Edited {timeAgo(site.modified)}</span>
            {shared && <Badge tone="brand">Shared by {site.ownerName}</Badge>}
          </p>
        </div>
        <div className="relative z-10">
          <Menu
            id={`site:${site.id}`}
            label={`Actions for ${site.name}`}
            buttonClassName="rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
            button={<Icon name="more" className="size-5" />}
            items={[
              { kind: 'link', label: 'Open editor', to: editorPath(site.id), icon: 'layout' },
              { kind: 'action', label: 'Send feedback', icon: 'message', onSelect: () => openPopup({ name: 'message', siteId: site.id }) },
            ]}
          />
        </div>
      </div>
    </article>
  );
}

/** A site that cannot be loaded (object === 'broken'): its id, the error, and the way back. */
export function BrokenSiteCard({ site }: { site: SiteSummary }) {
  const rollback = useStore((s) => s.rollback);
  return (
    <article className="flex flex-col rounded-2xl bg-white p-5 shadow-sm ring-1 ring-red-200" data-testid="broken-site-card">
      <div className="flex items-center gap-2 text-red-700">
        <Icon name="alert" className="size-5" />
        <h3 className="text-sm font-semibold">This site could not be loaded</h3>
      </div>
      <p className="mt-3 font-mono text-sm break-all text-gray-900">{site.id}</p>
      <p className="mt-2 flex-1 rounded-lg bg-red-50 px-3 py-2 font-mono text-xs break-words text-red-900">
        {site.error || 'Unknown error'}
      </p>
      <button
        type="button"
        onClick={() => void rollback(site.id)}
        className="mt-4 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-brand-700 hover:underline"
      >
        <Icon name="rotate" className="size-4" />
        Rollback to last milestone
      </button>
    </article>
  );
}

export function SiteCardSkeleton() {
  return (
    <div className="animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-gray-900/5" aria-hidden="true">
      <div className="aspect-[16/10] rounded-t-2xl bg-gray-100" />
      <div className="space-y-2 p-4">
        <div className="h-3.5 w-1/2 rounded bg-gray-100" />
        <div className="h-3 w-1/3 rounded bg-gray-100" />
      </div>
    </div>
  );
}
