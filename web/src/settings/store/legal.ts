import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import type { Outcome } from '../../lib/store/request.ts';
import { call } from '../../lib/call.ts';
import { contentWrites } from '../../cms/public.ts';
import type { SettingsStore } from './index.ts';

export { LEGAL_VARIABLES } from '../../lib/globals.ts';

export type CmsCollection = Schemas['CmsCollection'];
export type Item = Schemas['Item'];
export type Field = Schemas['Field'];
export type FieldInput = Schemas['FieldInput'];

/** Spec 002 "Legal collections: thirdparty and subprocessors". */
export const LEGAL_COLLECTIONS = ['_thirdparty', '_subprocessors'] as const;
const ITEMS_PAGE = 100;

export interface LegalSlice {
  /** The legal collections that exist, and their items by collection id. */
  legal: { collections: CmsCollection[]; items: Map<string, Item[]> } | null;
  loadLegal(): Promise<void>;
  createLegalCollection(id: string): Promise<boolean>;
  /** Creates (itemId null) or changes an item; refusals are answered for the panel to show. */
  saveLegalItem(collection: string, itemId: number | null, body: Record<string, unknown>): Promise<Outcome<Item>>;
  deleteLegalItem(collection: string, itemId: number): Promise<Outcome<unknown>>;
  saveLegalField(collection: string, fieldId: string | null, body: FieldInput): Promise<Outcome<Field>>;
  setGlobalVariable(variable: string, value: string | null): Promise<Outcome<unknown>>;
}

export const createLegalSlice: StateCreator<SettingsStore, [], [], LegalSlice> = (set, get) => {
  const siteId = () => get().siteId ?? '';
  const writes = contentWrites(siteId);
  const setItems = (collection: string, fn: (items: Item[]) => Item[]) =>
    set((s) => {
      if (!s.legal) return {};
      const items = new Map(s.legal.items);
      items.set(collection, fn(items.get(collection) ?? []));
      const count = items.get(collection)?.length ?? 0;
      return { legal: { items, collections: s.legal.collections.map((c) => (c.id === collection ? { ...c, count } : c)) } };
    });
  const readItems = async (collection: string): Promise<Item[]> => {
    const all: Item[] = [];
    for (let offset = 0; ; offset += ITEMS_PAGE) {
      const { data } = await call(() =>
        api.GET('/sites/{siteId}/content/{collection}/items', {
          params: { path: { siteId: siteId(), collection }, query: { offset, limit: ITEMS_PAGE } },
        }),
      );
      if (!data) return all;
      all.push(...data.items);
      if (all.length >= data.total || data.items.length === 0) return all;
    }
  };

  return {
    legal: null,

    async loadLegal() {
      const { data } = await call(() =>
        api.GET('/sites/{siteId}/content', { params: { path: { siteId: siteId() }, query: { internal: 'true' } } }),
      );
      if (!data) return;
      const collections = LEGAL_COLLECTIONS.map((id) => data.find((c) => c.id === id)).filter((c): c is CmsCollection => Boolean(c));
      const items = new Map<string, Item[]>();
      await Promise.all(collections.map(async (c) => items.set(c.id, await readItems(c.id))));
      set({ legal: { collections, items } });
    },

    async createLegalCollection(id) {
      const { data } = await call(() => api.POST('/sites/{siteId}/content', { params: { path: { siteId: siteId() } }, body: { id } }));
      if (!data) return false;
      set((s) => {
        const items = new Map(s.legal?.items);
        items.set(id, []);
        const collections = [...(s.legal?.collections ?? []), data];
        return { legal: { items, collections: LEGAL_COLLECTIONS.flatMap((cid) => collections.filter((c) => c.id === cid)) } };
      });
      return true;
    },

    async saveLegalItem(collection, itemId, body) {
      const outcome = await writes.saveItem(collection, itemId, body);
      if (outcome.data) {
        const item = outcome.data;
        setItems(collection, (items) => (itemId === null ? [...items, item] : items.map((i) => (i._id === itemId ? item : i))));
      }
      return outcome;
    },

    async deleteLegalItem(collection, itemId) {
      const outcome = await writes.deleteItem(collection, itemId);
      if (!outcome.error) setItems(collection, (items) => items.filter((i) => i._id !== itemId));
      return outcome;
    },

    async saveLegalField(collection, fieldId, body) {
      const outcome = await writes.saveField(collection, fieldId, body);
      if (outcome.data) {
        const field = outcome.data;
        set((s) => ({
          legal: s.legal && {
            ...s.legal,
            collections: s.legal.collections.map((c) =>
              c.id !== collection
                ? c
                : { ...c, fields: fieldId === null ? [...c.fields, field] : c.fields.map((f) => (f.id === fieldId ? field : f)) },
            ),
          },
        }));
        // A renamed field moves its values in every item: read them again.
        if (fieldId !== null && field.id !== fieldId) {
          const items = await readItems(collection);
          setItems(collection, () => items);
        }
      }
      return outcome;
    },

    async setGlobalVariable(variable, value) {
      const outcome = await call(
        () => api.POST('/sites/{siteId}/global', { params: { path: { siteId: siteId() } }, body: { variable, value } }),
        { toast: false },
      );
      if (outcome.data) get().setGlobals(outcome.data.globals);
      return outcome;
    },
  };
};
