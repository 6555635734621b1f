import { errorText } from '../lib/format.ts';
import { useStore } from '../lib/store/index.ts';
import { Icon } from './Icon.tsx';

/** The red error toast at the bottom right; a click dismisses it (spec 000 §2). */
export function Toast() {
  const error = useStore((s) => s.error);
  const dismiss = useStore((s) => s.dismissError);
  return (
    <div aria-live="assertive" className="pointer-events-none fixed right-4 bottom-4 z-50 flex max-w-[calc(100vw-2rem)] justify-end">
      {error && (
        <button
          type="button"
          role="alert"
          onClick={dismiss}
          title="Click to dismiss"
          data-testid="error-toast"
          className="pointer-events-auto flex max-w-md animate-slide-in items-start gap-3 rounded-xl bg-red-700 px-4 py-3 text-left text-sm font-medium text-white shadow-lg ring-1 ring-red-900/20 hover:bg-red-800"
        >
          <Icon name="alert" className="mt-0.5 size-4" />
          <span>{errorText(error)}</span>
          <span className="sr-only">(click to dismiss)</span>
        </button>
      )}
    </div>
  );
}
