import type { Activity } from '../lib/store/admin.ts';

export type CounterKey = keyof Activity['counters'];

/** Labels of the activity counters; the keys are spelled as the API spells them ('comopnentsAdd'). */
export const COUNTER_LABELS: Record<CounterKey, string> = {
  sectionsAdd: 'Sections added',
  comopnentsAdd: 'Components added',
  componentsDelete: 'Components deleted',
  styleEdit: 'Style edits',
  cmsItemCreate: 'CMS items created',
  cmsItemDelete: 'CMS items deleted',
  cmsItemEdit: 'CMS item edits',
  exports: 'Exports',
  rollbacks: 'Rollbacks',
};

/** Spec 000 §9: the admin stat windows. */
export const WINDOWS = [
  { days: 7, last: 'last7', prev: 'prev7' },
  { days: 30, last: 'last30', prev: 'prev30' },
] as const;

/** A window compared with the one before it: "+25%", "−10%", "new" or "no change". */
export function change(last: number, prev: number): { text: string; trend: 'up' | 'down' | 'flat' } {
  if (last === prev) return { text: 'no change', trend: 'flat' };
  if (prev === 0) return { text: 'new', trend: 'up' };
  const pct = Math.round(((last - prev) / prev) * 100);
  return pct >= 0 ? { text: `+${pct}%`, trend: 'up' } : { text: `−${Math.abs(pct)}%`, trend: 'down' };
}
