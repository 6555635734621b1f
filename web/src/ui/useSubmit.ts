import { useCallback, useState } from 'react';
import type { ApiError } from '@pagewright/sdk';
import { errorField } from '../lib/call.ts';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';

/** Where a refusal is shown: at one field, at the field the error names (null: in the red toast), or the toast. */
export type ErrorPlace<F extends string> = F | ((error: ApiError) => F | null | undefined);

export interface Submit<F extends string> {
  /** True while the save runs (the submit button shows its spinner). */
  busy: boolean;
  /** The message shown at each field (a form's own message under a name of its choosing, e.g. 'form'). */
  errors: ReadonlyMap<F, string>;
  /** Shows a message at a field: a check of the client's own, before anything is sent. */
  fail(field: F, message: string): void;
  /** Shows the messages of the client's own checks at once (a field without one is fine); true when there are none. */
  check(found: Partial<Record<F, string | null | undefined>>): boolean;
  /** Clears the messages (all, or one field's): the user changed something. */
  clear(field?: F): void;
  /**
   * Runs the save with `busy` on, the messages cleared first. When it answers an `Outcome`, a refusal is
   * shown where `place` says (without `place`, in the red toast). Answers what the save answered.
   */
  submit<T>(run: () => Promise<T>, place?: ErrorPlace<F>): Promise<T>;
}

/** A refusal at the field the server names (`info.field`) when it is one of `fields`, else `otherwise` (the red toast). */
export function atField<const F extends string>(fields: readonly F[], otherwise: F | null = null): (error: ApiError) => F | null {
  return (error) => fields.find((f) => f === errorField(error)) ?? otherwise;
}

/** The refusal in an `Outcome` (a save that answers something else refuses through its own store). */
function refusal(answer: unknown): ApiError | undefined {
  if (typeof answer !== 'object' || answer === null || !('error' in answer)) return undefined;
  const error: unknown = (answer as { error?: unknown }).error;
  if (!error) return undefined;
  // A body that is not the API's error (a proxy's page) still fails the save, with the client's words.
  return typeof error === 'object' && typeof (error as ApiError).error === 'string'
    ? (error as ApiError)
    : { error: messages.networkError, status: 0, code: 'NETWORK_ERROR' };
}

const NONE: ReadonlyMap<string, string> = new Map<string, string>();
const none = <F extends string>() => NONE as ReadonlyMap<F, string>;

/**
 * A form's submit state in one place, `{ busy, errors, submit }`: every form and panel that sends
 * something uses it instead of its own busy flag and error state.
 */
export function useSubmit<F extends string = 'form'>(): Submit<F> {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState(none<F>());

  const fail = useCallback((field: F, message: string) => setErrors(new Map([[field, message]])), []);
  const check = useCallback((found: Partial<Record<F, string | null | undefined>>) => {
    const next = new Map<F, string>();
    for (const [field, message] of Object.entries(found) as [F, string | null | undefined][]) if (message) next.set(field, message);
    setErrors(next.size ? next : none<F>());
    return next.size === 0;
  }, []);
  const clear = useCallback(
    (field?: F) =>
      setErrors((current) => {
        if (current.size === 0) return current;
        if (field === undefined) return none<F>();
        if (!current.has(field)) return current;
        const next = new Map(current);
        next.delete(field);
        return next;
      }),
    [],
  );
  const submit = useCallback(async <T>(run: () => Promise<T>, place?: ErrorPlace<F>): Promise<T> => {
    setErrors(none<F>());
    setBusy(true);
    try {
      const answer = await run();
      const error = refusal(answer);
      if (error) {
        const field = typeof place === 'function' ? place(error) : place;
        if (field !== undefined && field !== null) setErrors(new Map([[field, error.error]]));
        else useStore.getState().showError(error);
      }
      return answer;
    } finally {
      setBusy(false);
    }
  }, []);

  return { busy, errors, fail, check, clear, submit };
}
