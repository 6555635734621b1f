import { useState, type ReactNode } from 'react';

/** Shared look of the pickers' fields: the editor's density (12 px text, 28 px rows). */
export const fieldClass =
  'h-7 w-full min-w-0 rounded border border-gray-200 bg-gray-50 px-2 text-[12px] text-gray-900 outline-none hover:border-gray-300 focus:border-brand-500 focus:bg-white aria-[invalid=true]:border-red-500 disabled:opacity-50';

export const buttonClass =
  'inline-flex h-7 items-center justify-center gap-1.5 rounded border border-gray-200 bg-white px-2.5 text-[12px] font-medium text-gray-800 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-50';

export const primaryButtonClass =
  'inline-flex h-7 items-center justify-center gap-1.5 rounded bg-brand-600 px-2.5 text-[12px] font-medium text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50';

/** A field's message, announced when it appears; its id is the field's aria-describedby. */
export function FieldError({ id, error, className = '' }: { id?: string; error: string | null | undefined; className?: string }) {
  return (
    <p id={id} role={error ? 'alert' : undefined} className={`text-[11px] text-red-700 empty:hidden ${error ? 'mt-1' : ''} ${className}`}>
      {error ?? ''}
    </p>
  );
}

/** A row of tabs (role tablist) at the editor's density; the panel below is the caller's. */
export function Tabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  idPrefix,
}: {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: NoInfer<T>;
  onChange(value: NoInfer<T>): void;
  idPrefix: string;
}) {
  return (
    <div
      role="tablist"
      aria-label={label}
      className="flex shrink-0 gap-0.5 overflow-x-auto border-b border-gray-200 px-2 [scrollbar-width:none]"
    >
      {tabs.map((tab, i) => (
        <button
          key={tab.value}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.value}`}
          aria-selected={tab.value === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={tab.value === value ? 0 : -1}
          onClick={() => onChange(tab.value)}
          onKeyDown={(e) => {
            const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
            if (!step) return;
            e.preventDefault();
            const next = tabs[(i + step + tabs.length) % tabs.length]!;
            onChange(next.value);
            document.getElementById(`${idPrefix}-tab-${next.value}`)?.focus();
          }}
          className="-mb-px h-8 shrink-0 border-b-2 border-transparent px-2 text-[12px] whitespace-nowrap font-medium text-gray-600 hover:text-gray-900 aria-selected:border-brand-600 aria-selected:text-gray-900"
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({
  idPrefix,
  value,
  children,
  className = '',
}: {
  idPrefix: string;
  value: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel`}
      aria-labelledby={`${idPrefix}-tab-${value}`}
      className={`flex min-h-0 flex-1 flex-col ${className}`}
    >
      {children}
    </div>
  );
}

/** A field's draft that follows its value whenever the value changes from outside (no effect needed). */
export function useDraft<T>(value: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (!Object.is(value, seen)) {
    setSeen(value);
    setDraft(value);
  }
  return [draft, setDraft];
}
