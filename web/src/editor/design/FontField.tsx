import type { Schemas } from '@pagewright/sdk';
import { useEffect, useId, useState } from 'react';
import { useActionContext } from '../../site/store/context.tsx';
import { setThemeFont, type FontRole } from '../../site/actions/theme.ts';
import { useAction } from '../../site/actions/useAction.ts';
import { FontPicker } from '../../ui/pickers/FontPicker.tsx';
import { FieldMessage, inputClass, Row, useInvalid } from './controls.tsx';

type WebFont = Schemas['WebFont'];
type Font = Schemas['Font'];

/** The fonts the theme can use (GET /fonts), loaded once per screen; a failure is only logged (spec 001 §8). */
export function useWebFonts(): WebFont[] {
  const { api } = useActionContext();
  const [fonts, setFonts] = useState<WebFont[]>([]);
  useEffect(() => {
    let live = true;
    api
      .GET('/fonts')
      .then(({ data, error }) => {
        if (error) console.error('fonts', error);
        if (live && data) setFonts(data);
      })
      .catch((thrown: unknown) => console.error('fonts', thrown));
    return () => {
      live = false;
    };
  }, [api]);
  return fonts;
}

function Weights({
  legend,
  short,
  offered,
  chosen,
  keepOne,
  disabled,
  onChange,
}: {
  legend: string;
  short: string;
  offered: readonly number[];
  chosen: readonly number[];
  keepOne: boolean;
  disabled: boolean;
  onChange: (weights: number[]) => void;
}) {
  if (offered.length === 0) return null;
  return (
    <fieldset className="grid grid-cols-[var(--label-w,84px)_minmax(0,1fr)] items-start gap-2">
      <legend className="sr-only">{legend}</legend>
      <span aria-hidden="true" className="pt-0.5 text-[11px] text-gray-500">
        {short}
      </span>
      <div className="grid grid-cols-[repeat(auto-fill,minmax(30px,1fr))] gap-0.5">
        {offered.map((weight) => {
          const on = chosen.includes(weight);
          return (
            <label
              key={weight}
              title={`${legend}: ${weight}`}
              className="flex h-5 cursor-pointer items-center justify-center rounded-[3px] border border-gray-200 text-[10.5px] text-gray-600 tabular-nums hover:border-gray-300 has-checked:border-brand-500 has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:ring-2 has-focus-visible:ring-brand-500 has-disabled:cursor-not-allowed has-disabled:opacity-60"
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={on}
                // The family needs one upright weight: the last one stays.
                disabled={disabled || (on && keepOne && chosen.length === 1)}
                onChange={() => onChange(on ? chosen.filter((w) => w !== weight) : [...chosen, weight].sort((a, b) => a - b))}
              />
              {weight}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The heading or sans font of the theme: its family, and the upright and italic weights the pages may
 * use. Choosing a family keeps only the weights it has (the server decides, spec 001 §4 "Fonts").
 */
export function FontField({ role, label, font, fonts }: { role: FontRole; label: string; font: Font; fonts: readonly WebFont[] }) {
  const { run, enabled } = useAction(setThemeFont);
  const { error, onInvalid, clear } = useInvalid();
  const id = useId();
  const family = fonts.find((f) => f.family === font.family) ?? { ...font, category: '' };
  const categories = [...new Set(fonts.map((f) => f.category))];
  const [browsing, setBrowsing] = useState<HTMLElement | null>(null);
  const edit = (change: { family?: string; normal?: number[]; italic?: number[] }) => {
    clear();
    void run({ role, ...change, onInvalid });
  };

  return (
    <div className="flex flex-col gap-1.5">
      <Row label={label} htmlFor={id}>
        <select
          id={id}
          value={font.family}
          disabled={!enabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          onChange={(e) => edit({ family: e.target.value })}
          className={`${inputClass} pr-6`}
        >
          {fonts.length === 0 && <option value={font.family}>{font.family}</option>}
          {categories.map((category) => (
            <optgroup key={category} label={category}>
              {fonts
                .filter((f) => f.category === category)
                .map((f) => (
                  <option key={f.family} value={f.family}>
                    {f.family}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
        <button
          type="button"
          aria-label={`Browse ${label.toLowerCase()}s`}
          title="Browse fonts"
          aria-haspopup="dialog"
          aria-expanded={browsing !== null}
          disabled={!enabled || fonts.length === 0}
          onClick={(e) => setBrowsing(browsing ? null : e.currentTarget)}
          className="flex h-7 shrink-0 items-center rounded border border-gray-200 px-1.5 text-[12px] font-semibold text-gray-700 hover:bg-gray-100 disabled:opacity-50"
        >
          Aa
        </button>
        {browsing && (
          <FontPicker
            value={font}
            fonts={fonts}
            anchor={browsing}
            onClose={() => setBrowsing(null)}
            onChange={(next) => {
              const change: { family?: string; normal?: number[]; italic?: number[] } = {};
              if (next.family !== font.family) change.family = next.family;
              if (next.normal.join() !== font.normal.join()) change.normal = next.normal;
              if (next.italic.join() !== font.italic.join()) change.italic = next.italic;
              if (Object.keys(change).length) edit(change);
            }}
          />
        )}
      </Row>
      <FieldMessage id={`${id}-error`} error={error} />
      <Weights
        legend={`${label} normal weights`}
        short="Normal"
        offered={family.normal}
        chosen={font.normal}
        keepOne
        disabled={!enabled}
        onChange={(normal) => edit({ normal })}
      />
      <Weights
        legend={`${label} italic weights`}
        short="Italic"
        offered={family.italic}
        chosen={font.italic}
        keepOne={false}
        disabled={!enabled}
        onChange={(italic) => edit({ italic })}
      />
    </div>
  );
}
