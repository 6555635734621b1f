import { attrClasses, componentClasses } from '@pagewright/sdk/classes';
import type { Node, SharedStyle } from '../model/document.js';
import type { RenderContext } from './context.js';

/** Which shared-style type a component takes by default (a shared style with `default: true`). */
const SHARED_TYPE: Partial<Record<Node['type'], SharedStyle['type']>> = {
  heading: 'text',
  paragraph: 'text',
  text: 'text',
  richtext: 'richtext',
  button: 'button',
  input: 'input',
  textarea: 'input',
  select: 'input',
};

function sharedStyleOf(ctx: RenderContext, node: Node): SharedStyle | undefined {
  const inherits = node.data.inherits;
  if (typeof inherits === 'string' && inherits !== '') return ctx.doc.shared[inherits];
  const type = SHARED_TYPE[node.type];
  if (!type) return undefined;
  const key = `default:${type}`;
  if (!ctx.cache.has(key))
    ctx.cache.set(
      key,
      Object.values(ctx.doc.shared).find((s) => s.default && s.type === type),
    );
  return ctx.cache.get(key) as SharedStyle | undefined;
}

/**
 * The class list of a node as Tailwind resolves it (@pagewright/sdk/classes): `extra` (classes the
 * renderer needs for the component to work, e.g. `sr-only`) first, then its shared style's classes,
 * its own settings' and `_attr.class`, merged, so a later class replaces an earlier one of the same
 * conflict group and variant, whichever setting holds either. The inspector reads the same list.
 * Every class is recorded for the CSS build.
 */
export function nodeClasses(ctx: RenderContext, node: Node, extra?: string): string {
  // A compile renders the same node on many pages: its class list is worked out once per compile.
  const key = `class:${node.id}\u0000${extra ?? ''}`;
  const hit = ctx.cache.get(key) as { list: string[]; joined: string } | undefined;
  if (hit) {
    for (const c of hit.list) ctx.classes.add(c);
    return hit.joined;
  }
  const list = classList(ctx, node, extra);
  const joined = list.join(' ');
  ctx.cache.set(key, { list, joined });
  for (const c of list) ctx.classes.add(c);
  return joined;
}

function classList(ctx: RenderContext, node: Node, extra?: string): string[] {
  const merged = componentClasses(node.style, sharedStyleOf(ctx, node)?.style, attrClasses(node.data['_attr.class']));
  if (!extra) return merged;
  return [...new Set([...split(extra), ...merged])];
}

/** Records classes the renderer itself writes (skip links, screen-reader text…) and returns them. */
export function use(ctx: RenderContext, classes: string): string {
  for (const c of split(classes)) ctx.classes.add(c);
  return classes;
}

function split(s: string): string[] {
  if (!s) return [];
  return s.split(/\s+/).filter(Boolean);
}

/** Whether the node's own style has a class at the base variant matching `re`. */
export function hasBaseClass(node: Node, re: RegExp): boolean {
  for (const key in node.style) {
    for (const c of split(node.style[key]!)) if (!c.includes(':') && re.test(c)) return true;
  }
  return false;
}
