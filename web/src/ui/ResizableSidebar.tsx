import { useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { useStore } from '../lib/store/index.ts';
import { SIDEBAR_DEFAULT, SIDEBAR_MAX, SIDEBAR_MIN } from '../lib/store/ui.ts';

interface Props {
  /** The key its width is persisted under. */
  name: string;
  label: string;
  children: ReactNode;
  className?: string;
  /** The side of the screen it sits on; its handle is on the inner edge (default left). */
  side?: 'left' | 'right';
}

/** A sidebar the user can resize between 200 and 560 px by mouse or keyboard; the width persists. */
export function ResizableSidebar({ name, label, children, className = '', side = 'left' }: Props) {
  const direction = side === 'left' ? 1 : -1;
  const width = useStore((s) => s.sidebars[name] ?? SIDEBAR_DEFAULT);
  const setSidebar = useStore((s) => s.setSidebar);
  const stopDrag = useRef<(() => void) | null>(null);

  useEffect(() => () => stopDrag.current?.(), []);

  // The drag follows the pointer anywhere on the page, not only over the thin handle.
  function onPointerDown(event: React.PointerEvent) {
    if (event.button !== 0) return;
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = width;
    const move = (e: PointerEvent) => setSidebar(name, startWidth + direction * (e.clientX - startX));
    const stop = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      stopDrag.current = null;
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    stopDrag.current = stop;
  }
  function onKeyDown(event: React.KeyboardEvent) {
    const step = event.shiftKey ? 48 : 16;
    if (event.key === 'ArrowLeft') setSidebar(name, width - direction * step);
    else if (event.key === 'ArrowRight') setSidebar(name, width + direction * step);
    else if (event.key === 'Home') setSidebar(name, SIDEBAR_MIN);
    else if (event.key === 'End') setSidebar(name, SIDEBAR_MAX);
    else return;
    event.preventDefault();
  }

  return (
    <aside
      aria-label={label}
      style={{ '--sidebar-w': `${width}px` } as CSSProperties}
      data-sidebar={name}
      className={`relative w-full shrink-0 md:w-[var(--sidebar-w)] ${className}`}
    >
      {children}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${label.toLowerCase()}`}
        aria-valuemin={SIDEBAR_MIN}
        aria-valuemax={SIDEBAR_MAX}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        className={`group absolute top-0 ${side === 'left' ? '-right-1.5' : '-left-1.5'} hidden h-full w-3 cursor-col-resize touch-none md:block`}
      >
        <div className="mx-auto h-full w-px bg-gray-200 transition-colors group-hover:w-0.5 group-hover:bg-brand-500 group-focus-visible:w-0.5 group-focus-visible:bg-brand-600" />
      </div>
    </aside>
  );
}
