import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import iconX from '@iconify-icons/lucide/x';
import { Iconify } from '../Iconify.tsx';
import { clampPosition, clampSize, initialPosition, POPUP_WIDTH, positionNear, resizeWithin, type Point, type Size } from './frame.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), textarea:not([disabled]), select:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

interface PopupFrameProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Modal popups dim the editor, keep focus inside and close on a click outside. */
  modal?: boolean;
  /** Width in px (320 for small popups, spec 001 §9). */
  width?: number;
  /** A fixed starting height, for popups whose body scrolls (the section library); others fit their content. */
  height?: number;
  /** Adds a corner handle that resizes the popup (never below 320×240). */
  resizable?: boolean;
  /** Controls before the title (a back button) and after it (before the close button). */
  start?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  /** The control that opened it: the popup opens beside it instead of in the middle of the window. */
  anchor?: HTMLElement | null;
  /** Extra classes for the body (padding, a scroll area). */
  bodyClassName?: string;
}

const viewportSize = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The draggable popup frame of spec 001 §2: an accessible dialog labelled by its title, moved by its
 * title bar, kept in the viewport (12 px sides, 40 px top), at least 320×240, closed with Escape.
 * Focus moves in when it opens and returns to where it was when it closes.
 */
export function PopupFrame({
  title,
  onClose,
  children,
  modal = false,
  width = POPUP_WIDTH,
  height,
  resizable = false,
  start,
  actions,
  testId,
  anchor,
  bodyClassName = '',
}: PopupFrameProps) {
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const [position, setPosition] = useState<Point | null>(null);
  const [size, setSize] = useState<{ width: number; height?: number }>(() =>
    height === undefined ? { width } : clampSize({ width, height }, viewportSize()),
  );
  const gesture = useRef<{ kind: 'move' | 'resize'; pointer: Point; from: Point; size: Size } | null>(null);

  const measured = useCallback((): Size => {
    const box = panel.current?.getBoundingClientRect();
    return { width: box?.width ?? size.width, height: box?.height ?? size.height ?? 0 };
  }, [size]);

  // Placed when its real size is first known (the observer reports before the first paint), then kept
  // inside the viewport as its content grows (a category opened) or the window shrinks.
  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const opening = () => {
      const box = anchor?.isConnected ? anchor.getBoundingClientRect() : null;
      return box
        ? positionNear({ x: box.left, y: box.top, width: box.width, height: box.height }, measured(), viewportSize())
        : initialPosition(measured(), viewportSize());
    };
    const place = () => setPosition((at) => (at ? clampPosition(at, measured(), viewportSize()) : opening()));
    const observer = new ResizeObserver(place);
    observer.observe(element);
    window.addEventListener('resize', place);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
    };
    // The anchor counts only when opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [measured]);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const element = panel.current;
    const first = element?.querySelector<HTMLElement>('[data-autofocus]');
    (first ?? element)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (!modal || event.key !== 'Tab' || !panel.current) return;
    const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  function begin(kind: 'move' | 'resize', event: React.PointerEvent<HTMLElement>) {
    if (event.button !== 0 || !position) return;
    if (kind === 'move' && (event.target as HTMLElement).closest('button, input, a, select')) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    gesture.current = { kind, pointer: { x: event.clientX, y: event.clientY }, from: position, size: measured() };
  }

  function track(event: React.PointerEvent<HTMLElement>) {
    const g = gesture.current;
    if (!g) return;
    const dx = event.clientX - g.pointer.x;
    const dy = event.clientY - g.pointer.y;
    const viewport = viewportSize();
    if (g.kind === 'move') {
      setPosition(clampPosition({ x: g.from.x + dx, y: g.from.y + dy }, g.size, viewport));
      return;
    }
    setSize(resizeWithin(g.from, { width: g.size.width + dx, height: g.size.height + dy }, viewport));
  }

  function finish(event: React.PointerEvent<HTMLElement>) {
    if (!gesture.current) return;
    gesture.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  }
  /** What the title bar and the resize corner do once a gesture has begun on them. */
  const following = { onPointerMove: track, onPointerUp: finish, onPointerCancel: finish };

  return (
    <>
      {modal && <div className="fixed inset-0 z-40 bg-gray-950/25" onClick={onClose} aria-hidden="true" data-testid="popup-backdrop" />}
      <div
        ref={panel}
        role="dialog"
        aria-modal={modal || undefined}
        aria-labelledby={titleId}
        tabIndex={-1}
        data-testid={testId}
        onKeyDown={onKeyDown}
        onBlur={(event) => {
          // A focused control that goes away or is disabled (a removed row) leaves the focus nowhere:
          // it comes back to the popup, so Escape and Tab keep working.
          if (event.relatedTarget !== null) return;
          window.setTimeout(() => {
            const active = document.activeElement;
            if ((!active || active === document.body) && panel.current?.isConnected) panel.current.focus();
          });
        }}
        style={{
          left: position?.x ?? 0,
          top: position?.y ?? 0,
          width: size.width,
          height: size.height,
          // Invisible until placed, yet focusable (a hidden element could not take the focus it is given on opening).
          opacity: position ? undefined : 0,
        }}
        className="fixed z-50 flex max-h-[calc(100vh-52px)] max-w-[calc(100vw-24px)] min-w-80 flex-col overflow-hidden rounded-lg bg-white text-[13px] text-gray-800 shadow-[0_12px_40px_-8px_rgba(0,0,0,0.28),0_0_0_1px_rgba(0,0,0,0.08)] outline-none"
      >
        <div
          className="flex h-10 shrink-0 cursor-grab touch-none items-center gap-1 border-b border-gray-200 pr-1.5 pl-3 select-none active:cursor-grabbing"
          onPointerDown={(e) => begin('move', e)}
          {...following}
          data-testid="popup-title-bar"
        >
          {start}
          <h2 id={titleId} className="min-w-0 flex-1 truncate text-[13px] font-semibold text-gray-900">
            {title}
          </h2>
          {actions}
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            title="Close (Esc)"
            className="flex size-7 items-center justify-center rounded text-gray-500 hover:bg-gray-100 hover:text-gray-900"
          >
            <Iconify icon={iconX} className="size-4" />
          </button>
        </div>
        <div className={`flex min-h-0 flex-1 flex-col ${bodyClassName}`}>{children}</div>
        {resizable && (
          <div
            aria-hidden="true"
            className="absolute right-0 bottom-0 size-4 cursor-nwse-resize touch-none"
            onPointerDown={(e) => begin('resize', e)}
            {...following}
            data-testid="popup-resize"
          >
            <svg viewBox="0 0 16 16" className="size-4 text-gray-400">
              <path d="M11 15 15 11M7 15 15 7" stroke="currentColor" strokeWidth="1.2" />
            </svg>
          </div>
        )}
      </div>
    </>
  );
}
