import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../api.ts';
import type { Outcome } from '../../stores/request.ts';
import { call } from './call.ts';
import type { SettingsStore } from './index.ts';

export type CmsCollection = Schemas['CmsCollection'];
export type Item = Schemas['Item'];
export type Field = Schemas['Field'];
export type FieldInput = Schemas['FieldInput'];

/** Spec 002 "Legal collections: thirdparty and subprocessors". */
export const LEGAL_COLLECTIONS = ['_thirdparty', '_subprocessors'] as const;
/** Spec 002 §3 "Legal variables". */
export const LEGAL_VARIABLES = [
  'register_name',
  'company_name',
  'company_business_id',
  'company_address',
  'dpo_name',
  'dpo_email',
  'accessibility_name',
  'accessibility_email',
] as const;
const ITEMS_PAGE = 100;

export interface LegalSlice {
  /** The legal collections that exist, and their items by collection id. */
  legal: { collections: CmsCollection[]; items: Map<string, Item[]> } | null;
  loadLegal(): Promise<void>;
  createLegalCollection(id: string): Promise<boolean>;
  /** Creates (itemId null) or changes an item; refusals are answered for the panel to show. */
  saveLegalItem(collection: string, itemId: number | null, values: Map<string, unknown>): Promise<Outcome<Item>>;
  deleteLegalItem(collection: string, itemId: number): Promise<void>;
  saveLegalField(collection: string, fieldId: string | null, body: FieldInput): Promise<Outcome<Field>>;
  setGlobalVariable(variable: string, value: string | null): Promise<Outcome<unknown>>;
}

export const createLegalSlice: StateCreator<SettingsStore, [], [], LegalSlice> = (set, get) => {
  const siteId = () => get().siteId ?? '';
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

    async saveLegalItem(collection, itemId, values) {
      const body = Object.fromEntries(values);
      const path = { siteId: siteId(), collection };
      if (itemId === null) {
        const outcome = await call(() => api.POST('/sites/{siteId}/content/{collection}/items', { params: { path }, body }), {
          toast: false,
        });
        if (outcome.error) return outcome;
        const item = outcome.data.item;
        setItems(collection, (items) => [...items, item]);
        return { data: item };
      }
      const outcome = await call(
        () => api.PATCH('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path: { ...path, itemId } }, body }),
        {
          toast: false,
        },
      );
      if (outcome.data) {
        const item = outcome.data;
        setItems(collection, (items) => items.map((i) => (i._id === itemId ? item : i)));
      }
      return outcome;
    },

    async deleteLegalItem(collection, itemId) {
      const { error } = await call(() =>
        api.DELETE('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path: { siteId: siteId(), collection, itemId } } }),
      );
      if (!error) setItems(collection, (items) => items.filter((i) => i._id !== itemId));
    },

    async saveLegalField(collection, fieldId, body) {
      const path = { siteId: siteId(), collection };
      const outcome =
        fieldId === null
          ? await call(() => api.POST('/sites/{siteId}/content/{collection}/fields', { params: { path }, body }), { toast: false })
          : await call(
              () =>
                api.PATCH('/sites/{siteId}/content/{collection}/fields/{field}', { params: { path: { ...path, field: fieldId } }, body }),
              {
                toast: false,
              },
            );
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
