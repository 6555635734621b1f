import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import { useStore } from '../../lib/store/index.ts';
import { saveBlob } from '../../lib/download.ts';
import { call } from '../../lib/call.ts';
import type { SettingsStore } from './index.ts';

export type VersionEntry = Schemas['VersionEntry'];

export interface VersionsSlice {
  versions: VersionEntry[] | null;
  loadVersions(): Promise<void>;
  /** Saves the site as it is now as a version with this title. */
  saveVersion(message: string): Promise<boolean>;
  /** Returns the site to its last saved version (discarding what changed since). */
  rollback(): Promise<boolean>;
  /** Brings the site back to this version, as one step the editor's undo takes back. */
  restoreVersion(version: VersionEntry): Promise<boolean>;
  downloadVersion(version: VersionEntry): Promise<void>;
}

export const createVersionsSlice: StateCreator<SettingsStore, [], [], VersionsSlice> = (set, get) => {
  const siteId = () => get().siteId ?? '';
  return {
    versions: null,

    async loadVersions() {
      const { data } = await call(() => api.GET('/sites/{siteId}/versions', { params: { path: { siteId: siteId() } } }));
      if (data) set({ versions: data });
    },

    async saveVersion(message) {
      const { error } = await call(() =>
        api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: siteId() } }, body: { message } }),
      );
      if (error) return false;
      await get().loadVersions();
      return true;
    },

    async rollback() {
      const id = siteId();
      const { data } = await call(() => api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId: id } } }), {
        overlay: true,
      });
      if (!data) return false;
      useStore.setState((s) => ({ sites: s.sites.map((x) => (x.id === id ? data : x)) }));
      // Every setting may have changed back: read the site again.
      await Promise.all([get().loadSite(id), get().loadVersions()]);
      return true;
    },

    async restoreVersion(version) {
      const id = siteId();
      const { data } = await call(
        () => api.POST('/sites/{siteId}/versions/{versionId}/restore', { params: { path: { siteId: id, versionId: version.id } } }),
        { overlay: true },
      );
      if (!data) return false;
      useStore.setState((s) => ({ sites: s.sites.map((x) => (x.id === id ? data : x)) }));
      // Every setting may be the version's now: read the site again.
      await Promise.all([get().loadSite(id), get().loadVersions()]);
      return true;
    },

    async downloadVersion(version) {
      const { data } = await call(() =>
        api.GET('/sites/{siteId}/versions/{versionId}/download', {
          params: { path: { siteId: siteId(), versionId: version.id } },
          parseAs: 'blob',
        }),
      );
      if (data) saveBlob(data, version.download.name);
    },
  };
};
