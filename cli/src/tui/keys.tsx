/** @jsxRuntime automatic */
import { useInput, type Key } from 'ink';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';

/** Answers true when it used the key; otherwise the key goes on to the next handler. */
export type KeyHandler = (input: string, key: Key) => boolean | void;

/** Who gets a key first: an open input or question, then a list, then the app's screen keys. */
export const Level = { app: 0, list: 1, modal: 2 } as const;

interface Entry {
  handler: KeyHandler;
  active: boolean;
  level: number;
  order: number;
}

interface Router {
  register(entry: Entry): () => void;
}

const Keys = createContext<Router | null>(null);

/**
 * One subscription to ink's input for the whole app, handing each key to the handlers in order
 * (level, then the most recently opened first). Handlers register in a layout effect and keep
 * their latest closure, so a key typed the moment a screen is drawn reaches that screen, and two
 * keys typed faster than a render both see the current state.
 */
export function KeyRouter(props: { children: ReactNode }) {
  const entries = useRef(new Set<Entry>());
  const counter = useRef(0);
  const dispatch = useCallback((input: string, key: Key) => {
    const ordered = [...entries.current].filter((e) => e.active).sort((a, b) => b.level - a.level || b.order - a.order);
    for (const entry of ordered) if (entry.handler(input, key) === true) return;
  }, []);
  useInput(dispatch);
  // Effects run in order: ink has subscribed (above) before anything is drawn that waits for keys.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const router = useMemo<Router>(
    () => ({
      register(entry) {
        entry.order = ++counter.current;
        entries.current.add(entry);
        return () => void entries.current.delete(entry);
      },
    }),
    [],
  );
  return <Keys.Provider value={router}>{ready ? props.children : null}</Keys.Provider>;
}

/** Receives keys while `active` (default true), at `level`. */
export function useKeys(handler: KeyHandler, options: { level: number; active?: boolean }): void {
  const router = useContext(Keys);
  const entry = useRef<Entry>({ handler, active: options.active ?? true, level: options.level, order: 0 });
  useLayoutEffect(() => {
    entry.current.handler = handler;
    entry.current.active = options.active ?? true;
  });
  useLayoutEffect(() => router?.register(entry.current), [router]);
}
