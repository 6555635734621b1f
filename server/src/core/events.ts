import type { Knex } from 'knex';
import type { Deps } from './deps.js';

/** Activity counters of the admin area, spelled as the spec spells them ('comopnentsAdd'). */
export const EVENT_KEYS = [
  'sectionsAdd',
  'comopnentsAdd',
  'componentsDelete',
  'styleEdit',
  'cmsItemCreate',
  'cmsItemDelete',
  'cmsItemEdit',
  'exports',
  // Issue 31: a site switched back to an earlier deploy (each publish counts as an export).
  'rollbacks',
] as const;

export type EventKey = (typeof EVENT_KEYS)[number];

/** Records one activity event; services call it inside their own transaction. */
export async function recordEvent(
  deps: Pick<Deps, 'db' | 'now'>,
  key: EventKey,
  userId: number | null,
  siteId: string | null,
  db: Knex = deps.db,
): Promise<void> {
  await db('events').insert({ key, user_id: userId, site_id: siteId, created_at: deps.now() });
}
