import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import type { Item } from './values.ts';

/** The list call answers at most 100 items a request (openapi.yaml listItems). */
export const PAGE = 100;

export interface ItemQuery {
  siteId: string;
  collection: string;
  sort?: string;
  order: 'asc' | 'desc';
  search: string;
  /** `field:value` filters, all of which must hold (the list call's `filter`). */
  filters: readonly string[];
  language: string;
  /** Bumped after writes: the same query is read again. */
  revision: number;
}

/** The pages read for one query; filled in as answers arrive. */
interface Cache {
  query: ItemQuery;
  pages: Map<number, Item[]>;
  pending: Set<number>;
  total: number | null;
}

const keyOf = (q: ItemQuery) =>
  JSON.stringify([q.siteId, q.collection, q.sort ?? '', q.order, q.search.trim(), q.filters, q.language, q.revision]);

/**
 * The items of a collection as the table needs them: server-side paging, sort and search through the
 * list call (GET …/items), a page of 100 read when the rows it holds scroll into view. While a new
 * query is on its way the rows of the last one stay on screen, so sorting or searching never blanks
 * the table; answers to an older query are dropped.
 */
export function useItemPages(query: ItemQuery) {
  const key = keyOf(query);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key names everything the query holds
  const cache = useMemo<Cache>(() => ({ query, pages: new Map(), pending: new Set(), total: null }), [key]);
  const latest = useRef(cache);
  const [shown, setShown] = useState<Cache | null>(null);
  const [, setVersion] = useState(0);

  const fetchPage = useCallback((c: Cache, page: number) => {
    if (c.pages.has(page) || c.pending.has(page) || !c.query.collection) return;
    c.pending.add(page);
    const q = c.query;
    const search = q.search.trim();
    void call(
      () =>
        api.GET('/sites/{siteId}/content/{collection}/items', {
          params: {
            path: { siteId: q.siteId, collection: q.collection },
            query: {
              offset: page * PAGE,
              limit: PAGE,
              language: q.language,
              ...(q.sort ? { sort: q.sort, order: q.order } : {}),
              ...(search ? { search } : {}),
              ...(q.filters.length ? { filter: [...q.filters] } : {}),
            },
          },
        }),
      // A collection that does not exist is said by the screen (it moves to another), not by a toast.
      { toast: false },
    ).then(({ data }) => {
      c.pending.delete(page);
      if (latest.current !== c || !data) return;
      c.pages.set(page, data.items);
      c.total = data.total;
      if (page === 0) setShown(c);
      else setVersion((n) => n + 1);
    });
  }, []);

  useEffect(() => {
    latest.current = cache;
    fetchPage(cache, 0);
  }, [cache, fetchPage]);

  /** Reads the pages that hold rows start..end (inclusive). */
  const ensure = useCallback(
    (start: number, end: number) => {
      const c = latest.current;
      if (c.total === null) return;
      const last = Math.min(end, c.total - 1);
      for (let page = Math.floor(Math.max(0, start) / PAGE); page <= Math.floor(last / PAGE); page++) fetchPage(c, page);
    },
    [fetchPage],
  );

  const visible = shown && shown.query.collection === query.collection && shown.query.siteId === query.siteId ? shown : null;
  const rowAt = useCallback((index: number): Item | undefined => visible?.pages.get(Math.floor(index / PAGE))?.[index % PAGE], [visible]);
  return {
    total: visible ? visible.total : null,
    /** The answer on screen is for an older query (a new sort or search is on its way). */
    stale: visible !== null && visible !== cache,
    rowAt,
    ensure,
  };
}
