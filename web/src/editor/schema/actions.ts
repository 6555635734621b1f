import type { ApiError } from '@pagewright/sdk';
import { defineAction } from '../../site/actions/registry.ts';
import type { Entity } from './model.ts';

/**
 * Saves what a Schema.org component describes (PUT /schemaorg/{componentId}, with the preview: one
 * undo step, the canvas following). The node shows it at once; a refusal puts the node back and
 * hands the server's message to `onInvalid`.
 */
export const saveSchemaOrg = defineAction<{ id: string; json: Entity; onInvalid?: (message: string) => void; onSaved?: () => void }>({
  name: 'saveSchemaOrg',
  label: 'Edit Schema.org',
  recordsHistory: true,
  enabled: (s) => !s.readOnly,
  async perform({ store, api, showError }, { id, json, onInvalid, onSaved }) {
    const s = store.getState();
    const node = s.nodes.get(id);
    if (!node) return;
    const data = { ...node.data };
    if (Object.keys(json).length > 0) data.value = json;
    else delete data.value;
    s.changeNode({ ...node, data });
    let refused: ApiError | undefined;
    const answer = await s.edit(
      async (preview, via) => {
        const result = await api.PUT('/sites/{siteId}/schemaorg/{componentId}', {
          ...via,
          params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
          body: { json },
        });
        refused = result.error;
        return result;
      },
      { toast: false },
    );
    store.getState().settleNode(id, answer);
    if (answer) {
      onSaved?.();
      return;
    }
    if (refused?.status === 400 && onInvalid) onInvalid(refused.error);
    else if (refused) showError(refused);
  },
});
