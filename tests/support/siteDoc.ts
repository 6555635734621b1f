import type { Knex } from 'knex';
import { contentHash } from '../../server/src/site/store.js';
import { colorScale } from '../../server/src/model/colors.js';
import type { Collection, ComponentType, Node, Page, SiteDoc } from '../../server/src/model/document.js';
import type { LibrarySection, SectionLibrary } from '../../server/src/model/section-library.js';
import type { PagewrightClient } from '@pagewright/sdk';

/**
 * Site documents for the editor's tests, built by hand so a suite knows every id in them:
 * a header, a home page with a hero and a feature grid, an about page, a footer, a 404 and a
 * `posts` collection with a collection page.
 */

const node = (
  id: string,
  type: ComponentType,
  data: Record<string, unknown> = {},
  children: string[] = [],
  style: Record<string, string> = {},
): Node => ({
  id,
  type,
  data,
  style,
  children,
});

const page = (id: string, name: string, sections: string[], extra: Partial<Page> = {}): Page => ({
  id,
  name,
  title: name,
  slug: id === 'home' ? '' : id,
  description: '',
  hidden: false,
  unpublished: false,
  sections,
  ...extra,
});

/** A hero section: a title, a text and a row with a button. */
export function heroNodes(id: string, title = 'Welcome'): Record<string, Node> {
  return {
    [id]: node(id, 'layout-v', { '_options.name': 'Hero', '_options.tag': 'section' }, [`${id}.title`, `${id}.text`, `${id}.actions`], {
      padding: 'px-section-x py-section-y',
    }),
    [`${id}.title`]: node(`${id}.title`, 'heading', { '_options.name': 'Title', value: title, '_options.tag': 'h1' }, [], {
      text: 'text-4xl md:text-6xl font-heading',
    }),
    [`${id}.text`]: node(`${id}.text`, 'paragraph', { '_options.name': 'Text', value: 'We make websites that work.' }),
    [`${id}.actions`]: node(`${id}.actions`, 'layout-h', { '_options.name': 'Actions' }, [`${id}.actions.cta`], { gap: 'gap-gap-sm' }),
    [`${id}.actions.cta`]: node(
      `${id}.actions.cta`,
      'button',
      { '_options.name': 'Cta', value: 'Get started', _action: 'page', _target: 'about' },
      [],
      {
        background: 'bg-primary-l9 hover:bg-primary-l10',
      },
    ),
  };
}

function featureNodes(id: string): Record<string, Node> {
  const cards = [1, 2, 3].map((n) => `${id}.card-${n}`);
  const nodes: Record<string, Node> = {
    [id]: node(id, 'layout-grid3', { '_options.name': 'Features', '_options.tag': 'section' }, cards, { gap: 'gap-gap-md' }),
  };
  for (const [i, card] of cards.entries()) {
    nodes[card] = node(card, 'layout-v', { '_options.name': `Card ${i + 1}` }, [`${card}.heading`, `${card}.body`], {
      corners: 'rounded-box-md',
    });
    nodes[`${card}.heading`] = node(`${card}.heading`, 'heading', {
      '_options.name': 'Heading',
      value: `Feature ${i + 1}`,
      '_options.tag': 'h3',
    });
    nodes[`${card}.body`] = node(`${card}.body`, 'paragraph', { '_options.name': 'Body', value: `What feature ${i + 1} does for you.` });
  }
  return nodes;
}

const posts: Collection = {
  id: 'posts',
  name: 'Posts',
  icon: 'Blog',
  fields: [
    { id: 'title', name: 'Title', type: 'text' },
    { id: 'slug', name: 'Slug', type: 'slug' },
  ],
  items: [
    { _id: 1, title: 'Hello world', slug: 'hello-world' },
    { _id: 2, title: 'Second post', slug: 'second-post' },
  ],
};

/** A complete site document; `extraSections` adds that many hero sections to the home page. */
export function makeSiteDoc(options: { name?: string; languages?: string[]; extraSections?: number } = {}): SiteDoc {
  const extra = Array.from({ length: options.extraSections ?? 0 }, (_, i) => `block-${i + 1}`);
  const nodes: Record<string, Node> = {
    header: node('header', 'layout-h', { '_options.name': 'Header', '_options.tag': 'header' }, ['header.logo'], {
      padding: 'px-section-x py-4',
    }),
    'header.logo': node('header.logo', 'text', { '_options.name': 'Logo', value: '{site.name}' }),
    ...heroNodes('hero'),
    ...featureNodes('features'),
    ...Object.assign({}, ...extra.map((id, i) => heroNodes(id, `Block ${i + 1}`))),
    'about-intro': node('about-intro', 'layout-v', { '_options.name': 'About intro', '_options.tag': 'section' }, ['about-intro.title']),
    'about-intro.title': node('about-intro.title', 'heading', { '_options.name': 'Title', value: 'About us', '_options.tag': 'h1' }),
    post: node('post', 'layout-v', { '_options.name': 'Post', '_options.tag': 'article' }, ['post.title']),
    'post.title': node('post.title', 'heading', { '_options.name': 'Title', value: { _bind: 'title' }, '_options.tag': 'h1' }),
    footer: node('footer', 'layout-v', { '_options.name': 'Footer', '_options.tag': 'footer' }, ['footer.copy']),
    'footer.copy': node('footer.copy', 'text', { '_options.name': 'Copy', value: '© {copyright.year} {site.name}' }),
    notfound: node('notfound', 'layout-v', { '_options.name': 'Not found', '_options.tag': 'section' }, ['notfound.title']),
    'notfound.title': node('notfound.title', 'heading', { '_options.name': 'Title', value: 'Page not found', '_options.tag': 'h1' }),
  };
  const font = { family: 'Inter', normal: [400, 600, 700], italic: [400] };
  return {
    schema: 1,
    settings: { name: options.name ?? 'Test Site', description: 'A site for the tests', languages: options.languages ?? ['en'] },
    theme: {
      colors: { primary: colorScale('#3e64de'), secondary: colorScale('#10a6e9'), gray: colorScale('#6b7280') },
      fonts: { heading: font, sans: font },
      appearance: 'light',
      textScale: 100,
      cornerScale: 100,
      vars: { 'section-x': '1.5rem', 'section-y': '4rem' },
      body: {},
    },
    pages: [
      page('home', 'Home', ['hero', 'features', ...extra]),
      page('about', 'About', ['about-intro']),
      page('posts/:slug', 'Post', ['post'], { content: 'posts', slug: 'posts/:slug' }),
      page('_before', 'Header', ['header']),
      page('_after', 'Footer', ['footer']),
      page('404', 'Not found', ['notfound']),
    ],
    nodes,
    shared: {},
    globals: {
      site: { name: options.name ?? 'Test Site', description: '', image: '', url: '', email: '', phone: '' },
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
    collections: [posts],
  };
}

/** A section library of two designs, for suites that must not depend on the real library's ids. */
export const fixtureLibrary: SectionLibrary = [
  {
    id: 'hero-fixture',
    name: 'Hero',
    category: 'hero',
    count: 5,
    build: () => ({ nodes: heroNodes('hero', 'A fresh hero'), files: ['hero.jpg'] }),
  },
  {
    id: 'faq-fixture',
    name: 'FAQ',
    category: 'faq',
    count: 2,
    build: () => ({
      root: 'faq',
      nodes: {
        faq: node('faq', 'layout-v', { '_options.name': 'FAQ', '_options.tag': 'section' }, ['faq.list']),
        'faq.list': node('faq.list', 'ul', { '_options.name': 'Questions', _repeat: 'questions' }),
      },
      collections: [
        {
          id: 'questions',
          name: 'Questions',
          icon: 'Question',
          fields: [{ id: 'question', name: 'Question', type: 'text' }],
          items: [{ _id: 1, question: 'Why?' }],
        },
      ],
    }),
  },
] satisfies LibrarySection[];

let sites = 0;

/** Creates a site from a template through the API, as a user does: the template's document as it is. */
export async function createTemplateSite(api: PagewrightClient, templateId: string, name = 'Template site'): Promise<string> {
  const siteId = `edit-${++sites}-${Date.now().toString(36)}.example.com`;
  const { error } = await api.POST('/sites', { body: { name, siteId, templateId } });
  if (error) throw new Error(`creating ${siteId} from ${templateId} failed: ${JSON.stringify(error)}`);
  return siteId;
}

/**
 * Creates a site through the API and gives it a document (and a first version) made here, so a
 * suite does not depend on what the templates put in a new site.
 */
export async function createSite(db: Knex, api: PagewrightClient, doc: SiteDoc = makeSiteDoc()): Promise<string> {
  const siteId = `edit-${++sites}-${Date.now().toString(36)}.example.com`;
  const { error } = await api.POST('/sites', { body: { name: doc.settings.name, siteId, templateId: 'launch' } });
  if (error) throw new Error(`creating ${siteId} failed: ${JSON.stringify(error)}`);
  const data = JSON.stringify(doc);
  await db('sites').where({ id: siteId }).update({ data });
  await db('versions')
    .where({ site_id: siteId })
    .update({ data, hash: contentHash(data) });
  return siteId;
}
