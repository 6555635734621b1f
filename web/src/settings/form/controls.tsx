import { useId, type ReactNode } from 'react';
import { locText, withLocText } from '../languages.ts';
import { useSettings } from '../store/index.ts';
import { useSetting } from './context.ts';

export const INPUT =
  'block w-full rounded-md border-0 bg-white px-2.5 text-[13px] text-gray-900 shadow-xs ring-1 ring-gray-300 ring-inset placeholder:text-gray-500 focus:ring-2 focus:ring-brand-600 focus:outline-none disabled:bg-gray-50 disabled:text-gray-600';
export const INVALID = 'ring-red-500 focus:ring-red-600';

const tooLong = (max: number) => `At most ${max} characters`;

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

interface TextProps {
  path: string;
  label: string;
  help?: ReactNode;
  placeholder?: string;
  type?: 'text' | 'url' | 'email' | 'password';
  /** Shows "n / max" beside the label (spec 002 §5: descriptions have a character counter). */
  max?: number;
  multiline?: boolean;
  mono?: boolean;
  /** A message of the client's own, shown before the server is asked. */
  check?: (value: string) => string | null;
  disabled?: boolean;
  prefix?: string;
}

export function TextSetting({ path, label, help, placeholder, type = 'text', max, multiline, mono, check, disabled, prefix }: TextProps) {
  const id = useId();
  const s = useSetting(path);
  const setFieldError = useSettings((st) => st.setFieldError);
  const text = typeof s.value === 'string' ? s.value : s.value == null ? '' : String(s.value);
  const error = s.error;
  const over = max !== undefined && text.length > max;
  const counter = max !== undefined && (
    <span className={`text-[11px] tabular-nums ${over ? 'font-medium text-red-700' : 'text-gray-600'}`} aria-live="polite">
      {text.length} / {max}
    </span>
  );
  const common = {
    id,
    value: text,
    placeholder,
    disabled: disabled || s.form.readOnly,
    'aria-invalid': Boolean(error) || over || undefined,
    'aria-describedby': error || help || over ? `${id}-message` : undefined,
    onChange: (e: { target: { value: string } }) => {
      s.set(e.target.value);
      // The client's own check holds the save back until the value is fixed.
      const problem = check?.(e.target.value) ?? (max !== undefined && e.target.value.length > max ? tooLong(max) : null);
      if (problem) setFieldError(path, problem);
    },
    className: `${INPUT} ${mono ? 'font-mono text-xs' : ''} ${error || over ? INVALID : ''}`,
  };
  return (
    <Row id={id} label={label} help={help} error={error} changed={s.changed} aside={counter}>
      {multiline ? (
        <textarea rows={mono ? 6 : 3} {...common} className={`${common.className} resize-y py-1.5 leading-5`} spellCheck={!mono} />
      ) : prefix ? (
        <div
          className={`flex rounded-md shadow-xs ring-1 ring-gray-300 ring-inset focus-within:ring-2 focus-within:ring-brand-600 ${error ? INVALID : ''}`}
        >
          <span className="flex items-center rounded-l-md border-r border-gray-200 bg-gray-50 px-2 text-xs text-gray-600">{prefix}</span>
          <input type={type} {...common} className={`${common.className} h-8 rounded-l-none shadow-none ring-0 focus:ring-0`} />
        </div>
      ) : (
        <input type={type} {...common} className={`${common.className} h-8`} />
      )}
    </Row>
  );
}

/** A localized text (spec 002 §3 Loc): the form's language is edited; a one-language site keeps plain text. */
export function LocSetting({ path, label, help, placeholder, max, multiline }: Omit<TextProps, 'type' | 'mono' | 'check'>) {
  const id = useId();
  const s = useSetting(path);
  const setFieldError = useSettings((st) => st.setFieldError);
  const { languages, language } = s.form;
  const main = languages[0] ?? 'en';
  const text = locText(s.value, language, main);
  const over = max !== undefined && text.length > max;
  const fallback = language !== main ? locText(s.value, main, main) : '';
  const common = {
    id,
    value: text,
    placeholder: fallback || placeholder,
    disabled: s.form.readOnly,
    'aria-invalid': Boolean(s.error) || over || undefined,
    'aria-describedby': s.error || help || over ? `${id}-message` : undefined,
    onChange: (e: { target: { value: string } }) => {
      s.set(withLocText(s.value, language, main, languages, e.target.value));
      if (max !== undefined && e.target.value.length > max) setFieldError(path, tooLong(max));
    },
    className: `${INPUT} ${s.error || over ? INVALID : ''}`,
  };
  const aside = (
    <span className="flex items-center gap-2">
      {languages.length > 1 && (
        <span className="rounded bg-gray-100 px-1.5 py-px text-[11px] font-medium text-gray-700 uppercase">{language}</span>
      )}
      {max !== undefined && (
        <span className={`text-[11px] tabular-nums ${over ? 'font-medium text-red-700' : 'text-gray-600'}`}>
          {text.length} / {max}
        </span>
      )}
    </span>
  );
  return (
    <Row id={id} label={label} help={help} error={s.error} changed={s.changed} aside={aside}>
      {multiline ? (
        <textarea rows={3} {...common} className={`${common.className} resize-y py-1.5 leading-5`} />
      ) : (
        <input type="text" {...common} className={`${common.className} h-8`} />
      )}
    </Row>
  );
}

/** An on/off setting drawn as a switch; `defaultOn` is what an unset value means on the server. */
export function ToggleSetting({
  path,
  label,
  help,
  disabled,
  defaultOn = false,
}: {
  path: string;
  label: string;
  help?: ReactNode;
  disabled?: boolean;
  defaultOn?: boolean;
}) {
  const id = useId();
  const s = useSetting(path);
  const on = typeof s.value === 'boolean' ? s.value : defaultOn;
  return (
    <Toggle
      id={id}
      label={label}
      help={help}
      on={on}
      changed={s.changed}
      error={s.error}
      disabled={disabled || s.form.readOnly}
      // Back to the default on a setting that was never set is no change at all.
      onChange={(next) => s.set(next === defaultOn && typeof s.saved !== 'boolean' ? s.saved : next)}
    />
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
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={error || help ? `${id}-message` : undefined}
        disabled={disabled}
        onClick={() => onChange(!on)}
        className={`relative mt-0.5 inline-flex h-[18px] w-8 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50 ${on ? 'bg-brand-600' : 'bg-gray-300'}`}
      >
        <span
          className={`inline-block size-3.5 rounded-full bg-white shadow-sm transition-transform ${on ? 'translate-x-4' : 'translate-x-0.5'}`}
        />
      </button>
    </div>
  );
}

export function SelectSetting({
  path,
  label,
  help,
  options,
  fallback,
  disabled,
}: {
  path: string;
  label: string;
  help?: ReactNode;
  options: { value: string; label: string; disabled?: boolean }[];
  /** What an unset value means (the server's default). */
  fallback: string;
  disabled?: boolean;
}) {
  const id = useId();
  const s = useSetting(path);
  const value = typeof s.value === 'string' && s.value ? s.value : fallback;
  return (
    <Row id={id} label={label} help={help} error={s.error} changed={s.changed}>
      <select
        id={id}
        value={value}
        disabled={disabled || s.form.readOnly}
        aria-describedby={s.error || help ? `${id}-message` : undefined}
        onChange={(e) => s.set(e.target.value === fallback && (s.saved === undefined || s.saved === '') ? s.saved : e.target.value)}
        className={`${INPUT} h-8 pr-8`}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </Row>
  );
}

/** A hex colour with a swatch picker beside the text. */
export function ColorSetting({ path, label, help, placeholder }: { path: string; label: string; help?: ReactNode; placeholder: string }) {
  const id = useId();
  const s = useSetting(path);
  const text = typeof s.value === 'string' ? s.value : '';
  const valid = /^#[0-9a-f]{6}$/i.test(text);
  return (
    <Row id={id} label={label} help={help} error={s.error} changed={s.changed}>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} swatch`}
          value={valid ? text : placeholder}
          disabled={s.form.readOnly}
          onChange={(e) => s.set(e.target.value)}
          className="h-8 w-10 shrink-0 cursor-pointer rounded-md border-0 bg-white p-1 ring-1 ring-gray-300 ring-inset"
        />
        <input
          id={id}
          type="text"
          value={text}
          placeholder={placeholder}
          disabled={s.form.readOnly}
          aria-invalid={Boolean(s.error) || undefined}
          aria-describedby={s.error || help ? `${id}-message` : undefined}
          onChange={(e) => s.set(e.target.value)}
          className={`${INPUT} h-8 font-mono text-xs ${s.error ? INVALID : ''}`}
        />
      </div>
    </Row>
  );
}
