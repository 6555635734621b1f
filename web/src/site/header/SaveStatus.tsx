import { messages } from '@pagewright/sdk';
import { useShallow } from 'zustand/react/shallow';
import { Icon } from '../../ui/Icon.tsx';
import { useEditor } from '../store/context.tsx';

/**
 * Where the edits are (issue 29): "Offline: N changes waiting" while the server cannot be reached
 * (they are kept and sent when it can), "Saving…" while some are on their way, then "Saved".
 */
export function SaveStatus() {
  const { waiting, offline, saved } = useEditor(
    useShallow((s) => ({ waiting: s.outbox.waiting, offline: s.outbox.offline, saved: s.saved })),
  );
  const text = offline ? messages.offlineWaiting(waiting) : waiting > 0 ? 'Saving…' : saved ? messages.saved : '';
  return (
    <span
      role="status"
      data-testid="save-status"
      className={`flex h-7 items-center gap-1 rounded-md px-1.5 text-[12px] font-medium whitespace-nowrap ${
        offline ? 'bg-amber-50 text-amber-800 ring-1 ring-amber-200' : 'text-gray-500'
      }`}
    >
      {offline && <Icon name="alert" className="size-3.5" />}
      {text}
    </span>
  );
}
