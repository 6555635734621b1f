import iconImage from '@iconify-icons/lucide/image';
import iconImages from '@iconify-icons/lucide/images';
import iconLayoutGrid from '@iconify-icons/lucide/layout-grid';
import iconLink from '@iconify-icons/lucide/link';
import iconList from '@iconify-icons/lucide/list';
import iconSearch from '@iconify-icons/lucide/search';
import iconUpload from '@iconify-icons/lucide/upload';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useEditor } from '../site/store/context.tsx';
import { messages } from '../lib/messages.ts';
import { ContextMenu, type ContextItem } from '../ui/ContextMenu.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useStore } from '../lib/store/index.ts';
import { useInstance } from '../lib/store/instance.ts';
import { Button } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';
import { AltTextDialog } from './AltTextDialog.tsx';
import { pictureUses } from './altText.ts';
import { AssetsSidebar } from './AssetsSidebar.tsx';
import { AssetGrid, AssetList } from './AssetTiles.tsx';
import { FileDetails } from './FileDetails.tsx';
import { ImportUrlDialog, RenameDialog } from './FileDialogs.tsx';
import { ASSET_TYPES, assetType, filterFiles, TILE_DEFAULT, TILE_MAX, TILE_MIN, type SiteFile } from './files.ts';
import { StockPhotos } from './StockPhotos.tsx';
import { useAssets } from './store.ts';
import { UploadPanel } from './UploadPanel.tsx';

/** The upload route parameter's value (`assets/{type?}/upload`). */
const UPLOAD = 'upload';
const VIEW_KEY = 'pagewright-assets-view';

interface ViewPrefs {
  view: 'grid' | 'list';
  tile: number;
}

function readPrefs(): ViewPrefs {
  try {
    const saved = JSON.parse(localStorage.getItem(VIEW_KEY) ?? '{}') as Partial<ViewPrefs>;
    const tile = Number(saved.tile);
    return {
      view: saved.view === 'list' ? 'list' : 'grid',
      tile: Number.isFinite(tile) ? Math.min(TILE_MAX, Math.max(TILE_MIN, tile)) : TILE_DEFAULT,
    };
  } catch {
    return { view: 'grid', tile: TILE_DEFAULT };
  }
}

/** Spec 002 §2 "Assets screen" (`assets/{type?}/{upload?}`). */
export function AssetsScreen({ siteId }: { siteId: string }) {
  const params = useParams();
  const navigate = useNavigate();
  // `assets/upload` is the upload panel over all assets; `assets/images/upload` over the images.
  const uploadOnly = params.type === UPLOAD && params.upload === undefined;
  const typeParam = uploadOnly ? undefined : params.type;
  const type = assetType(typeParam);
  const uploadOpen = uploadOnly || params.upload === UPLOAD;
  const base = `/sites/${encodeURIComponent(siteId)}/assets`;
  const here = type ? `${base}/${type}` : base;

  const site = useEditor((s) => s.site);
  const readOnly = useEditor((s) => s.readOnly);
  const owner = site ? site.role === 'owner' : false;
  const confirmDanger = useStore((s) => s.confirmDanger);

  const files = useAssets((s) => (s.siteId === siteId ? s.files : null));
  const storage = useAssets((s) => (s.siteId === siteId ? s.storage : null));
  const loadFailed = useAssets((s) => s.loadFailed);
  const load = useAssets((s) => s.load);
  const remove = useAssets((s) => s.remove);
  const addFiles = useAssets((s) => s.addFiles);
  const finished = useAssets((s) => s.finished);
  const notice = useAssets((s) => s.notice);
  const notify = useAssets((s) => s.notify);
  const replaced = useAssets((s) => s.replaced);
  const clearReplaced = useAssets((s) => s.clearReplaced);
  const replaceFile = useAssets((s) => s.replace);
  const nodes = useEditor((s) => s.nodes);
  const pages = useEditor((s) => s.pages);
  const before = useEditor((s) => s.before);
  const after = useEditor((s) => s.after);
  const languages = useMemo(() => site?.settings?.languages ?? [], [site]);
  const main = languages[0] ?? 'en';

  // The tag the library is narrowed to, in the address (`?tag=`) so the view can be linked and reloaded.
  const [query, setQuery] = useSearchParams();
  const tag = query.get('tag') || null;
  const setTag = (next: string | null) => setQuery(next ? { tag: next } : {}, { replace: true });
  const [prefs, setPrefs] = useState(readPrefs);
  const [search, setSearch] = useState('');
  const [menu, setMenu] = useState<{ file: SiteFile; at: { x: number; y: number } } | null>(null);
  const [renaming, setRenaming] = useState<SiteFile | null>(null);
  const [details, setDetails] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    void load(siteId);
  }, [load, siteId]);
  useEffect(() => {
    localStorage.setItem(VIEW_KEY, JSON.stringify(prefs));
  }, [prefs]);
  // The panel closes when the upload finishes (spec 002 §2); a refusal keeps it open to be read.
  const seenFinished = useRef(finished);
  useEffect(() => {
    if (finished === seenFinished.current) return;
    seenFinished.current = finished;
    if (uploadOpen) void navigate(here);
  }, [finished, uploadOpen, navigate, here]);

  // A replaced picture's alt texts are asked about, one file at a time (docs/decisions/0079).
  const altFor = replaced.find((name) => pictureUses(name, nodes, pages, { before, after }, main).length > 0) ?? null;
  const altUses = altFor ? pictureUses(altFor, nodes, pages, { before, after }, main) : [];
  useEffect(() => {
    if (replaced.length > 0 && altFor === null) clearReplaced();
  }, [replaced, altFor, clearReplaced]);

  const shown = useMemo(() => (files ? filterFiles(files, type, search, tag) : []), [files, type, search, tag]);
  // Stock photos only when the server has them configured (issue 28).
  const instance = useInstance();
  const stockPhotos = instance?.stockPhotos === true;
  const detailFile = details ? files?.find((f) => f.name === details) : undefined;

  if (typeParam !== undefined && type === null) return <Navigate to={base} replace />;
  if (type === 'unsplash' && instance && !stockPhotos) return <Navigate to={base} replace />;

  // A side panel is open: the toolbar gets narrower, so its quieter controls become icons.
  const narrow = (uploadOpen && !readOnly) || (!uploadOpen && detailFile !== undefined);
  // Images (and all assets) searched with 3 characters or more show Unsplash's photos below the library's.
  const stockToo = stockPhotos && (type === null || type === 'images') && search.trim().length >= 3;
  const title = type ? ASSET_TYPES.find((t) => t.type === type)!.label : 'All assets';
  const stock = type === 'unsplash';

  const confirmDelete = (file: SiteFile) =>
    confirmDanger(
      {
        title: messages.confirmDelete,
        text: `${file.name} will be removed from the asset library${file.used ? ', and the pages that show it will lose it' : ''}.`,
        confirmLabel: 'Delete',
      },
      () => {
        setDetails((d) => (d === file.name ? null : d));
        void remove(file.name).then((o) => o.data === null && notify(`${file.name} deleted`));
      },
    );

  const menuItems = (file: SiteFile): ContextItem[] => [
    ...(file.original ? [{ label: 'Show original', onSelect: () => window.open(file.original!, '_blank', 'noopener') }] : []),
    { label: 'Open', onSelect: () => window.open(file.url, '_blank', 'noopener') },
    ...(readOnly
      ? []
      : [
          { separator: true as const },
          { label: 'Rename', onSelect: () => setRenaming(file) },
          { label: 'Delete', danger: true, onSelect: () => confirmDelete(file) },
        ]),
  ];

  const dropFiles = (list: FileList) => {
    if (readOnly || list.length === 0) return;
    addFiles([...list], owner);
    if (!uploadOpen) void navigate(type && !stock ? `${here}/${UPLOAD}` : `${base}/${UPLOAD}`);
  };

  return (
    <div className="relative flex min-h-0 min-w-0 flex-1 bg-white">
      <ResizableSidebar name="assets" label="Assets sidebar" className="border-r border-gray-200 bg-gray-50/70">
        <AssetsSidebar base={base} files={files} storage={storage} tag={tag} onTag={setTag} />
      </ResizableSidebar>
      <main
        id="main"
        // An open side panel takes its width from the library rather than covering it.
        className={`relative flex min-w-0 flex-1 flex-col ${narrow ? 'mr-[360px]' : ''}`}
        onDragEnter={(e) => {
          if (!readOnly && e.dataTransfer.types.includes('Files')) setDragging(true);
        }}
        onDragOver={(e) => {
          if (e.dataTransfer.types.includes('Files')) e.preventDefault();
        }}
        onDragLeave={(e) => {
          if (e.currentTarget === e.target || !e.currentTarget.contains(e.relatedTarget as Node)) setDragging(false);
        }}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          dropFiles(e.dataTransfer.files);
        }}
        data-testid="assets-main"
      >
        <div className="flex h-12 shrink-0 items-center gap-3 border-b border-gray-200 px-4 whitespace-nowrap [&>*]:shrink-0 [&>label]:shrink">
          <h1 className="text-[14px] font-semibold text-gray-900">{title}</h1>
          {!stock && files && (
            <span className="text-[12px] text-gray-600 tabular-nums" data-testid="asset-count">
              {shown.length} {shown.length === 1 ? 'file' : 'files'}
            </span>
          )}
          {tag && !stock && (
            <button
              type="button"
              onClick={() => setTag(null)}
              aria-label={`Remove filter tag ${tag}`}
              className="flex h-6 items-center gap-1 rounded-full bg-brand-50 px-2.5 text-[11px] font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
            >
              Tag: {tag} <span aria-hidden="true">×</span>
            </button>
          )}
          <span role="status" className="text-[12px] font-medium text-emerald-700">
            {notice}
          </span>
          <label className="relative ml-auto max-w-56 min-w-28 flex-1">
            <span className="sr-only">{stock ? 'Search Unsplash' : 'Search assets'}</span>
            <Iconify icon={iconSearch} className="pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-gray-500" />
            <input
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={stock ? 'Search free photos…' : 'Search by name'}
              className="h-8 w-full rounded-md border-0 bg-gray-100 pr-2 pl-7 text-[13px] text-gray-900 placeholder:text-gray-500 focus:bg-white focus:ring-2 focus:ring-brand-600 focus:outline-none"
            />
          </label>
          {!stock && (
            <>
              <div role="radiogroup" aria-label="View" className="flex rounded-md bg-gray-100 p-0.5">
                {(
                  [
                    ['grid', 'Grid', iconLayoutGrid],
                    ['list', 'List', iconList],
                  ] as const
                ).map(([value, label, icon]) => (
                  <button
                    key={value}
                    type="button"
                    role="radio"
                    aria-checked={prefs.view === value}
                    aria-label={label}
                    title={label}
                    onClick={() => setPrefs((p) => ({ ...p, view: value }))}
                    className={`flex h-7 w-8 items-center justify-center rounded ${prefs.view === value ? 'bg-white text-gray-900 shadow-xs' : 'text-gray-600 hover:text-gray-900'}`}
                  >
                    <Iconify icon={icon} className="size-3.5" />
                  </button>
                ))}
              </div>
              {prefs.view === 'grid' && (
                <label className="flex items-center gap-1.5 text-[12px] text-gray-600" title="Tile width">
                  {!narrow && <Iconify icon={iconImage} className="size-3 text-gray-500" />}
                  <span className="sr-only">Tile width</span>
                  <input
                    type="range"
                    min={TILE_MIN}
                    max={TILE_MAX}
                    step={10}
                    value={prefs.tile}
                    onChange={(e) => setPrefs((p) => ({ ...p, tile: Number(e.target.value) }))}
                    className={`${narrow ? 'w-16' : 'w-24'} accent-brand-600`}
                  />
                  {!narrow && <Iconify icon={iconImage} className="size-4 text-gray-500" />}
                </label>
              )}
            </>
          )}
          {!readOnly && (
            <>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setImporting(true)}
                aria-label={narrow ? 'Import from URL' : undefined}
                title="Import from URL"
                className={narrow ? 'px-2' : ''}
              >
                <Iconify icon={iconLink} className="size-3.5" /> {!narrow && 'Import from URL'}
              </Button>
              <Button size="sm" onClick={() => navigate(type && !stock ? `${here}/${UPLOAD}` : `${base}/${UPLOAD}`)}>
                <Iconify icon={iconUpload} className="size-3.5" /> Upload
              </Button>
            </>
          )}
        </div>

        <div className="min-h-0 flex-1 overflow-y-auto p-4" data-testid="assets-body">
          {stock ? (
            <StockPhotos search={search} readOnly={readOnly} />
          ) : files === null ? (
            loadFailed ? (
              <p className="text-sm text-gray-700">The assets could not be loaded.</p>
            ) : (
              <GridSkeleton width={prefs.tile} />
            )
          ) : shown.length === 0 && !stockToo ? (
            <EmptyState
              icon={iconImages}
              title={
                search
                  ? 'No files match the search'
                  : tag
                    ? `No files tagged ${tag}`
                    : type === 'unused'
                      ? 'Every file is used'
                      : 'No files yet'
              }
              text={
                search
                  ? `Nothing here is named like “${search}”.`
                  : tag
                    ? 'Open a file to give it this tag.'
                    : readOnly
                      ? undefined
                      : 'Drop files here, or upload them from your computer.'
              }
              action={
                !readOnly &&
                !search &&
                !tag && (
                  <Button size="sm" onClick={() => navigate(type ? `${here}/${UPLOAD}` : `${base}/${UPLOAD}`)}>
                    <Iconify icon={iconUpload} className="size-3.5" /> Upload files
                  </Button>
                )
              }
            />
          ) : (
            <>
              {shown.length === 0 ? (
                <p className="text-[13px] text-gray-600">No files here are named like “{search}”.</p>
              ) : prefs.view === 'grid' ? (
                <AssetGrid
                  files={shown}
                  width={prefs.tile}
                  selected={detailFile?.name ?? null}
                  onMenu={(file, at) => setMenu({ file, at })}
                  onOpen={(f) => setDetails(f.name)}
                />
              ) : (
                <AssetList
                  files={shown}
                  selected={detailFile?.name ?? null}
                  onMenu={(file, at) => setMenu({ file, at })}
                  onOpen={(f) => setDetails(f.name)}
                />
              )}
              {stockToo && (
                // Spec 002 §5: from 3 characters the search asks the stock-photo service too.
                <section aria-label="Photos from Unsplash" className="mt-6">
                  <StockPhotos search={search} readOnly={readOnly} embedded />
                </section>
              )}
            </>
          )}
        </div>

        {dragging && (
          <div className="pointer-events-none absolute inset-2 z-20 flex items-center justify-center rounded-xl border-2 border-dashed border-brand-500 bg-brand-50/80">
            <p className="text-sm font-semibold text-brand-800">Drop files to upload</p>
          </div>
        )}
      </main>

      {uploadOpen && !readOnly && <UploadPanel owner={owner} onClose={() => navigate(here)} />}
      {!uploadOpen && detailFile && (
        <FileDetails
          key={detailFile.name}
          file={detailFile}
          readOnly={readOnly}
          onClose={() => setDetails(null)}
          onRename={() => setRenaming(detailFile)}
          onReplace={(file) => replaceFile(detailFile.name, file, owner)}
          onDelete={() => confirmDelete(detailFile)}
        />
      )}
      {menu && (
        <ContextMenu label={`Actions for ${menu.file.name}`} at={menu.at} items={menuItems(menu.file)} onClose={() => setMenu(null)} />
      )}
      {renaming && (
        <RenameDialog
          file={renaming}
          onClose={() => setRenaming(null)}
          onRenamed={(f) => setDetails((d) => (d === renaming.name ? f.name : d))}
        />
      )}
      {altFor && !readOnly && (
        <AltTextDialog
          key={altFor}
          file={altFor}
          uses={altUses}
          main={main}
          languages={languages}
          onClose={() => useAssets.setState((st) => ({ replaced: st.replaced.filter((n) => n !== altFor) }))}
        />
      )}
      {importing && <ImportUrlDialog onClose={() => setImporting(false)} onImported={(f) => notify(`${f.name} imported`)} />}
    </div>
  );
}

function GridSkeleton({ width }: { width: number }) {
  return (
    <div
      aria-busy="true"
      aria-label="Loading"
      className="grid gap-3"
      style={{ gridTemplateColumns: `repeat(auto-fill, minmax(${width}px, 1fr))` }}
      data-testid="assets-skeleton"
    >
      {Array.from({ length: 12 }, (_, i) => (
        <div key={i} className="aspect-[4/3] animate-pulse rounded-lg bg-gray-100" />
      ))}
    </div>
  );
}
