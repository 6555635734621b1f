import type { Schemas } from '@pagewright/sdk';
import { useId, useState } from 'react';
import { setThemeColor } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { ColorPicker } from '../../ui/pickers/ColorPicker.tsx';
import { FieldMessage, inputClass, useInvalid } from './controls.tsx';

type ColorScale = Schemas['ColorScale'];

const STEPS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The 12 light and 12 dark shades the server made from the base colour, as two strips. */
export function ShadeStrip({ name, scale }: { name: string; scale: ColorScale }) {
  return (
    <div className="mt-1 ml-[calc(var(--label-w,84px)+8px)] flex flex-col gap-px" role="list" aria-label={`${name} shades`}>
      {(['l', 'd'] as const).map((tone) => (
        <div key={tone} className="flex h-3 overflow-hidden rounded-sm">
          {STEPS.map((step) => {
            const shade = `${tone}${step}`;
            const hex = scale.shades[shade];
            return (
              <span
                key={shade}
                role="listitem"
                aria-label={`${name}-${shade} ${hex ?? ''}`}
                title={`${name}-${shade} ${hex ?? ''}`}
                className="flex-1"
                style={{ background: hex }}
                data-shade={`${name}-${shade}`}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * A theme colour: a swatch (opens the colour picker; one edit per finished change) and its hex
 * (saved on Enter or leaving the field). The server checks the hex (6 digits, '#' added; spec 001 §5)
 * and its message shows here.
 */
export function ColorField({ name, label, scale }: { name: string; label: string; scale: ColorScale }) {
  const { run, enabled } = useAction(setThemeColor);
  const { error, onInvalid, clear } = useInvalid();
  const id = useId();
  // The swatch that opened the picker (it opens beside it); null while closed.
  const [picking, setPicking] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState(scale.base);
  const [saved, setSaved] = useState(scale.base);
  const [sent, setSent] = useState<string | null>(null);
  if (scale.base !== saved) {
    setSaved(scale.base);
    setDraft(scale.base);
    setSent(null);
  }

  // Enter sends again; leaving the field does not repeat a value just refused.
  const commit = (value: string, again = true) => {
    if (value.trim().toLowerCase() === scale.base.toLowerCase() || (!again && value === sent)) return;
    setSent(value);
    clear();
    void run({ name, value: value.trim(), onInvalid });
  };

  const valid = /^#[0-9a-f]{6}$/i.test(draft);
  return (
    <div>
      <div className="grid min-h-7 grid-cols-[var(--label-w,84px)_minmax(0,1fr)] items-center gap-2">
        <label htmlFor={`${id}-hex`} className="truncate text-[12px] text-gray-600">
          {label}
        </label>
        <div className="flex min-w-0 items-center gap-1.5">
          <button
            type="button"
            aria-label={`Pick ${label.toLowerCase()} color`}
            aria-haspopup="dialog"
            aria-expanded={picking !== null}
            disabled={!enabled}
            onClick={(e) => setPicking(picking ? null : e.currentTarget)}
            className="size-7 shrink-0 cursor-pointer rounded border border-gray-200 bg-white p-0.5 disabled:opacity-50"
          >
            <span className="block size-full rounded-sm" style={{ background: valid ? draft : scale.base }} />
          </button>
          {picking && (
            <ColorPicker
              kind="hex"
              value={valid ? draft : scale.base}
              colors={{}}
              anchor={picking}
              onPreview={setDraft}
              onChange={(hex) => {
                setDraft(hex);
                commit(hex);
              }}
              onClose={() => setPicking(null)}
            />
          )}
          <input
            id={`${id}-hex`}
            aria-label={`${label} color`}
            value={draft}
            disabled={!enabled}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-error`}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => commit(draft, false)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') commit(draft);
              else if (e.key === 'Escape') setDraft(scale.base);
              else return;
              e.preventDefault();
            }}
            className={`${inputClass} font-mono uppercase`}
          />
        </div>
      </div>
      <FieldMessage id={`${id}-error`} error={error} />
      <ShadeStrip name={name} scale={scale} />
    </div>
  );
}
