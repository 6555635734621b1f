import { safeUrl, sanitizeInlineSvg } from '../../core/sanitize.js';
import type { Node } from '../../model/document.js';
import type { RenderContext } from '../context.js';
import { attrs, el, esc, escAttr } from '../html.js';
import { children, common, register, use } from '../node.js';
import { data, flag, num, text } from '../values.js';
import { derivedUrl } from '../derived.js';
import { iconSvg } from './icon-svg.js';
import { paint } from './icons.js';
import { imageSource, img } from './image.js';
import { repeatedItems } from './lists.js';

/** A YouTube id from an id or any YouTube address. */
function youtubeId(value: string): string | undefined {
  const v = value.trim();
  if (/^[\w-]{6,20}$/.test(v)) return v;
  const m = /(?:youtu\.be\/|v=|embed\/|shorts\/)([\w-]{6,20})/.exec(v);
  return m?.[1];
}

export interface PlayerOptions {
  width?: number;
  height?: number;
  title?: string;
  privacy?: boolean;
  start?: number;
  autoplay?: boolean;
  controls?: boolean;
  muted?: boolean;
  /** `onclick` (default): a thumbnail button that loads the player when pressed; `lazy`: the iframe, lazily loaded. */
  loading?: string;
  attributes?: Record<string, string | boolean | undefined>;
}

/** YouTube without loading anything from YouTube until the visitor asks: a play button over the thumbnail. */
export function youtubePlayer(ctx: RenderContext, value: string, o: PlayerOptions): string {
  const id = youtubeId(value);
  if (!id) return '';
  const width = o.width ?? 560;
  const height = o.height ?? 315;
  const title = o.title || 'YouTube video';
  const host = o.privacy === false ? 'https://www.youtube.com' : 'https://www.youtube-nocookie.com';
  const params = new URLSearchParams();
  if (o.loading !== 'lazy' || o.autoplay) params.set('autoplay', '1');
  if (o.start) params.set('start', String(Math.max(0, Math.trunc(o.start))));
  if (o.controls === false) params.set('controls', '0');
  if (o.muted || (o.autoplay && o.loading === 'lazy')) params.set('mute', '1');
  params.set('rel', '0');
  const src = `${host}/embed/${encodeURIComponent(id)}?${params.toString()}`;
  const frameClass = use(ctx, 'block w-full h-auto aspect-video');
  if (o.loading === 'lazy') {
    return el('iframe', {
      ...o.attributes,
      class: [o.attributes?.class, frameClass].filter(Boolean).join(' '),
      src,
      title,
      width,
      height,
      loading: 'lazy',
      allow: 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share',
      allowfullscreen: true,
      referrerpolicy: 'strict-origin-when-cross-origin',
    });
  }
  ctx.scripts.add('youtube');
  const button = `<button type="button"${attrs({
    class: use(ctx, `${frameClass} relative overflow-hidden cursor-pointer bg-black group/yt`),
    'data-youtube': src,
    'data-title': title,
    'data-w': width,
    'data-h': height,
    'aria-label': `Play video: ${title}`,
  })}><img src="https://i.ytimg.com/vi/${escAttr(encodeURIComponent(id))}/hqdefault.jpg" alt="" width="480" height="360" loading="lazy" decoding="async" class="${use(ctx, 'absolute inset-0 size-full object-cover')}"><span class="${use(
    ctx,
    'absolute inset-0 m-auto flex size-16 items-center justify-center rounded-full bg-black/70 text-3xl text-white group-hover/yt:bg-red-600 group-focus-visible/yt:bg-red-600',
  )}">${iconSvg(ctx, 'bi:play-fill', { hidden: true })}</span></button>`;
  return el('div', o.attributes ?? {}, button);
}

register('youtube', (part) => {
  const { ctx, node, scope } = part;
  const value = text(ctx, node, 'value', scope);
  const [w, h] = String(node.data.dimensions ?? '')
    .split(/[x×,]/)
    .map(Number);
  const html = youtubePlayer(ctx, value, {
    width: w || num(node, 'width', 560),
    height: h || num(node, 'height', 315),
    title: text(ctx, node, 'title', scope),
    privacy: node.data.privacy === undefined ? true : flag(node, 'privacy'),
    start: num(node, 'start', 0),
    autoplay: flag(node, 'autoplay'),
    controls: flag(node, 'controls', true),
    muted: flag(node, 'muted'),
    loading: node.data.loading === 'lazy' ? 'lazy' : 'onclick',
    attributes: common(part) as Record<string, string | boolean | undefined>,
  });
  return html || (ctx.preview ? el('div', common(part)) : '');
});

const VIDEO_TYPES: Record<string, string> = { mp4: 'video/mp4', m4v: 'video/mp4', ogg: 'video/ogg', ogv: 'video/ogg', webm: 'video/webm' };

register('video', (part) => {
  const { ctx, node, scope } = part;
  const value = text(ctx, node, 'value', scope);
  if (!value) return ctx.preview ? el('div', common(part)) : '';
  const src = /^(https?:)?\/\//.test(value) || value.startsWith('/') ? safeUrl(value) : ctx.assetUrl(value);
  const ext = /\.([a-z0-9]+)(?:$|\?)/i.exec(value)?.[1]?.toLowerCase() ?? 'mp4';
  const posterName = text(ctx, node, 'poster', scope);
  const poster = posterName ? (/^(https?:)?\/\//.test(posterName) ? safeUrl(posterName) : ctx.assetUrl(posterName)) : undefined;
  const autoplay = flag(node, 'autoplay');
  const preload = ['none', 'metadata', 'auto'].includes(String(node.data.preload)) ? String(node.data.preload) : 'metadata';
  const label = text(ctx, node, 'title', scope) || text(ctx, node, 'alt', scope);
  const crossorigin =
    node.data.crossorigin === 'anonymous' || node.data.crossorigin === 'use-credentials' ? String(node.data.crossorigin) : undefined;
  const root = common(part);
  // The blurred placeholder: the poster drawn small and scaled up behind the video until it plays (a
  // 32 px copy in the compiled site).
  if (flag(node, 'base64bg') && posterName && !/^(https?:)?\/\//.test(posterName)) {
    const tiny = derivedUrl(ctx, { name: posterName, width: 32 }) ?? ctx.assetUrl(posterName);
    root.style = [root.style, `--pw-bg:url("${tiny.replace(/["\\\n\r]/g, (c) => encodeURIComponent(c))}")`].filter(Boolean).join(';');
    root.class = [root.class, use(ctx, 'pw-bg bg-cover bg-center bg-no-repeat')].filter(Boolean).join(' ');
  }
  const attributes = {
    ...root,
    controls: flag(node, 'controls', true),
    autoplay,
    // Browsers only autoplay muted video, and a moving picture with sound nobody asked for is hostile.
    muted: autoplay || flag(node, 'muted'),
    loop: flag(node, 'loop'),
    playsinline: flag(node, 'playsinline', autoplay),
    preload,
    poster,
    crossorigin,
    width: Number(node.data.width) || undefined,
    height: Number(node.data.height) || undefined,
    'aria-label': label || (root['aria-label'] as string | undefined) || undefined,
  };
  return el(
    'video',
    attributes,
    `<source src="${escAttr(src)}" type="${VIDEO_TYPES[ext] ?? 'video/mp4'}"><a href="${escAttr(src)}">${esc(label || value)}</a>`,
  );
});

/** A gallery: a list of figures over `_gallery` (its own `data.items`) or a collection's image field. */
register('gallery', (part) => {
  const { ctx, node } = part;
  const source = typeof node.data._repeat === 'string' && node.data._repeat ? node.data._repeat : '_gallery';
  const collection = ctx.doc.collections.find((c) => c.id === source);
  const imageField = collection?.fields.find((f) => f.type === 'image')?.id ?? 'image';
  const probe: Node = {
    ...node,
    data: { ...node.data, value: { _bind: imageField }, alt: { _bind: 'alt', fallback: node.data.alt ?? '' } },
  };
  const lis = repeatedItems(
    part,
    source,
    (inner) => `<li>${inner}</li>`,
    (scope) => {
      const source = imageSource(ctx, probe, scope);
      if (!source) return '';
      const caption = text(ctx, { ...probe, data: { caption: { _bind: 'caption' } } }, 'caption', scope);
      return `<figure>${img(ctx, probe, scope, source)}${caption ? `<figcaption>${esc(caption)}</figcaption>` : ''}</figure>`;
    },
  );
  return el('ul', { role: 'list', ...common(part, 'list-none') }, lis);
});

register('svg', (part) => {
  const { ctx, node, scope } = part;
  const raw = data(ctx, node, 'value', scope) ?? data(ctx, node, 'asset', scope);
  const value = typeof raw === 'string' ? raw.trim() : '';
  const title = text(ctx, node, 'alt', scope) || text(ctx, node, 'title', scope);
  const { classes, extra } = paint(part);
  const attributes = common(part, classes);
  if (value.startsWith('<svg')) {
    const svg = sanitizeInlineSvg(value);
    if (!svg) return ctx.preview ? el('span', attributes) : '';
    const open = svg.indexOf('>');
    const a = { ...attributes, ...extra, ...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': 'true' }) };
    // Existing attributes of the markup stay; ours are added after the tag name.
    return `<svg${attrs(a)}${svg.slice(4, open)}>${title ? `<title>${esc(title)}</title>` : ''}${svg.slice(open + 1)}`;
  }
  const source = imageSource(ctx, node, scope, value ? 'value' : 'asset');
  if (!source) return ctx.preview ? el('span', attributes) : '';
  return img(ctx, node, scope, source, attributes);
});

register('polygon', (part) => {
  const { ctx, node, scope } = part;
  const points = text(ctx, node, 'points', scope) || '0,0 100,0 100,100 0,100';
  const clean = points.replace(/[^\d.,\s-]/g, '');
  const { classes, extra } = paint(part);
  return el(
    'svg',
    {
      ...common(part, classes || 'fill-current'),
      viewBox: '0 0 100 100',
      preserveAspectRatio: 'none',
      'aria-hidden': 'true',
      focusable: 'false',
    },
    `<polygon points="${clean}"${attrs(extra)}/>`,
  );
});

/**
 * A device mockup: the device image with the screen content (the children, or a `screen` image)
 * placed in its screen area. The screen map's four corners are reduced to their bounding box;
 * `screenPosition` puts the screen behind the device image (default) or in front of it.
 */
register('deviceMockup', (part) => {
  const { ctx, node, scope } = part;
  const map = String(node.data.deviceScreen ?? node.data.screenMap ?? '0.06,0.04,0.94,0.04,0.94,0.96,0.06,0.96')
    .split(',')
    .map(Number)
    .filter((n) => Number.isFinite(n));
  const xs = [map[0], map[2], map[4], map[6]].filter((n): n is number => n !== undefined);
  const ys = [map[1], map[3], map[5], map[7]].filter((n): n is number => n !== undefined);
  const pct = (n: number) => `${Math.round(Math.min(1, Math.max(0, n)) * 10000) / 100}%`;
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  const style = `left:${pct(left)};top:${pct(top)};width:${pct(Math.max(...xs) - left)};height:${pct(Math.max(...ys) - top)}`;
  const width = Math.min(1280, Math.max(64, num(node, 'width', 512)));
  const device = imageSource(ctx, { ...node, data: { ...node.data, width } }, scope);
  const screenImage = imageSource(ctx, { ...node, data: { ...node.data, width } }, scope, 'screen');
  const screenInner = node.children.length
    ? children(part)
    : screenImage
      ? img(ctx, node, scope, screenImage, { class: use(ctx, 'size-full object-cover'), alt: '' })
      : '';
  const screen = `<div class="${use(ctx, 'absolute overflow-hidden')}" style="${style}">${screenInner}</div>`;
  const frame = device ? img(ctx, node, scope, device, { class: use(ctx, 'relative block w-full h-auto pointer-events-none') }) : '';
  const inFront = node.data.screenPosition === 'inFront';
  return el('div', common(part, 'relative'), inFront ? frame + screen : screen + frame);
});
