import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { RenderContext } from '../context.js';
import { attrs, el, esc } from '../html.js';
import { common, register, type Part } from '../node.js';
import { num, text } from '../values.js';
import { imageSource, img } from './image.js';

/**
 * Icons from the packaged Iconify sets, inlined as SVG: `zondicons:heart`, `bi:github`,
 * `simple-icons:github` (brands), `flag:fi-4x3` / `flag:fi-1x1`. A set is read once, on first use.
 */
interface IconifySet {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number; left?: number; top?: number }>;
  aliases?: Record<string, { parent: string; width?: number; height?: number }>;
}

const ICON_SETS: Record<string, string> = {
  zondicons: '@iconify-json/zondicons/icons.json',
  bi: '@iconify-json/bi/icons.json',
  bootstrap: '@iconify-json/bi/icons.json',
  'simple-icons': '@iconify-json/simple-icons/icons.json',
  brand: '@iconify-json/simple-icons/icons.json',
  flag: '@iconify-json/flag/icons.json',
};

const require = createRequire(import.meta.url);
const sets = new Map<string, IconifySet | null>();

function loadSet(prefix: string): IconifySet | null {
  const file = ICON_SETS[prefix];
  if (!file) return null;
  if (!sets.has(file)) {
    try {
      sets.set(file, JSON.parse(fs.readFileSync(require.resolve(file), 'utf8')) as IconifySet);
    } catch {
      sets.set(file, null);
    }
  }
  return sets.get(file) ?? null;
}

interface IconData {
  body: string;
  width: number;
  height: number;
  left: number;
  top: number;
}

/** An icon's SVG body and box, or undefined when the name is unknown. */
function iconData(name: string): IconData | undefined {
  const sep = name.indexOf(':');
  if (sep === -1) return undefined;
  const set = loadSet(name.slice(0, sep));
  if (!set) return undefined;
  let key = name.slice(sep + 1);
  let box: { width?: number; height?: number } = {};
  for (let hops = 0; !set.icons[key] && set.aliases?.[key] && hops < 4; hops++) {
    box = { ...set.aliases[key], ...box };
    key = set.aliases[key]!.parent;
  }
  const icon = set.icons[key];
  if (!icon) return undefined;
  return {
    body: icon.body,
    width: box.width ?? icon.width ?? set.width ?? 16,
    height: box.height ?? icon.height ?? set.height ?? 16,
    left: icon.left ?? 0,
    top: icon.top ?? 0,
  };
}

/**
 * An inline `<svg>` for an icon. Decorative icons are `aria-hidden`; an icon with a title is an
 * image with that name. Ids inside the body (flags' clip paths) are made unique per render.
 */
export function iconSvg(
  ctx: RenderContext,
  name: string,
  o: { hidden?: boolean; title?: string; class?: string; extra?: Record<string, string | number | boolean | undefined> } = {},
): string {
  const icon = iconData(name);
  if (!icon) return '';
  let body = icon.body;
  if (body.includes('id="')) {
    const n = (ctx.ids.get('\u0000icon') ?? 0) + 1;
    ctx.ids.set('\u0000icon', n);
    body = body
      .replace(/id="([^"]+)"/g, `id="$1-i${n}"`)
      .replace(/url\(#([^)]+)\)/g, `url(#$1-i${n})`)
      .replace(/href="#([^"]+)"/g, `href="#$1-i${n}"`);
  }
  const title = o.title && !o.hidden ? o.title : '';
  return `<svg${attrs({
    xmlns: 'http://www.w3.org/2000/svg',
    viewBox: `${icon.left} ${icon.top} ${icon.width} ${icon.height}`,
    width: '1em',
    height: `${Math.round((icon.height / icon.width) * 1000) / 1000}em`,
    class: o.class,
    'aria-hidden': title ? undefined : 'true',
    role: title ? 'img' : undefined,
    'aria-label': title || undefined,
    focusable: 'false',
    ...o.extra,
  })}>${title ? `<title>${esc(title)}</title>` : ''}${body}</svg>`;
}

/** Fill and stroke of the Icon group: a theme colour (`primary-l9`) becomes a class, a hex an attribute. */
export function paint(part: Part): { classes: string; extra: Record<string, string | undefined> } {
  const { node } = part;
  const classes: string[] = [];
  const extra: Record<string, string | undefined> = {};
  const color = (key: string, prefix: string, attr: string) => {
    const v = node.data[key];
    if (typeof v !== 'string' || v === '') return;
    if (/^#[0-9a-f]{3,8}$/i.test(v)) extra[attr] = v;
    else if (/^[a-z]+(-[a-z0-9]+)*$/.test(v)) classes.push(`${prefix}-${v}`);
    const dark = node.data[`dark.${key}`];
    if (typeof dark === 'string' && /^[a-z]+(-[a-z0-9]+)*$/.test(dark)) classes.push(`dark:${prefix}-${dark}`);
  };
  color('fill', 'fill', 'fill');
  color('strokeColor', 'stroke', 'stroke');
  const width = Number(node.data.strokeWidth);
  if (Number.isFinite(width) && width > 0) extra['stroke-width'] = String(Math.min(10, width));
  return { classes: classes.join(' '), extra };
}

register('icon', (part) => {
  const { ctx, node, scope } = part;
  const name = text(ctx, node, 'value', scope) || text(ctx, node, 'fallback', scope);
  const title = text(ctx, node, 'title', scope) || text(ctx, node, 'alt', scope);
  const { classes, extra } = paint(part);
  const root = common(part, classes);
  if (!iconData(name)) {
    // An image or SVG asset used as an icon.
    const source = imageSource(ctx, node, scope, 'path');
    if (source) return img(ctx, node, scope, source, { ...root, width: undefined, height: undefined });
    return ctx.preview ? el('span', { ...root, 'aria-hidden': 'true' }) : '';
  }
  return iconSvg(ctx, name, {
    hidden: !title,
    title,
    class: root.class as string | undefined,
    extra: { ...extra, 'data-pw-id': root['data-pw-id'] as string | undefined, id: root.id as string | undefined },
  });
});

/** A row of `total` icons of which the first `count` are filled: a rating. */
register('icons', (part) => {
  const { ctx, node, scope } = part;
  const name = text(ctx, node, 'value', scope) || 'zondicons:star-full';
  const total = Math.min(12, Math.max(1, num(node, 'total', 5)));
  const count = Math.min(total, Math.max(0, Number(text(ctx, node, 'count', scope)) || num(node, 'count', total)));
  const label = text(ctx, node, 'alt', scope) || `${count} / ${total}`;
  let inner = '';
  for (let i = 0; i < total; i++) inner += iconSvg(ctx, name, { hidden: true, class: i < count ? undefined : ctxUse(ctx, 'opacity-30') });
  return el('span', { ...common(part, 'inline-flex'), role: 'img', 'aria-label': label }, inner);
});

function ctxUse(ctx: RenderContext, cls: string): string {
  ctx.classes.add(cls);
  return cls;
}
