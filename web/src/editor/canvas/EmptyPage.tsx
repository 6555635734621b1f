import { useAction } from '../../site/actions/useAction.ts';
import { openAddSection } from '../../site/actions/sections.ts';

/** What the canvas shows for a page without sections (spec 001 §2 "Empty page"). */
export function EmptyPage() {
  const { enabled, run } = useAction(openAddSection);
  return (
    <div className="absolute inset-0 z-10 flex items-center justify-center p-6" data-testid="canvas-empty">
      <div className="flex w-full max-w-sm flex-col items-center rounded-lg border border-dashed border-neutral-300 px-8 py-10 text-center dark:border-neutral-600">
        <svg viewBox="0 0 24 24" className="size-8 text-neutral-400" fill="none" stroke="currentColor" strokeWidth={1.5} aria-hidden="true">
          <path d="M4 5h16v5H4zM4 14h7v5H4zM14 14h6v5h-6z" strokeLinejoin="round" />
        </svg>
        <p className="mt-3 text-[13px] font-semibold text-neutral-900 dark:text-neutral-100">This page is empty</p>
        <p className="mt-1 text-xs text-neutral-600 dark:text-neutral-300">Start it with a section from the library.</p>
        <button
          type="button"
          onClick={() => void run()}
          disabled={!enabled}
          className="mt-4 inline-flex h-7 items-center gap-1.5 rounded-md bg-brand-600 px-3 text-xs font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <svg viewBox="0 0 24 24" className="size-3.5" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
            <path d="M12 5v14M5 12h14" strokeLinecap="round" />
          </svg>
          Add Section
        </button>
      </div>
    </div>
  );
}
