import { describe, expect, it } from 'vitest';
import type { CompiledSite, Output } from './compiled.js';
import { addSiteFiles, variantFile, withDefault404 } from './site-files.js';
import { testDoc, testPage } from './testing.js';

const output = (pageId: string, language = 'en', indexable = true): Output => ({
  pageId,
  language,
  deps: [],
  classes: [],
  scripts: [],
  indexable,
});

function filesOf(doc = testDoc(), outputs = new Map([['index.html', output('home')]]), previous?: CompiledSite) {
  const files = new Map<string, string | Buffer>([...outputs.keys()].map((path) => [path, '<html>']));
  addSiteFiles(files, doc, outputs, {}, previous);
  return files;
}

describe('the files beside the pages', () => {
  it('list the indexable pages in the sitemap, each language version with its alternates', () => {
    const doc = testDoc();
    doc.settings.languages = ['en', 'fi'];
    const outputs = new Map([
      ['index.html', output('home')],
      ['fi/index.html', output('home', 'fi')],
      ['hidden/index.html', output('hidden', 'en', false)],
    ]);
    const sitemap = String(filesOf(doc, outputs).get('sitemap.xml'));
    expect(sitemap).toContain('<url><loc>https://acme.test/</loc><xhtml:link rel="alternate" hreflang="en" href="https://acme.test/"/>');
    expect(sitemap).toContain('hreflang="fi" href="https://acme.test/fi/"');
    expect(sitemap).not.toContain('hidden');
  });

  it('keep the previous sitemap when the paths are the same', () => {
    const outputs = new Map([['index.html', output('home')]]);
    const previous: CompiledSite = {
      files: new Map([['sitemap.xml', 'the previous sitemap']]),
      state: { global: '', pages: new Map(), items: new Map(), outputs, classCount: new Map(), css: '' },
      stats: { pages: 1, rendered: 1, reused: 0, ms: 0 },
    };
    expect(filesOf(testDoc(), new Map(outputs), previous).get('sitemap.xml')).toBe('the previous sitemap');
    const more = new Map([...outputs, ['about/index.html', output('about')]]);
    expect(filesOf(testDoc(), more, previous).get('sitemap.xml')).toContain('https://acme.test/about/');
  });

  it('name the sitemap in robots.txt, or turn crawlers away from a site that is not production', () => {
    expect(filesOf().get('robots.txt')).toBe('User-agent: *\nAllow: /\nSitemap: https://acme.test/sitemap.xml\n');
    const staging = testDoc();
    staging.settings.compile = { production: false };
    expect(filesOf(staging).get('robots.txt')).toBe('User-agent: *\nDisallow: /\n');
  });

  it('write the redirects to _redirects, with a refresh page for each that has a file of its own', () => {
    const doc = testDoc();
    doc.settings.redirects = [
      { from: '/old', to: '/new' },
      { from: '/blog/*', to: '/news', status: 302 },
      { from: '/', to: '/elsewhere' },
    ];
    const files = filesOf(doc);
    expect(files.get('_redirects')).toBe('/old /new 301\n/blog/* /news 302\n/ /elsewhere 301\n');
    expect(files.get('old/index.html')).toContain('<meta http-equiv="refresh" content="0; url=/new">');
    expect(files.get('index.html')).toBe('<html>');
    expect([...files.keys()].filter((p) => p.startsWith('blog'))).toEqual([]);
  });

  it('write only _redirects when the compile settings say none', () => {
    const doc = testDoc();
    doc.settings.redirects = [{ from: '/old', to: '/new' }];
    doc.settings.compile = { redirects: 'none' };
    expect(filesOf(doc).has('old/index.html')).toBe(false);
  });

  it("copy the site's assets and their resized copies under assets/", () => {
    const files = new Map<string, string | Buffer>();
    const photo = Buffer.from('jpeg');
    const small = Buffer.from('webp');
    addSiteFiles(
      files,
      testDoc(),
      new Map(),
      {
        assets: new Map([['photo.jpg', photo]]),
        images: new Map([['photo.jpg', { width: 2000, height: 1000, variants: new Map([[640, small]]) }]]),
      },
      undefined,
    );
    expect(files.get('assets/photo.jpg')).toBe(photo);
    expect(files.get(`assets/${variantFile('photo.jpg', 640)}`)).toBe(small);
    expect(variantFile('photo.jpg', 640)).toBe('_w640/photo.jpg.webp');
  });
});

describe('the 404 page', () => {
  it('is added, hidden, with a heading and a link home, to a site without one', () => {
    const doc = withDefault404(testDoc());
    expect(doc.pages.find((p) => p.id === '404')).toMatchObject({ slug: '404', hidden: true, sections: ['pw-404'] });
    expect(doc.nodes['pw-404.home']?.data).toMatchObject({ _action: 'page', _target: 'home' });
  });

  it("is the site's own when it has one", () => {
    const doc = testDoc({ pages: [testPage('home', { slug: '' }), testPage('404', { title: 'Lost?' })] });
    expect(withDefault404(doc)).toBe(doc);
  });
});
