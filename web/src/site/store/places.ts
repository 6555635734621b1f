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
}

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
 */
export function rebase(later: ReadonlyArray<readonly Place[]>, undo: readonly Place[]): Array<readonly Place[]> {
  const result = later.map((places) => places);
  for (const change of undo) {
    let moving: Place = change;
    for (let i = 0; i < result.length; i++) {
      const places = result[i]!;
      let changed = false;
      const next = places.map((place) => {
        const moved = across(place, moving);
        moving = past(moving, place);
        if (moved !== place) changed = true;
        return moved;
      });
      if (changed) result[i] = next;
    }
  }
  return result;
}
