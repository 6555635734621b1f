import { useState } from 'react';
import { messages } from '../../../lib/messages.ts';
import { commitVersion } from '../../../site/actions/versions.ts';
import { useAction } from '../../../site/actions/useAction.ts';
import { useEditor } from '../../../site/store/context.tsx';
import { PopupButton, PopupField } from '../controls.tsx';
import { PopupFrame } from '../../../ui/popup/PopupFrame.tsx';
import { useSubmit } from '../../../ui/useSubmit.ts';

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
  const { busy, errors, fail, clear, submit } = useSubmit();

  async function save(event: React.FormEvent) {
    event.preventDefault();
    const text = message.trim();
    if (!text) return fail('form', messages.messageRequired);
    await submit(() => run({ message: text }));
  }

  return (
    <PopupFrame title="Save version" onClose={onClose} modal testId="save-version">
      <form onSubmit={(e) => void save(e)} className="p-3">
        <p className="mb-3 text-[12px] leading-5 text-gray-600">
          {unsaved === 0
            ? 'Nothing changed since the last version. Saving makes a checkpoint of the site as it is.'
            : `Saves the site with its ${unsaved} ${unsaved === 1 ? 'change' : 'changes'} since the last version as a checkpoint you can return to.`}
        </p>
        <PopupField
          label="Message"
          value={message}
          onChange={(value) => {
            setMessage(value);
            clear();
          }}
          error={errors.get('form') ?? null}
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
