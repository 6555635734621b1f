import { useId, useState } from 'react';
import iconX from '@iconify-icons/lucide/x';
import { Iconify } from '../../ui/Iconify.tsx';
import { INPUT } from '../../ui/form/controls.tsx';

/**
 * A list of short texts as chips with an input that adds one on Enter or comma: a list field's
 * entries ('Add item...') or an enum field's categories ('Add category....'). Empty entries are
 * ignored (spec 002 §5).
 */
export function ListInput({
  label,
  values,
  onChange,
  placeholder,
  error,
}: {
  label: string;
  values: readonly string[];
  onChange(next: string[]): void;
  placeholder: string;
  error?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const entry = draft.trim();
    setDraft('');
    if (entry && !values.includes(entry)) onChange([...values, entry]);
  };
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-800">
        {label}
      </label>
      <div className={`${INPUT} flex min-h-8 flex-wrap items-center gap-1 py-1 ${error ? 'ring-red-500' : ''}`}>
        {values.map((v) => (
          <span key={v} className="flex items-center gap-1 rounded bg-gray-100 py-0.5 pr-0.5 pl-2 text-xs text-gray-800">
            {v}
            <button
              type="button"
              aria-label={`Remove ${v}`}
              onClick={() => onChange(values.filter((x) => x !== v))}
              className="rounded p-0.5 text-gray-500 hover:bg-gray-200 hover:text-gray-900"
            >
              <Iconify icon={iconX} className="size-3" />
            </button>
          </span>
        ))}
        <input
          id={id}
          value={draft}
          placeholder={placeholder}
          aria-invalid={Boolean(error) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === ',') {
              e.preventDefault();
              add();
            } else if (e.key === 'Backspace' && !draft && values.length) onChange(values.slice(0, -1));
          }}
          onBlur={add}
          className="h-6 min-w-24 flex-1 border-0 bg-transparent p-0 text-[13px] outline-none focus:ring-0"
        />
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
