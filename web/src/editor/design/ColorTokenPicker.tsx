import type { Schemas } from '@pagewright/sdk';
import { ColorInput } from '../../ui/pickers/ColorInput.tsx';
import { tokenToHex } from '../../ui/pickers/color.ts';

type ColorScale = Schemas['ColorScale'];

/** The hex of a colour token (`primary-l5` in the theme's scales, or white/black). */
export function tokenHex(token: string | null, colors: Record<string, ColorScale>): string | undefined {
  if (!token) return undefined;
  if (token === 'transparent') return 'transparent';
  return tokenToHex(token, colors);
}

/**
 * A colour of the design settings: the swatch and the value's name on a button that opens the colour
 * picker (theme shades, or any colour with its opacity); 'Default' clears it.
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
  return (
    <ColorInput
      id={id}
      label={label}
      value={value}
      colors={colors}
      disabled={disabled}
      onChange={(next) => onChange(next)}
      onClear={() => onChange(null)}
    />
  );
}
