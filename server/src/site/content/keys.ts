import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * The hand order of a collection's items (docs/decisions/0047-cms-at-scale.md): a fractional key
 * per item (`cms_items.order_key`, the `fractional-indexing` package's base-62 keys, compared as
 * bytes), so a move or an insert writes one row.
 */

/** `count` keys after `after` (null: the first), in order. */
export const keysAfter = (after: string | null, count: number): string[] => (count ? generateNKeysBetween(after, null, count) : []);

/** A key between two neighbours (null: an end). */
export const keyBetween = (before: string | null, after: string | null): string => generateKeyBetween(before, after);

/** The first place in sorted `keys` whose key is not below `key`. */
export function lowerBound(keys: readonly string[], key: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `key` is in sorted `keys` (-1 when absent). */
export function findKey(keys: readonly string[], key: string): number {
  const at = lowerBound(keys, key);
  return at < keys.length && keys[at] === key ? at : -1;
}
