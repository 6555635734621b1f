import { parseHistory, type ApiError, type Schemas } from '@pagewright/sdk';
import { create } from 'zustand';
import { api } from '../lib/api.ts';
import type { EditorStore } from '../site/store/store.ts';
import { useStore } from '../lib/store/index.ts';
import { request, type Outcome } from '../lib/store/request.ts';

export type Summary = Schemas['LocalizationSummary'];
export type Table = Schemas['LocalizationTable'];
export type Row = Schemas['LocalizationRow'];
export type LocalizationType = Table['type'];

/** Which table: a page (type pages, its id) or the header or footer. */
export interface Target {
  type: LocalizationType;
  typeId: string | null;
}

const keyOf = (siteId: string, t: Target) => `${siteId}\n${t.type}\n${t.typeId ?? ''}`;

export interface LocalizationState {
  siteId: string | null;
  /** The sidebar: every page, the header and the footer, with their completion per language. */
  summary: Summary | null;
  table: Table | null;
  tableKey: string | null;
  tableFailed: boolean;
  loadSummary(siteId: string): Promise<void>;
  loadTable(siteId: string, target: Target): Promise<void>;
  /** Saves one row's values (PATCH /sites/{siteId}/localization) as one undo step of the editor. */
  save(editor: EditorStore, target: Target, id: string, values: Record<string, unknown>): Promise<Outcome<Row>>;
}

const quiet = <T>(run: () => Promise<{ data?: T; error?: ApiError }>) => request(useStore.getState, run, { overlay: false, toast: false });

export const useLocalization = create<LocalizationState>()((set, get) => ({
  siteId: null,
  summary: null,
  table: null,
  tableKey: null,
  tableFailed: false,

  async loadSummary(siteId) {
    if (get().siteId !== siteId) set({ siteId, summary: null });
    const { data } = await request(useStore.getState, () => api.GET('/sites/{siteId}/localization', { params: { path: { siteId } } }), {
      overlay: false,
    });
    if (get().siteId === siteId && data && 'pages' in data) set({ summary: data });
  },

  async loadTable(siteId, target) {
    const key = keyOf(siteId, target);
    // The table's effect runs before the screen's summary effect: either may meet a new site first.
    if (get().siteId !== siteId) set({ siteId, summary: null });
    if (get().tableKey !== key) set({ table: null, tableKey: key, tableFailed: false });
    const { data } = await request(
      useStore.getState,
      () =>
        api.GET('/sites/{siteId}/localization', {
          params: { path: { siteId }, query: { type: target.type, ...(target.typeId ? { typeId: target.typeId } : {}) } },
        }),
      { overlay: false },
    );
    if (get().tableKey !== key) return;
    if (data && 'rows' in data) set({ table: data });
    else set({ tableFailed: true });
  },

  async save(editor, target, id, values) {
    const siteId = get().siteId ?? '';
    const outcome = await quiet(async () => {
      const answer = await api.PATCH('/sites/{siteId}/localization', {
        params: { path: { siteId } },
        body: { type: target.type, ...(target.typeId ? { typeId: target.typeId } : {}), id, values },
      });
      // The undo and redo buttons of the header count this edit too.
      const history = parseHistory(answer.response.headers.get('X-History'));
      if (history) editor.getState().setHistory(history);
      return answer;
    });
    if (outcome.error) return outcome;
    const { row, completion } = outcome.data;
    set((s) => ({
      table: s.table && { ...s.table, completion, rows: s.table.rows.map((r) => (r.id === row.id ? row : r)) },
      summary: s.summary && {
        ...s.summary,
        pages: s.summary.pages.map((p) => (p.type === target.type && (p.typeId ?? null) === target.typeId ? { ...p, completion } : p)),
      },
    }));
    // The editor's document and canvas show the new text when the user goes back to the page.
    void editor
      .getState()
      .refreshDocument()
      .then(() => editor.getState().refreshPreview());
    return { data: row };
  },
}));
