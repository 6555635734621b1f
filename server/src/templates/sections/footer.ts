import type { Loc } from '../../model/document.js';
import { col, heading, icon, inline, link, para, row, spec, type Spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { brand, menu } from './navigation.js';

const LINK = 'text-sm text-gray-l11 hover:text-gray-l12 dark:text-gray-d11 dark:hover:text-gray-d12 transition-colors';
const SOCIAL =
  'flex items-center gap-4 text-xl [&_a]:text-gray-l11 [&_a:hover]:text-gray-l12 dark:[&_a]:text-gray-d11 dark:[&_a:hover]:text-gray-d12';
const FOOTER = 'border-t border-gray-l4 bg-gray-l2 px-section-x dark:border-gray-d4 dark:bg-gray-d2';

export interface LinkColumn {
  title: Loc;
  links: Cta[];
}

/** A titled list of links, as a nav named by its title. */
function linkColumn(c: LinkColumn): Spec {
  return col(
    'Column',
    'gap-4',
    [
      heading('Title', c.title, 2, 'text-sm font-semibold tracking-normal'),
      col(
        'Links',
        'list-none gap-3',
        c.links.map((l) => col('Item', '', [link('Link', l.label, l.action, LINK)], { tag: 'li' })),
        { tag: 'ul' },
      ),
    ],
    { tag: 'nav', data: { '_attr.aria-label': c.title } },
  );
}

/** The copyright line, in the footer's muted text colour (`color` replaces it on a dark band). */
const copyright = (text: Loc, color = 'text-gray-l11 dark:text-gray-d11') => para('Copyright', text, `text-sm ${color}`);

export interface FooterColumnsContent {
  brand: Loc;
  mark: string;
  blurb: Loc;
  columns: LinkColumn[];
  legal: Cta[];
  copyright: Loc;
}

export const footerColumns = defineSection<FooterColumnsContent>({
  id: 'footer-columns',
  name: 'Footer with columns',
  category: 'footer',
  defaults: () => ({
    brand: '{site.name}',
    mark: 'bi:hexagon-fill',
    blurb: '{site.description}',
    columns: [
      {
        title: 'Product',
        links: [
          { label: 'Features', action: { page: 'home', fragment: 'features' } },
          { label: 'Pricing', action: { page: 'home' } },
          { label: 'Changelog', action: { page: 'home' } },
        ],
      },
      {
        title: 'Company',
        links: [
          { label: 'About', action: { page: 'home' } },
          { label: 'Careers', action: { page: 'home' } },
          { label: 'Contact', action: { page: 'home' } },
        ],
      },
      {
        title: 'Resources',
        links: [
          { label: 'Guides', action: { page: 'home' } },
          { label: 'Help centre', action: { page: 'home' } },
          { label: 'Status', action: { page: 'home' } },
        ],
      },
    ],
    legal: [
      { label: 'Privacy', action: { page: 'home' } },
      { label: 'Terms', action: { page: 'home' } },
    ],
    copyright: '© {copyright.year} {copyright.name}. All rights reserved.',
  }),
  tree: (c) =>
    col(
      'Footer with columns',
      FOOTER,
      [
        row('Top', 'mx-auto w-full max-w-6xl flex-col gap-12 py-16 lg:flex-row lg:justify-between', [
          col('About', 'max-w-xs gap-5', [brand(c), para('Blurb', c.blurb, 'text-sm'), spec('social', 'Social links', SOCIAL, {})]),
          spec('layout-grid3', 'Columns', 'grid-cols-2 gap-10 sm:grid-cols-3 lg:gap-16', {}, c.columns.map(linkColumn)),
        ]),
        row(
          'Bottom',
          'mx-auto w-full max-w-6xl flex-col gap-4 border-t border-gray-l5 py-8 sm:flex-row sm:items-center sm:justify-between dark:border-gray-d5',
          [
            copyright(c.copyright),
            row(
              'Legal',
              'flex-wrap gap-6',
              c.legal.map((l) => link('Link', l.label, l.action, LINK)),
            ),
          ],
        ),
      ],
      { tag: 'footer' },
    ),
});

export interface FooterSimpleContent {
  brand: Loc;
  mark: string;
  pages: string[];
  copyright: Loc;
}

export const footerSimple = defineSection<FooterSimpleContent>({
  id: 'footer-simple',
  name: 'Simple footer',
  category: 'footer',
  defaults: () => ({ brand: '{site.name}', mark: 'bi:hexagon-fill', pages: [], copyright: '© {copyright.year} {copyright.name}' }),
  tree: (c) =>
    col(
      'Simple footer',
      'border-t border-gray-l4 px-section-x dark:border-gray-d4',
      [
        col('Content', 'mx-auto w-full max-w-6xl items-center gap-8 py-14 text-center', [
          brand(c),
          menu({ pages: c.pages, labelField: 'name' }, 'flex flex-wrap justify-center gap-x-8 gap-y-2', LINK, 'Footer menu'),
          spec('social', 'Social links', SOCIAL, {}),
          copyright(c.copyright),
        ]),
      ],
      { tag: 'footer' },
    ),
});

export interface FooterBusinessContent {
  brand: Loc;
  mark: string;
  blurb: Loc;
  addressTitle: Loc;
  address: Loc;
  directions?: Cta;
  hoursTitle: Loc;
  hours: { days: Loc; time: Loc }[];
  contactTitle: Loc;
  phone: string;
  email: string;
  legal: Cta[];
  copyright: Loc;
}

export const footerBusiness = defineSection<FooterBusinessContent>({
  id: 'footer-business',
  name: 'Business footer',
  category: 'footer',
  defaults: () => ({
    brand: '{site.name}',
    mark: 'bi:shop',
    blurb: '{site.description}',
    addressTitle: 'Visit',
    address: 'Market Street 12, 00100 Helsinki',
    directions: { label: 'Get directions', action: { url: 'https://www.openstreetmap.org/search?query=Helsinki', blank: true } },
    hoursTitle: 'Opening hours',
    hours: [
      { days: 'Monday to Friday', time: '9–18' },
      { days: 'Saturday', time: '10–16' },
      { days: 'Sunday', time: 'Closed' },
    ],
    contactTitle: 'Contact',
    phone: '+358 9 4567 8900',
    email: 'hello@example.com',
    legal: [{ label: 'Privacy', action: { page: 'home' } }],
    copyright: '© {copyright.year} {copyright.name}',
  }),
  tree: (c) =>
    col(
      'Business footer',
      'bg-gray-l12 px-section-x text-gray-l3 dark:bg-gray-d2',
      [
        spec('layout-grid3', 'Top', 'mx-auto w-full max-w-6xl gap-12 py-16 sm:grid-cols-2 lg:grid-cols-4', {}, [
          col('About', 'gap-4', [
            {
              ...brand(c, 'text-white dark:text-white'),
              children: [icon('Mark', c.mark, 'text-2xl text-primary-l7'), inline('Name', c.brand, 'text-white')],
            },
            para('Blurb', c.blurb, 'text-sm text-gray-l6 dark:text-gray-d11'),
            spec('social', 'Social links', 'flex items-center gap-4 text-xl [&_a]:text-gray-l6 [&_a:hover]:text-white', {}),
          ]),
          col('Address', 'gap-3', [
            heading('Title', c.addressTitle, 2, 'text-base text-white dark:text-white'),
            para('Address', c.address, 'text-sm not-italic text-gray-l6 dark:text-gray-d11', { '_options.tag': 'address' }),
            c.directions &&
              link(
                'Directions',
                c.directions.label,
                c.directions.action,
                'text-sm font-semibold text-primary-l7 underline-offset-4 hover:underline',
              ),
          ]),
          col('Hours', 'gap-3', [
            heading('Title', c.hoursTitle, 2, 'text-base text-white dark:text-white'),
            col(
              'List',
              'list-none gap-1.5',
              c.hours.map((h) =>
                row(
                  'Row',
                  'justify-between gap-4 text-sm',
                  [inline('Days', h.days, 'text-gray-l6 dark:text-gray-d11'), inline('Time', h.time, 'tabular-nums text-white')],
                  { tag: 'li' },
                ),
              ),
              { tag: 'ul' },
            ),
          ]),
          col('Contact', 'gap-3', [
            heading('Title', c.contactTitle, 2, 'text-base text-white dark:text-white'),
            link('Phone', c.phone, { phone: c.phone }, 'text-sm text-gray-l6 hover:text-white'),
            link('Email', c.email, { email: c.email }, 'text-sm text-gray-l6 hover:text-white'),
          ]),
        ]),
        row(
          'Bottom',
          'mx-auto w-full max-w-6xl flex-col gap-4 border-t border-white/10 py-8 sm:flex-row sm:items-center sm:justify-between',
          [
            copyright(c.copyright, 'text-gray-l6 dark:text-gray-d11'),
            row(
              'Legal',
              'flex-wrap gap-6',
              c.legal.map((l) => link('Link', l.label, l.action, 'text-sm text-gray-l7 hover:text-white')),
            ),
          ],
        ),
      ],
      { tag: 'footer' },
    ),
});
