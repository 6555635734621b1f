import type { Template } from '../lib/store/templates.ts';

type Feature = Template['features'][number];

/** How the template features of spec 000 §3 read in the gallery. */
export const FEATURES: Record<Feature, { label: string; text: string }> = {
  animations: { label: 'Animations', text: 'Entrance and scroll animations' },
  'cms-collections': { label: 'CMS collections', text: 'Content managed in typed collections' },
  'cms-pages': { label: 'CMS pages', text: 'A page generated for every item' },
  counters: { label: 'Counters', text: 'Animated number counters' },
  dark: { label: 'Dark mode', text: 'Light and dark appearance' },
  forms: { label: 'Forms', text: 'Contact and sign-up forms' },
  legal: { label: 'Legal pages', text: 'Privacy and accessibility statements' },
  localization: { label: 'Localization', text: 'Several languages' },
  performance: { label: 'Performance', text: 'Fast, static output' },
  responsive: { label: 'Responsive', text: 'Looks right on every screen' },
  seo: { label: 'SEO', text: 'Titles, descriptions and structured data' },
  theme: { label: 'Theme', text: 'Colours and fonts in one place' },
  webfonts: { label: 'Web fonts', text: 'Self-hosted web fonts' },
};
