import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ApiError } from '@pagewright/sdk';
import iconDatabase from '@iconify-icons/lucide/database';
import iconChevronLeft from '@iconify-icons/lucide/chevron-left';
import iconChevronRight from '@iconify-icons/lucide/chevron-right';
import iconFilePlus from '@iconify-icons/lucide/file-plus';
import iconLayoutTemplate from '@iconify-icons/lucide/layout-template';
import { errorText } from '../../../lib/format.ts';
import { messages } from '../../../lib/messages.ts';
import { Spinner } from '../../../ui/Icon.tsx';
import { Iconify } from '../../../ui/Iconify.tsx';
import { addPage, type NewPage } from '../../../site/actions/pages.ts';
import { useAction } from '../../../site/actions/useAction.ts';
import { useActionContext, useEditor } from '../../../site/store/context.tsx';
import { PopupButton, PopupField } from '../controls.tsx';
import { PopupFrame } from '../../../ui/popup/PopupFrame.tsx';
import { loadSectionLibrary } from '../sections/library.ts';
import { slugCollections, type CmsCollection } from './collections.ts';
import { newPageAddress } from '../../navigator/pageAddress.ts';
import { normalizePageAddress } from '@pagewright/sdk/rules';

type View = 'home' | 'collection' | 'template';

/**
 * The Add pages wizard (spec 000 §2): a blank page by name, a collection page (one page per item of a
 * collection with a slug field), or a page template (a sample page built from the section library).
 * What the server refuses is said in place.
 */
export function AddPages({ onClose }: { onClose(): void }) {
  const { api } = useActionContext();
  const siteId = useEditor((s) => s.siteId);
  const templates = useEditor((s) => s.site?.samplePages);
  const { enabled, run } = useAction(addPage);
  const [view, setView] = useState<View>('home');
  const [collections, setCollections] = useState<CmsCollection[] | null>(null);
  const [designNames, setDesignNames] = useState<Map<string, string>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<{ where: string; text: string } | null>(null);

  useEffect(() => {
    let live = true;
    void api.GET('/sites/{siteId}/content', { params: { path: { siteId }, query: { internal: 'false' } } }).then(({ data }) => {
      if (live) setCollections(slugCollections(data ?? []));
    });
    // The templates list their designs by name; without the library they still show their section count.
    void loadSectionLibrary(api).then((answer) => {
      if (live && answer.designs) setDesignNames(new Map(answer.designs.map((d) => [d.id, d.name])));
    });
    return () => {
      live = false;
    };
  }, [api, siteId]);

  /** Adds the page; on success the action opens it and closes this popup, on a refusal the reason shows at `where`. */
  async function add(where: string, page: Omit<NewPage, 'onError'>) {
    if (busy) return;
    setBusy(where);
    setError(null);
    await run({ ...page, onError: (e: ApiError) => setError({ where, text: errorText(e) }) });
    setBusy(null);
  }

  const errorAt = (where: string) => (error?.where === where ? error.text : null);
  const go = (next: View) => {
    setError(null);
    setView(next);
  };

  return (
    <PopupFrame title="Add pages" onClose={onClose} modal testId="add-pages">
      {view === 'home' && (
        <Home
          busy={busy}
          disabled={!enabled}
          error={errorAt('blank')}
          collections={collections}
          templates={templates?.length ?? null}
          onBlank={(name, address) => {
            if (!name.trim()) return setError({ where: 'blank', text: messages.pageNameRequired });
            void add('blank', { name: name.trim(), ...(address.trim() ? { id: address.trim() } : {}) });
          }}
          onOpen={go}
        />
      )}
      {view === 'collection' && (
        <CollectionStep
          collections={collections}
          busy={busy}
          disabled={!enabled}
          error={errorAt('collection')}
          onBack={() => go('home')}
          onAdd={(content, name) => {
            if (!name.trim()) return setError({ where: 'collection', text: messages.pageNameRequired });
            void add('collection', { content, name: name.trim() });
          }}
        />
      )}
      {view === 'template' && (
        <div className="flex min-h-0 flex-1 flex-col">
          <StepHeader title="Page templates" onBack={() => go('home')} />
          <ul aria-label="Page templates" className="min-h-0 flex-1 space-y-px overflow-y-auto p-1.5">
            {(templates ?? []).map((t) => (
              <li key={t.id}>
                <button
                  type="button"
                  disabled={!enabled || (busy !== null && busy !== `sample:${t.id}`)}
                  aria-busy={busy === `sample:${t.id}` || undefined}
                  onClick={() => void add(`sample:${t.id}`, { sample: t.id })}
                  className="group flex w-full items-start gap-2.5 rounded-md px-2 py-2 text-left hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-50"
                >
                  <TemplateThumb count={t.sections.length} />
                  <span className="min-w-0 flex-1">
                    <span className="block text-[12px] font-medium text-gray-900">{t.name}</span>
                    <span className="mt-0.5 line-clamp-2 block text-[11px] leading-4 text-gray-600">
                      {t.sections.map((id) => designNames.get(id) ?? id).join(' · ')}
                    </span>
                  </span>
                  {busy === `sample:${t.id}` ? (
                    <Spinner className="mt-1 size-3.5 text-gray-500" />
                  ) : (
                    <span className="mt-0.5 rounded px-1.5 py-0.5 text-[11px] font-medium text-brand-700 opacity-0 group-hover:opacity-100 group-focus-visible:opacity-100">
                      Add
                    </span>
                  )}
                </button>
                {errorAt(`sample:${t.id}`) && (
                  <p role="alert" className="px-2 pb-1.5 text-[11px] text-red-700">
                    {errorAt(`sample:${t.id}`)}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
    </PopupFrame>
  );
}

function Home({
  busy,
  disabled,
  error,
  collections,
  templates,
  onBlank,
  onOpen,
}: {
  busy: string | null;
  disabled: boolean;
  error: string | null;
  collections: CmsCollection[] | null;
  templates: number | null;
  onBlank(name: string, address: string): void;
  onOpen(view: View): void;
}) {
  const [name, setName] = useState('');
  // The address follows the name until the user types one of their own.
  const [ownAddress, setOwnAddress] = useState<string | null>(null);
  const pages = useEditor((s) => s.pages);
  const asked = ownAddress ?? name;
  const { address, takenBy } = newPageAddress(asked, pages);
  const heading = useId();
  return (
    <div className="p-3">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onBlank(name, ownAddress ?? '');
        }}
        aria-labelledby={heading}
      >
        <h3 id={heading} className="mb-2 flex items-center gap-1.5 text-[12px] font-semibold text-gray-900">
          <Iconify icon={iconFilePlus} className="size-3.5 text-gray-500" />
          Blank page
        </h3>
        <div className="flex items-start gap-1.5">
          <PopupField label="Page name" value={name} onChange={setName} error={error} placeholder="About us" className="flex-1" autoFocus />
          <PopupButton type="submit" className="mt-[18px]" busy={busy === 'blank'} disabled={disabled}>
            Add
          </PopupButton>
        </div>
        <PopupField
          label="Address"
          value={ownAddress ?? address}
          onChange={setOwnAddress}
          placeholder="about-us"
          spellCheck={false}
          className="mt-2"
          hint={
            !address
              ? 'Where visitors find the page, from its name.'
              : takenBy
                ? `/${normalizePageAddress(asked)}/ is the page ${takenBy.name || takenBy.id}: this page will be at /${address}/.`
                : `Visitors find the page at /${address}/.`
          }
        />
      </form>
      <p className="mt-4 mb-1.5 text-[11px] font-medium tracking-wide text-gray-500 uppercase">Or start from</p>
      <ul className="space-y-px">
        <li>
          <ChoiceRow
            icon={iconDatabase}
            title="Collection page"
            text={
              collections === null
                ? null
                : collections.length === 0
                  ? 'No collection has a slug field'
                  : 'A page for each item of a collection'
            }
            onClick={() => onOpen('collection')}
          />
        </li>
        <li>
          <ChoiceRow
            icon={iconLayoutTemplate}
            title="Page templates"
            text={templates === null ? null : `${templates} ready-made ${templates === 1 ? 'page' : 'pages'}`}
            onClick={() => onOpen('template')}
          />
        </li>
      </ul>
    </div>
  );
}

function ChoiceRow({ icon, title, text, onClick }: { icon: typeof iconDatabase; title: string; text: string | null; onClick(): void }) {
  return (
    <button type="button" onClick={onClick} className="flex w-full items-center gap-2.5 rounded-md px-2 py-1.5 text-left hover:bg-gray-100">
      <span className="flex size-7 items-center justify-center rounded-md bg-gray-100 text-gray-600">
        <Iconify icon={icon} className="size-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-[12px] font-medium text-gray-900">{title}</span>
        {text === null ? (
          <span className="mt-1 block h-2.5 w-32 animate-pulse rounded bg-gray-200" aria-hidden="true" />
        ) : (
          <span className="block truncate text-[11px] text-gray-600">{text}</span>
        )}
      </span>
      <Iconify icon={iconChevronRight} className="size-3.5 text-gray-400" />
    </button>
  );
}

function StepHeader({ title, onBack }: { title: string; onBack(): void }) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <div className="flex h-9 shrink-0 items-center gap-1 border-b border-gray-100 px-1.5">
      <button
        ref={back}
        type="button"
        onClick={onBack}
        className="flex h-7 items-center gap-1 rounded pr-2 pl-1 text-[12px] text-gray-600 hover:bg-gray-100 hover:text-gray-900"
      >
        <Iconify icon={iconChevronLeft} className="size-4" />
        Back
      </button>
      <span className="text-[12px] text-gray-400" aria-hidden="true">
        /
      </span>
      <h3 className="pl-1 text-[12px] font-semibold text-gray-900">{title}</h3>
    </div>
  );
}

function CollectionStep({
  collections,
  busy,
  disabled,
  error,
  onBack,
  onAdd,
}: {
  collections: CmsCollection[] | null;
  busy: string | null;
  disabled: boolean;
  error: string | null;
  onBack(): void;
  onAdd(collectionId: string, name: string): void;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const current = useMemo(() => collections?.find((c) => c.id === chosen) ?? collections?.[0] ?? null, [collections, chosen]);
  const pageName = name ?? current?.name ?? '';

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <StepHeader title="Collection page" onBack={onBack} />
      <div className="min-h-0 flex-1 overflow-y-auto p-3">
        {collections === null ? (
          <div className="space-y-2" aria-busy="true" aria-label="Loading collections">
            {[0, 1, 2].map((i) => (
              <div key={i} className="h-7 animate-pulse rounded-md bg-gray-100" />
            ))}
          </div>
        ) : collections.length === 0 ? (
          <p className="text-[12px] leading-5 text-gray-600">
            No collection has a slug field. A collection page gives each item its own page at its slug: add a slug field to a collection
            first.
          </p>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (current) onAdd(current.id, pageName);
            }}
          >
            <fieldset>
              <legend className="mb-1 text-[11px] font-medium text-gray-700">Collection</legend>
              <div className="space-y-px">
                {collections.map((c) => (
                  <label
                    key={c.id}
                    className={`flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-[12px] ${
                      current?.id === c.id
                        ? 'bg-brand-50 text-brand-900 ring-1 ring-brand-200 ring-inset'
                        : 'text-gray-800 hover:bg-gray-100'
                    }`}
                  >
                    <input
                      type="radio"
                      name="collection"
                      value={c.id}
                      checked={current?.id === c.id}
                      onChange={() => {
                        setChosen(c.id);
                        setName(null);
                      }}
                      className="accent-brand-600"
                    />
                    <span className="flex-1 truncate">{c.name}</span>
                    <span className="text-[11px] text-gray-600 tabular-nums">
                      {c.count} {c.count === 1 ? 'item' : 'items'}
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <PopupField
              label="Page name"
              value={pageName}
              onChange={setName}
              error={error}
              hint="Each item gets its own page at its slug."
              className="mt-3"
            />
            <div className="mt-3 flex justify-end">
              <PopupButton type="submit" busy={busy === 'collection'} disabled={disabled}>
                Add page
              </PopupButton>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}

/** A small page outline with one bar per section, so templates of different lengths look different. */
function TemplateThumb({ count }: { count: number }) {
  return (
    <span className="flex h-10 w-8 shrink-0 flex-col gap-0.5 rounded-sm bg-white p-1 ring-1 ring-gray-200" aria-hidden="true">
      {Array.from({ length: Math.min(count, 5) }, (_, i) => (
        <span key={i} className={`h-1.5 rounded-[1px] ${i === 0 ? 'bg-brand-200' : 'bg-gray-200'}`} />
      ))}
    </span>
  );
}
