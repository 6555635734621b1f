import type { Loc } from '../../model/document.js';
import { band, button, col, grid, heading, icon, inline, para, row, spec } from '../kit.js';
import { defineSection, type Cta } from './define.js';
import { ALT_BG, checklist, intro, MUTED, PAD, STRONG, wrap, type Intro } from './parts.js';

interface Tier {
  name: Loc;
  description: Loc;
  price: Loc;
  period: Loc;
  cta: Cta;
  features: Loc[];
  featured?: boolean;
  badge?: Loc;
}

export interface TiersContent extends Intro {
  tiers: Tier[];
  /** 1 when the section opens its page. */
  level?: 1 | 2;
  note?: Loc;
  alt?: boolean;
}

const SAMPLE_TIERS: Tier[] = [
  {
    name: 'Starter',
    description: 'For individuals finding their feet.',
    price: '€0',
    period: 'forever',
    cta: { label: 'Start for free', action: { page: 'contact' } },
    features: ['One project', 'Community support', 'Basic analytics'],
  },
  {
    name: 'Professional',
    description: 'For small teams doing serious work.',
    price: '€24',
    period: 'per user / month',
    cta: { label: 'Start a free trial', action: { page: 'contact' } },
    features: ['Unlimited projects', 'Priority support', 'Advanced analytics', 'Custom domains'],
    featured: true,
    badge: 'Most popular',
  },
  {
    name: 'Business',
    description: 'For organisations with more at stake.',
    price: '€49',
    period: 'per user / month',
    cta: { label: 'Talk to sales', action: { page: 'contact' } },
    features: ['Everything in Professional', 'Single sign-on', 'Audit log', 'A named account manager'],
  },
];

/** A plan's card; its name is a heading one level below the section's title. */
function tierCard(t: Tier, level: 2 | 3): ReturnType<typeof col> {
  const featured = !!t.featured;
  return col(
    'Tier',
    `relative gap-6 rounded-box-xl p-8 ${featured ? 'bg-gray-l12 shadow-2xl ring-1 ring-gray-l12 lg:-my-4 lg:py-12 dark:bg-gray-d3 dark:ring-primary-d7' : 'border border-gray-l5 bg-gray-l1 dark:border-gray-d5 dark:bg-gray-d2'}`,
    [
      row('Top', 'items-center justify-between gap-4', [
        heading('Name', t.name, level, `text-lg ${featured ? 'text-white dark:text-white' : ''}`.trim()),
        featured && t.badge
          ? inline(
              'Badge',
              t.badge,
              'rounded-full bg-primary-l9 px-3 py-1 text-xs font-semibold text-white dark:bg-primary-d9 dark:text-white',
            )
          : undefined,
      ]),
      para('Description', t.description, featured ? 'text-white/75 dark:text-white/75' : ''),
      row('Price', 'items-baseline gap-2', [
        inline('Amount', t.price, `font-heading text-5xl font-bold tracking-tight ${featured ? 'text-white' : STRONG}`),
        inline('Period', t.period, `text-sm ${featured ? 'text-white/70' : MUTED}`),
      ]),
      button('Button', t.cta.label, t.cta.action, featured ? 'primary' : 'outline', 'w-full'),
      featured
        ? col(
            'Checklist',
            'list-none gap-3 border-t border-white/15 pt-6',
            t.features.map((text) =>
              row(
                'Item',
                'items-start gap-3',
                [icon('Check', 'bi:check-lg', 'mt-1 shrink-0 text-primary-l7'), inline('Text', text, 'text-white/85')],
                { tag: 'li' },
              ),
            ),
            { tag: 'ul' },
          )
        : checklist(t.features, 'border-t border-gray-l5 pt-6 dark:border-gray-d5'),
    ],
  );
}

export const pricingTiers = defineSection<TiersContent>({
  id: 'pricing-tiers',
  name: 'Pricing tiers',
  category: 'pricing',
  defaults: () => ({
    eyebrow: 'Pricing',
    title: 'Plans that grow with you',
    text: 'Start free and upgrade when you need more. Every plan includes a 14-day trial of everything.',
    tiers: SAMPLE_TIERS,
    note: 'Prices exclude VAT. Pay yearly and get two months free.',
  }),
  tree: (c) =>
    band('Pricing tiers', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c, { align: 'center', level: c.level, size: 'text-3xl sm:text-4xl lg:text-5xl' }),
          grid(
            'Tiers',
            'items-start gap-gap-md lg:grid-cols-3 lg:items-center',
            c.tiers.map((t) => tierCard(t, c.level === 1 ? 2 : 3)),
          ),
          c.note && para('Note', c.note, 'text-center text-sm text-gray-l11 dark:text-gray-d11'),
        ],
        'gap-14',
      ),
    ]),
});

export interface SimplePlanContent extends Intro {
  planName: Loc;
  planText: Loc;
  includedTitle: Loc;
  included: Loc[];
  priceLabel: Loc;
  price: Loc;
  period: Loc;
  cta: Cta;
  fine?: Loc;
}

export const pricingSimple = defineSection<SimplePlanContent>({
  id: 'pricing-simple',
  name: 'Single plan',
  category: 'pricing',
  defaults: () => ({
    eyebrow: 'One simple price',
    title: 'Everything included, one plan',
    text: 'No tiers to compare and no features held back. Pay for what you use and nothing else.',
    planName: 'Membership',
    planText: 'Full access for you and your team, with support from people who know the product inside out.',
    includedTitle: 'What’s included',
    included: [
      'Unlimited projects',
      'Unlimited collaborators',
      'Daily backups',
      'Support within a day',
      'Custom domains',
      'Cancel at any time',
    ],
    priceLabel: 'Pay monthly, cancel any time',
    price: '€19',
    period: 'per month',
    cta: { label: 'Get access', action: { page: 'contact' } },
    fine: 'Invoices and receipts for your accountant, in one place.',
  }),
  tree: (c) =>
    band('Single plan', PAD, [
      wrap(
        'Content',
        [
          intro(c, { align: 'center' }),
          row('Plan', 'flex-col overflow-hidden rounded-box-2xl border border-gray-l5 lg:flex-row dark:border-gray-d5', [
            col('Details', 'flex-1 gap-5 p-8 sm:p-10', [
              heading('Name', c.planName, 3, 'text-2xl'),
              para('Text', c.planText),
              row('Divider', 'items-center gap-4', [
                inline('Label', c.includedTitle, 'shrink-0 text-sm font-semibold text-primary-l11 dark:text-primary-d11'),
                spec('divider', 'Line', 'w-full border-gray-l5 dark:border-gray-d5'),
              ]),
              checklist(c.included, 'grid gap-y-3 sm:grid-cols-2'),
            ]),
            col('Price box', 'items-center justify-center gap-4 bg-gray-l2 p-8 text-center sm:p-10 lg:w-96 dark:bg-gray-d2', [
              para('Label', c.priceLabel, 'font-semibold text-gray-l12 dark:text-gray-d12'),
              row('Price', 'items-baseline justify-center gap-2', [
                inline('Amount', c.price, `font-heading text-6xl font-bold tracking-tight ${STRONG}`),
                inline('Period', c.period, `text-sm ${MUTED}`),
              ]),
              button('Button', c.cta.label, c.cta.action, 'primary', 'w-full'),
              c.fine && para('Fine print', c.fine, 'text-xs text-gray-l11 dark:text-gray-d11'),
            ]),
          ]),
        ],
        'gap-14',
        'max-w-5xl',
      ),
    ]),
});

export interface PriceListContent extends Intro {
  groups: { title: Loc; items: { name: Loc; text?: Loc; price: Loc }[] }[];
  note?: Loc;
  alt?: boolean;
}

export const pricingList = defineSection<PriceListContent>({
  id: 'pricing-list',
  name: 'Price list',
  category: 'pricing',
  defaults: () => ({
    eyebrow: 'Services',
    title: 'Clear prices, agreed up front',
    groups: [
      {
        title: 'Strategy',
        items: [
          { name: 'Discovery workshop', text: 'A day with your team to agree on goals and priorities.', price: '€1,800' },
          { name: 'Audience research', text: 'Interviews and a written summary of what we learned.', price: 'from €3,500' },
        ],
      },
      {
        title: 'Design',
        items: [
          { name: 'Visual identity', text: 'Logo, colours, type and a short guide to using them.', price: 'from €8,000' },
          { name: 'Website design', text: 'Templates for every page type, ready to build.', price: 'from €12,000' },
        ],
      },
    ],
    note: 'Prices exclude VAT. Every project starts with a free call.',
  }),
  tree: (c) =>
    band('Price list', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c, { align: 'center' }),
          grid(
            'Groups',
            'gap-x-gap-lg gap-y-12 md:grid-cols-2',
            c.groups.map((g) =>
              col('Group', 'gap-6', [
                heading('Title', g.title, 3, 'border-b border-gray-l6 pb-3 text-2xl dark:border-gray-d6'),
                col(
                  'Items',
                  'list-none gap-6',
                  g.items.map((item) =>
                    col(
                      'Item',
                      'gap-1',
                      [
                        row('Line', 'items-baseline gap-3', [
                          inline('Name', item.name, `font-semibold ${STRONG}`),
                          col('Leader', 'flex-1 translate-y-[-0.3rem] border-b border-dotted border-gray-l7 dark:border-gray-d7', []),
                          inline('Price', item.price, `font-semibold tabular-nums ${STRONG}`),
                        ]),
                        item.text && para('Text', item.text, 'text-sm'),
                      ],
                      { tag: 'li' },
                    ),
                  ),
                  { tag: 'ul' },
                ),
              ]),
            ),
            { columns: 2 },
          ),
          c.note && para('Note', c.note, 'text-center text-sm text-gray-l11 dark:text-gray-d11'),
        ],
        'gap-14',
        'max-w-5xl',
      ),
    ]),
});
