import type { ApiError } from '@pagewright/sdk';
import { defineAction } from '../../site/actions/registry.ts';
import type { OnInvalid } from '../../site/actions/theme.ts';
import type { DataPatch } from './state.ts';

/**
 * Writes data settings of one component in one editing call (one undo step, the canvas following):
 * the keys of `patch`, null removing one. The node shows the patch at once and takes the server's
 * answer after; a refusal (400) goes to `onInvalid` in the server's words and the node is put back.
 */
export const setComponentData = defineAction<{ id: string; patch: DataPatch; onInvalid?: OnInvalid }>({
  name: 'setComponentData',
  label: 'Edit settings',
  recordsHistory: true,
  enabled: (s) => !s.readOnly,
  async perform({ store, api, showError }, { id, patch, onInvalid }) {
    const s = store.getState();
    const node = s.nodes.get(id);
    if (!node || Object.keys(patch).length === 0) return;
    const data = { ...node.data };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete data[key];
      else data[key] = value;
    }
    s.changeNode({ ...node, data });
    let refused: ApiError | undefined;
    const answer = await s.edit(
      async (preview, via) => {
        const result = await api.PATCH('/sites/{siteId}/components/{componentId}', {
          ...via,
          params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
          body: { data: patch },
        });
        refused = result.error;
        return result;
      },
      { toast: false },
    );
    store.getState().settleNode(id, answer);
    if (answer || !refused) return;
    const info = refused.info as { field?: unknown } | undefined;
    if (refused.status === 400 && onInvalid) onInvalid(refused.error, typeof info?.field === 'string' ? info.field : null);
    else showError(refused);
  },
});
