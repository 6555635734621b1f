import type { PagewrightClient, Schemas } from '@pagewright/sdk';

/** Shorthands for the CMS suites: one site's collections, fields and items through the SDK. */
export function cmsOf(api: PagewrightClient, siteId: string) {
  const c = (collection: string) => ({ path: { siteId, collection } });
  return {
    list: (internal?: 'true' | 'false') =>
      api.GET('/sites/{siteId}/content', { params: { path: { siteId }, query: internal ? { internal } : {} } }),
    create: (body: { id?: string; name?: string; icon?: Schemas['CollectionIcon'] }, sample?: string) =>
      api.POST('/sites/{siteId}/content', { params: { path: { siteId }, query: sample === undefined ? {} : { sample } }, body }),
    get: (collection: string) => api.GET('/sites/{siteId}/content/{collection}', { params: c(collection) }),
    update: (collection: string, body: { id?: string; name?: string; icon?: Schemas['CollectionIcon'] }) =>
      api.PATCH('/sites/{siteId}/content/{collection}', { params: c(collection), body }),
    remove: (collection: string) => api.DELETE('/sites/{siteId}/content/{collection}', { params: c(collection) }),
    addField: (collection: string, body: Schemas['FieldInput']) =>
      api.POST('/sites/{siteId}/content/{collection}/fields', { params: c(collection), body }),
    editField: (collection: string, field: string, body: Schemas['FieldInput']) =>
      api.PATCH('/sites/{siteId}/content/{collection}/fields/{field}', { params: { path: { siteId, collection, field } }, body }),
    deleteField: (collection: string, field: string) =>
      api.DELETE('/sites/{siteId}/content/{collection}/fields/{field}', { params: { path: { siteId, collection, field } } }),
    sortFields: (collection: string, fromIndex: number, toIndex: number, named: { fieldId?: string; afterFieldId?: string | null } = {}) =>
      api.POST('/sites/{siteId}/content/{collection}/sort/fields', { params: c(collection), body: { fromIndex, toIndex, ...named } }),
    items: (
      collection: string,
      query: {
        sort?: string;
        order?: 'asc' | 'desc';
        filter?: string[];
        search?: string;
        offset?: number;
        limit?: number;
        language?: string;
      } = {},
    ) => api.GET('/sites/{siteId}/content/{collection}/items', { params: { ...c(collection), query } }),
    item: (collection: string, itemId: number) =>
      api.GET('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path: { siteId, collection, itemId } } }),
    addItem: (collection: string, body: Schemas['ItemInput']) =>
      api.POST('/sites/{siteId}/content/{collection}/items', { params: c(collection), body }),
    editItem: (collection: string, itemId: number, body: Schemas['ItemInput']) =>
      api.PATCH('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path: { siteId, collection, itemId } }, body }),
    deleteItem: (collection: string, itemId: number) =>
      api.DELETE('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path: { siteId, collection, itemId } } }),
    duplicate: (collection: string, itemId: number) =>
      api.POST('/sites/{siteId}/content/{collection}/items/{itemId}/duplicate', { params: { path: { siteId, collection, itemId } } }),
    sortItems: (collection: string, fromIndex: number, toIndex: number, named: { itemId?: number; afterItemId?: number | null } = {}) =>
      api.POST('/sites/{siteId}/content/{collection}/sort/items', { params: c(collection), body: { fromIndex, toIndex, ...named } }),
    sortItemsBy: (collection: string, field: string, order: 'asc' | 'desc') =>
      api.POST('/sites/{siteId}/content/{collection}/sort/items/{field}/{order}', {
        params: { path: { siteId, collection, field, order } },
      }),
    import: (collection: string, body: { items: Schemas['ItemInput'][]; upsertBy?: string; dryRun?: boolean; skipInvalid?: boolean }) =>
      api.POST('/sites/{siteId}/content/{collection}/import', { params: c(collection), body }),
    /** Every item in hand order, page by page. */
    async all(collection: string) {
      const out: Schemas['Item'][] = [];
      for (let offset = 0; ; offset += 100) {
        const { data } = await api.GET('/sites/{siteId}/content/{collection}/items', { params: { ...c(collection), query: { offset } } });
        out.push(...data!.items);
        if (out.length >= data!.total) return out;
      }
    },
  };
}
