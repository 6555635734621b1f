import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { useStore } from '../lib/store/index.ts';
import { Spinner } from './Icon.tsx';

/** A short grace period: answers faster than this never flash the overlay. */
const DELAY_MS = 150;

/** The full-screen overlay while fetching (spec 000 §2); also covers loading a screen's code. */
export function FetchOverlay() {
  const fetching = useStore((s) => s.pending > 0);
  const navigating = useNavigation().state !== 'idle';
  const busy = fetching || navigating;
  const [graceOver, setGraceOver] = useState(false);
  const visible = busy && graceOver;

  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setGraceOver(true), DELAY_MS);
    return () => {
      clearTimeout(timer);
      setGraceOver(false);
    };
  }, [busy]);

  return (
    <div
      data-testid="fetch-overlay"
      aria-hidden={!busy}
      className={`fixed inset-0 z-40 flex items-center justify-center transition-opacity ${busy ? 'pointer-events-auto' : 'pointer-events-none'} ${visible ? 'bg-white/50 opacity-100 backdrop-blur-[1px]' : 'opacity-0'}`}
    >
      {busy && (
        <div
          role="status"
          className="flex items-center gap-3 rounded-full bg-white px-4 py-2 text-sm font-medium text-gray-700 shadow-lg ring-1 ring-gray-900/5"
        >
          <Spinner className="size-4 text-brand-600" />
          Loading…
        </div>
      )}
    </div>
  );
}
