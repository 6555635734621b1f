import type { StateCreator } from 'zustand';
import { useStore } from '../../lib/store/index.ts';
import type { Outcome } from '../../lib/store/request.ts';
import { errorField } from '../../lib/call.ts';
import { sameValue } from '../../lib/formValues.ts';
import type { SettingsStore } from './index.ts';

/** How long the bar says 'Saved' after a save (spec 002 §9: the 'Saved' message shows 2 s). */
export const SAVED_MS = 2000;

export interface FormSlice {
  /** The form's changed values by field path ('name', 'compile.domain'); paths are ours, never user text. */
  changes: Map<string, unknown>;
  /** Messages beside fields, by path: the client's own checks and the server's `info.field`. */
  fieldErrors: Map<string, string>;
  saving: boolean;
  /** When the last save finished, for the 'Saved' note. */
  savedAt: number | null;
  /** The language localized fields show; null means the site's main language. */
  language: string | null;
  setLanguage(language: string | null): void;
  setField(path: string, value: unknown, saved: unknown): void;
  setFieldError(path: string, message: string | null): void;
  undoAll(): void;
  /** Saves the changes with the page's own call; a refused field gets its message, anything else the toast. */
  submitForm(save: (changes: Map<string, unknown>) => Promise<Outcome<unknown>>): Promise<boolean>;
}

export const createFormSlice: StateCreator<SettingsStore, [], [], FormSlice> = (set, get) => ({
  changes: new Map(),
  fieldErrors: new Map(),
  saving: false,
  savedAt: null,
  language: null,
  setLanguage: (language) => set({ language }),

  setField(path, value, saved) {
    set((s) => {
      const changes = new Map(s.changes);
      if (sameValue(value, saved)) changes.delete(path);
      else changes.set(path, value);
      const fieldErrors = new Map(s.fieldErrors);
      fieldErrors.delete(path);
      return { changes, fieldErrors, savedAt: null };
    });
  },

  setFieldError(path, message) {
    set((s) => {
      const fieldErrors = new Map(s.fieldErrors);
      if (message) fieldErrors.set(path, message);
      else fieldErrors.delete(path);
      return { fieldErrors };
    });
  },

  undoAll: () => set({ changes: new Map(), fieldErrors: new Map() }),

  async submitForm(save) {
    if (get().saving || get().changes.size === 0) return false;
    if (get().fieldErrors.size > 0) return false;
    set({ saving: true });
    const outcome = await save(get().changes);
    set({ saving: false });
    if (outcome.error) {
      const field = errorField(outcome.error);
      // The message goes beside the field it names, when that field is on the form; else to the toast.
      const path = field && [...get().changes.keys()].find((p) => p === field || field.startsWith(`${p}.`));
      if (path && outcome.error.status === 400) get().setFieldError(path, outcome.error.error);
      else useStore.getState().showError(outcome.error);
      return false;
    }
    set({ changes: new Map(), fieldErrors: new Map(), savedAt: Date.now() });
    return true;
  },
});
