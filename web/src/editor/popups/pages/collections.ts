import type { Schemas } from '@pagewright/sdk';

export type CmsCollection = Schemas['CmsCollection'];

/**
 * The collections a collection page can be made from: the site's own (not internal, spec 001 §3
 * "ids starting with an underscore are hidden from pickers") that have a slug field, since each item's
 * page address is its slug (`blog/:slug`).
 */
export function slugCollections(collections: readonly CmsCollection[]): CmsCollection[] {
  return collections.filter((c) => !c.internal && !c.id.startsWith('_') && c.fields.some((f) => f.type === 'slug'));
}
