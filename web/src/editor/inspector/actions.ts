import { defineAction } from '../../site/actions/registry.ts';
import { setPreviewWidth } from '../../site/actions/view.ts';
import { breakpointWidth, parseVariant } from '../../site/store/variants.ts';
import { bodyOf, type Patch } from './rules.ts';
import { classSwap, sharedStyleOf, showStyleNow, showTextNow } from '../canvas/instantStyle.ts';
import { instantTextOf } from '../canvas/inlineText.ts';

/**
 * The inspector's edits. Each is one editing call through the store's edit() (history, preview,
 * the canvas morphing), with the node updated at once so the panel never waits for the server.
 */

/** Style edits leave one after another, each after its canvas change has the CSS it needs (at most this long). */
let styleQueue: Promise<void> = Promise.resolve();
const CSS_WAIT_MS = 250;

/** Sets style settings of a component (`PATCH /theme/components/{id}`); null removes a setting. */
export const editComponentStyle = defineAction<{ id: string; edits: ReadonlyArray<{ setting: string; value: string | null }> }>({
  name: 'inspector.style',
  label: 'Edit style',
  recordsHistory: true,
  async perform({ store, api }, { id, edits }) {
    const s = store.getState();
    const node = s.nodes.get(id);
    if (!node || edits.length === 0) return;
    const style = new Map(Object.entries(node.style));
    let changed = false;
    for (const { setting, value } of edits) {
      if ((style.get(setting) ?? null) === value) continue;
      changed = true;
      if (value === null) style.delete(setting);
      else style.set(setting, value);
    }
    // Data edits are ignored when the value is unchanged (spec 001 §5).
    if (!changed) return;
    s.changeNode({ ...node, style: Object.fromEntries(style) });
    // The canvas shows the change now; the page's re-render that the edit answers with reconciles.
    const { ready, settle } = showStyleNow(id, classSwap(node, edits, sharedStyleOf(node, s.site?.style?.shared)));
    // The edit goes once the new classes' rules are in (the small CSS call first on the server), in order.
    const turn = styleQueue.then(() => Promise.race([ready, new Promise<void>((done) => setTimeout(done, CSS_WAIT_MS))]));
    styleQueue = turn;
    await turn;
    const data = await s.edit((preview, via) =>
      api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
        ...via,
        params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
        body: { edit: edits.map((e) => ({ setting: e.setting, value: e.value })) },
      }),
    );
    store.getState().settleNode(id, data ? { style: data.style } : null);
    settle(data !== null);
  },
});

/** Sets data settings of a component (`PATCH /components/{id}`); null removes a key. */
export const editComponentData = defineAction<{ id: string; patch: Patch; done?: (ok: boolean) => void }>({
  name: 'inspector.data',
  label: 'Edit setting',
  recordsHistory: true,
  async perform({ store, api }, { id, patch, done }) {
    const s = store.getState();
    const node = s.nodes.get(id);
    if (!node) return done?.(false);
    const data = new Map(Object.entries(node.data));
    const changes: Patch = new Map();
    for (const [key, value] of patch) {
      const before = data.get(key);
      if (JSON.stringify(before ?? null) === JSON.stringify(value ?? null)) continue;
      changes.set(key, value);
      if (value === null || value === undefined) data.delete(key);
      else data.set(key, value);
    }
    if (changes.size === 0) return done?.(true);
    s.changeNode({ ...node, data: Object.fromEntries(data) });
    // Plain text shows on the canvas now (issue 29); the answer's patch reconciles.
    const text = instantTextOf(node, changes, s.language);
    const shown = text === null ? null : showTextNow(id, text);
    const answer = await s.edit((preview, via) =>
      api.PATCH('/sites/{siteId}/components/{componentId}', {
        ...via,
        params: { path: { siteId: s.siteId, componentId: id }, query: { preview } },
        body: { data: bodyOf(changes) },
      }),
    );
    store.getState().settleNode(id, answer);
    shown?.settle(Boolean(answer));
    done?.(Boolean(answer));
  },
});

/** Picks the variant the inspector edits; the canvas goes to its breakpoint's width and forces its state. */
export const editVariant = defineAction<{ variant: string }>({
  name: 'inspector.variant',
  label: 'Edit variant',
  recordsHistory: false,
  perform(ctx, { variant }) {
    const parsed = parseVariant(variant);
    ctx.store.getState().setStyleVariant(variant);
    // The canvas goes to the breakpoint's width (base: the phone width), which selects it in the top bar too.
    if (parsed) void setPreviewWidth.perform(ctx, { width: breakpointWidth(parsed.breakpoint) });
  },
});
