import { useId, type ReactNode } from 'react';
import { useSetting } from './context.ts';

/** One of a few choices as radio cards (spam prevention). */
export function ChoiceSetting({
  path,
  label,
  options,
  fallback,
}: {
  path: string;
  label: string;
  options: { value: string; label: string; help?: ReactNode }[];
  fallback: string;
}) {
  const id = useId();
  const s = useSetting(path);
  const current = typeof s.value === 'string' && s.value ? s.value : fallback;
  return (
    <fieldset aria-describedby={s.error ? `${id}-message` : undefined}>
      <legend className="mb-1.5 flex items-center gap-1.5 text-xs font-medium text-gray-800">
        {label}
        {s.changed && <span className="size-1.5 rounded-full bg-brand-600" title="Changed" aria-hidden="true" />}
      </legend>
      <div className="grid grid-cols-2 gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={`flex cursor-pointer items-start gap-2 rounded-md px-3 py-2 text-xs ring-1 ring-inset has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 ${current === o.value ? 'bg-brand-50/60 ring-brand-600' : 'ring-gray-300 hover:bg-gray-50'}`}
          >
            <input
              type="radio"
              name={id}
              value={o.value}
              checked={current === o.value}
              disabled={s.form.readOnly}
              onChange={() => s.set(o.value === fallback && typeof s.saved !== 'string' ? s.saved : o.value)}
              className="mt-0.5 accent-brand-600"
            />
            <span>
              <span className="flex items-center gap-1.5 font-medium text-gray-900">{o.label}</span>
              {o.help && <span className="mt-0.5 block text-gray-600">{o.help}</span>}
            </span>
          </label>
        ))}
      </div>
      {s.error && (
        <p id={`${id}-message`} className="mt-1 text-xs text-red-700" data-field-error>
          {s.error}
        </p>
      )}
    </fieldset>
  );
}
