import type { Schemas } from '@pagewright/sdk';
import type { SiteDoc } from '../model/document.js';
import { previewSvg } from './preview.js';
import { bistroSite } from './sites/bistro.js';
import { folioSite } from './sites/folio.js';
import { journalSite } from './sites/journal.js';
import { launchSite } from './sites/launch.js';

export type Template = Schemas['Template'];

interface PageSeed {
  id: string;
  name: string;
  title: string;
  description: string;
}

interface TemplateSeed extends Omit<Template, 'pages' | 'previewImage' | 'authorImage' | 'updated'> {
  updated: string;
  pages: PageSeed[];
  tagline: string;
}

const SUPPORT = (id: string) => [
  { label: 'Template guide', url: `https://pagewright.dev/docs/templates/${id}` },
  { label: 'Community forum', url: 'https://pagewright.dev/community' },
  { label: 'Contact support', url: 'mailto:support@pagewright.dev' },
];

/**
 * The template gallery. Each template carries every field of spec 000 §3 and names the pages a new
 * site starts with; `siteFromTemplate` builds the site itself (templates/sites/).
 */
const SEEDS: TemplateSeed[] = [
  {
    id: 'launch',
    name: 'Launch',
    tagline: 'Ship your product with a page that converts.',
    description:
      'A landing page for a software product: a bold hero, feature grid, social proof, pricing table, FAQ and a closing call to action. Built for speed and a perfect Lighthouse score.',
    price: 0,
    theme: { primary: '#3E64DE', secondary: '#10A6E9' },
    author: 'Pagewright Studio',
    vendor: 'Pagewright',
    collections: [],
    languages: ['en'],
    features: ['responsive', 'seo', 'performance', 'theme', 'dark', 'webfonts', 'animations', 'forms'],
    updated: '2026-11-01T09:00:00.000Z',
    support: SUPPORT('launch'),
    pages: [
      { id: 'home', name: 'Home', title: 'Launch — the fastest way to ship', description: 'Everything your product needs to launch.' },
      { id: 'features', name: 'Features', title: 'Features', description: 'Planning, staged rollouts and automatic rollbacks.' },
      { id: 'pricing', name: 'Pricing', title: 'Pricing', description: 'Simple plans that grow with you.' },
      { id: 'contact', name: 'Contact', title: 'Contact us', description: 'Talk to the team.' },
    ],
  },
  {
    id: 'folio',
    name: 'Folio',
    tagline: 'A calm home for your best work.',
    description:
      'A portfolio for designers, photographers and studios: a full-bleed project grid, case-study pages, an about page with counters and a contact form.',
    price: 0,
    theme: { primary: '#111827', secondary: '#F59E0B' },
    author: 'Mira Lindqvist',
    vendor: 'Pagewright',
    collections: ['projects'],
    languages: ['en'],
    features: ['responsive', 'seo', 'cms-collections', 'cms-pages', 'counters', 'animations', 'webfonts', 'forms'],
    updated: '2026-10-18T09:00:00.000Z',
    support: SUPPORT('folio'),
    pages: [
      { id: 'home', name: 'Work', title: 'Folio — selected work', description: 'Selected projects and case studies.' },
      { id: 'projects/:slug', name: 'Project', title: '{item.title}', description: 'A case study.' },
      { id: 'about', name: 'About', title: 'About', description: 'The studio and its people.' },
      { id: 'contact', name: 'Contact', title: 'Contact', description: 'Start a project.' },
    ],
  },
  {
    id: 'journal',
    name: 'Journal',
    tagline: 'Write, publish, be read.',
    description:
      'A blog whose posts are a CMS collection with their own pages: a featured post, a post list with categories, author bios, an RSS-friendly archive and newsletter sign-up.',
    price: 0,
    theme: { primary: '#0F766E', secondary: '#E11D48' },
    author: 'Pagewright Studio',
    vendor: 'Pagewright',
    collections: ['posts', 'authors'],
    languages: ['en'],
    features: ['responsive', 'seo', 'cms-collections', 'cms-pages', 'dark', 'webfonts', 'performance', 'forms'],
    updated: '2026-11-10T09:00:00.000Z',
    support: SUPPORT('journal'),
    pages: [
      { id: 'home', name: 'Latest', title: 'Journal', description: 'Notes on craft, code and design.' },
      { id: 'archive', name: 'Archive', title: 'Archive', description: 'Every essay, newest first.' },
      { id: 'posts/:slug', name: 'Post', title: '{item.title}', description: '{item.excerpt}' },
      { id: 'about', name: 'About', title: 'About the Journal', description: 'Who writes here.' },
    ],
  },
  {
    id: 'bistro',
    name: 'Bistro',
    tagline: 'Your table is waiting.',
    description:
      'A local business site in English and Finnish for a restaurant or café: opening hours, a menu from the CMS, a map, reservations by form, and the legal pages a business needs.',
    price: 2900,
    theme: { primary: '#9A3412', secondary: '#65A30D' },
    author: 'Aino Virtanen',
    vendor: 'Nordic Pixels',
    collections: ['menu'],
    languages: ['en', 'fi'],
    features: ['responsive', 'seo', 'localization', 'cms-collections', 'legal', 'forms', 'webfonts', 'theme'],
    updated: '2026-09-30T09:00:00.000Z',
    support: SUPPORT('bistro'),
    pages: [
      { id: 'home', name: 'Home', title: 'Bistro Aalto — seasonal food in Helsinki', description: 'Seasonal Nordic cooking by the sea.' },
      { id: 'menu', name: 'Menu', title: 'Menu', description: 'Lunch and dinner menus.' },
      { id: 'about', name: 'About', title: 'Our story', description: 'The people and producers behind the restaurant.' },
      { id: 'reservations', name: 'Reservations', title: 'Book a table', description: 'Reserve your table online.' },
      { id: 'privacy', name: 'Privacy', title: 'Privacy policy', description: 'How we handle your data.' },
    ],
  },
];

export const templates: Template[] = SEEDS.map(({ tagline: _tagline, pages, ...seed }) => ({
  ...seed,
  pages: pages.map(({ id, name }) => ({ id, name })),
  authorImage: `/template-assets/authors/${seed.author.toLowerCase().replace(/[^a-z]+/g, '-')}.svg`,
  previewImage: `/template-assets/${seed.id}.svg`,
}));

export function findTemplate(id: string): TemplateSeed | undefined {
  return SEEDS.find((t) => t.id === id);
}

const BUILDERS: Record<string, (name: string, colors: { primary: string; secondary: string }) => SiteDoc> = {
  launch: launchSite,
  folio: folioSite,
  journal: journalSite,
  bistro: bistroSite,
};

/**
 * The site document a new site starts with: the template's pages, sections, theme (in the colours
 * the user chose), shared styles, global variables and CMS collections.
 */
export function siteFromTemplate(seed: Pick<TemplateSeed, 'id'>, name: string, theme: { primary: string; secondary: string }): SiteDoc {
  const build = BUILDERS[seed.id];
  if (!build) throw new Error(`siteFromTemplate: no site for template ${seed.id}`);
  return build(name, { primary: theme.primary.toLowerCase(), secondary: theme.secondary.toLowerCase() });
}

export type { TemplateSeed };

/** The gallery picture of each template: a miniature of its home page (templates/preview.ts). */
export function templatePreviewSvg(id: string): string | null {
  const seed = findTemplate(id);
  return seed ? previewSvg(seed.id, seed.name, seed.theme) : null;
}

/** An initials avatar for a template author. */
export function authorSvg(slug: string): string | null {
  const seed = SEEDS.find((t) => t.author.toLowerCase().replace(/[^a-z]+/g, '-') === slug);
  if (!seed) return null;
  const initials = seed.author
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${seed.author}"><circle cx="32" cy="32" r="32" fill="${seed.theme.primary}"/><text x="32" y="40" text-anchor="middle" font-family="system-ui,sans-serif" font-size="22" font-weight="700" fill="#fff">${initials}</text></svg>`;
}
