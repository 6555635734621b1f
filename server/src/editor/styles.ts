import { componentClasses, layeredClasses } from '@pagewright/sdk/classes';
import { invalid, notFound } from '../core/errors.js';
import { messages } from '../core/messages.js';
import { nodeOr404 } from './components.js';
import { originalOf } from '../site/aliases.js';
import { sharedTypeOf } from './component-data.js';
import type { EditContext } from '../site/documents.js';
import { idField, optionalText, requiredText } from '../core/validation.js';
import { slugify, uniqueId, type SharedStyle, type SiteDoc } from '../model/document.js';
import type { Draft, Path } from '../model/paths.js';

/**
 * Styles (spec 001 §3 "Style setting"): a setting name maps to space-separated Tailwind classes
 * with variant prefixes. The target is a component (an alias styles its original), a shared style
 * (`shared.{id}`) or the page body of the design-settings screen (`body`).
 */
function stylePath(doc: SiteDoc, id: string): Path {
  if (id === 'body') return ['theme', 'body'];
  if (id.startsWith('shared.')) {
    const shared = id.slice('shared.'.length);
    if (!doc.shared[shared]) throw notFound(messages.sharedStyleNotFound);
    return ['shared', shared, 'style'];
  }
  nodeOr404(doc, id);
  return ['nodes', originalOf(doc, id), 'style'];
}

const SETTING = /^[A-Za-z][\w\-.]{0,63}$/;
// A class token: anything Tailwind accepts in a class attribute, but nothing that could leave it.
const TOKEN = /^[^\s<>"'`{};\\]{1,200}$/;

function settingName(setting: unknown): string {
  if (typeof setting !== 'string' || !SETTING.test(setting)) throw invalid('setting', messages.styleSettingInvalid);
  return setting;
}

/** A setting's classes, whitespace-normalised and without repeats; '' or null removes the setting. */
function styleValue(setting: string, value: unknown): string | undefined {
  if (value === null || value === '') return undefined;
  if (typeof value !== 'string') throw invalid(setting, messages.styleValueInvalid);
  const tokens = [...new Set(value.trim().split(/\s+/).filter(Boolean))];
  if (tokens.length > 100 || !tokens.every((t) => TOKEN.test(t))) throw invalid(setting, messages.styleValueInvalid);
  return tokens.length ? tokens.join(' ') : undefined;
}

/** PATCH /theme/components/{id}: `edit` is a list of `{ setting, value }`. */
export function editStyle(draft: Draft<SiteDoc>, id: string, body: { edit?: unknown }, ctx: EditContext) {
  const path = stylePath(draft.doc, id);
  if (!Array.isArray(body.edit) || body.edit.length === 0 || body.edit.length > 200)
    throw invalid('edit', 'edit must be a list of { setting, value }');
  for (const entry of body.edit as { setting?: unknown; value?: unknown }[]) {
    if (!entry || typeof entry !== 'object') throw invalid('edit', 'edit must be a list of { setting, value }');
    const setting = settingName(entry.setting);
    draft.set([...path, setting], styleValue(setting, entry.value));
  }
  ctx.event('styleEdit');
  return { id, style: draft.get<Record<string, string>>(path) };
}

/** DELETE /theme/components/{id}: resets one setting (`?setting=`) or the whole style to its default. */
export function resetStyle(draft: Draft<SiteDoc>, id: string, setting: unknown) {
  const path = stylePath(draft.doc, id);
  if (setting === undefined) draft.set(path, {});
  else draft.remove([...path, settingName(setting)]);
  return { id, style: draft.get<Record<string, string>>(path) };
}

const COPY_TYPES = ['style', 'content', 'all', 'shared'] as const;

/**
 * PATCH /theme/copy: copies a component's style (`style`), its content settings (`content`), both
 * (`all`), or makes its style a new shared style that it and the targets take (`shared`).
 */
export function copyStyle(
  draft: Draft<SiteDoc>,
  body: { fromComponentId?: unknown; toComponentIds?: unknown; copyType?: unknown; name?: unknown },
) {
  const doc = draft.doc;
  const fromId = idField(body.fromComponentId, 'fromComponentId', messages.componentNotFound);
  if (!doc.nodes[fromId]) throw invalid('fromComponentId', messages.componentNotFound);
  const source = doc.nodes[originalOf(doc, fromId)]!;
  const copyType = body.copyType;
  if (typeof copyType !== 'string' || !(COPY_TYPES as readonly string[]).includes(copyType))
    throw invalid('copyType', messages.copyTypeInvalid);
  const targets = body.toComponentIds;
  if (!Array.isArray(targets) || targets.length === 0 || targets.length > 500)
    throw invalid('toComponentIds', messages.copyTargetsRequired);
  const ids = targets
    .map((t) => {
      if (typeof t !== 'string' || !doc.nodes[t]) throw invalid('toComponentIds', messages.componentNotFound);
      return originalOf(doc, t);
    })
    .filter((t) => t !== source.id);

  let shared: SharedStyle | undefined;
  if (copyType === 'shared') {
    const name = optionalText(body.name, 'name', 100) || String(source.data['_options.name'] ?? source.type);
    const id = uniqueId(slugify(name), (candidate) => Boolean(doc.shared[candidate]));
    shared = { id, name, type: sharedTypeOf(source.type), default: false, style: { ...source.style } };
    draft.set(['shared', id], shared);
    for (const target of [source.id, ...ids]) {
      draft.set(['nodes', target, 'data', 'inherits'], id);
      draft.set(['nodes', target, 'style'], {});
    }
  }
  for (const target of ids) {
    if (copyType === 'style' || copyType === 'all') draft.set(['nodes', target, 'style'], source.style);
    if (copyType === 'content' || copyType === 'all') {
      const name = doc.nodes[target]!.data['_options.name'];
      const data = { ...source.data, '_options.name': name };
      draft.set(['nodes', target, 'data'], data);
    }
  }
  const components = [source.id, ...ids].map((id) => ({ id, style: doc.nodes[id]!.style, data: doc.nodes[id]!.data }));
  return shared ? { components, shared: doc.shared[shared.id]! } : { components };
}

/**
 * DELETE /theme/shared/{id}: the shared style goes; components that took it keep its classes as
 * their own (those their own classes do not replace), so nothing changes on the page.
 */
export function deleteShared(draft: Draft<SiteDoc>, id: string) {
  const doc = draft.doc;
  const shared = doc.shared[id];
  if (!shared) throw notFound(messages.sharedStyleNotFound);
  const components: string[] = [];
  for (const node of Object.values(doc.nodes)) {
    if (node.data.inherits !== id) continue;
    components.push(node.id);
    // The shared style's classes the page still shows (those the node's own do not replace) come first,
    // its settings the node does not have, then the node's, each after the shared ones of its name.
    const shown = new Set(componentClasses(node.style, shared.style));
    const own = new Set(layeredClasses(node.style));
    const kept = (setting: string) => (shared.style[setting] ?? '').split(/\s+/).filter((c) => c && shown.has(c) && !own.has(c));
    const style: Record<string, string> = {};
    for (const setting of Object.keys(shared.style))
      if (node.style[setting] === undefined && kept(setting).length) style[setting] = kept(setting).join(' ');
    for (const [setting, classes] of Object.entries(node.style)) style[setting] = [...kept(setting), classes].join(' ');
    draft.set(['nodes', node.id, 'style'], style);
    draft.remove(['nodes', node.id, 'data', 'inherits']);
  }
  draft.remove(['shared', id]);
  return { id, components };
}

/** POST /theme/shared/default/{id}: the shared style new components of its type take. */
export function defaultShared(draft: Draft<SiteDoc>, id: string) {
  const doc = draft.doc;
  const chosen = doc.shared[id];
  if (!chosen) throw notFound(messages.sharedStyleNotFound);
  for (const style of Object.values(doc.shared)) {
    if (style.type === chosen.type) draft.set(['shared', style.id, 'default'], style.id === id);
  }
  return { shared: Object.values(doc.shared) };
}

const ICON = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** PATCH /theme/shared/{id}: a shared style's name or icon. Its id, which components take it by, stays. */
export function updateShared(draft: Draft<SiteDoc>, id: string, body: { name?: unknown; icon?: unknown }) {
  if (!draft.doc.shared[id]) throw notFound(messages.sharedStyleNotFound);
  if (body.name !== undefined) draft.set(['shared', id, 'name'], requiredText(body.name, 'name', 100, messages.componentNameRequired));
  if (body.icon === null) draft.remove(['shared', id, 'icon']);
  else if (body.icon !== undefined) {
    if (typeof body.icon !== 'string' || body.icon.length > 64 || !ICON.test(body.icon))
      throw invalid('icon', messages.sharedStyleIconInvalid);
    draft.set(['shared', id, 'icon'], body.icon);
  }
  return { shared: draft.doc.shared[id] };
}
