import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import { call } from '../../lib/call.ts';
import type { SettingsStore } from './index.ts';

export type ApiKey = Schemas['ApiKey'];
export type ApiKeyCreated = Schemas['ApiKeyCreated'];

export interface KeysSlice {
  keys: ApiKey[] | null;
  /** A collaborator is refused the list: the page shows 'Only the site owner can create API-keys'. */
  keysRefused: boolean;
  loadKeys(): Promise<void>;
  createKey(name: string): Promise<ApiKeyCreated | null>;
  updateKey(token: string, body: { isLocked?: boolean; name?: string }): Promise<boolean>;
  deleteKey(token: string): Promise<void>;
}

export const createKeysSlice: StateCreator<SettingsStore, [], [], KeysSlice> = (set, get) => {
  const siteId = () => get().siteId ?? '';
  return {
    keys: null,
    keysRefused: false,

    async loadKeys() {
      const { data, error } = await call(() => api.GET('/sites/{siteId}/api-keys', { params: { path: { siteId: siteId() } } }), {
        toast: false,
      });
      if (data) set({ keys: data, keysRefused: false });
      else if (error.status === 403) set({ keys: [], keysRefused: true });
      else set({ keys: [] });
    },

    async createKey(name) {
      const { data } = await call(() =>
        api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId: siteId() } }, body: name ? { name } : {} }),
      );
      if (!data) return null;
      const { key: _secret, ...listed } = data;
      set((s) => ({ keys: [...(s.keys ?? []), listed] }));
      return data;
    },

    async updateKey(token, body) {
      const { data } = await call(() =>
        api.PATCH('/sites/{siteId}/api-keys/{token}', { params: { path: { siteId: siteId(), token } }, body }),
      );
      if (data) set((s) => ({ keys: s.keys?.map((k) => (k.token === token ? data : k)) ?? null }));
      return Boolean(data);
    },

    async deleteKey(token) {
      const { error } = await call(() => api.DELETE('/sites/{siteId}/api-keys/{token}', { params: { path: { siteId: siteId(), token } } }));
      if (!error) set((s) => ({ keys: s.keys?.filter((k) => k.token !== token) ?? null }));
    },
  };
};
