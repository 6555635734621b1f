import { editComponentData, editComponentStyle } from '../inspector/actions.ts';
import { defineAction, perform } from '../../site/actions/registry.ts';

/**
 * Undo of "your change was replaced by someone's later edit" (issue 29): the user's values go back
 * on, as a new edit made now, so they are the later ones.
 */
export const restoreReplaced = defineAction({
  name: 'restoreReplaced',
  label: 'Put back my replaced change',
  recordsHistory: true,
  palette: true,
  enabled: (s) => s.replaced !== null,
  async perform(ctx) {
    const s = ctx.store.getState();
    const replaced = s.replaced ?? [];
    s.dismissReplaced();
    const ids = [...new Set(replaced.map((r) => r.id))];
    for (const id of ids) {
      const mine = replaced.filter((r) => r.id === id);
      const data = mine.filter((r) => r.kind === 'data');
      const style = mine.filter((r) => r.kind === 'style');
      if (data.length) await perform(ctx, editComponentData, { id, patch: new Map(data.map((r) => [r.setting, r.value])) });
      if (style.length)
        await perform(ctx, editComponentStyle, {
          id,
          edits: style.map((r) => ({ setting: r.setting, value: typeof r.value === 'string' ? r.value : null })),
        });
    }
  },
});
