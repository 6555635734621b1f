import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '../lib/store/index.ts';
import { Icon, type IconName } from './Icon.tsx';

type MenuItem =
  | { kind: 'link'; label: string; to: string; icon?: IconName }
  | { kind: 'action'; label: string; onSelect(): void; icon?: IconName; disabled?: boolean }
  | { kind: 'separator' }
  | { kind: 'heading'; label: ReactNode };

interface MenuProps {
  /** Menus are popups: opening one closes any other popup (spec 000 §2). */
  id: string;
  label: string;
  button: ReactNode;
  items: MenuItem[];
  align?: 'left' | 'right';
  buttonClassName?: string;
  disabled?: boolean;
  title?: string;
}

export function Menu({ id, label, button, items, align = 'right', buttonClassName = '', disabled, title }: MenuProps) {
  const open = useStore((s) => s.popup?.name === 'menu' && s.popup.id === id);
  const openPopup = useStore((s) => s.openPopup);
  const closePopup = useStore((s) => s.closePopup);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) closePopup();
    };
    document.addEventListener('pointerdown', outside);
    root.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => document.removeEventListener('pointerdown', outside);
  }, [open, closePopup]);

  function onKeyDown(event: React.KeyboardEvent) {
    if (!open) return;
    const entries = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])') ?? [])];
    const index = entries.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      closePopup();
      root.current?.querySelector<HTMLElement>('button[aria-haspopup]')?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      entries[(index + step + entries.length) % entries.length]?.focus();
    }
  }

  const itemClass =
    'flex w-full items-center gap-2.5 rounded-md px-2.5 py-2 text-left text-sm text-gray-700 hover:bg-gray-100 hover:text-gray-900 focus:bg-gray-100 focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

  return (
    <div ref={root} className="relative" onKeyDown={onKeyDown}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        title={title}
        disabled={disabled}
        onClick={() => (open ? closePopup() : openPopup({ name: 'menu', id }))}
        className={buttonClassName}
      >
        {button}
      </button>
      {open && (
        <div
          role="menu"
          aria-label={label}
          className={`absolute top-full z-20 mt-2 min-w-56 animate-fade-in rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-gray-900/10 ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {items.map((item, i) => {
            if (item.kind === 'separator') return <div key={i} role="separator" className="my-1 h-px bg-gray-100" />;
            if (item.kind === 'heading')
              return (
                <div key={i} role="presentation" className="px-2.5 pt-1.5 pb-2 text-sm">
                  {item.label}
                </div>
              );
            if (item.kind === 'link')
              return (
                <Link key={i} role="menuitem" to={item.to} className={itemClass}>
                  {item.icon && <Icon name={item.icon} className="size-4 text-gray-500" />}
                  {item.label}
                </Link>
              );
            return (
              <button
                key={i}
                type="button"
                role="menuitem"
                aria-disabled={item.disabled || undefined}
                className={itemClass}
                onClick={() => {
                  if (item.disabled) return;
                  closePopup();
                  item.onSelect();
                }}
              >
                {item.icon && <Icon name={item.icon} className="size-4 text-gray-500" />}
                {item.label}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
