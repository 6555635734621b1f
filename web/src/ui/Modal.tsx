import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Icon } from './Icon.tsx';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  description?: ReactNode;
  onClose(): void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl' | 'full';
  /** A role of alertdialog for confirmations that interrupt. */
  alert?: boolean;
}

const WIDTHS = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl', full: 'max-w-[90rem]' };

/** Keeps the page behind a dialog from scrolling while the dialog is open. */
export function useScrollLock() {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);
}

/** A dialog over a dimmed page: focus moves in, stays in, returns on close; Escape closes. */
export function Modal({ title, description, onClose, children, footer, size = 'md', alert = false }: ModalProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useScrollLock();

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus]') ?? panel.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel.current)?.focus();
    return () => previous?.focus?.();
  }, []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <div className="fixed inset-0 z-30 flex items-end justify-center p-4 sm:items-center" onKeyDown={onKeyDown}>
      <div className="absolute inset-0 animate-fade-in bg-gray-950/40 backdrop-blur-[2px]" onClick={onClose} aria-hidden="true" />
      <div
        ref={panel}
        role={alert ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative w-full ${WIDTHS[size]} max-h-[calc(100vh-2rem)] animate-fade-in overflow-y-auto rounded-2xl bg-white shadow-2xl ring-1 ring-gray-900/5`}
      >
        <div className="flex items-start justify-between gap-4 px-6 pt-5">
          <div>
            <h2 id={titleId} className="text-lg font-semibold text-gray-900">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-1.5 text-sm leading-6 text-gray-600">
                {description}
              </div>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            className="-mr-2 rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-700"
            aria-label="Close"
          >
            <Icon name="x" />
          </button>
        </div>
        {children && <div className="px-6 pt-4">{children}</div>}
        <div className="flex flex-wrap justify-end gap-3 px-6 pt-6 pb-5">{footer}</div>
      </div>
    </div>
  );
}

interface FormModalProps extends Omit<ModalProps, 'footer' | 'children'> {
  children: ReactNode;
  /** The submit button's label. */
  submitLabel: ReactNode;
  /** The other button's label; it closes the dialog. */
  cancelLabel?: string;
  /** The save runs: the submit button shows its spinner and cannot be pressed again. */
  busy: boolean;
  onSubmit(): void;
  /** Classes of the form (its spacing). */
  className?: string;
}

/**
 * A dialog that is one form: Cancel and the submit button in the footer, and Enter in a field submits
 * it as the button does. Small dialogs have small buttons.
 */
export function FormModal({ children, submitLabel, cancelLabel = 'Cancel', busy, onSubmit, className, ...modal }: FormModalProps) {
  const form = useId();
  const size = modal.size === 'sm' ? 'sm' : 'md';
  return (
    <Modal
      {...modal}
      footer={
        <>
          <Button variant="secondary" size={size} onClick={modal.onClose}>
            {cancelLabel}
          </Button>
          <Button type="submit" form={form} size={size} busy={busy}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={form}
        noValidate
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
