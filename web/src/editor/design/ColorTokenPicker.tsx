import type { Schemas } from '@pagewright/sdk';
import { useId, useState } from 'react';

type ColorScale = Schemas['ColorScale'];

const STEPS = Array.from({ length: 12 }, (_, i) => i + 1);
const FIXED: Record<string, string> = { white: '#ffffff', black: '#000000', transparent: 'transparent' };

/** The hex of a colour token (`primary-l5` in the theme's scales, or white/black). */
export function tokenHex(token: string | null, colors: Record<string, ColorScale>): string | undefined {
  if (!token) return undefined;
  if (FIXED[token]) return FIXED[token];
  const at = token.lastIndexOf('-');
  return colors[token.slice(0, at)]?.shades[token.slice(at + 1)];
}

const swatchStyle = (hex: string | undefined) =>
  hex === 'transparent' || !hex
    ? { backgroundImage: 'linear-gradient(45deg,#e5e7eb 25%,transparent 25%,transparent 75%,#e5e7eb 75%)', backgroundSize: '6px 6px' }
    : { background: hex };

/**
 * A colour as a theme token: a button with the swatch and the token's name opens the theme's shades
 * (12 light and 12 dark per colour, then white and black) as one radio group (arrow keys move in it).
 */
export function ColorTokenPicker({
  id,
  label,
  value,
  colors,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  colors: Record<string, ColorScale>;
  disabled?: boolean;
  onChange: (token: string | null) => void;
}) {
  const [open, setOpen] = useState(false);
  const name = useId();
  const panel = `${id}-shades`;
  const option = (token: string | null, hex: string | undefined, label: string) => (
    <label key={label} title={label} className="relative block cursor-pointer">
      <input
        type="radio"
        name={name}
        aria-label={label}
        className="peer sr-only"
        checked={value === token}
        disabled={disabled}
        onChange={() => onChange(token)}
      />
      <span
        className="block h-4 w-full min-w-3.5 rounded-[3px] ring-1 ring-black/10 ring-inset peer-checked:outline-2 peer-checked:outline-offset-1 peer-checked:outline-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500"
        style={swatchStyle(hex)}
      />
    </label>
  );

  return (
    <div className="w-full min-w-0">
      <button
        id={id}
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        className="flex h-7 w-full min-w-0 items-center gap-1.5 rounded border border-gray-200 bg-gray-50 px-1.5 text-left text-[12px] hover:border-gray-300 disabled:opacity-50"
      >
        <span className="size-4 shrink-0 rounded-sm ring-1 ring-black/10 ring-inset" style={swatchStyle(tokenHex(value, colors))} />
        <span className={`truncate font-mono text-[11px] ${value ? 'text-gray-900' : 'text-gray-500'}`}>{value ?? 'Default'}</span>
      </button>
      {open && (
        <div
          id={panel}
          role="radiogroup"
          aria-label={`${label} shades`}
          className="relative z-10 mt-1 -ml-[calc(var(--label-w,84px)+8px)] flex w-[calc(100%+var(--label-w,84px)+8px)] flex-col gap-1 rounded border border-gray-200 bg-white p-1.5 shadow-sm"
        >
          {Object.entries(colors).map(([colorName, scale]) => (
            <div key={colorName} className="flex flex-col gap-0.5">
              <span className="text-[10px] text-gray-500">{colorName}</span>
              {(['l', 'd'] as const).map((tone) => (
                <div key={tone} className="grid grid-cols-12 gap-0.5">
                  {STEPS.map((step) =>
                    option(`${colorName}-${tone}${step}`, scale.shades[`${tone}${step}`], `${colorName}-${tone}${step}`),
                  )}
                </div>
              ))}
            </div>
          ))}
          <div className="grid grid-cols-12 items-center gap-0.5 pt-0.5">
            {option('white', FIXED.white, 'white')}
            {option('black', FIXED.black, 'black')}
            {option('transparent', FIXED.transparent, 'transparent')}
            <button
              type="button"
              disabled={disabled || value === null}
              onClick={() => onChange(null)}
              className="col-span-4 col-end-13 h-5 rounded px-1.5 text-[11px] text-gray-600 hover:bg-gray-100 disabled:opacity-40"
            >
              Default
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
