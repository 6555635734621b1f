import { useEffect, useState } from 'react';
import type { ActionContext } from '../actions/registry.ts';
import { useActionContext } from '../store/context.tsx';
import type { Collection } from './state.ts';

/**
 * The site's collections with their fields and items, as the CMS group needs them (the editor's
 * document leaves `content` out: it carries every item). Kept per open site and asked again when the
 * group shows after a while, so switching the selection shows the last answer at once.
 */
const cache = new WeakMap<ActionContext['store'], { at: number; collections: Collection[] }>();
const FRESH_MS = 5000;

export function useCollections(siteId: string): Collection[] | null {
  const ctx = useActionContext();
  const [collections, setCollections] = useState<Collection[] | null>(() => cache.get(ctx.store)?.collections ?? null);
  useEffect(() => {
    const hit = cache.get(ctx.store);
    if (hit && Date.now() - hit.at < FRESH_MS) return;
    let live = true;
    void ctx.api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'content' } } }).then(({ data, error }) => {
      if (error) ctx.showError(error);
      const list = data?.content ?? [];
      if (data) cache.set(ctx.store, { at: Date.now(), collections: list });
      if (live) setCollections(list);
    });
    return () => {
      live = false;
    };
  }, [ctx, siteId]);
  return collections;
}
