import type { Knex } from 'knex';
import type { SiteDoc } from '../model/document.js';
import type { Draft, Path, PathEdit } from '../model/paths.js';

/**
 * "The later edit wins" for an edit that waited (issue 29, docs/decisions/0083): an edit made
 * offline reaches the server after others were saved. Where another editor changed the same setting
 * after this edit was made, theirs is kept and this one's change to it is taken back and reported,
 * so the editor can say which of the user's changes was replaced (and offer to put it back).
 */

/** One setting of the user's edit that a later edit by someone else replaced. */
export interface Replaced {
  /** The component whose setting it is (an alias's original). */
  id: string;
  kind: 'data' | 'style';
  setting: string;
  /** The value this edit would have set; null where it removed the setting. */
  value: unknown;
  by: { id: number | null; name: string };
}

/** A setting of a component: `nodes.{id}.data.{key}` or `nodes.{id}.style.{setting}`. */
const isSetting = (path: Path) => path.length === 4 && path[0] === 'nodes' && (path[2] === 'data' || path[2] === 'style');

/** Whether two paths touch the same value: one is the other or lies inside it. */
const overlaps = (a: Path, b: Path) => a.slice(0, Math.min(a.length, b.length)).every((step, i) => step === b[i]);

/**
 * Takes back from the draft each setting that another user's history entry, saved after `madeAt`,
 * also changed; answers what was taken back. Only edits made of settings are weighed (a move or a
 * rename is not a "same setting" question).
 */
export async function keepLaterEdits(
  trx: Knex,
  siteId: string,
  draft: Draft<SiteDoc>,
  userId: number,
  madeAt: number,
): Promise<Replaced[]> {
  const mine = [...draft.edits];
  if (mine.length === 0 || !mine.every((e) => isSetting(e.path))) return [];
  const rows: { edits: string; author_id: number | null; name: string | null }[] = await trx('history')
    .leftJoin('users', 'users.id', 'history.author_id')
    .where('history.site_id', siteId)
    .andWhere('history.created_at', '>', madeAt)
    .andWhere('history.undone', false)
    .andWhere((q) => {
      void q.whereNot('history.author_id', userId).orWhereNull('history.author_id');
    })
    .orderBy('history.seq', 'asc')
    .select('history.edits', 'history.author_id', 'users.name');
  if (rows.length === 0) return [];
  const later = rows.map((r) => ({
    paths: (JSON.parse(r.edits) as PathEdit[]).map((e) => e.path),
    by: { id: r.author_id, name: r.name ?? '' },
  }));
  const replaced: Replaced[] = [];
  for (const edit of mine.reverse()) {
    const last = later.findLast((entry) => entry.paths.some((path) => overlaps(path, edit.path)));
    if (!last) continue;
    draft.takeBack(edit);
    const [, id, kind, setting] = edit.path as [string, string, 'data' | 'style', string];
    replaced.unshift({ id, kind, setting, value: edit.after ?? null, by: last.by });
  }
  return replaced;
}
