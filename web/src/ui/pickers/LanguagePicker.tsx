import { useState } from 'react';
import { PopupFrame } from '../popup/PopupFrame.tsx';
import { LANGUAGE_CODES, languageLabel } from '../../lib/languages.ts';
import { toggleLanguage } from './choices.ts';
import { fieldClass, primaryButtonClass } from './ui.tsx';

export interface LanguagePickerProps {
  value: readonly string[];
  /** At most this many (null: any number; 1: choosing one replaces the other). */
  max?: number | null;
  /** Whether the selection may be emptied. */
  allowEmpty?: boolean;
  /** Which codes are offered (default: every language the product knows). */
  languages?: readonly string[];
  onChange(value: string[]): void;
  onClose(): void;
  anchor?: HTMLElement | null;
}

/** The language picker 'Select language(s)' of spec 001 §2: respects a maximum count; may be emptied when allowed. */
export function LanguagePicker({
  value,
  max = null,
  allowEmpty = false,
  languages = LANGUAGE_CODES,
  onChange,
  onClose,
  anchor,
}: LanguagePickerProps) {
  const [selected, setSelected] = useState<readonly string[]>(value);
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const shown = languages.filter((c) => !q || c.includes(q) || languageLabel(c).toLowerCase().includes(q));
  const full = max !== null && max > 1 && selected.length >= max;
  return (
    <PopupFrame
      title="Select language(s)"
      onClose={onClose}
      anchor={anchor}
      height={420}
      testId="language-picker"
      bodyClassName="gap-2 p-3"
    >
      <input
        type="search"
        aria-label="Search languages"
        placeholder="Search languages"
        value={search}
        data-autofocus
        onChange={(e) => setSearch(e.target.value)}
        className={fieldClass}
      />
      <p className="text-[11.5px] text-gray-600" aria-live="polite">
        {selected.length} selected{max !== null ? ` of at most ${max}` : ''}
        {full ? ': remove one to choose another' : ''}
      </p>
      <ul aria-label="Languages" className="min-h-0 flex-1 overflow-auto">
        {shown.map((code) => {
          const on = selected.includes(code);
          return (
            <li key={code}>
              <label className="flex items-center gap-2 rounded px-1.5 py-1 text-[12.5px] text-gray-800 hover:bg-gray-50 has-disabled:opacity-50">
                <input
                  type="checkbox"
                  checked={on}
                  disabled={(!on && full) || (on && selected.length === 1 && !allowEmpty)}
                  onChange={() => setSelected(toggleLanguage(selected, code, { max, allowEmpty }))}
                  className="size-3.5 accent-brand-600"
                />
                <span className="flex-1">{languageLabel(code)}</span>
                <span className="font-mono text-[11px] text-gray-500">{code}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        disabled={!allowEmpty && selected.length === 0}
        onClick={() => {
          onChange([...selected]);
          onClose();
        }}
        className={primaryButtonClass}
      >
        Done
      </button>
    </PopupFrame>
  );
}
