import { useEffect, useId, useState } from 'react';
import iconMaximize from '@iconify-icons/lucide/maximize-2';
import { Iconify } from '../../ui/Iconify.tsx';
import { INPUT, INVALID } from '../../settings/form/controls.tsx';

/**
 * A rich-text value (HTML) of an item. The editor of web/src/pickers replaces the text area when it
 * lands; until then the markup is edited as text (the server sanitizes it on save). It opens
 * fullscreen; Escape closes the fullscreen input before anything else (spec 002 §2 Escape order).
 */
export function RichTextInput({
  label,
  value,
  onChange,
  error,
  placeholder,
}: {
  label: string;
  value: string;
  onChange(next: string): void;
  error?: string;
  placeholder?: string;
}) {
  const id = useId();
  const [full, setFull] = useState(false);
  useEffect(() => {
    if (!full) return;
    document.getElementById(id)?.focus();
  }, [full, id]);
  const area = (
    <textarea
      id={id}
      value={value}
      placeholder={placeholder}
      rows={full ? 24 : 5}
      aria-invalid={Boolean(error) || undefined}
      aria-describedby={error ? `${id}-error` : undefined}
      onChange={(e) => onChange(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && full) {
          e.stopPropagation();
          setFull(false);
        }
      }}
      className={`${INPUT} ${error ? INVALID : ''} resize-y py-1.5 font-mono text-xs leading-5 ${full ? 'h-full' : ''}`}
    />
  );
  return (
    <div>
      <div className="mb-1 flex items-center justify-between">
        <label htmlFor={id} className="block text-xs font-medium text-gray-800">
          {label}
        </label>
        <button
          type="button"
          onClick={() => setFull(true)}
          aria-label={`Open ${label} fullscreen`}
          className="rounded p-0.5 text-gray-500 hover:bg-gray-100 hover:text-gray-800"
        >
          <Iconify icon={iconMaximize} className="size-3.5" />
        </button>
      </div>
      {full ? (
        <div
          role="dialog"
          aria-label={`${label} fullscreen`}
          className="fixed inset-0 z-40 flex flex-col bg-white p-6"
          data-testid="fullscreen-input"
        >
          <div className="mb-2 flex items-center justify-between">
            <span className="text-sm font-semibold text-gray-900">{label}</span>
            <button
              type="button"
              onClick={() => setFull(false)}
              className="rounded-md px-2 py-1 text-xs text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50"
            >
              Done
            </button>
          </div>
          {area}
        </div>
      ) : (
        area
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
