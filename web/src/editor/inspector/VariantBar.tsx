import iconX from '@iconify-icons/lucide/x';
import { Iconify } from '../../ui/Iconify.tsx';
import { BREAKPOINTS, parseVariant, STATES, variantKey, type Breakpoint } from '../../site/store/variants.ts';

/**
 * The variant bar: which breakpoint × state the style rows edit (the canvas follows: its width, and
 * the hover or focus state forced), and the variants the component has, each removable.
 */
export function VariantBar({
  variant,
  used,
  disabled,
  onPick,
  onRemove,
}: {
  variant: string;
  /** Variants with classes on this component (base excluded). */
  used: readonly string[];
  disabled: boolean;
  onPick(variant: string): void;
  onRemove(variant: string): void;
}) {
  const current = parseVariant(variant) ?? { breakpoint: 'base' as Breakpoint, state: null };
  return (
    <div className="shrink-0 border-b border-gray-200 bg-gray-50/60 px-3 py-2" aria-label="Variant" role="group">
      <div className="flex items-center gap-1.5">
        <div role="radiogroup" aria-label="Breakpoint" className="flex h-[26px] flex-1 rounded bg-gray-200/70 p-0.5">
          {BREAKPOINTS.map((b) => (
            <button
              key={b.name}
              type="button"
              role="radio"
              aria-checked={current.breakpoint === b.name}
              aria-label={b.name === 'base' ? 'Base (all widths)' : `${b.name} (${b.width} px and wider)`}
              title={b.name === 'base' ? 'All widths' : `${b.width} px and wider`}
              onClick={() => onPick(variantKey({ breakpoint: b.name, state: current.state }))}
              className="min-w-0 flex-1 rounded-[3px] px-0 text-[10px] font-medium first:flex-[1.4] text-gray-600 hover:text-gray-900 aria-checked:bg-white aria-checked:text-brand-700 aria-checked:shadow-sm"
            >
              {b.name}
            </button>
          ))}
        </div>
        <select
          aria-label="State"
          value={current.state ?? ''}
          onChange={(e) => onPick(variantKey({ breakpoint: current.breakpoint, state: e.target.value || null }))}
          className="h-[26px] w-[72px] shrink-0 rounded border border-gray-200 bg-white px-1 text-[11px] text-gray-800"
        >
          <option value="">No state</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {used.length > 0 && (
        <ul aria-label="Variants in use" className="mt-1.5 flex flex-wrap gap-1">
          {used.map((v) => (
            <li
              key={v}
              className={`flex h-5 items-center rounded text-[10px] ring-1 ${v === variant ? 'bg-brand-50 text-brand-800 ring-brand-300' : 'bg-white text-gray-700 ring-gray-200'}`}
            >
              <button type="button" className="px-1.5 font-mono" onClick={() => onPick(v)} aria-label={`Edit ${v}`}>
                {v}
              </button>
              <button
                type="button"
                aria-label={`Remove ${v} variant`}
                title={`Remove ${v}`}
                disabled={disabled}
                onClick={() => onRemove(v)}
                className="grid size-4 place-items-center rounded text-gray-500 hover:bg-gray-200 hover:text-gray-900 disabled:opacity-40"
              >
                <Iconify icon={iconX} className="size-2.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
