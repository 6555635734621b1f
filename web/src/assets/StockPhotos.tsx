import iconCamera from '@iconify-icons/lucide/camera';
import iconCheck from '@iconify-icons/lucide/check';
import iconPlus from '@iconify-icons/lucide/plus';
import { useEffect, useState } from 'react';
import { api } from '../lib/api.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useStore } from '../lib/store/index.ts';
import { request } from '../lib/store/request.ts';
import { Spinner } from '../ui/Icon.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Notice } from '../ui/Layout.tsx';
import { useAssets } from './store.ts';
import { STOCK_PREVIEW_WIDTH, stockFileName, stockPhoto, UNSPLASH_LINK, type StockPhoto } from './stock.ts';

/** Spec 002 §5: stock photos are searched from 3 characters. */
const MIN_SEARCH = 3;
const DEBOUNCE_MS = 350;

type Found = { search: string; photos: StockPhoto[] } | { search: string; error: string };

/**
 * The 'Unsplash' type: the toolbar's search asks the stock-photo service (from 3 characters); a photo
 * is added to the library by URL import, and every photo credits its photographer and Unsplash.
 */
export function StockPhotos({ search, readOnly, embedded = false }: { search: string; readOnly: boolean; embedded?: boolean }) {
  const query = search.trim();
  const [found, setFound] = useState<Found | null>(null);
  const [state, setState] = useState<Map<string, { busy?: boolean; added?: boolean; error?: string }>>(new Map());
  const importUrl = useAssets((s) => s.importUrl);
  const files = useAssets((s) => s.files);
  const library = new Set((files ?? []).map((f) => f.name));

  useEffect(() => {
    if (query.length < MIN_SEARCH) return;
    let live = true;
    const search = async () => {
      const { data, error } = await request(
        useStore.getState,
        () => api.GET('/assets/unsplash', { params: { query: { search: query } } }),
        { overlay: false, toast: false },
      );
      if (!live) return;
      if (error) setFound({ search: query, error: error.error });
      else setFound({ search: query, photos: (data ?? []).map(stockPhoto).filter((p): p is StockPhoto => p !== null) });
    };
    const timer = window.setTimeout(() => void search(), DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [query]);

  const mark = (id: string, value: { busy?: boolean; added?: boolean; error?: string }) => setState((s) => new Map(s).set(id, value));

  async function add(photo: StockPhoto) {
    mark(photo.id, { busy: true });
    const outcome = await importUrl({ url: photo.download, filename: stockFileName(photo) });
    mark(photo.id, outcome.error ? { error: outcome.error.error } : { added: true });
  }

  const current = found && found.search === query ? found : null;
  // Below the library's own matches only the photos show: no prompt, no refusal, no "nothing found".
  if (embedded && (query.length < MIN_SEARCH || !current || 'error' in current || current.photos.length === 0)) return null;
  if (query.length < MIN_SEARCH)
    return (
      <EmptyState
        icon={iconCamera}
        title="Free photos from Unsplash"
        text="Type at least 3 characters in the search to find photos. A photo you add is copied into the asset library."
      />
    );
  if (!current)
    return (
      <div className="flex items-center gap-2 py-10 text-[13px] text-gray-600" role="status">
        <Spinner className="size-4" /> Searching Unsplash…
      </div>
    );
  if ('error' in current)
    return (
      <Notice tone="error" role="alert" title="Unsplash could not be searched">
        {current.error}
      </Notice>
    );
  if (current.photos.length === 0)
    return <EmptyState icon={iconCamera} title="No photos found" text={`Nothing on Unsplash matches “${query}”.`} />;

  return (
    <>
      {embedded && <h2 className="mb-3 text-[12px] font-semibold tracking-wide text-gray-600 uppercase">From Unsplash</h2>}
      <ul
        aria-label="Unsplash photos"
        className="grid gap-3"
        style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${STOCK_PREVIEW_WIDTH * 0.75}px, 1fr))` }}
      >
        {current.photos.map((photo) => {
          // A photo already in the library (added here before) says so rather than offering a second copy.
          const s = state.get(photo.id) ?? (library.has(stockFileName(photo)) ? { added: true } : {});
          return (
            <li key={photo.id} data-testid="stock-photo" className="overflow-hidden rounded-lg bg-white ring-1 ring-gray-200">
              <div className="relative aspect-[4/3]" style={{ backgroundColor: photo.color }}>
                <img src={photo.preview} alt={photo.name} loading="lazy" className="size-full object-cover" />
              </div>
              <div className="flex items-start gap-2 px-2 py-1.5">
                <p className="min-w-0 flex-1 text-[11px] leading-4 text-gray-600">
                  Photo by <span className="font-medium text-gray-800">{photo.user || 'an Unsplash photographer'}</span> on{' '}
                  <a href={UNSPLASH_LINK} target="_blank" rel="noreferrer" className="underline underline-offset-2 hover:text-gray-900">
                    Unsplash
                  </a>
                </p>
                {!readOnly && (
                  <button
                    type="button"
                    disabled={s.busy || s.added}
                    onClick={() => void add(photo)}
                    aria-label={s.added ? `${photo.name} added to assets` : `Add ${photo.name} to assets`}
                    className="flex h-6 shrink-0 items-center gap-1 rounded-md px-1.5 text-[11px] font-semibold text-brand-700 ring-1 ring-gray-200 hover:bg-brand-50 disabled:text-emerald-700 disabled:ring-0"
                  >
                    {s.busy ? <Spinner className="size-3" /> : <Iconify icon={s.added ? iconCheck : iconPlus} className="size-3" />}
                    {s.added ? 'Added' : 'Add'}
                  </button>
                )}
              </div>
              {s.error && (
                <p role="alert" className="px-2 pb-2 text-[11px] text-red-700">
                  {s.error}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
