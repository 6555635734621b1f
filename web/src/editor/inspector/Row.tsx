import { useCallback, useState, type ReactNode } from 'react';
import iconEllipsis from '@iconify-icons/lucide/ellipsis';
import { Iconify } from '../../ui/Iconify.tsx';
import { useOutside } from './controls.tsx';
import { REQUIRED } from './formValues.ts';

/** Where a row's value comes from: set at this variant, taken from another one, or the default. */
export type RowState = { kind: 'set' } | { kind: 'inherited'; from: string } | { kind: 'default' };

export interface RowMenuItem {
  label: string;
  disabled?: boolean;
  run(): void;
}

/**
 * One setting row: label (11-12 px, left column), control (right column), a menu of row actions
 * (reset, copy, paste, undo) and the row's message. The label's colour says where the value comes from.
 */
export function Row({
  label,
  htmlFor,
  children,
  state = { kind: 'default' },
  menu,
  error,
  errorId,
  validating = false,
  required = false,
  changed = false,
  rowId,
  below,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  state?: RowState;
  menu?: readonly RowMenuItem[];
  error?: string | null;
  errorId?: string;
  validating?: boolean;
  /** Shows the Required badge (spec 001 §5). */
  required?: boolean;
  /** Changed since the panel opened (spec 001 §4 "Forms"). */
  changed?: boolean;
  rowId?: string;
  below?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useOutside(open, close);
  const tone =
    state.kind === 'set'
      ? 'text-brand-700 bg-brand-50 rounded px-1 -mx-1'
      : state.kind === 'inherited'
        ? 'text-amber-700'
        : 'text-gray-600';
  const title = state.kind === 'inherited' ? `${label} (from ${state.from || 'base'})` : label;
  return (
    <div data-row={rowId} data-state={state.kind} aria-busy={validating || undefined}>
      <div className="grid min-h-7 grid-cols-[92px_minmax(0,1fr)_18px] items-center gap-x-1.5">
        <span className="flex min-w-0 items-center gap-1">
          {htmlFor ? (
            <label htmlFor={htmlFor} title={title} className={`truncate text-[11px] ${tone}`}>
              {label}
            </label>
          ) : (
            <span title={title} className={`truncate text-[11px] ${tone}`}>
              {label}
            </span>
          )}
          {changed && <span className="size-1.5 shrink-0 rounded-full bg-brand-500" title="Changed" aria-label="Changed" role="img" />}
        </span>
        <div className="flex min-w-0 items-center gap-1">{children}</div>
        {menu && menu.length > 0 ? (
          <div ref={ref} className="relative">
            <button
              type="button"
              aria-label={`${label} options`}
              aria-haspopup="menu"
              aria-expanded={open}
              onClick={() => setOpen((o) => !o)}
              className="grid size-[18px] place-items-center rounded text-gray-400 hover:bg-gray-100 hover:text-gray-800"
            >
              <Iconify icon={iconEllipsis} className="size-3.5" />
            </button>
            {open && (
              <div
                role="menu"
                aria-label={`${label} options`}
                className="absolute top-5 right-0 z-30 w-36 rounded-md border border-gray-200 bg-white py-1 text-[12px] shadow-lg"
              >
                {menu.map((item) => (
                  <button
                    key={item.label}
                    type="button"
                    role="menuitem"
                    disabled={item.disabled}
                    onClick={() => {
                      setOpen(false);
                      item.run();
                    }}
                    className="block w-full px-2.5 py-1 text-left text-gray-800 hover:bg-gray-100 disabled:text-gray-400 disabled:hover:bg-transparent"
                  >
                    {item.label}
                  </button>
                ))}
              </div>
            )}
          </div>
        ) : (
          <span />
        )}
      </div>
      {(required || validating) && (
        <div className="mt-0.5 flex gap-1 pl-[98px]">
          {required && (
            <span className="rounded bg-red-50 px-1 py-px text-[10px] font-medium text-red-700 ring-1 ring-red-200">{REQUIRED}</span>
          )}
          {validating && <span className="text-[10px] text-gray-500">Checking…</span>}
        </div>
      )}
      {below}
      <p
        id={errorId}
        role={error ? 'alert' : undefined}
        className={error ? 'mt-0.5 pl-[98px] text-[11px] leading-snug text-red-700' : 'sr-only'}
      >
        {error ?? ''}
      </p>
    </div>
  );
}
