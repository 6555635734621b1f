/**
 * Places counted by index (issue 29, docs/decisions/0096-refused-edit-rebase.md).
 *
 * The structure calls name a place by its index in a list (`index` of an add, `fromIndex` and `toIndex`
 * of a move), and the editor counts those indexes as the server will have the list once every edit
 * before them is done: a component still being added counts, one being deleted does not. When one of
 * those earlier edits is refused, the list never gets that change, so every index counted after it
 * would name the wrong place: a move would move the wrong component. Each edit that changes a list
 * says so in its places; a refusal takes its changes back out of the edits still waiting, in the
 * way operational transformation moves a position across another change.
 */

/** One change an edit makes to a list, in the order the edit makes them. */
export interface Place {
  /** The list: `in:<container id>` for a container's components, `page:<page id>` for a page's sections. */
  list: string;
  /** `by: 1`: an element goes in at gap `at` (before the element now at `at`); `by: -1`: the element at `at` goes. */
  at: number;
  by: 1 | -1;
  /** The field of the call's JSON body that holds `at`, when the call names the place (a delete names its component by id). */
  field?: string;
  /** The field of the call's JSON body that names the list (`fromContainer`, `fromPage`), when the call names it. */
  listField?: string;
}

/** The id a list is of: the container's or the page's. */
export const listId = (list: string) => list.slice(list.indexOf(':') + 1);

export const componentList = (container: string) => `in:${container}`;
export const sectionList = (pageId: string) => `page:${pageId}`;

/**
 * `a` made in the list as it is after `b`: where `a` is once `b` did not happen first. At the same gap,
 * what `a` inserts goes before what `b` inserts.
 */
function across(a: Place, b: Place): Place {
  if (a.list !== b.list) return a;
  let at: number;
  if (a.by === 1 && b.by === 1) at = a.at > b.at ? a.at + 1 : a.at;
  else if (a.by === 1 && b.by === -1) at = a.at > b.at ? a.at - 1 : a.at;
  else if (a.by === -1 && b.by === 1) at = a.at >= b.at ? a.at + 1 : a.at;
  // Two removals of the same element cannot both be pending (what is being added cannot be removed): a stays.
  else at = a.at > b.at ? a.at - 1 : a.at;
  return at === a.at ? a : { ...a, at };
}

/** `b` moved past `a` (made before it): the same change, counted after `a` happened. */
function past(b: Place, a: Place): Place {
  if (a.list !== b.list) return b;
  let at: number;
  if (a.by === 1 && b.by === 1) at = b.at >= a.at ? b.at + 1 : b.at;
  else if (a.by === 1 && b.by === -1) at = b.at >= a.at ? b.at + 1 : b.at;
  else if (a.by === -1 && b.by === 1) at = b.at > a.at ? b.at - 1 : b.at;
  else at = b.at > a.at ? b.at - 1 : b.at;
  return at === b.at ? b : { ...b, at };
}

/** What takes an edit's changes back, in the order to apply them: each change reversed, the last first. */
export function undoing(places: readonly Place[]): Place[] {
  return places.toReversed().map((p) => ({ list: p.list, at: p.at, by: p.by === 1 ? -1 : 1 }));
}

/**
 * Takes a refused edit's changes (`undo`, from `undoing`) out of the edits made after it, in their order:
 * each later edit's places as they are once the refused one never happened. An edit whose places do
 * not change keeps its array (callers compare by identity to know what to send again).
 *
 * A refused move's element is back where it was, so a later edit that takes that element out again (a
 * second move of it, or its delete) takes it from there: its place follows the element to the list
 * and index the refused move took it from.
 */
export function rebase(later: ReadonlyArray<readonly Place[]>, undo: readonly Place[]): Array<readonly Place[]> {
  const result = later.map((places) => places);
  for (let k = 0; k < undo.length; k++) {
    // A move taken back: its element leaves where the move put it (undo[k]) and goes back (undo[k + 1]).
    const back = undo[k]!.by === -1 && undo[k + 1]?.by === 1 ? undo[k + 1]! : null;
    const follower = carry(result, undo[k]!, back !== null);
    if (!follower || !back) continue;
    // The later edit took the element out: from then on both histories have the same lists, and
    // before it the element is back where it was.
    carry(result, back, false, follower);
    k++;
  }
  return result;
}

/**
 * Moves `change` past the later places in order, counting each again across it. With `stopAtSame`, it
 * stops at the first later place that takes out the element `change` takes out and answers where that
 * is; given `until`, it stops there and puts that place where `change` put the element.
 */
function carry(
  result: Array<readonly Place[]>,
  change: Place,
  stopAtSame: boolean,
  until?: { edit: number; index: number },
): { edit: number; index: number } | null {
  let moving = change;
  for (let i = 0; i < result.length; i++) {
    const places = result[i]!;
    let changed = false;
    const next = [...places];
    for (let j = 0; j < places.length; j++) {
      const place = places[j]!;
      if (until && until.edit === i && until.index === j) {
        next[j] = { ...place, list: moving.list, at: moving.at };
        result[i] = next;
        return null;
      }
      if (stopAtSame && place.by === -1 && moving.by === -1 && place.list === moving.list && place.at === moving.at) {
        if (changed) result[i] = next;
        return { edit: i, index: j };
      }
      const moved = across(place, moving);
      moving = past(moving, place);
      if (moved !== place) {
        next[j] = moved;
        changed = true;
      }
    }
    if (changed) result[i] = next;
  }
  return null;
}
