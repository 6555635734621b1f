import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import type { Outcome } from '../../lib/store/request.ts';
import { call } from '../../lib/call.ts';
import type { SettingsStore } from './index.ts';

export type SiteFile = Schemas['File'];

export interface AssetsSlice {
  /** The site's images and SVGs, for the image settings (meta image, favicon, page icon). */
  files: SiteFile[] | null;
  loadFiles(): Promise<void>;
  uploadFile(file: File): Promise<Outcome<SiteFile[]>>;
}

export const createAssetsSlice: StateCreator<SettingsStore, [], [], AssetsSlice> = (set, get) => ({
  files: null,

  async loadFiles() {
    const siteId = get().siteId ?? '';
    const [images, svgs] = await Promise.all(
      (['images', 'svgs'] as const).map((type) =>
        call(() => api.GET('/sites/{siteId}/files', { params: { path: { siteId }, query: { type } } })),
      ),
    );
    set({ files: [...(images?.data?.files ?? []), ...(svgs?.data?.files ?? [])] });
  },

  async uploadFile(file) {
    const siteId = get().siteId ?? '';
    const form = new FormData();
    form.append('file0', file, file.name);
    // The typed body names the file; the FormData carries its bytes.
    const outcome = await call(
      () => api.POST('/sites/{siteId}/files', { params: { path: { siteId } }, body: { file0: file.name }, bodySerializer: () => form }),
      {
        toast: false,
      },
    );
    if (outcome.data) {
      const added = outcome.data;
      set((s) => ({ files: [...added, ...(s.files ?? []).filter((f) => !added.some((a) => a.name === f.name))] }));
    }
    return outcome;
  },
});
