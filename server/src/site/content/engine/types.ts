import type { Collection, Field, Item } from '../../../model/document.js';
import type { Filter } from './filter.js';

/**
 * What the CMS query engine works on and answers (docs/decisions/0077-cms-query-engine.md): a
 * collection's schema, a list query, the items of one collection at one revision, the changes a
 * write hands over, and a page of answers. Every engine (memory.ts, columns.ts, sql.ts) answers the
 * same `ListQuery` with the same `Page`; planner.ts picks the one that answers it.
 */

export interface Schema {
  id: string;
  name: string;
  icon: string;
  fields: Field[];
  position: number;
  revision: string;
  /** How many items the collection holds (kept with every write, so a summary needs no scan). */
  itemCount: number;
  /** The items are in the search index (SQLite its full-text table, PostgreSQL its partial trigram index): collections past `searchIndex.from` items, writes.ts. */
  searchIndexed?: boolean;
  /** Still inline in the site's document (not yet moved to the tables). */
  inline?: Collection;
}

/** A list query as parsed from GET …/items (parse.ts). */
export interface ListQuery {
  sort?: string;
  order: 'asc' | 'desc';
  filters: { field: string; value: string }[];
  /** The `where` filter and the `filter` ones, all of which must hold (undefined: none). */
  where?: Filter;
  /** The `where` parameter as sent, for the results kept per revision. */
  whereText?: string;
  /** `text` lower-cased; `field` restricts the search to one field. */
  search?: { field?: string; text: string };
  offset: number;
  limit: number;
  language: string;
}

/** One page of a list, and how many items match in all. */
export interface Page {
  items: Item[];
  total: number;
}

/**
 * The items of one collection at one revision, in hand-sorted order, with their order keys
 * (fractional keys, compared as bytes: `keys[i]` belongs to `list[i]`). Never mutate.
 */
export interface ItemSet {
  revision: string;
  list: readonly Item[];
  keys: readonly string[];
  /** What queries work out once per revision: orders by a field, search texts (see memory.ts). */
  memo: Map<string, unknown>;
}

/**
 * One item's change, as a write hands it to the cache after its commit: the item at its (new)
 * order key, found by its old key; or the item at `key` gone. `changed` names the fields an
 * update changed (the others' query work is kept).
 */
export type ItemOp =
  | { kind: 'put'; item: Item; key: string; oldKey?: string; changed?: ReadonlySet<string> }
  /** `id`: the deleted item's (the columns of large collections find it by id). */
  | { kind: 'delete'; key: string; id?: number };
