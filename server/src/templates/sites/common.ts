import type { Collection, GlobalVars, Loc, Page, SiteDoc } from '../../model/document.js';
import { instantiateSection, type SectionContext, type SectionTemplate } from '../sections/define.js';
import { makeTheme, sharedStyles, type Look } from '../theme.js';

/** What every template's document starts from. */
export interface DocBase {
  name: string;
  description: Loc;
  languages: string[];
  look: Look;
  colors: { primary: string; secondary: string };
  site: Partial<GlobalVars['site']>;
  meta?: Partial<GlobalVars['meta']>;
  legal?: Partial<GlobalVars['legal']>;
  social?: Record<string, string>;
}

const EMPTY_LEGAL: GlobalVars['legal'] = {
  register_name: '',
  company_name: '',
  company_business_id: '',
  company_address: '',
  dpo_name: '',
  dpo_email: '',
  accessibility_name: '',
  accessibility_email: '',
};

export function newDoc(b: DocBase): SiteDoc {
  const description = typeof b.description === 'string' ? b.description : String(b.description[b.languages[0] ?? 'en'] ?? '');
  return {
    schema: 1,
    settings: { name: b.name, description: b.description, languages: b.languages, ...(b.social ? { social: b.social } : {}) },
    theme: makeTheme(b.look, b.colors),
    pages: [],
    nodes: {},
    shared: sharedStyles(b.look),
    globals: {
      site: { name: b.name, description, image: '', url: '', email: '', phone: '', ...b.site },
      meta: { name: b.name, title: '', description, image: '', icon: '', ...b.meta },
      legal: { ...EMPTY_LEGAL, ...b.legal },
      custom: {},
    },
    collections: [],
  };
}

export interface PageSpec {
  id: string;
  name: string;
  title: Loc;
  description: Loc;
  slug?: Loc;
  content?: string;
  share?: string;
  hidden?: boolean;
}

/** A design placed on a page under `id`, with its content. */
export type Placed = [design: SectionTemplate, id: string, content?: object];

/** Adds a page with its sections (in order) to the document. */
export function addPage(doc: SiteDoc, spec: PageSpec, sections: Placed[], art: SectionContext['art']): Page {
  const page: Page = {
    id: spec.id,
    name: spec.name,
    title: spec.title,
    slug: spec.slug ?? (spec.id === 'home' ? '' : spec.id),
    description: spec.description,
    hidden: spec.hidden ?? false,
    unpublished: false,
    sections: [],
    ...(spec.content ? { content: spec.content } : {}),
    ...(spec.share ? { share: spec.share } : {}),
  };
  for (const [design, id, content] of sections) {
    if (doc.nodes[id]) throw new Error(`template: section id ${id} is used twice`);
    const { nodes } = instantiateSection(design, id, { content: content as never, art });
    // Every section of a template can be linked to: its id is its anchor (`/pricing/#faq`).
    if (nodes[id] && nodes[id].data['_attr.id'] === undefined) nodes[id].data['_attr.id'] = id;
    Object.assign(doc.nodes, nodes);
    page.sections.push(id);
  }
  doc.pages.push(page);
  return page;
}

export function addCollection(doc: SiteDoc, collection: Collection): void {
  doc.collections.push(collection);
}

/** The header and footer pages (`_before`, `_after`) and the 404 page, which every site has. */
export function specialPage(id: '_before' | '_after' | '404', title: Loc, description: Loc = ''): PageSpec {
  const names = { _before: 'Header', _after: 'Footer', '404': 'Page not found' } as const;
  return { id, name: names[id], title, description, slug: id === '404' ? '404' : '', hidden: id === '404' };
}
