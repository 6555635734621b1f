import { useEffect, useRef, useState } from 'react';
import iconChevronLeft from '@iconify-icons/lucide/chevron-left';
import iconChevronRight from '@iconify-icons/lucide/chevron-right';
import iconSearch from '@iconify-icons/lucide/search';
import { Iconify } from '../../../ui/Iconify.tsx';
import { addComponent } from '../../../site/actions/components.ts';
import { useAction } from '../../../site/actions/useAction.ts';
import { useEditor } from '../../../site/store/context.tsx';
import { nodeName, type ComponentType } from '../../../site/store/document.ts';
import { PopupFrame } from '../../../ui/popup/PopupFrame.tsx';
import { COMPONENT_CATEGORIES, COMPONENT_KINDS, searchComponents, type ComponentCategoryId, type ComponentKind } from './catalog.ts';

/**
 * The Add component popup (spec 001 §2): a home view with the categories and a search box, and a
 * category view with its types. Choosing a type adds it to the popup's container at its index.
 */
export function AddComponent({ container, index, onClose }: { container: string; index?: number; onClose(): void }) {
  const containerName = useEditor((s) => nodeName(s.nodes.get(container), container));
  const { enabled, run } = useAction(addComponent);
  const [category, setCategory] = useState<ComponentCategoryId | null>(null);
  const [query, setQuery] = useState('');
  const [adding, setAdding] = useState<ComponentType | null>(null);
  const back = useRef<HTMLButtonElement>(null);
  const home = useRef<HTMLUListElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const cameFrom = useRef<ComponentCategoryId | null>(null);

  // Switching views moves focus with it: into the category (its back button), or back to the category left.
  useEffect(() => {
    if (category) {
      cameFrom.current = category;
      back.current?.focus();
    } else if (cameFrom.current) {
      home.current?.querySelector<HTMLElement>(`[data-category="${cameFrom.current}"]`)?.focus();
    }
  }, [category]);

  function choose(type: ComponentType) {
    if (adding) return;
    setAdding(type);
    // The canvas shows a placeholder where it goes at once, and the answer (offline, maybe minutes
    // later) puts the component there or takes the placeholder back with its reason: the popup is done.
    void run({ type, container, label: COMPONENT_KINDS[type].label, ...(index !== undefined ? { index } : {}) });
    onClose();
  }

  const open = COMPONENT_CATEGORIES.find((c) => c.id === category);
  const results = open ? [] : searchComponents(query);

  return (
    <PopupFrame title="Add component" onClose={onClose} testId="add-component">
      {open ? (
        <div className="flex h-9 shrink-0 items-center gap-1 border-b border-gray-100 px-1.5">
          <button
            ref={back}
            type="button"
            onClick={() => setCategory(null)}
            className="flex h-7 items-center gap-1 rounded pr-2 pl-1 text-[12px] text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <Iconify icon={iconChevronLeft} className="size-4" />
            Categories
          </button>
          <span className="text-[12px] text-gray-400" aria-hidden="true">
            /
          </span>
          <h3 className="pl-1 text-[12px] font-semibold text-gray-900">{open.label}</h3>
        </div>
      ) : (
        <div className="shrink-0 p-2 pb-1">
          <label className="flex h-8 items-center gap-2 rounded-md bg-gray-100 px-2 text-gray-500 ring-brand-600 focus-within:bg-white focus-within:ring-2">
            <Iconify icon={iconSearch} className="size-3.5" />
            <input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && results[0]) {
                  e.preventDefault();
                  choose(results[0].type);
                }
                // Down from the search box goes to the first category or result.
                if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  body.current?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
                }
              }}
              placeholder="Search components"
              aria-label="Search components"
              className="h-full min-w-0 flex-1 bg-transparent text-[12px] text-gray-900 outline-none placeholder:text-gray-500"
              data-autofocus
            />
          </label>
        </div>
      )}

      <div ref={body} className="min-h-0 flex-1 overflow-y-auto p-2 pt-1">
        {open ? (
          <TypeGrid
            kinds={open.types.map((t) => COMPONENT_KINDS[t])}
            label={open.label}
            adding={adding}
            disabled={!enabled}
            onChoose={choose}
          />
        ) : query.trim() ? (
          results.length > 0 ? (
            <TypeGrid kinds={results} label="Search results" adding={adding} disabled={!enabled} onChoose={choose} />
          ) : (
            <p className="px-2 py-6 text-center text-[12px] text-gray-600" role="status">
              No component matches “{query.trim()}”
            </p>
          )
        ) : (
          <ul ref={home} aria-label="Categories" className="space-y-px" onKeyDown={moveInList}>
            {COMPONENT_CATEGORIES.map((c) => (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => setCategory(c.id)}
                  data-category={c.id}
                  className="group flex h-8 w-full items-center gap-2.5 rounded px-2 text-left text-[12px] text-gray-800 hover:bg-gray-100"
                >
                  <span className="flex size-6 items-center justify-center rounded bg-gray-100 text-gray-600 group-hover:bg-white">
                    <Iconify icon={c.icon} className="size-3.5" />
                  </span>
                  <span className="flex-1">{c.label}</span>
                  <span className="text-[11px] text-gray-500 tabular-nums">
                    {c.types.length}
                    <span className="sr-only"> types</span>
                  </span>
                  <Iconify icon={iconChevronRight} className="size-3.5 text-gray-400" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="shrink-0 truncate border-t border-gray-100 px-3 py-1.5 text-[11px] text-gray-600" data-testid="add-component-target">
        Into <span className="font-medium text-gray-800">{containerName}</span>
      </p>
    </PopupFrame>
  );
}

function TypeGrid({
  kinds,
  label,
  adding,
  disabled,
  onChoose,
}: {
  kinds: readonly ComponentKind[];
  label: string;
  adding: ComponentType | null;
  disabled: boolean;
  onChoose(type: ComponentType): void;
}) {
  return (
    <ul aria-label={label} className="grid grid-cols-3 gap-1.5" onKeyDown={moveInGrid}>
      {kinds.map((kind) => (
        <li key={kind.type}>
          <button
            type="button"
            onClick={() => onChoose(kind.type)}
            disabled={disabled || (adding !== null && adding !== kind.type)}
            aria-busy={adding === kind.type || undefined}
            title={kind.label}
            className={`flex h-16 w-full flex-col items-center justify-center gap-1.5 rounded-md px-1 text-center text-[11px] leading-tight ring-1 ring-gray-200 transition-colors ring-inset hover:bg-brand-50 hover:text-brand-800 hover:ring-brand-300 disabled:cursor-not-allowed disabled:opacity-50 ${
              adding === kind.type ? 'bg-brand-50 text-brand-800 ring-brand-400' : 'bg-white text-gray-700'
            }`}
          >
            <Iconify icon={kind.icon} className="size-5 opacity-80" />
            <span className="line-clamp-2">{kind.label}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Arrow keys move between the buttons of a list as they are laid out (`columns` to a row); Tab leaves it. */
const arrowKeys = (columns: number) => (event: React.KeyboardEvent<HTMLUListElement>) => {
  const steps: Record<string, number> = { ArrowUp: -columns, ArrowDown: columns, ...(columns > 1 ? { ArrowLeft: -1, ArrowRight: 1 } : {}) };
  const step = steps[event.key];
  if (step === undefined) return;
  const tiles = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button')];
  const at = tiles.indexOf(document.activeElement as HTMLButtonElement);
  const next = tiles[at + step];
  if (at < 0 || !next) return;
  event.preventDefault();
  next.focus();
};
const moveInGrid = arrowKeys(3);
const moveInList = arrowKeys(1);
