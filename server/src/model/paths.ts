import { invalid } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { isReservedKey } from './document.js';

/**
 * Path edits on the site document (docs/site-model.md "History"): every change is a list of
 * `{ path, before, after }`, `undefined` meaning "absent". Undo applies the befores in reverse order,
 * redo the afters in order, so both replay exactly.
 */
export type Path = (string | number)[];

export interface PathEdit {
  path: Path;
  before?: unknown;
  after?: unknown;
}

type Container = Record<string | number, unknown>;

/** The value at a path, or undefined when any step is missing (inherited properties are not there). */
function getPath(root: unknown, path: Path): unknown {
  let here = root;
  for (const key of path) {
    if (here === null || typeof here !== 'object' || !Object.hasOwn(here, key)) return undefined;
    here = (here as Container)[key];
  }
  return here;
}

/**
 * Sets (or, with undefined, removes) the value at a path. Parents must exist: the history only
 * holds paths that existed when it was recorded. Array elements are replaced, never spliced; a
 * change of length is recorded as a new array at the parent path.
 */
function setPath(root: unknown, path: Path, value: unknown): void {
  if (path.length === 0) throw new Error('setPath: the empty path cannot be set');
  const parent = getPath(root, path.slice(0, -1));
  if (parent === null || typeof parent !== 'object') throw new Error(`setPath: no parent at ${JSON.stringify(path)}`);
  const key = path[path.length - 1]!;
  // The one writer of the document never writes a key that would reach Object.prototype.
  if (typeof key === 'string' && isReservedKey(key)) throw invalid(key, messages.reservedName(key));
  if (value === undefined) {
    if (Array.isArray(parent)) throw new Error(`setPath: cannot remove an array element at ${JSON.stringify(path)}`);
    delete (parent as Container)[key];
  } else {
    (parent as Container)[key] = value;
  }
}

/** A deep copy of JSON data, so a recorded value never changes with the document. */
export const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

/** Structural equality of JSON values (key order ignored). */
export function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => same(item, other[i]));
  }
  const ka = Object.keys(a).filter((k) => (a as Container)[k] !== undefined);
  const kb = Object.keys(b).filter((k) => (b as Container)[k] !== undefined);
  return ka.length === kb.length && ka.every((k) => same((a as Container)[k], (b as Container)[k]));
}

/** Replays a history entry forwards (redo) or backwards (undo). */
export function replay(root: unknown, edits: PathEdit[], direction: 'undo' | 'redo'): void {
  if (direction === 'redo') for (const edit of edits) setPath(root, edit.path, clone(edit.after));
  else for (const edit of [...edits].reverse()) setPath(root, edit.path, clone(edit.before));
}

/**
 * A document being edited: every change goes through `set`, which applies it and records the path
 * edit. Setting a value equal to the current one records nothing ("data edits are ignored when the
 * value is unchanged", spec 001 §5).
 */
export class Draft<D extends object> {
  readonly edits: PathEdit[] = [];
  constructor(readonly doc: D) {}

  get<T = unknown>(path: Path): T {
    return getPath(this.doc, path) as T;
  }

  set(path: Path, value: unknown): void {
    const before = getPath(this.doc, path);
    if (same(before, value)) return;
    const after = clone(value);
    this.edits.push({ path: [...path], before: clone(before), after });
    setPath(this.doc, path, clone(after));
  }

  remove(path: Path): void {
    this.set(path, undefined);
  }

  /** Takes back one recorded edit (its path gets its value before), as if it had not been made. */
  takeBack(edit: PathEdit): void {
    const index = this.edits.indexOf(edit);
    if (index < 0) return;
    setPath(this.doc, edit.path, clone(edit.before));
    this.edits.splice(index, 1);
  }
}
