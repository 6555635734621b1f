import type { Knex } from 'knex';
import { AppError, conflict, invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { siteAccess, type SiteRow } from '../core/access.js';
import type { Actor, Deps } from '../core/deps.js';
import type { SiteDocuments } from '../editor/site-documents.js';
import { index as indexIn } from '../core/validation.js';
import { parseSiteDoc, uniqueId, type Collection, type Field, type Item, type SiteDoc } from '../model/document.js';
import { Draft, same } from '../model/paths.js';
import type { SectionLibrary } from '../model/section-library.js';
import { historyOf, touchSite, writeSite, type EditorSiteRow } from '../sites/store.js';
import { MAX_IMPORT_ROWS, planImport } from './bulk.js';
import { checkLegal } from './legal.js';
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
import { listItems, parseListQuery, sortedBy } from './query.js';
import {
  carryMemo,
  insertItems,
  insertCollection,
  itemSet,
  rewriteItems,
  schemasWith,
  touchCollection,
  updateItems,
  type ContentStore,
  type ItemSet,
  type Schema,
} from './store.js';
import { applyValues, checkValues, missingRequired, normalizeValue, startingValues } from './values.js';

type Body = Record<string, unknown>;

/** What a write may use: its transaction, the site's collections as the transaction sees them, and the site's languages. */
interface WriteFrame {
  trx: Knex;
  row: EditorSiteRow;
  /** The site's document as read (null when broken); its `collections` are not current. */
  doc: SiteDoc | null;
  siteId: string;
  now: number;
  languages: string[];
  schemas: Schema[];
  schema(id: string): Schema;
  items(schema: Schema): Promise<ItemSet>;
  /**
   * After the commit, the writer's process keeps the new items in memory; `carry` says the items kept
   * their places and only these fields changed, so queries on the other fields need no new work.
   */
  keep(collectionId: string, revision: string, items: Item[], carry?: { from: ItemSet; changed: ReadonlySet<string> }): void;
}

/** The site's document, or null when it cannot be read (the CMS still works on a broken site). */
function docOf(row: SiteRow): SiteDoc | null {
  try {
    return parseSiteDoc(row.data);
  } catch {
    return null;
  }
}

const languagesOf = (doc: SiteDoc | null): string[] => (doc?.settings.languages?.length ? doc.settings.languages : ['en']);

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
  constructor(
    private readonly deps: Deps,
    private readonly documents: SiteDocuments,
    private readonly content: ContentStore,
    private readonly library: SectionLibrary,
  ) {}

  // ----------------------------------------------------------------------------------------------
  // Frames

  private async reader(actor: Actor, siteId: string) {
    const { site } = await siteAccess(this.deps, actor, siteId);
    const doc = docOf(site);
    const schemas = await schemasWith(this.deps.db, site.id, doc?.collections ?? []);
    const schema = (id: string) => {
      const found = schemas.find((s) => s.id === id);
      if (!found) throw collectionNotFound();
      return found;
    };
    return { site, schemas, schema, languages: languagesOf(doc) };
  }

  /**
   * The frame of every write. `collections` names the collections the write touches (a rename's new id
   * too): a legal one needs the owner's plan to have `legal` (402, checked after the access check and
   * before anything is written).
   */
  private async write<T>(actor: Actor, siteId: string, collections: readonly unknown[], fn: (w: WriteFrame) => Promise<T>): Promise<T> {
    const kept: { id: string; revision: string; items: Item[]; carry?: { from: ItemSet; changed: ReadonlySet<string> } }[] = [];
    const result = await this.documents.transact(actor, siteId, async (original, trx) => {
      kept.length = 0;
      await checkLegal(this.deps, original.owner_id, collections, trx);
      const now = this.deps.now();
      const doc = docOf(original);
      const row = await this.moveInline(trx, original, doc, now);
      const schemas = await schemasWith(trx, siteId, []);
      const frame: WriteFrame = {
        trx,
        row,
        doc,
        siteId,
        now,
        languages: languagesOf(doc),
        schemas,
        schema(id) {
          const found = schemas.find((s) => s.id === id);
          if (!found) throw collectionNotFound();
          return found;
        },
        items: (schema) => this.content.itemsOf(trx, siteId, schema),
        keep: (id, revision, items, carry) => kept.push({ id, revision, items, carry }),
      };
      const answer = await fn(frame);
      // The site list orders by the last change; content is a change too (the document's revision is not).
      await touchSite(trx, siteId, now);
      return answer;
    });
    for (const k of kept) {
      const set = itemSet(k.revision, k.items);
      if (k.carry) carryMemo(k.carry.from, set, k.carry.changed);
      this.content.rememberItems(siteId, k.id, set);
    }
    return result;
  }

  /** Moves collections still inline in the document (older sites, templates) to the tables. */
  private async moveInline(trx: Knex, row: EditorSiteRow, doc: SiteDoc | null, now: number): Promise<EditorSiteRow> {
    if (!doc?.collections?.length) return row;
    return writeSite(trx, row, { doc }, now);
  }

  // ----------------------------------------------------------------------------------------------
  // Collections

  /** GET /content: the collections in order; `internal=false` leaves out the `_` ones (pickers). */
  async list(actor: Actor, siteId: string, internal: unknown) {
    const { site, schemas } = await this.reader(actor, siteId);
    const shown = internal === 'false' ? schemas.filter((s) => !isInternal(s.id)) : schemas;
    return Promise.all(shown.map(async (s) => summaryOf(s, (await this.content.itemsOf(this.deps.db, site.id, s)).list.length)));
  }

  async get(actor: Actor, siteId: string, id: string) {
    const { site, schema } = await this.reader(actor, siteId);
    const s = schema(id);
    return summaryOf(s, (await this.content.itemsOf(this.deps.db, site.id, s)).list.length);
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
      const revision = await insertCollection(w.trx, siteId, collection, w.now);
      w.keep(id, revision, collection.items);
      return summaryOf(collection, collection.items.length);
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
      const items = await w.items(schema);
      if (newId !== id) {
        await w.trx('cms_items').where({ site_id: siteId, collection_id: id }).update({ collection_id: newId });
        await this.renameInDocument(w, (draft) => renameReferences(draft, id, newId));
      }
      w.keep(newId, revision, [...items.list]);
      return summaryOf({ ...schema, id: newId, name, icon }, items.list.length);
    });
  }

  /**
   * The pages and components that name a renamed collection follow it. The rename itself is not an
   * undo step (collections are outside the history), so neither are these edits: undoing them would
   * point the pages at an id that no longer exists. They count as unsaved changes.
   */
  private async renameInDocument(w: WriteFrame, rename: (draft: Draft<SiteDoc>) => number) {
    if (!w.doc) return;
    const doc: SiteDoc = { ...w.doc, collections: [] };
    const draft = new Draft(doc);
    if (rename(draft) === 0) return;
    const history = historyOf(w.row);
    await writeSite(w.trx, w.row, { doc, history: { ...history, unsaved: history.unsaved + 1 } }, w.now);
  }

  /** DELETE /content/{collection}: only an empty collection (spec 002 §4). */
  async remove(actor: Actor, siteId: string, id: string) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const items = await w.items(schema);
      if (items.list.length > 0) throw conflict(messages.collectionNotEmpty, 'COLLECTION_NOT_EMPTY', { count: items.list.length });
      await w.trx('cms_collections').where({ site_id: siteId, id }).delete();
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
      w.keep(id, revision, [...(await w.items(schema)).list]);
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
      const changed: { item: Item; position: number }[] = [];
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
        changed.push({ item: copy, position });
        return copy;
      });
      await updateItems(w.trx, siteId, id, changed);
      const revision = await touchCollection(w.trx, siteId, id, w.now, { fields });
      w.keep(id, revision, next);
      return field;
    });
  }

  /** DELETE …/fields/{field}: the field and its values in every item. */
  async deleteField(actor: Actor, siteId: string, id: string, fieldId: string) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      fieldOr404(schema.fields, fieldId);
      const set = await w.items(schema);
      const changed: { item: Item; position: number }[] = [];
      const next = set.list.map((item, position) => {
        if (!(fieldId in item)) return item;
        const copy: Item = { ...item };
        delete copy[fieldId];
        changed.push({ item: copy, position });
        return copy;
      });
      await updateItems(w.trx, siteId, id, changed);
      const fields = followInVcards(
        schema.fields.filter((f) => f.id !== fieldId),
        fieldId,
        undefined,
      );
      const revision = await touchCollection(w.trx, siteId, id, w.now, { fields });
      w.keep(id, revision, next);
    });
  }

  /** POST …/sort/fields: `fromIndex`, `toIndex`. */
  async sortFields(actor: Actor, siteId: string, id: string, body: Body) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const fields = [...schema.fields];
      const from = indexIn(body.fromIndex, 'fromIndex', fields.length - 1);
      const to = indexIn(body.toIndex, 'toIndex', fields.length - 1);
      const [moved] = fields.splice(from, 1);
      fields.splice(to, 0, moved!);
      const revision = await touchCollection(w.trx, siteId, id, w.now, { fields });
      w.keep(id, revision, [...(await w.items(schema)).list]);
      return { fields };
    });
  }

  // ----------------------------------------------------------------------------------------------
  // Items

  /** GET …/items: a page (at most 100) sorted, filtered and searched; `total` counts every match. */
  async items(actor: Actor, siteId: string, id: string, query: Record<string, unknown>) {
    const { site, schema, languages } = await this.reader(actor, siteId);
    const s = schema(id);
    const q = parseListQuery(query, s.fields, languages);
    const set = await this.content.itemsOf(this.deps.db, site.id, s);
    const { items, total } = listItems(set, s.fields, q, languages[0]!);
    return { items, total, offset: q.offset, limit: q.limit };
  }

  async item(actor: Actor, siteId: string, id: string, itemId: number) {
    const { site, schema } = await this.reader(actor, siteId);
    const item = (await this.content.itemsOf(this.deps.db, site.id, schema(id))).byId.get(itemId);
    if (!item) throw notFound(messages.itemNotFound);
    return item;
  }

  /** POST …/items: field values, `_id` (else the highest id + 1) and `_index` (else last). */
  async createItem(actor: Actor, siteId: string, id: string, body: Body) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const set = await w.items(schema);
      let itemId = set.maxId + 1;
      if (body._id !== undefined) {
        if (typeof body._id !== 'number' || !Number.isSafeInteger(body._id) || body._id < 1) throw invalid('_id', messages.itemIdInvalid);
        if (set.byId.has(body._id)) throw conflict(messages.itemIdTaken, 'ITEM_EXISTS', { field: '_id' });
        itemId = body._id;
      }
      const at = body._index === undefined ? set.list.length : indexIn(body._index, '_index', set.list.length);
      const { values, errors } = checkValues(schema.fields, body, w.languages);
      const error = firstError(errors);
      if (error) throw error;
      const item = applyValues({ _id: itemId, ...startingValues(schema.fields, set.list[set.list.length - 1]) }, values);
      const missing = firstError(missingRequired(schema.fields, item));
      if (missing) throw missing;
      await this.insertAt(w, schema, set, item, at);
      return { itemId, item };
    });
  }

  private async insertAt(w: WriteFrame, schema: Schema, set: ItemSet, item: Item, at: number) {
    if (at < set.list.length) {
      await w
        .trx('cms_items')
        .where({ site_id: w.siteId, collection_id: schema.id })
        .andWhere('position', '>=', at)
        .increment('position', 1);
    }
    await insertItems(w.trx, w.siteId, schema.id, [item], at);
    const next = [...set.list];
    next.splice(at, 0, item);
    w.keep(schema.id, await touchCollection(w.trx, w.siteId, schema.id, w.now), next);
  }

  /** PATCH …/items/{itemId}: the values given (null removes one); the published toggle is one of them. */
  async updateItem(actor: Actor, siteId: string, id: string, itemId: number, body: Body) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const set = await w.items(schema);
      const item = set.byId.get(itemId);
      if (!item) throw notFound(messages.itemNotFound);
      if (body._id !== undefined && body._id !== itemId) throw invalid('_id', messages.itemIdInvalid);
      const { values, errors } = checkValues(schema.fields, body, w.languages);
      const error = firstError(errors);
      if (error) throw error;
      const next = applyValues(item, values);
      const missing = firstError(missingRequired(schema.fields, next));
      if (missing) throw missing;
      if (same(next, item)) return item;
      const position = set.list.indexOf(item);
      await updateItems(w.trx, siteId, id, [{ item: next, position }]);
      const list = [...set.list];
      list[position] = next;
      w.keep(id, await touchCollection(w.trx, siteId, id, w.now), list, { from: set, changed: new Set(Object.keys(values)) });
      return next;
    });
  }

  async deleteItem(actor: Actor, siteId: string, id: string, itemId: number) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const set = await w.items(schema);
      const item = set.byId.get(itemId);
      if (!item) throw notFound(messages.itemNotFound);
      const position = set.list.indexOf(item);
      await w.trx('cms_items').where({ site_id: siteId, collection_id: id, item_id: itemId }).delete();
      await w.trx('cms_items').where({ site_id: siteId, collection_id: id }).andWhere('position', '>', position).decrement('position', 1);
      w.keep(
        id,
        await touchCollection(w.trx, siteId, id, w.now),
        set.list.filter((i) => i !== item),
      );
    });
  }

  /** POST …/items/{itemId}/duplicate: a copy with the next id, right after the original; slugs get a free suffix. */
  async duplicateItem(actor: Actor, siteId: string, id: string, itemId: number) {
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const set = await w.items(schema);
      const original = set.byId.get(itemId);
      if (!original) throw notFound(messages.itemNotFound);
      const copy: Item = { ...structuredClone(original), _id: set.maxId + 1 };
      for (const f of schema.fields) {
        const slug = copy[f.id];
        if (f.type === 'slug' && typeof slug === 'string' && slug) copy[f.id] = uniqueId(slug, (s) => set.list.some((i) => i[f.id] === s));
      }
      await this.insertAt(w, schema, set, copy, set.list.indexOf(original) + 1);
      return { itemId: copy._id, item: copy };
    });
  }

  /** POST …/sort/items: moves one item by hand. */
  async sortItems(actor: Actor, siteId: string, id: string, body: Body) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const set = await w.items(schema);
      const from = indexIn(body.fromIndex, 'fromIndex', set.list.length - 1);
      const to = indexIn(body.toIndex, 'toIndex', set.list.length - 1);
      if (from === to) return;
      const moved = set.list[from]!;
      const q = () => w.trx('cms_items').where({ site_id: siteId, collection_id: id });
      if (from < to) await q().andWhere('position', '>', from).andWhere('position', '<=', to).decrement('position', 1);
      else await q().andWhere('position', '>=', to).andWhere('position', '<', from).increment('position', 1);
      await q().andWhere({ item_id: moved._id }).update({ position: to });
      const list = [...set.list];
      list.splice(from, 1);
      list.splice(to, 0, moved);
      w.keep(id, await touchCollection(w.trx, siteId, id, w.now), list);
    });
  }

  /** POST …/sort/items/{field}/{asc|desc}: the hand order becomes the field's order. */
  async sortItemsBy(actor: Actor, siteId: string, id: string, field: string, order: string) {
    await this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      if (field !== '_id') fieldOr404(schema.fields, field);
      if (order !== 'asc' && order !== 'desc') throw invalid('order', messages.optionInvalid(['asc', 'desc']));
      const set = await w.items(schema);
      const list = [...sortedBy(set, schema.fields, field, order, w.languages[0]!, w.languages[0]!)];
      await rewriteItems(w.trx, siteId, id, list);
      w.keep(id, await touchCollection(w.trx, siteId, id, w.now), list);
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

    const run = async (schema: Schema, set: ItemSet, languages: string[]) => {
      if (upsertBy !== undefined && upsertBy !== '_id' && !schema.fields.some((f) => f.id === upsertBy))
        throw invalid('upsertBy', messages.fieldNotFound);
      const plan = planImport(set, schema.fields, rows, { upsertBy, skipInvalid }, languages);
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
      const s = schema(id);
      return answer(await run(s, await this.content.itemsOf(this.deps.db, site.id, s), languages));
    }
    return this.write(actor, siteId, [id], async (w) => {
      const schema = w.schema(id);
      const set = await w.items(schema);
      const plan = await run(schema, set, w.languages);
      if (plan.created.length || plan.updated.length) {
        await updateItems(w.trx, siteId, id, plan.updated);
        await insertItems(w.trx, siteId, id, plan.created, set.list.length);
        const list = [...set.list];
        for (const u of plan.updated) list[u.position] = u.item;
        list.push(...plan.created);
        w.keep(id, await touchCollection(w.trx, siteId, id, w.now), list);
      }
      return answer(plan);
    });
  }
}
