import { useEffect, useId, useRef, useState } from 'react';
import iconMaximize from '@iconify-icons/lucide/maximize-2';
import { RichTextField } from '../../ui/pickers/richtext/index.tsx';
import { Iconify } from '../../ui/Iconify.tsx';

/**
 * A rich-text value of an item, edited with the rich-text editor of web/src/pickers (it stores a list
 * of blocks). It opens fullscreen; Escape closes the fullscreen input before anything else (spec 002
 * §2 Escape order).
 */
export function RichTextInput({
  label,
  value,
  onChange,
  error,
  siteId,
}: {
  label: string;
  value: unknown;
  onChange(next: unknown): void;
  error?: string;
  siteId: string;
}) {
  const id = useId();
  const [full, setFull] = useState(false);
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (full) done.current?.focus();
  }, [full]);
  const editor = (
    <RichTextField
      key={full ? 'full' : 'inline'}
      value={value}
      onChange={(blocks) => onChange(blocks.length ? blocks : null)}
      siteId={siteId}
      label={label}
    />
  );
  return (
    <div>
      <div className="mb-1 flex items-center justify-between">
        <span id={id} className="block text-xs font-medium text-gray-800">
          {label}
        </span>
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
          aria-labelledby={id}
          className="fixed inset-0 z-40 flex flex-col bg-white p-6"
          data-testid="fullscreen-input"
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.stopPropagation();
              setFull(false);
            }
          }}
        >
          <div className="mb-2 flex items-center justify-between">
            <span className="text-sm font-semibold text-gray-900">{label}</span>
            <button
              ref={done}
              type="button"
              onClick={() => setFull(false)}
              className="rounded-md px-2 py-1 text-xs text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50"
            >
              Done
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-auto">{editor}</div>
        </div>
      ) : (
        editor
      )}
      {error && <p className="mt-1 text-xs text-red-700">{error}</p>}
    </div>
  );
}
