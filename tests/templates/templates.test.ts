import { describe, expect, it } from 'vitest';
import { buildCss, compileSite, renderPage } from '../../server/src/render/index.js';
import { fonts } from '../../server/src/model/catalogs.js';
import type { Localized, Node, SiteDoc } from '../../server/src/model/document.js';
import { CORNER_SCALES, TEXT_SCALES, THEME_VARS } from '../../server/src/editor/theme.js';
import { findTemplate, siteFromTemplate, templates } from '../../server/src/templates/catalog.js';
import { utilityOf } from '../../server/src/templates/kit.js';
import { classesOf, cssEscape, docProblems, MARKER_CLASSES, offThemeColor } from './validate.js';

const NOW = new Date('2026-11-20T12:00:00Z');
const IDS = ['launch', 'folio', 'journal', 'bistro'] as const;

function site(id: string, name = 'Acme Works', theme?: { primary: string; secondary: string }): SiteDoc {
  const seed = findTemplate(id)!;
  return siteFromTemplate(seed, name, theme ?? seed.theme);
}

describe.each(IDS)('the %s template', (id) => {
  const seed = findTemplate(id)!;
  const doc = site(id);

  it('is a valid site document: ids, children, sections, types, bindings and collections', () => {
    expect(docProblems(doc)).toEqual([]);
    expect(doc.schema).toBe(1);
    expect(doc.settings.languages).toEqual(seed.languages);
  });

  it('has every page the gallery lists, and the header, footer and 404 pages with sections', () => {
    const ids = doc.pages.map((p) => p.id);
    for (const page of seed.pages) expect(ids).toContain(page.id);
    for (const page of doc.pages) expect(page.sections.length, page.id).toBeGreaterThan(0);
    const header = doc.pages.find((p) => p.id === '_before')!;
    expect(header.sections.some((s) => Object.keys(doc.nodes).some((n) => n.startsWith(`${s}.`) && doc.nodes[n]!.type === 'nav'))).toBe(
      true,
    );
  });

  it('has a complete theme: three colour scales, catalogue fonts with weights, scales and every theme variable', () => {
    for (const name of ['primary', 'secondary', 'gray']) expect(Object.keys(doc.theme.colors[name]!.shades)).toHaveLength(24);
    expect(doc.theme.colors.primary.base).toBe(seed.theme.primary.toLowerCase());
    expect(doc.theme.colors.secondary.base).toBe(seed.theme.secondary.toLowerCase());
    for (const role of ['heading', 'sans'] as const) {
      const font = doc.theme.fonts[role];
      const known = fonts.find((f) => f.family === font.family);
      expect(known, font.family).toBeDefined();
      expect(font.normal.length).toBeGreaterThan(0);
      for (const w of font.normal) expect(known!.normal).toContain(w);
      for (const w of font.italic) expect(known!.italic).toContain(w);
    }
    expect(TEXT_SCALES).toContain(doc.theme.textScale);
    expect(CORNER_SCALES).toContain(doc.theme.cornerScale);
    expect(Object.keys(doc.theme.vars).sort()).toEqual([...THEME_VARS].sort());
  });

  it('has default text, button and input styles and a heading style that headings take', () => {
    const defaults = Object.values(doc.shared)
      .filter((s) => s.default)
      .map((s) => s.type)
      .sort();
    expect(defaults).toEqual(['button', 'input', 'richtext', 'text']);
    expect(doc.shared.heading).toBeDefined();
    const headings = Object.values(doc.nodes).filter((n) => n.type === 'heading');
    expect(headings.length).toBeGreaterThan(3);
    for (const h of headings) expect(h.data.inherits, h.id).toBe('heading');
  });

  it('fills the global variables from the site name', () => {
    expect(doc.globals.site.name).toBe('Acme Works');
    expect(doc.globals.meta.name).toBe('Acme Works');
    expect(doc.settings.name).toBe('Acme Works');
  });

  it('uses only classes the Tailwind compiler knows under the theme, and only theme colours', async () => {
    const classes = classesOf(doc);
    expect(classes.size).toBeGreaterThan(100);
    const css = await buildCss(doc, classes);
    const unknown = [...classes].filter((c) => !MARKER_CLASSES.test(c) && !css.includes(`.${cssEscape(c)}`));
    expect(unknown).toEqual([]);
    expect([...classes].filter((c) => offThemeColor(utilityOf(c)))).toEqual([]);
    // The theme tokens the brief names are in use.
    for (const token of ['px-section-x', 'py-section-y', 'rounded-box-lg', 'font-heading', 'bg-primary-l9'])
      expect(
        [...classes].some((c) => c.includes(token)),
        token,
      ).toBe(true);
    expect([...classes].some((c) => c.startsWith('dark:'))).toBe(true);
    expect([...classes].some((c) => /^(md|lg):/.test(c))).toBe(true);
  });

  it('renders every page in every language with every variable and binding filled', () => {
    for (const language of doc.settings.languages) {
      for (const page of doc.pages) {
        if (page.id === '_before' || page.id === '_after') continue;
        const collection = page.content ? doc.collections.find((c) => c.id === page.content) : undefined;
        for (const item of collection ? collection.items : [undefined]) {
          const { html } = renderPage(doc, page.id, { mode: 'compile', language, item, now: NOW, siteId: 'acme.test' });
          const body = html.slice(html.indexOf('<body'));
          expect(body, `${page.id} ${language}`).not.toMatch(
            /\{(site|page|item|meta|legal|copyright)\.[\w-]+\}|undefined|\[object Object\]|NaN/,
          );
          expect(body.match(/<h1[ >]/g), `${page.id}: one h1`).toHaveLength(1);
          expect(body).toContain('<main');
          expect(body).toContain('<nav');
          expect(body).toContain('<footer');
          if (item)
            expect(body).toContain(
              String(item.title ?? '')
                .replace(/&/g, '&amp;')
                .slice(0, 12),
            );
        }
      }
    }
  });

  it('compiles to a page per language and collection item, linking only to pages that exist', async () => {
    const out = await compileSite(doc, { siteId: 'acme.test', now: NOW });
    const files = [...out.files.keys()];
    const expected =
      doc.pages
        .filter((p) => !['_before', '_after'].includes(p.id))
        .reduce((n, p) => n + (p.content ? doc.collections.find((c) => c.id === p.content)!.items.length : 1), 0) *
      doc.settings.languages.length;
    expect(files.filter((f) => f.endsWith('.html'))).toHaveLength(expected);
    const paths = new Set(files.filter((f) => f.endsWith('.html')).map((f) => `/${f.replace(/index\.html$/, '')}`));
    for (const [file, content] of out.files) {
      if (!file.endsWith('.html')) continue;
      for (const [, href] of String(content).matchAll(/<a [^>]*href="(\/[^"#?]*)/g))
        expect(paths.has(href!), `${file} links to ${href}`).toBe(true);
    }
  });

  it('has real copy: no placeholder text', () => {
    const json = JSON.stringify(doc);
    expect(json.match(/lorem ipsum dolor|consectetur adipiscing|\bTODO\b|placeholder text here/i)?.[0]).toBeUndefined();
  });

  it('takes the colours chosen at creation, and its pictures follow them', () => {
    const other = site(id, 'Other', { primary: '#123456', secondary: '#abcdef' });
    expect(other.theme.colors.primary.base).toBe('#123456');
    expect(other.theme.colors.secondary.shades.l9).toBe('#abcdef');
    const urls = JSON.stringify(other).match(/\/template-assets\/[^"]+/g) ?? [];
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) expect(url).toMatch(new RegExp(`^/template-assets/${id}/[\\w.-]+\\?c=123456-abcdef$`));
  });
});

describe('the gallery metadata', () => {
  it('still lists the four templates with their fields', () => {
    expect(templates.map((t) => t.id)).toEqual([...IDS]);
    for (const t of templates) {
      expect(t.previewImage).toBe(`/template-assets/${t.id}.svg`);
      expect(t.pages[0]).toMatchObject({ id: 'home' });
    }
  });
});

describe('the folio projects', () => {
  const doc = site('folio');
  it('are a collection with a case-study page per project', () => {
    const projects = doc.collections.find((c) => c.id === 'projects')!;
    expect(projects.items.length).toBeGreaterThanOrEqual(6);
    const page = doc.pages.find((p) => p.id === 'projects/:slug')!;
    expect(page).toMatchObject({ content: 'projects', slug: 'projects/:slug' });
    const { html } = renderPage(doc, 'projects/:slug', { mode: 'compile', item: projects.items[1], now: NOW });
    expect(html).toContain('<h1');
    expect(html).toContain('Kestrel Maritime');
    expect(html).toContain('Strategy, web design, content design');
  });
});

describe('the journal', () => {
  const doc = site('journal');
  const posts = doc.collections.find((c) => c.id === 'posts')!;
  const authors = doc.collections.find((c) => c.id === 'authors')!;

  it('has at least six posts with real articles, each by a known author', () => {
    expect(posts.items.length).toBeGreaterThanOrEqual(6);
    for (const post of posts.items) {
      const body = post.body as { type: string; value: unknown }[];
      const words = JSON.stringify(body.map((b) => b.value)).split(/\s+/).length;
      expect(words, String(post.title)).toBeGreaterThan(150);
      expect(body.some((b) => b.type === 'h2')).toBe(true);
      expect(authors.items.map((a) => a.slug)).toContain(post.author);
    }
  });

  it('lists the posts newest first on the home page, linking each to its own page', () => {
    const { html } = renderPage(doc, 'home', { mode: 'compile', now: NOW });
    const newest = [...posts.items].sort((a, b) => String(b.date).localeCompare(String(a.date)));
    const at = newest.map((p) => html.indexOf(String(p.title).replace(/’/g, '’')));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const p of newest) expect(html).toContain(`href="/posts/${String(p.slug)}/"`);
  });

  it('shows a post with its author, and other posts but not itself under "More"', () => {
    const post = posts.items[2]!;
    const { html } = renderPage(doc, 'posts/:slug', { mode: 'compile', item: post, now: NOW });
    const author = authors.items.find((a) => a.slug === post.author)!;
    expect(html).toContain(String(author.name));
    expect(html).toContain(String(author.bio));
    const more = html.slice(html.indexOf('More from the Journal'));
    expect(more).not.toContain(`href="/posts/${String(post.slug)}/"`);
    expect(more.match(/href="\/posts\/[^"]+\/"/g)!.length).toBeGreaterThanOrEqual(3);
    expect(html).toContain('"@type":"BlogPosting"');
  });
});

describe('the bistro in two languages', () => {
  const doc = site('bistro');

  /** Every localized value in the document, with where it is. */
  function localizedValues(value: unknown, at: string, out: [string, Localized][] = []): [string, Localized][] {
    if (Array.isArray(value)) value.forEach((v, i) => localizedValues(v, `${at}[${i}]`, out));
    else if (value && typeof value === 'object') {
      if ((value as Localized)._loc === true) out.push([at, value as Localized]);
      else for (const [k, v] of Object.entries(value)) localizedValues(v, `${at}.${k}`, out);
    }
    return out;
  }

  it('has every localized text complete in English and Finnish', () => {
    const all = localizedValues(doc, 'doc');
    expect(all.length).toBeGreaterThan(150);
    for (const [at, value] of all) {
      expect(
        Object.keys(value)
          .filter((k) => k !== '_loc')
          .sort(),
        at,
      ).toEqual(['en', 'fi']);
      for (const lang of ['en', 'fi']) {
        const v = value[lang];
        expect(v === '' && at.includes('slug') ? 'empty home slug' : v, `${at}.${lang}`).toBeTruthy();
      }
    }
  });

  it('localizes every text a visitor reads: no English-only string in a text setting', () => {
    const TEXT_TYPES = new Set([
      'heading',
      'paragraph',
      'text',
      'richtext',
      'link',
      'button',
      'label',
      'sr',
      'input',
      'textarea',
      'select',
      'checkbox',
      'number',
      'counter',
      'didYouMean',
      'icons',
    ]);
    const TEXT_KEYS = [
      'value',
      'alt',
      'label',
      'placeholder',
      'content',
      'suggestion',
      'caption',
      'options',
      'prefix',
      'suffix',
      '_attr.aria-label',
    ];
    const words = (s: string) => s.replace(/\{[\w.-]+\}/g, '').replace(/\S+@\S+|https?:\S+/g, '');
    const plain: string[] = [];
    const check = (node: Node, key: string, v: unknown) => {
      if (typeof v === 'string' && /[a-zA-ZäöÄÖ]{2,}/.test(words(v))) plain.push(`${node.id} ${key}: ${v}`);
      if (Array.isArray(v))
        for (const o of v) if (o && typeof o === 'object' && 'label' in o) check(node, `${key}.label`, (o as { label: unknown }).label);
    };
    for (const node of Object.values(doc.nodes)) {
      if (node.type === 'image' && 'alt' in node.data) check(node, 'alt', node.data.alt);
      if (!TEXT_TYPES.has(node.type)) continue;
      for (const key of TEXT_KEYS) if (key in node.data && !(node.type === 'icons' && key === 'value')) check(node, key, node.data[key]);
    }
    expect(plain).toEqual([]);
    for (const page of doc.pages.filter((p) => !['_before', '_after'].includes(p.id))) {
      expect(typeof page.title, page.id).toBe('object');
      expect(typeof page.description, page.id).toBe('object');
    }
  });

  it('has a localized menu collection with a category enum', () => {
    const menu = doc.collections.find((c) => c.id === 'menu')!;
    expect(menu.fields.find((f) => f.id === 'category')!.type).toBe('enum');
    expect(menu.items.length).toBeGreaterThanOrEqual(12);
    for (const item of menu.items) {
      expect(item.name).toMatchObject({ _loc: true });
      expect(item.description).toMatchObject({ _loc: true });
    }
    expect(new Set(menu.items.map((i) => i.category))).toEqual(new Set(['starters', 'mains', 'desserts', 'drinks']));
  });

  it('renders the Finnish pages in Finnish, at Finnish addresses', () => {
    const { html } = renderPage(doc, 'menu', { mode: 'compile', language: 'fi', now: NOW });
    expect(html).toContain('<html lang="fi"');
    expect(html).toContain('Alkuruoat');
    expect(html).toContain('Kantarellikeitto');
    expect(html).toContain('13 €');
    expect(html).toContain('href="/fi/varaa-poyta/"');
    expect(html).not.toContain('Starters');
    const en = renderPage(doc, 'menu', { mode: 'compile', language: 'en', now: NOW }).html;
    expect(en).toContain('Chanterelle soup');
    expect(en).toContain('€13');
  });

  it('fills the legal variables on the privacy page', () => {
    const { html } = renderPage(doc, 'privacy', { mode: 'compile', language: 'fi', now: NOW });
    expect(html).toContain('Acme Works Oy');
    expect(html).toContain('3141592-6');
    expect(html).toContain('Rekisterinpitäjä');
  });
});
