import type { Knex } from 'knex';
import { isPostgres } from '../db/knex.js';
import { AppError, conflict, invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { siteAccess } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import type { SiteDocuments } from '../site/documents.js';
import type { SiteReads } from '../site/reads.js';
import { JsonText } from '../core/json-text.js';
import { itemText } from './item-text.js';
import { ListAnswers } from './list-answers.js';
import { index as indexIn } from '../core/validation.js';
import { parseSiteDoc, type Collection, type Field, type Item, type SiteDoc } from '../model/document.js';
import { Draft, same } from '../model/paths.js';
import type { SectionLibrary } from '../model/section-library.js';
import { historyOf, readData, touchSite, writeSite, type EditorSiteHead } from '../site/store.js';
import { idsNamed, keyIndex, MAX_IMPORT_ROWS, planImport, type Existing } from './bulk.js';
import { checkLegal } from '../site/legal.js';
import {
  collectionId,
  collectionName,
  collectionNotFound,
  genericSample,
  icon as iconOf,
  idFromName,
  INTERNAL,
  isInternal,
  renameReferences,
  summaryOf,
} from './collections.js';
import { fieldFromBody, fieldOr404, followInVcards, renameFieldReferences, type FieldBody } from './fields.js';
import { itemSet } from '../site/content/engine/cache.js';
import { sortedBy } from '../site/content/engine/memory.js';
import { dropTextSortIndexes } from '../site/content/engine/sort-index.js';
import { parseListQuery } from '../site/content/engine/parse.js';
import type { ItemOp, ItemSet, Schema } from '../site/content/engine/types.js';
import { keyBetween, keysAfter } from '../site/content/keys.js';
import {
  allItems,
  itemsAt,
  itemsById,
  keyAfter,
  lastItem,
  maxItemId,
  readItem,
  rowsOf,
  valueTaken,
  type FoundItem,
} from '../site/content/rows.js';
import { schemasAndItem, schemasWith } from '../site/content/schemas.js';
import { movedIn } from '../core/list-places.js';
import type { ContentStore } from '../site/content/store.js';
import {
  indexWhenLarge,
  insertCollection,
  insertItems,
  rewriteItems,
  settleSearchIndex,
  touchCollection,
  updateItems,
  writeItem,
  type ItemWrite,
} from '../site/content/writes.js';
import { applyValues, checkValues, missingRequired, normalizeValue, startingValues } from './values.js';

type Body = Record<string, unknown>;

/** What a write may use: its transaction, the site's collections as the transaction sees them, and the site's languages. */
interface WriteFrame {
  trx: Knex;
  row: EditorSiteHead;
  /** The site's document as the transaction reads it (null when broken), read once; its `collections` are not current. */
  doc(): Promise<SiteDoc | null>;
  siteId: string;
  now: number;
  languages: string[];
  schemas: Schema[];
  /** The write's `target` item, read with the schemas (undefined when it is not there). */
  found: FoundItem | undefined;
  schema(id: string): Schema;
  /** Every item of a collection (for the writes that change every item: a field's rename, a sort by a field). */
  items(schema: Schema): Promise<ItemSet>;
  /** What to tell the item cache once the transaction has committed (nothing when it rolls back). */
  after(fn: () => void): void;
  /** One item's write, with the collection's new revision and the site's time (writes.ts `writeItem`): answers the revision. */
  item(collectionId: string, write: ItemWrite): Promise<string>;
}

/** The site's document, or null when it cannot be read (the CMS still works on a broken site). */
function docOf(data: string): SiteDoc | null {
  try {
    return parseSiteDoc(data);
  } catch {
    return null;
  }
}

/**
 * The item a move names by id: 404 when it is gone (`required`), or undefined (an anchor that went: the
 * index is used instead). Not a whole number: 400 on `field`.
 */
async function namedItem(db: Knex, siteId: string, collection: string, value: unknown, field: string, required = true) {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw invalid(field, messages.itemNotFound);
  const found = await readItem(db, siteId, collection, value);
  if (!found && required) throw notFound(messages.itemNotFound);
  return found;
}

/** Where an item is in the hand order now (how many come before it). */
async function positionOf(db: Knex, siteId: string, collection: string, key: string): Promise<number> {
  const row = (await rowsOf(db, siteId, collection).andWhere('order_key', '<', key).count({ n: '*' }).first()) as { n: number | string };
  return Number(row.n);
}

/** The fields whose values differ between two versions of an item. */
function changedFields(before: Item, after: Item): Set<string> {
  const out = new Set<string>();
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) if (!same(before[k], after[k])) out.add(k);
  return out;
}

const firstError = (errors: { field: string; message: string }[]) => {
  const e = errors[0];
  return e ? invalid(e.field, e.message) : null;
};

/**
 * The CMS calls of spec 002 §7: collections, fields and items of a site. Reads need any role on
 * the site; writes go through the editor's per-site queue and transaction (a locked collaborator
 * is refused there) and are not undo steps: collections are content, like form submissions.
 */
export class CmsService {
  /** The list calls' answers, by the collection's revision (decision 0102). */
  readonly answers = new ListAnswers();

  constructor(
    private readonly deps: Deps,
    private readonly documents: SiteDocuments,
    private readonly content: ContentStore,
    private readonly library: SectionLibrary,
    private readonly reads: SiteReads,
  ) {}

  // ----------------------------------------------------------------------------------------------
  // Frames

  /** A read's frame: the access check (held a few seconds), the document's languages (parsed once per revision) and the collections (site/reads.ts). */
  private async reader(actor: Actor, siteId: string) {
    const { site } = await this.reads.role(actor, siteId);
    const facts = await this.reads.facts(await this.reads.current(site));
    const schemas = await schemasWith(this.deps.db, site.id, facts.inline);
    const schema = (id: string) => {
      const found = schemas.find((s) => s.id === id);
      if (!found) throw collectionNotFound();
      return found;
    };
    return { site, schemas, schema, languages: facts.languages };
  }

  /**
   * The frame of every write. `collections` names the collections the write touches (a rename's new id
   * too): a legal one needs the owner's plan to have `legal` (402, checked after the access check and
   * before anything is written). `target`: the one item the write reads first (an update, a delete, a
   * duplicate), read with the collections in one round trip (`w.found`).
   */
  private async write<T>(
    actor: Actor,
    siteId: string,
    collections: readonly unknown[],
    fn: (w: WriteFrame) => Promise<T>,
    target?: { collectionId: string; itemId: number },
  ): Promise<T> {
    const after: (() => void)[] = [];
    const result = await this.documents.transactHead(actor, siteId, async (original, trx, _access, note) => {
      after.length = 0;
      await checkLegal(this.deps, original.owner_id, collections, trx);
      const now = this.deps.now();
      // The document (75–180 kB for a template's site) is read and parsed once per revision for its
      // languages, and again only when a write needs it whole: an item's write does not read it.
      let data: Promise<string> | undefined;
      const dataNow = () => (data ??= readData(trx, siteId));
      const facts = await this.reads.facts(
        { id: original.id, owner_id: original.owner_id, created_at: Number(original.created_at), revision: Number(original.revision) },
        dataNow,
      );
      let doc: Promise<SiteDoc | null> | undefined;
      const docNow = () => (doc ??= dataNow().then(docOf));
      const row = facts.inline.length ? await this.moveInline(trx, original, await docNow(), now) : original;
      let schemas: Schema[];
      let found: FoundItem | undefined;
      if (target) ({ schemas, found } = await schemasAndItem(trx, siteId, target.collectionId, target.itemId));
      else schemas = await schemasWith(trx, siteId, []);
      let siteTouched = false;
      const frame: WriteFrame = {
        trx,
        row,
        doc: docNow,
        siteId,
        now,
        languages: facts.languages,
        schemas,
        found,
        schema(id) {
          const found = schemas.find((s) => s.id === id);
          if (!found) throw collectionNotFound();
          return found;
        },
        items: (schema) => this.content.itemsOf(trx, siteId, schema),
        after: (fn) => after.push(fn),
        item: (collectionId, write) => {
          siteTouched = true;
          return writeItem(trx, siteId, collectionId, now, write);
        },
      };
      const answer = await fn(frame);
      // The site list orders by the last change; content is a change too (the document's revision is
      // not). An item's write set the time in its own statement.
      if (!siteTouched) await touchSite(trx, siteId, now);
      // Content is not an undo step: the revision and history counts are the row's as this write left it.
      note.state = { revision: Number(frame.row.revision), history: historyOf(frame.row) };
      return answer;
    });
    for (const fn of after) fn();
    return result;
  }

  /**
   * A write of one item that is there: the frame, the collection (404 when it is not there) and the
   * item (404 when it is not there), read with the site's collections in one round trip.
   */
  private itemWrite<T>(
    actor: Actor,
    siteId: string,
    id: string,
    itemId: number,
    fn: (w: WriteFrame, schema: Schema, found: FoundItem) => Promise<T>,
  ): Promise<T> {
    const target = { collectionId: id, itemId };
    return this.write(
      actor,
      siteId,
      [id],
      (w) => {
        const schema = w.schema(id);
        if (!w.found) throw notFound(messages.itemNotFound);
        return fn(w, schema, w.found);
      },
      target,
    );
  }

  /** After a commit: the text-sort indexes of a collection (or of one field) that no longer sort anything, dropped (best effort). */
  private dropSortIndexes(siteId: string, collectionId: string, field?: string): void {
    void dropTextSortIndexes(this.deps.db, siteId, collectionId, field).catch((error: unknown) =>
      this.deps.log.warn({ err: error, siteId, collectionId }, 'cms: text-sort index not dropped'),
    );
  }

  /** Moves collections still inline in the document (older sites, templates) to the tables. */
  private async moveInline(trx: Knex, row: EditorSiteHead, doc: SiteDoc | null, now: number): Promise<EditorSiteHead> {
    if (!doc?.collections?.length) return row;
    return writeSite(trx, row, { doc }, now);
  }

  // ----------------------------------------------------------------------------------------------
  // Collections

  /** GET /content: the collections in order; `internal=false` leaves out the `_` ones (pickers). */
  async list(actor: Actor, siteId: string, internal: unknown) {
    const { schemas } = await this.reader(actor, siteId);
    const shown = internal === 'false' ? schemas.filter((s) => !isInternal(s.id)) : schemas;
    return shown.map((s) => summaryOf(s, s.itemCount));
  }

  async get(actor: Actor, siteId: string, id: string) {
    const { schema } = await this.reader(actor, siteId);
    const s = schema(id);
    return summaryOf(s, s.itemCount);
  }

  /** POST /content?sample: a new collection; with `sample` it comes with sample fields and items. */
  async create(actor: Actor, siteId: string, body: Body, sample: unknown) {
    const sampled = sample === undefined ? undefined : this.sample(sample);
    return this.write(actor, siteId, [body.id], async (w) => {
      const taken = (id: string) => w.schemas.some((s) => s.id === id);
      const internal = typeof body.id === 'string' ? INTERNAL[body.id] : undefined;
      const name = collectionName(body.name, internal?.name ?? sampled?.name);
      let id: string;
      if (body.id === undefined || body.id === '') id = idFromName(name, taken);
      else {
        id = collectionId(body.id);
        if (taken(id)) throw conflict(messages.collectionExists, 'COLLECTION_EXISTS', { field: 'id' });
      }
      const collection: Collection = {
        id,
        name,
        icon: iconOf(body.icon) ?? internal?.icon ?? sampled?.icon ?? 'book',
        fields: structuredClone(internal?.fields ?? sampled?.fields ?? []),
        items: internal ? [] : structuredClone(sampled?.items ?? []),
      };
      const count = collection.items.length;
      const { revision, keys } = await insertCollection(w.trx, siteId, collection, w.now);
      w.after(() => this.content.rememberItems(siteId, id, itemSet(revision, [...collection.items], keys)));
      return summaryOf(collection, count);
    });
  }

  /** The sample a `sample` query names: a collection the section library brings, or the generic one. */
  private sample(value: unknown): { name?: string; icon?: string; fields: Field[]; items: Item[] } {
    if (value === '' || value === 'true' || value === true) return genericSample();
    if (typeof value === 'string') {
      for (const section of this.library) {
        const found = section.build().collections?.find((c) => c.id === value);
        if (found) return { name: found.name, icon: found.icon, fields: found.fields, items: found.items };
      }
    }
    throw invalid('sample', messages.sampleContentNotFound);
  }

  /** PATCH /content/{collection}: name, icon, and a new id that the pages and components follow. */
  async update(actor: Actor, siteId: string, id: string, body: Body) {
    return this.write(actor, siteId, [id, body.id], async (w) => {
      const schema = w.schema(id);
      const name = body.name === undefined ? schema.name : collectionName(body.name);
      const icon = iconOf(body.icon) ?? schema.icon;
      let newId = id;
      if (body.id !== undefined && body.id !== id) {
        newId = collectionId(body.id);
        // Internal ids come with their fixed fields: a collection is created as one, never renamed into one.
        if (isInternal(newId)) throw invalid('id', messages.collectionIdInvalid);
        if (w.schemas.some((s) => s.id === newId)) throw conflict(messages.collectionExists, 'COLLECTION_EXISTS', { field: 'id' });
      }
      const revision = await touchCollection(w.trx, siteId, id, w.now, { name, icon, ...(newId !== id ? { id: newId } : {}) });
      if (newId !== id) {
        await w.trx('cms_items').where({ site_id: siteId, collection_id: id }).update({ collection_id: newId });
        await this.renameInDocument(w, (draft) => renameReferences(draft, id, newId));
        w.after(() => {
          this.content.renamed(siteId, id, newId, revision);
          this.dropSortIndexes(siteId, id);
        });
      } else w.after(() => this.content.changed(siteId, id, schema.revision, revision, []));
      return summaryOf({ ...schema, id: newId, name, icon }, schema.itemCount);
    });
  }

  /**
   * The pages and components that name a renamed collection follow it. The rename itself is not an
   * undo step (collections are outside the history), so neither are these edits: undoing them would
   * point the pages at an id that no longer exists. They count as unsaved changes.
   */
  private async renameInDocument(w: WriteFrame, rename: (draft: Draft<SiteDoc>) => number) {
    const read = await w.doc();
    if (!read) return;
    const doc: SiteDoc = { ...read, collections: [] };
    const draft = new Draft(doc);
    if (rename(draft) === 0) return;
    const history = historyOf(w.row);
    w.row = await writeSite(w.trx, w.row, { doc, history: { ...history, unsaved: history.unsaved + 1 } }, w.now);
  }

  /** DELETE /content/{collection}: only an empty collection (spec 002 §4). */
  async remove(actor: Actor, siteId: string, id: string) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      if (schema.itemCount > 0) throw conflict(messages.collectionNotEmpty, 'COLLECTION_NOT_EMPTY', { count: schema.itemCount });
      await w.trx('cms_collections').where({ site_id: siteId, id }).delete();
      w.after(() => this.dropSortIndexes(siteId, id));
    });
  }

  // ----------------------------------------------------------------------------------------------
  // Fields

  async createField(actor: Actor, siteId: string, id: string, body: FieldBody) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const field = fieldFromBody(body, { fields: schema.fields, languages: w.languages });
      const fields = [...schema.fields, field];
      const revision = await touchCollection(w.trx, siteId, id, w.now, { fields });
      w.after(() => this.content.changed(siteId, id, schema.revision, revision, []));
      return field;
    });
  }

  /**
   * PATCH …/fields/{field}. A new name renames the key in every item; a new type, categories or
   * localizable flag re-checks the stored values (enum fallback, localized values collapse), and a
   * value the new rules refuse is kept as it was rather than lost.
   */
  async updateField(actor: Actor, siteId: string, id: string, fieldId: string, body: FieldBody) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const existing = fieldOr404(schema.fields, fieldId);
      const field = fieldFromBody(body, { fields: schema.fields, languages: w.languages }, existing);
      let fields = schema.fields.map((f) => (f.id === fieldId ? field : f));
      if (field.id !== fieldId) fields = followInVcards(fields, fieldId, field.id);
      // Pages, collection page templates and components that read the field follow it, in this transaction.
      if (field.id !== fieldId) await this.renameInDocument(w, (draft) => renameFieldReferences(draft, w.schemas, id, fieldId, field.id));
      const set = await w.items(schema);
      const recheck =
        field.type !== existing.type ||
        !same(field.options, existing.options) ||
        Boolean(field.localizable) !== Boolean(existing.localizable);
      const changed: { item: Item; key: string }[] = [];
      const next = set.list.map((item, position) => {
        if (!(fieldId in item)) return item;
        let value = item[fieldId];
        if (recheck) {
          const checked = normalizeValue({ ...field, required: false }, value, w.languages);
          if ('value' in checked && checked.value !== undefined) value = checked.value;
        }
        if (field.id === fieldId && same(value, item[fieldId])) return item;
        const copy: Item = { ...item };
        delete copy[fieldId];
        copy[field.id] = value;
        changed.push({ item: copy, key: set.keys[position]! });
        return copy;
      });
      await updateItems(w.trx, siteId, id, changed);
      const revision = await touchCollection(w.trx, siteId, id, w.now, { fields });
      w.after(() => {
        this.content.rememberItems(siteId, id, itemSet(revision, next, [...set.keys]));
        if (field.id !== fieldId || field.type !== existing.type || Boolean(field.localizable) !== Boolean(existing.localizable))
          this.dropSortIndexes(siteId, id, fieldId);
      });
      return field;
    });
  }

  /** DELETE …/fields/{field}: the field and its values in every item. */
  async deleteField(actor: Actor, siteId: string, id: string, fieldId: string) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      fieldOr404(schema.fields, fieldId);
      const set = await w.items(schema);
      const changed: { item: Item; key: string }[] = [];
      const next = set.list.map((item, position) => {
        if (!(fieldId in item)) return item;
        const copy: Item = { ...item };
        delete copy[fieldId];
        changed.push({ item: copy, key: set.keys[position]! });
        return copy;
      });
      await updateItems(w.trx, siteId, id, changed);
      const fields = followInVcards(
        schema.fields.filter((f) => f.id !== fieldId),
        fieldId,
        undefined,
      );
      const revision = await touchCollection(w.trx, siteId, id, w.now, { fields });
      w.after(() => {
        this.content.rememberItems(siteId, id, itemSet(revision, next, [...set.keys]));
        this.dropSortIndexes(siteId, id, fieldId);
      });
    });
  }

  /** POST …/sort/fields: `fromIndex`, `toIndex`. */
  async sortFields(actor: Actor, siteId: string, id: string, body: Body) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      // Named by id as well as by index (docs/decisions/0097): a field another editor added meanwhile is not the one moved.
      const fields = movedIn(schema.fields, (f) => f.id, body, { id: 'fieldId', after: 'afterFieldId' }, messages.fieldNotFound);
      const revision = await touchCollection(w.trx, siteId, id, w.now, { fields });
      w.after(() => this.content.changed(siteId, id, schema.revision, revision, []));
      return { fields };
    });
  }

  // ----------------------------------------------------------------------------------------------
  // Items

  /**
   * GET …/items: a page (at most 100) sorted, filtered and searched; `total` counts every match.
   * The content store's planner picks the engine (docs/decisions/0077-cms-query-engine.md). The answer
   * is kept while the collection stays at its revision (list-answers.ts): the same page asked again
   * is sent as it was made, compressed once.
   */
  async items(actor: Actor, siteId: string, id: string, query: Record<string, unknown>) {
    const { site, schema, languages } = await this.reader(actor, siteId);
    const s = schema(id);
    // Collections still inline in the document have no revision of their own: made every time.
    const kept = s.inline
      ? undefined
      : {
          collection: `${site.id}\u0000${s.id}`,
          state: `${s.revision}\u0000${languages.join(',')}\u0000${this.content.planning}`,
          query: JSON.stringify(query),
        };
    const answer = kept && this.answers.get(kept.collection, kept.state, kept.query);
    if (answer) return answer;
    const q = parseListQuery(query, s.fields, languages);
    const { items, total } = (await this.content.list(this.deps.db, site.id, s, q, languages[0]!))!;
    const page = { items, total, offset: q.offset, limit: q.limit };
    return kept ? this.answers.keep(kept.collection, kept.state, kept.query, page) : page;
  }

  /**
   * GET …/items/{itemId}: the stored row's text as it is (no parse, no serialisation), after the
   * access check; the collection's schema is read only to tell a missing collection from a missing item.
   */
  async item(actor: Actor, siteId: string, id: string, itemId: number) {
    const { site } = await this.reads.role(actor, siteId);
    const text = await itemText(this.deps.db, site.id, id, itemId);
    if (text !== undefined) return new JsonText(text);
    const { schema } = await this.reader(actor, siteId);
    const s = schema(id);
    const found = s.inline ? s.inline.items?.find((i) => i._id === itemId) : (await readItem(this.deps.db, site.id, s.id, itemId))?.item;
    if (!found) throw notFound(messages.itemNotFound);
    return found;
  }

  /** POST …/items: field values, `_id` (else the highest id + 1) and `_index` (else last). */
  async createItem(actor: Actor, siteId: string, id: string, body: Body) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      let itemId: number;
      if (body._id !== undefined) {
        if (typeof body._id !== 'number' || !Number.isSafeInteger(body._id) || body._id < 1) throw invalid('_id', messages.itemIdInvalid);
        if (await readItem(w.trx, siteId, id, body._id)) throw conflict(messages.itemIdTaken, 'ITEM_EXISTS', { field: '_id' });
        itemId = body._id;
      } else itemId = (await maxItemId(w.trx, siteId, id)) + 1;
      const count = schema.itemCount;
      const at = body._index === undefined ? count : indexIn(body._index, '_index', count);
      const { values, errors } = checkValues(schema.fields, body, w.languages);
      const error = firstError(errors);
      if (error) throw error;
      const last = await lastItem(w.trx, siteId, id);
      const item = applyValues({ _id: itemId, ...Object.fromEntries(startingValues(schema.fields, last?.item)) }, values);
      const missing = firstError(missingRequired(schema.fields, item));
      if (missing) throw missing;
      await this.insertAt(w, schema, item, at);
      return { itemId, item };
    });
  }

  /** Inserts one item at a hand-order place: one row with a key between its neighbours', none of theirs rewritten. */
  private async insertAt(w: WriteFrame, schema: Schema, item: Item, at: number, after?: string) {
    let key: string;
    if (after !== undefined) key = keyBetween(after, await keyAfter(w.trx, w.siteId, schema.id, after));
    else if (at >= schema.itemCount) key = keyBetween((await lastItem(w.trx, w.siteId, schema.id))?.key ?? null, null);
    else {
      const around = await itemsAt(w.trx, w.siteId, schema.id, Math.max(0, at - 1), at === 0 ? 1 : 2);
      key = at === 0 ? keyBetween(null, around[0]!.key) : keyBetween(around[0]!.key, around[1]?.key ?? null);
    }
    const revision = await w.item(schema.id, { kind: 'insert', item, key });
    await indexWhenLarge(w.trx, w.siteId, schema, schema.itemCount + 1);
    w.after(() => this.content.changed(w.siteId, schema.id, schema.revision, revision, [{ kind: 'put', item, key }]));
  }

  /** PATCH …/items/{itemId}: the values given (null removes one); the published toggle is one of them. */
  async updateItem(actor: Actor, siteId: string, id: string, itemId: number, body: Body) {
    return this.itemWrite(actor, siteId, id, itemId, async (w, schema, found) => {
      const item = found.item;
      if (body._id !== undefined && body._id !== itemId) throw invalid('_id', messages.itemIdInvalid);
      const { values, errors } = checkValues(schema.fields, body, w.languages);
      const error = firstError(errors);
      if (error) throw error;
      const next = applyValues(item, values);
      const missing = firstError(missingRequired(schema.fields, next));
      if (missing) throw missing;
      if (same(next, item)) return item;
      const revision = await w.item(id, { kind: 'update', item: next, key: found.key });
      const changed = new Set(Object.keys(values));
      w.after(() =>
        this.content.changed(siteId, id, schema.revision, revision, [
          { kind: 'put', item: next, key: found.key, oldKey: found.key, changed },
        ]),
      );
      return next;
    });
  }

  async deleteItem(actor: Actor, siteId: string, id: string, itemId: number) {
    await this.itemWrite(actor, siteId, id, itemId, async (w, schema, found) => {
      const revision = await w.item(id, { kind: 'delete', itemId });
      w.after(() => this.content.changed(siteId, id, schema.revision, revision, [{ kind: 'delete', key: found.key, id: itemId }]));
    });
  }

  /** POST …/items/{itemId}/duplicate: a copy with the next id, right after the original; slugs get a free suffix. */
  async duplicateItem(actor: Actor, siteId: string, id: string, itemId: number) {
    return this.itemWrite(actor, siteId, id, itemId, async (w, schema, found) => {
      const copy: Item = { ...structuredClone(found.item), _id: (await maxItemId(w.trx, siteId, id)) + 1 };
      for (const f of schema.fields) {
        const slug = copy[f.id];
        if (f.type !== 'slug' || typeof slug !== 'string' || !slug) continue;
        // The free suffix: the first of slug-2, slug-3 … that no item has (asked of the database, one candidate at a time).
        let n = 2;
        while (await valueTaken(w.trx, siteId, id, f.id, `${slug}-${n}`)) n++;
        copy[f.id] = `${slug}-${n}`;
      }
      await this.insertAt(w, schema, copy, 0, found.key);
      return { itemId: copy._id, item: copy };
    });
  }

  /** POST …/sort/items: moves one item by hand (one row gets a key between its new neighbours'). */
  async sortItems(actor: Actor, siteId: string, id: string, body: Body) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const last = schema.itemCount - 1;
      // Named by id as well as by index (docs/decisions/0097): a list another editor changed meanwhile
      // still moves the item meant, to right after the one meant.
      const named = body.itemId !== undefined ? await namedItem(w.trx, siteId, id, body.itemId, 'itemId') : undefined;
      const anchor =
        body.afterItemId === undefined || body.afterItemId === null
          ? body.afterItemId
          : await namedItem(w.trx, siteId, id, body.afterItemId, 'afterItemId', false);
      const fromIndex = named ? undefined : indexIn(body.fromIndex, 'fromIndex', last);
      const moved = named ?? (await itemsAt(w.trx, siteId, id, fromIndex!, 1))[0]!;
      // The item it goes after, while it is there, wins over the index (as list-places.ts `placedIn`).
      if (anchor !== undefined) {
        if (anchor?.item._id === moved.item._id) return;
        const before = anchor?.key ?? null;
        let after =
          before === null ? ((await itemsAt(w.trx, siteId, id, 0, 1))[0]?.key ?? null) : await keyAfter(w.trx, siteId, id, before);
        if (after === moved.key) after = await keyAfter(w.trx, siteId, id, moved.key);
        return this.moveTo(w, schema, moved, keyBetween(before, after));
      }
      const from = fromIndex ?? (await positionOf(w.trx, siteId, id, moved.key));
      // Once something is named, an index past the end (the list lost items meanwhile) means the end.
      const anyNamed = named !== undefined || body.afterItemId !== undefined;
      const to = anyNamed
        ? Math.min(indexIn(body.toIndex, 'toIndex', Number.MAX_SAFE_INTEGER), last)
        : indexIn(body.toIndex, 'toIndex', last);
      if (from === to) return;
      let before: string | null;
      let after: string | null;
      if (from < to) {
        const around = await itemsAt(w.trx, siteId, id, to, 2);
        before = around[0]!.key;
        after = around[1]?.key ?? null;
      } else if (to === 0) {
        before = null;
        after = (await itemsAt(w.trx, siteId, id, 0, 1))[0]!.key;
      } else {
        const around = await itemsAt(w.trx, siteId, id, to - 1, 2);
        before = around[0]!.key;
        after = around[1]!.key;
      }
      await this.moveTo(w, schema, moved, keyBetween(before, after));
    });
  }

  /** One item to a new place in the hand order (its new key). */
  private async moveTo(w: WriteFrame, schema: Schema, moved: { item: Item; key: string }, key: string): Promise<void> {
    const revision = await w.item(schema.id, { kind: 'move', itemId: moved.item._id, key });
    w.after(() =>
      this.content.changed(w.siteId, schema.id, schema.revision, revision, [{ kind: 'put', item: moved.item, key, oldKey: moved.key }]),
    );
  }

  /** POST …/sort/items/{field}/{asc|desc}: the hand order becomes the field's order (every item gets a new key). */
  async sortItemsBy(actor: Actor, siteId: string, id: string, field: string, order: string) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      if (field !== '_id') fieldOr404(schema.fields, field);
      if (order !== 'asc' && order !== 'desc') throw invalid('order', messages.optionInvalid(['asc', 'desc']));
      const set = await w.items(schema);
      const list = [...sortedBy(set, schema.fields, field, order, w.languages[0]!, w.languages[0]!)];
      const keys = await rewriteItems(w.trx, siteId, id, list);
      const revision = await touchCollection(w.trx, siteId, id, w.now);
      w.after(() => this.content.rememberItems(siteId, id, itemSet(revision, list, keys)));
    });
  }

  /**
   * POST …/items/bulk: every row checked first; any invalid row answers 400 with the rows' errors
   * and writes nothing, unless `skipInvalid`. `upsertBy` names the field (or `_id`) that finds the
   * item a row updates. `dryRun` answers the counts without writing. One transaction.
   */
  async importItems(actor: Actor, siteId: string, id: string, body: Body) {
    const rows = body.items;
    if (!Array.isArray(rows)) throw invalid('items', messages.importItemsList);
    if (rows.length === 0) throw invalid('items', messages.importEmpty);
    if (rows.length > MAX_IMPORT_ROWS) throw invalid('items', messages.importTooMany(MAX_IMPORT_ROWS));
    const dryRun = body.dryRun === true;
    const skipInvalid = body.skipInvalid === true;
    for (const key of ['dryRun', 'skipInvalid'] as const)
      if (body[key] !== undefined && typeof body[key] !== 'boolean') throw invalid(key, messages.valueBoolean);
    const upsertBy = body.upsertBy === undefined || body.upsertBy === null || body.upsertBy === '' ? undefined : body.upsertBy;
    if (upsertBy !== undefined && typeof upsertBy !== 'string') throw invalid('upsertBy', messages.fieldNotFound);

    const run = async (db: Knex, site: string, schema: Schema, languages: string[]) => {
      if (upsertBy !== undefined && upsertBy !== '_id' && !schema.fields.some((f) => f.id === upsertBy))
        throw invalid('upsertBy', messages.fieldNotFound);
      const existing = await this.existing(db, site, schema, rows, upsertBy, languages[0]!);
      const plan = planImport(existing, schema.fields, rows, { upsertBy, skipInvalid }, languages);
      if (plan.invalidRows > 0 && !skipInvalid) {
        throw new AppError(400, 'IMPORT_INVALID', messages.importInvalid, {
          field: 'items',
          invalidRows: plan.invalidRows,
          rows: plan.errors,
        });
      }
      return plan;
    };
    const answer = (plan: Awaited<ReturnType<typeof run>>) => ({
      dryRun,
      created: plan.created.length,
      updated: plan.updated.length,
      unchanged: plan.unchanged,
      invalid: plan.invalidRows,
      errors: plan.errors,
    });

    if (dryRun) {
      // A dry run needs write permission too (it answers what a write would do) but takes no lock.
      await siteAccess(this.deps, actor, siteId, 'write');
      const { site, schema, languages } = await this.reader(actor, siteId);
      await checkLegal(this.deps, site.owner_id, [id]);
      return answer(await run(this.deps.db, site.id, schema(id), languages));
    }
    let counts: [number, number] | undefined;
    const result = await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const plan = await run(w.trx, siteId, schema, w.languages);
      counts = [schema.itemCount, schema.itemCount + plan.created.length];
      if (plan.created.length || plan.updated.length) {
        await updateItems(w.trx, siteId, id, plan.updated);
        // New items go last: keys after the last one, no other row touched.
        const keys = keysAfter((await lastItem(w.trx, siteId, id))?.key ?? null, plan.created.length);
        // A collection the import takes past the bound joins the search index first, so the new rows join as they are written.
        await indexWhenLarge(w.trx, siteId, schema, counts[1]);
        await insertItems(w.trx, siteId, id, plan.created, keys);
        const revision = await touchCollection(w.trx, siteId, id, w.now, {}, plan.created.length);
        const ops: ItemOp[] = [
          ...plan.updated.map((u): ItemOp => ({
            kind: 'put',
            item: u.item,
            key: u.key,
            oldKey: u.key,
            changed: changedFields(u.before, u.item),
          })),
          ...plan.created.map((item, k): ItemOp => ({ kind: 'put', item, key: keys[k]! })),
        ];
        w.after(() => this.content.changed(siteId, id, schema.revision, revision, ops));
      }
      return answer(plan);
    });
    // PostgreSQL plans by its statistics of the table, which a bulk import leaves stale (it then took
    // the order-key index for reads by id and scanned the whole collection): each time an import
    // takes a collection of 10,000 items or more past a power of two, they are taken again (a sample).
    const grew = counts && counts[1] >= 10_000 && Math.floor(Math.log2(Math.max(1, counts[0]))) !== Math.floor(Math.log2(counts[1]));
    if (grew && isPostgres(this.deps.db)) await this.deps.db.raw('ANALYZE cms_items');
    // The search index's pending entries, merged (best effort: what is left, vacuum merges).
    if (counts && counts[1] - counts[0] >= 1_000)
      await settleSearchIndex(this.deps.db).catch((error: unknown) => this.deps.log.warn({ err: error }, 'cms: search index not merged'));
    return result;
  }

  /** What an import reads of the stored items: the ids its rows name, and with `upsertBy` a field every item's value of it. */
  private async existing(
    db: Knex,
    siteId: string,
    schema: Schema,
    rows: readonly unknown[],
    upsertBy: string | undefined,
    language: string,
  ) {
    const existing: Existing = {
      maxId: await maxItemId(db, siteId, schema.id),
      last: (await lastItem(db, siteId, schema.id))?.item,
      byId: await itemsById(db, siteId, schema.id, idsNamed(rows)),
    };
    if (upsertBy !== undefined && upsertBy !== '_id') {
      const { list, keys } =
        schema.itemCount <= this.content.memoryItems
          ? await this.content.itemsOf(db, siteId, schema)
          : await allItems(db, siteId, schema.id);
      existing.byKey = keyIndex(
        list.map((item, i) => ({ item, key: keys[i]! })),
        upsertBy,
        language,
      );
    }
    return existing;
  }
}
