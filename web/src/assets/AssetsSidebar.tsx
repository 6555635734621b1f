import type { IconifyIcon } from '@iconify/types';
import iconCamera from '@iconify-icons/lucide/camera';
import iconFile from '@iconify-icons/lucide/file';
import iconFileCode from '@iconify-icons/lucide/file-code';
import iconImage from '@iconify-icons/lucide/image';
import iconImages from '@iconify-icons/lucide/images';
import iconTag from '@iconify-icons/lucide/tag';
import iconUnlink from '@iconify-icons/lucide/unlink';
import iconVideo from '@iconify-icons/lucide/video';
import { NavLink } from 'react-router-dom';
import { Iconify } from '../ui/Iconify.tsx';
import { useInstance } from '../lib/store/instance.ts';
import { ASSET_TYPES, filterFiles, formatBytes, tagsOf, type AssetType, type SiteFile, type Storage } from './files.ts';

const ICONS: Record<AssetType, IconifyIcon> = {
  images: iconImage,
  svgs: iconFileCode,
  videos: iconVideo,
  files: iconFile,
  unused: iconUnlink,
  unsplash: iconCamera,
};

const item = (active: boolean) =>
  `flex h-7 items-center gap-2 rounded-md px-2 text-[13px] ${active ? 'bg-white font-medium text-gray-900 shadow-xs ring-1 ring-gray-900/10' : 'text-gray-700 hover:bg-gray-200/60 hover:text-gray-900'}`;

/**
 * The asset library's sidebar (spec 002 §2): all assets, the types, 'Not used', 'Unsplash', the files'
 * tags (one shows only its files; again, all), and the storage bar.
 */
export function AssetsSidebar({
  base,
  files,
  storage,
  tag,
  onTag,
}: {
  base: string;
  files: SiteFile[] | null;
  storage: Storage | null;
  tag: string | null;
  onTag(tag: string | null): void;
}) {
  const tags = files ? tagsOf(files) : [];
  // Unsplash only when the server has stock photos configured (issue 28).
  const stockPhotos = useInstance()?.stockPhotos === true;
  const count = (type: AssetType | null) => (files ? filterFiles(files, type, '').length : null);
  const link = (type: AssetType | null, label: string, icon: IconifyIcon) => {
    const n = type === 'unsplash' ? null : count(type);
    return (
      <li key={type ?? 'all'}>
        <NavLink to={type ? `${base}/${type}` : base} end={type === null} className={({ isActive }) => item(isActive)}>
          <Iconify icon={icon} className="size-3.5 text-gray-500" />
          <span className="truncate">{label}</span>
          {n !== null && <span className="ml-auto text-[11px] text-gray-600 tabular-nums">{n}</span>}
        </NavLink>
      </li>
    );
  };
  const kinds = ASSET_TYPES.filter((t) => t.type !== 'unused' && t.type !== 'unsplash');
  return (
    <nav aria-label="Assets" className="flex h-full flex-col px-2 py-4">
      <div className="min-h-0 flex-1 overflow-y-auto">
        <h2 className="px-2 pb-1.5 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Assets</h2>
        <ul className="space-y-px">
          {link(null, 'All assets', iconImages)}
          {kinds.map((t) => link(t.type, t.label, ICONS[t.type]))}
        </ul>
        <ul className="mt-4 space-y-px border-t border-gray-200 pt-4">
          {link('unused', 'Not used', ICONS.unused)}
          {stockPhotos && link('unsplash', 'Unsplash', ICONS.unsplash)}
        </ul>
        {tags.length > 0 && (
          <>
            <h2
              id="asset-tags"
              className="mt-4 border-t border-gray-200 px-2 pt-4 pb-1.5 text-[11px] font-semibold tracking-wide text-gray-600 uppercase"
            >
              Tags
            </h2>
            <ul className="space-y-px" aria-labelledby="asset-tags">
              {tags.map(({ tag: name, count }) => {
                const on = tag !== null && tag.toLowerCase() === name.toLowerCase();
                return (
                  <li key={name}>
                    <button
                      type="button"
                      aria-pressed={on}
                      aria-label={`Tag ${name}`}
                      onClick={() => onTag(on ? null : name)}
                      className={`w-full ${item(on)}`}
                    >
                      <Iconify icon={iconTag} className="size-3.5 text-gray-500" />
                      <span className="truncate">{name}</span>
                      <span className="ml-auto text-[11px] text-gray-600 tabular-nums">{count}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
      {storage && <StorageBar storage={storage} />}
    </nav>
  );
}

/** Spec 002 §2: the percent of the plan's storage (MB) that the site's files use. */
function StorageBar({ storage }: { storage: Storage }) {
  const percent = Math.round(storage.percent);
  const limit = storage.limit === null ? 'Unlimited' : `${Math.round(storage.limit / 1024 / 1024)} MB`;
  const tone = percent >= 100 ? 'bg-red-600' : percent >= 90 ? 'bg-amber-500' : 'bg-brand-600';
  return (
    <div className="mx-1 mt-3 rounded-lg bg-white p-3 ring-1 ring-gray-200" data-testid="storage">
      <div className="flex items-baseline justify-between text-[12px]">
        <span id="storage-label" className="font-medium text-gray-800">
          Storage
        </span>
        <span className="text-gray-600 tabular-nums">{storage.limit === null ? formatBytes(storage.used) : `${percent}%`}</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby="storage-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% of ${limit} used`}
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-gray-100"
      >
        <div
          className={`h-full rounded-full ${tone}`}
          style={{ width: `${Math.min(100, storage.limit === null ? 0 : storage.percent)}%` }}
        />
      </div>
      <p className="mt-1.5 text-[11px] text-gray-600 tabular-nums">
        {formatBytes(storage.used)} of {limit}
      </p>
    </div>
  );
}
