import { describe, expect, it } from 'vitest';
import { PageNotFoundError, renderPage, renderPreview, renderSection } from '../../server/src/render/index.js';
import { makeDoc, node, page, withSection } from './fixtures.js';
import { NOW, dom, main } from './helpers.js';

function site() {
  const doc = makeDoc();
  doc.pages.push(
    page('_before', { name: 'Header' }),
    page('_after', { name: 'Footer' }),
    page('about', {
      name: 'About',
      title: 'About',
      description: 'About Acme',
      share: 'share.png',
      code: { headEnd: '<meta name="x-page" content="1">', bodyEnd: '<!-- page body -->' },
    }),
  );
  doc.settings.code = { headEnd: '<meta name="x-site" content="1">' };
  doc.settings.favicon = 'favicon.svg';
  withSection(doc, '_before', [
    node('top', 'layout-h', { '_options.tag': 'header' }, ['top.logo']),
    node('top.logo', 'link', { value: 'Acme', _action: 'page', _target: 'home' }),
  ]);
  withSection(doc, '_after', [
    node('bottom', 'layout-v', { '_options.tag': 'footer' }, ['bottom.c']),
    node('bottom.c', 'paragraph', { value: '© {copyright.year}' }),
  ]);
  withSection(doc, 'about', [
    node('intro', 'layout-v', { '_options.tag': 'section' }, ['intro.h']),
    node('intro.h', 'heading', { value: 'About', '_options.tag': 'h1' }),
  ]);
  return doc;
}

describe('the document', () => {
  it('is a full HTML document with head metadata, Open Graph and JSON-LD', () => {
    const root = dom(renderPage(site(), 'about', { mode: 'compile', now: NOW, cssHref: '/styles.css' }).html);
    expect(root.querySelector('html')!.getAttribute('lang')).toBe('en');
    expect(root.querySelector('meta[charset]')).toBeTruthy();
    expect(root.querySelector('meta[name="viewport"]')).toBeTruthy();
    expect(root.querySelector('title')!.text).toBe('About | Acme');
    expect(root.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('About Acme');
    expect(root.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://acme.test/about/');
    expect(root.querySelector('meta[property="og:title"]')!.getAttribute('content')).toBe('About');
    expect(root.querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe('https://acme.test/assets/share.png');
    expect(root.querySelector('meta[property="og:url"]')!.getAttribute('content')).toBe('https://acme.test/about/');
    expect(root.querySelector('link[rel="icon"]')!.getAttribute('href')).toBe('/assets/favicon.svg');
    expect(root.querySelector('link[rel="stylesheet"][href="/styles.css"]')).toBeTruthy();
    const ld = JSON.parse(root.querySelector('head script[type="application/ld+json"]')!.text);
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'About',
      url: 'https://acme.test/about/',
      inLanguage: 'en',
    });
    expect(root.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
  });

  it('puts the header page before and the footer page after the main content', () => {
    const root = dom(renderPage(site(), 'about', { mode: 'compile', now: NOW }).html);
    const body = root.querySelector('body')!;
    const tags = body.childNodes.filter((n) => Number(n.nodeType) === 1).map((n) => (n as unknown as { tagName: string }).tagName);
    expect(tags).toEqual(['A', 'HEADER', 'MAIN', 'FOOTER']);
    expect(body.querySelector('a[href="#main"]')!.classList.contains('sr-only')).toBe(true);
    expect(main(root).id).toBe('main');
    expect(main(root).querySelector('h1')!.text).toBe('About');
  });

  it('writes custom code of site and page when compiling, not in preview', () => {
    const compiled = renderPage(site(), 'about', { mode: 'compile', now: NOW }).html;
    expect(compiled).toContain('<meta name="x-site" content="1"><meta name="x-page" content="1"></head>');
    expect(compiled).toContain('<!-- page body --></body>');
    const preview = renderPage(site(), 'about', { mode: 'preview', now: NOW }).html;
    expect(preview).not.toContain('x-site');
  });

  it('a page without interactive components ships no script', () => {
    const result = renderPage(site(), 'about', { mode: 'compile', now: NOW });
    expect(result.scripts).toEqual([]);
    const scripts = dom(result.html).querySelectorAll('script');
    expect(scripts.every((s) => s.getAttribute('type') === 'application/ld+json')).toBe(true);
  });

  it('stuck: and offscreen: states bring their observer script', () => {
    const doc = site();
    doc.nodes.top!.style.sticky = 'sticky top-0 stuck:shadow-lg';
    const result = renderPage(doc, 'about', { mode: 'compile', now: NOW });
    expect(result.scripts).toEqual(['states']);
    expect(result.html).toContain('querySelectorAll(\'[class*="stuck:"]\')');
  });

  it("leaves the page's scripts out of a preview, whose frames run none (no blocked script in the console)", () => {
    const doc = site();
    doc.nodes.top!.style.sticky = 'sticky top-0 stuck:shadow-lg';
    const result = renderPage(doc, 'about', { mode: 'preview', now: NOW });
    expect(result.scripts).toEqual(['states']);
    const scripts = dom(result.html).querySelectorAll('script');
    expect(scripts.map((s) => s.getAttribute('type'))).toEqual(['application/ld+json']);
  });

  it('throws PageNotFoundError for an unknown page', () => {
    expect(() => renderPage(site(), 'nope', { mode: 'compile' })).toThrow(PageNotFoundError);
  });
});

describe('preview and compile modes', () => {
  it('preview marks every component with data-pw-id; compile writes none', () => {
    const preview = dom(renderPage(site(), 'about', { mode: 'preview', now: NOW }).html);
    const ids = preview.querySelectorAll('[data-pw-id]').map((e) => e.getAttribute('data-pw-id'));
    expect(ids).toEqual(['top', 'top.logo', 'intro', 'intro.h', 'bottom', 'bottom.c']);
    expect(preview.querySelector('meta[name="robots"]')!.getAttribute('content')).toBe('noindex');
    const compiled = renderPage(site(), 'about', { mode: 'compile', now: NOW }).html;
    expect(compiled).not.toContain('data-pw-');
  });

  it('the editor appearance applies when the site follows the system', () => {
    const doc = site();
    doc.theme.appearance = 'auto';
    expect(
      dom(renderPage(doc, 'about', { mode: 'preview', appearance: 'dark' }).html)
        .querySelector('html')!
        .getAttribute('class'),
    ).toBe('dark');
    expect(
      dom(renderPage(doc, 'about', { mode: 'preview', appearance: 'light' }).html)
        .querySelector('html')!
        .getAttribute('class'),
    ).toBe('light');
    expect(
      dom(renderPage(doc, 'about', { mode: 'compile', appearance: 'dark' }).html)
        .querySelector('html')!
        .hasAttribute('class'),
    ).toBe(false);
    doc.theme.appearance = 'dark';
    expect(
      dom(renderPage(doc, 'about', { mode: 'preview', appearance: 'light' }).html)
        .querySelector('html')!
        .getAttribute('class'),
    ).toBe('dark');
    doc.theme.appearance = 'light';
    expect(
      dom(renderPage(doc, 'about', { mode: 'preview', appearance: 'dark' }).html)
        .querySelector('html')!
        .hasAttribute('class'),
    ).toBe(false);
  });

  it('renderSection returns one section with its classes for a partial update', () => {
    const doc = site();
    doc.nodes['intro.h']!.style.text = 'text-4xl';
    const result = renderSection(doc, 'intro', { mode: 'preview' });
    expect(result.id).toBe('intro');
    expect(result.html).toBe(
      '<section class="flex flex-col" data-pw-id="intro"><h1 class="text-4xl" data-pw-id="intro.h">About</h1></section>',
    );
    expect([...result.classes].sort()).toEqual(['flex', 'flex-col', 'text-4xl']);
  });

  it('a component shows one class per conflict group and variant, its own after its shared style, whichever setting holds either', () => {
    const doc = site();
    doc.shared.heading = {
      id: 'heading',
      name: 'Heading',
      icon: '',
      type: 'text',
      default: false,
      style: { fontSize: 'text-2xl md:text-5xl', textColor: 'text-gray-l12' },
    };
    doc.nodes['intro.h']!.data.inherits = 'heading';
    // Stored under other settings than the shared style's, and twice at lg (as an older editor left it).
    doc.nodes['intro.h']!.style = { fontSize: 'text-4xl sm:text-6xl lg:text-7xl', text: 'lg:text-5xl text-primary-l11 leading-tight' };
    const h1 = dom(renderSection(doc, 'intro', { mode: 'preview' }).html).querySelector('h1')!;
    expect(h1.getAttribute('class')!.split(' ').sort()).toEqual(
      ['leading-tight', 'lg:text-5xl', 'md:text-5xl', 'sm:text-6xl', 'text-4xl', 'text-primary-l11'].sort(),
    );
  });

  it('renderPreview inlines the CSS for the classes the page used', async () => {
    const doc = site();
    doc.nodes['intro.h']!.style.text = 'text-primary-l11';
    const { html, css } = await renderPreview(doc, 'about');
    expect(css).toContain('.text-primary-l11');
    expect(html).toContain(`<style>${css}</style></head>`);
  });

  it('a 40-section page renders every section', () => {
    const doc = makeDoc();
    for (let s = 0; s < 40; s++) {
      withSection(doc, 'home', [
        node(`s${s}`, 'layout-v', { '_options.tag': 'section' }, [`s${s}.h`, `s${s}.p`, `s${s}.g`], {
          p: 'px-section-x py-section-y bg-gray-l2',
        }),
        node(`s${s}.h`, 'heading', { value: `Section ${s} of {site.name}` }, [], { t: 'text-3xl font-bold' }),
        node(`s${s}.p`, 'paragraph', { value: 'Some **bold** text with a [link](https://x.test).' }),
        node(`s${s}.g`, 'layout-grid3', {}, [`s${s}.g.a`, `s${s}.g.b`, `s${s}.g.c`]),
        node(`s${s}.g.a`, 'image', { value: 'a.jpg', alt: 'A' }),
        node(`s${s}.g.b`, 'button', { value: 'Go', _action: 'page', _target: 'home' }, [], { b: 'bg-primary-l9 text-white' }),
        node(`s${s}.g.c`, 'icon', { value: 'zondicons:heart' }),
      ]);
    }
    // Its speed is measured by `npm run bench compile`; here, that all 40 sections come out whole.
    const { html } = renderPage(doc, 'home', { mode: 'preview' });
    for (const s of [0, 19, 39]) expect(html).toContain(`Section ${s} of`);
    expect(html.match(/data-pw-id="s\d+\.g\.b"/g)).toHaveLength(40);
  });
});
