import { useEffect, useState } from 'react';
import type { ActionContext } from '../../site/actions/registry.ts';
import { useActionContext } from '../../site/store/context.tsx';
import type { Collection } from './state.ts';

/**
 * The items of a collection the CMS group holds: the first page in the collection's order. The group
 * needs the first item (a new binding's), whether a slug field has at most 12 items (its filter is then a
 * pick-list) and a list field's values to offer; the item picker searches and pages the rest on the
 * server, so a collection of a million items costs the editor one page, not the whole collection.
 */
export const FIRST_ITEMS = 100;

/**
 * The site's collections with their fields and first items, as the CMS group needs them: the list of
 * collections, then one page of items per collection that has any. Kept per open site and asked again
 * when the group shows after a while, so switching the selection shows the last answer at once.
 */
const cache = new WeakMap<ActionContext['store'], { at: number; collections: Collection[] }>();
const FRESH_MS = 5000;

export async function loadCollections(api: ActionContext['api'], siteId: string): Promise<{ collections?: Collection[]; error?: unknown }> {
  const listed = await api.GET('/sites/{siteId}/content', { params: { path: { siteId } } });
  if (!listed.data) return { error: listed.error };
  const pages = await Promise.all(
    listed.data.map((c) =>
      c.count === 0
        ? Promise.resolve({ data: { items: [] as Collection['items'] }, error: undefined })
        : api.GET('/sites/{siteId}/content/{collection}/items', {
            params: { path: { siteId, collection: c.id }, query: { limit: FIRST_ITEMS } },
          }),
    ),
  );
  const failed = pages.find((p) => !p.data);
  if (failed) return { error: failed.error };
  return {
    collections: listed.data.map((c, i) => ({
      id: c.id,
      name: c.name,
      icon: c.icon,
      schema: c.fields,
      items: pages[i]!.data!.items,
      total: c.count,
    })),
  };
}

export function useCollections(siteId: string): Collection[] | null {
  const ctx = useActionContext();
  const [collections, setCollections] = useState<Collection[] | null>(() => cache.get(ctx.store)?.collections ?? null);
  useEffect(() => {
    const hit = cache.get(ctx.store);
    if (hit && Date.now() - hit.at < FRESH_MS) return;
    let live = true;
    void loadCollections(ctx.api, siteId).then(({ collections: list, error }) => {
      if (error) ctx.showError(error as Parameters<typeof ctx.showError>[0]);
      if (list) cache.set(ctx.store, { at: Date.now(), collections: list });
      if (live) setCollections(list ?? []);
    });
    return () => {
      live = false;
    };
  }, [ctx, siteId]);
  return collections;
}
