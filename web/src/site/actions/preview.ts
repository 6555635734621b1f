import { ownAddress } from '../../lib/address.ts';
import { textValue } from '../store/document.ts';
import type { EditorState } from '../store/store.ts';
import { defineAction } from './registry.ts';

/**
 * Where the open page is published, relative to the site's root: its slug in the canvas language, under
 * the language's folder for any language but the first (home's slug is empty there, the language code
 * elsewhere). A collection page (`:slug`) has no one address, so the site's home opens instead.
 */
export function visitorPath(s: Pick<EditorState, 'pages' | 'pageId' | 'language' | 'site'>): string {
  const page = s.pages.find((p) => p.id === s.pageId);
  const languages = s.site?.settings?.languages ?? [];
  const first = languages[0] ?? s.language;
  const folder = s.language === first ? '' : `${s.language}/`;
  if (!page || page.id.includes(':')) return folder;
  const slug = (textValue(page.slug, s.language) ?? '').replace(/^\/+|\/+$/g, '');
  if (!slug || slug === s.language) return folder;
  return `${folder}${slug}/`;
}

/**
 * Opens the site as a visitor sees it (the current, unsaved document) in a new tab. The tab opens at
 * once, inside the click, so no popup blocker stops it; its address follows when the link is made.
 */
export const previewSite = defineAction({
  name: 'previewSite',
  label: 'Preview',
  recordsHistory: false,
  palette: true,
  async perform(ctx) {
    const s = ctx.store.getState();
    const tab = ctx.openTab();
    const { data, error } = await ctx.api.POST('/sites/{siteId}/view', { params: { path: { siteId: s.siteId } } });
    if (error || !data) {
      tab.close();
      if (error) ctx.showError(error);
      return;
    }
    // On this page's own origin, whatever address the server's PUBLIC_URL names.
    tab.go(`${ownAddress(data.url)}${visitorPath(s)}`);
  },
});
