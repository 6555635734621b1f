import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useEditor } from '../../site/store/context.tsx';
import type { DataSetting } from '../inspector/schema.ts';
import { useCollections } from './collections.ts';
import { fittingFields, isBinding, scopeCollection } from './fields.ts';
import { fieldName } from './state.ts';

/**
 * A bindable row inside a bound scope (a collection page, a repeat or an item source): the row's input
 * with a button listing the scope's fields that fit the row; a bound row shows the field as a chip with
 * a button to unbind it (issue 26 "Binding by picking"). Outside a scope the input shows alone.
 */
export function FieldBinding({
  row,
  componentId,
  value,
  disabled,
  onCommit,
  children,
}: {
  row: DataSetting;
  componentId: string;
  value: unknown;
  disabled: boolean;
  onCommit(value: unknown): void;
  children: ReactNode;
}) {
  const siteId = useEditor((s) => s.siteId);
  const language = useEditor((s) => s.language);
  const collectionId = useEditor((s) =>
    scopeCollection(
      componentId,
      s.nodes,
      s.pages.find((p) => p.id === s.pageId),
    ),
  );
  const bound = isBinding(value) ? value : null;
  if (!collectionId && !bound) return <>{children}</>;
  return (
    <Scoped
      siteId={siteId}
      collectionId={collectionId}
      row={row}
      bound={bound?._bind ?? null}
      language={language}
      disabled={disabled}
      onBind={(field) => onCommit(field === null ? null : { _bind: field })}
    >
      {children}
    </Scoped>
  );
}

function Scoped({
  siteId,
  collectionId,
  row,
  bound,
  language,
  disabled,
  onBind,
  children,
}: {
  siteId: string;
  collectionId: string | null;
  row: DataSetting;
  bound: string | null;
  language: string;
  disabled: boolean;
  onBind(field: string | null): void;
  children: ReactNode;
}) {
  const collections = useCollections(siteId);
  const collection = collections?.find((c) => c.id === collectionId);
  const fields = collection ? fittingFields(row, collection.schema) : [];
  const boundField = collection?.schema.find((f) => f.id === bound);
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('[role="menuitemradio"]')?.focus();
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as globalThis.Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const label = row.label;
  return (
    <div ref={box} className="relative flex min-w-0 flex-1 items-center gap-1">
      {bound !== null ? (
        <span
          role="group"
          aria-label={`${label}: bound to ${boundField ? fieldName(boundField, language) : bound}`}
          className="flex h-6 min-w-0 flex-1 items-center gap-0.5 rounded-full bg-violet-50 pr-0.5 pl-1.5 text-[11px] font-medium text-violet-800 ring-1 ring-violet-200"
          data-binding={bound}
          title={boundField ? fieldName(boundField, language) : bound}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3 shrink-0 fill-none stroke-current stroke-[1.6]">
            <path d="M6.5 9.5l3-3M7 4.5l1-1a2.5 2.5 0 013.5 3.5l-1 1M9 11.5l-1 1A2.5 2.5 0 014.5 9l1-1" />
          </svg>
          <span className="truncate">{boundField ? fieldName(boundField, language) : bound}</span>
          <button
            type="button"
            aria-label={`Unbind ${label}`}
            title="Unbind"
            disabled={disabled}
            onClick={() => onBind(null)}
            className="ml-auto grid size-4 shrink-0 place-items-center rounded-full text-violet-700 hover:bg-violet-100 disabled:opacity-50"
          >
            ×
          </button>
        </span>
      ) : (
        children
      )}
      {collectionId && fields.length > 0 && (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={open}
          aria-label={`${label}: bind to a field`}
          title="Bind to a field"
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
          className={`grid size-6 shrink-0 place-items-center rounded border text-[11px] hover:bg-violet-50 disabled:opacity-50 ${
            bound !== null ? 'border-violet-300 text-violet-700' : 'border-gray-200 text-gray-500'
          }`}
        >
          <svg aria-hidden="true" viewBox="0 0 16 16" className="size-3.5 fill-none stroke-current stroke-[1.6]">
            <ellipse cx="8" cy="4" rx="5" ry="2" />
            <path d="M3 4v8c0 1.1 2.2 2 5 2s5-.9 5-2V4M3 8c0 1.1 2.2 2 5 2s5-.9 5-2" />
          </svg>
        </button>
      )}
      {open && (
        <div
          role="menu"
          aria-label={`Fields of ${collection ? collection.name : collectionId}`}
          className="absolute top-7 right-0 z-30 w-48 rounded-md border border-gray-200 bg-white p-1 shadow-lg"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setOpen(false);
            } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
              e.preventDefault();
              const items = [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
              const at = items.indexOf(document.activeElement as HTMLElement);
              items[(at + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length]?.focus();
            }
          }}
        >
          <div className="px-2 py-1 text-[10px] font-semibold tracking-wide text-gray-500 uppercase">
            {collection ? collection.name : collectionId} fields
          </div>
          {fields.map((f) => (
            <button
              key={f.id}
              type="button"
              role="menuitemradio"
              aria-checked={f.id === bound}
              onClick={() => {
                setOpen(false);
                onBind(f.id);
              }}
              className="flex w-full items-center justify-between gap-2 rounded px-2 py-1 text-left text-[12px] text-gray-800 hover:bg-violet-50 focus:bg-violet-50 focus:outline-none"
            >
              <span className="truncate">{fieldName(f, language)}</span>
              <span className="text-[10px] text-gray-400">{f.type}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
