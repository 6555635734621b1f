import { useEffect, useId, useRef, type ReactNode } from 'react';
import iconX from '@iconify-icons/lucide/x';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { Button } from './Button.tsx';
import { Iconify } from './Iconify.tsx';

interface Props {
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** 360 or 480 px (spec 002 §9 form widths). */
  width?: 360 | 480;
  onSubmit?(): void;
  /** With `onSubmit`, the submit button's label: the footer then ends with Cancel (it closes) and that button. */
  submitLabel?: ReactNode;
  /** The save runs: the submit button shows its spinner. */
  busy?: boolean;
}

/**
 * A panel at the right of the settings page for creating or editing one row (a redirect, a
 * submission, a legal item or field), beside the table it belongs to. Escape closes it.
 */
export function SidePanel({ title, onClose, children, footer, width = 360, onSubmit, submitLabel, busy = false }: Props) {
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const first =
      root.current?.querySelector<HTMLElement>('[data-autofocus]') ?? root.current?.querySelector<HTMLElement>('input, textarea, select');
    first?.focus();
  }, []);
  const body = (
    <>
      <div className="flex h-12 shrink-0 items-center justify-between border-b border-gray-200 px-4">
        <h2 id={titleId} className="truncate text-[13px] font-semibold text-gray-900">
          {title}
        </h2>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close panel"
          className="rounded-md p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
        >
          <Iconify icon={iconX} className="size-4" />
        </button>
      </div>
      <div className="min-h-0 flex-1 space-y-4 overflow-y-auto px-4 py-4">{children}</div>
      {(footer || submitLabel) && (
        <div className="flex shrink-0 justify-end gap-2 border-t border-gray-200 px-4 py-3">
          {footer}
          {submitLabel && (
            <>
              <Button variant="ghost" size="sm" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" size="sm" busy={busy}>
                {submitLabel}
              </Button>
            </>
          )}
        </div>
      )}
    </>
  );
  const className = `absolute inset-y-0 right-0 z-10 flex animate-fade-in flex-col border-l border-gray-200 bg-white shadow-xl ${width === 480 ? 'w-[480px]' : 'w-[360px]'}`;
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
  };
  return onSubmit ? (
    <form
      ref={(el) => {
        root.current = el;
      }}
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={onKeyDown}
      className={className}
    >
      {body}
    </form>
  ) : (
    <aside ref={root} aria-labelledby={titleId} onKeyDown={onKeyDown} className={className}>
      {body}
    </aside>
  );
}

/** Closing a panel with unsaved changes: asks first, and discarding them is the danger. */
export function useCloseUnsaved(dirty: boolean, onClose: () => void): () => void {
  const confirmDanger = useStore((s) => s.confirmDanger);
  return () => {
    if (!dirty) return onClose();
    confirmDanger({ title: 'Unsaved changes', text: messages.unsavedChanges, confirmLabel: 'Discard changes' }, onClose);
  };
}
