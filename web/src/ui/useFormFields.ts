import { useState, type ChangeEvent } from 'react';

type Values = Record<string, string | boolean>;
type Named<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;

/**
 * A form's values, each bound to its field: `text('email')` gives a `TextField` its name, value,
 * change and message (from `errors`, a `useSubmit` state's), `checkbox('terms')` a `Checkbox` the
 * same. `onEdit` runs after a change with the field's name: most forms clear its message there.
 */
export function useFormFields<V extends Values, F extends string>(
  initial: V,
  errors: ReadonlyMap<F, string>,
  onEdit?: (field: keyof V & F) => void,
) {
  const [values, setValues] = useState(initial);
  const change = (name: keyof V & F, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    onEdit?.(name);
  };
  return {
    values,
    /** Sets every value at once (empties the form after a save). */
    reset: setValues,
    text: <K extends Named<V, string> & F>(name: K) => ({
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
      error: errors.get(name),
    }),
    checkbox: <K extends Named<V, boolean> & F>(name: K) => ({
      name,
      checked: values[name] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.checked),
      error: errors.get(name),
    }),
  };
}
