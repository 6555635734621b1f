import { useId, type InputHTMLAttributes } from 'react';
import { Spinner } from '../../ui/Icon.tsx';

/** The popups' compact controls (EDITOR-UX "Density and calm": 12-13 px text, 28 px rows, one accent). */

const BUTTONS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 active:bg-brand-800',
  secondary: 'bg-white text-gray-800 ring-1 ring-gray-300 ring-inset hover:bg-gray-50',
  ghost: 'text-gray-700 hover:bg-gray-100',
};

export function popupButton(variant: keyof typeof BUTTONS = 'primary', extra = ''): string {
  return `inline-flex h-7 items-center justify-center gap-1.5 rounded-md px-2.5 text-[12px] font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${BUTTONS[variant]} ${extra}`;
}

export function PopupButton({
  variant = 'primary',
  busy = false,
  className = '',
  type = 'button',
  disabled,
  children,
  ...rest
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof BUTTONS; busy?: boolean }) {
  return (
    <button type={type} className={popupButton(variant, className)} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy && <Spinner className="size-3.5" />}
      {children}
    </button>
  );
}

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onChange(value: string): void;
  /** Shown under the field in red, and read with it (aria-describedby). */
  error?: string | null;
  hint?: string;
}

/** A labelled text input with its error or hint beneath it. */
export function PopupField({ label, value, onChange, error, hint, className = '', ...rest }: FieldProps) {
  const id = useId();
  const message = error ?? hint;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-[11px] font-medium text-gray-700">
        {label}
      </label>
      <input
        {...rest}
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        className={`h-7 w-full rounded-md bg-white px-2 text-[12px] text-gray-900 ring-1 ring-inset placeholder:text-gray-500 focus:ring-2 focus:outline-none ${
          error ? 'ring-red-500 focus:ring-red-600' : 'ring-gray-300 focus:ring-brand-600'
        }`}
      />
      {message && (
        <p
          id={`${id}-message`}
          className={`mt-1 text-[11px] leading-4 ${error ? 'text-red-700' : 'text-gray-600'}`}
          role={error ? 'alert' : undefined}
        >
          {message}
        </p>
      )}
    </div>
  );
}
