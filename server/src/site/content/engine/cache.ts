import type { Knex } from 'knex';
import type { Item } from '../../../model/document.js';
import { findKey, lowerBound } from '../keys.js';
import { rowsOf, parseItem } from '../rows.js';
import { currentRevision } from '../schemas.js';
import { Columns } from './columns.js';
import type { ItemOp, ItemSet, Schema } from './types.js';

/**
 * What the engine keeps in memory between requests (docs/decisions/0047-cms-at-scale.md,
 * docs/decisions/0050-cms-typed-columns.md), each under the collection's revision:
 *
 * - `ItemCache`: the items of recently used collections, frozen, in hand order. A write in this
 *   process hands its changes over and the next read applies them in place of a reload (unchanged
 *   items keep their identity); a write by another process changes the revision, which a read
 *   notices and reloads. At most `CACHE_ITEMS` items across collections, least recently used first out.
 * - `ColumnCache`: the typed columns of large collections (columns.ts), updated in place by this
 *   process's writes, built again when another process wrote; at most `COLUMN_BYTES`.
 */

/** At most this many items are held in memory across collections; the least recently used go first. */
const CACHE_ITEMS = 200_000;
/** Changes waiting for a cached collection's next read; past this many its next read loads it again. */
const MAX_PENDING = 2_000;
/** At most this many bytes of typed columns are held across large collections; the least recently used go first. */
const COLUMN_BYTES = 160 * 1024 * 1024;

export const cacheKey = (siteId: string, collectionId: string) => `${siteId}\u0000${collectionId}`;

/** An item set from items in order; the items are frozen so a reader cannot change what others read. */
export function itemSet(revision: string, items: Item[], keys: string[]): ItemSet {
  for (const item of items) Object.freeze(item);
  return { revision, list: Object.freeze(items), keys: Object.freeze(keys), memo: new Map() };
}

/**
 * After an edit that kept every item in its place and changed only `changed` fields, what queries
 * worked out for the other fields still holds (memo keys are `<kind>:<field>:…`, see memory.ts):
 * orders of unchanged fields, and positions. Results and search texts of every field are dropped.
 */
export function carryMemo(from: ItemSet, to: ItemSet, changed: ReadonlySet<string>): void {
  for (const [key, value] of from.memo) {
    const [kind, field = ''] = key.split(':');
    const keep =
      kind === 'positions' ||
      ((kind === 'order' || kind === 'column') && !changed.has(field)) ||
      (kind === 'search' && field !== '*' && !changed.has(field));
    if (keep) to.memo.set(key, value);
  }
}

/**
 * A cached set with the changes of later writes applied: each is found by binary search on its key
 * and spliced in; unchanged items keep their identity (the renderer's incremental compile compares
 * them), and when every change kept its item's place the query work on untouched fields carries over.
 */
export function applyOps(set: ItemSet, ops: readonly ItemOp[], revision: string): ItemSet {
  const list = set.list.slice();
  const keys = set.keys.slice();
  let inPlace = true;
  const changed = new Set<string>();
  for (const op of ops) {
    if (op.kind === 'delete') {
      const at = findKey(keys, op.key);
      if (at >= 0) {
        list.splice(at, 1);
        keys.splice(at, 1);
      }
      inPlace = false;
      continue;
    }
    Object.freeze(op.item);
    const at = op.oldKey === undefined ? -1 : findKey(keys, op.oldKey);
    if (at >= 0 && op.oldKey === op.key && op.changed) {
      list[at] = op.item;
      for (const f of op.changed) changed.add(f);
      continue;
    }
    inPlace = false;
    if (at >= 0) {
      list.splice(at, 1);
      keys.splice(at, 1);
    }
    const to = lowerBound(keys, op.key);
    list.splice(to, 0, op.item);
    keys.splice(to, 0, op.key);
  }
  const next: ItemSet = { revision, list: Object.freeze(list), keys: Object.freeze(keys), memo: new Map() };
  if (inPlace) carryMemo(set, next, changed);
  return next;
}

interface Cached {
  /** The revision the set was read at, or that its pending changes bring it to. */
  revision: string;
  set: ItemSet;
  pending: ItemOp[];
}

/** The item sets of recently used collections (see the file's comment). */
export class ItemCache {
  private readonly entries = new Map<string, Cached>();
  private held = 0;

  /** The collection's items at `schema.revision`: from memory, with pending changes applied, or read. */
  async items(db: Knex, siteId: string, schema: Schema): Promise<ItemSet> {
    const key = cacheKey(siteId, schema.id);
    const hit = this.recall(key, schema.revision);
    if (hit) return hit;
    const rows: { data: unknown; order_key: string }[] = await rowsOf(db, siteId, schema.id)
      .orderBy('order_key')
      .select('data', 'order_key');
    const set = itemSet(
      schema.revision,
      rows.map((r) => parseItem(r.data)),
      rows.map((r) => r.order_key),
    );
    this.remember(key, set);
    return set;
  }

  /** A write's changes between two revisions: a held set at `from` is brought to `to` at its next read. */
  changed(key: string, from: string, to: string, ops: readonly ItemOp[]): void {
    const entry = this.entries.get(key);
    if (!entry || entry.revision !== from) return;
    entry.revision = to;
    entry.pending.push(...ops);
    if (entry.pending.length > MAX_PENDING) this.drop(key);
  }

  /** A held set under another key (a renamed collection), when it has no pending changes. */
  move(from: string, to: string, revision: string): void {
    const entry = this.entries.get(from);
    this.drop(from);
    if (entry && entry.pending.length === 0) this.remember(to, { ...entry.set, revision });
  }

  drop(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.held -= old.set.list.length;
    this.entries.delete(key);
  }

  remember(key: string, set: ItemSet): void {
    this.drop(key);
    if (set.list.length > CACHE_ITEMS) return;
    this.entries.set(key, { revision: set.revision, set, pending: [] });
    this.held += set.list.length;
    for (const [k] of this.entries) {
      if (this.held <= CACHE_ITEMS) break;
      this.drop(k);
    }
  }

  private recall(key: string, revision: string): ItemSet | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.revision !== revision) return undefined;
    if (entry.pending.length) {
      const set = applyOps(entry.set, entry.pending, revision);
      this.remember(key, set);
      return set;
    }
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.set;
  }
}

/** The typed columns of large collections (see the file's comment), most recently used last. */
export class ColumnCache {
  private readonly entries = new Map<string, Columns>();

  /** The collection's columns of these fields, current: built, completed or built again as needed; undefined when they cannot be. */
  async columns(db: Knex, siteId: string, schema: Schema, fields: readonly string[]): Promise<Columns | undefined> {
    const key = cacheKey(siteId, schema.id);
    const fieldsText = JSON.stringify(schema.fields);
    let held = this.entries.get(key);
    if (held && held.revision !== schema.revision && held.revision !== (await currentRevision(db, siteId, schema.id))) held = undefined;
    if (held && held.fieldsText !== fieldsText) held = undefined;
    if (!held) this.entries.delete(key);
    const revision = held?.revision ?? schema.revision;
    const missing = fields.filter((f) => !held?.has(f));
    if (missing.length) {
      if (!held) held = await Columns.load(db, siteId, schema, fields);
      else if (!(await held.add(db, siteId, schema, missing))) held = undefined;
      // A write while they were read: they may mix two revisions.
      if (held && (await currentRevision(db, siteId, schema.id)) !== revision) held = undefined;
      if (!held) {
        this.entries.delete(key);
        return undefined;
      }
    }
    this.entries.delete(key);
    this.entries.set(key, held!);
    let bytes = 0;
    for (const c of this.entries.values()) bytes += c.bytes;
    for (const [k, c] of this.entries) {
      if (bytes <= COLUMN_BYTES) break;
      bytes -= c.bytes;
      this.entries.delete(k);
    }
    return held;
  }

  /** A write's changes: columns at `from` are moved to `to` in place, or dropped when they cannot follow. */
  changed(key: string, from: string, to: string, ops: readonly ItemOp[]): void {
    const columns = this.entries.get(key);
    if (!columns) return;
    if (columns.revision === from && columns.apply(ops)) columns.at(to);
    else this.entries.delete(key);
  }

  drop(key: string): void {
    this.entries.delete(key);
  }
}
