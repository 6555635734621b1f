import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { GradientEditor } from '../../ui/pickers/GradientEditor.tsx';
import { gradientClass, gradientCss, parseGradientClass } from '../../ui/pickers/gradient.ts';
import type { ThemeColors } from '../../ui/pickers/ThemeShades.tsx';

/**
 * The Background group's gradient (spec 001 §2 "Gradient editor"): a swatch of the gradient the row
 * holds (its own, or the inherited one greyed) and 'Edit gradient', which opens 'Gradients'. What the
 * editor makes is stored as one utility, `bg-[linear-gradient(…)]`, that the site's CSS compiles;
 * edits are sent once the user pauses (and when the popup closes), not at every keystroke.
 */
export function GradientRow({
  id,
  label,
  value,
  placeholder,
  disabled,
  colors,
  onCommit,
}: {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  disabled?: boolean;
  colors: ThemeColors;
  onCommit(utility: string): void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const pending = useRef<string | null>(null);
  const flush = () => {
    window.clearTimeout(timer.current);
    if (pending.current !== null && pending.current !== value) onCommit(pending.current);
    pending.current = null;
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const shown = parseGradientClass(draft ?? (value || placeholder));
  return (
    <div className="flex min-w-0 flex-1 items-center gap-1">
      <span
        aria-hidden="true"
        className={`h-[22px] min-w-0 flex-1 rounded border border-gray-300 ${value || draft ? '' : 'opacity-50'}`}
        style={shown ? { backgroundImage: gradientCss(shown, colors) } : undefined}
      />
      <button
        id={id}
        type="button"
        aria-label={`${label}: Edit gradient`}
        disabled={disabled}
        onClick={(e) => setAnchor(e.currentTarget)}
        className="shrink-0 rounded border border-gray-200 px-1.5 py-0.5 text-[11px] text-gray-700 hover:bg-gray-50 disabled:opacity-50"
      >
        Edit gradient
      </button>
      {anchor &&
        createPortal(
          <GradientEditor
            value={parseGradientClass(value || placeholder)}
            colors={colors}
            anchor={anchor}
            onChange={(g) => {
              const utility = gradientClass(g);
              setDraft(utility);
              pending.current = utility;
              window.clearTimeout(timer.current);
              timer.current = window.setTimeout(flush, 400);
            }}
            onClose={() => {
              flush();
              setDraft(null);
              setAnchor(null);
            }}
          />,
          document.body,
        )}
    </div>
  );
}
