import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import iconDatabase from '@iconify-icons/lucide/database';
import iconFilePlus from '@iconify-icons/lucide/file-plus';
import iconPlus from '@iconify-icons/lucide/plus';
import iconSearch from '@iconify-icons/lucide/search';
import iconUpload from '@iconify-icons/lucide/upload';
import { api } from '../lib/api.ts';
import { addPage } from '../site/actions/pages.ts';
import { perform } from '../site/actions/registry.ts';
import { useActionContext, useEditor } from '../site/store/context.tsx';
import { messages } from '../lib/messages.ts';
import { saveBlob } from '../lib/download.ts';
import { EmptyState } from '../ui/EmptyState.tsx';
import { useStore } from '../lib/store/index.ts';
import { Button, buttonClass } from '../ui/Button.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Menu } from '../ui/Menu.tsx';
import { CollectionDialog } from './CollectionDialog.tsx';
import { FieldPanel } from './FieldPanel.tsx';
import { collectionIcon } from './icons.ts';
import { ImportDialog } from './ImportDialog.tsx';
import { exportText } from './importRows.ts';
import { ItemPanel } from './ItemPanel.tsx';
import { ItemsTable, type SortState } from './ItemsTable.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useCms } from './store.ts';
import { PAGE, useItemPages } from './useItemPages.ts';
import { canMakePage, categoriesOf, fieldTitle, itemCount, type CmsCollection, type Field, type Item } from './values.ts';

const NO_FILTERS: string[] = [];

const hiddenKey = (siteId: string, collection: string) => `pagewright:cms-columns:${siteId}:${collection}`;
function readHidden(siteId: string, collection: string): Set<string> {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(hiddenKey(siteId, collection)) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

/** Every item of a collection, read a page at a time, four requests at once. */
async function allItems(siteId: string, collection: string, total: number): Promise<Item[]> {
  const pages = Math.ceil(total / PAGE);
  const out: Item[][] = [];
  let next = 0;
  async function worker() {
    while (next < pages) {
      const page = next++;
      const { data } = await api.GET('/sites/{siteId}/content/{collection}/items', {
        params: { path: { siteId, collection }, query: { offset: page * PAGE, limit: PAGE } },
      });
      out[page] = data?.items ?? [];
    }
  }
  await Promise.all([worker(), worker(), worker(), worker()]);
  return out.flat();
}

/**
 * The CMS screen (spec 002 §2): the collections sidebar, the items table of the selected one with its
 * search, sort, language switcher and column options, and the item and field panels as child routes
 * (items/{itemId}, items/create, fields/{fieldId}, fields/create).
 */
export function CmsScreen() {
  const { siteId = '', collectionId = '', '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const ctx = useActionContext();
  const site = useEditor((s) => s.site);
  const pages = useEditor((s) => s.pages);
  const readOnly = useEditor((s) => s.readOnly && s.site !== null);
  const collections = useCms((s) => (s.siteId === siteId ? s.collections : null));
  const revision = useCms((s) => s.revision);
  const flashes = useCms((s) => s.flashes);
  const load = useCms((s) => s.load);
  const createCollection = useCms((s) => s.createCollection);
  const deleteCollection = useCms((s) => s.deleteCollection);
  const saveItem = useCms((s) => s.saveItem);
  const moveItem = useCms((s) => s.moveItem);
  const sortItemsBy = useCms((s) => s.sortItemsBy);
  const moveField = useCms((s) => s.moveField);
  const refreshCollection = useCms((s) => s.refreshCollection);
  const changed = useCms((s) => s.changed);
  const confirmDanger = useStore((s) => s.confirmDanger);
  const showError = useStore((s) => s.showError);

  const languages = useMemo(() => site?.settings?.languages ?? [], [site]);
  const main = languages[0] ?? 'en';
  const [chosenLanguage, setLanguage] = useState(main);
  const language = languages.includes(chosenLanguage) ? chosenLanguage : main;
  // Sort, search and hidden columns belong to one collection: another collection starts from its own.
  const [view, setView] = useState<{
    collection: string;
    sort: SortState | null;
    search: string;
    filters: string[];
    hidden: Set<string> | null;
  }>({ collection: collectionId, sort: null, search: '', filters: [], hidden: null });
  const own = view.collection === collectionId;
  const sort = own ? view.sort : null;
  const search = own ? view.search : '';
  const filters = own ? view.filters : NO_FILTERS;
  const hidden = (own ? view.hidden : null) ?? readHidden(siteId, collectionId);
  const current = { collection: collectionId, sort, search, filters, hidden };
  const setSort = (next: SortState | null) => setView({ ...current, sort: next });
  const setSearch = (next: string) => setView({ ...current, search: next });
  const setFilters = (next: string[]) => setView({ ...current, filters: next });
  const setHidden = (next: Set<string>) => setView({ ...current, hidden: next });
  const [savingOrder, setSavingOrder] = useState(false);
  const [dialog, setDialog] = useState<{ kind: 'collection'; collection: CmsCollection | null } | { kind: 'import' } | null>(null);

  const siteBase = `/sites/${encodeURIComponent(siteId)}`;
  const base = `${siteBase}/cms`;
  const collectionBase = `${base}/${encodeURIComponent(collectionId)}`;

  useEffect(() => {
    void load(siteId);
  }, [load, siteId]);

  const collection = collections?.find((c) => c.id === collectionId);
  const items = useItemPages({
    siteId,
    // Read at once, beside the collections: the first rows need not wait for the sidebar's list.
    collection: collectionId,
    sort: sort?.field,
    order: sort?.order ?? 'asc',
    search,
    filters,
    language,
    revision,
  });
  const columns = useMemo(() => collection?.fields.filter((f) => !f.hidden && !hidden.has(f.id)) ?? [], [collection, hidden]);

  const [kind, entry] = rest.split('/');
  const itemId = kind === 'items' && entry && entry !== 'create' && /^\d+$/.test(entry) ? Number(entry) : null;
  const itemPanel = kind === 'items' && (entry === 'create' || itemId !== null);
  const openField = kind === 'fields' && entry && entry !== 'create' ? collection?.fields.find((f) => f.id === entry) : undefined;
  const fieldPanel = kind === 'fields' && (entry === 'create' || openField !== undefined);
  const editing = itemPanel || fieldPanel;

  const onToggle = useCallback(
    (item: Item, field: Field, on: boolean) =>
      void saveItem(collectionId, item._id, { [field.id]: on }).then((o) => o.error && showError(o.error)),
    [saveItem, collectionId, showError],
  );

  if (collections && collections.length > 0 && !collection)
    return <Navigate to={`${base}/${encodeURIComponent(collections[0]!.id)}`} replace />;

  function toggleColumn(field: Field) {
    const next = new Set(hidden);
    if (next.has(field.id)) next.delete(field.id);
    else next.add(field.id);
    localStorage.setItem(hiddenKey(siteId, collectionId), JSON.stringify([...next]));
    setHidden(next);
  }

  async function addSample() {
    const outcome = await createCollection({ name: 'Sample' }, true);
    if (outcome.error) return showError(outcome.error);
    void navigate(`${base}/${encodeURIComponent(outcome.data.id)}`);
  }

  function remove(c: CmsCollection) {
    confirmDanger(
      { title: `Delete ${c.name}`, text: messages.confirmDelete, confirmLabel: 'Delete' },
      () =>
        void deleteCollection(c.id).then((o) => {
          if (o.error) showError(o.error);
          else if (c.id === collectionId) void navigate(base);
        }),
    );
  }

  async function exportAs(format: 'csv' | 'json') {
    if (!collection) return;
    const all = await allItems(siteId, collection.id, collection.count);
    const text = exportText(all, collection.fields, format);
    saveBlob(new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/json' }), `${collection.id}.${format}`);
  }

  const sortedField = sort ? collection?.fields.find((f) => f.id === sort.field) : undefined;
  /** The header's sort is the view's; this makes it the items' own order, the one pages repeat them in. */
  async function saveOrder(next: SortState) {
    setSavingOrder(true);
    const outcome = await sortItemsBy(collectionId, next.field, next.order);
    setSavingOrder(false);
    if (!outcome.error) setSort(null);
  }

  const total = items.total ?? 0;
  const searching = search.trim() !== '' || filters.length > 0;
  const filterable = collection?.fields.filter((f) => f.type === 'enum' || f.type === 'published') ?? [];
  /** The values a filter offers: an enum's categories; published or draft. */
  const filterValues = (f: Field): [string, string][] =>
    f.type === 'published'
      ? [
          ['true', 'Published'],
          ['false', 'Draft'],
        ]
      : categoriesOf(f).map((c) => [c, c]);

  return (
    <div className="flex min-h-0 min-w-0 flex-1">
      <Sidebar
        base={base}
        siteBase={siteBase}
        collections={collections}
        selected={collectionId}
        readOnly={readOnly}
        onCreate={() => setDialog({ kind: 'collection', collection: null })}
        onSample={() => void addSample()}
        onEdit={(c) => setDialog({ kind: 'collection', collection: c })}
        onDelete={remove}
      />
      <main className="relative flex min-w-0 flex-1 flex-col bg-white" aria-label="CMS">
        {collections && collections.length === 0 && (
          <div className="m-auto w-full max-w-md p-8">
            <EmptyState
              icon={iconDatabase}
              title={messages.cmsEmpty}
              text="A collection holds items of the same kind (posts, products, people) that pages show and repeat."
              action={
                !readOnly && (
                  <div className="flex gap-2">
                    <Button size="sm" onClick={() => setDialog({ kind: 'collection', collection: null })}>
                      <Iconify icon={iconPlus} className="size-3.5" /> New collection
                    </Button>
                    <Button variant="secondary" size="sm" onClick={() => void addSample()}>
                      Add sample data
                    </Button>
                  </div>
                )
              }
            />
          </div>
        )}
        {collection && (
          <>
            <header className="flex h-12 shrink-0 items-center gap-2 border-b border-gray-200 px-4">
              <Iconify icon={collectionIcon(collection.icon)} className="size-4 text-gray-500" />
              <h1 className="truncate text-[14px] font-semibold text-gray-900">{collection.name}</h1>
              <span className="font-mono text-[11px] text-gray-500">{collection.id}</span>
              <div className="ml-auto flex items-center gap-2">
                <div className="relative">
                  <Iconify
                    icon={iconSearch}
                    className="pointer-events-none absolute top-1/2 left-2 size-3.5 -translate-y-1/2 text-gray-400"
                  />
                  <input
                    type="search"
                    aria-label="Search items"
                    placeholder="Search (field:text)"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    className="h-7 w-56 rounded-md border-0 bg-gray-50 pr-2 pl-7 text-[13px] ring-1 ring-gray-200 ring-inset placeholder:text-gray-500 focus:bg-white focus:ring-2 focus:ring-brand-600"
                  />
                </div>
                {languages.length > 1 && (
                  <select
                    aria-label="Language"
                    value={language}
                    onChange={(e) => setLanguage(e.target.value)}
                    className="h-7 rounded-md border-0 bg-white py-0 pr-7 pl-2 text-xs uppercase ring-1 ring-gray-300 ring-inset"
                  >
                    {languages.map((l) => (
                      <option key={l} value={l}>
                        {l}
                      </option>
                    ))}
                  </select>
                )}
                {filterable.length > 0 && (
                  <Menu
                    id="cms-filter"
                    label="Filter items"
                    buttonClassName={buttonClass('secondary', 'sm', 'h-7 px-2.5 text-xs')}
                    button={`Filter${filters.length ? ` (${filters.length})` : ''}`}
                    items={filterable.flatMap((f) => [
                      {
                        kind: 'heading' as const,
                        label: <span className="text-xs font-semibold text-gray-600">{fieldTitle(f, main)}</span>,
                      },
                      ...filterValues(f).map(([value, text]) => {
                        const entry = `${f.id}:${value}`;
                        const on = filters.includes(entry);
                        return {
                          kind: 'action' as const,
                          label: `${on ? '☑' : '☐'} ${text}`,
                          onSelect: () =>
                            setFilters(
                              on ? filters.filter((x) => x !== entry) : [...filters.filter((x) => !x.startsWith(`${f.id}:`)), entry],
                            ),
                        };
                      }),
                    ])}
                  />
                )}
                <Menu
                  id="cms-columns"
                  label="Column options"
                  buttonClassName={buttonClass('secondary', 'sm', 'h-7 px-2.5 text-xs')}
                  button="Columns"
                  items={[
                    { kind: 'heading', label: <span className="text-xs font-semibold text-gray-600">Shown in the table</span> },
                    ...collection.fields
                      .filter((f) => !f.hidden)
                      .map((f) => ({
                        kind: 'action' as const,
                        label: `${hidden.has(f.id) ? '☐' : '☑'} ${fieldTitle(f, main)}`,
                        onSelect: () => toggleColumn(f),
                      })),
                    { kind: 'separator' as const },
                    { kind: 'heading', label: <span className="text-xs font-semibold text-gray-600">Fields</span> },
                    ...collection.fields.map((f) => ({
                      kind: 'action' as const,
                      label: `Edit ${fieldTitle(f, main)}${f.hidden ? ' (hidden)' : ''}`,
                      disabled: readOnly,
                      onSelect: () => void navigate(`${collectionBase}/fields/${encodeURIComponent(f.id)}`),
                    })),
                    {
                      kind: 'action' as const,
                      label: 'New field',
                      disabled: readOnly,
                      onSelect: () => void navigate(`${collectionBase}/fields/create`),
                    },
                  ]}
                />
                <Menu
                  id="cms-data"
                  label="Import and export"
                  buttonClassName={buttonClass('secondary', 'sm', 'h-7 px-2.5 text-xs')}
                  button={
                    <>
                      <Iconify icon={iconUpload} className="size-3.5" /> Data
                    </>
                  }
                  items={[
                    { kind: 'action', label: 'Import…', disabled: readOnly, onSelect: () => setDialog({ kind: 'import' }) },
                    { kind: 'action', label: 'Export as CSV', onSelect: () => void exportAs('csv') },
                    { kind: 'action', label: 'Export as JSON', onSelect: () => void exportAs('json') },
                  ]}
                />
                {/* Only once the site's pages are known: before, every collection would seem to have no page. */}
                {!readOnly && site !== null && canMakePage(collection, pages) && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-7 px-2.5 text-xs"
                    title="A page that shows each item at its slug"
                    onClick={() =>
                      void perform(ctx, addPage, { content: collection.id, name: collection.name }).then((ran) => {
                        const pageId = ctx.store.getState().pages.find((p) => p.content === collection.id)?.id;
                        if (ran && pageId) void navigate(`${siteBase}/pages/${pageId}`);
                      })
                    }
                  >
                    <Iconify icon={iconFilePlus} className="size-3.5" /> Create collection page
                  </Button>
                )}
                {!readOnly && (
                  <Button size="sm" className="h-7 px-2.5 text-xs" onClick={() => void navigate(`${collectionBase}/items/create`)}>
                    <Iconify icon={iconPlus} className="size-3.5" /> New item
                  </Button>
                )}
              </div>
            </header>
            {filters.length > 0 && (
              <div
                className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-gray-100 px-4 py-1.5"
                aria-label="Active filters"
                role="group"
              >
                {filters.map((entry) => {
                  const at = entry.indexOf(':');
                  const field = collection.fields.find((f) => f.id === entry.slice(0, at));
                  const value = entry.slice(at + 1);
                  const text = field?.type === 'published' ? (value === 'true' ? 'Published' : 'Draft') : value;
                  return (
                    <button
                      key={entry}
                      type="button"
                      onClick={() => setFilters(filters.filter((x) => x !== entry))}
                      aria-label={`Remove filter ${field ? fieldTitle(field, main) : ''}: ${text}`}
                      className="flex h-6 items-center gap-1 rounded-full bg-brand-50 px-2.5 text-[11px] font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-100"
                    >
                      {field ? fieldTitle(field, main) : ''}: {text} <span aria-hidden="true">×</span>
                    </button>
                  );
                })}
                <button type="button" onClick={() => setFilters([])} className="text-[11px] text-gray-600 hover:text-gray-900">
                  Clear filters
                </button>
              </div>
            )}
            {items.total === null ? (
              <div className="flex-1 space-y-2 p-4" aria-busy="true" data-testid="cms-loading">
                {[0, 1, 2, 3, 4, 5].map((i) => (
                  <div key={i} className="h-6 animate-pulse rounded bg-gray-100" />
                ))}
              </div>
            ) : (
              <ItemsTable
                label={`${collection.name} items`}
                fields={columns}
                total={total}
                rowAt={items.rowAt}
                ensure={items.ensure}
                language={language}
                main={main}
                languages={languages}
                sort={sort}
                onSort={setSort}
                selectedId={itemId}
                onOpen={(item) => void navigate(`${collectionBase}/items/${item._id}`)}
                canDrag={!readOnly && !editing && !searching && sort === null}
                onMove={(from, to) => {
                  // The rows named too (docs/decisions/0097): another editor's items meanwhile do not change what moves or where.
                  const afterItemId = to === 0 ? null : items.rowAt(from < to ? to : to - 1)?._id;
                  void moveItem(collectionId, from, to, items.rowAt(from)?._id, afterItemId);
                }}
                onToggle={readOnly ? null : onToggle}
                onMoveField={
                  readOnly || editing
                    ? null
                    : (field, over) => {
                        const from = collection.fields.findIndex((f) => f.id === field);
                        const to = collection.fields.findIndex((f) => f.id === over);
                        if (from >= 0 && to >= 0) void moveField(collection.id, from, to);
                      }
                }
                flashes={flashes}
              />
            )}
            {items.total === 0 && (
              <div
                className="absolute inset-x-0 top-28 mx-auto flex max-w-sm flex-col items-center text-center"
                data-testid="cms-items-empty"
              >
                <span className="flex size-9 items-center justify-center rounded-full bg-gray-100 text-gray-600">
                  <Iconify icon={searching ? iconSearch : collectionIcon(collection.icon)} className="size-4" />
                </span>
                <p className="mt-2 text-[13px] font-semibold text-gray-900">{searching ? 'No items match' : 'No items yet'}</p>
                <p className="mt-0.5 text-xs text-gray-600">
                  {searching
                    ? 'Try other words, or clear the search and filters.'
                    : collection.fields.length === 0
                      ? 'Give the collection its first field (a title, a slug, a picture…); each item holds a value per field.'
                      : 'Add the first item, or import a CSV, JSON or NDJSON file.'}
                </p>
                {!searching && !readOnly && collection.fields.length === 0 && (
                  <Button size="sm" className="mt-3 h-7 px-2.5 text-xs" onClick={() => void navigate(`${collectionBase}/fields/create`)}>
                    <Iconify icon={iconPlus} className="size-3.5" /> Add a field
                  </Button>
                )}
                {!searching && !readOnly && collection.fields.length > 0 && (
                  <div className="mt-3 flex gap-2">
                    <Button size="sm" className="h-7 px-2.5 text-xs" onClick={() => void navigate(`${collectionBase}/items/create`)}>
                      <Iconify icon={iconPlus} className="size-3.5" /> Add an item
                    </Button>
                    <Button variant="secondary" size="sm" className="h-7 px-2.5 text-xs" onClick={() => setDialog({ kind: 'import' })}>
                      <Iconify icon={iconUpload} className="size-3.5" /> Import a file
                    </Button>
                  </div>
                )}
              </div>
            )}
            <footer className="flex h-8 shrink-0 items-center gap-3 border-t border-gray-200 px-4 text-xs text-gray-600">
              <span role="status" data-testid="cms-count">
                {items.total === null ? '' : itemCount(total)}
                {searching && items.total !== null ? ` of ${collection.count.toLocaleString('en')}` : ''}
              </span>
              {items.stale && <span className="text-gray-400">Updating…</span>}
              {(searching || sort) && !readOnly && (
                <span className="text-gray-500">Drag to sort is off while a search, a filter or a sort is on.</span>
              )}
              {sort && !readOnly && sortedField && (
                <span className="ml-auto flex items-center gap-2">
                  <span className="text-gray-600">
                    Sorted by {fieldTitle(sortedField, main)} ({sort.order === 'asc' ? 'ascending' : 'descending'}) in this view only.
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    className="h-6 px-2 text-[11px]"
                    busy={savingOrder}
                    onClick={() => void saveOrder(sort)}
                  >
                    Save as the items' order
                  </Button>
                </span>
              )}
            </footer>
            {itemPanel && (
              <ItemPanel
                key={`${collectionId}/${entry}`}
                siteId={siteId}
                collection={collection}
                itemId={itemId}
                language={language}
                main={main}
                readOnly={readOnly}
                onClose={() => navigate(collectionBase)}
                onOpen={(id) => void navigate(`${collectionBase}/items/${id}`)}
              />
            )}
            {fieldPanel && (
              <FieldPanel
                key={`${collectionId}/${entry}`}
                collection={collection}
                field={openField ?? null}
                main={main}
                languages={languages}
                onClose={() => navigate(collectionBase)}
              />
            )}
          </>
        )}
      </main>
      {dialog?.kind === 'collection' && (
        <CollectionDialog
          collection={dialog.collection}
          onClose={() => setDialog(null)}
          onSaved={(id) => {
            setDialog(null);
            void navigate(`${base}/${encodeURIComponent(id)}`);
          }}
        />
      )}
      {dialog?.kind === 'import' && collection && (
        <ImportDialog
          siteId={siteId}
          collection={collection}
          main={main}
          onClose={() => setDialog(null)}
          onImported={() => {
            void refreshCollection(collection.id);
            changed();
          }}
        />
      )}
    </div>
  );
}
