import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { inputClass } from '../design/controls.tsx';
import { useActionContext } from '../../site/store/context.tsx';
import { itemLabel, type Collection, type Item } from './state.ts';

/** Items per page of the picker (the list call gives at most 100). */
export const ITEM_PAGE = 20;
/** Typing waits this long before searching. */
const SEARCH_DELAY_MS = 250;

interface Found {
  search: string;
  items: Item[];
  total: number;
}

/**
 * The CMS group's item choice for a collection of any size: a combo box that searches the collection
 * on the server (`GET /content/{collection}/items?search=`) and lists a page of 20 items at a time,
 * "More items" adding the next page. Up and Down move, Enter picks, Escape closes.
 */
export function ItemPicker({
  siteId,
  collection,
  itemId,
  language,
  disabled,
  onPick,
}: {
  siteId: string;
  collection: Pick<Collection, 'id' | 'schema'> & { items?: readonly Item[] };
  itemId: string | null;
  language: string;
  disabled: boolean;
  onPick: (itemId: string) => void;
}) {
  const ctx = useActionContext();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(0);

  const known = itemId ? (collection.items?.find((item) => String(item._id) === itemId) ?? null) : null;
  const current = itemId ? (labels.get(itemId) ?? (known ? itemLabel(collection, known, language) : `#${itemId}`)) : '';

  const load = async (text: string, offset: number) => {
    const ticket = ++asked.current;
    setLoading(true);
    const { data, error } = await ctx.api.GET('/sites/{siteId}/content/{collection}/items', {
      params: {
        path: { siteId, collection: collection.id },
        query: { limit: ITEM_PAGE, offset, language, ...(text ? { search: text } : {}) },
      },
    });
    if (ticket !== asked.current) return;
    setLoading(false);
    if (error) {
      ctx.showError(error);
      return;
    }
    setFound((before) => ({
      search: text,
      items: offset > 0 && before && before.search === text ? [...before.items, ...data.items] : data.items,
      total: data.total,
    }));
    setLabels((before) => {
      const next = new Map(before);
      for (const item of data.items) next.set(String(item._id), itemLabel(collection, item, language));
      return next;
    });
  };

  // A new search (or the list opening) asks again, after a pause while typing.
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => void load(search.trim(), 0), search ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
    // load reads the latest props; only the search and opening start a new one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, search, collection.id]);

  const items = found?.items ?? [];
  const more = found ? found.items.length < found.total : false;
  const close = () => {
    setOpen(false);
    setSearch('');
    setActive(0);
  };
  const pick = (item: Item) => {
    close();
    if (String(item._id) !== itemId) onPick(String(item._id));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(true);
      if (items.length === 0) return;
      setActive((i) => (i + (e.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (open && item) pick(item);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  const listId = `${id}-items`;
  const optionId = (i: number) => `${id}-item-${i}`;
  return (
    <div className="relative min-w-0 flex-1">
      <input
        id={`${id}-input`}
        role="combobox"
        aria-label="Item"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && items[active] ? optionId(active) : undefined}
        className={inputClass}
        value={open ? search : current}
        placeholder={open ? 'Search items' : 'Choose an item'}
        disabled={disabled}
        autoComplete="off"
        spellCheck={false}
        onFocus={() => setOpen(true)}
        onClick={() => setOpen(true)}
        onBlur={close}
        onChange={(e) => {
          setSearch(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      {open && (
        <div className="absolute inset-x-0 top-8 z-20 rounded border border-gray-200 bg-white py-0.5 text-[12px] shadow-lg">
          <ul id={listId} role="listbox" aria-label="Items" className="max-h-56 overflow-y-auto">
            {items.map((item, i) => {
              const value = String(item._id);
              return (
                <li
                  key={value}
                  id={optionId(i)}
                  role="option"
                  aria-selected={value === itemId}
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseEnter={() => setActive(i)}
                  onClick={() => pick(item)}
                  className={`flex h-7 cursor-default items-center justify-between gap-2 px-2 ${i === active ? 'bg-brand-50 text-brand-900' : 'text-gray-800'}`}
                >
                  <span className="truncate">{labels.get(value) ?? itemLabel(collection, item, language)}</span>
                  {value === itemId && <span className="shrink-0 text-[11px] text-brand-700">✓</span>}
                </li>
              );
            })}
          </ul>
          {found && items.length === 0 && !loading && <p className="px-2 py-1.5 text-gray-500">No items found</p>}
          {(more || (loading && !found)) && (
            <div className="flex h-7 items-center justify-between border-t border-gray-100 px-2 text-[11px] text-gray-500">
              <span aria-live="polite">{found ? `${items.length} of ${found.total}` : 'Loading…'}</span>
              {more && (
                <button
                  type="button"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => void load(found!.search, items.length)}
                  disabled={loading}
                  className="rounded px-1.5 text-brand-700 hover:bg-brand-50"
                >
                  More items
                </button>
              )}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
