import type { Schemas } from '@pagewright/sdk';
import type { StateCreator } from 'zustand';
import { api } from '../../lib/api.ts';
import { saveBlob } from '../../lib/download.ts';
import { submissionsTable } from '../submissionsCsv.ts';
import { call } from '../../lib/call.ts';
import type { SettingsStore } from './index.ts';

export type Submission = Schemas['Submission'];
export type SubmissionStatus = Schemas['SubmissionStatus'];

/** Spec 002 §4, in its order; any can be set to any other. */
export const STATUSES: SubmissionStatus[] = ['new', 'in_progress', 'completed', 'pending', 'on_hold', 'cancelled', 'closed'];
const PAGE = 50;
const EXPORT_PAGE = 100;

/** The inbox's filters (the API's `form` and `status`); null shows every one. */
export interface SubmissionFilters {
  form: string | null;
  status: SubmissionStatus | null;
}

export interface SubmissionsSlice {
  submissions: { items: Submission[]; total: number; forms: string[] } | null;
  submissionsLoading: boolean;
  submissionFilters: SubmissionFilters;
  /** Reads the first page again (from the top). */
  loadSubmissions(): Promise<void>;
  /** Shows only one form's or one status's submissions (null: all), from the top. */
  filterSubmissions(filters: SubmissionFilters): Promise<void>;
  /** The next page, as the list scrolls down. */
  loadMoreSubmissions(): Promise<void>;
  setSubmissionStatus(id: number, status: SubmissionStatus): Promise<void>;
  deleteSubmission(id: number): Promise<boolean>;
  exportSubmissions(): Promise<void>;
}

export const createSubmissionsSlice: StateCreator<SettingsStore, [], [], SubmissionsSlice> = (set, get) => {
  const siteId = () => get().siteId ?? '';
  const page = (offset: number, limit = PAGE) => {
    const { form, status } = get().submissionFilters;
    const query = { offset, limit, ...(form !== null ? { form } : {}), ...(status !== null ? { status } : {}) };
    return call(() => api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: siteId() }, query } }));
  };
  return {
    submissions: null,
    submissionsLoading: false,
    submissionFilters: { form: null, status: null },

    async loadSubmissions() {
      set({ submissionsLoading: true });
      const filters = get().submissionFilters;
      const { data } = await page(0);
      // An answer for filters changed meanwhile is dropped; the newer call answers.
      if (get().submissionFilters !== filters) return;
      set({
        submissionsLoading: false,
        ...(data ? { submissions: { items: data.items, total: data.total, forms: data.forms } } : {}),
      });
    },

    async filterSubmissions(filters) {
      set({ submissionFilters: filters });
      await get().loadSubmissions();
    },

    async loadMoreSubmissions() {
      const current = get().submissions;
      if (!current || get().submissionsLoading || current.items.length >= current.total) return;
      set({ submissionsLoading: true });
      const { data } = await page(current.items.length);
      set((s) => {
        if (!data || !s.submissions) return { submissionsLoading: false };
        const seen = new Set(s.submissions.items.map((i) => i.id));
        return {
          submissionsLoading: false,
          submissions: {
            items: [...s.submissions.items, ...data.items.filter((i) => !seen.has(i.id))],
            total: data.total,
            forms: data.forms,
          },
        };
      });
    },

    async setSubmissionStatus(id, status) {
      // Status failures are only logged (spec 002 §8).
      const { data, error } = await call(
        () => api.PATCH('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: siteId(), id } }, body: { status } }),
        {
          toast: false,
        },
      );
      if (error) console.error('Setting the status failed', error);
      else
        set((s) => ({
          submissions: s.submissions && { ...s.submissions, items: s.submissions.items.map((i) => (i.id === id ? data : i)) },
        }));
    },

    async deleteSubmission(id) {
      // Delete failures are only logged (spec 002 §8).
      const { error } = await call(() => api.DELETE('/sites/{siteId}/submissions/{id}', { params: { path: { siteId: siteId(), id } } }), {
        toast: false,
      });
      if (error) {
        console.error('Deleting the submission failed', error);
        return false;
      }
      set((s) => ({
        submissions: s.submissions && {
          ...s.submissions,
          items: s.submissions.items.filter((i) => i.id !== id),
          total: s.submissions.total - 1,
        },
      }));
      return true;
    },

    async exportSubmissions() {
      const all: Submission[] = [];
      for (let offset = 0; ; offset += EXPORT_PAGE) {
        const { data } = await page(offset, EXPORT_PAGE);
        if (!data) return;
        all.push(...data.items);
        if (data.items.length < EXPORT_PAGE || all.length >= data.total) break;
      }
      const { unparse } = await import('papaparse');
      const csv = unparse(submissionsTable(all), { escapeFormulae: true });
      saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), `${siteId()}-submissions.csv`);
    },
  };
};
