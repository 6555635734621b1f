import { invalid, notFound } from './errors.js';
import { index } from './validation.js';

/**
 * Places in a list named by what is there rather than by index (issue 29, docs/decisions/0097).
 *
 * An edit made offline is sent minutes later, after another editor may have added, moved or deleted
 * elements of the same list: an index counted on the editor's copy then names the wrong element or
 * the wrong gap. The moves may therefore also name the element they move (`componentId`, `sectionId`,
 * `pageId`, the CMS's `fieldId`) and the element it goes after (`afterComponentId`, …); the indexes stay
 * (required by the contract, and the only names for an element the editor is still adding). The CMS's
 * item order, kept in the database by keys, reads the same names in cms/service.ts `sortItems`.
 */

/**
 * The index of the element a move takes from `list`: `id` when the call names it (404 `message` when
 * it is not there any more: another editor moved or deleted it), else the element at `fromIndex`.
 */
export function takenFrom(list: readonly string[], id: unknown, idField: string, fromIndex: unknown, message: string): number {
  if (id === undefined) return index(fromIndex, 'fromIndex', list.length - 1);
  if (typeof id !== 'string' || id === '') throw invalid(idField, message);
  const at = list.indexOf(id);
  if (at < 0) throw notFound(message);
  return at;
}

/**
 * The gap of `list` an element goes in: right after `after` when the call names it and it is still
 * in the list (null: first), else `toIndex`. Once an element is named, an index past the end (the
 * list lost elements meanwhile) means the end, not a refusal.
 */
export function placedIn(
  list: readonly string[],
  after: unknown,
  afterField: string,
  toIndex: unknown,
  indexField: string,
  message: string,
): number {
  if (after === undefined) return index(toIndex, indexField, list.length);
  if (after === null) return 0;
  if (typeof after !== 'string' || after === '') throw invalid(afterField, message);
  const at = list.indexOf(after);
  if (at >= 0) return at + 1;
  return Math.min(index(toIndex, indexField, Number.MAX_SAFE_INTEGER), list.length);
}

/**
 * One list with one of its elements moved: the element named by `names.id` (else at `fromIndex`) to
 * right after the one named by `names.after` (else at `toIndex`), as `takenFrom` and `placedIn` read them.
 */
export function movedIn<T>(
  list: readonly T[],
  idOf: (element: T) => string,
  body: Record<string, unknown>,
  names: { id: string; after: string },
  message: string,
): T[] {
  const next = [...list];
  const [moved] = next.splice(takenFrom(next.map(idOf), body[names.id], names.id, body.fromIndex, message), 1);
  next.splice(placedIn(next.map(idOf), body[names.after], names.after, body.toIndex, 'toIndex', message), 0, moved!);
  return next;
}
