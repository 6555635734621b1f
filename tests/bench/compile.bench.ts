// Issue #3 (a) and (c): compiling a site of 1,000 collection pages plus 10 static pages, in pages
// per second, beside Eleventy 3 building the same 1,000 pages from the same JSON with an
// equivalent Nunjucks template in the same run; and recompiling after one CMS item edit, as a
// fraction of the full compile. Both sides render in memory (compileSite's map, Eleventy's toJSON).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileSite, type CompiledSite } from '../../server/src/render/index.js';
import { colorScale } from '../../server/src/model/colors.js';
import type { Item, Node, Page, SiteDoc } from '../../server/src/model/document.js';
import type { Benchmark, Row } from './harness.js';

const POSTS = 1000;
const STATIC = ['home', 'about', 'blog', 'services', 'pricing', 'team', 'careers', 'contact', 'faq', 'legal'];
const RUNS = Number(process.env.BENCH_COMPILE_RUNS) || 7;
const NOW = new Date('2026-06-01T00:00:00Z');

const PAGERIGHT = 'Pagewright compileSite (1,010 pages)';
const ELEVENTY = 'Eleventy 3 toJSON (1,000 pages)';
const FULL = 'full compile (1,010 pages)';
const INCREMENTAL = 'recompile after one item edit';

function postsJson(): Item[] {
  const words =
    'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore et dolore magna aliqua'.split(' ');
  return Array.from({ length: POSTS }, (_, i) => {
    const w = (n: number) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 3) % words.length]).join(' ');
    return {
      _id: i + 1,
      title: `Post ${i + 1}: ${w(4)}`,
      slug: `post-${i + 1}`,
      date: `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      author: `Author ${i % 17}`,
      category: ['news', 'guides', 'stories'][i % 3],
      image: `post-${i + 1}.jpg`,
      excerpt: w(24),
      body: `${w(60)}\n\n${w(50)}\n\n${w(40)}`,
      published: true,
    };
  });
}

const n = (id: string, type: Node['type'], data: Node['data'] = {}, children: string[] = [], style: Node['style'] = {}): Node => ({
  id,
  type,
  data,
  style,
  children,
});
const p = (id: string, over: Partial<Page> = {}): Page => ({
  id,
  name: id === 'home' ? 'Home' : id[0]!.toUpperCase() + id.slice(1),
  title: id,
  slug: id === 'home' ? '' : id,
  description: `The ${id} page`,
  hidden: false,
  unpublished: false,
  sections: [],
  ...over,
});

/** The benchmark site: header with navigation, footer, 10 static pages and a blog collection page. */
export function benchSite(): SiteDoc {
  const nodes: Record<string, Node> = {};
  const add = (...list: Node[]) => list.forEach((x) => (nodes[x.id] = x));
  add(
    n('header', 'layout-h', { '_options.tag': 'header' }, ['header.logo', 'header.nav'], {
      l: 'items-center justify-between px-section-x py-4 border-b border-gray-l5',
    }),
    n('header.logo', 'link', { value: '{site.name}', _action: 'page', _target: 'home' }, [], { t: 'font-heading text-xl font-bold' }),
    n('header.nav', 'nav', {}, [], { l: 'flex gap-4 [&_a]:hover:underline [&_a]:nav-exact:text-primary-l11' }),
    n('footer', 'layout-v', { '_options.tag': 'footer' }, ['footer.copy'], { l: 'px-section-x py-8 bg-gray-l2 dark:bg-gray-d2' }),
    n('footer.copy', 'paragraph', { value: '© {copyright.year} {legal.company_name}', '_options.tag': 'small' }),
    n(
      'post',
      'layout-v',
      { '_options.tag': 'article' },
      ['post.crumbs', 'post.title', 'post.meta', 'post.image', 'post.excerpt', 'post.body'],
      { l: 'mx-auto max-w-3xl px-section-x py-section-y gap-gap-sm' },
    ),
    n('post.crumbs', 'breadcrumb', {}, [], { t: 'text-sm text-gray-l11' }),
    n('post.title', 'heading', { value: { _bind: 'title' }, '_options.tag': 'h1' }, [], { t: 'text-4xl font-bold' }),
    n('post.meta', 'paragraph', { value: 'By {item.author} in {item.category}' }, [], { t: 'text-gray-l11' }),
    n('post.image', 'image', { value: { _bind: 'image' }, alt: { _bind: 'title' }, width: 1024, aspectRatio: '16by9' }, [], {
      s: 'w-full rounded-box-md',
    }),
    n('post.excerpt', 'paragraph', { value: { _bind: 'excerpt' } }, [], { t: 'text-lg' }),
    n('post.body', 'richtext', { value: { _bind: 'body' } }),
  );
  const pages: Page[] = [
    p('_before'),
    p('_after'),
    p('blog/:slug', { title: '{item.title}', description: '{item.excerpt}', slug: 'blog/:slug', content: 'posts' }),
  ];
  pages[0]!.sections = ['header'];
  pages[1]!.sections = ['footer'];
  pages[2]!.sections = ['post'];
  for (const id of STATIC) {
    const page = p(id);
    const s = `s-${id.replace(/\W/g, '')}`;
    add(
      n(s, 'layout-v', { '_options.tag': 'section' }, [`${s}.h`, `${s}.p`, `${s}.grid`], { l: 'px-section-x py-section-y gap-gap-md' }),
      n(`${s}.h`, 'heading', { value: `${page.name} at {site.name}`, '_options.tag': 'h1' }, [], { t: 'text-5xl font-bold' }),
      n(`${s}.p`, 'paragraph', { value: 'We make **things** that last. Read the [blog](/blog/).' }),
      n(
        `${s}.grid`,
        'layout-grid3',
        { _repeat: 'posts', '_options.sortBy': 'date', '_options.sort': 'desc', '_options.length': id === 'blog' ? 12 : 3 },
        [`${s}.grid.card`],
        { l: 'gap-gap-md' },
      ),
      n(`${s}.grid.card`, 'link', { _action: 'page', _target: 'blog/:slug' }, [`${s}.grid.card.t`], {
        c: 'block rounded-box-md p-4 bg-gray-l2 hover:bg-gray-l3',
      }),
      n(`${s}.grid.card.t`, 'heading', { value: '{item.title}', '_options.tag': 'h2' }, [], { t: 'text-lg font-semibold' }),
    );
    page.sections = [s];
    pages.splice(pages.length - 1, 0, page);
  }
  return {
    schema: 1,
    settings: { name: 'Bench', description: 'A benchmark site', languages: ['en'], url: 'https://bench.test' },
    theme: {
      colors: { primary: colorScale('#3e64de'), secondary: colorScale('#10a6e9'), gray: colorScale('#6b7280') },
      fonts: { heading: { family: 'Inter', normal: [700], italic: [] }, sans: { family: 'Inter', normal: [400], italic: [] } },
      appearance: 'auto',
      textScale: 100,
      cornerScale: 100,
      vars: {},
      body: {},
    },
    pages,
    nodes,
    shared: {},
    globals: {
      site: { name: 'Bench', description: '', image: '', url: 'https://bench.test', email: '', phone: '' },
      meta: { name: '', title: '', description: '', image: '', icon: '' },
      legal: {
        register_name: '',
        company_name: 'Bench Oy',
        company_business_id: '',
        company_address: '',
        dpo_name: '',
        dpo_email: '',
        accessibility_name: '',
        accessibility_email: '',
      },
      custom: {},
    },
    collections: [
      {
        id: 'posts',
        name: 'Posts',
        icon: 'blog',
        fields: [
          { id: 'title', name: 'Title', type: 'text' },
          { id: 'slug', name: 'Slug', type: 'slug' },
          { id: 'date', name: 'Date', type: 'date' },
          { id: 'author', name: 'Author', type: 'text' },
          { id: 'category', name: 'Category', type: 'enum' },
          { id: 'image', name: 'Image', type: 'image' },
          { id: 'excerpt', name: 'Excerpt', type: 'text' },
          { id: 'body', name: 'Body', type: 'richtext' },
          { id: 'published', name: 'Published', type: 'published' },
        ],
        items: postsJson(),
      },
    ],
  };
}

/** The Eleventy project: the same posts JSON, a layout and a paginated post template making the same markup. */
function eleventyProject(doc: SiteDoc): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-11ty-'));
  fs.mkdirSync(path.join(dir, '_data'));
  fs.mkdirSync(path.join(dir, '_includes'));
  // An empty configuration of its own, so Eleventy reads nothing of the repository's.
  fs.writeFileSync(path.join(dir, 'eleventy.config.mjs'), 'export default function () {}\n');
  fs.writeFileSync(path.join(dir, '_data', 'posts.json'), JSON.stringify(doc.collections[0]!.items));
  const nav = STATIC.map((id) => ({
    name: id === 'home' ? 'Home' : id[0]!.toUpperCase() + id.slice(1),
    url: id === 'home' ? '/' : `/${id}/`,
  }));
  fs.writeFileSync(
    path.join(dir, '_data', 'site.json'),
    JSON.stringify({ name: 'Bench', url: 'https://bench.test', company: 'Bench Oy', year: 2026, nav }),
  );
  fs.writeFileSync(
    path.join(dir, '_includes', 'layout.njk'),
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>{{ title }} | {{ site.name }}</title><meta name="description" content="{{ description }}"><link rel="canonical" href="{{ site.url }}{{ page.url }}"><meta property="og:type" content="article"><meta property="og:title" content="{{ title }}"><meta property="og:description" content="{{ description }}"><meta property="og:url" content="{{ site.url }}{{ page.url }}"><meta property="og:site_name" content="{{ site.name }}"><link rel="stylesheet" href="/styles.css"><script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":{{ title | dump | safe }},"url":"{{ site.url }}{{ page.url }}"}</script></head>` +
      `<body class="font-sans bg-gray-l1 text-gray-l12 antialiased"><a href="#main" class="sr-only focus:not-sr-only">Skip to content</a><header class="flex items-center justify-between px-section-x py-4 border-b border-gray-l5"><a class="font-heading text-xl font-bold" href="/">{{ site.name }}</a><nav class="flex gap-4" aria-label="Main"><ul class="contents" role="list">{% for item in site.nav %}<li><a href="{{ item.url }}">{{ item.name }}</a></li>{% endfor %}</ul></nav></header>` +
      `<main id="main">{{ content | safe }}</main><footer class="flex flex-col px-section-x py-8 bg-gray-l2"><small>© {{ site.year }} {{ site.company }}</small></footer></body></html>`,
  );
  fs.writeFileSync(
    path.join(dir, 'post.njk'),
    `---\npagination:\n  data: posts\n  size: 1\n  alias: post\npermalink: "blog/{{ post.slug }}/index.html"\nlayout: layout.njk\neleventyComputed:\n  title: "{{ post.title }}"\n  description: "{{ post.excerpt }}"\n---\n` +
      `<article class="flex flex-col mx-auto max-w-3xl px-section-x py-section-y gap-gap-sm"><nav class="text-sm text-gray-l11" aria-label="Breadcrumb"><ol class="flex flex-wrap items-center gap-1" role="list"><li><a href="/">Home</a></li><li><a href="/blog/">Blog</a></li><li><a href="/blog/{{ post.slug }}/" aria-current="page">{{ post.title }}</a></li></ol></nav>` +
      `<h1 class="text-4xl font-bold">{{ post.title }}</h1><p class="text-gray-l11">By {{ post.author }} in {{ post.category }}</p><img src="/assets/{{ post.image }}" alt="{{ post.title }}" width="1024" height="576" loading="lazy" decoding="async" class="w-full rounded-box-md"><p class="text-lg">{{ post.excerpt }}</p>` +
      `<div>{% for para in post.body.split("\\n\\n") %}<p>{{ para }}</p>{% endfor %}</div></article>\n`,
  );
  return dir;
}

function stats(times: number[]): { p50: number; p95: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

const benchmark: Benchmark = {
  name: 'compile a site',
  async run(): Promise<Row[]> {
    const doc = benchSite();
    const { default: Eleventy } = await import('@11ty/eleventy');
    const dir = eleventyProject(doc);
    try {
      // Warm both up once: module loading, JIT, Tailwind's compiler for the theme.
      let last: CompiledSite = await compileSite(doc, { now: NOW });
      const pages = last.stats.pages;
      if (pages !== POSTS + STATIC.length + 1) throw new Error(`compileSite made ${pages} pages`); // + the default 404
      const eleventyRun = async () => {
        const out = await new Eleventy(dir, path.join(dir, '_site'), {
          quietMode: true,
          configPath: path.join(dir, 'eleventy.config.mjs'),
        }).toJSON();
        if (out.length !== POSTS) throw new Error(`Eleventy made ${out.length} pages`);
      };
      await eleventyRun();

      const ours: number[] = [];
      const theirs: number[] = [];
      // Interleaved, so both see the same machine load.
      for (let i = 0; i < RUNS; i++) {
        let t = performance.now();
        last = await compileSite(doc, { now: NOW });
        ours.push(performance.now() - t);
        t = performance.now();
        await eleventyRun();
        theirs.push(performance.now() - t);
      }

      // (c) One CMS item edit, then a recompile that reuses the previous output: told which item
      // changed (what the item-edit call knows), and, for information, finding it by itself.
      const incremental: number[] = [];
      const detected: number[] = [];
      let rendered = 0;
      for (let i = 0; i < RUNS * 2; i++) {
        const item = doc.collections[0]!.items[(i * 131) % POSTS]!;
        item.title = `Edited ${i}`;
        const told = i % 2 === 0;
        const t = performance.now();
        const next = await compileSite(doc, {
          now: NOW,
          previous: last,
          ...(told ? { changed: { items: [{ collection: 'posts', id: item._id }] } } : {}),
        });
        (told ? incremental : detected).push(performance.now() - t);
        if (
          !next.files
            .get(`blog/${String(item.slug)}/index.html`)
            ?.toString()
            .includes(`Edited ${i}`)
        )
          throw new Error('the edited item was not recompiled');
        rendered = next.stats.rendered;
        last = next;
      }

      const o = stats(ours);
      const e = stats(theirs);
      const inc = stats(incremental);
      const found = stats(detected);
      return [
        {
          name: PAGERIGHT,
          value: (pages / o.p50) * 1000,
          unit: 'pages/s',
          p50Ms: o.p50,
          p95Ms: o.p95,
          requests: RUNS,
          errors: 0,
          baseline: { name: ELEVENTY, aim: 2 },
        },
        { name: ELEVENTY, value: (POSTS / e.p50) * 1000, unit: 'pages/s', p50Ms: e.p50, p95Ms: e.p95, requests: RUNS, errors: 0 },
        { name: FULL, value: o.p50, unit: 'ms', lowerIsBetter: true, p50Ms: o.p50, p95Ms: o.p95, requests: RUNS, errors: 0 },
        {
          name: INCREMENTAL,
          value: inc.p50,
          unit: `ms (${rendered} pages re-rendered)`,
          lowerIsBetter: true,
          p50Ms: inc.p50,
          p95Ms: inc.p95,
          requests: RUNS,
          errors: 0,
          baseline: { name: FULL, aim: 10 },
        },
        { name: `${INCREMENTAL} / full (info)`, value: (inc.p50 / o.p50) * 100, unit: '% of full', requests: RUNS, errors: 0 },
        {
          name: `${INCREMENTAL}, change found by fingerprints (info)`,
          value: found.p50,
          unit: 'ms',
          p50Ms: found.p50,
          p95Ms: found.p95,
          requests: RUNS,
          errors: 0,
        },
      ];
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
