import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { enterAdds, menuEntries, MENU_WIDTH, moveHover, type Entity, type Property, type Vocabulary } from './model.ts';

/**
 * The 'Add property' menu (spec 001 §4): 300 px wide, at most half the viewport high, the properties
 * of the type and its ancestors with the used ones shown selected. A search box narrows them; the
 * up and down arrows move a hover index that wraps and Enter adds the highlighted property; Escape closes.
 */
export function AddPropertyMenu({
  vocabulary,
  entity,
  type,
  disabled,
  onAdd,
  path = '',
}: {
  /** Where the entity sits (`address`), naming the button of a nested one. */
  path?: string;
  vocabulary: Vocabulary;
  entity: Entity;
  type: string;
  disabled?: boolean;
  onAdd: (property: Property) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [hover, setHover] = useState(-1);
  const [place, setPlace] = useState<{ left: number; top?: number; bottom?: number }>({ left: 0, top: 0 });
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const entries = useMemo(() => (open ? menuEntries(vocabulary, entity, type, search) : []), [open, vocabulary, entity, type, search]);

  useEffect(() => {
    if (hover < 0) return;
    list.current?.querySelector(`[data-index="${hover}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [hover]);

  const close = (refocus = true) => {
    setOpen(false);
    setSearch('');
    setHover(-1);
    if (refocus) button.current?.focus();
  };
  const add = (property: Property | null) => {
    if (!property) return;
    onAdd(property);
    close();
  };

  return (
    <div>
      <button
        ref={button}
        type="button"
        disabled={disabled}
        aria-expanded={open}
        aria-haspopup="listbox"
        aria-label={path ? `Add property to ${path}` : 'Add property'}
        // While open, pressing the button keeps the focus in the menu, so the click closes it rather than the blur.
        onMouseDown={(e) => open && e.preventDefault()}
        onClick={() => {
          if (open) return close();
          // Fixed to the viewport: the inspector is narrower than the menu, which must not make the page scroll.
          const rect = button.current!.getBoundingClientRect();
          const left = Math.max(8, Math.min(rect.left, window.innerWidth - MENU_WIDTH - 8));
          const below = window.innerHeight - rect.bottom;
          setPlace(
            below >= Math.min(window.innerHeight / 2, 240)
              ? { left, top: rect.bottom + 4 }
              : { left, bottom: window.innerHeight - rect.top + 4 },
          );
          setOpen(true);
        }}
        className="flex h-7 items-center gap-1 rounded-md px-2 text-[12px] font-medium text-brand-700 hover:bg-brand-50 disabled:opacity-40"
      >
        <span aria-hidden="true">+</span> Add property
      </button>
      {open && (
        <div
          className="fixed z-50 flex max-h-[50vh] flex-col rounded-md border border-gray-200 bg-white shadow-lg"
          style={{ width: MENU_WIDTH, ...place }}
          onBlur={(e) => {
            // A click elsewhere closes it, leaving the focus where the click put it.
            if (!e.currentTarget.contains(e.relatedTarget)) close(false);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
        >
          <input
            autoFocus
            role="combobox"
            aria-label="Search properties"
            aria-expanded="true"
            aria-controls={`${id}-list`}
            aria-activedescendant={hover >= 0 ? `${id}-${hover}` : undefined}
            placeholder={`Properties of ${type}`}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setHover(-1);
            }}
            onKeyDown={(e) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
                e.preventDefault();
                setHover((i) => moveHover(i, e.key, entries.length));
              } else if (e.key === 'Enter') {
                e.preventDefault();
                add(enterAdds(entries, hover));
              }
            }}
            className="m-1.5 h-7 rounded border border-gray-200 bg-gray-50 px-2 text-[12px] outline-none focus:border-brand-500 focus:bg-white"
          />
          <ul ref={list} id={`${id}-list`} role="listbox" aria-label="Add property" className="min-h-0 flex-1 overflow-y-auto pb-1">
            {entries.length === 0 && <li className="px-3 py-1.5 text-[12px] text-gray-500">No results</li>}
            {entries.map((entry, index) => (
              <li
                key={entry.property.id}
                id={`${id}-${index}`}
                data-index={index}
                role="option"
                aria-selected={entry.used}
                aria-disabled={entry.used}
                onMouseMove={() => setHover(index)}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => !entry.used && add(entry.property)}
                className={`flex h-7 cursor-default items-center justify-between gap-2 px-3 text-[12px] ${
                  index === hover ? 'bg-brand-50 text-brand-900' : 'text-gray-800'
                } ${entry.used ? 'text-gray-400' : ''}`}
              >
                <span className="truncate">{entry.property.id}</span>
                <span className="shrink-0 text-[11px] text-gray-500">
                  {entry.used ? '✓ Added' : entry.property.types.slice(0, 2).join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
