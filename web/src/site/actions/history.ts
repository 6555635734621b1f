import { defineAction, type ActionContext } from './registry.ts';

/** Undo and redo replay the server's history; the answer names what changed, so the tree reloads. */
async function replay(ctx: ActionContext, direction: 'undo' | 'redo') {
  const { store, api } = ctx;
  const s = store.getState();
  const path = direction === 'undo' ? '/sites/{siteId}/versions/undo' : '/sites/{siteId}/versions/redo';
  await s.edit((preview, via) => api.PATCH(path, { ...via, params: { path: { siteId: s.siteId }, query: { preview } } }), {
    structure: true,
  });
}

export const undo = defineAction({
  name: 'undo',
  label: 'Undo',
  keys: ['Mod+z'],
  recordsHistory: true,
  // Available only when its count is above 0 (spec 001 §4).
  enabled: (s) => s.history.undo > 0,
  perform: (ctx) => replay(ctx, 'undo'),
});

export const redo = defineAction({
  name: 'redo',
  label: 'Redo',
  keys: ['Mod+Shift+z', 'Mod+y'],
  recordsHistory: true,
  enabled: (s) => s.history.redo > 0,
  perform: (ctx) => replay(ctx, 'redo'),
});
