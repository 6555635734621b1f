import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export type MenuEntry =
  | {
      label: string;
      onSelect(): void;
      /** The shortcut as a person reads it (⌘D, Ctrl+D). */
      shortcut?: string;
      disabled?: boolean;
      danger?: boolean;
    }
  | { separator: true };

interface Props {
  label: string;
  /** Where it opens, in viewport pixels (the pointer, or below the button that opened it). */
  at: { x: number; y: number };
  entries: MenuEntry[];
  onClose(): void;
}

/**
 * The navigator's context menu: at the pointer, kept inside the window; arrow keys, Home and End move,
 * Enter picks, Escape, Tab or a click outside close it and give focus back to where it was.
 */
export function NavigatorMenu({ label, at, entries, onClose }: Props) {
  const root = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState(at);

  useLayoutEffect(() => {
    const box = root.current?.getBoundingClientRect();
    if (!box) return;
    setPosition({
      x: Math.max(8, Math.min(at.x, window.innerWidth - box.width - 8)),
      y: Math.max(8, Math.min(at.y, window.innerHeight - box.height - 8)),
    });
  }, [at]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) onClose();
    };
    const away = () => onClose();
    document.addEventListener('pointerdown', outside, true);
    window.addEventListener('blur', away);
    return () => {
      document.removeEventListener('pointerdown', outside, true);
      window.removeEventListener('blur', away);
      if (previous?.isConnected) previous.focus({ preventScroll: true });
    };
  }, [onClose]);

  function onKeyDown(event: React.KeyboardEvent) {
    // Keys inside the menu never reach the tree or the editor's shortcuts.
    event.stopPropagation();
    const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focus = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      focus(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focus(index < 0 ? -1 : index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      focus(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      focus(-1);
    }
  }

  return createPortal(
    <div
      ref={root}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      onContextMenu={(event) => event.preventDefault()}
      style={{ left: position.x, top: position.y }}
      className="fixed z-50 min-w-52 animate-fade-in rounded-lg bg-white p-1 text-[12px] shadow-lg ring-1 ring-gray-900/10"
    >
      {entries.map((entry, i) =>
        'separator' in entry ? (
          <div key={i} role="separator" className="mx-1 my-1 h-px bg-gray-100" />
        ) : (
          <button
            key={i}
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={entry.disabled || undefined}
            onClick={() => {
              if (entry.disabled) return;
              onClose();
              entry.onSelect();
            }}
            className={`flex h-7 w-full items-center gap-6 rounded-md px-2 text-left outline-none aria-disabled:cursor-default aria-disabled:text-gray-400 ${
              entry.danger
                ? 'text-red-700 hover:bg-red-50 focus:bg-red-50'
                : 'text-gray-800 hover:bg-gray-100 focus:bg-gray-100 aria-disabled:hover:bg-transparent'
            }`}
          >
            <span className="flex-1 truncate">{entry.label}</span>
            {entry.shortcut && (
              <kbd className="font-sans text-[11px] text-gray-600" aria-hidden="true">
                {entry.shortcut}
              </kbd>
            )}
          </button>
        ),
      )}
    </div>,
    document.body,
  );
}
