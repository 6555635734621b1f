import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../api.ts';
import { errorText } from '../format.ts';
import type { Store, StoreMiddleware } from './index.ts';
import { request } from './request.ts';

export type Template = Schemas['Template'];

export interface TemplatesSlice {
  templates: Template[];
  templatesLoaded: boolean;
  /** Set when the last load failed, so the gallery can offer to try again. */
  templatesFailed: boolean;
  loadTemplates(): Promise<void>;
}

export const createTemplatesSlice: StateCreator<Store, StoreMiddleware, [], TemplatesSlice> = (set, get) => ({
  templates: [],
  templatesLoaded: false,
  templatesFailed: false,
  async loadTemplates() {
    if (get().templatesLoaded) return;
    set({ templatesFailed: false });
    const { data, error } = await request(get, () => api.GET('/templates'), { toast: false });
    if (error) {
      set({ templatesFailed: true });
      // Template fetch failures show a browser alert with the error (spec 000 §8).
      window.alert(errorText(error));
    } else set({ templates: data, templatesLoaded: true });
  },
});
