import { useState } from 'react';
import { messages } from '../../../messages.ts';
import { commitVersion } from '../../actions/versions.ts';
import { useAction } from '../../actions/useAction.ts';
import { useEditor } from '../../store/context.tsx';
import { PopupButton, PopupField } from '../controls.tsx';
import { PopupFrame } from '../PopupFrame.tsx';

/** The version message's limit, as openapi.yaml has it for POST /versions/commit. */
const MESSAGE_MAX = 500;

/**
 * Save version (spec 001 §4 "Undo, redo, versions"): a required message, then commit; the counters
 * return to 0 and 'Checkpoint saved' shows (the action does both and closes this popup).
 */
export function SaveVersion({ onClose }: { onClose(): void }) {
  const unsaved = useEditor((s) => s.history.unsaved);
  const { enabled, run } = useAction(commitVersion);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text) return setError(messages.messageRequired);
    setBusy(true);
    await run({ message: text });
    setBusy(false);
  }

  return (
    <PopupFrame title="Save version" onClose={onClose} modal testId="save-version">
      <form onSubmit={(e) => void save(e)} className="p-3">
        <p className="mb-3 text-[12px] leading-5 text-gray-600">
          {unsaved === 0
            ? 'Nothing changed since the last version. Saving makes a checkpoint of the site as it is.'
            : `Saves the site with its ${unsaved} unsaved ${unsaved === 1 ? 'change' : 'changes'} as a version you can return to.`}
        </p>
        <PopupField
          label="Message"
          value={message}
          onChange={(value) => {
            setMessage(value);
            if (error) setError(null);
          }}
          error={error}
          placeholder="New pricing section"
          maxLength={MESSAGE_MAX}
          aria-required
          data-autofocus
        />
        <div className="mt-4 flex justify-end gap-1.5">
          <PopupButton variant="ghost" onClick={onClose}>
            Cancel
          </PopupButton>
          <PopupButton type="submit" busy={busy} disabled={!enabled}>
            Save
          </PopupButton>
        </div>
      </form>
    </PopupFrame>
  );
}
