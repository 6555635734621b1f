import type { ApiError, Schemas } from '@pagewright/sdk';
import { canvasAppearance, type EditVia, type EditorState } from '../store/store.ts';
import { defineAction, type ActionContext } from './registry.ts';

/**
 * The design screens' edits (spec 001 §2 "Design-theme", "Design-settings", design-styles): theme
 * colours, fonts, variables, the body's settings and shared styles. Each is one editing call with the
 * preview query, so one undo step and the canvas follows; the answer updates the site's style in the
 * store. A 400 goes to `onInvalid` (the server's message, said beside the control), anything else to
 * the banner.
 */

export type Theme = Schemas['Theme'];
export type SharedStyle = Schemas['SharedStyle'];
export type FontRole = 'heading' | 'sans';

/** Told the server's message for bad input, and the field it names. */
export type OnInvalid = (message: string, field: string | null) => void;

type Answer<T> = { data?: T; error?: ApiError; response: Response };

/** What every theme call sends: the edit's headers, the site (with the other path parameters given) and the preview query. */
type SiteRequest = <P extends object = object>(
  path?: P,
) => EditVia & { params: { path: { siteId: string } & P; query: { preview: string } } };

async function themeEdit<T>(
  ctx: ActionContext,
  run: (site: SiteRequest) => Promise<Answer<T>>,
  onInvalid?: OnInvalid,
  options: { structure?: boolean } = {},
): Promise<T | null> {
  const siteId = ctx.store.getState().siteId;
  let failure: ApiError | undefined;
  const data = await ctx.store.getState().edit(
    async (preview, via) => {
      const site: SiteRequest = <P extends object>(path?: P) => ({
        ...via,
        params: { path: { siteId, ...(path as P) }, query: { preview } },
      });
      const answer = await run(site);
      failure = answer.error;
      return answer;
    },
    { ...options, toast: false },
  );
  if (failure) {
    if (failure.status === 400 && onInvalid) onInvalid(failure.error, fieldOf(failure.info));
    else ctx.showError(failure);
  }
  return data;
}

const fieldOf = (info: unknown): string | null =>
  info && typeof info === 'object' && typeof (info as { field?: unknown }).field === 'string' ? (info as { field: string }).field : null;

/** One style setting of a theme component (the body, or `shared.<id>` for a shared style); answers its new style. */
const componentStyleEdit = (ctx: ActionContext, componentId: string, setting: string, value: string | null, onInvalid?: OnInvalid) =>
  themeEdit(
    ctx,
    (site) =>
      ctx.api.PATCH('/sites/{siteId}/theme/components/{componentId}', { ...site({ componentId }), body: { edit: [{ setting, value }] } }),
    onInvalid,
  );

/** The store's site with its style changed; nothing when the site has no style loaded. */
function withStyle(s: EditorState, change: (style: NonNullable<EditorState['site']>['style'] & object) => Partial<typeof style>) {
  const style = s.site?.style;
  if (!s.site || !style) return {};
  return { site: { ...s.site, style: { ...style, ...change(style) } } };
}

function setTheme(ctx: ActionContext, patch: Partial<Theme>) {
  ctx.store.setState((s) => withStyle(s, (style) => ({ theme: { ...style.theme, ...patch } })));
}

function setShared(ctx: ActionContext, shared: Record<string, SharedStyle>) {
  ctx.store.setState((s) => withStyle(s, () => ({ shared })));
}

/** Theme colours of spec 001 §2 (a base colour per name; the server makes its 12 light and 12 dark shades). */
export const setThemeColor = defineAction<{ name: string; value: string; onInvalid?: OnInvalid }>({
  name: 'setThemeColor',
  label: 'Set theme color',
  recordsHistory: true,
  async perform(ctx, { name, value, onInvalid }) {
    const data = await themeEdit(
      ctx,
      (site) =>
        ctx.api.PATCH('/sites/{siteId}/theme/colors', {
          ...site(),
          body: { [name]: value },
        }),
      onInvalid,
    );
    if (data) setTheme(ctx, { colors: data.colors });
  },
});

/**
 * The heading or body (sans) font: a family and its upright and italic weights. Choosing a family
 * sends only the family: the server keeps the weights it supports, else 400 or its first (spec 001 §4).
 */
export const setThemeFont = defineAction<{
  role: FontRole;
  family?: string;
  normal?: number[];
  italic?: number[];
  onInvalid?: OnInvalid;
}>({
  name: 'setThemeFont',
  label: 'Set theme font',
  recordsHistory: true,
  async perform(ctx, { role, family, normal, italic, onInvalid }) {
    const data = await themeEdit(
      ctx,
      (site) =>
        ctx.api.PATCH('/sites/{siteId}/theme/fonts/{role}', {
          ...site({ role }),
          body: { family, normal, italic },
        }),
      onInvalid,
    );
    const fonts = ctx.store.getState().site?.style?.theme.fonts;
    if (data && fonts) setTheme(ctx, { fonts: { ...fonts, [data.role]: data.font } });
  },
});

/** A theme variable (spacing, text size and corner tokens; null resets it), the appearance, or the text or corner scale. */
export const setThemeVariable = defineAction<{ variable: string; value: string | number | null; onInvalid?: OnInvalid }>({
  name: 'setThemeVariable',
  label: 'Set theme variable',
  recordsHistory: true,
  async perform(ctx, { variable, value, onInvalid }) {
    const data = await themeEdit(
      ctx,
      (site) =>
        ctx.api.PATCH('/sites/{siteId}/theme/vars', {
          ...site(),
          body: { variable, value },
        }),
      onInvalid,
    );
    if (!data) return;
    const shown = ctx.store.getState().preview?.appearance;
    setTheme(ctx, { appearance: data.appearance, textScale: data.textScale, cornerScale: data.cornerScale, vars: data.vars });
    // The preview came with the appearance asked before the change; a new one shows the one it fixes now.
    const s = ctx.store.getState();
    if (shown && canvasAppearance(s) !== shown) await s.refreshPreview();
  },
});

/** One style setting of the page body (the design-settings screen); '' or null removes it. */
export const setBodyStyle = defineAction<{ setting: string; value: string | null; onInvalid?: OnInvalid }>({
  name: 'setBodyStyle',
  label: 'Set body style',
  recordsHistory: true,
  async perform(ctx, { setting, value, onInvalid }) {
    const data = await componentStyleEdit(ctx, 'body', setting, value, onInvalid);
    if (data) setTheme(ctx, { body: data.style });
  },
});

/** One style setting of a shared style, as a space-separated class list; '' or null removes it. */
export const setSharedStyle = defineAction<{ styleId: string; setting: string; value: string | null; onInvalid?: OnInvalid }>({
  name: 'setSharedStyle',
  label: 'Edit shared style',
  recordsHistory: true,
  async perform(ctx, { styleId, setting, value, onInvalid }) {
    const data = await componentStyleEdit(ctx, `shared.${styleId}`, setting, value, onInvalid);
    const shared = ctx.store.getState().site?.style?.shared;
    const current = shared?.[styleId];
    if (data && shared && current) setShared(ctx, { ...shared, [styleId]: { ...current, style: data.style } });
  },
});

/** Makes a shared style the default of its type: new components of the type take it. */
export const makeDefaultSharedStyle = defineAction<{ styleId: string }>({
  name: 'makeDefaultSharedStyle',
  label: 'Make default',
  recordsHistory: true,
  async perform(ctx, { styleId }) {
    const data = await themeEdit(ctx, (site) =>
      ctx.api.POST('/sites/{siteId}/theme/shared/default/{sharedId}', { ...site({ sharedId: styleId }) }),
    );
    if (data) setShared(ctx, Object.fromEntries(data.shared.map((style) => [style.id, style])));
  },
});

/**
 * Deletes a shared style after asking; the components that took it keep its classes as their own, so
 * the document reloads. `onDeleted` runs once it is gone.
 */
export const deleteSharedStyle = defineAction<{ styleId: string; onDeleted?: () => void }>({
  name: 'deleteSharedStyle',
  label: 'Delete shared style',
  recordsHistory: true,
  async perform(ctx, { styleId, onDeleted }) {
    const s = ctx.store.getState();
    const name = s.site?.style?.shared[styleId]?.name ?? styleId;
    const sure = await ctx.confirm({
      title: `Delete ${name}?`,
      text: 'The components that use this shared style keep its classes as their own.',
      confirmLabel: 'Delete',
      danger: true,
    });
    if (!sure) return;
    const data = await themeEdit(
      ctx,
      (site) => ctx.api.DELETE('/sites/{siteId}/theme/shared/{sharedId}', { ...site({ sharedId: styleId }) }),
      undefined,
      { structure: true },
    );
    if (data) onDeleted?.();
  },
});

/** Renames a shared style or changes its icon (null takes it off); its id, which components take it by, stays. */
export const updateSharedStyle = defineAction<{ styleId: string; name?: string; icon?: string | null; onInvalid?: OnInvalid }>({
  name: 'updateSharedStyle',
  label: 'Rename shared style',
  recordsHistory: true,
  async perform(ctx, { styleId, name, icon, onInvalid }) {
    const data = await themeEdit(
      ctx,
      (site) =>
        ctx.api.PATCH('/sites/{siteId}/theme/shared/{sharedId}', {
          ...site({ sharedId: styleId }),
          body: { ...(name !== undefined ? { name } : {}), ...(icon !== undefined ? { icon } : {}) },
        }),
      onInvalid,
    );
    const shared = ctx.store.getState().site?.style?.shared;
    if (data && shared) setShared(ctx, { ...shared, [styleId]: data.shared });
  },
});

/**
 * A new shared style made from a component's style (`theme/copy` with copyType shared): the component
 * takes it by name. `onCreated` gets the new style's id.
 */
export const createSharedStyle = defineAction<{
  componentId: string;
  name: string;
  onInvalid?: OnInvalid;
  onCreated?: (id: string) => void;
}>({
  name: 'createSharedStyle',
  label: 'New shared style',
  recordsHistory: true,
  async perform(ctx, { componentId, name, onInvalid, onCreated }) {
    const data = await themeEdit(
      ctx,
      (site) =>
        ctx.api.PATCH('/sites/{siteId}/theme/copy', {
          ...site(),
          body: { fromComponentId: componentId, toComponentIds: [componentId], copyType: 'shared', name },
        }),
      onInvalid,
      { structure: true },
    );
    const created = data?.shared;
    const shared = ctx.store.getState().site?.style?.shared;
    if (created && shared) {
      setShared(ctx, { ...shared, [created.id]: created });
      onCreated?.(created.id);
    }
  },
});

/** A global variable (`site.*`, `meta.*`, `legal.*`): text that `{site.name}`-style template variables show everywhere. */
export const setGlobalVariable = defineAction<{ variable: string; value: string; onInvalid?: OnInvalid }>({
  name: 'setGlobalVariable',
  label: 'Set global variable',
  recordsHistory: true,
  async perform(ctx, { variable, value, onInvalid }) {
    const data = await themeEdit(
      ctx,
      (site) => ctx.api.POST('/sites/{siteId}/global', { ...site(), body: { variable, value } }),
      onInvalid,
    );
    const site = ctx.store.getState().site;
    if (data && site) ctx.store.setState({ site: { ...site, globals: data.globals } });
  },
});
