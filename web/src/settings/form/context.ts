import { createContext, useContext } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useSettings } from '../store/index.ts';

export interface FormSource {
  /** The saved values the fields start from (the site settings, a page). */
  source: unknown;
  readOnly: boolean;
  /** The site's languages (the first is the main one) and the one localized fields show. */
  languages: string[];
  language: string;
}

export const FormContext = createContext<FormSource>({ source: {}, readOnly: false, languages: ['en'], language: 'en' });

/** The value at a dotted path of an object ('compile.domain'); only own keys are followed. */
function valueAt(source: unknown, path: string): unknown {
  let value: unknown = source;
  for (const key of path.split('.')) {
    if (!value || typeof value !== 'object' || !Object.hasOwn(value, key)) return undefined;
    value = new Map(Object.entries(value)).get(key);
  }
  return value;
}

/** One setting of the form: its saved value, its current value, whether it changed, its message. */
export function useSetting(path: string) {
  const form = useContext(FormContext);
  const saved = valueAt(form.source, path);
  const { changed, value, error } = useSettings(
    useShallow((s) => ({ changed: s.changes.has(path), value: s.changes.get(path), error: s.fieldErrors.get(path) ?? null })),
  );
  const setField = useSettings((s) => s.setField);
  return {
    form,
    saved,
    value: changed ? value : saved,
    changed,
    error,
    set: (next: unknown) => setField(path, next, saved),
  };
}
