import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError } from './data.js';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload(): void;
}

/**
 * Runs `load` when the screen opens and whenever `key` changes; the answer of an older run that
 * finishes late is dropped, so a fast typist never sees a stale page.
 */
export function useLoad<T>(load: () => Promise<T>, key: string): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [tick, setTick] = useState(0);
  const latest = useRef(load);
  latest.current = load;
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true }));
    latest.current().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (error: unknown) => current && setState((s) => ({ data: s.data, error: describeError(error), loading: false })),
    );
    return () => {
      current = false;
    };
  }, [key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { ...state, reload };
}

export interface Status {
  /** The last failure, shown in red until the next action. */
  error: string | null;
  /** The last success, shown in green. */
  notice: string | null;
  busy: boolean;
  /** Runs an action: busy while it runs, its failure becomes `error`; answers its result or undefined. */
  run<T>(action: () => Promise<T>, notice?: (result: T) => string | null): Promise<T | undefined>;
  clear(): void;
  fail(message: string): void;
}

/** What a screen's actions report; a failure never escapes (the app must not crash on a server error). */
export function useStatus(): Status {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  const run = useCallback(async <T>(action: () => Promise<T>, describe?: (result: T) => string | null) => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      const result = await action();
      if (mounted.current) setNotice(describe ? describe(result) : null);
      return result;
    } catch (failure) {
      if (mounted.current) setError(describeError(failure));
      return undefined;
    } finally {
      if (mounted.current) setBusy(false);
    }
  }, []);
  const clear = useCallback(() => {
    setError(null);
    setNotice(null);
  }, []);
  const fail = useCallback((message: string) => {
    setNotice(null);
    setError(message);
  }, []);
  return { error, notice, busy, run, clear, fail };
}
