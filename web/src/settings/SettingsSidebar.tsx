import type { IconifyIcon } from '@iconify/types';
import iconArrows from '@iconify-icons/lucide/arrow-right-left';
import iconClipboard from '@iconify-icons/lucide/clipboard-list';
import iconCode from '@iconify-icons/lucide/code';
import iconFile from '@iconify-icons/lucide/file-text';
import iconGlobe from '@iconify-icons/lucide/globe';
import iconHistory from '@iconify-icons/lucide/history';
import iconHome from '@iconify-icons/lucide/house';
import iconInbox from '@iconify-icons/lucide/inbox';
import iconKey from '@iconify-icons/lucide/key-round';
import iconPackage from '@iconify-icons/lucide/package';
import iconPlug from '@iconify-icons/lucide/plug';
import iconRocket from '@iconify-icons/lucide/rocket';
import iconScale from '@iconify-icons/lucide/scale';
import iconSettings from '@iconify-icons/lucide/settings';
import iconShare from '@iconify-icons/lucide/share-2';
import iconUsers from '@iconify-icons/lucide/users';
import { useMemo } from 'react';
import { NavLink } from 'react-router-dom';
import { Iconify } from '../ui/Iconify.tsx';
import { locText } from '../lib/languages.ts';
import { useSettings } from './store/index.ts';

/** The settings pages of spec 002 §2, in the sidebar's order. */
const SETTINGS_PAGES: { path: string; label: string; icon: IconifyIcon; end?: boolean }[] = [
  { path: 'general', label: 'General', icon: iconSettings },
  { path: 'publish', label: 'Publish', icon: iconRocket },
  { path: 'compile', label: 'Compile', icon: iconPackage },
  // Issue 31, beyond spec 002: where a publish is live.
  { path: 'domains', label: 'Domains', icon: iconGlobe },
  { path: 'integrations', label: 'Integrations', icon: iconPlug },
  { path: 'social', label: 'Social', icon: iconShare },
  { path: 'forms', label: 'Forms', icon: iconClipboard, end: true },
  { path: 'forms/submissions', label: 'Form submissions', icon: iconInbox },
  { path: 'code', label: 'Custom code', icon: iconCode },
  { path: 'redirects', label: 'Redirects', icon: iconArrows },
  { path: 'collaborators', label: 'Collaborators', icon: iconUsers },
  { path: 'versions', label: 'Versions', icon: iconHistory },
  { path: 'api-keys', label: 'API keys', icon: iconKey },
  { path: 'legal', label: 'Legal', icon: iconScale },
];

/** Pages whose settings are not the page kind (header and footer hold sections only). */
const NOT_PAGES = new Set(['_before', '_after']);

const item = (active: boolean) =>
  `flex h-7 items-center gap-2 rounded-md px-2 text-[13px] ${active ? 'bg-white font-medium text-gray-900 shadow-xs ring-1 ring-gray-900/10' : 'text-gray-700 hover:bg-gray-200/60 hover:text-gray-900'}`;

export function SettingsSidebar({ siteId }: { siteId: string }) {
  const base = `/sites/${encodeURIComponent(siteId)}/settings`;
  const site = useSettings((s) => s.site);
  const pages = useMemo(() => {
    const main = site?.settings?.languages[0] ?? 'en';
    return (site?.pages ?? [])
      .filter((p) => !NOT_PAGES.has(p.id))
      .map((p) => ({ id: p.id, name: p.name || locText(p.title, main, main) || p.id, unpublished: p.unpublished }));
  }, [site]);
  const loading = useSettings((s) => s.site === null);
  return (
    <nav aria-label="Settings" className="flex h-full flex-col overflow-y-auto px-2 py-4">
      <h2 className="px-2 pb-1.5 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Site settings</h2>
      <ul className="space-y-px">
        {SETTINGS_PAGES.map((p) => (
          <li key={p.path}>
            <NavLink to={`${base}/${p.path}`} end={p.end} className={({ isActive }) => item(isActive)}>
              <Iconify icon={p.icon} className="size-3.5 text-gray-500" />
              {p.label}
            </NavLink>
          </li>
        ))}
      </ul>
      <h2 className="mt-6 px-2 pb-1.5 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Page settings</h2>
      {loading ? (
        <div className="space-y-2 px-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-3 w-3/4 animate-pulse rounded bg-gray-200" />
          ))}
        </div>
      ) : (
        <ul className="space-y-px" aria-label="Pages">
          {pages.map((p) => (
            <li key={p.id}>
              {p.unpublished ? (
                // Unpublished pages are listed but disabled (spec 002 "Settings sidebar").
                <span
                  aria-disabled="true"
                  title="Unpublished pages have no settings here"
                  className={`${item(false)} cursor-not-allowed opacity-60 hover:bg-transparent`}
                >
                  <Iconify icon={iconFile} className="size-3.5 text-gray-500" />
                  <span className="truncate">{p.name}</span>
                  <span className="ml-auto text-[11px] text-gray-600">Unpublished</span>
                </span>
              ) : (
                <NavLink
                  to={`${base}/page/${p.id.split('/').map(encodeURIComponent).join('/')}`}
                  className={({ isActive }) => item(isActive)}
                >
                  <Iconify icon={p.id === 'home' ? iconHome : iconFile} className="size-3.5 text-gray-500" />
                  <span className="truncate">{p.name}</span>
                </NavLink>
              )}
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
