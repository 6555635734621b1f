import type { Loc } from '../../model/document.js';
import { band, col, heading, inline, para, richtext, spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { ALT_BG, buttons, intro, PAD, wrap, type Intro } from './parts.js';

/** Rich text blocks (spec 001 §3 "Richtext"), or the same per language. */
type Blocks = { type: string; value?: unknown; [key: string]: unknown }[];
type LocBlocks = Blocks | ({ _loc: true } & Record<string, Blocks | true>);

// ------------------------------------------------------------------------------------------------
// Page header

export interface PageHeaderContent extends Intro {
  ctas?: Cta[];
  align?: 'center' | 'left';
}

export const contentPageHeader = defineSection<PageHeaderContent>({
  id: 'content-page-header',
  name: 'Page header',
  category: 'content',
  defaults: () => ({ eyebrow: 'Page', title: '{page.title}', text: '{page.description}', align: 'center' }),
  tree: (c) =>
    band(
      'Page header',
      `px-section-x pt-20 pb-12 md:pt-28 md:pb-16 bg-linear-to-b from-primary-l2 to-gray-l1 dark:from-primary-d2 dark:to-gray-d1`,
      [
        wrap(
          'Content',
          [
            intro(c, { align: c.align, level: 1, size: 'text-4xl sm:text-5xl lg:text-6xl' }),
            buttons(c.ctas, { center: c.align === 'center' }),
          ],
          `gap-8 ${c.align === 'center' ? 'items-center' : ''}`.trim(),
        ),
      ],
      { tag: 'header' },
    ),
});

// ------------------------------------------------------------------------------------------------
// Article

export interface ArticleContent {
  title?: Loc;
  body: LocBlocks;
  alt?: boolean;
}

export const contentArticle = defineSection<ArticleContent>({
  id: 'content-article',
  name: 'Article',
  category: 'content',
  defaults: () => ({
    title: 'A few words about how we work',
    body: [
      {
        type: 'p',
        value:
          'We keep projects small enough to care about every detail, and long enough to get them right. That means fewer meetings, shorter documents and more time spent on the thing itself.',
      },
      { type: 'h3', value: 'What you can expect' },
      {
        type: 'ul',
        value: [
          'A named person who answers your messages',
          'Honest estimates, updated when things change',
          'Work you can see every week, not only at the end',
        ],
      },
      { type: 'p', value: 'If that sounds like the way you like to work too, **we should talk**.' },
    ],
  }),
  tree: (c) =>
    band('Article', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap('Content', [c.title && heading('Title', c.title, 2, 'text-3xl sm:text-4xl'), richtext('Body', c.body)], 'gap-8', 'max-w-3xl'),
    ]),
});

// ------------------------------------------------------------------------------------------------
// Legal

export interface LegalContent {
  title: Loc;
  updated: Loc;
  body: LocBlocks;
}

export const legalText = defineSection<LegalContent>({
  id: 'legal-text',
  name: 'Legal text',
  category: 'legal',
  defaults: () => ({
    title: 'Privacy policy',
    updated: 'Last updated 1 November 2026',
    body: [
      {
        type: 'p',
        value:
          'This policy explains what personal data {legal.company_name} collects when you use this website, why we collect it and what rights you have.',
      },
      { type: 'h2', value: 'Who is responsible' },
      {
        type: 'p',
        value:
          'The controller is {legal.company_name} (business ID {legal.company_business_id}), {legal.company_address}. Our data protection contact is {legal.dpo_name}, {legal.dpo_email}.',
      },
      { type: 'h2', value: 'What we collect' },
      {
        type: 'ul',
        value: [
          'What you send us through a form: your name, email address and message',
          'Technical data needed to show the site: your IP address and browser, kept for at most 30 days',
        ],
      },
      { type: 'h2', value: 'Your rights' },
      {
        type: 'p',
        value:
          'You may ask to see, correct or delete the data we hold about you, and object to its use. Write to {legal.dpo_email}. You may also complain to the data protection authority.',
      },
      { type: 'h2', value: 'Accessibility' },
      {
        type: 'p',
        value:
          'If something on this site is hard to use, tell {legal.accessibility_name} at {legal.accessibility_email} and we will fix it.',
      },
    ],
  }),
  tree: (c) =>
    band('Legal text', PAD, [
      wrap(
        'Content',
        [
          col('Header', 'gap-3 border-b border-gray-l5 pb-8 dark:border-gray-d5', [
            heading('Title', c.title, 1, 'text-4xl sm:text-5xl'),
            para('Updated', c.updated, 'text-sm text-gray-l11 dark:text-gray-d11'),
          ]),
          richtext('Body', c.body, 'text-base leading-7'),
        ],
        'gap-10',
        'max-w-3xl',
      ),
    ]),
});

// ------------------------------------------------------------------------------------------------
// Not found

export interface NotFoundContent {
  code: Loc;
  title: Loc;
  text: Loc;
  suggestion: Loc;
  ctas: Cta[];
}

export const notFoundSimple = defineSection<NotFoundContent>({
  id: 'notfound-simple',
  name: 'Page not found',
  category: 'notfound',
  defaults: () => ({
    code: '404',
    title: 'This page has wandered off',
    text: 'The address may be mistyped, or the page may have moved. Let’s get you back on track.',
    suggestion: 'Were you looking for {link}?',
    ctas: [{ label: 'Back to the front page', action: { page: 'home' } }],
  }),
  tree: (c) =>
    band('Page not found', 'px-section-x py-24 md:py-40', [
      wrap(
        'Content',
        [
          inline('Code', c.code, 'font-heading text-7xl font-bold tracking-tight text-primary-l9 sm:text-9xl dark:text-primary-d10'),
          heading('Title', c.title, 1, 'text-3xl sm:text-5xl'),
          para('Text', c.text, 'max-w-xl text-lg'),
          spec(
            'didYouMean',
            'Suggestion',
            'text-gray-l11 dark:text-gray-d11 [&_a]:font-semibold [&_a]:text-primary-l11 [&_a]:underline dark:[&_a]:text-primary-d11',
            { value: c.suggestion },
          ),
          buttons(c.ctas, { center: true, classes: 'mt-2' }),
        ],
        'items-center gap-6 text-center',
        'max-w-3xl',
      ),
    ]),
});

// ------------------------------------------------------------------------------------------------
// Gallery

export interface GalleryContent extends Partial<Intro> {
  images: { image: string; alt: Loc; caption?: Loc }[];
  alt?: boolean;
}

export const galleryGrid = defineSection<GalleryContent>({
  id: 'gallery-grid',
  name: 'Picture grid',
  category: 'gallery',
  defaults: (art) => ({
    eyebrow: 'Gallery',
    title: 'A look around',
    images: [1, 2, 3, 4, 5, 6].map((n) => ({ image: art(`gallery-${n}.svg`), alt: `Picture ${n} of the gallery` })),
  }),
  tree: (c) =>
    band('Picture grid', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          c.title ? intro({ eyebrow: c.eyebrow, title: c.title, text: c.text }) : undefined,
          spec(
            'gallery',
            'Gallery',
            'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 [&_figure]:overflow-hidden [&_figure]:rounded-box-lg [&_img]:aspect-[4/3] [&_img]:h-auto [&_img]:w-full [&_img]:object-cover [&_img]:transition-transform [&_img]:duration-500 [&_li:hover_img]:scale-105',
            {
              items: c.images,
              aspectRatio: '4by3',
            },
          ),
        ],
        'gap-12',
      ),
    ]),
});
