import { colorScale } from '../../server/src/model/colors.js';
import type { Collection, Node, Page, SiteDoc } from '../../server/src/model/document.js';

/** A small site document to render; `nodes` and `pages` are filled by each test. */
export function makeDoc(over: Partial<SiteDoc> = {}): SiteDoc {
  return {
    schema: 1,
    settings: {
      name: 'Acme',
      description: { _loc: true, en: 'Acme makes things', fi: 'Acme tekee asioita' },
      languages: ['en'],
      url: 'https://acme.test',
    },
    theme: {
      colors: { primary: colorScale('#3e64de'), secondary: colorScale('#10a6e9'), gray: colorScale('#6b7280') },
      fonts: { heading: { family: 'Inter', normal: [400, 700], italic: [] }, sans: { family: 'Inter', normal: [400], italic: [] } },
      appearance: 'light',
      textScale: 100,
      cornerScale: 100,
      vars: {},
      body: {},
    },
    pages: [page('home', { name: 'Home', title: 'Acme', slug: '' })],
    nodes: {},
    shared: {},
    globals: {
      site: { name: 'Acme', description: '', image: '', url: 'https://acme.test', email: 'hello@acme.test', phone: '+358401234567' },
      meta: { name: '', title: '', description: '', image: '', icon: '' },
      legal: {
        register_name: '',
        company_name: 'Acme Oy',
        company_business_id: '',
        company_address: '',
        dpo_name: '',
        dpo_email: '',
        accessibility_name: '',
        accessibility_email: '',
      },
      custom: { tagline: { _loc: true, en: 'Built to last', fi: 'Kestää' } },
    },
    collections: [],
    ...over,
  };
}

export function page(id: string, over: Partial<Page> = {}): Page {
  return {
    id,
    name: id,
    title: id,
    slug: id === 'home' ? '' : id,
    description: '',
    hidden: false,
    unpublished: false,
    sections: [],
    ...over,
  };
}

export function node(id: string, type: Node['type'], data: Node['data'] = {}, children: string[] = [], style: Node['style'] = {}): Node {
  return { id, type, data, style, children };
}

/** Adds nodes to a doc and puts `sectionId` on the page. */
export function withSection(doc: SiteDoc, pageId: string, nodes: Node[]): SiteDoc {
  for (const n of nodes) doc.nodes[n.id] = n;
  const section = nodes[0]!.id;
  const p = doc.pages.find((x) => x.id === pageId)!;
  if (!p.sections.includes(section)) p.sections.push(section);
  return doc;
}

export function posts(count: number): Collection {
  return {
    id: 'posts',
    name: 'Posts',
    icon: 'blog',
    fields: [
      { id: 'title', name: 'Title', type: 'text' },
      { id: 'slug', name: 'Slug', type: 'slug' },
      { id: 'date', name: 'Date', type: 'date' },
      { id: 'category', name: 'Category', type: 'enum', options: ['news', 'guides'] },
      { id: 'rank', name: 'Rank', type: 'number' },
      { id: 'published', name: 'Published', type: 'published' },
    ],
    items: Array.from({ length: count }, (_, i) => ({
      _id: i + 1,
      title: `Post ${i + 1}`,
      slug: `post-${i + 1}`,
      date: `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
      category: i % 2 === 0 ? 'news' : 'guides',
      rank: (i * 7) % 10,
      published: true,
    })),
  };
}
