import { describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { makeDoc, node, page, posts, withSection } from './fixtures.js';
import { NOW, dom } from './helpers.js';
import { kitchenSink } from './kitchen-sink.js';

const text = (v: string | Buffer | undefined) => String(v ?? '');

describe('compileSite', () => {
  it('writes every page per language, collection pages per item, 404, CSS, sitemap, robots and redirects', async () => {
    const doc = kitchenSink();
    doc.pages.push(page('draft', { unpublished: true }));
    const { files } = await compileSite(doc, { siteId: 'acme.test', now: NOW });
    expect([...files.keys()].sort()).toEqual(
      [
        'index.html',
        'fi/index.html',
        'about/index.html',
        'fi/meista/index.html',
        'blog/index.html',
        'fi/blog/index.html',
        'blog/post-1/index.html',
        'blog/post-2/index.html',
        'blog/post-3/index.html',
        'fi/blog/post-1/index.html',
        'fi/blog/post-2/index.html',
        'fi/blog/post-3/index.html',
        '404.html',
        'fi/404.html',
        'styles.css',
        'fonts/inter-latin-400-normal.woff2',
        'fonts/inter-latin-700-normal.woff2',
        'favicon.svg',
        'sitemap.xml',
        'robots.txt',
        '_redirects',
        'old-about/index.html',
      ].sort(),
    );
  });

  it('sitemap lists indexable pages with hreflang alternates; robots points at it', async () => {
    const { files } = await compileSite(kitchenSink(), { now: NOW });
    const sitemap = text(files.get('sitemap.xml'));
    expect(sitemap).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
    expect(sitemap).toContain(
      '<url><loc>https://acme.test/about/</loc><xhtml:link rel="alternate" hreflang="en" href="https://acme.test/about/"/><xhtml:link rel="alternate" hreflang="fi" href="https://acme.test/fi/meista/"/></url>',
    );
    expect(sitemap).toContain('<loc>https://acme.test/blog/post-2/</loc>');
    expect(sitemap).not.toContain('404');
    expect(sitemap.match(/<url>/g)).toHaveLength(12);
    expect(text(files.get('robots.txt'))).toBe('User-agent: *\nAllow: /\nSitemap: https://acme.test/sitemap.xml\n');
  });

  it('redirects: a _redirects file and a meta refresh page', async () => {
    const { files } = await compileSite(kitchenSink(), { now: NOW });
    expect(text(files.get('_redirects'))).toBe('/old-about /about/ 301\n');
    const refresh = dom(text(files.get('old-about/index.html')));
    expect(refresh.querySelector('meta[http-equiv="refresh"]')!.getAttribute('content')).toBe('0; url=/about/');
  });

  it('a site without a 404 page gets one', async () => {
    const doc = makeDoc();
    const { files } = await compileSite(doc, { now: NOW });
    const root = dom(text(files.get('404.html')));
    expect(root.querySelector('h1')!.text).toBe('Page not found');
    expect(root.querySelector('main a')!.getAttribute('href')).toBe('/');
    expect(root.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex');
  });

  it('one stylesheet over the classes of all pages, linked from each', async () => {
    const doc = makeDoc();
    doc.pages.push(page('about'));
    withSection(doc, 'home', [node('a', 'layout-v', {}, [], { c: 'bg-primary-l3' })]);
    withSection(doc, 'about', [node('b', 'layout-v', {}, [], { c: 'text-secondary-l11' })]);
    const { files } = await compileSite(doc, { now: NOW });
    const css = text(files.get('styles.css'));
    expect(css).toContain('.bg-primary-l3');
    expect(css).toContain('.text-secondary-l11');
    expect(css).not.toContain('.bg-primary-l4');
    // Small enough to go in each page's head, minified.
    const head = dom(text(files.get('about/index.html'))).querySelector('head')!;
    expect(head.querySelector('link[href="/styles.css"]')).toBeNull();
    expect(head.querySelector('style[data-pw-css]')!.text).toBe(css);
    expect(css).not.toMatch(/\n\s/);
  });

  it('copies asset bytes under assets/', async () => {
    const { files } = await compileSite(makeDoc(), { now: NOW, assets: new Map([['logo.png', Buffer.from([1, 2, 3])]]) });
    expect(files.get('assets/logo.png')).toEqual(Buffer.from([1, 2, 3]));
  });
});

describe('images', () => {
  const photo = {
    width: 2000,
    height: 1000,
    variants: new Map([
      [1280, Buffer.from('w1280')],
      [640, Buffer.from('w640')],
    ]),
  };

  it('writes the resized copies beside the file and offers them through srcset, at the file’s own shape', async () => {
    const doc = withSection(makeDoc(), 'home', [
      node('s', 'layout-v', {}, ['s.photo', 's.sized']),
      node('s.photo', 'image', { value: 'photo.jpg', alt: 'The shop' }),
      node('s.sized', 'image', { value: 'photo.jpg', alt: 'Small', width: 300 }),
    ]);
    const { files } = await compileSite(doc, {
      now: NOW,
      assets: new Map([['photo.jpg', Buffer.from('jpeg')]]),
      images: new Map([['photo.jpg', photo]]),
    });
    expect(files.get('assets/_w640/photo.jpg.webp')).toEqual(Buffer.from('w640'));
    expect(files.get('assets/_w1280/photo.jpg.webp')).toEqual(Buffer.from('w1280'));
    const [full, sized] = dom(text(files.get('index.html'))).querySelectorAll('img');
    expect(full!.getAttribute('src')).toBe('/assets/photo.jpg');
    expect(full!.getAttribute('srcset')).toBe(
      '/assets/_w640/photo.jpg.webp 640w, /assets/_w1280/photo.jpg.webp 1280w, /assets/photo.jpg 2000w',
    );
    expect(full!.getAttribute('sizes')).toBe('(min-width: 2000px) 2000px, 100vw');
    expect([full!.getAttribute('width'), full!.getAttribute('height')]).toEqual(['2000', '1000']);
    // A width set on the component keeps the file's proportions.
    expect([sized!.getAttribute('width'), sized!.getAttribute('height')]).toEqual(['300', '150']);
  });

  it('leaves external pictures and files without copies as they are', async () => {
    const doc = withSection(makeDoc(), 'home', [
      node('s', 'layout-v', {}, ['s.a', 's.b']),
      node('s.a', 'image', { value: 'https://example.com/a.jpg', alt: 'A' }),
      node('s.b', 'image', { value: 'logo.svg', alt: 'B' }),
    ]);
    const { files } = await compileSite(doc, { now: NOW, images: new Map([['logo.svg', { width: 64, height: 32, variants: new Map() }]]) });
    const [a, b] = dom(text(files.get('index.html'))).querySelectorAll('img');
    expect(a!.getAttribute('srcset')).toBeUndefined();
    expect(b!.getAttribute('srcset')).toBeUndefined();
    expect([b!.getAttribute('width'), b!.getAttribute('height')]).toEqual(['64', '32']);
  });
});

describe('incremental compile', () => {
  function blog(count: number) {
    const doc = makeDoc();
    doc.collections.push(posts(count));
    doc.pages.push(page('blog'), page('about'), page('blog/:slug', { title: '{item.title}', slug: 'blog/:slug', content: 'posts' }));
    withSection(doc, 'blog', [node('l', 'layout-v', { _repeat: 'posts' }, ['l.t']), node('l.t', 'text', { value: '{item.title}' })]);
    withSection(doc, 'about', [node('a', 'heading', { value: 'About' })]);
    withSection(doc, 'blog/:slug', [node('p', 'heading', { value: { _bind: 'title' } })]);
    return doc;
  }

  it('after an item edit, re-renders only that item page and the pages listing the collection', async () => {
    const doc = blog(20);
    const first = await compileSite(doc, { now: NOW });
    expect(first.stats.rendered).toBe(first.stats.pages);
    doc.collections[0]!.items[4]!.title = 'Edited';
    const second = await compileSite(doc, { now: NOW, previous: first });
    expect(second.stats.rendered).toBe(2); // blog/post-5 and the blog list
    expect(dom(text(second.files.get('blog/post-5/index.html'))).querySelector('h2')!.text).toBe('Edited');
    expect(text(second.files.get('blog/index.html'))).toContain('Edited');
    expect(second.files.get('about/index.html')).toBe(first.files.get('about/index.html'));
    // Told what changed, it does the same without comparing the document.
    doc.collections[0]!.items[5]!.title = 'Told';
    const third = await compileSite(doc, { now: NOW, previous: second, changed: { items: [{ collection: 'posts', id: 6 }] } });
    expect(third.stats.rendered).toBe(2);
    expect(text(third.files.get('blog/post-6/index.html'))).toContain('Told');
  });

  it('a renamed slug moves the page; an unpublished item disappears', async () => {
    const doc = blog(3);
    const first = await compileSite(doc, { now: NOW });
    doc.collections[0]!.items[0]!.slug = 'renamed';
    doc.collections[0]!.items[1]!.published = false;
    const second = await compileSite(doc, { now: NOW, previous: first });
    expect(second.files.has('blog/post-1/index.html')).toBe(false);
    expect(second.files.has('blog/renamed/index.html')).toBe(true);
    expect(second.files.has('blog/post-2/index.html')).toBe(false);
    expect(text(second.files.get('sitemap.xml'))).toContain('/blog/renamed/');
  });

  it('a page edit re-renders that page; a header or theme edit re-renders all', async () => {
    const doc = blog(3);
    doc.pages.push(page('_before'));
    withSection(doc, '_before', [node('h', 'layout-h', { '_options.tag': 'header' })]);
    const first = await compileSite(doc, { now: NOW });
    doc.nodes.a!.data.value = 'About us';
    const second = await compileSite(doc, { now: NOW, previous: first });
    expect(second.stats.rendered).toBe(1);
    doc.nodes.h!.style.bg = 'bg-primary-l2';
    const third = await compileSite(doc, { now: NOW, previous: second });
    expect(third.stats.rendered).toBe(third.stats.pages);
    expect(text(third.files.get('styles.css'))).toContain('.bg-primary-l2');
    doc.theme.cornerScale = 50;
    const fourth = await compileSite(doc, { now: NOW, previous: third });
    expect(fourth.stats.rendered).toBe(fourth.stats.pages);
  });
});
