import type { Loc } from '../../model/document.js';
import { band, col, grid, heading, icon, image, inline, para, row, spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { ALT_BG, buttons, CHIP, checklist, intro, PAD, wrap, type Intro } from './parts.js';

interface Feature {
  icon: string;
  title: Loc;
  text: Loc;
}

export interface FeatureGridContent extends Intro {
  features: Feature[];
  anchor?: string;
  alt?: boolean;
}

const SAMPLE_FEATURES: Feature[] = [
  {
    icon: 'bi:lightning-charge',
    title: 'Fast from day one',
    text: 'Pages load in a blink on any connection, so nobody waits to see what you offer.',
  },
  {
    icon: 'bi:shield-check',
    title: 'Secure by default',
    text: 'Encrypted, backed up every night and kept up to date without you lifting a finger.',
  },
  { icon: 'bi:people', title: 'Made for teams', text: 'Invite colleagues, share the work and see who changed what, when.' },
  { icon: 'bi:phone', title: 'Looks right everywhere', text: 'Every layout adapts to phones, tablets and wide screens on its own.' },
  {
    icon: 'bi:graph-up-arrow',
    title: 'Know what works',
    text: 'Clear numbers on what people read and where they leave, without the noise.',
  },
  {
    icon: 'bi:chat-heart',
    title: 'Help from real people',
    text: 'Questions answered within a working day by someone who knows the product.',
  },
];

export const featureGrid = defineSection<FeatureGridContent>({
  id: 'feature-grid',
  name: 'Feature grid',
  category: 'feature',
  defaults: () => ({
    eyebrow: 'Why choose us',
    title: 'Everything you need, nothing you don’t',
    text: 'The essentials done properly, so you can get on with the work that matters.',
    features: SAMPLE_FEATURES,
    anchor: 'features',
  }),
  tree: (c) =>
    band(
      'Feature grid',
      `${PAD} ${c.alt ? ALT_BG : ''}`.trim(),
      [
        wrap(
          'Content',
          [
            intro(c, { align: 'center' }),
            grid(
              'Features',
              'gap-x-gap gap-y-10 sm:grid-cols-2 lg:grid-cols-3',
              c.features.map((f) =>
                col('Feature', 'gap-3', [
                  row('Icon box', CHIP, [icon('Icon', f.icon)]),
                  heading('Title', f.title, 3, 'mt-2 text-lg'),
                  para('Text', f.text),
                ]),
              ),
            ),
          ],
          'gap-14 md:gap-16',
        ),
      ],
      { anchor: c.anchor },
    ),
});

export interface FeatureSplitContent extends Intro {
  points: Loc[];
  image: string;
  imageAlt: Loc;
  ctas?: Cta[];
  /** The picture on the right instead of the left. */
  reverse?: boolean;
  alt?: boolean;
}

export const featureSplit = defineSection<FeatureSplitContent>({
  id: 'feature-split',
  name: 'Feature with picture',
  category: 'feature',
  defaults: (art) => ({
    eyebrow: 'How it works',
    title: 'From first idea to finished work, in one place',
    text: 'Plan it, make it, check it and share it without switching between five different tools.',
    points: [
      'Start from a template or a blank page',
      'Invite your team and work at the same time',
      'Publish with one click when everyone agrees',
    ],
    image: art('feature.svg'),
    imageAlt: 'An illustration of the workflow',
    ctas: [{ label: 'See how it works', action: { page: 'home' } }],
  }),
  tree: (c) =>
    band('Feature with picture', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          image(
            'Image',
            c.image,
            c.imageAlt,
            `h-auto w-full rounded-box-xl object-cover shadow-lg ${c.reverse ? 'lg:order-last' : ''}`.trim(),
            { width: 1200, height: 900 },
          ),
          col('Text', 'gap-8', [intro(c), checklist(c.points), buttons(c.ctas)]),
        ],
        'grid items-center gap-gap-lg lg:grid-cols-2',
      ),
    ]),
});

export interface FeatureListContent extends Intro {
  items: { title: Loc; text: Loc }[];
  alt?: boolean;
}

export const featureList = defineSection<FeatureListContent>({
  id: 'feature-list',
  name: 'Numbered features',
  category: 'feature',
  defaults: () => ({
    eyebrow: 'Our approach',
    title: 'A simple process that respects your time',
    text: 'Four steps, clear milestones and no surprises on the invoice.',
    items: [
      { title: 'Listen', text: 'We start with your goals, your audience and the constraints you work within.' },
      { title: 'Shape', text: 'Options sketched quickly, then one direction taken all the way.' },
      { title: 'Build', text: 'Made properly, tested on real devices and with real people.' },
      { title: 'Support', text: 'We stay around after launch to measure, learn and improve.' },
    ],
  }),
  tree: (c) =>
    band('Numbered features', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          col('Heading', 'gap-4 lg:sticky lg:top-28 lg:self-start', [intro(c)]),
          spec(
            'layout-grid2',
            'Items',
            'gap-x-gap gap-y-12 sm:grid-cols-2',
            {},
            c.items.map((item, i) =>
              col('Item', 'gap-3 border-t-2 border-primary-l9 pt-6 dark:border-primary-d9', [
                inline(
                  'Number',
                  String(i + 1).padStart(2, '0'),
                  'font-heading text-sm font-bold tracking-widest text-primary-l11 dark:text-primary-d11',
                ),
                heading('Title', item.title, 3, 'text-xl'),
                para('Text', item.text),
              ]),
            ),
          ),
        ],
        'grid gap-gap-lg lg:grid-cols-[2fr_3fr]',
      ),
    ]),
});
