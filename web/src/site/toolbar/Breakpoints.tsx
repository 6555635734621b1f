import { useState } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { perform } from '../actions/registry.ts';
import { fitPreview, setPreviewWidth } from '../actions/view.ts';
import { useActionContext, useEditor } from '../store/context.tsx';
import { BREAKPOINTS } from '../store/store.ts';

const GLYPHS: Record<(typeof BREAKPOINTS)[number]['name'], React.ReactNode> = {
  Desktop: <Icon name="monitor" className="size-4" />,
  Tablet: (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
      <rect x="5" y="2" width="14" height="20" rx="2" />
      <path d="M11 18h2" />
    </svg>
  ),
  Mobile: (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
      <rect x="7" y="3" width="10" height="18" rx="2" />
      <path d="M11 17h2" />
    </svg>
  ),
};

/** Desktop, tablet and mobile widths as a segmented control, a free width, and fit to screen. */
export function Breakpoints() {
  const ctx = useActionContext();
  const view = useEditor((s) => s.view);
  // What is being typed into the width field; null shows the current width.
  const [draft, setDraft] = useState<string | null>(null);
  // Fit scales the canvas; the preset is the width whatever the scale.
  const active = BREAKPOINTS.find((b) => b.width === view.previewWidth)?.name;

  const commit = () => {
    const width = Number.parseInt(draft ?? '', 10);
    if (Number.isFinite(width)) void perform(ctx, setPreviewWidth, { width });
    setDraft(null);
  };

  return (
    <div className="flex items-center gap-2">
      <div className="flex rounded-md bg-gray-100 p-0.5" role="group" aria-label="Breakpoints">
        {BREAKPOINTS.map((b) => (
          <button
            key={b.name}
            type="button"
            aria-label={b.name}
            aria-pressed={active === b.name}
            title={`${b.name} (${b.width} px)`}
            onClick={() => void perform(ctx, setPreviewWidth, { width: b.width })}
            className="flex h-6 w-8 items-center justify-center rounded text-gray-600 hover:text-gray-900 aria-pressed:bg-white aria-pressed:text-brand-700 aria-pressed:shadow-sm"
          >
            {GLYPHS[b.name]}
          </button>
        ))}
      </div>
      <label className="flex items-center gap-1 text-[12px] text-gray-500">
        <span className="sr-only">Preview width</span>
        <input
          value={draft ?? String(view.previewWidth)}
          inputMode="numeric"
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
            if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
              e.preventDefault();
              const step = (e.shiftKey ? 10 : 1) * (e.key === 'ArrowUp' ? 1 : -1);
              setDraft(null);
              void perform(ctx, setPreviewWidth, { width: view.previewWidth + step });
            }
          }}
          className="h-6 w-14 rounded border border-gray-200 bg-white px-1.5 text-right text-[12px] text-gray-800 tabular-nums focus:border-brand-500 focus:outline-none"
        />
        px
      </label>
      <button
        type="button"
        aria-pressed={view.fit}
        title="Fit to screen"
        onClick={() => void perform(ctx, fitPreview, undefined)}
        className="h-6 rounded px-1.5 text-[12px] text-gray-600 hover:bg-gray-100 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
      >
        Fit
      </button>
    </div>
  );
}
