import type { Knex } from 'knex';
import type { SiteRow } from '../../core/access.js';
import { parseSiteDoc, type Collection, type Item, type SiteDoc } from '../../model/document.js';
import { keysAfter } from './keys.js';
import { itemsById, keysById } from './rows.js';
import { fromTables, schemasWith } from './schemas.js';
import { cacheKey, ColumnCache, ItemCache, itemSet } from './engine/cache.js';
import { columnsFor, pageOf } from './engine/columns.js';
import { listItems } from './engine/memory.js';
import { plan, type EngineName } from './engine/planner.js';
import { listItemsSql } from './engine/sql.js';
import type { ItemOp, ItemSet, ListQuery, Page, Schema } from './engine/types.js';

/**
 * The content store (docs/decisions/0019-cms-content-tables.md, 0047, 0077): the one object through
 * which every reader sees the sites' collections — the editor, the renderer and versions
 * (`hydrate`), the CMS's lists (`list`) — and to which every writer hands its change after its
 * commit (`changed`). It holds the query engine's memory (engine/cache.ts) and asks the planner
 * (engine/planner.ts) which engine answers a list. The rows themselves are read by rows.ts and
 * schemas.ts and written by writes.ts; one instance per server.
 *
 * The site's document no longer holds collections: `hydrate` puts them back for the renderer, the
 * editor and versions. Documents written before (templates, older sites, versions) still carry
 * them inline; they count until the first write of the site moves them (writes.ts `storeMissing`).
 */
export class ContentStore {
  private readonly items = new ItemCache();
  private readonly columns = new ColumnCache();
  /** Collections up to this many items are listed from memory; larger ones by their columns or the database. */
  memoryItems = 50_000;
  /** The SQL engine's text sorts make and use an index each (engine/sort-index.ts); the tests turn it off to compare with the plain sort. */
  textSortIndexes = true;

  /**
   * What decides which engine answers a list, beside the collection: part of the state a kept answer
   * was made at (cms/list-answers.ts), so that a list made with other settings is made again (the
   * tests compare the engines by changing them).
   */
  get planning(): string {
    return `${this.memoryItems}:${this.textSortIndexes}`;
  }

  /**
   * A page of a collection under a list query, from the engine the planner picks (or `engine`,
   * which the conformance tests name to run one case on every engine; `columns` then answers
   * undefined where it declines).
   */
  async list(db: Knex, siteId: string, schema: Schema, q: ListQuery, fallback: string, engine?: EngineName): Promise<Page | undefined> {
    for (const name of engine ? [engine] : plan(schema, q, this.memoryItems)) {
      if (name === 'memory') return listItems(await this.itemsOf(db, siteId, schema), schema.fields, q, fallback);
      if (name === 'sql') return listItemsSql(db, siteId, schema, q, fallback, { textSortIndexes: this.textSortIndexes });
      const page = await this.listByColumns(db, siteId, schema, q);
      if (page || engine) return page;
    }
    return undefined;
  }

  /**
   * A page of a large collection sorted by a number or a date and filtered on fields the columns
   * hold (engine/columns.ts), or undefined when they cannot answer it.
   */
  async listByColumns(db: Knex, siteId: string, schema: Schema, q: ListQuery): Promise<Page | undefined> {
    const fields = columnsFor(schema, q);
    if (!fields) return undefined;
    const columns = await this.columns.columns(db, siteId, schema, fields);
    const picked = columns?.select(q);
    if (!picked) return undefined;
    const items = await pageOf(
      picked,
      q.offset,
      q.limit,
      (ids) => itemsById(db, siteId, schema.id, ids),
      (ids) => keysById(db, siteId, schema.id, ids),
    );
    return { items, total: picked.total };
  }

  /** The items of a collection, from memory when the revision is the one stored. */
  async itemsOf(db: Knex, siteId: string, schema: Schema): Promise<ItemSet> {
    if (schema.inline) {
      const items = (schema.inline.items ?? []).map((i) => ({ ...i }));
      return itemSet('inline', items, keysAfter(null, items.length));
    }
    return this.items.items(db, siteId, schema);
  }

  /** After a commit, the writer hands a whole new set over (a rewrite of every item). */
  rememberItems(siteId: string, collectionId: string, set: ItemSet): void {
    this.columns.drop(cacheKey(siteId, collectionId));
    this.items.remember(cacheKey(siteId, collectionId), set);
  }

  /**
   * After a commit, the writer hands over what it changed between two revisions: what is held at
   * `from` is brought to `to` (the items at their next read, the columns at once). What is held at
   * another revision (another process wrote between) is left as is: its next read sees the
   * revision differ and loads again.
   */
  changed(siteId: string, collectionId: string, from: string, to: string, ops: readonly ItemOp[]): void {
    const key = cacheKey(siteId, collectionId);
    this.columns.changed(key, from, to, ops);
    this.items.changed(key, from, to, ops);
  }

  /** A renamed collection's held items follow it. */
  renamed(siteId: string, from: string, to: string, revision: string): void {
    this.columns.drop(cacheKey(siteId, from));
    this.columns.drop(cacheKey(siteId, to));
    this.items.move(cacheKey(siteId, from), cacheKey(siteId, to), revision);
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
}
