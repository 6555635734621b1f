import { redo, undo } from '../actions/history.ts';
import { keyLabel } from '../actions/registry.ts';
import { useAction } from '../actions/useAction.ts';
import { useEditor } from '../store/context.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { isMac } from './platform.ts';

const buttonClass =
  'relative flex h-7 items-center gap-1 rounded-md px-1.5 text-gray-700 hover:bg-gray-100 disabled:cursor-default disabled:text-gray-300 disabled:hover:bg-transparent';

/**
 * Undo and redo with their counts, available only above 0 (spec 001 §4). The count is the visible
 * label, so it is in the name too ("Undo 3").
 */
export function HistoryButtons() {
  const history = useEditor((s) => s.history);
  const undoAction = useAction(undo);
  const redoAction = useAction(redo);
  return (
    <div className="flex items-center" role="group" aria-label="History">
      <button
        type="button"
        className={buttonClass}
        aria-label={`Undo ${history.undo}`}
        title={`Undo (${keyLabel(undo.keys![0]!, isMac())})`}
        disabled={!undoAction.enabled}
        onClick={() => void undoAction.run()}
      >
        <Icon name="undo" className="size-4" />
        <span className="min-w-3 text-[11px] text-gray-500 tabular-nums" data-testid="undo-count">
          {history.undo}
        </span>
      </button>
      <button
        type="button"
        className={buttonClass}
        aria-label={`Redo ${history.redo}`}
        title={`Redo (${keyLabel(redo.keys![0]!, isMac())})`}
        disabled={!redoAction.enabled}
        onClick={() => void redoAction.run()}
      >
        <Icon name="redo" className="size-4" />
        <span className="min-w-3 text-[11px] text-gray-500 tabular-nums" data-testid="redo-count">
          {history.redo}
        </span>
      </button>
    </div>
  );
}
