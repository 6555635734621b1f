import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Iconify } from '../../ui/Iconify.tsx';
import type { Option, StyleControl } from '../style/controls.ts';
import { clampRange, comboResults } from '../style/validators.ts';
import { PILL_ICONS } from './icons.ts';
import { GradientRow } from './GradientRow.tsx';
import { HAS_PICKER, PickerSlot } from './registry.tsx';
import type { ThemeColors } from '../../ui/pickers/ThemeShades.tsx';

/**
 * The inspector's inputs at a style panel's density (11-12 px, 26 px rows). Each commits one value
 * (Enter, leaving the field, a click, the end of a drag), which becomes one edit and one undo step.
 */

export const fieldClass =
  'h-[26px] w-full min-w-0 rounded border border-gray-200 bg-gray-50 px-1.5 text-[12px] text-gray-900 outline-none placeholder:text-gray-400 hover:border-gray-300 focus:border-brand-500 focus:bg-white aria-[invalid=true]:border-red-500 disabled:opacity-50';

interface Common {
  id: string;
  label: string;
  disabled?: boolean;
  /** What shows greyed when the value is not set here (inherited or default). */
  placeholder?: string;
}

/** A text field that commits on Enter and on leaving it; Escape puts the stored value back. */
export function CommitInput({
  id,
  label,
  value,
  onCommit,
  disabled,
  placeholder,
  invalid,
  describedBy,
  mono = false,
  onArrow,
}: Common & {
  value: string;
  onCommit(value: string): void;
  invalid?: boolean;
  describedBy?: string;
  mono?: boolean;
  /** Arrow up/down nudges (Shift ×10), as design tools' number fields do. */
  onArrow?(delta: number, current: string): string | null;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  const shown = draft ?? value;
  const commit = () => {
    if (draft !== null && draft !== value) onCommit(draft);
    setDraft(null);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit();
    } else if (e.key === 'Escape' && draft !== null) {
      e.stopPropagation();
      setDraft(null);
    } else if ((e.key === 'ArrowUp' || e.key === 'ArrowDown') && onArrow) {
      const next = onArrow((e.key === 'ArrowUp' ? 1 : -1) * (e.shiftKey ? 10 : 1), shown);
      if (next !== null) {
        e.preventDefault();
        setDraft(null);
        onCommit(next);
      }
    }
  };
  return (
    <input
      id={id}
      aria-label={label}
      value={shown}
      placeholder={placeholder}
      disabled={disabled}
      spellCheck={false}
      autoComplete="off"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={onKeyDown}
      className={`${fieldClass} ${mono ? 'font-mono text-[11px]' : ''}`}
    />
  );
}

/** Segmented buttons; alignment and direction show icons with the option's name as tooltip. */
export function Pills({
  id,
  label,
  options,
  value,
  onPick,
  disabled,
}: Common & { options: readonly Option[]; value: string; onPick(value: string): void }) {
  return (
    <div id={id} role="radiogroup" aria-label={label} className="flex h-[26px] min-w-0 flex-1 rounded bg-gray-100 p-0.5">
      {options.map((o) => {
        const icon = o.icon ? PILL_ICONS.get(o.icon) : undefined;
        const on = o.value === value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={on}
            aria-label={o.label}
            title={o.label}
            disabled={disabled}
            onClick={() => onPick(on ? '' : o.value)}
            className="flex min-w-0 flex-1 items-center justify-center truncate rounded-[3px] px-0.5 text-[10px] text-gray-600 hover:text-gray-900 aria-checked:bg-white aria-checked:text-gray-900 aria-checked:shadow-sm"
          >
            {icon ? <Iconify icon={icon} className="size-3.5" /> : o.label}
          </button>
        );
      })}
    </div>
  );
}

export function Select({
  id,
  label,
  options,
  value,
  onPick,
  disabled,
  placeholder = 'Default',
}: Omit<Common, 'placeholder'> & { placeholder?: string | null; options: readonly Option[]; value: string; onPick(value: string): void }) {
  return (
    <select
      id={id}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onPick(e.target.value)}
      // A value taken from elsewhere (a narrower breakpoint, the shared style) shows in amber, as its label does.
      className={`${fieldClass} pr-5 ${value === '' && placeholder !== 'Default' ? 'text-amber-700' : ''}`}
    >
      {placeholder !== null && <option value="">{placeholder}</option>}
      {options
        .filter((o) => o.value !== '')
        .map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
    </select>
  );
}

/** A combo box: type to filter, at most 20 results, otherwise 'No results' (spec 001 §5). */
export function Combo({
  id,
  label,
  options,
  value,
  onPick,
  disabled,
}: Common & { options: readonly Option[]; value: string; onPick(value: string): void }) {
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const current = options.find((o) => o.value === value);
  const open = query !== null;
  const { results, empty } = comboResults(options, query ?? '', (o) => o.label);
  const choose = (o: Option | undefined) => {
    setQuery(null);
    if (o) onPick(o.value);
  };
  return (
    <div className="relative min-w-0 flex-1">
      <input
        id={id}
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        disabled={disabled}
        value={query ?? current?.label ?? ''}
        placeholder="Default"
        onFocus={() => {
          setQuery('');
          setActive(0);
        }}
        onBlur={() => setTimeout(() => setQuery(null), 120)}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(results.length - 1, a + 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(0, a - 1));
          else if (e.key === 'Enter') {
            e.preventDefault();
            choose(results[active]);
            (e.target as HTMLInputElement).blur();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            setQuery(null);
          }
        }}
        className={fieldClass}
      />
      {open && (
        <ul
          id={`${id}-list`}
          role="listbox"
          aria-label={label}
          className="absolute inset-x-0 top-7 z-20 max-h-56 overflow-auto rounded border border-gray-200 bg-white py-0.5 text-[12px] shadow-lg"
        >
          {empty ? (
            <li className="px-2 py-1 text-gray-500">{empty}</li>
          ) : (
            results.map((o, i) => (
              <li
                key={o.value}
                role="option"
                aria-selected={i === active}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(o);
                }}
                className="cursor-default px-2 py-1 aria-selected:bg-brand-50 aria-selected:text-brand-800"
              >
                {o.label}
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}

/** A slider with its number; the slider commits when released, the number on Enter. */
export function Range({
  id,
  label,
  min,
  max,
  step = 1,
  suffix,
  value,
  onCommit,
  disabled,
  placeholder,
}: Common & { min: number; max: number; step?: number; suffix?: string; value: string; onCommit(value: string): void }) {
  const [drag, setDrag] = useState<string | null>(null);
  const numeric = Number.parseFloat(drag ?? value);
  const fallback = Number.parseFloat(placeholder ?? '');
  const release = () => {
    if (drag !== null && drag !== value) onCommit(drag);
    setDrag(null);
  };
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1.5">
      <input
        type="range"
        aria-label={`${label} slider`}
        min={min}
        max={max}
        step={step}
        disabled={disabled}
        value={Number.isFinite(numeric) ? numeric : Number.isFinite(fallback) ? fallback : Math.min(max, Math.max(min, 0))}
        onChange={(e) => setDrag(e.target.value)}
        onPointerUp={release}
        onKeyUp={release}
        onBlur={release}
        className="h-1 min-w-0 flex-1 accent-brand-600"
      />
      <div className="relative w-[58px] shrink-0">
        <CommitInput
          id={id}
          label={label}
          value={drag ?? value}
          placeholder={placeholder}
          disabled={disabled}
          onCommit={onCommit}
          onArrow={(delta, current) => {
            const n = Number.parseFloat(current || placeholder || String(min));
            return Number.isFinite(n) ? String(clampRange(n + delta * step, { min, max, step })) : null;
          }}
        />
        {suffix && (
          <span className="pointer-events-none absolute top-1/2 right-1.5 -translate-y-1/2 text-[10px] text-gray-500">{suffix}</span>
        )}
      </div>
    </div>
  );
}

/** Fluid from|to: two sizes in px. */
export function Fluid({ id, label, value, onCommit, disabled }: Common & { value: string; onCommit(value: string): void }) {
  const [from = '', to = ''] = value ? value.split('|') : [];
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <CommitInput
        id={id}
        label={`${label} from`}
        value={from}
        placeholder="from"
        disabled={disabled}
        onCommit={(v) => onCommit(`${v}|${to || v}`)}
      />
      <span className="text-[10px] text-gray-500">→</span>
      <CommitInput
        id={`${id}-to`}
        label={`${label} to`}
        value={to}
        placeholder="to"
        disabled={disabled}
        onCommit={(v) => onCommit(`${from || v}|${v}`)}
      />
    </div>
  );
}

/** A swatch that opens the colour picker (the registry's), and the token or hex as text. */
export function Colour({
  id,
  label,
  value,
  onCommit,
  disabled,
  placeholder,
  colors,
  swatch,
}: Common & { value: string; onCommit(value: string): void; colors: ThemeColors; swatch: string | undefined }) {
  const [open, setOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <button
        ref={setAnchor}
        type="button"
        aria-label={`${label}: choose`}
        title="Select color"
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        className="size-[22px] shrink-0 rounded border border-gray-300 bg-[repeating-conic-gradient(#e5e7eb_0_25%,#fff_0_50%)] bg-[length:8px_8px]"
      >
        <span className="block size-full rounded-[2px]" style={{ background: swatch ?? 'transparent' }} />
      </button>
      <CommitInput id={id} label={label} value={value} placeholder={placeholder ?? 'none'} disabled={disabled} onCommit={onCommit} mono />
      {open && HAS_PICKER.has('colour') && (
        <PickerSlot
          kind="colour"
          value={value || null}
          colors={colors}
          anchor={anchor}
          title="Select color"
          onChange={(v) => onCommit(v)}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
}

/** Which input a style control is drawn with. */
export function StyleInput({
  control,
  value,
  onCommit,
  colors,
  swatch,
  ...common
}: Common & { control: StyleControl; value: string; onCommit(value: string): void; colors: ThemeColors; swatch?: string }) {
  switch (control.kind) {
    case 'pill':
      return <Pills {...common} options={control.options} value={value} onPick={onCommit} />;
    case 'select':
      return (
        <Select
          {...common}
          options={control.options}
          value={value}
          onPick={onCommit}
          placeholder={common.placeholder ? `${optionLabel(control.options, common.placeholder)}` : 'Default'}
        />
      );
    case 'combo':
      return <Combo {...common} options={control.options} value={value} onPick={onCommit} />;
    case 'range':
      return (
        <Range
          {...common}
          min={control.min}
          max={control.max}
          step={control.step}
          suffix={control.suffix}
          value={value}
          onCommit={onCommit}
        />
      );
    case 'length':
      return (
        <CommitInput
          {...common}
          placeholder={common.placeholder ?? 'auto'}
          value={value}
          onCommit={onCommit}
          onArrow={(delta, current) => {
            const m = /^(-?\d+(?:\.\d+)?)([a-z%]*)$/.exec(current || common.placeholder || '');
            return m ? `${Number(m[1]) + delta}${m[2] || 'px'}` : null;
          }}
        />
      );
    case 'fluid':
      return <Fluid {...common} value={value} onCommit={onCommit} />;
    case 'colour':
      return <Colour {...common} value={value} onCommit={onCommit} colors={colors} swatch={swatch} />;
    case 'gradient':
      return <GradientRow {...common} value={value} onCommit={onCommit} colors={colors} />;
  }
}

const optionLabel = (options: readonly Option[], value: string) => options.find((o) => o.value === value)?.label ?? value;

/** Closes a small menu when the pointer goes down outside it. */
export function useOutside(open: boolean, close: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, close]);
  return ref;
}

/** What a value row's input gets: its id and label, the stored value, and where a new value goes. */
export interface ValueRowProps<Value = unknown, Commit = unknown> {
  id: string;
  label: string;
  value: Value;
  disabled: boolean;
  onCommit(value: Commit): void;
}
