import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useEditor } from '../../site/store/context.tsx';
import { GradientEditor } from '../../ui/pickers/GradientEditor.tsx';
import { gradientCss, validateGradient, type Gradient } from '../../ui/pickers/gradient.ts';

/** The stored gradient (an object or its JSON), or null when there is none or it is not one. */
function gradientOf(value: unknown): Gradient | null {
  if (value === undefined || value === null || value === '') return null;
  try {
    return validateGradient(typeof value === 'string' ? JSON.parse(value) : value);
  } catch {
    return null;
  }
}

/**
 * A gradient value (spec 002 §3 "Color and gradient values"): a swatch of the stored gradient and
 * 'Edit gradient', which opens the shared gradient editor ('Gradients') in the site's theme colours;
 * every change in it is the field's new value (the object the editor makes), 'Clear' removes it.
 */
export function GradientInput({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: unknown;
  onChange(next: Gradient | null): void;
  error?: string;
}) {
  const colors = useEditor((s) => s.site?.style?.theme?.colors) ?? {};
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const gradient = gradientOf(value);
  return (
    <div role="group" aria-label={label}>
      <p className="mb-1 block text-xs font-medium text-gray-800">{label}</p>
      <div className="flex items-center gap-1.5">
        <span
          data-testid="gradient-swatch"
          className={`h-8 min-w-0 flex-1 rounded-md ring-1 ring-gray-300 ring-inset ${error ? 'ring-red-500' : ''}`}
          style={gradient ? { backgroundImage: gradientCss(gradient, colors) } : undefined}
        >
          {!gradient && <span className="flex h-full items-center px-2.5 text-xs text-gray-600">No gradient</span>}
        </span>
        <button
          type="button"
          onClick={(e) => setAnchor(e.currentTarget)}
          className="flex h-8 items-center rounded-md px-2.5 text-xs font-medium text-gray-800 ring-1 ring-gray-300 ring-inset hover:bg-gray-50"
        >
          Edit gradient
        </button>
        {gradient && (
          <button
            type="button"
            onClick={() => onChange(null)}
            className="flex h-8 items-center rounded-md px-2 text-xs text-gray-700 hover:bg-gray-100 hover:text-gray-900"
          >
            Clear
          </button>
        )}
      </div>
      {error && <p className="mt-1 text-xs text-red-700">{error}</p>}
      {anchor &&
        createPortal(
          <GradientEditor value={value ?? null} colors={colors} onChange={onChange} onClose={() => setAnchor(null)} anchor={anchor} />,
          document.body,
        )}
    </div>
  );
}
