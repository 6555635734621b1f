import { colorScale } from '../model/colors.js';
import type { Collection, Page, SiteDoc } from '../model/document.js';

/** For the renderer's unit tests: a site with a home page, English only, at https://acme.test. */
export function testDoc(over: Partial<SiteDoc> = {}): SiteDoc {
  return {
    schema: 1,
    settings: { name: 'Acme', description: '', languages: ['en'], url: 'https://acme.test' },
    theme: {
      colors: { primary: colorScale('#3e64de'), secondary: colorScale('#10a6e9'), gray: colorScale('#6b7280') },
      fonts: { heading: { family: 'Inter', normal: [400], italic: [] }, sans: { family: 'Inter', normal: [400], italic: [] } },
      appearance: 'light',
      textScale: 100,
      cornerScale: 100,
      vars: {},
      body: {},
    },
    pages: [testPage('home', { slug: '' })],
    nodes: {},
    shared: {},
    globals: {
      site: { name: 'Acme', description: '', image: '', url: 'https://acme.test', email: '', phone: '' },
      meta: { name: '', title: '', description: '', image: '', icon: '' },
      legal: {
        register_name: '',
        company_name: '',
        company_business_id: '',
        company_address: '',
        dpo_name: '',
        dpo_email: '',
        accessibility_name: '',
        accessibility_email: '',
      },
      custom: {},
    },
    collections: [],
    ...over,
  };
}

export function testPage(id: string, over: Partial<Page> = {}): Page {
  return { id, name: id, title: id, slug: id, description: '', hidden: false, unpublished: false, sections: [], ...over };
}

/** A collection of `count` published posts with a title and a slug. */
export function testPosts(count: number): Collection {
  return {
    id: 'posts',
    name: 'Posts',
    icon: 'blog',
    fields: [
      { id: 'title', name: 'Title', type: 'text' },
      { id: 'slug', name: 'Slug', type: 'slug' },
    ],
    items: Array.from({ length: count }, (_, i) => ({ _id: i + 1, title: `Post ${i + 1}`, slug: `post-${i + 1}` })),
  };
}
