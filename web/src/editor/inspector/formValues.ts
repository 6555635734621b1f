/**
 * Form values (spec 001 §3 "Form value", §4 "Forms", §5): each value knows its initial value, its
 * revision and its earlier values, so the inspector can tell changed from initial, undo one value,
 * and reset all; a required value shows the Required badge when empty and not at its first revision;
 * async validators run 500 ms after the last change, the form flagging that it is validating.
 */
import { sameValue } from '../../lib/formValues.ts';

export const ASYNC_VALIDATION_MS = 500;
/** The badge's word (spec 001 §8 "Form 'Required'"). */
export const REQUIRED = 'Required';

export interface FormValue {
  name: string;
  initial: unknown;
  value: unknown;
  required: boolean;
  revision: number;
  /** Earlier values, newest last, for per-value undo. */
  earlier: readonly unknown[];
}

export type FormValues = ReadonlyMap<string, FormValue>;

export function createFormValues(entries: Iterable<{ name: string; value: unknown; required?: boolean }>): FormValues {
  const out = new Map<string, FormValue>();
  for (const e of entries)
    out.set(e.name, { name: e.name, initial: e.value, value: e.value, required: e.required ?? false, revision: 0, earlier: [] });
  return out;
}

const isEmpty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** A new value: its revision goes up and the old one can be undone. An unchanged value changes nothing. */
export function setFormValue(values: FormValues, name: string, value: unknown): FormValues {
  const current = values.get(name);
  const base = current ?? { name, initial: undefined, value: undefined, required: false, revision: 0, earlier: [] };
  if (current && sameValue(current.value, value)) return values;
  const next = new Map(values);
  next.set(name, { ...base, value, revision: base.revision + 1, earlier: [...base.earlier, base.value] });
  return next;
}

/** Per-value undo: the value before the last change. */
export function undoFormValue(values: FormValues, name: string): FormValues {
  const current = values.get(name);
  if (!current || current.earlier.length === 0) return values;
  const next = new Map(values);
  next.set(name, { ...current, value: current.earlier.at(-1), revision: current.revision + 1, earlier: current.earlier.slice(0, -1) });
  return next;
}

/** Reset all: every value back to its initial value. */
export function resetAllFormValues(values: FormValues): FormValues {
  const next = new Map<string, FormValue>();
  for (const [name, v] of values)
    next.set(name, { ...v, value: v.initial, revision: v.revision + (sameValue(v.value, v.initial) ? 0 : 1), earlier: [] });
  return next;
}

/** Changed versus initial. */
export const isChanged = (v: FormValue) => !sameValue(v.value, v.initial);
export const changedValues = (values: FormValues) => [...values.values()].filter(isChanged);

/** Required form field shows a Required badge when empty and not at its first revision. */
export const showsRequired = (v: Pick<FormValue, 'required' | 'value' | 'revision'>) => v.required && v.revision > 0 && isEmpty(v.value);

/**
 * Async validators run after a 500 ms delay (restarted by each change); while one waits or runs,
 * `validating` is true and the form flags an error state. `onResult` gets the message (or null).
 */
export function createAsyncValidator<T>(
  validate: (value: T) => Promise<string | null>,
  onState: (state: { validating: boolean; error: string | null }) => void,
  delay = ASYNC_VALIDATION_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ticket = 0;
  return {
    change(value: T) {
      clearTimeout(timer);
      const mine = ++ticket;
      onState({ validating: true, error: null });
      timer = setTimeout(() => {
        void validate(value).then(
          (error) => mine === ticket && onState({ validating: false, error }),
          () => mine === ticket && onState({ validating: false, error: null }),
        );
      }, delay);
    },
    cancel() {
      clearTimeout(timer);
      ticket++;
    },
  };
}
