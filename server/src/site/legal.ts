import type { Knex } from 'knex';
import { planLimit } from '../core/errors.js';
import { messages } from '../core/messages.js';
import type { Deps } from '../core/deps.js';
import { planOf } from '../core/subscriptions.js';
import type { SiteDoc } from '../model/document.js';

/**
 * The legal collections of spec 002 ("Legal collections: thirdparty and subprocessors"), gated by the
 * owner's plan (§6 "legal gates legal variables and content"): writing them needs `legal`, and a site
 * whose owner's plan lacks it renders them without items. Reading them through the CMS calls stays
 * allowed, so a downgraded owner keeps (and can export) the data.
 */
const LEGAL_COLLECTIONS: readonly string[] = ['_thirdparty', '_subprocessors'];

export const isLegal = (id: unknown): boolean => typeof id === 'string' && LEGAL_COLLECTIONS.includes(id);

/** Whether the user's current plan has the legal feature (a lapsed paid plan reads as the free one). */
export async function hasLegal(deps: Deps, ownerId: number, db: Knex = deps.db): Promise<boolean> {
  return (await planOf(deps, ownerId, db)).legal;
}

/** 402 before anything is written when one of `ids` is a legal collection and the owner's plan lacks legal. */
export async function checkLegal(deps: Deps, ownerId: number, ids: readonly unknown[], db: Knex = deps.db): Promise<void> {
  if (!ids.some(isLegal)) return;
  if (!(await hasLegal(deps, ownerId, db)))
    throw planLimit(messages.legalContentPlan, { title: messages.upgradeNeededTitle, feature: 'legal' });
}

/**
 * The document as the renderer may show it (preview, compile, publish): the legal collections keep
 * their fields but lose their items when the owner's plan lacks legal, so repeats over them render
 * empty and they give no collection pages. The document given is not changed; a site without legal
 * items costs no query.
 */
export async function renderable(deps: Deps, siteId: string, doc: SiteDoc): Promise<SiteDoc> {
  if (!doc.collections?.some((c) => isLegal(c.id) && c.items.length > 0)) return doc;
  const site: { owner_id: number } | undefined = await deps.db('sites').where({ id: siteId }).first('owner_id');
  if (site && (await hasLegal(deps, Number(site.owner_id)))) return doc;
  return { ...doc, collections: doc.collections.map((c) => (isLegal(c.id) ? { ...c, items: [] } : c)) };
}
