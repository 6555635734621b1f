import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

const INPUT =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-gray-900 shadow-sm ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-gray-50 disabled:text-gray-500';
const INVALID = 'ring-red-500 focus:ring-red-600';

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** The message shown beside the field; the field is marked invalid while it is set. */
  error?: string | null | false;
  hint?: ReactNode;
  /** Marks the field invalid without a message of its own (the form's error explains it). */
  invalid?: boolean;
  /** Content after the label, on the right (e.g. a "Forgot password?" link). */
  aside?: ReactNode;
}

export function TextField({ label, error, hint, invalid, aside, id, className = '', ...input }: FieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const bad = Boolean(error) || invalid;
  // Only ids that are on the page: the hint gives way to the error.
  const describedBy = (error ? errorId : hint ? hintId : null) ?? undefined;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {aside}
      </div>
      <input
        id={inputId}
        className={`${INPUT} ${bad ? INVALID : ''}`}
        aria-invalid={bad || undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {error && (
        <p id={errorId} className="mt-1.5 text-sm text-red-700" data-field-error>
          {error}
        </p>
      )}
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-sm text-gray-600">
          {hint}
        </p>
      )}
    </div>
  );
}

interface TextAreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | null | false;
}

export function TextArea({ label, error, id, ...rest }: TextAreaProps) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-gray-800">
        {label}
      </label>
      <textarea
        id={inputId}
        className={`${INPUT} min-h-32 resize-y ${error ? INVALID : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        {...rest}
      />
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

export function Checkbox({
  label,
  error,
  id,
  ...rest
}: { label: ReactNode; error?: string | null | false } & InputHTMLAttributes<HTMLInputElement>) {
  const auto = useId();
  const inputId = id ?? auto;
  return (
    <div>
      <div className="flex items-start gap-2.5">
        <input
          id={inputId}
          type="checkbox"
          className="mt-0.5 size-4 rounded border-gray-300 accent-brand-600"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          {...rest}
        />
        <label htmlFor={inputId} className="text-sm text-gray-700">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${inputId}-error`} className="mt-1.5 text-sm text-red-700" data-field-error>
          {error}
        </p>
      )}
    </div>
  );
}

/** The form's own message (not one field's), above its fields; nothing when there is none. */
export function FormAlert({ children, className = '' }: { children: ReactNode; className?: string }) {
  if (!children) return null;
  return (
    <div
      role="alert"
      className={`rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-800 ring-1 ring-red-200 ring-inset ${className}`}
      data-form-error
    >
      {children}
    </div>
  );
}
