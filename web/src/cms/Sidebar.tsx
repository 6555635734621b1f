import { NavLink } from 'react-router-dom';
import iconPlus from '@iconify-icons/lucide/plus';
import iconSparkles from '@iconify-icons/lucide/sparkles';
import { Iconify } from '../ui/Iconify.tsx';
import { Menu } from '../ui/Menu.tsx';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';
import { collectionIcon } from './icons.ts';
import type { CmsCollection } from './values.ts';

/**
 * The CMS sidebar (spec 002 §2): the CMS / Localization toggle, the collections with their item
 * counts and a menu each (rename, icon, delete), and the buttons that create a collection or one
 * filled with sample data. Resizable between 200 and 560 px, the width kept (spec 000).
 */
export function Sidebar({
  base,
  siteBase,
  collections,
  selected,
  readOnly,
  onCreate,
  onSample,
  onEdit,
  onDelete,
}: {
  base: string;
  siteBase: string;
  collections: CmsCollection[] | null;
  selected: string;
  readOnly: boolean;
  onCreate(): void;
  onSample(): void;
  onEdit(collection: CmsCollection): void;
  onDelete(collection: CmsCollection): void;
}) {
  return (
    <ResizableSidebar name="cms" label="Collections" className="border-r border-gray-200 bg-white">
      <div className="flex h-full flex-col">
        <nav aria-label="Content" className="m-2 grid grid-cols-2 rounded-lg bg-gray-100 p-0.5 text-xs font-medium">
          <NavLink to={base} aria-current="page" className="rounded-md bg-white py-1.5 text-center text-gray-900 shadow-sm">
            CMS
          </NavLink>
          <NavLink to={`${siteBase}/localization`} className="rounded-md py-1.5 text-center text-gray-600 hover:text-gray-900">
            Localization
          </NavLink>
        </nav>
        <div className="flex items-center justify-between px-3 pt-2 pb-1">
          <h2 className="text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Collections</h2>
          {!readOnly && (
            <button
              type="button"
              onClick={onCreate}
              aria-label="New collection"
              title="New collection"
              className="rounded p-1 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            >
              <Iconify icon={iconPlus} className="size-3.5" />
            </button>
          )}
        </div>
        <ul className="min-h-0 flex-1 space-y-px overflow-y-auto px-2" aria-label="Collection list">
          {collections === null && [0, 1, 2].map((i) => <li key={i} className="mx-1 my-2 h-5 animate-pulse rounded bg-gray-100" />)}
          {collections?.map((c) => (
            <li key={c.id} className="group relative">
              <NavLink
                to={`${base}/${encodeURIComponent(c.id)}`}
                aria-current={c.id === selected ? 'page' : undefined}
                className={`flex h-8 items-center gap-2 rounded-md pr-8 pl-2 text-[13px] ${c.id === selected ? 'bg-brand-50 font-medium text-brand-800' : 'text-gray-700 hover:bg-gray-50 hover:text-gray-900'}`}
              >
                <Iconify icon={collectionIcon(c.icon)} className="size-4 text-gray-500" />
                <span className="min-w-0 flex-1 truncate">{c.name}</span>
                <span className="text-[11px] text-gray-600 tabular-nums group-hover:invisible">{c.count.toLocaleString('en')}</span>
              </NavLink>
              {!readOnly && (
                <div className="absolute top-1 right-1 opacity-0 group-focus-within:opacity-100 group-hover:opacity-100">
                  <Menu
                    id={`cms-collection-${c.id}`}
                    label={`${c.name} options`}
                    buttonClassName="flex size-6 items-center justify-center rounded text-gray-500 hover:bg-gray-200 hover:text-gray-900"
                    button={<span aria-hidden="true">⋯</span>}
                    items={[
                      { kind: 'action', label: 'Rename', onSelect: () => onEdit(c) },
                      { kind: 'action', label: 'Change icon', onSelect: () => onEdit(c) },
                      { kind: 'separator' },
                      { kind: 'action', label: 'Delete', onSelect: () => onDelete(c) },
                    ]}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
        {!readOnly && (
          <div className="space-y-1 border-t border-gray-100 p-2">
            <button
              type="button"
              onClick={onCreate}
              className="flex h-8 w-full items-center gap-2 rounded-md px-2 text-[13px] text-gray-700 hover:bg-gray-50"
            >
              <Iconify icon={iconPlus} className="size-4 text-gray-500" /> New collection
            </button>
            <button
              type="button"
              onClick={onSample}
              className="flex h-8 w-full items-center gap-2 rounded-md px-2 text-[13px] text-gray-700 hover:bg-gray-50"
            >
              <Iconify icon={iconSparkles} className="size-4 text-gray-500" /> Add sample data
            </button>
          </div>
        )}
      </div>
    </ResizableSidebar>
  );
}
