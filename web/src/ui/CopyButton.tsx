import { useState } from 'react';
import iconCheck from '@iconify-icons/lucide/check';
import iconCopy from '@iconify-icons/lucide/copy';
import { Button } from './Button.tsx';
import { Iconify } from './Iconify.tsx';

/** Spec 000 §9: copy-URL feedback lasts 1 s. */
const COPIED_MS = 1000;

/** Copies a text and says so for a second (spec 000 §9). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      className="h-7 px-2 text-xs"
      aria-label={copied ? 'Copied' : label}
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), COPIED_MS);
      }}
    >
      <Iconify icon={copied ? iconCheck : iconCopy} className="size-3.5" /> {copied ? 'Copied' : 'Copy link'}
    </Button>
  );
}
