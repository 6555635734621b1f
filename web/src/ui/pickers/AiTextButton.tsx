import { useId, useState } from 'react';
import { createPortal } from 'react-dom';
import iconSparkles from '@iconify-icons/lucide/sparkles';
import { api } from '../../lib/api.ts';
import { useInstance } from '../../lib/store/instance.ts';
import { Iconify } from '../Iconify.tsx';
import { buttonClass, primaryButtonClass } from './ui.tsx';

export type AiMode = 'rewrite' | 'shorten' | 'continue';

const MODES: readonly { mode: AiMode; label: string }[] = [
  { mode: 'rewrite', label: 'Rewrite' },
  { mode: 'shorten', label: 'Shorten' },
  { mode: 'continue', label: 'Continue' },
];

export interface AiTextButtonProps {
  /** The site the text is for: its owner's plan decides (spec 002 §6 useAi). */
  siteId: string;
  /** The text to work on (read when a mode is chosen). */
  text: string | (() => string);
  /** The text the AI wrote, when the user keeps it. */
  onResult(text: string, mode: AiMode): void;
  disabled?: boolean;
  /** Which field it helps, for its accessible name ('AI text for Title'). */
  label?: string;
}

/**
 * The AI helper beside a text or rich-text input (issue 14 item 10): Rewrite, Shorten or Continue the
 * text with POST /ai/text, then keep or discard what came back. What the server refuses is said in its
 * words: the plan messages of spec 002 for the owner and for a collaborator, or that the server has no
 * AI provider configured.
 */
export function AiTextButton({ siteId, text, onResult, disabled = false, label }: AiTextButtonProps) {
  const [open, setOpen] = useState(false);
  // The panel floats over the page (a portal), below the button and inside the window: a narrow
  // sidebar does not clip it and the canvas beside it does not cover it.
  const [at, setAt] = useState({ top: 0, left: 0 });
  const [busy, setBusy] = useState<AiMode | null>(null);
  const [result, setResult] = useState<{ text: string; mode: AiMode } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  // No AI provider on the server: no button (issue 28).
  const configured = useInstance()?.ai === true;

  const run = async (mode: AiMode) => {
    const source = (typeof text === 'function' ? text() : text).trim();
    setError(null);
    setResult(null);
    if (!source) {
      setError('Write some text first');
      return;
    }
    setBusy(mode);
    const { data, error: failed } = await api.POST('/ai/text', { body: { text: source.slice(0, 10_000), siteId, mode } });
    setBusy(null);
    if (data) setResult({ text: data.text, mode });
    else setError(failed?.error ?? 'The AI helper did not answer');
  };
  const close = () => {
    setOpen(false);
    setResult(null);
    setError(null);
  };

  if (!configured) return null;
  return (
    <span className="relative inline-flex">
      <button
        type="button"
        aria-label={label ? `AI text for ${label}` : 'AI text'}
        title="AI text: rewrite, shorten or continue"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={(e) => {
          if (open) return close();
          const r = e.currentTarget.getBoundingClientRect();
          setAt({ top: r.bottom + 4, left: Math.max(8, Math.min(r.right - 288, window.innerWidth - 296)) });
          setOpen(true);
        }}
        className="flex size-7 items-center justify-center rounded text-violet-700 hover:bg-violet-50 disabled:opacity-40 aria-expanded:bg-violet-50"
      >
        <Iconify icon={iconSparkles} className="size-4" />
      </button>
      {open &&
        createPortal(
          <div
            id={id}
            role="group"
            aria-label="AI text"
            onKeyDown={(e) => {
              if (e.key !== 'Escape') return;
              e.stopPropagation();
              close();
            }}
            style={{ top: at.top, left: at.left }}
            className="fixed z-50 flex w-72 flex-col gap-2 rounded-lg border border-gray-200 bg-white p-2 text-[12px] shadow-lg"
          >
            <div className="flex gap-1">
              {MODES.map((m) => (
                <button
                  key={m.mode}
                  type="button"
                  disabled={busy !== null}
                  onClick={() => void run(m.mode)}
                  className={`${buttonClass} flex-1`}
                >
                  {busy === m.mode ? '…' : m.label}
                </button>
              ))}
            </div>
            {busy && (
              <p role="status" className="text-gray-600">
                Writing…
              </p>
            )}
            {error && (
              <p role="alert" className="rounded bg-red-50 px-2 py-1.5 text-red-800">
                {error}
              </p>
            )}
            {result && (
              <>
                <p
                  aria-label="AI suggestion"
                  className="max-h-40 overflow-auto rounded bg-gray-50 px-2 py-1.5 whitespace-pre-wrap text-gray-900"
                >
                  {result.text}
                </p>
                <div className="flex justify-end gap-1">
                  <button type="button" onClick={close} className={buttonClass}>
                    Discard
                  </button>
                  <button
                    type="button"
                    onClick={() => {
                      onResult(result.text, result.mode);
                      close();
                    }}
                    className={primaryButtonClass}
                  >
                    Use text
                  </button>
                </div>
              </>
            )}
          </div>,
          document.body,
        )}
    </span>
  );
}
