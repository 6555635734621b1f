import type { Loc } from '../../model/document.js';
import { bind, button, col, icon, inline, link, row, spec, type Spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';

export interface NavContent {
  /** The brand's name; `{site.name}` follows the site's settings. */
  brand: Loc;
  /** The brand mark: an icon name. */
  mark: string;
  /** Pages in the menu, in order; empty lists every top-level page. */
  pages: string[];
  /** Which page field names a link: `name`, or `title` for localized menus. */
  labelField: 'name' | 'title';
  cta?: Cta;
  secondary?: Cta;
  /** The menu's id, for the mobile toggle. */
  menuId: string;
  /** A language switcher (navigation-languages). */
  languages?: boolean;
  menuLabel: Loc;
}

const defaults = (): NavContent => ({
  brand: '{site.name}',
  mark: 'bi:hexagon-fill',
  pages: [],
  labelField: 'name',
  cta: { label: 'Get started', action: { page: 'contact' } },
  menuId: 'site-menu',
  menuLabel: 'Menu',
});

const LINK =
  'block py-2 text-sm font-medium text-gray-l11 hover:text-gray-l12 nav-exact:text-primary-l11 dark:text-gray-d11 dark:hover:text-gray-d12 dark:nav-exact:text-primary-d11 transition-colors';

/** The menu: a nav over the chosen pages (or every top-level page), each a link bound to the page. */
export function menu(c: Pick<NavContent, 'pages' | 'labelField'>, classes: string, linkClasses = LINK, name = 'Main menu'): Spec {
  const source = c.pages.length ? { pages: c.pages } : { _repeat: '_pages-0' };
  return spec('nav', name, classes, source, [link('Link', bind(c.labelField), { _action: 'page', _target: bind('id') }, linkClasses)]);
}

export function brand(c: Pick<NavContent, 'brand' | 'mark'>, classes = ''): Spec {
  const root = link(
    'Brand',
    '',
    { page: 'home' },
    `inline-flex items-center gap-2.5 font-heading text-lg font-bold tracking-tight text-gray-l12 dark:text-gray-d12 ${classes}`.trim(),
  );
  return {
    ...root,
    children: [
      icon('Mark', c.mark, 'text-2xl text-primary-l9 dark:text-primary-d10'),
      inline('Name', c.brand, 'text-gray-l12 dark:text-gray-d12'),
    ],
  };
}

/** The mobile menu button: opens and closes the menu (render's `toggle` script), hidden from `md` up. */
function toggle(c: NavContent): Spec {
  return spec('button', 'Menu button', 'md:hidden', { inherits: 'button-icon', icon: 'bi:list', '_attr.data-toggle-target': c.menuId }, [
    spec('sr', 'Label', '', { value: c.menuLabel }),
  ]);
}

function bar(c: NavContent, withLanguages: boolean): Spec {
  const actions = [
    withLanguages &&
      spec(
        'languages',
        'Languages',
        'flex items-center gap-3 text-sm [&_a]:text-gray-l11 [&_a:hover]:text-gray-l12 [&_a[aria-current]]:font-semibold [&_a[aria-current]]:text-gray-l12 dark:[&_a]:text-gray-d11 dark:[&_a[aria-current]]:text-gray-d12',
        {},
      ),
    c.secondary && button('Secondary button', c.secondary.label, c.secondary.action, 'outline'),
    c.cta && button('Button', c.cta.label, c.cta.action),
  ];
  return row('Bar', 'mx-auto w-full max-w-6xl flex-wrap items-center justify-between gap-x-8 gap-y-2 py-3.5 md:flex-nowrap', [
    brand(c),
    toggle(c),
    col(
      'Menu',
      'hidden w-full flex-col gap-4 border-t border-gray-l4 pt-3 pb-4 open:flex md:flex md:w-auto md:min-w-0 md:flex-1 md:flex-row md:items-center md:justify-end md:gap-8 md:border-0 md:p-0 dark:border-gray-d4',
      [
        menu(c, 'flex flex-col md:flex-row md:flex-wrap md:items-center md:justify-end md:gap-x-7'),
        row('Actions', 'shrink-0 flex-wrap items-center gap-4 whitespace-nowrap', actions),
      ],
      { data: { '_attr.id': c.menuId } },
    ),
  ]);
}

const HEADER =
  'sticky top-0 z-40 border-b border-gray-l4 bg-gray-l1/90 px-section-x backdrop-blur-md dark:border-gray-d4 dark:bg-gray-d1/90';

export const navBar = defineSection<NavContent>({
  id: 'navigation-bar',
  name: 'Navigation bar',
  category: 'navigation',
  defaults,
  tree: (c) => ({ ...col('Navigation bar', HEADER, [bar(c, false)], { tag: 'header' }) }),
});

export const navLanguages = defineSection<NavContent>({
  id: 'navigation-languages',
  name: 'Navigation with languages',
  category: 'navigation',
  defaults: () => ({ ...defaults(), languages: true, cta: { label: 'Book a table', action: { page: 'contact' } } }),
  tree: (c) => col('Navigation with languages', HEADER, [bar(c, true)], { tag: 'header' }),
});

export interface CenteredNavContent {
  brand: Loc;
  tagline?: Loc;
  pages: string[];
  labelField: 'name' | 'title';
}

export const navCentered = defineSection<CenteredNavContent>({
  id: 'navigation-centered',
  name: 'Centered navigation',
  category: 'navigation',
  defaults: () => ({ brand: '{site.name}', tagline: '{site.description}', pages: [], labelField: 'name' }),
  tree: (c) =>
    col(
      'Centered navigation',
      'border-b border-gray-l4 px-section-x dark:border-gray-d4',
      [
        col('Masthead', 'mx-auto w-full max-w-6xl items-center gap-1 pt-8 pb-5 text-center', [
          link(
            'Brand',
            c.brand,
            { page: 'home' },
            'font-heading text-4xl font-semibold tracking-tight text-gray-l12 sm:text-5xl dark:text-gray-d12',
          ),
          c.tagline && spec('paragraph', 'Tagline', 'text-sm text-gray-l11 dark:text-gray-d11', { value: c.tagline }),
        ]),
        menu(
          c,
          'mx-auto flex w-full max-w-6xl flex-wrap justify-center gap-x-8 gap-y-1 border-t border-gray-l4 py-2 dark:border-gray-d4',
          LINK,
        ),
      ],
      { tag: 'header' },
    ),
});
