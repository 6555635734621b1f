import type { Schemas } from '@pagewright/sdk';
import { create } from 'zustand';
import { api } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import type { Outcome } from '../lib/store/request.ts';
import type { CmsCollection, Field, Item } from './values.ts';
import { contentWrites } from './writes.ts';

type Icon = Schemas['CollectionIcon'];

/**
 * The CMS screen's collections (spec 002 §2): the list of the sidebar with their fields and counts.
 * Items are not kept here: the table reads them a page at a time (useItemPages).
 */
interface CmsState {
  siteId: string;
  collections: CmsCollection[] | null;
  /** Bumped after any write to items, so the table reads its pages again. */
  revision: number;
  /** Rows shown with 'Saved' or 'Duplicated' for 2 s (spec 002 §2). */
  flashes: Map<number, 'Saved' | 'Duplicated'>;
  load(siteId: string): Promise<void>;
  refreshCollection(id: string): Promise<void>;
  createCollection(body: { name: string; icon?: Icon }, sample?: boolean): Promise<Outcome<CmsCollection>>;
  updateCollection(id: string, body: { name?: string; icon?: Icon }): Promise<Outcome<CmsCollection>>;
  deleteCollection(id: string): Promise<Outcome<unknown>>;
  saveField(collection: string, fieldId: string | null, body: Schemas['FieldInput']): Promise<Outcome<Field>>;
  deleteField(collection: string, fieldId: string): Promise<Outcome<unknown>>;
  saveItem(collection: string, itemId: number | null, body: Record<string, unknown>): Promise<Outcome<Item>>;
  deleteItem(collection: string, itemId: number): Promise<Outcome<unknown>>;
  duplicateItem(collection: string, itemId: number): Promise<Outcome<Item>>;
  /** `itemId`, `afterItemId`: the item moved and the one it goes after (null: first), when the rows are loaded. */
  moveItem(collection: string, fromIndex: number, toIndex: number, itemId?: number, afterItemId?: number | null): Promise<Outcome<unknown>>;
  /** Makes a field's order the items' order for good (the hand order pages repeat them in). */
  sortItemsBy(collection: string, field: string, order: 'asc' | 'desc'): Promise<Outcome<unknown>>;
  /** Moves a field in the collection's field order (the table's columns, the item panel's inputs). */
  moveField(collection: string, fromIndex: number, toIndex: number): Promise<Outcome<unknown>>;
  flash(itemId: number, text: 'Saved' | 'Duplicated'): void;
  changed(): void;
}

const FLASH_MS = 2000;

export const useCms = create<CmsState>((set, get) => {
  const site = () => get().siteId;
  const path = (collection: string) => ({ siteId: site(), collection });
  const writes = contentWrites(site);
  const replace = (next: CmsCollection) =>
    set((s) => ({ collections: s.collections?.map((c) => (c.id === next.id ? next : c)) ?? [next] }));

  return {
    siteId: '',
    collections: null,
    revision: 0,
    flashes: new Map(),

    async load(siteId) {
      if (get().siteId !== siteId) set({ siteId, collections: null });
      const { data } = await call(() => api.GET('/sites/{siteId}/content', { params: { path: { siteId }, query: { internal: 'false' } } }));
      if (data && get().siteId === siteId) set({ collections: data });
    },

    async refreshCollection(id) {
      const { data } = await call(() => api.GET('/sites/{siteId}/content/{collection}', { params: { path: path(id) } }));
      if (data) replace(data);
    },

    async createCollection(body, sample) {
      const outcome = await call(
        () =>
          api.POST('/sites/{siteId}/content', {
            params: { path: { siteId: site() }, query: sample ? { sample: 'true' } : {} },
            body,
          }),
        { toast: false },
      );
      if (outcome.data) {
        const created = outcome.data;
        set((s) => ({ collections: [...(s.collections ?? []), created] }));
      }
      return outcome;
    },

    async updateCollection(id, body) {
      const outcome = await call(() => api.PATCH('/sites/{siteId}/content/{collection}', { params: { path: path(id) }, body }), {
        toast: false,
      });
      if (outcome.data) replace(outcome.data);
      return outcome;
    },

    async deleteCollection(id) {
      const outcome = await call(() => api.DELETE('/sites/{siteId}/content/{collection}', { params: { path: path(id) } }), {
        toast: false,
      });
      if (!outcome.error) set((s) => ({ collections: s.collections?.filter((c) => c.id !== id) ?? null }));
      return outcome;
    },

    async saveField(collection, fieldId, body) {
      const outcome = await writes.saveField(collection, fieldId, body);
      if (outcome.data) {
        await get().refreshCollection(collection);
        get().changed();
      }
      return outcome;
    },

    async deleteField(collection, fieldId) {
      const outcome = await writes.deleteField(collection, fieldId);
      if (!outcome.error) {
        await get().refreshCollection(collection);
        get().changed();
      }
      return outcome;
    },

    async saveItem(collection, itemId, body) {
      const outcome = await writes.saveItem(collection, itemId, body);
      if (outcome.error) return outcome;
      if (itemId === null) await get().refreshCollection(collection);
      get().flash(outcome.data._id, 'Saved');
      get().changed();
      return outcome;
    },

    async deleteItem(collection, itemId) {
      const outcome = await writes.deleteItem(collection, itemId);
      if (!outcome.error) {
        await get().refreshCollection(collection);
        get().changed();
      }
      return outcome;
    },

    async duplicateItem(collection, itemId) {
      const outcome = await call(() =>
        api.POST('/sites/{siteId}/content/{collection}/items/{itemId}/duplicate', { params: { path: { ...path(collection), itemId } } }),
      );
      if (outcome.error) return outcome;
      await get().refreshCollection(collection);
      get().flash(outcome.data.itemId, 'Duplicated');
      get().changed();
      return { data: outcome.data.item };
    },

    async moveItem(collection, fromIndex, toIndex, itemId, afterItemId) {
      const named = itemId !== undefined ? { itemId, ...(afterItemId !== undefined ? { afterItemId } : {}) } : {};
      const outcome = await call(() =>
        api.POST('/sites/{siteId}/content/{collection}/sort/items', {
          params: { path: path(collection) },
          body: { fromIndex, toIndex, ...named },
        }),
      );
      get().changed();
      return outcome;
    },

    async sortItemsBy(collection, field, order) {
      const outcome = await call(() =>
        api.POST('/sites/{siteId}/content/{collection}/sort/items/{field}/{order}', {
          params: { path: { ...path(collection), field, order } },
        }),
      );
      get().changed();
      return outcome;
    },

    async moveField(collection, fromIndex, toIndex) {
      const before = get().collections?.find((c) => c.id === collection);
      // The columns move at once; the server's order replaces it, or the old one comes back on failure.
      let named = {};
      if (before) {
        const fields = [...before.fields];
        const [moved] = fields.splice(fromIndex, 1);
        if (moved) {
          fields.splice(toIndex, 0, moved);
          // Named by id too (docs/decisions/0097): a field a colleague added meanwhile is not the one moved.
          named = { fieldId: moved.id, afterFieldId: toIndex === 0 ? null : fields[toIndex - 1]!.id };
        }
        replace({ ...before, fields });
      }
      const outcome = await call(() =>
        api.POST('/sites/{siteId}/content/{collection}/sort/fields', {
          params: { path: path(collection) },
          body: { fromIndex, toIndex, ...named },
        }),
      );
      const latest = get().collections?.find((c) => c.id === collection);
      if (latest && before) replace({ ...latest, fields: outcome.data?.fields ?? before.fields });
      return outcome;
    },

    flash(itemId, text) {
      set((s) => ({ flashes: new Map(s.flashes).set(itemId, text) }));
      setTimeout(() => {
        set((s) => {
          if (s.flashes.get(itemId) !== text) return {};
          const next = new Map(s.flashes);
          next.delete(itemId);
          return { flashes: next };
        });
      }, FLASH_MS);
    },

    changed() {
      set((s) => ({ revision: s.revision + 1 }));
    },
  };
});
