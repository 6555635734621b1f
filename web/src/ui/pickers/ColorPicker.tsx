import { useId, useRef, useState, type CSSProperties } from 'react';
import iconPipette from '@iconify-icons/lucide/pipette';
import { messages } from '../../lib/messages.ts';
import { Iconify } from '../Iconify.tsx';
import { PopupFrame } from '../popup/PopupFrame.tsx';
import {
  clampChannel,
  clampOpacity,
  formatColorValue,
  hexToHsv,
  hexToRgb,
  hsvToHex,
  normalizeHex,
  parseColorValue,
  rgbToHex,
  tokenToHex,
  type ColorValue,
  type Hsv,
} from './color.ts';
import { ThemeShades, type ThemeColors } from './ThemeShades.tsx';
import { fieldClass, FieldError, useDraft } from './ui.tsx';

/** The browser's EyeDropper (Chromium), when it has one. */
interface EyeDropperApi {
  open(): Promise<{ sRGBHex: string }>;
}
declare global {
  interface Window {
    EyeDropper?: new () => EyeDropperApi;
  }
}

export interface ColorPickerProps {
  /**
   * `class` (default): the value is a style-model colour (`primary-l5`, `primary-l5/50`, `[#1e40af]`,
   * `[#1e40af]/80`, `white`…), with theme shades and opacity. `hex`: a plain `#rrggbb` (a theme's base
   * colour), without shades or opacity.
   */
  kind?: 'class' | 'hex';
  value: string | null;
  /** The theme's colour scales (site.style.theme.colors): 12 light and 12 dark shades each. */
  colors: ThemeColors;
  /** A finished change (a click, the end of a drag, Enter in a field): one undo step. */
  onChange(value: string): void;
  /** Every move while dragging, for a live canvas; optional. */
  onPreview?(value: string): void;
  onClose(): void;
  /** The control that opened it (the popup opens beside it). */
  anchor?: HTMLElement | null;
  title?: string;
  /** The setting's name ('Text color'): the shades are then named '{label} shades'. */
  label?: string;
}

const DEFAULT_HEX = '#3b82f6';

function initial(kind: 'class' | 'hex', value: string | null, colors: ThemeColors): { hsv: Hsv; opacity: number; token: string | null } {
  if (kind === 'hex') {
    const hex = normalizeHex(value ?? '') ?? DEFAULT_HEX;
    return { hsv: hexToHsv(hex), opacity: 100, token: null };
  }
  const parsed = parseColorValue(value);
  if (!parsed) return { hsv: hexToHsv(DEFAULT_HEX), opacity: 100, token: null };
  if (parsed.kind === 'hex') return { hsv: hexToHsv(parsed.hex), opacity: parsed.opacity, token: null };
  const hex = tokenToHex(parsed.token, colors) ?? '#ffffff';
  return { hsv: hexToHsv(hex), opacity: parsed.opacity, token: parsed.token };
}

const checkerboard: CSSProperties = {
  backgroundImage:
    'linear-gradient(45deg,#d1d5db 25%,transparent 25%),linear-gradient(-45deg,#d1d5db 25%,transparent 25%),linear-gradient(45deg,transparent 75%,#d1d5db 75%),linear-gradient(-45deg,transparent 75%,#d1d5db 75%)',
  backgroundSize: '8px 8px',
  backgroundPosition: '0 0,0 4px,4px -4px,-4px 0',
  backgroundColor: '#fff',
};

/**
 * The colour picker popup 'Select color' of spec 001 §2: a saturation/lightness map, a hue slider
 * (0-360), hex and R/G/B inputs, the eyedropper (where the browser has one), an opacity slider with a
 * percent input, and the theme's light and dark shades (1-12 each). Validation of spec 001 §5: hex is
 * 6 hex digits (a leading # added), channels clamp to 0-255, opacity to 0-100 (non-numeric is 100).
 */
export function ColorPicker({
  kind = 'class',
  value,
  colors,
  onChange,
  onPreview,
  onClose,
  anchor,
  title = 'Select color',
  label,
}: ColorPickerProps) {
  const start = initial(kind, value, colors);
  const [hsv, setHsv] = useState<Hsv>(start.hsv);
  const [opacity, setOpacity] = useState(start.opacity);
  const [token, setToken] = useState<string | null>(start.token);
  const hex = hsvToHex(hsv);
  const rgb = hexToRgb(hex);
  const id = useId();

  const valueOf = (next: { hsv?: Hsv; opacity?: number; token?: string | null }): string => {
    const nextToken = next.token === undefined ? token : next.token;
    const nextOpacity = next.opacity ?? opacity;
    if (kind === 'hex') return hsvToHex(next.hsv ?? hsv);
    const color: ColorValue = nextToken
      ? { kind: 'token', token: nextToken, opacity: nextOpacity }
      : { kind: 'hex', hex: hsvToHex(next.hsv ?? hsv), opacity: nextOpacity };
    return formatColorValue(color);
  };

  /** Applies a change; `final` sends it as an edit, otherwise only as a preview. */
  const apply = (next: { hsv?: Hsv; opacity?: number; token?: string | null }, final: boolean) => {
    if (next.hsv) setHsv(next.hsv);
    if (next.opacity !== undefined) setOpacity(next.opacity);
    if (next.token !== undefined) setToken(next.token);
    const out = valueOf(next);
    if (final) {
      if (out !== value) onChange(out);
    } else onPreview?.(out);
  };
  // A custom colour (map, hue, fields) leaves the theme shade.
  const custom = (nextHsv: Hsv, final: boolean) => apply({ hsv: nextHsv, token: null }, final);

  const hasEyeDropper = typeof window !== 'undefined' && typeof window.EyeDropper === 'function';
  const pickFromScreen = async () => {
    try {
      const picked = await new window.EyeDropper!().open();
      const h = normalizeHex(picked.sRGBHex);
      if (h) custom(hexToHsv(h), true);
    } catch {
      // Cancelled with Escape: nothing changes.
    }
  };

  return (
    <PopupFrame title={title} onClose={onClose} anchor={anchor} testId="color-picker" bodyClassName="gap-2.5 p-3">
      <SaturationMap hsv={hsv} onMove={(next, final) => custom(next, final)} />
      <div className="flex items-center gap-2">
        {hasEyeDropper && (
          <button
            type="button"
            aria-label="Eyedropper"
            title="Pick a colour from the screen"
            onClick={() => void pickFromScreen()}
            className="flex size-7 shrink-0 items-center justify-center rounded border border-gray-200 text-gray-600 hover:bg-gray-100 hover:text-gray-900"
          >
            <Iconify icon={iconPipette} className="size-4" />
          </button>
        )}
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <RangeSlider
            label="Hue"
            min={0}
            max={360}
            value={Math.round(hsv.h)}
            track="linear-gradient(to right,#f00 0%,#ff0 17%,#0f0 33%,#0ff 50%,#00f 67%,#f0f 83%,#f00 100%)"
            onInput={(h, final) => custom({ ...hsv, h }, final)}
          />
          {kind === 'class' && (
            <RangeSlider
              label="Opacity"
              min={0}
              max={100}
              value={opacity}
              track={`linear-gradient(to right, transparent, ${hex})`}
              checker
              onInput={(o, final) => apply({ opacity: o }, final)}
            />
          )}
        </div>
        <span aria-hidden="true" className="size-9 shrink-0 overflow-hidden rounded ring-1 ring-black/10 ring-inset" style={checkerboard}>
          <span className="block size-full" style={{ background: hex, opacity: opacity / 100 }} />
        </span>
      </div>
      <div className="grid grid-cols-[minmax(0,1.6fr)_repeat(3,minmax(0,1fr))_minmax(0,1.1fr)] gap-1.5">
        <HexInput id={`${id}-hex`} hex={hex} onCommit={(h) => custom(hexToHsv(h), true)} />
        {(['r', 'g', 'b'] as const).map((channel) => (
          <NumberInput
            key={channel}
            label={channel.toUpperCase()}
            name={{ r: 'Red', g: 'Green', b: 'Blue' }[channel]}
            value={rgb[channel]}
            parse={clampChannel}
            onCommit={(n) => custom(hexToHsv(rgbToHex({ ...rgb, [channel]: n })), true)}
          />
        ))}
        {kind === 'class' ? (
          <NumberInput
            label="%"
            name="Opacity percent"
            value={opacity}
            parse={clampOpacity}
            onCommit={(o) => apply({ opacity: o }, true)}
          />
        ) : (
          <span />
        )}
      </div>
      {kind === 'class' && (
        <ThemeShades
          colors={colors}
          value={token}
          label={label ? `${label} shades` : 'Theme colors'}
          onPick={(t) => {
            const h = tokenToHex(t, colors);
            apply({ token: t, ...(h ? { hsv: hexToHsv(h) } : {}) }, true);
          }}
        />
      )}
    </PopupFrame>
  );
}

/** The saturation (across) and lightness (down) of the hue: a 2-D slider, arrows move 1 % (Shift 10 %). */
function SaturationMap({ hsv, onMove }: { hsv: Hsv; onMove(next: Hsv, final: boolean): void }) {
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const at = (event: React.PointerEvent) => {
    const r = box.current!.getBoundingClientRect();
    const s = Math.min(1, Math.max(0, (event.clientX - r.left) / r.width));
    const v = Math.min(1, Math.max(0, 1 - (event.clientY - r.top) / r.height));
    return { ...hsv, s, v };
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = event.shiftKey ? 0.1 : 0.01;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onMove({ ...hsv, s: Math.min(1, Math.max(0, hsv.s + move[0])), v: Math.min(1, Math.max(0, hsv.v + move[1])) }, true);
  };
  return (
    <div
      ref={box}
      role="slider"
      tabIndex={0}
      aria-label="Saturation and lightness"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(hsv.s * 100)}
      aria-valuetext={`Saturation ${Math.round(hsv.s * 100)}%, brightness ${Math.round(hsv.v * 100)}%`}
      data-testid="color-map"
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        if (e.button !== 0) return;
        e.currentTarget.setPointerCapture(e.pointerId);
        dragging.current = true;
        onMove(at(e), false);
      }}
      onPointerMove={(e) => dragging.current && onMove(at(e), false)}
      onPointerUp={(e) => {
        if (!dragging.current) return;
        dragging.current = false;
        onMove(at(e), true);
      }}
      className="relative h-40 shrink-0 cursor-crosshair touch-none rounded outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-1"
      style={{
        background: `linear-gradient(to top,#000,transparent),linear-gradient(to right,#fff,hsl(${hsv.h} 100% 50%))`,
      }}
    >
      <span
        aria-hidden="true"
        className="pointer-events-none absolute size-3.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.3),0_1px_3px_rgba(0,0,0,0.4)]"
        style={{ left: `${hsv.s * 100}%`, top: `${(1 - hsv.v) * 100}%`, background: hsvToHex(hsv) }}
      />
    </div>
  );
}

/** A native range (keyboard and screen readers for free) drawn as a colour track; the release is the edit. */
function RangeSlider({
  label,
  min,
  max,
  value,
  track,
  checker = false,
  onInput,
}: {
  label: string;
  min: number;
  max: number;
  value: number;
  track: string;
  checker?: boolean;
  onInput(value: number, final: boolean): void;
}) {
  return (
    <div className="relative h-3 rounded-full ring-1 ring-black/10 ring-inset" style={checker ? checkerboard : undefined}>
      <div className="absolute inset-0 rounded-full" style={{ background: track }} />
      <input
        type="range"
        aria-label={label}
        min={min}
        max={max}
        value={value}
        onChange={(e) => onInput(Number(e.target.value), false)}
        onPointerUp={(e) => onInput(Number(e.currentTarget.value), true)}
        onKeyUp={(e) =>
          e.key.startsWith('Arrow') || e.key === 'Home' || e.key === 'End' ? onInput(Number(e.currentTarget.value), true) : undefined
        }
        className="absolute inset-0 h-3 w-full cursor-pointer appearance-none bg-transparent outline-none [&::-moz-range-thumb]:size-3.5 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-webkit-slider-thumb]:size-3.5 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-transparent [&::-webkit-slider-thumb]:shadow-[0_0_0_1px_rgba(0,0,0,0.35),0_1px_3px_rgba(0,0,0,0.35)] focus-visible:[&::-webkit-slider-thumb]:ring-2 focus-visible:[&::-webkit-slider-thumb]:ring-brand-500"
      />
    </div>
  );
}

function HexInput({ id, hex, onCommit }: { id: string; hex: string; onCommit(hex: string): void }) {
  const [draft, setDraft] = useDraft(hex);
  const [error, setError] = useState<string | null>(null);
  const [errorFor, setErrorFor] = useState(hex);
  if (errorFor !== hex) {
    setErrorFor(hex);
    setError(null);
  }
  const commit = () => {
    const h = normalizeHex(draft);
    if (!h) {
      setError(messages.hexColor);
      return;
    }
    setError(null);
    setDraft(h);
    if (h !== hex) onCommit(h);
  };
  return (
    <div className="flex min-w-0 flex-col">
      <input
        id={id}
        aria-label="Hex"
        value={draft}
        spellCheck={false}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          commit();
        }}
        className={`${fieldClass} font-mono`}
      />
      <span aria-hidden="true" className="mt-0.5 text-center text-[10px] text-gray-500">
        Hex
      </span>
      <FieldError id={`${id}-error`} error={error} className="w-[260px]" />
    </div>
  );
}

function NumberInput({
  label,
  name,
  value,
  parse,
  onCommit,
}: {
  label: string;
  name: string;
  value: number;
  parse(input: string): number;
  onCommit(value: number): void;
}) {
  const [draft, setDraft] = useDraft(String(value));
  const commit = () => {
    const n = parse(draft);
    setDraft(String(n));
    if (n !== value) onCommit(n);
  };
  return (
    <div className="flex min-w-0 flex-col">
      <input
        aria-label={name}
        inputMode="numeric"
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          } else if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            const n = parse(String(parse(draft) + (e.key === 'ArrowUp' ? 1 : -1) * (e.shiftKey ? 10 : 1)));
            setDraft(String(n));
            if (n !== value) onCommit(n);
          }
        }}
        className={`${fieldClass} px-1 text-center tabular-nums`}
      />
      <span aria-hidden="true" className="mt-0.5 text-center text-[10px] text-gray-500">
        {label}
      </span>
    </div>
  );
}
