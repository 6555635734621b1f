import type { Node } from '../model/document.js';
import { safeUrl } from '../core/sanitize.js';
import { hasBaseClass } from './classes.js';
import type { RenderContext, Scope } from './context.js';
import { derivedUrl } from './derived.js';
import { data, fill, isEmpty, itemField, num } from './values.js';

/**
 * Settings every component takes beside its classes (spec 001 §3 groups Background, Animations,
 * Render; the container's group hover): what they add to the component's root, and whether it
 * renders at all for the item in scope.
 */

const ENTRANCES = new Set(['fade', 'slide-up', 'slide-left', 'zoom']);

/** Classes, inline style and attributes the root gets from these settings. */
export function settingAttrs(
  ctx: RenderContext,
  node: Node,
  scope: Scope | undefined,
): { classes: string[]; style?: string; attrs: Record<string, string> } {
  const classes: string[] = [];
  const attrs: Record<string, string> = {};
  let style: string | undefined;

  // Background image (`_bg`): the site file at the background's width and quality (compile), its blur.
  const bg = backgroundUrl(ctx, node, scope);
  if (bg) {
    const blur = Math.min(50, Math.max(0, num(node, '_options.bgBlur', 0)));
    style = `--pw-bg:url("${bg.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`;
    if (blur > 0) {
      style += `;--pw-bg-blur:${blur}px`;
      classes.push('pw-bg-blur');
      if (!hasBaseClass(node, /^(relative|absolute|fixed|sticky)$/)) classes.push('relative');
    } else classes.push('pw-bg');
    if (!hasBaseClass(node, /^bg-(auto|cover|contain)$/)) classes.push('bg-cover');
    if (!hasBaseClass(node, /^bg-(center|top|bottom|left|right|left-top|right-top|left-bottom|right-bottom)$/)) classes.push('bg-center');
    if (!hasBaseClass(node, /^bg-(no-repeat|repeat|repeat-x|repeat-y|repeat-round|repeat-space)$/)) classes.push('bg-no-repeat');
  }

  // Entrance animation: the compiled page hides the component until it scrolls into view (scripts.ts
  // `animate`), only where scripts run and motion is welcome; the editor's preview shows it as it ends.
  const animate = node.data['_options.animate'];
  if (typeof animate === 'string' && ENTRANCES.has(animate)) {
    attrs['data-pw-animate'] = animate;
    if (!ctx.preview) {
      classes.push(`pw-animate-${animate}`);
      ctx.scripts.add('animate');
    }
  }

  // Group hover: the container names the group its children's `group-hover/<name>:` classes follow.
  const group = node.data['_options.groupHover'];
  if (typeof group === 'string' && group.trim()) {
    const name = group.trim().replace(/^group\/?/, '');
    if (/^[\w-]*$/.test(name)) classes.push(name ? `group/${name}` : 'group');
  }
  for (const c of classes) ctx.classes.add(c);
  return { classes, ...(style ? { style } : {}), attrs };
}

function backgroundUrl(ctx: RenderContext, node: Node, scope: Scope | undefined): string | undefined {
  let value = data(ctx, node, '_bg', scope);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    value = o.src ?? o.url ?? o.name;
  }
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const name = value.trim();
  if (/^(https?:)?\/\//.test(name) || name.startsWith('/') || name.startsWith('data:')) {
    const url = safeUrl(name, true);
    return url === '#' ? undefined : url;
  }
  const width = num(node, '_options.bgWidth', 0);
  const quality = num(node, '_options.bgQuality', 0);
  // The file as it is unless a width or quality asks for a copy of it.
  const copy = width || quality ? derivedUrl(ctx, { name, ...(width ? { width } : {}), ...(quality ? { quality } : {}) }) : undefined;
  return copy ?? ctx.assetUrl(name);
}

/**
 * The Render group's filter: with a field set, the component renders only when the item in scope
 * passes (`or`/unset: its value is one of the filter's, `not`: none of them, `notEmpty`, `empty`).
 * An empty filter list lets every item through; without an item in scope there is nothing to test.
 */
export function passesRenderFilter(ctx: RenderContext, node: Node, scope: Scope | undefined): boolean {
  const field = node.data['_options.renderField'];
  if (typeof field !== 'string' || field.trim() === '' || !scope) return true;
  let s: Scope | undefined = scope;
  while (s && !(field in s.item)) s = s.parent;
  const item = (s ?? scope).item;
  const collection = (s ?? scope).collection;
  if (collection) ctx.deps.add(`item:${collection.id}.${item._id}`);
  const value = itemField(ctx, item, field.trim());
  const type = typeof node.data['_options.renderType'] === 'string' ? node.data['_options.renderType'] : '';
  if (type === 'empty') return isEmpty(value);
  if (type === 'notEmpty') return !isEmpty(value);
  const raw = node.data['_options.renderFilter'];
  const wanted = (Array.isArray(raw) ? raw : typeof raw === 'string' && raw !== '' ? raw.split(',') : [])
    .map((v) => fill(ctx, String(v).trim(), scope))
    .filter((v) => v !== '');
  if (wanted.length === 0) return true;
  const values = (Array.isArray(value) ? value : [value]).map((v) => (v === undefined || v === null ? '' : String(v)));
  const hit = values.some((v) => wanted.includes(v));
  return type === 'not' ? !hit : hit;
}
