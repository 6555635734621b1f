import type { Loc } from '../../model/document.js';
import { band, bind, col, grid, heading, image, inline, para, row, spec, type Spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { ALT_BG, buttons, CARD, intro, MUTED, PAD, STRONG, wrap, type Intro } from './parts.js';

// ------------------------------------------------------------------------------------------------
// Team

interface Person {
  name: Loc;
  role: Loc;
  bio?: Loc;
  photo: string;
}

export interface TeamContent extends Intro {
  people: Person[];
  /** Repeat over a collection instead (fields: name, role, bio, photo). */
  collection?: string;
  /** Cards per row on wide screens: as many as there are people, up to four. */
  columns?: 3 | 4;
  alt?: boolean;
}

function personCard(p: Person | 'bound'): Spec {
  const v = (field: keyof Person) => (p === 'bound' ? bind(field) : (p[field] ?? ''));
  return col('Person', 'gap-4', [
    image('Photo', v('photo'), v('name'), 'aspect-[4/5] w-full rounded-box-lg bg-gray-l3 object-cover dark:bg-gray-d3', {
      width: 600,
      height: 750,
    }),
    col('Text', 'gap-1', [
      heading('Name', v('name'), 3, 'text-lg'),
      para('Role', v('role'), 'text-sm font-medium text-primary-l11 dark:text-primary-d11'),
      (p === 'bound' || p.bio) && para('Bio', v('bio'), 'mt-2 text-sm'),
    ]),
  ]);
}

export const teamGrid = defineSection<TeamContent>({
  id: 'team-grid',
  name: 'Team',
  category: 'team',
  defaults: (art) => ({
    eyebrow: 'Our people',
    title: 'Small team, many skills',
    text: 'The people you will work with, from the first call to the last invoice.',
    people: [
      {
        name: 'Helena Korhonen',
        role: 'Founder & director',
        bio: 'Twenty years of making complicated things simple.',
        photo: art('person-1.svg'),
      },
      { name: 'Daniel Osei', role: 'Design lead', bio: 'Type nerd, systems thinker, reluctant cyclist.', photo: art('person-2.svg') },
      { name: 'Maria Lindgren', role: 'Engineering', bio: 'Builds things that are fast and stay fast.', photo: art('person-3.svg') },
      { name: 'Tomás Ruiz', role: 'Client partner', bio: 'Keeps projects on time and everybody talking.', photo: art('person-4.svg') },
    ],
  }),
  tree: (c) => {
    const columns = c.columns ?? (c.people.length === 3 ? 3 : 4);
    const grid = `gap-x-gap gap-y-12 sm:grid-cols-2 ${columns === 3 ? 'lg:grid-cols-3' : 'lg:grid-cols-4'}`;
    return band('Team', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c),
          c.collection
            ? spec('layout-grid3', 'People', grid, { _repeat: c.collection }, [personCard('bound')])
            : spec('layout-grid3', 'People', grid, {}, c.people.map(personCard)),
        ],
        'gap-14',
      ),
    ]);
  },
});

// ------------------------------------------------------------------------------------------------
// About

export interface AboutContent extends Intro {
  paragraphs: Loc[];
  image: string;
  imageAlt: Loc;
  stats?: { value: Loc; label: Loc }[];
  ctas?: Cta[];
  anchor?: string;
  reverse?: boolean;
  alt?: boolean;
  /** 1 when the section opens its page. */
  level?: 1 | 2;
}

export const aboutSplit = defineSection<AboutContent>({
  id: 'about-split',
  name: 'About with picture',
  category: 'about',
  defaults: (art) => ({
    eyebrow: 'About us',
    title: 'We started with one simple idea',
    paragraphs: [
      'Good work comes from paying attention: to the people we work for, to the details most would skip, and to what happens after the launch party.',
      'Fifteen years on, we are still a small team by choice. It keeps us close to every project and honest about what we can do well.',
    ],
    image: art('about.svg'),
    imageAlt: 'The team at work in the studio',
    stats: [
      { value: '15', label: 'years in business' },
      { value: '240', label: 'happy clients' },
      { value: '9', label: 'people, one room' },
    ],
    anchor: 'about',
  }),
  tree: (c) =>
    band(
      'About with picture',
      `${PAD} ${c.alt ? ALT_BG : ''}`.trim(),
      [
        wrap(
          'Content',
          [
            image(
              'Image',
              c.image,
              c.imageAlt,
              `aspect-[4/5] h-auto w-full rounded-box-2xl object-cover ${c.reverse ? 'lg:order-last' : ''}`.trim(),
              { width: 1200, height: 1400 },
            ),
            col('Text', 'gap-6', [
              intro({ eyebrow: c.eyebrow, title: c.title }, { level: c.level }),
              ...c.paragraphs.map((p) => para('Paragraph', p, 'text-lg')),
              !!c.stats?.length &&
                row(
                  'Stats',
                  'mt-4 flex-wrap gap-x-12 gap-y-6 border-t border-gray-l5 pt-8 dark:border-gray-d5',
                  c.stats.map((s) =>
                    col('Stat', 'gap-1', [
                      inline('Value', s.value, `font-heading text-4xl font-bold ${STRONG}`),
                      inline('Label', s.label, `text-sm ${MUTED}`),
                    ]),
                  ),
                ),
              buttons(c.ctas, { classes: 'mt-2' }),
            ]),
          ],
          'grid items-center gap-gap-lg lg:grid-cols-2',
        ),
      ],
      { anchor: c.anchor },
    ),
});

// ------------------------------------------------------------------------------------------------
// Testimonials

export interface Quote {
  quote: Loc;
  name: Loc;
  role: Loc;
  photo: string;
}

export interface TestimonialContent extends Intro {
  quotes: Quote[];
  /** What the five stars say to a screen reader. */
  ratingLabel: Loc;
  alt?: boolean;
}

const SAMPLE_QUOTES = (art: (f: string) => string): Quote[] => [
  {
    quote: 'We replaced three tools and a weekly meeting. The team noticed the difference in the first month.',
    name: 'Aino Mäkelä',
    role: 'Head of Operations, Lumen',
    photo: art('person-5.svg'),
  },
  {
    quote: 'Setting it up took an afternoon. Explaining it to the rest of the company took five minutes.',
    name: 'James Carter',
    role: 'Founder, Northwind',
    photo: art('person-6.svg'),
  },
  {
    quote: 'The support is the best I have seen: quick, friendly and always with an actual answer.',
    name: 'Sofia Berg',
    role: 'Product Manager, Halcyon',
    photo: art('person-7.svg'),
  },
];

function quoteCard(q: Quote, ratingLabel: Loc): Spec {
  return col(
    'Testimonial',
    `${CARD} justify-between gap-8 p-8`,
    [
      col('Body', 'gap-5', [
        spec('icons', 'Rating', 'gap-1 text-base text-secondary-l9 dark:text-secondary-d10', {
          value: 'bi:star-fill',
          total: 5,
          count: 5,
          alt: ratingLabel,
        }),
        para('Quote', q.quote, `text-lg leading-relaxed ${STRONG}`, { '_options.tag': 'blockquote' }),
      ]),
      row('Author', 'items-center gap-4', [
        image('Photo', q.photo, '', 'size-12 rounded-full bg-gray-l3 object-cover dark:bg-gray-d3', { width: 96, height: 96 }),
        col('Who', 'gap-0.5', [inline('Name', q.name, `font-semibold ${STRONG}`), inline('Role', q.role, 'text-sm')]),
      ]),
    ],
    { tag: 'figure' },
  );
}

export const testimonialCards = defineSection<TestimonialContent>({
  id: 'testimonial-cards',
  name: 'Testimonial cards',
  category: 'testimonial',
  defaults: (art) => ({
    eyebrow: 'Testimonials',
    title: 'Loved by the people who use it',
    quotes: SAMPLE_QUOTES(art),
    ratingLabel: '5 out of 5 stars',
  }),
  tree: (c) =>
    band('Testimonial cards', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c, { align: 'center' }),
          grid(
            'Testimonials',
            'gap-gap-md md:grid-cols-3',
            c.quotes.map((q) => quoteCard(q, c.ratingLabel)),
          ),
        ],
        'gap-14',
      ),
    ]),
});

export interface QuoteContent {
  quote: Loc;
  name: Loc;
  role: Loc;
  photo: string;
  alt?: boolean;
}

export const testimonialLarge = defineSection<QuoteContent>({
  id: 'testimonial-large',
  name: 'Large testimonial',
  category: 'testimonial',
  defaults: (art) => ({
    quote:
      '“They listened more than they talked, and then made something better than we had imagined. Our new identity finally looks like the company we are.”',
    name: 'Eero Salonen',
    role: 'CEO, Kestrel Maritime',
    photo: art('person-8.svg'),
  }),
  tree: (c) =>
    band(
      'Large testimonial',
      `${PAD} ${c.alt ? ALT_BG : ''}`.trim(),
      [
        wrap(
          'Content',
          [
            para('Quote', c.quote, `font-heading text-2xl leading-snug font-medium tracking-tight sm:text-4xl ${STRONG}`, {
              '_options.tag': 'blockquote',
            }),
            row('Author', 'items-center justify-center gap-4', [
              image('Photo', c.photo, '', 'size-14 rounded-full bg-gray-l3 object-cover dark:bg-gray-d3', { width: 112, height: 112 }),
              col('Who', 'gap-0.5 text-left', [inline('Name', c.name, `font-semibold ${STRONG}`), inline('Role', c.role, 'text-sm')]),
            ]),
          ],
          'items-center gap-10 text-center',
          'max-w-4xl',
        ),
      ],
      { tag: 'section' },
    ),
});

// ------------------------------------------------------------------------------------------------
// Logos

export interface LogosContent {
  title: Loc;
  logos: { src: string; alt: Loc }[];
  alt?: boolean;
}

export const logosRow = defineSection<LogosContent>({
  id: 'logos-row',
  name: 'Client logos',
  category: 'logos',
  defaults: (art) => ({
    title: 'Trusted by teams at',
    logos: ['Northwind', 'Lumen', 'Halcyon', 'Kestrel', 'Orbital', 'Juniper'].map((name, i) => ({
      src: art(`logo-${i + 1}.svg`),
      alt: name,
    })),
  }),
  tree: (c) =>
    band('Client logos', `px-section-x py-14 ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          para('Title', c.title, 'text-center text-sm font-semibold text-gray-l11 dark:text-gray-d11'),
          spec(
            'layout-grid3',
            'Logos',
            'grid-cols-2 items-center gap-x-10 gap-y-8 sm:grid-cols-3 lg:grid-cols-6',
            { '_options.tag': 'ul' },
            c.logos.map((l) =>
              col(
                'Logo',
                'items-center',
                [image('Image', l.src, l.alt, 'h-9 w-auto opacity-80 dark:opacity-70 dark:invert', { width: 320, height: 96 })],
                { tag: 'li' },
              ),
            ),
          ),
        ],
        'gap-8',
      ),
    ]),
});

// ------------------------------------------------------------------------------------------------
// Stats

export interface StatsContent extends Partial<Intro> {
  stats: { value: number; prefix?: string; suffix?: string; label: Loc }[];
  /** On the primary colour. */
  dark?: boolean;
}

export const statsCounters = defineSection<StatsContent>({
  id: 'stats-counters',
  name: 'Counters',
  category: 'stats',
  defaults: () => ({
    eyebrow: 'In numbers',
    title: 'A track record we are proud of',
    stats: [
      { value: 4200, suffix: '+', label: 'customers in 38 countries' },
      { value: 98, suffix: '%', label: 'would recommend us' },
      { value: 12, suffix: ' min', label: 'average first response' },
      { value: 15, label: 'years of steady growth' },
    ],
  }),
  tree: (c) =>
    band('Counters', `${PAD} ${c.dark ? 'bg-gray-l12 dark:bg-gray-d2' : ALT_BG}`, [
      wrap(
        'Content',
        [
          c.title ? intro({ eyebrow: c.eyebrow, title: c.title, text: c.text }, { align: 'center', dark: c.dark }) : undefined,
          spec(
            'layout-grid3',
            'Stats',
            'grid-cols-2 gap-x-gap gap-y-12 lg:grid-cols-4',
            {},
            c.stats.map((s) =>
              col('Stat', `gap-2 border-l-2 pl-6 ${c.dark ? 'border-primary-l8' : 'border-primary-l9 dark:border-primary-d9'}`, [
                spec('counter', 'Value', `font-heading text-4xl font-bold tracking-tight sm:text-5xl ${c.dark ? 'text-white' : STRONG}`, {
                  value: s.value,
                  ...(s.prefix ? { prefix: s.prefix } : {}),
                  ...(s.suffix ? { suffix: s.suffix } : {}),
                  thousandsSeparator: 'comma',
                  duration: 1600,
                }),
                para('Label', s.label, c.dark ? 'text-white/70 dark:text-white/70' : ''),
              ]),
            ),
          ),
        ],
        'gap-14',
      ),
    ]),
});

// ------------------------------------------------------------------------------------------------
// Timeline

export interface TimelineContent extends Intro {
  events: { date: Loc; title: Loc; text: Loc }[];
  alt?: boolean;
}

export const timelineSteps = defineSection<TimelineContent>({
  id: 'timeline-steps',
  name: 'Timeline',
  category: 'timeline',
  defaults: () => ({
    eyebrow: 'Our story',
    title: 'How we got here',
    events: [
      { date: '2011', title: 'A desk in a shared office', text: 'Two people, one client and a lot of coffee.' },
      { date: '2015', title: 'Our own studio', text: 'Room for six and a window that opens onto the harbour.' },
      { date: '2019', title: 'Work that travels', text: 'Our first projects for clients in Berlin, London and Tokyo.' },
      { date: '2024', title: 'Still small, by choice', text: 'Nine people who know every project by name.' },
    ],
  }),
  tree: (c) =>
    band('Timeline', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c),
          col(
            'Events',
            'list-none border-l-2 border-gray-l5 dark:border-gray-d5',
            c.events.map((e) =>
              col(
                'Event',
                'relative gap-2 pb-12 pl-8 last:pb-0',
                [
                  col(
                    'Dot',
                    'absolute top-1.5 -left-[9px] size-4 rounded-full border-4 border-gray-l1 bg-primary-l9 dark:border-gray-d1 dark:bg-primary-d9',
                    [],
                  ),
                  inline('Date', e.date, 'font-heading text-sm font-bold tracking-widest text-primary-l11 dark:text-primary-d11'),
                  heading('Title', e.title, 3, 'text-xl'),
                  para('Text', e.text),
                ],
                { tag: 'li' },
              ),
            ),
            { tag: 'ol' },
          ),
        ],
        'gap-12',
        'max-w-3xl',
      ),
    ]),
});
