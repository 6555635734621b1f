import type { ApiError, paths } from '@pagewright/sdk';
import { create } from 'zustand';
import { api } from '../lib/api.ts';
import { messages } from '../lib/messages.ts';
import { useStore } from '../lib/store/index.ts';
import { request, type Outcome } from '../lib/store/request.ts';
import { checkBatch, storageFull, storageLimitMb, type SiteFile, type Storage } from './files.ts';
import { uploadFiles } from './upload.ts';

type ImportBody = paths['/sites/{siteId}/files/import']['post']['requestBody']['content']['application/json'];

/** One file of an upload, with how much of it has been sent. */
export interface Upload {
  id: number;
  name: string;
  size: number;
  sent: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed';
  error: string | null;
}

export interface AssetsState {
  siteId: string | null;
  /** Every file of the site (the sidebar types filter them here, so switching type is instant). */
  files: SiteFile[] | null;
  storage: Storage | null;
  loadFailed: boolean;
  load(siteId: string): Promise<void>;
  rename(name: string, newName: string): Promise<Outcome<SiteFile>>;
  /** Replaces a file's tags (the whole list). */
  setTags(name: string, tags: string[]): Promise<Outcome<SiteFile>>;
  remove(name: string): Promise<Outcome<null>>;
  importUrl(body: ImportBody): Promise<Outcome<SiteFile>>;

  uploads: Upload[];
  /** Files held back because their names exist, until the user ticks overwrite and uploads again. */
  held: File[];
  overwrite: boolean;
  /** The upload panel's messages (spec 002 §5), verbatim. */
  problems: string[];
  /** Sorts a picked or dropped batch and sends what may be sent (`owner` picks the storage message). */
  addFiles(batch: File[], owner: boolean): void;
  setOverwrite(overwrite: boolean): void;
  /** Sends the held files, overwriting (after the user ticked overwrite). */
  sendHeld(owner: boolean): void;
  clearUploads(): void;
  /** How many uploads have finished cleanly, counted up when a batch ends with every file stored. */
  finished: number;
  /** A short confirmation in the toolbar ('3 files uploaded'); hides after a moment. */
  notice: string | null;
  notify(text: string): void;
  /** Images whose bytes an upload replaced (overwrite of a name that existed): their alt texts are asked about. */
  replaced: string[];
  clearReplaced(): void;
  /** Uploads a file in place of an existing one, under the existing one's name. */
  replace(name: string, file: File, owner: boolean): void;
}

/** How many files go up at once: two keeps a slow link from starving, and shows steady progress. */
const PARALLEL = 2;
const NOTICE_MS = 3000;
let nextId = 1;
let noticeTimer: ReturnType<typeof setTimeout> | undefined;

const call = <T>(run: () => Promise<{ data?: T; error?: ApiError }>) => request(useStore.getState, run, { overlay: false, toast: false });

export const useAssets = create<AssetsState>()((set, get) => {
  const storageMessage = (owner: boolean): string => {
    const storage = get().storage;
    return owner && storage ? messages.storageLimitOwner(storageLimitMb(storage) ?? 0) : messages.storageLimitCollaborator;
  };

  const patch = (id: number, change: Partial<Upload>) =>
    set((s) => ({ uploads: s.uploads.map((u) => (u.id === id ? { ...u, ...change } : u)) }));

  /** Sends files one request each, PARALLEL at a time, each with its own progress. */
  async function send(batch: File[], overwrite: boolean, owner: boolean) {
    const siteId = get().siteId;
    if (!siteId || batch.length === 0) return;
    const existed = new Set((get().files ?? []).map((f) => f.name));
    const items = batch.map((file) => ({
      file,
      upload: { id: nextId++, name: file.name, size: file.size, sent: 0, status: 'waiting' as const, error: null },
    }));
    set((s) => ({ uploads: [...s.uploads, ...items.map((i) => i.upload)] }));
    const queue = [...items];
    let stopped: string | null = null;
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const { file, upload } = item;
        if (stopped) {
          patch(upload.id, { status: 'failed', error: stopped });
          continue;
        }
        patch(upload.id, { status: 'uploading' });
        const outcome = await uploadFiles(siteId, [file], {
          overwrite,
          onProgress: (sent, total) => patch(upload.id, { sent: Math.round((sent / total) * file.size) }),
        });
        if (outcome.data) {
          const added = outcome.data;
          patch(upload.id, { status: 'done', sent: file.size });
          const swapped = overwrite
            ? added.filter((a) => existed.has(a.name) && (a.kind === 'image' || a.kind === 'svg')).map((a) => a.name)
            : [];
          set((s) => ({
            files: [...added, ...(s.files ?? []).filter((f) => !added.some((a) => a.name === f.name))],
            replaced: [...s.replaced.filter((n) => !swapped.includes(n)), ...swapped],
          }));
          continue;
        }
        const { error } = outcome;
        if (error.status === 409) {
          // Uploaded meanwhile by someone else: held like the names the check found.
          patch(upload.id, { status: 'failed', error: messages.someFilesUploaded });
          set((s) => ({ held: [...s.held, file], problems: withProblem(s.problems, messages.someFilesUploaded) }));
        } else if (error.status === 413) {
          patch(upload.id, { status: 'failed', error: messages.uploadMaxFilesize });
          set((s) => ({ problems: withProblem(s.problems, messages.uploadMaxFilesize) }));
        } else if (error.status === 402) {
          // The server's message is the owner's or the collaborator's; the rest of the batch stops.
          stopped = error.error || storageMessage(owner);
          patch(upload.id, { status: 'failed', error: stopped });
          set((s) => ({ problems: withProblem(s.problems, stopped!) }));
        } else {
          patch(upload.id, { status: 'failed', error: error.error });
          set((s) => ({ problems: withProblem(s.problems, error.error) }));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
    // The storage bar counts what was added.
    await refreshStorage();
    const { uploads, held, problems } = get();
    if (uploads.length > 0 && uploads.every((u) => u.status === 'done') && held.length === 0 && problems.length === 0) {
      get().notify(`${uploads.length} ${uploads.length === 1 ? 'file' : 'files'} uploaded`);
      set((s) => ({ uploads: [], overwrite: false, finished: s.finished + 1 }));
    }
  }

  async function refreshStorage() {
    const siteId = get().siteId;
    if (!siteId) return;
    const { data } = await call(() => api.GET('/sites/{siteId}/files', { params: { path: { siteId } } }));
    if (data && get().siteId === siteId) set({ files: data.files, storage: data.storage });
  }

  return {
    siteId: null,
    files: null,
    storage: null,
    loadFailed: false,
    uploads: [],
    held: [],
    overwrite: false,
    problems: [],
    finished: 0,
    notice: null,
    replaced: [],

    clearReplaced: () => set({ replaced: [] }),

    replace(name, file, owner) {
      // The server reads the type from the content; the name stays the one the site refers to.
      void send([new File([file], name, { type: file.type })], true, owner);
    },

    notify(text) {
      clearTimeout(noticeTimer);
      set({ notice: text });
      noticeTimer = setTimeout(() => set({ notice: null }), NOTICE_MS);
    },

    async load(siteId) {
      if (get().siteId !== siteId)
        set({ siteId, files: null, storage: null, loadFailed: false, uploads: [], held: [], overwrite: false, problems: [], replaced: [] });
      const { data } = await request(useStore.getState, () => api.GET('/sites/{siteId}/files', { params: { path: { siteId } } }), {
        overlay: false,
      });
      if (get().siteId !== siteId) return;
      if (data) set({ files: data.files, storage: data.storage, loadFailed: false });
      else set({ loadFailed: true });
    },

    async rename(name, newName) {
      const siteId = get().siteId ?? '';
      const outcome = await call(() =>
        api.PATCH('/sites/{siteId}/files/{name}', { params: { path: { siteId, name } }, body: { newName } }),
      );
      if (outcome.data) {
        const renamed = outcome.data;
        set((s) => ({ files: (s.files ?? []).map((f) => (f.name === name ? renamed : f)) }));
      }
      return outcome;
    },

    async setTags(name, tags) {
      const siteId = get().siteId ?? '';
      const outcome = await call(() => api.PATCH('/sites/{siteId}/files/{name}', { params: { path: { siteId, name } }, body: { tags } }));
      if (outcome.data) {
        const tagged = outcome.data;
        set((s) => ({ files: (s.files ?? []).map((f) => (f.name === name ? tagged : f)) }));
      }
      return outcome;
    },

    async remove(name) {
      const siteId = get().siteId ?? '';
      const outcome = await request(
        useStore.getState,
        () => api.DELETE('/sites/{siteId}/files/{name}', { params: { path: { siteId, name } } }),
        {
          overlay: false,
        },
      );
      if (outcome.error) return outcome;
      set((s) => ({ files: (s.files ?? []).filter((f) => f.name !== name) }));
      await refreshStorage();
      return { data: null };
    },

    async importUrl(body) {
      const siteId = get().siteId ?? '';
      const outcome = await call(() => api.POST('/sites/{siteId}/files/import', { params: { path: { siteId } }, body }));
      if (outcome.data) await refreshStorage();
      return outcome;
    },

    addFiles(batch, owner) {
      const { files, storage, overwrite, uploads } = get();
      // A new batch after a finished one starts a clean panel.
      const finished = uploads.length > 0 && uploads.every((u) => u.status === 'done' || u.status === 'failed');
      if (finished) set({ uploads: [], problems: [], held: [] });
      if (storage && storageFull(storage)) {
        set({ problems: [storageMessage(owner)] });
        return;
      }
      const check = checkBatch(batch, files ?? []);
      const problems: string[] = finished ? [] : [...get().problems];
      const failed: Upload[] = check.tooLarge.map((f) => ({
        id: nextId++,
        name: f.name,
        size: f.size,
        sent: 0,
        status: 'failed',
        error: messages.uploadMaxFilesize,
      }));
      if (failed.length) problems.push(messages.uploadMaxFilesize);
      const hold = overwrite ? [] : check.existing;
      if (hold.length) problems.push(messages.someFilesUploaded);
      set((s) => ({ uploads: [...s.uploads, ...failed], held: [...s.held, ...hold], problems: unique(problems) }));
      void send(
        check.ready.filter((f) => !hold.includes(f)),
        overwrite,
        owner,
      );
    },

    setOverwrite: (overwrite) => set({ overwrite }),

    sendHeld(owner) {
      const held = get().held;
      const uploads = get().uploads.filter((u) => !(u.status === 'failed' && held.some((f) => f.name === u.name)));
      set({ held: [], uploads, problems: get().problems.filter((p) => p !== messages.someFilesUploaded) });
      void send(held, true, owner);
    },

    clearUploads: () => set({ uploads: [], held: [], problems: [], overwrite: false }),
  };
});

const unique = (list: string[]) => [...new Set(list)];
const withProblem = (list: string[], problem: string) => unique([...list, problem]);
