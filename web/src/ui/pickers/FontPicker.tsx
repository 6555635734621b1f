import { useEffect, useId, useRef, useState } from 'react';
import { PopupFrame } from '../popup/PopupFrame.tsx';
import {
  chooseFamily,
  filterFamilies,
  FONT_PREVIEW_DEBOUNCE_MS,
  previewStack,
  toggleWeight,
  type FontChoice,
  type FontFamily,
} from './fonts.ts';
import { fieldClass, primaryButtonClass, TabPanel, Tabs } from './ui.tsx';

export interface FontPickerProps {
  value: FontChoice;
  /** GET /fonts (the families the server offers). */
  fonts: readonly FontFamily[];
  /** The chosen family and weights (Done). */
  onChange(font: FontChoice): void;
  onClose(): void;
  anchor?: HTMLElement | null;
}

/**
 * Which rows show their preview: those in view once scrolling has rested 100 ms (spec 001 §9), so a
 * fast scroll through hundreds of families does not render every one in its font.
 */
function useRestingVisible(root: React.RefObject<HTMLElement | null>, deps: unknown) {
  const [visible, setVisible] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    let timer: number | undefined;
    const measure = () => {
      const box = element.getBoundingClientRect();
      const next = new Set<string>();
      for (const row of element.querySelectorAll<HTMLElement>('[data-family]')) {
        const r = row.getBoundingClientRect();
        if (r.bottom >= box.top && r.top <= box.bottom) next.add(row.dataset.family!);
      }
      setVisible((old) => {
        const merged = new Set(old);
        next.forEach((f) => merged.add(f));
        return merged.size === old.size ? old : merged;
      });
    };
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(measure, FONT_PREVIEW_DEBOUNCE_MS);
    };
    measure();
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.clearTimeout(timer);
      element.removeEventListener('scroll', onScroll);
    };
  }, [root, deps]);
  return visible;
}

/**
 * The font picker 'Select font to load' of spec 001 §2: tabs Font family (search, category, previews
 * that load on scroll) and Styles (upright and italic weights of the family). The fonts come from the
 * server (GET /fonts); no request goes to a third party: a preview uses the family when the computer
 * has it, else the generic family of its category.
 */
export function FontPicker({ value, fonts, onChange, onClose, anchor }: FontPickerProps) {
  const [tab, setTab] = useState<'family' | 'styles'>('family');
  const [font, setFont] = useState<FontChoice>(value);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState('');
  const ids = useId();
  const list = useRef<HTMLUListElement>(null);
  const families = filterFamilies(fonts, search, category);
  const visible = useRestingVisible(list, `${tab}|${search}|${category}|${fonts.length}`);
  const categories = [...new Set(fonts.map((f) => f.category))];
  const family = fonts.find((f) => f.family === font.family) ?? { ...font, category: '' };

  return (
    <PopupFrame title="Select font to load" onClose={onClose} anchor={anchor} width={360} height={460} resizable testId="font-picker">
      <Tabs
        label="Font"
        tabs={[
          { value: 'family', label: 'Font family' },
          { value: 'styles', label: 'Styles' },
        ]}
        value={tab}
        onChange={(t: 'family' | 'styles') => setTab(t)}
        idPrefix={ids}
      />
      <TabPanel idPrefix={ids} value={tab} className="gap-2 p-3">
        {tab === 'family' ? (
          <>
            <div className="grid shrink-0 grid-cols-[minmax(0,1fr)_120px] gap-1.5">
              <input
                type="search"
                aria-label="Search fonts"
                placeholder="Search fonts"
                value={search}
                data-autofocus
                onChange={(e) => setSearch(e.target.value)}
                className={fieldClass}
              />
              <select aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)} className={fieldClass}>
                <option value="">All categories</option>
                {categories.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            {families.length === 0 && <p className="py-6 text-center text-[12px] text-gray-600">No results</p>}
            <ul ref={list} role="listbox" aria-label="Font families" className="min-h-0 flex-1 overflow-auto">
              {families.map((f) => (
                <li key={f.family} role="none" data-family={f.family}>
                  <button
                    type="button"
                    role="option"
                    aria-selected={f.family === font.family}
                    onClick={() => setFont(chooseFamily(font, f))}
                    className={`flex w-full items-baseline justify-between gap-2 rounded px-2 py-1.5 text-left hover:bg-gray-50 ${f.family === font.family ? 'bg-brand-50 text-brand-900' : 'text-gray-900'}`}
                  >
                    <span
                      className="truncate text-[16px]"
                      data-preview={visible.has(f.family) ? 'loaded' : undefined}
                      style={visible.has(f.family) ? { fontFamily: previewStack(f) } : undefined}
                    >
                      {f.family}
                    </span>
                    <span className="shrink-0 text-[10.5px] text-gray-500">{f.category}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <div className="flex flex-col gap-3">
            <p className="text-[15px] text-gray-900" style={{ fontFamily: previewStack(family) }}>
              {font.family}
            </p>
            {(['normal', 'italic'] as const).map((style) => (
              <fieldset key={style} className="flex flex-col gap-1">
                <legend className="mb-1 text-[11px] font-semibold tracking-wide text-gray-500 uppercase">
                  {style === 'normal' ? 'Normal' : 'Italic'}
                </legend>
                {family[style].length === 0 ? (
                  <p className="text-[12px] text-gray-600">This family has no {style} styles.</p>
                ) : (
                  <div className="grid grid-cols-3 gap-1">
                    {family[style].map((w) => (
                      <label key={w} className="flex items-center gap-1.5 text-[12px] text-gray-800">
                        <input
                          type="checkbox"
                          aria-label={`${style === 'normal' ? 'Normal' : 'Italic'} ${w}`}
                          checked={font[style].includes(w)}
                          disabled={style === 'normal' && font.normal.length === 1 && font.normal.includes(w)}
                          onChange={() => setFont(toggleWeight(font, style, w))}
                          className="size-3.5 accent-brand-600"
                        />
                        <span style={{ fontFamily: previewStack(family), fontWeight: w, fontStyle: style }}>{w}</span>
                      </label>
                    ))}
                  </div>
                )}
              </fieldset>
            ))}
          </div>
        )}
        <div className="mt-auto flex shrink-0 items-center justify-between gap-2 border-t border-gray-100 pt-2">
          <span className="truncate text-[11.5px] text-gray-600">
            {font.family}: {font.normal.join(', ')}
            {font.italic.length ? ` · italic ${font.italic.join(', ')}` : ''}
          </span>
          <button
            type="button"
            onClick={() => {
              onChange(font);
              onClose();
            }}
            className={primaryButtonClass}
          >
            Done
          </button>
        </div>
      </TabPanel>
    </PopupFrame>
  );
}
