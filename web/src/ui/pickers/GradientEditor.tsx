import { useState } from 'react';
import iconPlus from '@iconify-icons/lucide/plus';
import iconTrash from '@iconify-icons/lucide/trash-2';
import { Iconify } from '../Iconify.tsx';
import { PopupFrame } from '../popup/PopupFrame.tsx';
import { ColorInput } from './ColorInput.tsx';
import { formatColorValue, parseColorValue } from './color.ts';
import {
  addStop,
  canRemoveStop,
  GRADIENT_INTERPOLATIONS,
  GRADIENT_SHAPES,
  GRADIENT_SIZES,
  GRADIENT_TYPES,
  gradientCss,
  newGradient,
  removeStop,
  validateGradient,
  type Gradient,
  type GradientStop,
} from './gradient.ts';
import type { ThemeColors } from './ThemeShades.tsx';
import { buttonClass, fieldClass } from './ui.tsx';

export interface GradientEditorProps {
  /** The stored gradient (object or its JSON); none starts a new one. An invalid one says why. */
  value: unknown;
  colors: ThemeColors;
  onChange(gradient: Gradient): void;
  onClose(): void;
  anchor?: HTMLElement | null;
}

function start(value: unknown): { gradient: Gradient; error: string | null } {
  if (value === null || value === undefined || value === '') return { gradient: newGradient(), error: null };
  try {
    const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
    const gradient = validateGradient(parsed);
    return { gradient: gradient.stops.length >= 2 ? gradient : { ...gradient, stops: newGradient().stops }, error: null };
  } catch (error) {
    return { gradient: newGradient(), error: error instanceof SyntaxError ? 'Invalid gradient type' : (error as Error).message };
  }
}

/** The stop's colour and opacity as one colour value for the colour picker, and back. */
const stopValue = (s: GradientStop) => {
  const c = parseColorValue(s.color);
  return c ? formatColorValue({ ...c, opacity: s.opacity }) : s.color;
};

/**
 * The gradient editor 'Gradients' of spec 001 §2: type (linear, radial, conic), angle, position x/y,
 * shape, size, interpolation and colour stops (0-100 %); a gradient keeps at least 2 stops.
 */
export function GradientEditor({ value, colors, onChange, onClose, anchor }: GradientEditorProps) {
  const [{ gradient: initial, error }] = useState(() => start(value));
  const [g, setG] = useState<Gradient>(initial);
  const set = (next: Gradient) => {
    setG(next);
    onChange(next);
  };
  const number = (label: string, key: 'angle' | 'x' | 'y', max: number, unit: string) => (
    <label className="flex min-w-0 flex-col gap-0.5 text-[10.5px] text-gray-600">
      {label}
      <span className="relative">
        <input
          aria-label={label}
          type="number"
          min={0}
          max={max}
          value={g[key]}
          onChange={(e) => {
            const n = Math.round(Number(e.target.value));
            if (Number.isFinite(n)) set({ ...g, [key]: Math.min(max, Math.max(0, n)) });
          }}
          className={`${fieldClass} pr-5`}
        />
        <span aria-hidden="true" className="pointer-events-none absolute top-1.5 right-1.5 text-[11px] text-gray-500">
          {unit}
        </span>
      </span>
    </label>
  );
  const select = <T extends string>(label: string, options: readonly T[], current: T, onPick: (v: T) => void) => (
    <label className="flex min-w-0 flex-col gap-0.5 text-[10.5px] text-gray-600">
      {label}
      <select aria-label={label} value={current} onChange={(e) => onPick(e.target.value as T)} className={fieldClass}>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </label>
  );

  return (
    <PopupFrame title="Gradients" onClose={onClose} anchor={anchor} testId="gradient-editor" bodyClassName="gap-2.5 overflow-auto p-3">
      {error && (
        <p role="alert" className="rounded border border-red-200 bg-red-50 px-2 py-1.5 text-[12px] text-red-800">
          {error}
        </p>
      )}
      <div
        role="img"
        aria-label="Gradient preview"
        data-testid="gradient-preview"
        className="h-16 shrink-0 rounded ring-1 ring-black/10 ring-inset"
        style={{
          backgroundImage: `${gradientCss(g, colors)}, linear-gradient(45deg,#e5e7eb 25%,transparent 25%,transparent 75%,#e5e7eb 75%)`,
          backgroundSize: 'auto, 10px 10px',
        }}
      />
      <div className="grid grid-cols-2 gap-2">
        {select('Type', GRADIENT_TYPES, g.type, (type) => set({ ...g, type }))}
        {select('Interpolation', GRADIENT_INTERPOLATIONS, g.interpolation, (interpolation) => set({ ...g, interpolation }))}
        {g.type !== 'radial' && number('Angle', 'angle', 360, '°')}
        {g.type !== 'linear' && number('Position X', 'x', 100, '%')}
        {g.type !== 'linear' && number('Position Y', 'y', 100, '%')}
        {g.type === 'radial' && select('Shape', GRADIENT_SHAPES, g.shape, (shape) => set({ ...g, shape }))}
        {g.type === 'radial' && select('Size', GRADIENT_SIZES, g.size, (size) => set({ ...g, size }))}
      </div>
      <div className="flex items-center justify-between">
        <h3 className="text-[11px] font-semibold tracking-wide text-gray-500 uppercase">Color stops</h3>
        <button type="button" onClick={() => set(addStop(g))} className={buttonClass}>
          <Iconify icon={iconPlus} className="size-3.5" />
          Add stop
        </button>
      </div>
      <ul className="flex flex-col gap-1.5" aria-label="Color stops">
        {g.stops.map((stop, i) => (
          <li key={i} className="grid grid-cols-[minmax(0,1fr)_64px_28px] items-center gap-1.5">
            <ColorInput
              label={`Stop ${i + 1} color`}
              value={stopValue(stop)}
              colors={colors}
              onChange={(v) => {
                const c = parseColorValue(v);
                if (!c) return;
                const color = formatColorValue({ ...c, opacity: 100 });
                set({ ...g, stops: g.stops.map((s, j) => (j === i ? { ...s, color, opacity: c.opacity } : s)) });
              }}
            />
            <span className="relative">
              <input
                aria-label={`Stop ${i + 1} position`}
                type="number"
                min={0}
                max={100}
                value={stop.position}
                onChange={(e) => {
                  const n = Math.round(Number(e.target.value));
                  if (!Number.isFinite(n)) return;
                  set({ ...g, stops: g.stops.map((s, j) => (j === i ? { ...s, position: Math.min(100, Math.max(0, n)) } : s)) });
                }}
                className={`${fieldClass} pr-5`}
              />
              <span aria-hidden="true" className="pointer-events-none absolute top-1.5 right-1.5 text-[11px] text-gray-500">
                %
              </span>
            </span>
            <button
              type="button"
              aria-label={`Remove stop ${i + 1}`}
              title={canRemoveStop(g) ? 'Remove stop' : 'A gradient needs at least 2 stops'}
              disabled={!canRemoveStop(g)}
              onClick={() => set(removeStop(g, i))}
              className="flex size-7 items-center justify-center rounded text-gray-600 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-35"
            >
              <Iconify icon={iconTrash} className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
    </PopupFrame>
  );
}
