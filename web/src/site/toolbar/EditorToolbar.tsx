import type { ReactNode } from 'react';
import { Icon } from '../../ui/Icon.tsx';
import { perform } from '../actions/registry.ts';
import { setLanguage, toggleAppearance, toggleInspect, toggleMeasure, zoomIn, zoomOut } from '../actions/view.ts';
import { useAction } from '../actions/useAction.ts';
import { useActionContext, useEditor } from '../store/context.tsx';
import { canvasAppearance } from '../store/store.ts';
import { useShallow } from 'zustand/react/shallow';

const toolClass =
  'flex h-7 items-center gap-1 rounded-md px-2 text-[12px] text-gray-600 hover:bg-gray-100 hover:text-gray-900 aria-pressed:bg-brand-50 aria-pressed:text-brand-700 disabled:cursor-not-allowed disabled:opacity-40';

/** The canvas tools of the bottom toolbar: distance measure, inspect, appearance, zoom and language (spec 001 §2). */
export function EditorToolbar() {
  const ctx = useActionContext();
  const tool = useEditor((s) => s.tool);
  const scale = useEditor((s) => s.scale);
  const appearance = useEditor((s) => canvasAppearance(s));
  const appearanceAction = useAction(toggleAppearance);
  const language = useEditor((s) => s.language);
  const languages = useEditor(useShallow((s) => s.site?.settings?.languages ?? []));

  return (
    <div className="flex items-center gap-0.5" role="toolbar" aria-label="Canvas tools">
      <Tool label="Distance measure" pressed={tool === 'measure'} onClick={() => void perform(ctx, toggleMeasure, undefined)}>
        <LineIcon>
          <path d="M3 12h18M3 8v8M21 8v8M8 12v-2M12 12V9M16 12v-2" />
        </LineIcon>
      </Tool>
      <Tool label="Inspect" pressed={tool === 'inspect'} onClick={() => void perform(ctx, toggleInspect, undefined)}>
        <Icon name="search" className="size-4" />
      </Tool>
      <span className="mx-1 h-4 border-l border-gray-200" />
      <button
        type="button"
        className={toolClass}
        disabled={!appearanceAction.enabled}
        aria-label={`Appearance: ${appearance}`}
        title={appearanceAction.enabled ? `Appearance: ${appearance} (click to switch)` : `Appearance: ${appearance} (set by the theme)`}
        onClick={() => void appearanceAction.run()}
      >
        {appearance === 'dark' ? (
          <LineIcon>
            <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z" />
          </LineIcon>
        ) : (
          <LineIcon>
            <circle cx="12" cy="12" r="4" />
            <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
          </LineIcon>
        )}
        <span className="capitalize">{appearance}</span>
      </button>
      <span className="mx-1 h-4 border-l border-gray-200" />
      <div className="flex items-center" role="group" aria-label="Zoom">
        <Tool label="Zoom out" onClick={() => void perform(ctx, zoomOut, undefined)}>
          −
        </Tool>
        <span className="w-10 text-center text-[12px] text-gray-700 tabular-nums" aria-live="polite" data-testid="zoom-level">
          {Math.round(scale * 100)}%
        </span>
        <Tool label="Zoom in" onClick={() => void perform(ctx, zoomIn, undefined)}>
          +
        </Tool>
      </div>
      {languages.length > 1 && (
        <>
          <span className="mx-1 h-4 border-l border-gray-200" />
          <label className="flex items-center gap-1 text-[12px] text-gray-600">
            <Icon name="globe" className="size-4 text-gray-500" />
            <span className="sr-only">Language</span>
            <select
              value={language}
              onChange={(e) => void perform(ctx, setLanguage, { language: e.target.value })}
              className="h-7 rounded-md border-0 bg-transparent pr-6 text-[12px] uppercase hover:bg-gray-100 focus:ring-2 focus:ring-brand-500"
            >
              {languages.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
        </>
      )}
    </div>
  );
}

/** A tool's button, named (and titled) by its label; `pressed` for a tool that stays on until pressed again. */
function Tool({ label, pressed, onClick, children }: { label: string; pressed?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button type="button" className={toolClass} aria-label={label} aria-pressed={pressed} title={label} onClick={onClick}>
      {children}
    </button>
  );
}

/** A 16 px line icon in the text's colour. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" aria-hidden="true">
      {children}
    </svg>
  );
}
