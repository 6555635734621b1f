import crypto from 'node:crypto';
import type { Knex } from 'knex';
import type { SiteRow } from '../core/access.js';
import { parseSiteDoc, type Collection, type Field, type Item, type SiteDoc } from '../model/document.js';

/**
 * The data layer of the CMS (docs/decisions.md "CMS"): collections in `cms_collections`, items in
 * `cms_items`, and the items of recently used collections kept in memory, frozen, under the
 * collection's revision. Every write gives the collection a new random revision in its
 * transaction, so any process reading a revision it does not hold reloads, and a rolled-back
 * write can never leave a process trusting rows that were not committed.
 *
 * The site's document no longer holds collections: `hydrate` puts them back for the renderer, the
 * editor and versions. Documents written before (templates, older sites, versions) still carry
 * them inline; they count until the first write of the site moves them here (`storeMissing`).
 */

export interface Schema {
  id: string;
  name: string;
  icon: string;
  fields: Field[];
  position: number;
  revision: string;
  /** Still inline in the site's document (not yet moved to the tables). */
  inline?: Collection;
}

/** The items of one collection at one revision, in hand-sorted order. Never mutate. */
export interface ItemSet {
  revision: string;
  list: readonly Item[];
  byId: ReadonlyMap<number, Item>;
  maxId: number;
  /** What queries work out once per revision: orders by a field, search texts (see query.ts). */
  memo: Map<string, unknown>;
}

interface CollectionRow {
  site_id: string;
  id: string;
  position: number;
  name: string;
  icon: string;
  fields: string;
  revision: string;
}

const newRevision = (): string => crypto.randomUUID();

// ------------------------------------------------------------------------------------------------
// Reading, through the in-memory item cache

/** At most this many items are held in memory across collections; the least recently used go first. */
const CACHE_ITEMS = 400_000;
const cacheKey = (siteId: string, collectionId: string) => `${siteId}\u0000${collectionId}`;

/** An item set from items in order; the items are frozen so a reader cannot change what others read. */
export function itemSet(revision: string, items: Item[]): ItemSet {
  const byId = new Map<number, Item>();
  let maxId = 0;
  for (const item of items) {
    Object.freeze(item);
    byId.set(item._id, item);
    if (item._id > maxId) maxId = item._id;
  }
  return { revision, list: Object.freeze(items), byId, maxId, memo: new Map() };
}

/**
 * After an edit that kept every item in its place and changed only `changed` fields, what queries
 * worked out for the other fields still holds (memo keys are `<kind>:<field>:…`, see query.ts):
 * orders and columns of unchanged fields, and positions. Results and upsert indexes are dropped.
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

const toSchema = (row: CollectionRow): Schema => ({
  id: row.id,
  name: row.name,
  icon: row.icon,
  fields: JSON.parse(row.fields) as Field[],
  position: Number(row.position),
  revision: row.revision,
});

/** The site's collections in order: the stored ones, then the inline ones of its document not stored yet. */
export async function schemasWith(db: Knex, siteId: string, inline: readonly Collection[]): Promise<Schema[]> {
  const rows = (await db('cms_collections').where({ site_id: siteId }).orderBy('position')) as CollectionRow[];
  const schemas = rows.map(toSchema);
  const taken = new Set(schemas.map((s) => s.id));
  let position = schemas.length;
  for (const c of inline) {
    if (taken.has(c.id)) continue;
    taken.add(c.id);
    schemas.push({ id: c.id, name: c.name, icon: c.icon, fields: c.fields ?? [], position: position++, revision: 'inline', inline: c });
  }
  return schemas;
}

/** Collections read from the tables: saving a document that holds them stores nothing (storeMissing). */
const fromTables = new WeakSet<Collection>();

/**
 * The items of the sites' collections as the readers (the editor, the renderer, versions, the CMS)
 * see them, with the items of recently used collections kept in memory under their revision. One
 * instance per server, held by the services that read content.
 */
export class ContentStore {
  private readonly cache = new Map<string, ItemSet>();
  private cached = 0;

  /** The items of a collection, from memory when the revision is the one stored. */
  async itemsOf(db: Knex, siteId: string, schema: Schema): Promise<ItemSet> {
    if (schema.inline)
      return itemSet(
        'inline',
        (schema.inline.items ?? []).map((i) => ({ ...i })),
      );
    const key = cacheKey(siteId, schema.id);
    const hit = this.recall(key, schema.revision);
    if (hit) return hit;
    const rows: { data: string }[] = await db('cms_items')
      .where({ site_id: siteId, collection_id: schema.id })
      .orderBy('position')
      .select('data');
    const set = itemSet(
      schema.revision,
      rows.map((r) => JSON.parse(r.data) as Item),
    );
    this.remember(key, set);
    return set;
  }

  /** After a commit, the writer hands the new items over so its next read does not reload them. */
  rememberItems(siteId: string, collectionId: string, set: ItemSet): void {
    this.remember(cacheKey(siteId, collectionId), set);
  }

  /** The site's document with its collections, for the editor, the renderer and versions. */
  async hydrate(db: Knex, row: SiteRow): Promise<SiteDoc> {
    const doc = parseSiteDoc(row.data);
    doc.collections = await this.collectionsWith(db, row.id, Array.isArray(doc.collections) ? doc.collections : []);
    return doc;
  }

  /**
   * A document parsed earlier from the site's row at its current revision (the editor keeps the
   * last one of each site), with its collections read again: CMS writes do not change the revision.
   */
  async rehydrate(db: Knex, siteId: string, doc: SiteDoc): Promise<SiteDoc> {
    doc.collections = await this.collectionsWith(db, siteId, []);
    return doc;
  }

  /** The stored document of a site with its collections (tests and tools). */
  async loadSiteDoc(db: Knex, siteId: string): Promise<SiteDoc> {
    const row = (await db('sites').where({ id: siteId }).first()) as SiteRow;
    return this.hydrate(db, row);
  }

  private async collectionsWith(db: Knex, siteId: string, inline: readonly Collection[]): Promise<Collection[]> {
    const schemas = await schemasWith(db, siteId, inline);
    const out: Collection[] = [];
    // One at a time: inside a transaction SQLite has one connection, and a cache hit costs nothing.
    for (const s of schemas) {
      const c: Collection = {
        id: s.id,
        name: s.name,
        icon: s.icon,
        fields: s.fields,
        items: (await this.itemsOf(db, siteId, s)).list as Item[],
      };
      if (!s.inline) fromTables.add(c);
      out.push(c);
    }
    return out;
  }

  private remember(key: string, set: ItemSet): void {
    const old = this.cache.get(key);
    if (old) {
      this.cached -= old.list.length;
      this.cache.delete(key);
    }
    if (set.list.length > CACHE_ITEMS) return;
    this.cache.set(key, set);
    this.cached += set.list.length;
    for (const [k, v] of this.cache) {
      if (this.cached <= CACHE_ITEMS) break;
      this.cache.delete(k);
      this.cached -= v.list.length;
    }
  }

  private recall(key: string, revision: string): ItemSet | undefined {
    const set = this.cache.get(key);
    if (!set || set.revision !== revision) return undefined;
    // Most recently used last.
    this.cache.delete(key);
    this.cache.set(key, set);
    return set;
  }
}

// ------------------------------------------------------------------------------------------------
// Writing (always inside the caller's transaction)

const ROWS_PER_INSERT = 500;

/** Inserts items at positions `start`, `start + 1`, … in as few statements as the dialects allow. */
export async function insertItems(trx: Knex, siteId: string, collectionId: string, items: readonly Item[], start: number): Promise<void> {
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const rows = items.slice(i, i + ROWS_PER_INSERT).map((item, k) => ({
      site_id: siteId,
      collection_id: collectionId,
      item_id: item._id,
      position: start + i + k,
      data: JSON.stringify(item),
    }));
    await trx('cms_items').insert(rows);
  }
}

/** Writes new values of existing items, keeping their positions. */
export async function updateItems(
  trx: Knex,
  siteId: string,
  collectionId: string,
  items: readonly { item: Item; position: number }[],
): Promise<void> {
  if (items.length === 0) return;
  if (items.length <= 20) {
    for (const { item } of items) {
      await trx('cms_items')
        .where({ site_id: siteId, collection_id: collectionId, item_id: item._id })
        .update({ data: JSON.stringify(item) });
    }
    return;
  }
  // Many rows: delete and insert in batches, which both dialects do far faster than one update per row.
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    const batch = items.slice(i, i + ROWS_PER_INSERT);
    await trx('cms_items')
      .where({ site_id: siteId, collection_id: collectionId })
      .whereIn(
        'item_id',
        batch.map((b) => b.item._id),
      )
      .delete();
    await trx('cms_items').insert(
      batch.map(({ item, position }) => ({
        site_id: siteId,
        collection_id: collectionId,
        item_id: item._id,
        position,
        data: JSON.stringify(item),
      })),
    );
  }
}

/** Rewrites a whole collection's items in the given order (a sort, a field rename). */
export async function rewriteItems(trx: Knex, siteId: string, collectionId: string, items: readonly Item[]): Promise<void> {
  await trx('cms_items').where({ site_id: siteId, collection_id: collectionId }).delete();
  await insertItems(trx, siteId, collectionId, items, 0);
}

/** A new revision for the collection, and any of its schema columns. */
export async function touchCollection(
  trx: Knex,
  siteId: string,
  id: string,
  now: number,
  patch: Partial<Pick<Schema, 'name' | 'icon' | 'fields'>> & { id?: string } = {},
): Promise<string> {
  const revision = newRevision();
  const { fields, ...rest } = patch;
  await trx('cms_collections')
    .where({ site_id: siteId, id })
    .update({ ...rest, ...(fields ? { fields: JSON.stringify(fields) } : {}), revision, modified_at: now });
  return revision;
}

/** Adds a collection with its items, last in the site's list. */
export async function insertCollection(trx: Knex, siteId: string, c: Collection, now: number): Promise<string> {
  const last = (await trx('cms_collections').where({ site_id: siteId }).max({ p: 'position' }).first()) as { p: number | null } | undefined;
  const revision = newRevision();
  await trx('cms_collections').insert({
    site_id: siteId,
    id: c.id,
    position: last?.p === null || last?.p === undefined ? 0 : Number(last.p) + 1,
    name: c.name,
    icon: c.icon,
    fields: JSON.stringify(c.fields ?? []),
    revision,
    created_at: now,
    modified_at: now,
  });
  await insertItems(trx, siteId, c.id, c.items ?? [], 0);
  return revision;
}

/**
 * Stores the collections of a document that the tables do not have yet (inline ones of an older
 * document, or those a new section brings). Existing collections are never overwritten from a
 * document: the tables are the truth.
 */
export async function storeMissing(trx: Knex, siteId: string, collections: readonly Collection[], now: number): Promise<void> {
  const candidates = (collections ?? []).filter((c) => !fromTables.has(c));
  if (!candidates.length) return;
  const stored: { id: string }[] = await trx('cms_collections').where({ site_id: siteId }).select('id');
  const have = new Set(stored.map((r) => r.id));
  for (const c of candidates) {
    if (have.has(c.id)) continue;
    have.add(c.id);
    await insertCollection(trx, siteId, c, now);
  }
}

/** Deletes every collection of the site (a version's reset stores the version's instead). */
export async function deleteCollections(trx: Knex, siteId: string): Promise<void> {
  await trx('cms_items').where({ site_id: siteId }).delete();
  await trx('cms_collections').where({ site_id: siteId }).delete();
}
