import { useEffect, useId, useMemo, useRef, useState } from 'react';
import iconMoon from '@iconify-icons/lucide/moon';
import iconSun from '@iconify-icons/lucide/sun';
import { errorText } from '../../../lib/format.ts';
import { Iconify } from '../../../ui/Iconify.tsx';
import { addSection } from '../../../site/actions/sections.ts';
import { useAction } from '../../../site/actions/useAction.ts';
import { useActionContext, useEditor } from '../../../site/store/context.tsx';
import { nodeName } from '../../../site/store/document.ts';
import { canvasAppearance } from '../../../site/store/store.ts';
import { PopupFrame } from '../../../ui/popup/PopupFrame.tsx';
import { countByCategory, SECTION_CATEGORIES, type SectionDesign } from './catalog.ts';
import { loadSectionLibrary } from './library.ts';
import { readAddSection } from './message.ts';

/** The category shown when the popup opens: the last one chosen in this tab, hero at first (spec 001 §2 "section tab"). */
let lastCategory = 'hero';
const rememberCategory = (id: string) => {
  lastCategory = id;
};

type Appearance = 'light' | 'dark';

/**
 * Where the server renders one category's designs with the site's theme, each with its Add button. A
 * frame's request carries no Authorization header: the ticket stands for the signed-in user.
 */
export function previewAddress(siteId: string, category: string, appearance: Appearance, ticket: string): string {
  // The editor's own chrome is light, so the cards around the designs are too.
  const query = new URLSearchParams({ category, appearance, editorAppearance: 'light', ticket });
  return `/api/sites/${encodeURIComponent(siteId)}/sections/preview?${query.toString()}`;
}

/**
 * The Add section popup (spec 001 §2): the library's 21 categories with their counts beside an embedded
 * frame of the chosen category's designs in the site's theme. The frame's Add button posts
 * `editor.sections.add` with the design's id; the section goes onto the popup's page after its section.
 */
export function AddSection({ pageId, afterSectionId, onClose }: { pageId: string; afterSectionId: string | null; onClose(): void }) {
  const { api, showError } = useActionContext();
  const siteId = useEditor((s) => s.siteId);
  const pageName = useEditor((s) => s.pages.find((p) => p.id === pageId)?.name ?? pageId);
  const afterName = useEditor((s) => (afterSectionId ? nodeName(s.nodes.get(afterSectionId), afterSectionId) : null));
  const siteAppearance = useEditor((s) => canvasAppearance(s));
  const { run: runAdd } = useAction(addSection);
  const [designs, setDesigns] = useState<SectionDesign[] | null>(null);
  const [ticket, setTicket] = useState<{ ticket: string } | { failed: true } | null>(null);
  const [category, setCategory] = useState(lastCategory);
  const [appearance, setAppearance] = useState<Appearance>(siteAppearance);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const tabs = useRef<HTMLDivElement>(null);
  const ids = useId();

  useEffect(() => {
    let live = true;
    void loadSectionLibrary(api).then((answer) => {
      if (!live) return;
      if (answer.designs) setDesigns(answer.designs);
      // Spec 001 §8: a failed section fetch shows a browser alert with the error.
      else window.alert(errorText(answer.error));
    });
    // A new ticket each time the popup opens (it lasts an hour).
    void api.POST('/sites/{siteId}/sections/preview/ticket', { params: { path: { siteId } } }).then(({ data, error }) => {
      if (!live) return;
      if (error) showError(error);
      setTicket(data ? { ticket: data.ticket } : { failed: true });
    });
    return () => {
      live = false;
    };
  }, [api, siteId, showError]);

  const counts = useMemo(() => countByCategory(designs ?? []), [designs]);
  const known = useMemo(() => new Set((designs ?? []).map((d) => d.id)), [designs]);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const message = readAddSection(event, frame.current?.contentWindow, known);
      if (!message || adding) return;
      setAdding(message.templateId);
      // The popup closes at once and the section shows where it goes (named as in the library) until the answer.
      const label = designs?.find((d) => d.id === message.templateId)?.name;
      void runAdd({ templateId: message.templateId, pageId, afterSectionId, label }).finally(() => setAdding(null));
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [known, adding, runAdd, pageId, afterSectionId, designs]);

  function choose(next: string, focus = false) {
    rememberCategory(next);
    setCategory(next);
    if (focus) tabs.current?.querySelector<HTMLElement>(`[data-category="${next}"]`)?.focus();
  }

  function onTabKey(event: React.KeyboardEvent) {
    const at = SECTION_CATEGORIES.findIndex((c) => c.id === category);
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    let next: number | undefined;
    if (step) next = (at + step + SECTION_CATEGORIES.length) % SECTION_CATEGORIES.length;
    if (event.key === 'Home') next = 0;
    if (event.key === 'End') next = SECTION_CATEGORIES.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    choose(SECTION_CATEGORIES[next]!.id, true);
  }

  const src = ticket && 'ticket' in ticket ? previewAddress(siteId, category, appearance, ticket.ticket) : null;
  const ready = designs !== null && src !== null;
  const current = SECTION_CATEGORIES.find((c) => c.id === category) ?? SECTION_CATEGORIES[1]!;
  const count = counts.get(category) ?? 0;

  return (
    <PopupFrame
      title="Add Section"
      onClose={onClose}
      width={1040}
      height={680}
      resizable
      testId="add-section"
      actions={
        <div role="group" aria-label="Preview appearance" className="mr-1 flex rounded-md bg-gray-100 p-0.5">
          {(['light', 'dark'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={appearance === value}
              title={value === 'light' ? 'Light' : 'Dark'}
              onClick={() => setAppearance(value)}
              className={`flex h-6 items-center gap-1 rounded px-2 text-[12px] ${appearance === value ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900'}`}
            >
              <Iconify icon={value === 'light' ? iconSun : iconMoon} className="size-3.5" />
              {value === 'light' ? 'Light' : 'Dark'}
            </button>
          ))}
        </div>
      }
    >
      <div className="flex min-h-0 flex-1">
        <div className="flex w-52 shrink-0 flex-col border-r border-gray-200 bg-gray-50/60">
          <div
            ref={tabs}
            role="tablist"
            aria-orientation="vertical"
            aria-label="Section categories"
            onKeyDown={onTabKey}
            className="min-h-0 flex-1 overflow-y-auto p-1.5"
          >
            {SECTION_CATEGORIES.map((c) => {
              const selected = c.id === category;
              return (
                <button
                  key={c.id}
                  type="button"
                  role="tab"
                  id={`${ids}-tab-${c.id}`}
                  data-category={c.id}
                  aria-selected={selected}
                  aria-controls={`${ids}-panel`}
                  tabIndex={selected ? 0 : -1}
                  onClick={() => choose(c.id)}
                  className={`flex h-7 w-full items-center gap-2 rounded px-2 text-left text-[12px] ${
                    selected ? 'bg-brand-600 text-white' : 'text-gray-700 hover:bg-gray-200/70'
                  }`}
                >
                  <Iconify icon={c.icon} className={`size-3.5 ${selected ? 'text-white' : 'text-gray-500'}`} />
                  <span className="flex-1 truncate">{c.label}</span>
                  {designs === null ? (
                    <span className="h-2.5 w-3 animate-pulse rounded-sm bg-gray-200" aria-hidden="true" />
                  ) : (
                    <span className={`text-[11px] tabular-nums ${selected ? 'text-white/80' : 'text-gray-500'}`}>
                      {counts.get(c.id) ?? 0}
                      <span className="sr-only"> designs</span>
                    </span>
                  )}
                </button>
              );
            })}
          </div>
          <p className="border-t border-gray-200 px-3 py-2 text-[11px] leading-4 text-gray-600" data-testid="add-section-target">
            Adds to <span className="font-medium text-gray-800">{pageName}</span>
            {afterName ? (
              <>
                , after <span className="font-medium text-gray-800">{afterName}</span>
              </>
            ) : (
              ', at the end'
            )}
          </p>
        </div>
        <div id={`${ids}-panel`} role="tabpanel" aria-labelledby={`${ids}-tab-${category}`} className="relative min-w-0 flex-1 bg-gray-100">
          {designs !== null && count === 0 ? (
            <p className="p-6 text-[13px] text-gray-600">The library has no {current.label.toLowerCase()} sections yet.</p>
          ) : ticket && 'failed' in ticket ? (
            <p role="alert" className="p-6 text-[13px] text-gray-600">
              The previews could not be loaded. Close the popup and open it again to retry.
            </p>
          ) : (
            ready && (
              <iframe
                ref={frame}
                key={src}
                src={src}
                title="Section previews"
                sandbox="allow-scripts"
                onLoad={() => setLoadedSrc(src)}
                className="absolute inset-0 size-full border-0 bg-white"
              />
            )
          )}
          {(!ready || (count > 0 && loadedSrc !== src)) && !(ticket && 'failed' in ticket) && <PreviewSkeleton />}
        </div>
      </div>
    </PopupFrame>
  );
}

/** Grey cards in the shape of the previews while the frame loads. */
function PreviewSkeleton() {
  return (
    <div
      className="absolute inset-0 space-y-4 overflow-hidden bg-gray-100 p-5"
      aria-busy="true"
      aria-label="Loading previews"
      data-testid="section-skeleton"
    >
      {[0, 1].map((i) => (
        <div key={i} className="overflow-hidden rounded-md bg-white ring-1 ring-gray-200">
          <div className="flex h-9 items-center justify-between border-b border-gray-100 px-3">
            <div className="h-2.5 w-32 animate-pulse rounded bg-gray-200" />
            <div className="h-6 w-14 animate-pulse rounded bg-gray-200" />
          </div>
          <div className="space-y-3 p-6">
            <div className="h-4 w-1/2 animate-pulse rounded bg-gray-100" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-gray-100" />
            <div className="h-24 w-full animate-pulse rounded bg-gray-100" />
          </div>
        </div>
      ))}
    </div>
  );
}
