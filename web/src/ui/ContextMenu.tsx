import { useEffect, useLayoutEffect, useRef, useState } from 'react';

export type ContextItem = { label: string; onSelect(): void; checked?: boolean; danger?: boolean } | { separator: true };

interface Props {
  label: string;
  /** Where it opens, in viewport pixels (the pointer, or the button that opened it). */
  at: { x: number; y: number };
  items: ContextItem[];
  onClose(): void;
}

/** A menu at the pointer (a row's context menu): arrow keys move, Enter picks, Escape or a click outside closes. */
export function ContextMenu({ label, at, items, onClose }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(at);

  // Kept inside the window when it opens near an edge.
  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    if (!box) return;
    setPosition({ x: Math.min(at.x, window.innerWidth - box.width - 8), y: Math.min(at.y, window.innerHeight - box.height - 8) });
  }, [at]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      previous?.focus?.();
    };
  }, [onClose]);

  function onKeyDown(event: React.KeyboardEvent) {
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      entries[(index + (event.key === 'ArrowDown' ? 1 : -1) + entries.length) % entries.length]?.focus();
    } else if (event.key === 'Tab') {
      event.preventDefault();
    }
  }

  return (
    <div
      ref={root}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      style={{ left: position.x, top: position.y }}
      className="fixed z-40 min-w-44 animate-fade-in rounded-lg bg-white p-1 text-[13px] shadow-lg ring-1 ring-gray-900/10"
    >
      {items.map((item, i) =>
        'separator' in item ? (
          <div key={i} role="separator" className="my-1 h-px bg-gray-100" />
        ) : (
          <button
            key={i}
            type="button"
            role={item.checked === undefined ? 'menuitem' : 'menuitemradio'}
            aria-checked={item.checked}
            tabIndex={-1}
            onClick={() => {
              onClose();
              item.onSelect();
            }}
            className={`flex h-7 w-full items-center gap-2 rounded-md px-2 text-left focus:outline-none ${item.danger ? 'text-red-700 hover:bg-red-50 focus:bg-red-50' : 'text-gray-800 hover:bg-gray-100 focus:bg-gray-100'}`}
          >
            <span className={`size-1.5 rounded-full ${item.checked ? 'bg-brand-600' : 'bg-transparent'}`} aria-hidden="true" />
            {item.label}
          </button>
        ),
      )}
    </div>
  );
}
