import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { setPreviewWidth } from '../../site/actions/view.ts';
import { perform } from '../../site/actions/registry.ts';
import { useActionContext } from '../../site/store/context.tsx';
import { PREVIEW_MAX, PREVIEW_MIN } from '../../site/store/prefs.ts';
import { widthFromDrag } from './geometry.ts';

interface Props {
  side: 'left' | 'right';
  width: number;
  scale: number;
  /** Dragging starts and ends: the canvas stops animating its width meanwhile. */
  onDrag(dragging: boolean): void;
}

/** A handle on one side of the frame that drags its width (a free width between 320 and 2560 px). */
export function ResizeHandle({ side, width, scale, onDrag }: Props) {
  const ctx = useActionContext();
  const drag = useRef<{ startX: number; startWidth: number; frame: number; x: number } | null>(null);

  const apply = (next: number) => void perform(ctx, setPreviewWidth, { width: next });

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width, frame: 0, x: event.clientX };
    onDrag(true);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    d.x = event.clientX;
    // One width per animation frame, however fast the pointer reports.
    if (!d.frame)
      d.frame = requestAnimationFrame(() => {
        d.frame = 0;
        apply(widthFromDrag(d.startWidth, d.x - d.startX, side, scale));
      });
  }

  function onPointerEnd() {
    const d = drag.current;
    if (!d) return;
    cancelAnimationFrame(d.frame);
    apply(widthFromDrag(d.startWidth, d.x - d.startX, side, scale));
    drag.current = null;
    onDrag(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? 100 : 10;
    const grow = side === 'right' ? 'ArrowRight' : 'ArrowLeft';
    const shrink = side === 'right' ? 'ArrowLeft' : 'ArrowRight';
    if (event.key === grow) apply(width + step);
    else if (event.key === shrink) apply(width - step);
    else if (event.key === 'Home') apply(PREVIEW_MIN);
    else if (event.key === 'End') apply(PREVIEW_MAX);
    else return;
    event.preventDefault();
    event.stopPropagation();
  }

  return (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize preview from the ${side}`}
      aria-valuemin={PREVIEW_MIN}
      aria-valuemax={PREVIEW_MAX}
      aria-valuenow={width}
      tabIndex={0}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
      onKeyDown={onKeyDown}
      data-testid={`canvas-resize-${side}`}
      className={`group absolute top-0 z-10 flex h-full w-4 cursor-ew-resize touch-none items-center justify-center outline-none ${
        side === 'left' ? '-left-4' : '-right-4'
      }`}
    >
      <div className="h-10 w-1 rounded-full bg-neutral-400/70 transition-colors group-hover:bg-brand-500 group-focus-visible:bg-brand-600 group-active:bg-brand-600 dark:bg-neutral-500/70" />
    </div>
  );
}
