import type { Page, SiteDoc } from '../../server/src/model/document.js';
import { instantiateSection, SECTION_CATEGORIES, sectionLibrary } from '../../server/src/templates/sections.js';
import { newDoc } from '../../server/src/templates/sites/common.js';
import { LOOKS } from '../../server/src/templates/theme.js';

/** Designs that show one item of a collection belong on that collection's page. */
const ON_COLLECTION_PAGE: Record<string, string> = { 'blog-post': 'posts/:slug', 'content-project': 'projects/:slug' };

const page = (id: string, sections: string[], content?: string): Page => ({
  id,
  name: id,
  title: content ? '{item.title}' : id,
  slug: id === 'home' ? '' : id,
  description: '',
  hidden: false,
  unpublished: false,
  sections,
  ...(content ? { content } : {}),
});

/**
 * A site holding every design of the section library, one page per category (the not-found
 * designs on the 404 page), with the sample collections the designs bring and the collection
 * pages their links point at.
 */
export function libraryDoc(): SiteDoc {
  const doc = newDoc({
    name: 'Library',
    description: 'Every section design.',
    languages: ['en'],
    look: LOOKS.launch,
    colors: { primary: '#4f5fd5', secondary: '#d97706' },
    site: { email: 'hello@example.com' },
  });
  const collectionPages: Record<string, string[]> = { 'posts/:slug': [], 'projects/:slug': [] };
  for (const category of SECTION_CATEGORIES) {
    const sections: string[] = [];
    for (const template of sectionLibrary.filter((s) => s.category === category)) {
      const { nodes, collections } = instantiateSection(template, template.id);
      Object.assign(doc.nodes, nodes);
      for (const c of collections ?? []) if (!doc.collections.some((have) => have.id === c.id)) doc.collections.push(c);
      (collectionPages[ON_COLLECTION_PAGE[template.id] ?? ''] ?? sections).push(template.id);
    }
    doc.pages.push(page(category === 'notfound' ? '404' : category, sections));
  }
  doc.pages.push(page('home', []), page('_before', []), page('_after', []));
  doc.pages.push(
    page('posts/:slug', collectionPages['posts/:slug']!, 'posts'),
    page('projects/:slug', collectionPages['projects/:slug']!, 'projects'),
  );
  // A menu of every category page would not fit a header; list a few.
  for (const node of Object.values(doc.nodes))
    if (node.type === 'nav') node.data = { ...node.data, pages: ['hero', 'feature', 'pricing', 'contact'], _repeat: undefined };
  return doc;
}
