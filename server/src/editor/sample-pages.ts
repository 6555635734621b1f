import type { SectionLibrary } from '../model/section-library.js';

/**
 * Sample pages the editor offers to add (POST /pages with `sample`): each is a list of section
 * categories, filled with the first design of each category the section library has.
 */
const SAMPLES: { id: string; name: string; categories: string[] }[] = [
  { id: 'about', name: 'About', categories: ['about', 'team', 'timeline', 'cta'] },
  { id: 'contact', name: 'Contact', categories: ['contact', 'form'] },
  { id: 'pricing', name: 'Pricing', categories: ['pricing', 'faq', 'cta'] },
  { id: 'services', name: 'Services', categories: ['feature', 'stats', 'testimonial', 'cta'] },
  { id: 'portfolio', name: 'Portfolio', categories: ['gallery', 'logos', 'cta'] },
  { id: 'blog', name: 'Blog', categories: ['blog'] },
  { id: 'products', name: 'Products', categories: ['product', 'faq'] },
  { id: 'legal', name: 'Legal', categories: ['legal'] },
];

export interface SamplePage {
  id: string;
  name: string;
  /** Library section ids, in page order. */
  sections: string[];
}

export function samplePages(library: SectionLibrary): SamplePage[] {
  return SAMPLES.map(({ id, name, categories }) => ({
    id,
    name,
    sections: categories.flatMap((category) => library.find((s) => s.category === category)?.id ?? []),
  })).filter((page) => page.sections.length > 0);
}

export const samplePage = (library: SectionLibrary, id: string): SamplePage | undefined => samplePages(library).find((p) => p.id === id);
