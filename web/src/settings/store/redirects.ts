import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import type { Outcome } from '../../lib/store/request.ts';
import { call } from '../../lib/call.ts';
import type { SettingsStore } from './index.ts';

export type Redirect = Schemas['Redirect'];
type Answer = Schemas['RedirectsAnswer'];

export interface RedirectsSlice {
  redirects: Redirect[] | null;
  loadRedirects(): Promise<void>;
  /** Quiet about refusals: the panel shows them beside its fields. */
  createRedirect(redirect: { from: string; to: string }): Promise<Outcome<Answer>>;
  updateRedirect(index: number, redirect: { from?: string; to?: string }): Promise<Outcome<Answer>>;
  deleteRedirect(index: number): Promise<void>;
}

export const createRedirectsSlice: StateCreator<SettingsStore, [], [], RedirectsSlice> = (set, get) => {
  const siteId = () => get().siteId ?? '';
  const keep = (outcome: Outcome<Answer>) => {
    if (outcome.data) set({ redirects: outcome.data.redirects });
    return outcome;
  };
  return {
    redirects: null,

    async loadRedirects() {
      const { data } = await call(() => api.GET('/sites/{siteId}/redirects', { params: { path: { siteId: siteId() } } }));
      if (data) set({ redirects: data.redirects });
    },

    createRedirect: async (body) =>
      keep(await call(() => api.POST('/sites/{siteId}/redirects', { params: { path: { siteId: siteId() } }, body }), { toast: false })),

    updateRedirect: async (index, body) =>
      keep(
        await call(() => api.PATCH('/sites/{siteId}/redirects/{index}', { params: { path: { siteId: siteId(), index } }, body }), {
          toast: false,
        }),
      ),

    async deleteRedirect(index) {
      keep(await call(() => api.DELETE('/sites/{siteId}/redirects/{index}', { params: { path: { siteId: siteId(), index } } })));
    },
  };
};
