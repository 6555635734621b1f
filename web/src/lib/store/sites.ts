import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../api.ts';
import { errorText } from '../format.ts';
import type { Store, StoreMiddleware } from './index.ts';
import { request, type Outcome } from './request.ts';

export type SiteSummary = Schemas['SiteSummary'];
export type Collaborator = Schemas['Collaborator'];
export type MessageType = 'feature' | 'bug' | 'message';

interface NewSite {
  name: string;
  siteId: string;
  templateId: string;
  theme?: { primary: string; secondary: string };
}

export interface SitesSlice {
  sites: SiteSummary[];
  sitesLoaded: boolean;
  /** Collaborators per site id, for the editor header's count. */
  collaborators: Record<string, Collaborator[]>;
  loadSites(): Promise<void>;
  createSite(site: NewSite): Promise<Outcome<SiteSummary>>;
  /** POST /validate: well formed and free? Quiet: it runs while the user types. */
  checkDomain(siteId: string): Promise<Outcome<{ valid: boolean; message?: string }>>;
  rollback(siteId: string): Promise<void>;
  joinSite(code: string): Promise<Outcome<SiteSummary>>;
  sendMessage(siteId: string, type: MessageType, message: string): Promise<boolean>;
  loadCollaborators(siteId: string): Promise<void>;
  /** Sites deleted in the last 7 days that can be restored (null until read). */
  deletedSites: SiteSummary[] | null;
  loadDeletedSites(): Promise<void>;
  /** DELETE /sites/{id} with the domain typed again; the site leaves the lists. */
  deleteSite(siteId: string, confirm: string): Promise<Outcome<Schemas['DeletedSite']>>;
  restoreSite(siteId: string): Promise<boolean>;
}

export const sitesInitial = {
  sites: [] as SiteSummary[],
  sitesLoaded: false,
  collaborators: {} as Record<string, Collaborator[]>,
  deletedSites: null as SiteSummary[] | null,
};

export const createSitesSlice: StateCreator<Store, StoreMiddleware, [], SitesSlice> = (set, get) => {
  /** The list's read on its way: a screen asking while it is (the app's start asked it, boot.ts) takes its answer. */
  let loading: Promise<void> | null = null;
  return {
    ...sitesInitial,

    loadSites() {
      loading ??= (async () => {
        try {
          // Site fetch failures are only logged (spec 000 §8).
          const { data, error } = await request(get, () => api.GET('/sites'), { toast: false, overlay: !get().sitesLoaded });
          if (error) console.error('Loading sites failed', error);
          else set({ sites: data, sitesLoaded: true });
        } finally {
          loading = null;
        }
      })();
      return loading;
    },

    async createSite(site) {
      const outcome = await request(get, () => api.POST('/sites', { body: site }), { toast: false });
      if (outcome.error) {
        // Create failures are only logged (spec 000 §8); the form shows the field and plan-limit cases.
        console.error('Creating the site failed', outcome.error);
        return outcome;
      }
      set((s) => ({ sites: [outcome.data, ...s.sites.filter((x) => x.id !== outcome.data.id)] }));
      void get().refreshUser();
      return outcome;
    },

    checkDomain: (siteId) => request(get, () => api.POST('/validate', { body: { siteId } }), { overlay: false, toast: false }),

    async rollback(siteId) {
      const { data } = await request(get, () => api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId } } }));
      if (data) set((s) => ({ sites: s.sites.map((site) => (site.id === siteId ? data : site)) }));
    },

    async joinSite(code) {
      // Join failure is silent (spec 000 §8): no toast; the form marks its field.
      const outcome = await request(get, () => api.POST('/sites/join/{code}', { params: { path: { code } } }), { toast: false });
      if (outcome.data) {
        const joined = outcome.data;
        set((s) => ({ sites: [joined, ...s.sites.filter((x) => x.id !== joined.id)] }));
      }
      return outcome;
    },

    async sendMessage(siteId, type, message) {
      const { error } = await request(get, () =>
        api.POST('/sites/{siteId}/message', { params: { path: { siteId } }, body: { type, message } }),
      );
      return !error;
    },

    async loadDeletedSites() {
      const { data } = await request(get, () => api.GET('/sites', { params: { query: { deleted: true } } }), {
        overlay: false,
        toast: false,
      });
      if (data) set({ deletedSites: data });
    },

    async deleteSite(siteId, confirm) {
      const outcome = await request(get, () => api.DELETE('/sites/{siteId}', { params: { path: { siteId }, query: { confirm } } }), {
        toast: false,
      });
      if (outcome.data) {
        set((s) => ({ sites: s.sites.filter((x) => x.id !== siteId), deletedSites: null }));
        void get().refreshUser();
      }
      return outcome;
    },

    async restoreSite(siteId) {
      const { data } = await request(get, () => api.POST('/sites/{siteId}/restore', { params: { path: { siteId } } }));
      if (!data) return false;
      set((s) => ({
        sites: [data, ...s.sites.filter((x) => x.id !== siteId)],
        deletedSites: s.deletedSites?.filter((x) => x.id !== siteId) ?? null,
      }));
      void get().refreshUser();
      return true;
    },

    async loadCollaborators(siteId) {
      const { data, error } = await request(get, () => api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } }), {
        toast: false,
        overlay: false,
      });
      // Collaborators fetch failures show a browser alert (spec 000 §8).
      if (error) window.alert(errorText(error));
      else set((s) => ({ collaborators: { ...s.collaborators, [siteId]: data.collaborators } }));
    },
  };
};
