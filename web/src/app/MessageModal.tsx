import { useEffect, useState, type FormEvent } from 'react';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import type { MessageType } from '../lib/store/sites.ts';
import { Button } from '../ui/Button.tsx';
import { TextArea } from '../ui/Field.tsx';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { Modal } from '../ui/Modal.tsx';
import { useSubmit } from '../ui/useSubmit.ts';

const CHOICES: { type: MessageType; label: string; icon: IconName; prompt: string }[] = [
  { type: 'feature', label: 'Request feature', icon: 'sparkles', prompt: 'What would you like Pagewright to do?' },
  { type: 'bug', label: 'Report a bug', icon: 'alert', prompt: 'What happened, and what did you expect?' },
  { type: 'message', label: 'Send message', icon: 'message', prompt: 'Your message' },
];

/** Spec 000 §4: the closing delay after "Message sent!". */
const CLOSE_AFTER_MS = 1500;
const MAX_TEXT = 4000;

/** What helps reproduce a report; appended to every message (spec 000 §4). */
function diagnostics(): string {
  return [
    '',
    '---',
    `User agent: ${navigator.userAgent}`,
    `Locale: ${navigator.language}`,
    `Screen: ${window.screen.width}x${window.screen.height}`,
    `Window: ${window.innerWidth}x${window.innerHeight}`,
  ].join('\n');
}

export default function MessageModal({ siteId }: { siteId: string }) {
  const close = useStore((s) => s.closePopup);
  const sendMessage = useStore((s) => s.sendMessage);
  const [type, setType] = useState<MessageType>('feature');
  const [text, setText] = useState('');
  const { busy, errors, fail, clear, submit } = useSubmit();
  const [sent, setSent] = useState(false);

  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(close, CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [sent, close]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return fail('form', messages.messageRequired);
    if (await submit(() => sendMessage(siteId, type, `${text.trim()}\n${diagnostics()}`))) setSent(true);
  }

  const choice = CHOICES.find((c) => c.type === type)!;

  return (
    <Modal
      title="Send feedback"
      description="Tell the Pagewright team what you need. Your browser details are attached to help us reproduce problems."
      onClose={close}
      footer={
        sent ? null : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="message-form" busy={busy}>
              Send
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <div
          role="status"
          className="flex items-center gap-3 rounded-xl bg-emerald-50 px-4 py-6 text-emerald-900 ring-1 ring-emerald-200 ring-inset"
        >
          <Icon name="check" className="size-5" />
          <span className="font-semibold">{messages.messageSent}</span>
        </div>
      ) : (
        <form id="message-form" onSubmit={send} noValidate className="space-y-5">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-gray-800">Type</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {CHOICES.map((c) => (
                <label
                  key={c.type}
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2.5 text-sm font-medium text-gray-700 ring-1 ring-gray-300 ring-inset has-checked:bg-brand-50 has-checked:text-brand-800 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600"
                >
                  <input
                    type="radio"
                    name="type"
                    value={c.type}
                    checked={type === c.type}
                    onChange={() => setType(c.type)}
                    className="sr-only"
                  />
                  <Icon name={c.icon} className="size-4" />
                  {c.label}
                </label>
              ))}
            </div>
          </fieldset>
          <TextArea
            label={choice.prompt}
            value={text}
            maxLength={MAX_TEXT}
            onChange={(e) => {
              setText(e.target.value);
              clear();
            }}
            error={errors.get('form')}
            data-autofocus
          />
        </form>
      )}
    </Modal>
  );
}
