import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rebase, undoing, type Place } from './places.ts';

type Lists = Map<string, string[]>;

/** Applies places to lists; what goes in is `element`; false when a place is out of its list's range. */
function apply(lists: Lists, places: readonly Place[], element: string, moving?: { value: string }): boolean {
  for (const place of places) {
    const list = lists.get(place.list)!;
    if (place.by === 1) {
      if (place.at < 0 || place.at > list.length) return false;
      list.splice(place.at, 0, moving?.value ?? element);
    } else {
      if (place.at < 0 || place.at >= list.length) return false;
      const [gone] = list.splice(place.at, 1);
      if (moving) moving.value = gone!;
    }
  }
  return true;
}

/** The places of an edit as the editor makes them: an add, a delete, or a move (within a list or to the other). */
type Edit =
  | { kind: 'add'; list: string; gap: number }
  | { kind: 'delete'; list: string; at: number }
  | { kind: 'move'; from: string; at: number; to: string; gap: number };

function placesOf(edit: Edit, lists: Lists): Place[] {
  if (edit.kind === 'add') return [{ list: edit.list, at: Math.min(edit.gap, lists.get(edit.list)!.length), by: 1 }];
  if (edit.kind === 'delete') return [{ list: edit.list, at: edit.at, by: -1 }];
  const after = lists.get(edit.to)!.length - (edit.from === edit.to ? 1 : 0);
  return [
    { list: edit.from, at: edit.at, by: -1 },
    { list: edit.to, at: Math.min(edit.gap, after), by: 1 },
  ];
}

/** Picks an edit valid in `lists` that leaves the elements in `untouchable` alone, or null. */
function pick(
  lists: Lists,
  choice: { kind: number; list: number; at: number; to: number; gap: number },
  untouchable: Set<string>,
): Edit | null {
  const names = [...lists.keys()];
  const list = names[choice.list % names.length]!;
  const items = lists.get(list)!;
  const touchable = items.map((value, at) => ({ value, at })).filter((x) => !untouchable.has(x.value));
  const kind = choice.kind % 3;
  if (kind === 0) return { kind: 'add', list, gap: choice.gap % (items.length + 1) };
  if (touchable.length === 0) return null;
  const at = touchable[choice.at % touchable.length]!.at;
  if (kind === 1) return { kind: 'delete', list, at };
  const to = names[choice.to % names.length]!;
  return { kind: 'move', from: list, at, to, gap: choice.gap };
}

const listsArb = fc.tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 })).map(([a, b]) => {
  const lists: Lists = new Map([
    ['in:a', Array.from({ length: a }, (_, i) => `a${i}`)],
    ['in:b', Array.from({ length: b }, (_, i) => `b${i}`)],
  ]);
  return lists;
});
const choiceArb = fc.record({ kind: fc.nat(), list: fc.nat(), at: fc.nat(), to: fc.nat(), gap: fc.nat({ max: 8 }) });
const copy = (lists: Lists): Lists => new Map([...lists].map(([k, v]) => [k, [...v]]));
const without = (lists: Lists, gone: Set<string>): Array<[string, string[]]> =>
  [...lists].map(([k, v]) => [k, v.filter((x) => !gone.has(x))]);

describe('places: a refused edit taken out of the edits after it', () => {
  it('leaves every later add, delete and move doing to the other elements what it did with the refused edit in place', () => {
    fc.assert(
      fc.property(listsArb, choiceArb, fc.array(choiceArb, { maxLength: 6 }), (start, refusedChoice, laterChoices) => {
        // The refused edit, as the editor counted it: already in the lists when the later edits were made.
        const refused = pick(start, refusedChoice, new Set());
        if (!refused) return;
        const shown = copy(start);
        const refusedPlaces = placesOf(refused, shown);
        const moving = { value: '' };
        expect(apply(shown, refusedPlaces, 'pending', refused.kind === 'move' ? moving : undefined)).toBe(true);
        // What is being added cannot be selected, so no later edit touches it; the element a refused move
        // moved can be moved again or deleted: such an edit takes it from where it is back.
        const touched = new Set(['pending']);
        if (refused.kind === 'delete') touched.add(start.get(refused.list)![refused.at]!);
        const moved = refused.kind === 'move' ? moving.value : null;
        let followed = false;

        const later: Place[][] = [];
        const expected = shown;
        laterChoices.forEach((choice, n) => {
          const edit = pick(expected, choice, touched);
          if (!edit) return;
          if (edit.kind !== 'add' && expected.get(edit.kind === 'move' ? edit.from : edit.list)![edit.at] === moved) followed = true;
          const places = placesOf(edit, expected);
          later.push(places);
          expect(apply(expected, places, `new${n}`, edit.kind === 'move' ? { value: '' } : undefined)).toBe(true);
        });

        // The server never made the refused edit: the later ones, rebased, run on the lists as they were.
        const actual = copy(start);
        const rebased = rebase(later, undoing(refusedPlaces));
        rebased.forEach((places, n) => {
          expect(apply(actual, places, `x${n}`, places.length === 2 ? { value: '' } : undefined)).toBe(true);
        });
        // Where a refused move's element is differs between the two runs until a later edit takes it out.
        if (moved !== null && !followed) touched.add(moved);
        // Names of added elements differ between the two runs: compare positions of the start's elements and of adds.
        const norm = (lists: Lists) =>
          without(lists, touched).map(([k, v]) => [k, v.map((x) => (x.startsWith('new') || x.startsWith('x') ? '+' : x))]);
        expect(norm(actual)).toEqual(norm(expected));
      }),
      { numRuns: 3000 },
    );
  });

  it('counts a later move one lower once the add before it is refused, one higher once a delete before it is, and from where a refused move’s element is back', () => {
    // [a, b, c]: an add at 1 (pending), then a move of c (now at 3) to the front.
    const add: Place[] = [{ list: 'in:x', at: 1, by: 1 }];
    const move: Place[] = [
      { list: 'in:x', at: 3, by: -1, field: 'fromIndex' },
      { list: 'in:x', at: 0, by: 1, field: 'toIndex' },
    ];
    expect(rebase([move], undoing(add))[0]).toEqual([
      { list: 'in:x', at: 2, by: -1, field: 'fromIndex' },
      { list: 'in:x', at: 0, by: 1, field: 'toIndex' },
    ]);
    // [a, b, c]: b deleted (pending), then c (now at 1) moved right after a: back, c is at 2 and still goes right after a.
    const remove: Place[] = [{ list: 'in:x', at: 1, by: -1 }];
    const moveC: Place[] = [
      { list: 'in:x', at: 1, by: -1, field: 'fromIndex' },
      { list: 'in:x', at: 1, by: 1, field: 'toIndex' },
    ];
    expect(rebase([moveC], undoing(remove))[0]).toEqual([
      { list: 'in:x', at: 2, by: -1, field: 'fromIndex' },
      { list: 'in:x', at: 1, by: 1, field: 'toIndex' },
    ]);
    // [a, b] [c]: a moved to the end of the other list (refused), then moved again to its front, then b
    // moved after it. Back, a is at 0 of the first list: the second move takes it from there, and b's
    // move counts it as there until then.
    const moveA: Place[] = [
      { list: 'in:x', at: 0, by: -1, field: 'fromIndex', listField: 'fromContainer' },
      { list: 'in:y', at: 1, by: 1, field: 'toIndex' },
    ];
    const again: Place[] = [
      { list: 'in:y', at: 1, by: -1, field: 'fromIndex', listField: 'fromContainer' },
      { list: 'in:y', at: 0, by: 1, field: 'toIndex' },
    ];
    const moveB: Place[] = [
      { list: 'in:x', at: 0, by: -1, field: 'fromIndex', listField: 'fromContainer' },
      { list: 'in:y', at: 1, by: 1, field: 'toIndex' },
    ];
    expect(rebase([again, moveB], undoing(moveA))).toEqual([
      [
        { list: 'in:x', at: 0, by: -1, field: 'fromIndex', listField: 'fromContainer' },
        { list: 'in:y', at: 0, by: 1, field: 'toIndex' },
      ],
      moveB,
    ]);
    // Another list's edit keeps its places (the same array).
    const other: Place[] = [{ list: 'in:y', at: 4, by: 1, field: 'index' }];
    expect(rebase([other], undoing(add))[0]).toBe(other);
  });
});
