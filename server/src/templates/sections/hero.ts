import type { Loc } from '../../model/document.js';
import { band, col, eyebrow, heading, icon, image, inline, link, para, row } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { buttons, MUTED, wrap } from './parts.js';

export interface HeroContent {
  eyebrow?: Loc;
  /** A small announcement above the title, with a link (hero-centered). */
  badge?: { label: Loc; link: Loc; action: Cta['action'] };
  title: Loc;
  text: Loc;
  ctas: Cta[];
  /** A short line under the buttons ("No credit card required"). */
  note?: Loc;
  image: string;
  imageAlt: Loc;
  width?: number;
  height?: number;
}

const sample = (image: string): HeroContent => ({
  eyebrow: 'Built for growing teams',
  title: 'Everything your customers need, in one calm place',
  text: 'Bring your work, your people and your results together. Set up in an afternoon, and spend the time you save on what matters.',
  ctas: [
    { label: 'Get started', action: { page: 'contact' } },
    { label: 'See how it works', action: { scroll: 'features' } },
  ],
  note: 'Free for 14 days. No credit card required.',
  image,
  imageAlt: 'An illustration of the product',
});

// The badge's content: a pill and a sentence with an arrow.
const badgeChildren = (c: HeroContent) =>
  c.badge
    ? [
        inline(
          'Pill',
          c.badge.label,
          'rounded-full bg-primary-l9 px-2.5 py-0.5 text-xs font-semibold text-white dark:bg-primary-d9 dark:text-white',
        ),
        inline('Text', c.badge.link, 'text-gray-l11 dark:text-gray-d11'),
        icon('Arrow', 'bi:arrow-right', 'text-gray-l11 transition-transform group-hover:translate-x-0.5'),
      ]
    : [];

export const heroCentered = defineSection<HeroContent>({
  id: 'hero-centered',
  name: 'Centered hero',
  category: 'hero',
  defaults: (art) => ({
    ...sample(art('product.svg')),
    badge: { label: 'New', link: 'Read what changed this month', action: { page: 'home' } },
    width: 1440,
    height: 960,
  }),
  tree: (c) =>
    band(
      'Centered hero',
      'relative overflow-hidden bg-linear-to-b from-primary-l2 via-gray-l1 to-gray-l1 px-section-x pt-16 pb-section-y md:pt-24 dark:from-primary-d2 dark:via-gray-d1 dark:to-gray-d1',
      [
        wrap('Content', [
          col('Text', 'mx-auto max-w-3xl items-center gap-6 text-center', [
            c.badge && {
              ...link(
                'Badge',
                '',
                c.badge.action,
                'group inline-flex items-center gap-2 rounded-full border border-primary-l5 bg-gray-l1 py-1 pr-3 pl-1 text-sm text-gray-l11 shadow-xs hover:border-primary-l7 dark:border-primary-d5 dark:bg-gray-d2 dark:text-gray-d11',
              ),
              children: badgeChildren(c),
            },
            heading('Title', c.title, 1, 'text-4xl sm:text-6xl lg:text-7xl'),
            para('Text', c.text, 'max-w-2xl text-lg sm:text-xl'),
            buttons(c.ctas, { center: true, classes: 'mt-2' }),
            c.note && para('Note', c.note, 'text-sm text-gray-l11 dark:text-gray-d11'),
          ]),
          col(
            'Picture',
            'mx-auto mt-14 w-full max-w-5xl rounded-box-xl border border-gray-l5 bg-gray-l1/60 p-2 shadow-2xl shadow-primary-l12/10 md:mt-20 dark:border-gray-d5 dark:bg-gray-d2/60',
            [
              image('Image', c.image, c.imageAlt, 'block h-auto w-full rounded-box-lg', {
                width: c.width ?? 1440,
                height: c.height ?? 960,
                eager: true,
              }),
            ],
          ),
        ]),
      ],
    ),
});

export const heroSplit = defineSection<HeroContent>({
  id: 'hero-split',
  name: 'Split hero',
  category: 'hero',
  defaults: (art) => ({ ...sample(art('hero.svg')), width: 1200, height: 900 }),
  tree: (c) =>
    band('Split hero', 'px-section-x py-section-y', [
      wrap(
        'Content',
        [
          col('Text', 'gap-6', [
            c.eyebrow && eyebrow('Eyebrow', c.eyebrow),
            heading('Title', c.title, 1, 'text-4xl sm:text-5xl lg:text-6xl'),
            para('Text', c.text, 'max-w-xl text-lg'),
            buttons(c.ctas, { classes: 'mt-2' }),
            c.note && para('Note', c.note, 'text-sm text-gray-l11 dark:text-gray-d11'),
          ]),
          image('Image', c.image, c.imageAlt, 'h-auto w-full rounded-box-2xl object-cover shadow-xl', {
            width: c.width ?? 1200,
            height: c.height ?? 900,
            eager: true,
          }),
        ],
        'grid items-center gap-gap-lg lg:grid-cols-2',
      ),
    ]),
});

export interface BannerContent {
  eyebrow?: Loc;
  title: Loc;
  text: Loc;
  ctas: Cta[];
  image: string;
  imageAlt: Loc;
  /** Lines under the buttons: opening hours, an address. */
  facts?: { icon: string; text: Loc }[];
}

export const heroBanner = defineSection<BannerContent>({
  id: 'hero-banner',
  name: 'Image banner hero',
  category: 'hero',
  defaults: (art) => ({
    eyebrow: 'Since 2009',
    title: 'Made by hand, close to home',
    text: 'A small team with a big appetite for doing things properly. Come and see for yourself.',
    ctas: [
      { label: 'Visit us', action: { page: 'contact' } },
      { label: 'Our story', action: { scroll: 'about' } },
    ],
    image: art('banner.svg'),
    imageAlt: '',
  }),
  tree: (c) =>
    band('Image banner hero', 'relative isolate overflow-hidden bg-gray-l12 px-section-x', [
      image('Background', c.image, c.imageAlt, 'absolute inset-0 -z-10 size-full object-cover object-[80%_50%] md:object-center', {
        width: 1600,
        height: 1000,
        eager: true,
      }),
      // On a phone the text covers the whole picture: an even, darker shade keeps it off the illustration.
      col(
        'Shade',
        'absolute inset-0 -z-10 bg-linear-to-b from-black/90 via-black/85 to-black/75 md:bg-linear-to-r md:from-black/80 md:via-black/55 md:to-black/10',
        [],
      ),
      wrap(
        'Content',
        [
          col('Text', 'max-w-2xl gap-6', [
            c.eyebrow && eyebrow('Eyebrow', c.eyebrow, 'text-white dark:text-white'),
            heading('Title', c.title, 1, 'text-4xl text-white sm:text-6xl lg:text-7xl dark:text-white'),
            para('Text', c.text, 'text-lg text-white/85 sm:text-xl dark:text-white/85'),
            buttons(c.ctas, { onColor: true, classes: 'mt-2' }),
            c.facts &&
              row(
                'Facts',
                'mt-6 flex-wrap gap-x-8 gap-y-3 border-t border-white/20 pt-6',
                c.facts.map((fact) =>
                  row('Fact', 'items-center gap-2 text-sm text-white/85', [
                    icon('Icon', fact.icon, 'text-base text-white'),
                    inline('Text', fact.text, 'text-white/85 dark:text-white/85'),
                  ]),
                ),
              ),
          ]),
        ],
        'min-h-[38rem] justify-center py-section-y md:min-h-[44rem]',
      ),
    ]),
});

export interface StatementContent {
  eyebrow?: Loc;
  title: Loc;
  text: Loc;
  ctas: Cta[];
  /** Short facts in a row under the statement. */
  facts: { value: Loc; label: Loc }[];
}

export const heroStatement = defineSection<StatementContent>({
  id: 'hero-statement',
  name: 'Statement hero',
  category: 'hero',
  defaults: () => ({
    eyebrow: 'Independent studio',
    title: 'We design brands and products people remember.',
    text: 'Strategy, identity and digital design for organisations that would rather be clear than loud.',
    ctas: [{ label: 'See our work', action: { scroll: 'work' } }],
    facts: [
      { value: '14 years', label: 'of independent practice' },
      { value: '120+', label: 'projects delivered' },
      { value: 'Helsinki', label: 'and wherever you are' },
    ],
  }),
  tree: (c) =>
    band('Statement hero', 'px-section-x pt-20 pb-16 md:pt-32 md:pb-24', [
      wrap(
        'Content',
        [
          c.eyebrow && eyebrow('Eyebrow', c.eyebrow),
          heading('Title', c.title, 1, 'max-w-5xl text-5xl leading-[1.02] sm:text-7xl lg:text-8xl'),
          row('Footer', 'flex-col gap-8 border-t border-gray-l5 pt-8 md:flex-row md:items-end md:justify-between dark:border-gray-d5', [
            col('Lead', 'max-w-md gap-6', [para('Text', c.text, 'text-lg'), buttons(c.ctas)]),
            row(
              'Facts',
              'flex-wrap gap-x-12 gap-y-6',
              c.facts.map((fact) =>
                col('Fact', 'gap-1', [
                  inline('Value', fact.value, 'font-heading text-2xl font-bold text-gray-l12 dark:text-gray-d12'),
                  inline('Label', fact.label, `text-sm ${MUTED}`),
                ]),
              ),
            ),
          ]),
        ],
        'gap-10',
      ),
    ]),
});
