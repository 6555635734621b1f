import type { paths, Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import { useStore } from '../../lib/store/index.ts';
import type { Outcome } from '../../lib/store/request.ts';
import { call } from '../../lib/call.ts';
import type { SettingsStore } from './index.ts';

export type EditorSite = Schemas['EditorSite'];
type SiteSettings = Schemas['SiteSettings'];
type Page = Schemas['Page'];
type SettingsBody = paths['/sites/{siteId}']['patch']['requestBody']['content']['application/json'];
type PageBody = paths['/sites/{siteId}/pages/{pageId}']['patch']['requestBody']['content']['application/json'];

/** Page ids with slashes travel with '|' in their place (spec 001 §3). */
const pagePath = (pageId: string) => pageId.replaceAll('/', '|');

export interface SiteSlice {
  siteId: string | null;
  /** The site with its settings, pages and global variables; null while loading. */
  site: EditorSite | null;
  loadFailed: boolean;
  loadSite(siteId: string): Promise<void>;
  saveSettings(body: SettingsBody): Promise<Outcome<SiteSettings>>;
  savePage(pageId: string, body: PageBody): Promise<Outcome<Page>>;
  /** After a global variable changed (legal variables). */
  setGlobals(globals: Schemas['GlobalVars']): void;
}

export const createSiteSlice: StateCreator<SettingsStore, [], [], SiteSlice> = (set, get) => ({
  siteId: null,
  site: null,
  loadFailed: false,

  async loadSite(siteId) {
    if (get().siteId !== siteId)
      set({
        siteId,
        site: null,
        loadFailed: false,
        redirects: null,
        team: null,
        versions: null,
        keys: null,
        keysRefused: false,
        submissions: null,
        submissionFilters: { form: null, status: null },
        legal: null,
        files: null,
        changes: new Map(),
        fieldErrors: new Map(),
      });
    const { data } = await call(() =>
      api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages|globals|publish' } } }),
    );
    if (get().siteId !== siteId) return;
    if (data) set({ site: data });
    else set({ loadFailed: true });
  },

  async saveSettings(body) {
    const siteId = get().siteId;
    if (!siteId) return { error: { error: 'No site', status: 0, code: 'NO_SITE' } };
    const outcome = await call(() => api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body }), { toast: false });
    if (outcome.error) return outcome;
    const settings = outcome.data.settings;
    set((s) => ({ site: s.site && { ...s.site, name: settings.name, settings } }));
    // The site header and the site lists show the name too.
    useStore.setState((s) => ({ sites: s.sites.map((x) => (x.id === siteId ? { ...x, name: settings.name } : x)) }));
    return { data: settings };
  },

  async savePage(pageId, body) {
    const siteId = get().siteId;
    if (!siteId) return { error: { error: 'No site', status: 0, code: 'NO_SITE' } };
    const outcome = await call(
      () => api.PATCH('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId: pagePath(pageId) } }, body }),
      {
        toast: false,
      },
    );
    if (outcome.error) return outcome;
    const page = outcome.data.page;
    set((s) => ({ site: s.site && { ...s.site, pages: s.site.pages?.map((p) => (p.id === pageId ? page : p)) } }));
    return { data: page };
  },

  setGlobals: (globals) => set((s) => ({ site: s.site && { ...s.site, globals } })),
});
