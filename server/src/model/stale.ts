import { same, type Path, type PathEdit } from './paths.js';

/**
 * Stale translations (issue 30): when the main language's text of a localized value changes, the
 * other languages' texts were made from the old one. They are marked in the value itself, beside the
 * texts, as `_stale: ['fi', …]` (`{"_loc": true, "en": "New", "fi": "Vanha", "_stale": ["fi"]}`), so
 * the mark travels with the value through history, versions and exports. Writing a language's text
 * takes its mark away (docs/decisions/0079-cms-assets-localization-screens.md).
 */
export const STALE_KEY = '_stale';

type Json = Record<string, unknown>;

const isLoc = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v) && (v as Json)._loc === true;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const filled = (v: unknown) =>
  v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === '') && !(Array.isArray(v) && v.length === 0);

/** The languages a localized value marks as stale. */
export function staleLanguages(value: unknown): string[] {
  if (!isLoc(value)) return [];
  const marks = value[STALE_KEY];
  return Array.isArray(marks) ? marks.filter((m): m is string => typeof m === 'string') : [];
}

/**
 * The value after an edit with its stale marks brought up to date: a language whose text changed is no
 * longer stale; when the main language's text changed, every other language that has a text is.
 * `before` is the value the edit replaced (a plain value was the main language's). Undefined when the
 * marks are already right.
 */
export function restaled(before: unknown, after: unknown, main: string): Json | undefined {
  if (!isLoc(after)) return undefined;
  const mainBefore = isLoc(before) ? before[main] : before;
  const mainChanged = filled(mainBefore) && !same(mainBefore, after[main]);
  const marks = new Set(staleLanguages(after));
  for (const [language, text] of Object.entries(after)) {
    if (language.startsWith('_') || language === main) continue;
    const textBefore = isLoc(before) ? before[language] : undefined;
    if (!filled(text)) marks.delete(language);
    else if (!same(textBefore, text)) marks.delete(language);
    else if (mainChanged) marks.add(language);
  }
  const next = Object.keys(after).filter((k) => marks.has(k));
  if (same(next, staleLanguages(after)) && (next.length > 0 || !(STALE_KEY in after))) return undefined;
  const value: Json = { ...after };
  delete value[STALE_KEY];
  if (next.length) value[STALE_KEY] = next;
  return value;
}

const MAX_DEPTH = 8;

/**
 * The stale marks an edit's localized values need, as path writes: every localized value inside each
 * edit's `after` (a whole component's data, one data key, a page attribute) is compared with the same
 * place in its `before`. Values that were not there before (a new component, a paste) have nothing stale.
 */
export function staleWrites(edits: readonly PathEdit[], main: string): { path: Path; value: Json }[] {
  const writes: { path: Path; value: Json }[] = [];
  const visit = (before: unknown, after: unknown, path: Path, depth: number) => {
    if (before === undefined || depth > MAX_DEPTH) return;
    if (isLoc(after)) {
      const value = restaled(before, after, main);
      if (value) writes.push({ path, value });
      return;
    }
    if (isObject(after) && isObject(before)) {
      for (const [key, child] of Object.entries(after))
        if (Object.hasOwn(before, key)) visit(before[key], child, [...path, key], depth + 1);
    }
  };
  for (const edit of edits) visit(edit.before, edit.after, edit.path, 0);
  return writes;
}
