import { useDeferredValue, useEffect, useId, useState } from 'react';
import zondiconsUrl from '@iconify-json/zondicons/icons.json?url';
import bootstrapUrl from '@iconify-json/bi/icons.json?url';
import brandsUrl from '@iconify-json/simple-icons/icons.json?url';
import flagsUrl from '@iconify-json/flag/icons.json?url';
import iconSearch from '@iconify-icons/lucide/search';
import { Iconify } from '../Iconify.tsx';
import { PopupFrame } from '../popup/PopupFrame.tsx';
import { fieldClass, FieldError, TabPanel, Tabs } from './ui.tsx';

/**
 * The five icon sets of spec 001 §2, each an Iconify JSON package from npm served as a file of the
 * app's own build (fetched when the set is first opened, never from a third party). `prefix` is the
 * stored value's prefix the site renderer reads (`zondicons:heart`, `bi:github`, `simple-icons:github`,
 * `flag:fi-4x3`); `suffix` keeps the flags of one shape.
 */
export const ICON_SETS = [
  { id: 'zondicons', label: 'Zondicons', prefix: 'zondicons', url: zondiconsUrl, suffix: null },
  { id: 'bootstrap', label: 'Bootstrap Icons', prefix: 'bi', url: bootstrapUrl, suffix: null },
  { id: 'brands', label: 'Brand icons', prefix: 'simple-icons', url: brandsUrl, suffix: null },
  { id: 'flags-4x3', label: 'Flag icons 4by3', prefix: 'flag', url: flagsUrl, suffix: '-4x3' },
  { id: 'flags-1x1', label: 'Flag icons 1by1', prefix: 'flag', url: flagsUrl, suffix: '-1x1' },
] as const;
type IconSetId = (typeof ICON_SETS)[number]['id'];

interface IconifyJson {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number; left?: number; top?: number }>;
}

const loaded = new Map<string, Promise<IconifyJson>>();
function loadSet(url: string): Promise<IconifyJson> {
  let p = loaded.get(url);
  if (!p) {
    p = fetch(url).then((r) => {
      if (!r.ok) throw new Error(`The icon set could not be loaded (${r.status})`);
      return r.json() as Promise<IconifyJson>;
    });
    p.catch(() => loaded.delete(url));
    loaded.set(url, p);
  }
  return p;
}

/** At most this many icons are drawn at once; the search narrows the rest. */
export const ICONS_SHOWN = 240;

/** The icons of a set whose name contains the search, in the set's order. */
export function filterIcons(names: readonly string[], search: string, suffix: string | null): { shown: string[]; total: number } {
  const q = search.trim().toLowerCase().replace(/\s+/g, '-');
  const all = names.filter((n) => (!suffix || n.endsWith(suffix)) && (!q || n.includes(q)));
  return { shown: all.slice(0, ICONS_SHOWN), total: all.length };
}

/** Which set a stored icon value belongs to (`flag:fi-1x1` → the 1by1 flags). */
export function setOfValue(value: string | null): IconSetId {
  if (!value) return 'zondicons';
  const [prefix, name = ''] = value.split(':');
  const found = ICON_SETS.find((s) => s.prefix === prefix && (!s.suffix || name.endsWith(s.suffix)));
  return found?.id ?? 'zondicons';
}

export interface IconPickerProps {
  value: string | null;
  /** The chosen icon as `set:name` (the popup closes). */
  onChange(value: string): void;
  onClose(): void;
  anchor?: HTMLElement | null;
}

/** The icon picker 'Select icon' of spec 001 §2: the five sets as tabs, a search, the icons as a grid. */
export function IconPicker({ value, onChange, onClose, anchor }: IconPickerProps) {
  const [setId, setSetId] = useState<IconSetId>(() => setOfValue(value));
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const [data, setData] = useState<{ url: string; json: IconifyJson } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const set = ICON_SETS.find((s) => s.id === setId)!;

  useEffect(() => {
    let live = true;
    loadSet(set.url).then(
      (json) => live && setData({ url: set.url, json }),
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [set.url]);

  const json = data?.url === set.url ? data.json : null;
  const { shown, total } = json ? filterIcons(Object.keys(json.icons), deferred, set.suffix) : { shown: [], total: 0 };
  return (
    <PopupFrame title="Select icon" onClose={onClose} anchor={anchor} width={540} height={480} resizable testId="icon-picker">
      <Tabs
        label="Icon sets"
        tabs={ICON_SETS.map((s) => ({ value: s.id, label: s.label }))}
        value={setId}
        onChange={(id: IconSetId) => setSetId(id)}
        idPrefix={ids}
      />
      <TabPanel idPrefix={ids} value={setId} className="gap-2 p-3">
        <div className="relative shrink-0">
          <Iconify icon={iconSearch} className="pointer-events-none absolute top-1.5 left-2 size-4 text-gray-500" />
          <input
            type="search"
            aria-label="Search icons"
            placeholder="Search icons"
            value={search}
            data-autofocus
            onChange={(e) => setSearch(e.target.value)}
            className={`${fieldClass} pl-7`}
          />
        </div>
        <FieldError error={error} />
        {!json && !error && <div aria-hidden="true" className="h-40 animate-pulse rounded bg-gray-100" />}
        {json && total === 0 && <p className="py-6 text-center text-[12px] text-gray-600">No results</p>}
        {json && (
          <ul
            role="listbox"
            aria-label={`${set.label} icons`}
            className="grid min-h-0 flex-1 auto-rows-min grid-cols-[repeat(auto-fill,minmax(44px,1fr))] gap-1 overflow-auto"
          >
            {shown.map((name) => {
              const icon = json.icons[name]!;
              const full = `${set.prefix}:${name}`;
              const label = name.replace(set.suffix ?? '', '');
              return (
                <li key={name} role="none">
                  <button
                    type="button"
                    role="option"
                    aria-selected={full === value}
                    aria-label={label}
                    title={full}
                    onClick={() => {
                      onChange(full);
                      onClose();
                    }}
                    className={`flex h-11 w-full items-center justify-center rounded border text-gray-800 hover:border-brand-400 hover:bg-brand-50 ${full === value ? 'border-brand-600 bg-brand-50' : 'border-transparent'}`}
                  >
                    <Iconify
                      icon={{ ...icon, width: icon.width ?? json.width ?? 16, height: icon.height ?? json.height ?? 16 }}
                      className={set.suffix === '-4x3' ? 'h-4 w-[21px]' : 'size-5'}
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {json && total > shown.length && (
          <p className="shrink-0 text-[11px] text-gray-600">
            Showing {shown.length} of {total}: search to find the others.
          </p>
        )}
      </TabPanel>
    </PopupFrame>
  );
}
