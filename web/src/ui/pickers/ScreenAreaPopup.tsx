import { useRef, useState } from 'react';
import { PopupFrame } from '../popup/PopupFrame.tsx';
import { formatScreenMap, FULL_AREA, parseScreenMap, SCREEN_MAP_PREVIEW, SCREEN_MAP_SCALE, type Point } from './choices.ts';
import { buttonClass, primaryButtonClass } from './ui.tsx';

const CORNERS = ['Top left', 'Top right', 'Bottom right', 'Bottom left'] as const;

export interface ScreenAreaPopupProps {
  /** The device mockup's image (its address). */
  image: string;
  /** The screen map: eight comma-separated fractions, or empty for the whole image. */
  value: string | null;
  onChange(value: string): void;
  onClose(): void;
  anchor?: HTMLElement | null;
}

/**
 * The 'Define screen area' popup (spec 000 §2, spec 001 §2) of a device mockup: four corner handles
 * dragged (or moved with the arrow keys, Shift for 10x) over the image, previewed 416 px wide at 90 %.
 */
export function ScreenAreaPopup({ image, value, onChange, onClose, anchor }: ScreenAreaPopupProps) {
  const [points, setPoints] = useState<Point[]>(() => parseScreenMap(value));
  const box = useRef<HTMLDivElement>(null);
  const drag = useRef<number | null>(null);
  const size = SCREEN_MAP_PREVIEW * SCREEN_MAP_SCALE;
  const move = (i: number, p: Point) =>
    setPoints((list) => list.map((q, j) => (j === i ? { x: Math.min(1, Math.max(0, p.x)), y: Math.min(1, Math.max(0, p.y)) } : q)));
  const at = (e: React.PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    return { x: (e.clientX - r.left) / r.width, y: (e.clientY - r.top) / r.height };
  };
  return (
    <PopupFrame
      title="Define screen area"
      onClose={onClose}
      anchor={anchor}
      width={Math.round(SCREEN_MAP_PREVIEW) + 24}
      testId="screen-area"
      bodyClassName="items-center gap-2 p-3"
    >
      <div
        ref={box}
        className="relative touch-none select-none"
        style={{ width: size }}
        onPointerMove={(e) => drag.current !== null && move(drag.current, at(e))}
        onPointerUp={() => (drag.current = null)}
      >
        <img src={image} alt="Device mockup" className="block w-full" draggable={false} />
        <svg aria-hidden="true" className="pointer-events-none absolute inset-0 size-full" viewBox="0 0 1 1" preserveAspectRatio="none">
          <polygon
            points={points.map((p) => `${p.x},${p.y}`).join(' ')}
            fill="rgba(59,130,246,0.25)"
            stroke="#2563eb"
            strokeWidth="0.006"
          />
        </svg>
        {points.map((p, i) => (
          <span
            key={CORNERS[i]}
            role="slider"
            tabIndex={0}
            aria-label={`${CORNERS[i]} corner`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(p.x * 100)}
            aria-valuetext={`${Math.round(p.x * 100)}% across, ${Math.round(p.y * 100)}% down`}
            onPointerDown={(e) => {
              e.currentTarget.parentElement?.setPointerCapture(e.pointerId);
              drag.current = i;
            }}
            onKeyDown={(e) => {
              const step = e.shiftKey ? 0.01 : 0.001;
              const d: Record<string, [number, number]> = {
                ArrowLeft: [-step, 0],
                ArrowRight: [step, 0],
                ArrowUp: [0, -step],
                ArrowDown: [0, step],
              };
              const m = d[e.key];
              if (!m) return;
              e.preventDefault();
              move(i, { x: p.x + m[0], y: p.y + m[1] });
            }}
            className="absolute size-3.5 -translate-x-1/2 -translate-y-1/2 cursor-move rounded-full border-2 border-white bg-brand-600 shadow outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1"
            style={{ left: `${p.x * 100}%`, top: `${p.y * 100}%` }}
          />
        ))}
      </div>
      <output aria-label="Screen map" className="font-mono text-[11px] text-gray-600">
        {formatScreenMap(points)}
      </output>
      <div className="flex w-full justify-end gap-2">
        <button type="button" onClick={() => setPoints(FULL_AREA.map((p) => ({ ...p })))} className={buttonClass}>
          Reset
        </button>
        <button
          type="button"
          onClick={() => {
            onChange(formatScreenMap(points));
            onClose();
          }}
          className={primaryButtonClass}
        >
          Save
        </button>
      </div>
    </PopupFrame>
  );
}
