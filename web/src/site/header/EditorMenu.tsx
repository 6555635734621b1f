import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A header drop-down of the editor (versions, publish): a button that opens a panel below it, closed
 * by Escape, a click outside, or choosing an entry. The panel mixes status text with its buttons, so it
 * is a non-modal dialog rather than a menu; arrow keys still move between its buttons.
 */
export function EditorMenu({
  label,
  button,
  buttonClassName,
  children,
  width = 'w-80',
}: {
  label: string;
  button: ReactNode;
  buttonClassName: string;
  children: (close: () => void) => ReactNode;
  width?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    root.current?.querySelector<HTMLElement>(`[role="dialog"] :is(${ENTRIES})`)?.focus();
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  function onKeyDown(event: React.KeyboardEvent) {
    if (!open) return;
    const items = [...(root.current?.querySelectorAll<HTMLElement>(`[role="dialog"] :is(${ENTRIES})`) ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      event.stopPropagation();
      setOpen(false);
      root.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      items[(index + step + items.length) % items.length]?.focus();
    }
  }

  return (
    <div ref={root} className="relative" onKeyDown={onKeyDown}>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={label}
        className={buttonClassName}
        onClick={() => setOpen(!open)}
      >
        {button}
      </button>
      {open && (
        <div
          role="dialog"
          aria-label={label}
          className={`absolute top-full right-0 z-40 mt-1.5 ${width} overflow-hidden rounded-lg bg-white py-1 text-[13px] shadow-xl ring-1 ring-gray-900/10`}
        >
          {children(() => setOpen(false))}
        </div>
      )}
    </div>
  );
}

/** The panel's entries, in the order arrow keys visit them. */
const ENTRIES = 'button:not([aria-disabled="true"]), a[href]';

export const menuItemClass =
  'flex w-full items-center gap-2.5 px-3 py-1.5 text-left text-[13px] text-gray-700 hover:bg-gray-100 focus:bg-gray-100 focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-gray-400 aria-disabled:hover:bg-transparent';
