import { useId, type ButtonHTMLAttributes, type ReactNode } from 'react';

export const INPUT =
  'block w-full rounded-md border-0 bg-white px-2.5 text-[13px] text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-gray-50 disabled:text-gray-600';
export const INVALID = 'ring-red-500 focus:ring-red-600';

/** A group of settings under a heading, as in Webflow's site settings. */
export function Section({
  title,
  description,
  children,
  aside,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  aside?: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-b border-gray-200 py-6 first:pt-0 last:border-b-0">
      <div className="mb-4 flex items-start justify-between gap-4">
        <div>
          <h2 id={id} className="text-[13px] font-semibold text-gray-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-xs leading-5 text-gray-600">{description}</p>}
        </div>
        {aside}
      </div>
      <div className="space-y-4">{children}</div>
    </section>
  );
}

interface RowProps {
  id: string;
  label: string;
  help?: ReactNode;
  error?: string | null;
  changed?: boolean;
  aside?: ReactNode;
  children: ReactNode;
}

/** Label, control, then the message (or the help text) below it. */
export function Row({ id, label, help, error, changed, aside, children, control = true }: RowProps & { control?: boolean }) {
  // Without a single control to name (a picture setting's buttons name themselves), the label is a caption.
  const Label = control ? 'label' : 'span';
  return (
    <div>
      <div className="mb-1 flex items-baseline justify-between gap-2">
        <Label
          htmlFor={control ? id : undefined}
          id={control ? undefined : `${id}-label`}
          className="flex items-center gap-1.5 text-xs font-medium text-gray-800"
        >
          {label}
          {changed && <span className="size-1.5 rounded-full bg-brand-600" title="Changed" aria-hidden="true" />}
        </Label>
        {aside}
      </div>
      {children}
      {error ? (
        <p id={`${id}-message`} className="mt-1 text-xs text-red-700" data-field-error>
          {error}
        </p>
      ) : (
        help && (
          <p id={`${id}-message`} className="mt-1 text-xs leading-5 text-gray-600">
            {help}
          </p>
        )
      )}
    </div>
  );
}

export function Toggle({
  id,
  label,
  help,
  on,
  changed,
  error,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  help?: ReactNode;
  on: boolean;
  changed?: boolean;
  error?: string | null;
  disabled?: boolean;
  onChange(next: boolean): void;
}) {
  return (
    <div className="flex items-start justify-between gap-6">
      <div className="min-w-0">
        <span id={`${id}-label`} className="flex items-center gap-1.5 text-xs font-medium text-gray-800">
          {label}
          {changed && <span className="size-1.5 rounded-full bg-brand-600" title="Changed" aria-hidden="true" />}
        </span>
        {(error || help) && (
          <p id={`${id}-message`} className={`mt-0.5 text-xs leading-5 ${error ? 'text-red-700' : 'text-gray-600'}`}>
            {error ?? help}
          </p>
        )}
      </div>
      <Switch
        id={id}
        on={on}
        onChange={onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={error || help ? `${id}-message` : undefined}
        disabled={disabled}
        className="mt-0.5"
      />
    </div>
  );
}

/** An on/off switch; its name comes from `aria-label` or `aria-labelledby`. */
export function Switch({
  on,
  onChange,
  className = '',
  ...button
}: { on: boolean; onChange(next: boolean): void } & Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onChange' | 'onClick' | 'type' | 'role'
>) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      onClick={() => onChange(!on)}
      className={`relative inline-flex h-[18px] w-8 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${on ? 'bg-brand-600' : 'bg-gray-300'} ${className}`}
      {...button}
    >
      <span
        className={`inline-block size-3.5 rounded-full bg-white shadow-sm transition-transform ${on ? 'translate-x-4' : 'translate-x-0.5'}`}
      />
    </button>
  );
}
