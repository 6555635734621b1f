import { safeUrl } from '../../core/sanitize.js';
import { localized, parentId, type Item } from '../../model/document.js';
import { findCollection } from '../cms.js';
import { formatPhone, telHref } from '../format.js';
import { el, esc, type Attrs } from '../html.js';
import { children, common, register, uniqueHtmlId, use, type Part } from '../node.js';
import { itemSlug, isCollectionPage } from '../urls.js';
import { data, flag, text } from '../values.js';
import { iconExists, iconSvg } from './icon-svg.js';
import { textContent } from './text.js';

interface Action {
  href?: string;
  target?: string;
  rel?: string;
  download?: string | boolean;
  current?: boolean;
}

/**
 * The action group: `_action` (page, url, email, phone, file, download, scroll, none) with
 * `_target` (page id, URL, address, number, asset name or anchor id), `_blank`, `_params` (for a
 * collection page: `{ slug }` or the slug itself; without it the item in scope is used),
 * `_filename` (download name) and `_fragment` (an anchor appended to a page link).
 */
function action(part: Part): Action {
  const { ctx, node, scope } = part;
  const raw = data(ctx, node, '_target', scope);
  const target = typeof raw === 'string' ? raw : raw === undefined || raw === null ? '' : String(raw);
  let kind = typeof node.data._action === 'string' ? node.data._action : '';
  if (!kind && target)
    kind = /^mailto:/.test(target)
      ? 'email'
      : /^tel:/.test(target)
        ? 'phone'
        : /^[a-z]+:|^\/\//i.test(target)
          ? 'url'
          : ctx.doc.pages.some((p) => p.id === target)
            ? 'page'
            : 'url';
  const out: Action = {};
  switch (kind) {
    case 'page': {
      const page = ctx.doc.pages.find((p) => p.id === (target || 'home'));
      if (!page || page.unpublished) break;
      let item: Item | undefined;
      if (isCollectionPage(page)) {
        const collection = page.content ? findCollection(ctx, page.content) : undefined;
        const params = node.data._params;
        const wanted =
          typeof params === 'string' ? params : params && typeof params === 'object' ? (params as Record<string, unknown>).slug : undefined;
        if (collection && typeof wanted === 'string' && wanted) {
          item = collection.items.find(
            (i) => itemSlug(collection, i, ctx.language, ctx.defaultLanguage) === wanted || String(i._id) === wanted,
          );
        }
        for (let s = scope; !item && s; s = s.parent) if (s.collection?.id === page.content) item = s.item;
        if (!item) break;
        ctx.deps.add(`item:${page.content}.${item._id}`);
      }
      const fragment = typeof node.data._fragment === 'string' && node.data._fragment ? `#${encodeURIComponent(node.data._fragment)}` : '';
      out.href = ctx.pageUrl(page.id, ctx.language, item) + fragment;
      out.current = page.id === ctx.page.id && (!item || item === ctx.pageItem) && !fragment;
      break;
    }
    case 'url':
      if (target) out.href = safeUrl(target);
      break;
    case 'email':
      if (target) out.href = target.startsWith('mailto:') ? target : `mailto:${target}`;
      break;
    case 'phone':
      if (target) out.href = target.startsWith('tel:') ? target : telHref(target);
      break;
    case 'file':
    case 'download':
      if (target) {
        out.href = /^(https?:)?\/\//.test(target) ? safeUrl(target) : ctx.assetUrl(target);
        if (kind === 'download') out.download = typeof node.data._filename === 'string' && node.data._filename ? node.data._filename : true;
      }
      break;
    case 'scroll':
      if (target) out.href = `#${encodeURIComponent(target.replace(/^#/, ''))}`;
      break;
  }
  if (out.href && flag(node, '_blank')) {
    out.target = '_blank';
    out.rel = 'noopener noreferrer';
  }
  return out;
}

/** `inner` as a link when the part has an action (an image or icon with the Action group), else as it is. */
export function withAction(part: Part, inner: string): string {
  if (!inner || (!part.node.data._action && !part.node.data._target)) return inner;
  const a = action(part);
  return a.href ? el('a', actionAttrs(a), inner) : inner;
}

function actionAttrs(a: Action): Attrs {
  return { href: a.href, target: a.target, rel: a.rel, download: a.download, 'aria-current': a.current ? 'page' : undefined };
}

/** Is the node inside a form? Then a button without an action submits it. */
function inForm(part: Part): boolean {
  for (let id = parentId(part.id); id; id = parentId(id)) if (part.ctx.doc.nodes[id]?.type === 'form') return true;
  return false;
}

function label(part: Part): string {
  const { ctx, node } = part;
  const icon = node.data.icon
    ? iconSvg(ctx, String(localized(node.data.icon as never, ctx.language, ctx.defaultLanguage) ?? ''), { hidden: true })
    : '';
  const own = textContent(part);
  const content = node.children.length ? children(part) : '';
  return `${icon}${own}${content}`;
}

register('button', (part) => {
  const a = action(part);
  const attributes = common(part);
  // The panel's own ID and Class rows (the Settings group's ID wins).
  const { ctx, node, scope } = part;
  const ownId = text(ctx, node, 'id', scope).trim();
  if (ownId && !attributes.id) attributes.id = uniqueHtmlId(ctx, ownId);
  const ownClass = text(ctx, node, 'class', scope).trim();
  if (ownClass) attributes.class = [attributes.class, use(ctx, ownClass)].filter(Boolean).join(' ');
  if (a.href) return el('a', { ...attributes, ...actionAttrs(a) }, label(part));
  const type = part.node.data['_options.type'];
  const kind = type === 'submit' || type === 'reset' ? type : inForm(part) && !part.node.data._action ? 'submit' : 'button';
  return el('button', { ...attributes, type: kind }, label(part));
});

register('link', (part) => {
  const a = action(part);
  return el('a', { ...common(part), ...actionAttrs(a) }, label(part));
});

/**
 * Social links: a list over `_social` (or another collection) with each network's brand icon, then
 * the panel's own phone number (`phoneValue`, shown in `phoneFormat`) and address (`mapsValue`, a
 * map search). `phoneIcon`, `emailIcon` and `mapsIcon` replace those icons; `openIcon` stands for a
 * network without an icon of its own.
 */
register('social', (part) => {
  const { ctx, node, scope } = part;
  const source = typeof node.data._repeat === 'string' && node.data._repeat ? node.data._repeat : '_social';
  const items: Item[] = [...socialItems(part, source)];
  const phone = text(ctx, node, 'phoneValue', scope);
  if (phone) items.push({ _id: -1, name: 'phone', url: phone, handle: phone });
  const address = text(ctx, node, 'mapsValue', scope);
  if (address)
    items.push({
      _id: -2,
      name: 'maps',
      url: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
      handle: address,
    });
  const phoneFormat = typeof node.data.phoneFormat === 'string' && node.data.phoneFormat ? node.data.phoneFormat : '';
  let lis = '';
  for (const item of items) {
    const name = String(item.name ?? '');
    const href = socialHref(name, String(item.url ?? ''));
    if (!href) continue;
    const own = String(item.icon || socialIcon(name, node));
    const open = typeof node.data.openIcon === 'string' && node.data.openIcon ? node.data.openIcon : '';
    const iconName = open && !iconExists(own) ? open : own;
    let handle = item.handle ? String(item.handle) : '';
    if (name === 'phone' && handle && phoneFormat) handle = formatPhone(handle, phoneFormat);
    const label = handle && handle !== name ? `${cap(name)}: ${handle}` : cap(name);
    const external = /^https?:/.test(href);
    lis += `<li><a href="${esc(href)}"${external ? ' rel="me noopener"' : ''} aria-label="${esc(label)}" title="${esc(label)}">${iconSvg(ctx, iconName, { hidden: true }) || esc(cap(name))}</a></li>`;
  }
  return el('ul', { role: 'list', ...common(part, 'flex flex-wrap list-none') }, lis);
});

function socialItems(part: Part, source: string): Item[] {
  const { ctx, node } = part;
  const collection = findCollection(ctx, source, node);
  if (!collection) return [];
  let items = collection.items;
  const filter = node.data.filter;
  const filterType = node.data.filterType;
  if (Array.isArray(filter) && filter.length) {
    const names = filter.map(String);
    items = items.filter((i) => (filterType === 'not' ? !names.includes(String(i.name)) : names.includes(String(i.name))));
  }
  if (node.data.sort === 'asc' || node.data.sort === 'desc') {
    const dir = node.data.sort === 'desc' ? -1 : 1;
    items = items.slice().sort((a, b) => dir * String(a.name).localeCompare(String(b.name)));
  }
  return items;
}

function socialHref(name: string, value: string): string {
  if (!value) return '';
  if (name === 'email' || /^[^@\s/]+@[^@\s/]+$/.test(value)) return value.startsWith('mailto:') ? value : `mailto:${value}`;
  if (name === 'phone' || (name === 'whatsapp' && !/^https?:/.test(value)))
    return name === 'whatsapp' ? `https://wa.me/${value.replace(/\D/g, '')}` : telHref(value);
  return safeUrl(/^[a-z]+:/i.test(value) ? value : `https://${value}`);
}

const GENERIC: Record<string, string> = {
  email: 'zondicons:envelope',
  phone: 'zondicons:phone',
  maps: 'zondicons:location',
  address: 'zondicons:location',
  website: 'zondicons:globe',
};

function socialIcon(name: string, node: Part['node']): string {
  const custom = node.data[`${name}Icon`];
  if (typeof custom === 'string' && custom) return custom;
  if (GENERIC[name]) return GENERIC[name];
  return `simple-icons:${name.toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

const cap = (s: string) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);
