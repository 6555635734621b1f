import type { Schemas } from '@pagewright/sdk';
import { api } from '../lib/api.ts';
import { call } from '../lib/call.ts';
import type { Outcome } from '../lib/store/request.ts';
import type { Field, Item } from './values.ts';

/**
 * The writes to one site's collections that the item and field panels make: the CMS screen's store and
 * the legal settings (whose collections are CMS collections) both send them through here and keep their
 * own lists up to date. Refusals are answered, not toasted, for the panel to show at its field.
 */
export function contentWrites(siteId: () => string) {
  const path = (collection: string) => ({ siteId: siteId(), collection });
  return {
    saveField(collection: string, fieldId: string | null, body: Schemas['FieldInput']): Promise<Outcome<Field>> {
      return fieldId === null
        ? call(() => api.POST('/sites/{siteId}/content/{collection}/fields', { params: { path: path(collection) }, body }), {
            toast: false,
          })
        : call(
            () =>
              api.PATCH('/sites/{siteId}/content/{collection}/fields/{field}', {
                params: { path: { ...path(collection), field: fieldId } },
                body,
              }),
            { toast: false },
          );
    },

    deleteField(collection: string, fieldId: string): Promise<Outcome<unknown>> {
      return call(() =>
        api.DELETE('/sites/{siteId}/content/{collection}/fields/{field}', { params: { path: { ...path(collection), field: fieldId } } }),
      );
    },

    /** Creates (itemId null) or changes an item; answers the item as it is now stored. */
    async saveItem(collection: string, itemId: number | null, body: Record<string, unknown>): Promise<Outcome<Item>> {
      if (itemId === null) {
        const outcome = await call(
          () => api.POST('/sites/{siteId}/content/{collection}/items', { params: { path: path(collection) }, body }),
          { toast: false },
        );
        return outcome.error ? outcome : { data: outcome.data.item };
      }
      return call(
        () =>
          api.PATCH('/sites/{siteId}/content/{collection}/items/{itemId}', {
            params: { path: { ...path(collection), itemId } },
            body,
          }),
        { toast: false },
      );
    },

    deleteItem(collection: string, itemId: number): Promise<Outcome<unknown>> {
      return call(() =>
        api.DELETE('/sites/{siteId}/content/{collection}/items/{itemId}', { params: { path: { ...path(collection), itemId } } }),
      );
    },
  };
}

/** What the item and field panels do with what the user saves (`contentWrites` plus the owner's bookkeeping). */
export interface PanelWrites {
  saveItem(collection: string, itemId: number | null, body: Record<string, unknown>): Promise<Outcome<Item>>;
  deleteItem(collection: string, itemId: number): Promise<Outcome<unknown>>;
  /** Offered only where given. */
  duplicateItem?(collection: string, itemId: number): Promise<Outcome<Item>>;
  saveField(collection: string, fieldId: string | null, body: Schemas['FieldInput']): Promise<Outcome<Field>>;
  /** Offered only where given. */
  deleteField?(collection: string, fieldId: string): Promise<Outcome<unknown>>;
}
