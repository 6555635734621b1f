import { defineAction } from './registry.ts';

/** Opens the Add section popup for the current page, after the selected section (or at the end). */
export const openAddSection = defineAction({
  name: 'openAddSection',
  label: 'Add Section',
  recordsHistory: true,
  perform({ store }) {
    const s = store.getState();
    const afterSectionId = s.selectedId ? s.selectedId.split('.')[0]! : null;
    s.openPopup({ name: 'sections', pageId: s.pageId, afterSectionId });
  },
});

/** Adds a design of the section library (the popup's `editor.sections.add` message names it). */
export const addSection = defineAction<{ templateId: string; pageId: string; afterSectionId: string | null }>({
  name: 'addSection',
  label: 'Add Section',
  recordsHistory: true,
  async perform({ store, api }, { templateId, pageId, afterSectionId }) {
    const s = store.getState();
    const data = await s.edit(
      (preview) =>
        api.POST('/sites/{siteId}/sections', {
          params: { path: { siteId: s.siteId }, query: { preview } },
          // afterSectionId absent puts it last; null puts it first.
          body: { pageId, sectionId: templateId, ...(afterSectionId ? { afterSectionId } : {}) },
        }),
      { structure: true },
    );
    if (!data) return;
    const next = store.getState();
    next.closePopup();
    next.select(data.id);
    next.highlight(data.id);
  },
});
