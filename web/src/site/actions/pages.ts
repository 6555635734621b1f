import type { ApiError } from '@pagewright/sdk';
import { FIXED_PAGES, FOOTER, HEADER, pagePath } from '../store/document.ts';
import { defineAction } from './registry.ts';

/** Switches the canvas and the tree to another page. */
export const switchPage = defineAction<{ pageId: string }>({
  name: 'switchPage',
  label: 'Open page',
  recordsHistory: false,
  perform: ({ store }, { pageId }) => store.getState().setPage(pageId),
});

export interface NewPage {
  name?: string;
  duplicate?: string;
  sample?: string;
  content?: string;
  /** Shows a refusal where the page was asked for (the Add pages wizard) instead of in the banner. */
  onError?(error: ApiError): void;
}

/** Adds a blank page, a copy of a page, a sample page or a collection page, and opens it. */
export const addPage = defineAction<NewPage>({
  name: 'addPage',
  label: 'Add page',
  recordsHistory: true,
  async perform({ store, api }, { onError, ...body }) {
    const s = store.getState();
    let refusal: ApiError | undefined;
    const data = await s.edit(
      async (preview, via) => {
        const answer = await api.POST('/sites/{siteId}/pages', {
          ...via,
          params: { path: { siteId: s.siteId }, query: { preview } },
          body,
        });
        refusal = answer.error;
        return answer;
      },
      { structure: true, toast: !onError },
    );
    if (!data) {
      onError?.(refusal ?? { error: 'Network error', status: 0, code: 'NETWORK_ERROR' });
      return;
    }
    const next = store.getState();
    next.closePopup();
    next.setPage(data.page.id);
    next.highlight(data.page.id);
  },
});

export const duplicatePage = defineAction<{ pageId: string }>({
  name: 'duplicatePage',
  label: 'Duplicate page',
  recordsHistory: true,
  perform: (ctx, { pageId }) => addPage.perform(ctx, { duplicate: pageId }),
});

/** Renames a page: its address follows, and the page stays open under its new id (spec 001 §4). */
export const renamePage = defineAction<{ pageId: string; name: string }>({
  name: 'renamePage',
  label: 'Rename page',
  recordsHistory: true,
  async perform({ store, api }, { pageId, name }) {
    const s = store.getState();
    s.setRenaming(null);
    const trimmed = name.trim();
    if (!trimmed || FIXED_PAGES.has(pageId)) return;
    const data = await s.edit(
      (preview, via) =>
        api.PATCH('/sites/{siteId}/pages/{pageId}', {
          ...via,
          params: { path: { siteId: s.siteId, pageId: pagePath(pageId) }, query: { preview } },
          body: { id: trimmed, name: trimmed },
        }),
      { structure: true },
    );
    if (!data || data.page.id === pageId) return;
    const next = store.getState();
    if (next.pageId === pageId) {
      store.setState((x) => ({ pageId: data.page.id, expanded: new Set([...x.expanded, data.page.id]) }));
      void store.getState().refreshPreview();
    }
  },
});

/** Publishes or unpublishes a page (not home). */
export const togglePagePublished = defineAction<{ pageId: string }>({
  name: 'togglePagePublished',
  label: 'Unpublish',
  recordsHistory: true,
  async perform({ store, api }, { pageId }) {
    const s = store.getState();
    const page = s.pages.find((p) => p.id === pageId);
    if (!page || FIXED_PAGES.has(pageId)) return;
    await s.edit(
      (preview, via) =>
        api.PATCH('/sites/{siteId}/pages/{pageId}', {
          ...via,
          params: { path: { siteId: s.siteId, pageId: pagePath(pageId) }, query: { preview } },
          body: { unpublished: !page.unpublished },
        }),
      { structure: true },
    );
  },
});

/** Deletes a page after asking; deleting the open page opens its neighbour (spec 001 §4). */
export const deletePage = defineAction<{ pageId: string }>({
  name: 'deletePage',
  label: 'Delete page',
  recordsHistory: true,
  async perform(ctx, { pageId }) {
    const { store, api } = ctx;
    const s = store.getState();
    const page = s.pages.find((p) => p.id === pageId);
    if (!page || FIXED_PAGES.has(pageId)) return;
    const sure = await ctx.confirm({
      title: 'Delete page',
      text: `Delete the page ${page.name} and its sections?`,
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    const data = await s.edit(
      (_preview, via) =>
        api.DELETE('/sites/{siteId}/pages/{pageId}', { ...via, params: { path: { siteId: s.siteId, pageId: pagePath(pageId) } } }),
      { structure: true },
    );
    if (data && store.getState().pageId === pageId) store.getState().setPage(data.next);
  },
});

/**
 * Moves a page before or after another in the site's page list (the order menus over the site's pages
 * follow): shown moved at once, then saved through `POST /pages/sort`, whose indexes are those of the
 * whole list. The header and footer stay where they are.
 */
export const movePage = defineAction<{ pageId: string; overId: string }>({
  name: 'movePage',
  label: 'Move page',
  recordsHistory: true,
  async perform({ store, api }, { pageId, overId }) {
    const s = store.getState();
    const fromIndex = s.pages.findIndex((p) => p.id === pageId);
    const toIndex = s.pages.findIndex((p) => p.id === overId);
    if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex || [pageId, overId].some((id) => id === HEADER || id === FOOTER)) return;
    const moved = [...s.pages];
    moved.splice(toIndex, 0, ...moved.splice(fromIndex, 1));
    store.setState({ pages: moved });
    // Named by id too (docs/decisions/0097): sent late, it still moves this page to right after the same one.
    const afterPageId = toIndex === 0 ? null : moved[toIndex - 1]!.id;
    await s.edit(
      (preview, via) =>
        api.POST('/sites/{siteId}/pages/sort', {
          ...via,
          params: { path: { siteId: s.siteId }, query: { preview } },
          body: { fromIndex, toIndex, pageId, afterPageId },
        }),
      { structure: true },
    );
  },
});
