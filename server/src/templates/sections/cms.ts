import type { Collection, Loc } from '../../model/document.js';
import { band, bind, col, heading, icon, image, inline, link, para, richtext, row, spec, type Spec } from '../kit.js';
import { defineSection, type Art, type Cta } from './define.js';
import { ALT_BG, buttons, CARD, intro, MUTED, PAD, STRONG, wrap, type Intro } from './parts.js';

/**
 * Sections that show CMS content: they repeat over a collection (`_repeat` with the CMS group's
 * sort, filter, offset and length) and bind their components to the item's fields with
 * `{ "_bind": field }` (render/values.ts), or read the item of a collection page (`:slug`).
 */

const repeat = (
  collection: string,
  o: {
    sortBy?: string;
    sort?: 'asc' | 'desc';
    length?: number;
    offset?: number;
    filterField?: string;
    filterType?: string;
    filter?: string;
  } = {},
) => ({
  _repeat: collection,
  ...(o.sortBy ? { '_options.sortBy': o.sortBy, '_options.sort': o.sort ?? 'asc' } : {}),
  ...(o.length ? { '_options.length': o.length } : {}),
  ...(o.offset ? { '_options.offset': o.offset } : {}),
  ...(o.filterField
    ? {
        '_options.filterField': o.filterField,
        '_options.filterType': o.filterType ?? 'or',
        ...(o.filter !== undefined ? { '_options.filter': o.filter } : {}),
      }
    : {}),
});

// ------------------------------------------------------------------------------------------------
// Sample content the library's sections bring

function samplePosts(art: Art): Collection {
  const posts = [
    [
      'Five habits of teams that ship',
      'five-habits-of-teams-that-ship',
      'Small, boring routines beat heroic effort. Here are the ones we see again and again.',
      'Process',
      '2026-10-14',
    ],
    [
      'Writing for people who skim',
      'writing-for-people-who-skim',
      'Most readers give your page eight seconds. Make every one of them count.',
      'Writing',
      '2026-09-30',
    ],
    [
      'A calmer way to plan a quarter',
      'a-calmer-way-to-plan-a-quarter',
      'Fewer goals, clearer owners and a single page everyone can read.',
      'Planning',
      '2026-09-02',
    ],
  ] as const;
  return {
    id: 'posts',
    name: 'Posts',
    icon: 'bi:journal-text',
    fields: [
      { id: 'title', name: 'Title', type: 'text' },
      { id: 'slug', name: 'Slug', type: 'slug' },
      { id: 'excerpt', name: 'Excerpt', type: 'text' },
      { id: 'category', name: 'Category', type: 'enum', options: ['Process', 'Writing', 'Planning'] },
      { id: 'date', name: 'Date', type: 'date' },
      { id: 'cover', name: 'Cover', type: 'image' },
      { id: 'body', name: 'Body', type: 'richtext' },
      { id: 'published', name: 'Published', type: 'published' },
    ],
    items: posts.map(([title, slug, excerpt, category, date], i) => ({
      _id: i + 1,
      title,
      slug,
      excerpt,
      category,
      date,
      cover: art(`post-${i + 1}.svg`),
      body: [{ type: 'p', value: excerpt }],
      published: true,
    })),
  };
}

function sampleProducts(art: Art): Collection {
  const products = [
    ['Field notebook', '160 pages of off-white paper that fountain pens love, in a linen cover.', 18],
    ['Planner app, one year', 'Plans, lists and habits on your phone and laptop, kept in sync.', 24],
    ['Art print: Quarters', 'A giclée print on heavy cotton paper, signed and numbered.', 39],
  ] as const;
  return {
    id: 'products',
    name: 'Products',
    icon: 'bi:bag',
    fields: [
      { id: 'name', name: 'Name', type: 'text' },
      { id: 'description', name: 'Description', type: 'text' },
      { id: 'price', name: 'Price', type: 'number' },
      { id: 'image', name: 'Image', type: 'image' },
      { id: 'published', name: 'Published', type: 'published' },
    ],
    items: products.map(([name, description, price], i) => ({
      _id: i + 1,
      name,
      description,
      price,
      image: art(`product-${i + 1}.svg`),
      published: true,
    })),
  };
}

function sampleProjects(art: Art): Collection {
  const projects = [
    ['Harbour Museum', 'harbour-museum', 'Identity', 2026, 'A new identity and wayfinding for a museum by the sea.'],
    ['Kestrel Maritime', 'kestrel-maritime', 'Website', 2025, 'A website that explains engineering in plain words.'],
    ['Oat & Stone Bakery', 'oat-and-stone', 'Packaging', 2025, 'Packaging as honest as the bread inside.'],
    ['North Light Festival', 'north-light', 'Campaign', 2024, 'A winter festival campaign, from phone to facade.'],
  ] as const;
  return {
    id: 'projects',
    name: 'Projects',
    icon: 'bi:grid-1x2',
    fields: [
      { id: 'title', name: 'Title', type: 'text' },
      { id: 'slug', name: 'Slug', type: 'slug' },
      { id: 'category', name: 'Category', type: 'enum', options: ['Identity', 'Website', 'Packaging', 'Campaign'] },
      { id: 'year', name: 'Year', type: 'number' },
      { id: 'summary', name: 'Summary', type: 'text' },
      { id: 'client', name: 'Client', type: 'text' },
      { id: 'services', name: 'Services', type: 'text' },
      { id: 'cover', name: 'Cover', type: 'image' },
      { id: 'body', name: 'Case study', type: 'richtext' },
      { id: 'published', name: 'Published', type: 'published' },
    ],
    items: projects.map(([title, slug, category, year, summary], i) => ({
      _id: i + 1,
      title,
      slug,
      category,
      year,
      summary,
      client: title,
      services: category,
      cover: art(`project-${i + 1}.svg`),
      body: [{ type: 'p', value: summary }],
      published: true,
    })),
  };
}

// ------------------------------------------------------------------------------------------------
// Products

export interface ProductContent extends Intro {
  collection: string;
  /** Only items whose field has one of these values. */
  filter?: { field: string; value: string };
  length?: number;
  pricePrefix: Loc;
  ctas?: Cta[];
  alt?: boolean;
}

export const productCards = defineSection<ProductContent>({
  id: 'product-cards',
  name: 'Product cards',
  category: 'product',
  defaults: () => ({
    eyebrow: 'Shop',
    title: 'Made to be used every day',
    text: 'A small range of things we use ourselves, made with people we know.',
    collection: 'products',
    pricePrefix: '€{number}',
  }),
  collections: (_c, art) => [sampleProducts(art)],
  tree: (c) =>
    band('Product cards', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          intro(c, { align: 'center' }),
          spec(
            'layout-grid3',
            'Products',
            'gap-gap-md sm:grid-cols-2 lg:grid-cols-3',
            repeat(c.collection, { length: c.length, ...(c.filter ? { filterField: c.filter.field, filter: c.filter.value } : {}) }),
            [
              col(
                'Product',
                `${CARD} overflow-hidden`,
                [
                  image('Image', bind('image'), bind('name'), 'aspect-[4/3] w-full bg-gray-l3 object-cover dark:bg-gray-d3', {
                    width: 800,
                    height: 600,
                  }),
                  col('Text', 'flex-1 gap-2 p-6', [
                    row('Top', 'items-baseline justify-between gap-4', [
                      heading('Name', bind('name'), 3, 'text-lg'),
                      spec('number', 'Price', `shrink-0 font-semibold tabular-nums ${STRONG}`, {
                        value: bind('price'),
                        content: c.pricePrefix,
                      }),
                    ]),
                    para('Description', bind('description'), 'text-sm'),
                  ]),
                ],
                { tag: 'article' },
              ),
            ],
          ),
          buttons(c.ctas, { center: true }),
        ],
        'gap-14',
      ),
    ]),
});

export interface MenuContent extends Intro {
  collection: string;
  /** Field that groups the items, and one heading per group. */
  groupField: string;
  groups: { value: string; title: Loc; text?: Loc }[];
  pricePrefix: Loc;
  /** A short field shown under each item in small capitals (diet marks, origin). */
  tagField?: string;
  note?: Loc;
  alt?: boolean;
}

export const productMenu = defineSection<MenuContent>({
  id: 'product-menu',
  name: 'Menu list',
  category: 'product',
  defaults: () => ({
    eyebrow: 'Menu',
    title: 'What we make',
    collection: 'products',
    groupField: 'name',
    groups: [{ value: '', title: 'All products' }],
    pricePrefix: '€{number}',
  }),
  collections: (_c, art) => [sampleProducts(art)],
  tree: (c) =>
    band('Menu list', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          c.title ? intro(c, { align: 'center' }) : undefined,
          col(
            'Groups',
            'gap-16',
            c.groups.map((g) =>
              col('Group', 'gap-6', [
                row('Heading', 'items-center gap-5', [
                  heading('Title', g.title, 2, 'shrink-0 text-2xl sm:text-3xl'),
                  col('Rule', 'h-px flex-1 bg-gray-l6 dark:bg-gray-d6', []),
                ]),
                g.text && para('Text', g.text, 'text-sm'),
                spec(
                  'layout-grid2',
                  'Items',
                  'list-none gap-x-gap-lg gap-y-7 md:grid-cols-2',
                  { '_options.tag': 'ul', ...repeat(c.collection, g.value ? { filterField: c.groupField, filter: g.value } : {}) },
                  [
                    col(
                      'Item',
                      'gap-1.5',
                      [
                        row('Line', 'items-baseline gap-3', [
                          inline('Name', bind('name'), `font-heading text-lg font-semibold ${STRONG}`),
                          col('Leader', 'flex-1 -translate-y-1 border-b border-dotted border-gray-l7 dark:border-gray-d7', []),
                          spec('number', 'Price', `font-semibold tabular-nums ${STRONG}`, { value: bind('price'), content: c.pricePrefix }),
                        ]),
                        para('Description', bind('description'), 'text-sm'),
                        c.tagField &&
                          inline(
                            'Tag',
                            bind(c.tagField),
                            'text-xs font-semibold tracking-wider text-secondary-l11 uppercase dark:text-secondary-d11',
                          ),
                      ],
                      { tag: 'li' },
                    ),
                  ],
                ),
              ]),
            ),
          ),
          c.note &&
            para('Note', c.note, 'border-t border-gray-l5 pt-6 text-center text-sm text-gray-l11 dark:border-gray-d5 dark:text-gray-d11'),
        ],
        'gap-14',
        'max-w-5xl',
      ),
    ]),
});

// ------------------------------------------------------------------------------------------------
// Blog

export interface BlogContent extends Intro {
  collection: string;
  /** The collection page each card links to (`posts/:slug`). */
  page: string;
  /** The authors collection, when posts name their author's slug. */
  authors?: string;
  length?: number;
  offset?: number;
  /** On a post's own page: leave the post itself out. */
  excludeCurrent?: boolean;
  ctas?: Cta[];
  readMore: Loc;
  alt?: boolean;
  /** The featured post's title level: 1 when it opens the page. */
  level?: 1 | 2;
}

/** A post's author: a repeat over the authors whose slug is the post's `author`. */
function byline(authors: string | undefined, extra: Spec[] = []): Spec | undefined {
  if (!authors) return undefined;
  return row(
    'Author',
    'items-center gap-3',
    [
      image('Avatar', bind('photo'), '', 'size-9 rounded-full bg-gray-l3 object-cover dark:bg-gray-d3', { width: 72, height: 72 }),
      col('Who', 'gap-0', [inline('Name', bind('name'), `text-sm font-semibold ${STRONG}`), ...extra]),
    ],
    { data: repeat(authors, { filterField: 'slug', filter: '{item.author}' }) },
  );
}

function postMeta(): Spec {
  return row('Meta', 'items-center gap-3 text-sm', [
    inline('Category', bind('category'), 'font-semibold text-primary-l11 dark:text-primary-d11'),
    inline('Dot', '·', 'text-gray-l11 dark:text-gray-d11'),
    spec('date', 'Date', 'text-gray-l11 dark:text-gray-d11', { value: bind('date'), format: 'long' }),
  ]);
}

function postCard(c: BlogContent): Spec {
  return col(
    'Post',
    'group relative gap-4',
    [
      image(
        'Cover',
        bind('cover'),
        '',
        'aspect-[16/10] w-full rounded-box-lg bg-gray-l3 object-cover transition-opacity group-hover:opacity-90 dark:bg-gray-d3',
        { width: 800, height: 500 },
      ),
      postMeta(),
      {
        ...link('Link', '', { page: c.page }, 'after:absolute after:inset-0 focus-visible:outline-2 focus-visible:outline-primary-l8'),
        children: [
          heading('Title', bind('title'), c.title ? 3 : 2, 'text-xl group-hover:text-primary-l11 dark:group-hover:text-primary-d11'),
        ],
      },
      para('Excerpt', bind('excerpt'), 'line-clamp-3'),
      byline(c.authors),
    ],
    { tag: 'article' },
  );
}

export const blogGrid = defineSection<BlogContent>({
  id: 'blog-grid',
  name: 'Latest posts',
  category: 'blog',
  defaults: () => ({
    eyebrow: 'Blog',
    title: 'Latest from the blog',
    text: 'Notes, guides and the occasional opinion.',
    collection: 'posts',
    page: 'posts/:slug',
    readMore: 'Read more',
  }),
  collections: (_c, art) => [samplePosts(art)],
  tree: (c) =>
    band('Latest posts', `${PAD} ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap(
        'Content',
        [
          c.title ? intro(c) : undefined,
          spec(
            'layout-grid3',
            'Posts',
            'gap-x-gap gap-y-14 sm:grid-cols-2 lg:grid-cols-3',
            repeat(c.collection, {
              sortBy: 'date',
              sort: 'desc',
              length: c.length,
              offset: c.offset,
              ...(c.excludeCurrent ? { filterField: 'slug', filterType: 'not', filter: '{item.slug}' } : {}),
            }),
            [postCard(c)],
          ),
          buttons(c.ctas),
        ],
        'gap-12',
      ),
    ]),
});

export const blogFeatured = defineSection<BlogContent>({
  id: 'blog-featured',
  name: 'Featured post',
  category: 'blog',
  defaults: () => ({ collection: 'posts', page: 'posts/:slug', title: '', readMore: 'Read the story' }),
  collections: (_c, art) => [samplePosts(art)],
  tree: (c) =>
    band('Featured post', `px-section-x pt-12 pb-8 md:pt-16 ${c.alt ? ALT_BG : ''}`.trim(), [
      wrap('Content', [
        spec(
          'layout-grid2',
          'Post',
          'items-center gap-gap-lg lg:grid-cols-[3fr_2fr]',
          repeat(c.collection, { sortBy: 'date', sort: 'desc', length: 1 }),
          [
            image('Cover', bind('cover'), '', 'aspect-[16/10] w-full rounded-box-xl bg-gray-l3 object-cover dark:bg-gray-d3', {
              width: 1600,
              height: 1000,
              eager: true,
            }),
            col('Text', 'gap-5', [
              postMeta(),
              {
                ...link('Link', '', { page: c.page }, 'group'),
                children: [
                  heading(
                    'Title',
                    bind('title'),
                    c.level ?? 2,
                    'text-3xl group-hover:text-primary-l11 sm:text-4xl lg:text-5xl dark:group-hover:text-primary-d11',
                  ),
                ],
              },
              para('Excerpt', bind('excerpt'), 'text-lg'),
              byline(c.authors),
              link(
                'Read more',
                c.readMore,
                { page: c.page },
                'mt-2 inline-flex items-center gap-2 self-start font-semibold text-primary-l11 underline-offset-4 hover:underline dark:text-primary-d11',
              ),
            ]),
          ],
        ),
      ]),
    ]),
});

export interface PostContent {
  back: Cta;
  authors?: string;
  /** A line shown under the author's name (their role), from the authors collection. */
  authorField?: string;
  aboutAuthor: Loc;
}

export const blogPost = defineSection<PostContent>({
  id: 'blog-post',
  name: 'Blog post',
  category: 'blog',
  defaults: () => ({ back: { label: 'All posts', action: { page: 'home' } }, aboutAuthor: 'About the author' }),
  collections: (_c, art) => [samplePosts(art)],
  tree: (c) =>
    band(
      'Blog post',
      'px-section-x pt-12 pb-section-y md:pt-16',
      [
        wrap(
          'Header',
          [
            {
              ...link(
                'Back',
                '',
                c.back.action,
                'inline-flex items-center gap-2 text-sm font-semibold text-gray-l11 hover:text-gray-l12 dark:text-gray-d11 dark:hover:text-gray-d12',
              ),
              children: [icon('Arrow', 'bi:arrow-left'), inline('Label', c.back.label)],
            },
            postMeta(),
            heading('Title', bind('title'), 1, 'text-4xl sm:text-5xl lg:text-6xl'),
            para('Excerpt', bind('excerpt'), 'text-xl'),
            c.authors ? byline(c.authors, c.authorField ? [inline('Role', bind(c.authorField), 'text-sm')] : []) : undefined,
          ],
          'gap-6',
          'max-w-3xl',
        ),
        image(
          'Cover',
          bind('cover'),
          bind('title'),
          'mx-auto my-12 aspect-[16/9] w-full max-w-5xl rounded-box-xl bg-gray-l3 object-cover md:my-16 dark:bg-gray-d3',
          { width: 1600, height: 900, eager: true },
        ),
        wrap(
          'Body',
          [
            richtext('Body', bind('body')),
            c.authors
              ? row(
                  'Author box',
                  `mt-8 items-start gap-5 ${CARD} p-6`,
                  [
                    image('Avatar', bind('photo'), '', 'size-16 shrink-0 rounded-full bg-gray-l3 object-cover dark:bg-gray-d3', {
                      width: 128,
                      height: 128,
                    }),
                    col('Text', 'gap-1', [
                      inline(
                        'Label',
                        c.aboutAuthor,
                        'text-xs font-semibold tracking-widest text-primary-l11 uppercase dark:text-primary-d11',
                      ),
                      inline('Name', bind('name'), `font-heading text-lg font-semibold ${STRONG}`),
                      para('Bio', bind('bio'), 'text-sm'),
                    ]),
                  ],
                  { tag: 'aside', data: repeat(c.authors, { filterField: 'slug', filter: '{item.author}' }) },
                )
              : undefined,
          ],
          'gap-8',
          'max-w-3xl',
        ),
        spec('schemaOrg-blog', 'Structured data', '', {}),
      ],
      { tag: 'article' },
    ),
});

// ------------------------------------------------------------------------------------------------
// Projects

export interface ProjectGridContent extends Partial<Intro> {
  collection: string;
  page: string;
  anchor?: string;
  alt?: boolean;
}

export const galleryProjects = defineSection<ProjectGridContent>({
  id: 'gallery-projects',
  name: 'Project grid',
  category: 'gallery',
  defaults: () => ({ eyebrow: 'Selected work', title: 'Recent projects', collection: 'projects', page: 'projects/:slug', anchor: 'work' }),
  collections: (_c, art) => [sampleProjects(art)],
  tree: (c) =>
    band(
      'Project grid',
      `${PAD} ${c.alt ? ALT_BG : ''}`.trim(),
      [
        wrap(
          'Content',
          [
            c.title ? intro({ eyebrow: c.eyebrow, title: c.title, text: c.text }) : undefined,
            spec('layout-grid2', 'Projects', 'gap-x-gap gap-y-14 md:grid-cols-2', repeat(c.collection, { sortBy: 'year', sort: 'desc' }), [
              col(
                'Project',
                'group relative gap-5',
                [
                  col('Frame', 'overflow-hidden rounded-box-lg bg-gray-l3 dark:bg-gray-d3', [
                    image(
                      'Cover',
                      bind('cover'),
                      '',
                      'aspect-[4/3] w-full object-cover transition-transform duration-700 ease-out group-hover:scale-105',
                      { width: 1200, height: 900 },
                    ),
                  ]),
                  row('Caption', 'items-start justify-between gap-6', [
                    col('Text', 'gap-1', [
                      {
                        ...link('Link', '', { page: c.page }, 'after:absolute after:inset-0'),
                        children: [heading('Title', bind('title'), 3, 'text-2xl')],
                      },
                      inline('Summary', bind('summary', ''), 'text-sm'),
                    ]),
                    col('Meta', 'shrink-0 items-end gap-1 text-sm', [
                      inline('Category', bind('category'), `font-medium ${STRONG}`),
                      inline('Year', bind('year'), MUTED),
                    ]),
                  ]),
                ],
                { tag: 'article' },
              ),
            ]),
          ],
          'gap-12',
        ),
      ],
      { anchor: c.anchor },
    ),
});

export interface ProjectContent {
  back: Cta;
  labels: { client: Loc; year: Loc; services: Loc; role: Loc };
}

export const contentProject = defineSection<ProjectContent>({
  id: 'content-project',
  name: 'Project case study',
  category: 'content',
  defaults: () => ({
    back: { label: 'All work', action: { page: 'home', fragment: 'work' } },
    labels: { client: 'Client', year: 'Year', services: 'Services', role: 'Our role' },
  }),
  collections: (_c, art) => [sampleProjects(art)],
  tree: (c) =>
    band(
      'Project case study',
      'px-section-x pt-12 pb-section-y md:pt-20',
      [
        wrap(
          'Header',
          [
            {
              ...link(
                'Back',
                '',
                c.back.action,
                'inline-flex items-center gap-2 self-start text-sm font-semibold text-gray-l11 hover:text-gray-l12 dark:text-gray-d11 dark:hover:text-gray-d12',
              ),
              children: [icon('Arrow', 'bi:arrow-left'), inline('Label', c.back.label)],
            },
            inline('Category', bind('category'), 'text-sm font-semibold tracking-widest text-primary-l11 uppercase dark:text-primary-d11'),
            heading('Title', bind('title'), 1, 'max-w-4xl text-5xl sm:text-6xl lg:text-7xl'),
            para('Summary', bind('summary'), 'max-w-2xl text-xl'),
            spec('layout-grid3', 'Facts', 'mt-4 grid-cols-2 gap-8 border-t border-gray-l5 pt-8 md:grid-cols-4 dark:border-gray-d5', {}, [
              col('Client', 'gap-1', [
                inline('Label', c.labels.client, 'text-sm text-gray-l11 dark:text-gray-d11'),
                inline('Value', bind('client'), `font-medium ${STRONG}`),
              ]),
              col('Year', 'gap-1', [
                inline('Label', c.labels.year, 'text-sm text-gray-l11 dark:text-gray-d11'),
                inline('Value', bind('year'), `font-medium ${STRONG}`),
              ]),
              col('Services', 'col-span-2 gap-1', [
                inline('Label', c.labels.services, 'text-sm text-gray-l11 dark:text-gray-d11'),
                inline('Value', bind('services'), `font-medium ${STRONG}`),
              ]),
            ]),
          ],
          'gap-6',
        ),
        image(
          'Cover',
          bind('cover'),
          bind('title'),
          'mx-auto my-12 aspect-[16/10] w-full max-w-6xl rounded-box-lg bg-gray-l3 object-cover md:my-20 dark:bg-gray-d3',
          { width: 1600, height: 1000, eager: true },
        ),
        wrap('Body', [richtext('Body', bind('body'))], '', 'max-w-3xl'),
      ],
      { tag: 'article' },
    ),
});
