import { useId, type ReactNode } from 'react';
import { locText, withLocText } from '../../lib/languages.ts';
import { useSettings } from '../store/index.ts';
import { useSetting } from './context.ts';
import { INPUT, INVALID, Row, Toggle } from '../../ui/form/controls.tsx';

const tooLong = (max: number) => `At most ${max} characters`;

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
}

export function TextSetting({ path, label, help, placeholder, type = 'text', max, multiline, mono, check, disabled }: TextProps) {
  const id = useId();
  const s = useSetting(path);
  const setFieldError = useSettings((st) => st.setFieldError);
  const text = typeof s.value === 'string' ? s.value : s.value == null ? '' : String(s.value);
  const over = max !== undefined && text.length > max;
  return (
    <Row
      id={id}
      label={label}
      help={help}
      error={s.error}
      changed={s.changed}
      aside={max !== undefined && <Counter length={text.length} max={max} live />}
    >
      <TextBox
        id={id}
        value={text}
        placeholder={placeholder}
        disabled={disabled || s.form.readOnly}
        invalid={Boolean(s.error) || over}
        described={Boolean(s.error || help || over)}
        onChange={(value) => {
          s.set(value);
          // The client's own check holds the save back until the value is fixed.
          const problem = check?.(value) ?? (max !== undefined && value.length > max ? tooLong(max) : null);
          if (problem) setFieldError(path, problem);
        }}
        type={type}
        multiline={multiline}
        rows={mono ? 6 : 3}
        spellCheck={!mono}
        className={mono ? 'font-mono text-xs' : ''}
      />
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
  const aside = (
    <span className="flex items-center gap-2">
      {languages.length > 1 && (
        <span className="rounded bg-gray-100 px-1.5 py-px text-[11px] font-medium text-gray-700 uppercase">{language}</span>
      )}
      {max !== undefined && <Counter length={text.length} max={max} />}
    </span>
  );
  return (
    <Row id={id} label={label} help={help} error={s.error} changed={s.changed} aside={aside}>
      <TextBox
        id={id}
        value={text}
        placeholder={fallback || placeholder}
        disabled={s.form.readOnly}
        invalid={Boolean(s.error) || over}
        described={Boolean(s.error || help || over)}
        onChange={(value) => {
          s.set(withLocText(s.value, language, main, languages, value));
          if (max !== undefined && value.length > max) setFieldError(path, tooLong(max));
        }}
        multiline={multiline}
      />
    </Row>
  );
}

/** "n / max" beside a label, red when the text is longer (spec 002 §5: descriptions have a character counter). */
function Counter({ length, max, live = false }: { length: number; max: number; live?: boolean }) {
  return (
    <span
      className={`text-[11px] tabular-nums ${length > max ? 'font-medium text-red-700' : 'text-gray-600'}`}
      aria-live={live ? 'polite' : undefined}
    >
      {length} / {max}
    </span>
  );
}

/** A text setting's input, or its text area when `multiline`; described by its row's message. */
function TextBox({
  id,
  value,
  placeholder,
  disabled,
  invalid,
  described,
  onChange,
  multiline = false,
  rows = 3,
  type = 'text',
  spellCheck,
  className = '',
}: {
  id: string;
  value: string;
  placeholder: string | undefined;
  disabled: boolean;
  invalid: boolean;
  described: boolean;
  onChange(value: string): void;
  multiline?: boolean;
  rows?: number;
  type?: TextProps['type'];
  spellCheck?: boolean;
  className?: string;
}) {
  const common = {
    id,
    value,
    placeholder,
    disabled,
    'aria-invalid': invalid || undefined,
    'aria-describedby': described ? `${id}-message` : undefined,
    className: `${INPUT} ${className} ${invalid ? INVALID : ''}`,
  };
  return multiline ? (
    <textarea
      rows={rows}
      spellCheck={spellCheck}
      {...common}
      onChange={(e) => onChange(e.target.value)}
      className={`${common.className} resize-y py-1.5 leading-5`}
    />
  ) : (
    <input type={type} {...common} onChange={(e) => onChange(e.target.value)} className={`${common.className} h-8`} />
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
