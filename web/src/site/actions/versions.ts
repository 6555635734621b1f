import { defineAction } from './registry.ts';

/** Saves a version with a message; the counters return to 0 and 'Checkpoint saved' shows (spec 001 §4). */
export const commitVersion = defineAction<{ message: string }>({
  name: 'commitVersion',
  label: 'Save version',
  recordsHistory: false,
  async perform(ctx, { message }) {
    const { store, api } = ctx;
    const s = store.getState();
    const data = await s.edit((_preview, via) =>
      api.POST('/sites/{siteId}/versions/commit', { ...via, params: { path: { siteId: s.siteId } }, body: { message } }),
    );
    if (!data) return;
    store.getState().closePopup();
    ctx.notify('Checkpoint saved');
    await store.getState().refreshDocument();
  },
});

/** Discards the uncommitted changes after asking (irreversible), then reloads. */
export const resetVersion = defineAction({
  name: 'resetVersion',
  label: 'Reset to the last version',
  recordsHistory: true,
  palette: true,
  enabled: (s) => s.history.unsaved > 0,
  async perform(ctx) {
    const { store, api } = ctx;
    const sure = await ctx.confirm({
      title: 'Reset to the last version',
      text: 'Discard every change since the last saved version? This cannot be undone.',
      confirmLabel: 'Reset',
      danger: true,
    });
    if (!sure) return;
    const s = store.getState();
    const data = await s.edit((_preview, via) =>
      api.DELETE('/sites/{siteId}/versions/reset', { ...via, params: { path: { siteId: s.siteId } } }),
    );
    if (!data) return;
    await store.getState().load();
  },
});

/** Downloads a saved version as JSON. */
export const downloadVersion = defineAction<{ versionId: number }>({
  name: 'downloadVersion',
  label: 'Download',
  recordsHistory: false,
  async perform(ctx, { versionId }) {
    const s = ctx.store.getState();
    const { data, error } = await ctx.api.GET('/sites/{siteId}/versions/{versionId}/download', {
      params: { path: { siteId: s.siteId, versionId } },
      parseAs: 'blob',
    });
    if (error) return ctx.showError(error);
    if (data) ctx.save(data, `${s.siteId}-version-${versionId}.json`);
  },
});
