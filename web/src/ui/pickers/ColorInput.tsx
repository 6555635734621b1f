import { useState } from 'react';
import { cssColor, parseColorValue } from './color.ts';
import { ColorPicker } from './ColorPicker.tsx';
import type { ThemeColors } from './ThemeShades.tsx';

const checker = {
  backgroundImage: 'linear-gradient(45deg,#e5e7eb 25%,transparent 25%,transparent 75%,#e5e7eb 75%)',
  backgroundSize: '6px 6px',
};

/**
 * A colour setting as a field: the swatch and the value's name (`primary-l5/50`, `#1e40af`) on a button
 * that opens the colour picker beside it; 'Default' when empty, with a clear button when `onClear` is
 * given. The value is the style model's colour (see color.ts).
 */
export function ColorInput({
  id,
  label,
  value,
  colors,
  disabled,
  onChange,
  onPreview,
  onClear,
  large = false,
}: {
  id?: string;
  label: string;
  value: string | null;
  colors: ThemeColors;
  disabled?: boolean;
  onChange(value: string): void;
  onPreview?(value: string): void;
  onClear?(): void;
  /** A form's size (the CMS item panel) rather than the inspector's dense rows. */
  large?: boolean;
}) {
  // The button that opened the picker (it opens beside it); null while closed.
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const parsed = parseColorValue(value);
  const css = cssColor(parsed, colors);
  const shown = parsed?.kind === 'hex' ? `${parsed.hex}${parsed.opacity < 100 ? ` ${parsed.opacity}%` : ''}` : value;
  return (
    <div className="flex w-full min-w-0 items-center gap-1">
      <button
        id={id}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        disabled={disabled}
        onClick={(e) => setAnchor(open ? null : e.currentTarget)}
        className={`flex w-full min-w-0 items-center text-left hover:border-gray-300 disabled:opacity-50 ${
          large
            ? 'h-8 gap-2 rounded-md bg-white px-2.5 text-[13px] shadow-xs ring-1 ring-gray-300 ring-inset hover:ring-gray-400'
            : 'h-7 gap-1.5 rounded border border-gray-200 bg-gray-50 px-1.5 text-[12px]'
        }`}
      >
        <span
          className={`shrink-0 overflow-hidden rounded-sm ring-1 ring-black/10 ring-inset ${large ? 'size-5' : 'size-4'}`}
          style={checker}
        >
          <span className="block size-full" style={{ background: css }} />
        </span>
        <span className={`truncate font-mono ${large ? 'text-xs' : 'text-[11px]'} ${value ? 'text-gray-900' : 'text-gray-500'}`}>
          {shown ?? 'Default'}
        </span>
      </button>
      {onClear && value && (
        <button
          type="button"
          aria-label={`Reset ${label.toLowerCase()}`}
          title="Reset to default"
          disabled={disabled}
          onClick={onClear}
          className={`shrink-0 rounded px-1.5 text-gray-600 hover:bg-gray-100 ${large ? 'h-8 text-xs' : 'h-7 text-[11px]'}`}
        >
          Default
        </button>
      )}
      {open && (
        <ColorPicker
          value={value}
          colors={colors}
          anchor={anchor}
          title="Select color"
          label={label}
          onChange={onChange}
          onPreview={onPreview}
          onClose={() => setAnchor(null)}
        />
      )}
    </div>
  );
}
