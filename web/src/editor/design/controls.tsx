import { useCallback, useId, useState, type ReactNode } from 'react';
import type { OnInvalid } from '../../site/actions/theme.ts';

/**
 * The design panels' controls, at the density of a style panel (12 px text, 28 px rows, neutral greys):
 * a titled section, a labelled row, a text field that saves on Enter or leaving it, a segmented choice
 * and a select. Each says in place why the server refused a value.
 */

export const inputClass =
  'h-7 w-full min-w-0 rounded border border-gray-200 bg-gray-50 px-2 text-[12px] text-gray-900 outline-none hover:border-gray-300 focus:border-brand-500 focus:bg-white aria-[invalid=true]:border-red-500 disabled:opacity-50';

export function PanelSection({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-b border-gray-200 px-3 pt-2 pb-3">
      <div className="flex h-7 items-center justify-between">
        <h3 id={id} className="text-[11px] font-semibold tracking-wide text-gray-500 uppercase">
          {title}
        </h3>
        {action}
      </div>
      <div className="flex flex-col gap-1.5">{children}</div>
    </section>
  );
}

/** A label on the left, the control on the right, its message under both. */
export function Row({
  label,
  htmlFor,
  children,
  error,
  errorId,
  stacked = false,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  error?: string | null;
  errorId?: string;
  /** The label above the control, for controls that need the panel's width (segmented scales). */
  stacked?: boolean;
}) {
  return (
    <div>
      <div className={stacked ? 'flex flex-col gap-1' : 'grid min-h-7 grid-cols-[var(--label-w,84px)_minmax(0,1fr)] items-center gap-2'}>
        {htmlFor ? (
          <label htmlFor={htmlFor} title={label} className="truncate text-[12px] text-gray-600">
            {label}
          </label>
        ) : (
          <span title={label} className="truncate text-[12px] text-gray-600">
            {label}
          </span>
        )}
        <div className="flex min-w-0 items-center gap-1.5">{children}</div>
      </div>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/** The server's word on the value, under its control (in line with the control when `inset`). */
export function FieldMessage({ id, error, inset = true }: { id?: string; error?: string | null; inset?: boolean }) {
  return (
    <p
      id={id}
      role={error ? 'alert' : undefined}
      className={error ? `mt-1 ${inset ? 'pl-[calc(var(--label-w,84px)+8px)]' : ''} text-[11px] leading-snug text-red-700` : 'sr-only'}
    >
      {error ?? ''}
    </p>
  );
}

/** The message the server gave for the last value this control sent; cleared when it sends again. */
export function useInvalid(): { error: string | null; onInvalid: OnInvalid; clear: () => void } {
  const [error, setError] = useState<string | null>(null);
  const onInvalid = useCallback<OnInvalid>((message) => setError(message), []);
  const clear = useCallback(() => setError(null), []);
  return { error, onInvalid, clear };
}

/** A value the user types and the editor saves on Enter or on leaving the field; Escape puts the saved one back. */
export function CommitInput({
  id,
  label,
  value,
  onCommit,
  error,
  errorId,
  placeholder,
  disabled,
  className = '',
  mono = false,
  list,
}: {
  /** The id of a datalist of suggestions. */
  list?: string;
  id?: string;
  label?: string;
  value: string;
  onCommit: (value: string) => void;
  error?: string | null;
  errorId?: string;
  placeholder?: string;
  disabled?: boolean;
  className?: string;
  mono?: boolean;
}) {
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  // What was last sent: leaving the field does not send a refused value a second time (Enter does).
  const [sent, setSent] = useState<string | null>(null);
  // A new saved value (this edit's answer, an undo, someone else's edit) replaces the draft.
  if (value !== saved) {
    setSaved(value);
    setDraft(value);
    setSent(null);
  }
  const commit = (again: boolean) => {
    const next = draft.trim();
    if (next === value || (!again && next === sent)) return;
    setSent(next);
    onCommit(next);
  };
  return (
    <input
      id={id}
      aria-label={label}
      list={list}
      value={draft}
      placeholder={placeholder}
      disabled={disabled}
      spellCheck={false}
      autoComplete="off"
      aria-invalid={error ? true : undefined}
      aria-describedby={errorId}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => commit(false)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit(true);
        else if (e.key === 'Escape') {
          setDraft(value);
          e.currentTarget.blur();
        } else return;
        e.preventDefault();
      }}
      className={`${inputClass} ${mono ? 'font-mono' : ''} ${className}`}
    />
  );
}

/** A labelled row of one `CommitInput`, the server's word on the value under it; `onCommit` passes `onInvalid` on to the action. */
export function CommitRow({
  label,
  onCommit,
  ...input
}: {
  label: string;
  value: string;
  placeholder?: string;
  mono?: boolean;
  disabled?: boolean;
  onCommit: (value: string, onInvalid: OnInvalid) => void;
}) {
  const { error, onInvalid, clear } = useInvalid();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Row label={label} htmlFor={id} error={error} errorId={errorId}>
      <CommitInput
        id={id}
        {...input}
        error={error}
        errorId={errorId}
        onCommit={(next) => {
          clear();
          onCommit(next, onInvalid);
        }}
      />
    </Row>
  );
}

/** One of a few values, side by side (appearance, scales); a radio group underneath. */
export function Segmented<T extends string | number>({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: ReadonlyArray<{ value: T; label: string }>;
  value: T;
  onChange: (value: T) => void;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={label} className="flex h-7 w-full rounded bg-gray-100 p-0.5">
      {options.map((option) => (
        <label
          key={String(option.value)}
          className="flex flex-1 cursor-pointer items-center justify-center rounded-[3px] text-[11px] text-gray-600 tabular-nums has-checked:bg-white has-checked:font-medium has-checked:text-gray-900 has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-disabled:cursor-not-allowed"
        >
          <input
            type="radio"
            name={name}
            className="sr-only"
            checked={option.value === value}
            disabled={disabled}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

export function Select({
  id,
  value,
  options,
  onChange,
  disabled,
  label,
}: {
  id?: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className={`${inputClass} pr-6`}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
