import iconFile from '@iconify-icons/lucide/file-text';
import iconHouse from '@iconify-icons/lucide/house';
import iconLanguages from '@iconify-icons/lucide/languages';
import iconPanelBottom from '@iconify-icons/lucide/panel-bottom';
import iconPanelTop from '@iconify-icons/lucide/panel-top';
import { useEffect, useState } from 'react';
import { Link, Navigate, NavLink, useParams } from 'react-router-dom';
import { pictureOf, useAssets } from '../assets/public.ts';
import { STALE_TRANSLATION } from '../lib/messages.ts';
import { useEditor } from '../site/store/context.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { languageLabel } from '../lib/languages.ts';
import { TableSkeleton } from '../ui/Skeleton.tsx';
import { Iconify } from '../ui/Iconify.tsx';
import { Notice } from '../ui/Layout.tsx';
import { ResizableSidebar } from '../ui/ResizableSidebar.tsx';
import { completionTone, TONE_CLASS } from './completion.ts';
import { ContentToggle } from './ContentToggle.tsx';
import { EditPanel } from './EditPanel.tsx';
import { useLocalization, type Row, type Summary, type Target } from './store.ts';

const TYPES = new Set(['pages', 'header', 'footer']);

/** The route's table: `pages/{page id split by slash}`, `header` or `footer`; null for anything else. */
function targetOf(type: string | undefined, rest: string | undefined): Target | null {
  if (!type || !TYPES.has(type)) return null;
  if (type !== 'pages') return rest ? null : { type: type as Target['type'], typeId: null };
  return { type: 'pages', typeId: rest ? rest.replace(/\/+$/, '') : 'home' };
}

const pathOf = (base: string, t: { type: string; typeId: string | null }) =>
  t.type === 'pages' ? `${base}/pages/${(t.typeId ?? 'home').split('/').map(encodeURIComponent).join('/')}` : `${base}/${t.type}`;

/** Spec 002 §2 "Localization screen" (`localization/{type?}/{typeId*}`). */
export function LocalizationScreen({ siteId }: { siteId: string }) {
  const params = useParams();
  const base = `/sites/${encodeURIComponent(siteId)}/localization`;
  const target = targetOf(params.type, params['*']);
  const summary = useLocalization((s) => (s.siteId === siteId ? s.summary : null));
  const loadSummary = useLocalization((s) => s.loadSummary);

  useEffect(() => {
    void loadSummary(siteId);
  }, [loadSummary, siteId]);

  // With no type it opens pages/home; an unknown one goes there too.
  if (!target) return <Navigate to={`${base}/pages/home`} replace />;

  return (
    <div className="relative flex min-h-0 min-w-0 flex-1 bg-white">
      <ResizableSidebar name="localization" label="Localization sidebar" className="border-r border-gray-200 bg-gray-50/70">
        <div className="px-3 pt-3">
          <ContentToggle siteId={siteId} />
        </div>
        <PagesSidebar base={base} summary={summary} />
      </ResizableSidebar>
      <LocalizationTable key={`${target.type}/${target.typeId ?? ''}`} siteId={siteId} target={target} />
    </div>
  );
}

const item = (active: boolean) =>
  `flex h-7 items-center gap-2 rounded-md px-2 text-[13px] ${active ? 'bg-white font-medium text-gray-900 shadow-xs ring-1 ring-gray-900/10' : 'text-gray-700 hover:bg-gray-200/60 hover:text-gray-900'}`;

/** Every page (home first, as the server lists them), then Header and Footer, each with its least complete language. */
function PagesSidebar({ base, summary }: { base: string; summary: Summary | null }) {
  const others = summary?.languages.slice(1) ?? [];
  const entry = (p: Summary['pages'][number]) => {
    const lowest = others.length ? Math.min(...others.map((l) => new Map(Object.entries(p.completion)).get(l) ?? 100)) : null;
    const icon = p.type === 'header' ? iconPanelTop : p.type === 'footer' ? iconPanelBottom : p.typeId === 'home' ? iconHouse : iconFile;
    return (
      <li key={`${p.type}/${p.typeId ?? ''}`}>
        <NavLink to={pathOf(base, p)} end className={({ isActive }) => item(isActive)}>
          <Iconify icon={icon} className="size-3.5 text-gray-500" />
          <span className="truncate">{p.type === 'header' ? 'Header' : p.type === 'footer' ? 'Footer' : p.name}</span>
          {lowest !== null && (
            <span className="ml-auto flex items-center gap-1 text-[11px] text-gray-600 tabular-nums" title="The least translated language">
              <span className={`size-1.5 rounded-full ${TONE_CLASS[completionTone(lowest)]}`} aria-hidden="true" />
              {lowest}%
            </span>
          )}
        </NavLink>
      </li>
    );
  };
  return (
    <nav aria-label="Localization" className="flex min-h-0 flex-1 flex-col overflow-y-auto px-2 py-4">
      <h2 className="px-2 pb-1.5 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Pages</h2>
      {!summary ? (
        <div className="space-y-2 px-2" aria-hidden="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-3 w-3/4 animate-pulse rounded bg-gray-200" />
          ))}
        </div>
      ) : (
        <>
          <ul className="space-y-px">{summary.pages.filter((p) => p.type === 'pages').map(entry)}</ul>
          <h2 className="mt-6 px-2 pb-1.5 text-[11px] font-semibold tracking-wide text-gray-600 uppercase">Shared</h2>
          <ul className="space-y-px">{summary.pages.filter((p) => p.type !== 'pages').map(entry)}</ul>
        </>
      )}
    </nav>
  );
}

/** A language's completion: the percentage and its bar, red, orange, yellow or green (spec 002 §2). */
function CompletionBar({ language, percent }: { language: string; percent: number }) {
  const tone = completionTone(percent);
  return (
    <div className="mt-1 flex items-center gap-2 font-normal tracking-normal normal-case">
      <div
        role="progressbar"
        aria-label={`${languageLabel(language)} complete`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        data-tone={tone}
        className="h-1.5 w-20 overflow-hidden rounded-full bg-gray-200"
      >
        <div className={`h-full rounded-full ${TONE_CLASS[tone]}`} style={{ width: `${percent}%` }} />
      </div>
      <span className="text-[11px] text-gray-700 tabular-nums">{percent}%</span>
    </div>
  );
}

/**
 * What a cell shows of a value: text, the text of rich text blocks, or an image. A text without one
 * of its own is Missing; an image without one shows the main language's (it is not a missing translation).
 */
function CellValue({ row, value, siteId, isMain }: { row: Row; value: unknown; siteId: string; isMain: boolean }) {
  const files = useAssets((s) => (s.siteId === siteId ? s.files : null));
  if ((value === null || value === undefined || value === '') && row.kind === 'image' && !isMain)
    return <span className="text-[12px] text-gray-500">Same as the main language</span>;
  if (value === null || value === undefined || value === '')
    return <span className="rounded bg-red-50 px-1.5 py-0.5 text-[11px] font-medium text-red-700">Missing</span>;
  if (row.kind === 'image') {
    const name = String(value);
    const src = pictureOf(files, name);
    return (
      <span className="flex items-center gap-2">
        {src && <img src={src} alt="" className="size-8 shrink-0 rounded object-cover ring-1 ring-gray-200" />}
        <span className="truncate text-gray-700">{name}</span>
      </span>
    );
  }
  const text = Array.isArray(value)
    ? value
        .map((b: { value?: unknown }) => (Array.isArray(b?.value) ? b.value.join(', ') : typeof b?.value === 'string' ? b.value : ''))
        .join(' ')
    : String(value);
  return <span className="line-clamp-2">{text.replace(/<[^>]*>/g, '')}</span>;
}

/** The text was translated from an older main-language text (the server marks it when the main text changes). */
function StaleMark() {
  return (
    <span
      title={STALE_TRANSLATION}
      data-testid="stale-translation"
      className="mt-1 inline-flex rounded bg-amber-50 px-1.5 py-0.5 text-[11px] font-medium text-amber-800 ring-1 ring-amber-200 ring-inset"
    >
      Stale
    </span>
  );
}

function LocalizationTable({ siteId, target }: { siteId: string; target: Target }) {
  const table = useLocalization((s) => s.table);
  const failed = useLocalization((s) => s.tableFailed);
  const loadTable = useLocalization((s) => s.loadTable);
  const loadAssets = useAssets((s) => s.load);
  const readOnly = useEditor((s) => s.readOnly);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    void loadTable(siteId, target);
  }, [loadTable, siteId, target.type, target.typeId]); // eslint-disable-line react-hooks/exhaustive-deps -- the target's parts
  useEffect(() => {
    if (useAssets.getState().siteId !== siteId) void loadAssets(siteId);
  }, [loadAssets, siteId]);

  const current = table && table.type === target.type && (table.typeId ?? null) === target.typeId ? table : null;
  const row = current?.rows.find((r) => r.id === open);
  const completion = new Map(Object.entries(current?.completion ?? {}));
  const title = target.type === 'header' ? 'Header' : target.type === 'footer' ? 'Footer' : (current?.name ?? '');

  return (
    <main id="main" className="relative flex min-w-0 flex-1 flex-col">
      <div className="flex h-12 shrink-0 items-center gap-3 border-b border-gray-200 px-4">
        <h1 className="text-[14px] font-semibold text-gray-900">{title || 'Localization'}</h1>
        {current && (
          <span className="text-[12px] text-gray-600">
            {current.rows.length} {current.rows.length === 1 ? 'text' : 'texts'} · {current.languages.length}{' '}
            {current.languages.length === 1 ? 'language' : 'languages'}
          </span>
        )}
      </div>
      <div className={`min-h-0 flex-1 overflow-auto p-4 ${row ? 'mr-[480px]' : ''}`}>
        {current && current.languages.length < 2 && (
          <div className="mb-4">
            <Notice tone="info" title="This site has one language">
              Add languages in{' '}
              <Link to={`/sites/${encodeURIComponent(siteId)}/settings/general`} className="font-medium underline">
                general settings
              </Link>{' '}
              to translate its pages here.
            </Notice>
          </div>
        )}
        {!current ? (
          failed ? (
            <p className="text-sm text-gray-700">The localization could not be loaded.</p>
          ) : (
            <TableSkeleton columns={3} />
          )
        ) : current.rows.length === 0 ? (
          <EmptyState icon={iconLanguages} title="Nothing to translate here" text="This page has no texts or images yet." />
        ) : (
          <div className="overflow-hidden rounded-lg bg-white ring-1 ring-gray-200">
            <table className="w-full table-fixed border-collapse text-left text-[13px]" aria-label="Localization">
              <thead className="border-b border-gray-200 bg-gray-50/80">
                <tr className="text-[11px] font-semibold tracking-wide text-gray-600 uppercase">
                  <th scope="col" className="w-44 px-3 py-2 align-top">
                    Type
                  </th>
                  {current.languages.map((l, i) => (
                    <th key={l} scope="col" className="px-3 py-2 align-top" data-testid={`language-${l}`}>
                      {languageLabel(l)}
                      {i === 0 && <span className="ml-1 font-normal tracking-normal text-gray-500 normal-case">main</span>}
                      <CompletionBar language={l} percent={completion.get(l) ?? 0} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {current.rows.map((r) => {
                  const values = new Map(Object.entries(r.values));
                  return (
                    <tr
                      key={r.id}
                      data-testid="localization-row"
                      data-row={r.id}
                      aria-selected={open === r.id}
                      onClick={() => setOpen(r.id)}
                      className={`cursor-pointer border-b border-gray-100 align-top last:border-b-0 ${open === r.id ? 'bg-brand-50/70' : 'hover:bg-gray-50'}`}
                    >
                      <th scope="row" className="px-3 py-2 text-left font-medium text-gray-900">
                        <button
                          type="button"
                          className="text-left hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                          onClick={(e) => {
                            e.stopPropagation();
                            setOpen(r.id);
                          }}
                        >
                          {r.type}
                        </button>
                      </th>
                      {current.languages.map((l, i) => (
                        <td key={l} className="px-3 py-2 text-gray-800">
                          <CellValue row={r} value={values.get(l)} siteId={siteId} isMain={i === 0} />
                          {r.stale.includes(l) && <StaleMark />}
                        </td>
                      ))}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {row && current && (
        <EditPanel
          key={row.id}
          siteId={siteId}
          target={target}
          row={row}
          languages={current.languages}
          readOnly={readOnly}
          onClose={() => setOpen(null)}
        />
      )}
    </main>
  );
}
