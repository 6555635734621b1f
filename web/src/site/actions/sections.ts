import { pagePath, sectionsOf } from '../store/document.ts';
import { sectionList } from '../store/places.ts';
import { settling, showInsertNow } from './canvasNow.ts';
import { defineAction } from './registry.ts';

/** Opens the Add section popup for the current page, after the selected section (or at the end). */
export const openAddSection = defineAction({
  name: 'openAddSection',
  label: 'Add Section',
  recordsHistory: true,
  palette: true,
  perform({ store }) {
    const s = store.getState();
    const afterSectionId = s.selectedId ? s.selectedId.split('.')[0]! : null;
    s.openPopup({ name: 'sections', pageId: s.pageId, afterSectionId });
  },
});

/**
 * Adds a design of the section library (the popup's `editor.sections.add` message names it). It shows
 * at once, in the tree and as a placeholder saying `label` on the canvas, and the popup closes; the
 * answer selects it unless the person has selected something else meanwhile (offline, minutes later).
 */
export const addSection = defineAction<{ templateId: string; pageId: string; afterSectionId: string | null; label?: string }>({
  name: 'addSection',
  label: 'Add Section',
  recordsHistory: true,
  async perform({ store, api }, { templateId, pageId, afterSectionId, label }) {
    const s = store.getState();
    const page = s.pages.find((p) => p.id === pageId);
    const list = page ? sectionsOf(page, s.before, s.after) : [];
    // Where it goes in the page's list, so that a later move of a section counts it (places.ts).
    const at = afterSectionId ? list.indexOf(afterSectionId) + 1 : list.length;
    const name = label ?? 'Section';
    const after = afterSectionId ?? list.at(-1) ?? null;
    const shown =
      pageId === s.pageId ? [s.showAdding(null, at, null, 'layout-v', name), ...(after ? [showInsertNow(null, name, { after })] : [])] : [];
    s.closePopup();
    const data = await s.edit(
      (preview, via) =>
        api.POST('/sites/{siteId}/sections', {
          ...via,
          params: { path: { siteId: s.siteId }, query: { preview } },
          // afterSectionId absent puts it last; null puts it first.
          body: { pageId, sectionId: templateId, ...(afterSectionId ? { afterSectionId } : {}) },
        }),
      settling(page ? [{ list: sectionList(pageId), at, by: 1 }] : [], ...shown),
    );
    if (!data) return;
    const next = store.getState();
    if (next.selectedId !== s.selectedId && next.selectedId !== null) return;
    next.select(data.id);
    next.highlight(data.id);
  },
});

/** Shows one of the current page's sections on another page too: one section, edited once, on both (a shared section). */
export const shareSection = defineAction<{ sectionId: string; pageId: string }>({
  name: 'shareSection',
  label: 'Show on another page too',
  recordsHistory: true,
  async perform({ store, api, notify }, { sectionId, pageId }) {
    const s = store.getState();
    const data = await s.edit(
      (preview, via) =>
        api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
          ...via,
          params: { path: { siteId: s.siteId, pageId: pagePath(pageId), sectionId }, query: { preview } },
          body: {},
        }),
      { structure: true },
    );
    if (!data) return;
    const page = store.getState().pages.find((p) => p.id === pageId);
    notify(`Also shown on ${page?.name || pageId}`);
  },
});

/** Stops sharing a section: the other pages that list it get their own copies. */
export const unshareSection = defineAction<{ sectionId: string }>({
  name: 'unshareSection',
  label: 'Stop sharing',
  recordsHistory: true,
  async perform({ store, api, notify }, { sectionId }) {
    const s = store.getState();
    const data = await s.edit(
      (preview, via) =>
        api.DELETE('/sites/{siteId}/sections/shared/{sectionId}', {
          ...via,
          params: { path: { siteId: s.siteId, sectionId }, query: { preview } },
        }),
      { structure: true },
    );
    if (data) notify('The other pages have their own copy now');
  },
});
