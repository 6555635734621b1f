import { localized, type Item } from '../../model/document.js';
import { languageName, pageItem, repeatItems } from '../cms.js';
import { el, esc, escAttr, scriptJson } from '../html.js';
import { common, register, renderNodeIn, use, type Part } from '../node.js';
import type { Scope } from '../context.js';
import { absolute, isCollectionPage, pageLanguages } from '../urls.js';
import { pageTitle, text } from '../values.js';
import { iconSvg } from './icon-svg.js';

function label(part: Part, fallback: string): string {
  const own = text(part.ctx, part.node, 'label', part.scope) || text(part.ctx, part.node, '_attr.aria-label', part.scope);
  const name = part.node.data['_options.name'];
  return own || (typeof name === 'string' && name ? name : fallback);
}

/** Is `pageId` the current page (exact) or an ancestor of it (active)? */
function activeState(part: Part, pageId: string): 'exact' | 'active' | undefined {
  const current = part.ctx.page.id;
  if (pageId === current) return 'exact';
  if (pageId !== 'home' && current.startsWith(`${pageId}/`)) return 'active';
  return undefined;
}

/**
 * Navigation: `<nav aria-label>` with a list over `_pages` (or `_pages-<level>`, `data.pages` for a
 * custom list, or any collection). The current page's link has `aria-current="page"` (`nav-exact:`),
 * links to its ancestors `data-nav-active` (`nav-active:`). With children, each item renders them
 * with the page in scope (`{item.name}`, `{ "_bind": "url" }`).
 */
register('nav', (part) => {
  const { ctx, node } = part;
  const source = typeof node.data._repeat === 'string' && node.data._repeat ? node.data._repeat : '_pages';
  let items: Item[];
  let collection;
  if (Array.isArray(node.data.pages) && node.data.pages.length) {
    ctx.deps.add('pages');
    const pages = ctx.doc.pages.filter((p) => !p.unpublished);
    items = (node.data.pages as unknown[]).map(String).flatMap((id, i) => {
      const p = pages.find((x) => x.id === id);
      return p ? [pageItem(ctx, p, i)] : [];
    });
  } else {
    ({ items, collection } = repeatItems(ctx, node, source, part.scope));
  }
  if (node.data.hideActive === true) items = items.filter((i) => i.id !== ctx.page.id);
  let lis = '';
  for (const item of items) {
    const state = typeof item.id === 'string' ? activeState(part, item.id) : undefined;
    const scope: Scope = { item, collection, parent: part.scope };
    if (node.children.length) {
      let inner = '';
      for (const child of node.children) inner += renderNodeIn(ctx, child, scope);
      lis += `<li${state === 'exact' ? ' data-nav-exact' : state ? ' data-nav-active' : ''}>${inner}</li>`;
    } else {
      const href = typeof item.url === 'string' ? item.url : '#';
      const name = String(localized(item.name as never, ctx.language, ctx.defaultLanguage) ?? item.title ?? '');
      lis += `<li><a href="${escAttr(href)}"${state === 'exact' ? ' aria-current="page"' : state ? ' data-nav-active' : ''}>${esc(name)}</a></li>`;
    }
  }
  return el('nav', { ...common(part), 'aria-label': label(part, 'Main') }, `<ul class="${use(ctx, 'contents')}" role="list">${lis}</ul>`);
});

/** Links to this page in each of its languages, named in their own language, with hreflang. */
register('languages', (part) => {
  const { ctx, node } = part;
  const custom = Array.isArray(node.data.languages) ? (node.data.languages as unknown[]).map(String) : undefined;
  let languages = pageLanguages(ctx.doc, ctx.page);
  if (custom?.length) languages = languages.filter((l) => custom.includes(l));
  if (node.data.hideActiveLanguage === true) languages = languages.filter((l) => l !== ctx.language);
  let lis = '';
  for (const lang of languages) {
    const href = ctx.pageUrl(ctx.page.id, lang, ctx.pageItem);
    const current = lang === ctx.language;
    lis += `<li><a href="${escAttr(href)}" hreflang="${escAttr(lang)}" lang="${escAttr(lang)}"${current ? ' aria-current="true"' : ''}>${esc(languageName(lang))}</a></li>`;
  }
  return el(
    'nav',
    { ...common(part), 'aria-label': label(part, 'Language') },
    `<ul class="${use(ctx, 'contents')}" role="list">${lis}</ul>`,
  );
});

/** The path from home to this page: `<nav aria-label="Breadcrumb"><ol>` and its BreadcrumbList JSON-LD. */
register('breadcrumb', (part) => {
  const { ctx, node, scope } = part;
  ctx.deps.add('pages');
  const trail: { name: string; url: string }[] = [];
  const pages = ctx.doc.pages;
  const home = pages.find((p) => p.id === 'home');
  if (home && ctx.page.id !== 'home')
    trail.push({ name: text(ctx, node, 'homeText', scope) || home.name, url: ctx.pageUrl('home', ctx.language) });
  const segments = ctx.page.id.split('/');
  for (let i = 1; i < segments.length; i++) {
    const id = segments.slice(0, i).join('/');
    const p = pages.find((x) => x.id === id && !x.unpublished);
    if (p)
      trail.push({
        name: String(localized(p.title as never, ctx.language, ctx.defaultLanguage) || p.name),
        url: ctx.pageUrl(p.id, ctx.language),
      });
  }
  const currentName = isCollectionPage(ctx.page) || ctx.page.id === 'home' ? pageTitle(ctx, scope) : ctx.page.name;
  trail.push({ name: currentName, url: ctx.pageUrl(ctx.page.id, ctx.language, ctx.pageItem) });
  const separatorIcon = typeof node.data.separatorIcon === 'string' ? node.data.separatorIcon : 'zondicons:cheveron-right';
  const separator = iconSvg(ctx, separatorIcon, { hidden: true }) || '<span aria-hidden="true">/</span>';
  // The home icon part: the first link shows the icon, its name kept for screen readers.
  const homeIcon =
    home && ctx.page.id !== 'home' && typeof node.data.icon === 'string' ? iconSvg(ctx, node.data.icon, { hidden: true }) : '';
  const lis = trail
    .map((t, i) => {
      const last = i === trail.length - 1;
      const name = i === 0 && homeIcon ? `${homeIcon}<span class="${use(ctx, 'sr-only')}">${esc(t.name)}</span>` : esc(t.name);
      return `<li class="${use(ctx, 'inline-flex items-center gap-1')}">${i > 0 ? separator : ''}${last ? `<a href="${escAttr(t.url)}" aria-current="page">${name}</a>` : `<a href="${escAttr(t.url)}">${name}</a>`}</li>`;
    })
    .join('');
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((t, i) => ({ '@type': 'ListItem', position: i + 1, name: t.name, item: absolute(ctx.doc, t.url) })),
  };
  return (
    el(
      'nav',
      { ...common(part), 'aria-label': label(part, 'Breadcrumb') },
      `<ol class="${use(ctx, 'flex flex-wrap items-center gap-1')}" role="list">${lis}</ol>`,
    ) + (ctx.preview ? '' : `<script type="application/ld+json">${scriptJson(ld)}</script>`)
  );
});

/** Dots for a scrolling container (`data.target`, else the element marked `data-dots-target`). */
register('dots', (part) => {
  const { ctx, node, scope } = part;
  ctx.scripts.add('dots');
  const dot = use(
    ctx,
    typeof node.data.backgrounds === 'string' && node.data.backgrounds
      ? node.data.backgrounds
      : 'size-3 rounded-full bg-gray-l6 dark:bg-gray-d6 aria-[current=true]:bg-primary-l9 dark:aria-[current=true]:bg-primary-d9',
  );
  const target = text(ctx, node, 'target', scope);
  return el('div', {
    role: 'group',
    ...common(part, 'flex gap-2'),
    'aria-label': label(part, 'Slides'),
    'data-dots': target || true,
    'data-dot-class': dot,
  });
});
