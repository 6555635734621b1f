import type { RenderContext } from '../context.js';
import { el } from '../html.js';
import { common, register, type Part } from '../node.js';
import { num, text } from '../values.js';
import { withAction } from './actions.js';
import { iconExists, iconSvg } from './icon-svg.js';
import { imageSource, img } from './image.js';

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

register('icon', (part) => withAction(part, icon(part)));

function icon(part: Part): string {
  const { ctx, node, scope } = part;
  const name = text(ctx, node, 'value', scope) || text(ctx, node, 'fallback', scope);
  const title = text(ctx, node, 'title', scope) || text(ctx, node, 'alt', scope);
  const { classes, extra } = paint(part);
  const root = common(part, classes);
  if (!iconExists(name)) {
    // An image or SVG asset used as an icon.
    const source = imageSource(ctx, node, scope, 'path');
    if (source) return img(ctx, node, scope, source, { ...root, width: undefined, height: undefined });
    return ctx.preview ? el('span', { ...root, 'aria-hidden': 'true' }) : '';
  }
  // Every attribute of the component's settings goes on the svg itself (it has no wrapper).
  const { class: cls, ...rest } = root;
  const label = title || (typeof rest['aria-label'] === 'string' ? rest['aria-label'] : '');
  return iconSvg(ctx, name, {
    hidden: !label || rest['aria-hidden'] === 'true',
    title: label,
    class: cls as string | undefined,
    extra: { ...extra, ...(rest as Record<string, string | number | boolean | undefined>) },
  });
}

/** A row of `total` icons of which the first `count` are filled: a rating. */
register('icons', (part) => {
  const { ctx, node, scope } = part;
  const name = text(ctx, node, 'value', scope) || 'zondicons:star-full';
  const total = Math.min(12, Math.max(1, num(node, 'total', 5)));
  const count = Math.min(total, Math.max(0, Number(text(ctx, node, 'count', scope)) || num(node, 'count', total)));
  const label = text(ctx, node, 'alt', scope) || `${count} / ${total}`;
  let inner = '';
  for (let i = 0; i < total; i++) inner += iconSvg(ctx, name, { hidden: true, class: i < count ? undefined : ctxUse(ctx, 'opacity-30') });
  return el('span', { role: 'img', 'aria-label': label, ...common(part, 'inline-flex') }, inner);
});

function ctxUse(ctx: RenderContext, cls: string): string {
  ctx.classes.add(cls);
  return cls;
}
