import { defineAction } from './registry.ts';

/**
 * Opens the site as a visitor sees it (the current, unsaved document) in a new tab. The tab opens at
 * once, inside the click, so no popup blocker stops it; its address follows when the link is made.
 */
export const previewSite = defineAction({
  name: 'previewSite',
  label: 'Preview',
  recordsHistory: false,
  async perform(ctx) {
    const s = ctx.store.getState();
    const tab = ctx.openTab();
    const { data, error } = await ctx.api.POST('/sites/{siteId}/view', { params: { path: { siteId: s.siteId } } });
    if (error || !data) {
      tab.close();
      if (error) ctx.showError(error);
      return;
    }
    const page = s.pages.find((p) => p.id === s.pageId);
    const slug = page && s.pageId !== 'home' && !s.pageId.includes(':') ? `${s.pageId}/` : '';
    tab.go(`${data.url}${slug}`);
  },
});
