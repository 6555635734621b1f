import { useId } from 'react';

export type ThemeColors = Record<string, { base?: string; shades: Record<string, string> }>;

const STEPS = Array.from({ length: 12 }, (_, i) => i + 1);
const EXTRA: readonly { token: string; hex: string }[] = [
  { token: 'white', hex: '#ffffff' },
  { token: 'black', hex: '#000000' },
  { token: 'transparent', hex: 'transparent' },
];

const swatch = (hex: string | undefined) =>
  hex === 'transparent' || !hex
    ? { backgroundImage: 'linear-gradient(45deg,#e5e7eb 25%,transparent 25%,transparent 75%,#e5e7eb 75%)', backgroundSize: '6px 6px' }
    : { background: hex };

/**
 * The theme's colours as one radio group: per colour a row of 12 light shades (l1-l12) and one of 12
 * dark shades (d1-d12), then white, black and transparent. Arrow keys move within the group.
 */
export function ThemeShades({
  colors,
  value,
  onPick,
  label = 'Theme colors',
  disabled = false,
}: {
  colors: ThemeColors;
  value: string | null;
  onPick(token: string): void;
  label?: string;
  disabled?: boolean;
}) {
  const name = useId();
  const option = (token: string, hex: string | undefined) => (
    <label key={token} title={`${token}${hex && hex !== 'transparent' ? ` ${hex}` : ''}`} className="relative block cursor-pointer">
      <input
        type="radio"
        name={name}
        aria-label={token}
        className="peer sr-only"
        checked={value === token}
        disabled={disabled}
        onChange={() => onPick(token)}
      />
      <span
        className="block h-4 w-full min-w-3 rounded-[3px] ring-1 ring-black/10 ring-inset peer-checked:outline-2 peer-checked:outline-offset-1 peer-checked:outline-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-brand-500"
        style={swatch(hex)}
      />
    </label>
  );
  return (
    <div role="radiogroup" aria-label={label} className="flex flex-col gap-1.5">
      {Object.entries(colors).map(([colorName, scale]) => (
        <div key={colorName} className="flex flex-col gap-0.5">
          <span className="text-[10.5px] font-medium text-gray-600 capitalize">{colorName}</span>
          {(['l', 'd'] as const).map((tone) => (
            <div key={tone} className="grid grid-cols-12 gap-0.5">
              {STEPS.map((step) => option(`${colorName}-${tone}${step}`, scale.shades[`${tone}${step}`]))}
            </div>
          ))}
        </div>
      ))}
      <div className="grid grid-cols-12 gap-0.5 pt-0.5">{EXTRA.map((c) => option(c.token, c.hex))}</div>
    </div>
  );
}
