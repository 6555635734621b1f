import { describe, expect, it } from 'vitest';
import { compileSite, renderPage } from '../../server/src/render/index.js';
import { makeDoc, node, page, withSection } from './fixtures.js';
import { NOW, dom } from './helpers.js';

const text = (v: string | Buffer | undefined) => String(v ?? '');

/** A site with a home page, an about page and a hidden page, each with a heading. */
function site() {
  const doc = makeDoc();
  doc.pages.push(page('about', { name: 'About', title: 'About' }), page('secret', { name: 'Secret', title: 'Secret', hidden: true }));
  for (const id of ['home', 'about', 'secret'])
    withSection(doc, id, [
      node(`${id}-s`, 'layout-v', { '_options.tag': 'section' }, [`${id}-s.h`]),
      node(`${id}-s.h`, 'heading', { value: id }),
    ]);
  return doc;
}

const compiled = (doc = site(), pageId = 'about') => renderPage(doc, pageId, { mode: 'compile', now: NOW }).html;

describe('the renderer honours the site settings', () => {
  it('writes custom code of the site, then of the page, at its four places; never in preview', () => {
    const doc = site();
    doc.settings.code = { headStart: '<meta name="s1">', headEnd: '<meta name="s2">', bodyStart: '<!--s3-->', bodyEnd: '<!--s4-->' };
    doc.pages.find((p) => p.id === 'about')!.code = {
      headStart: '<meta name="p1">',
      headEnd: '<meta name="p2">',
      bodyStart: '<!--p3-->',
      bodyEnd: '<!--p4-->',
    };
    const html = compiled(doc);
    expect(html).toMatch(
      /^<!doctype html><html[^>]*><head><meta charset="utf-8"><meta name="viewport"[^>]*><meta name="s1"><meta name="p1">/,
    );
    expect(html).toContain('<meta name="s2"><meta name="p2"></head>');
    expect(html).toMatch(/<body[^>]*><!--s3--><!--p3--><a href="#main"/);
    expect(html).toContain('<!--s4--><!--p4--></body></html>');
    const preview = renderPage(doc, 'about', { mode: 'preview', now: NOW }).html;
    for (const mark of ['s1', 'p2', '<!--s3-->', '<!--p4-->']) expect(preview).not.toContain(mark);
  });

  it('adds the integrations: Plausible, Google Analytics, Tag Manager (with its noscript) and Meta Pixel', () => {
    const doc = site();
    doc.settings.integrations = {
      plausibleAnalytics: 'acme.test',
      plausibleAnalyticsSrc: 'https://stats.acme.test/js/script.js',
      googleAnalytics: 'G-ABC',
      googleTagManager: 'GTM-XYZ',
      metaPixel: '42',
    };
    const root = dom(compiled(doc));
    expect(root.querySelector('head script[data-domain="acme.test"]')!.getAttribute('src')).toBe('https://stats.acme.test/js/script.js');
    expect(root.querySelector('head script[src="https://www.googletagmanager.com/gtag/js?id=G-ABC"]')).toBeTruthy();
    const head = root.querySelector('head')!.innerHTML;
    expect(head).toContain('\'dataLayer\',"GTM-XYZ"');
    expect(head).toContain('fbq(\'init\',"42")');
    expect(root.querySelector('body > noscript')!.innerHTML).toContain('ns.html?id=GTM-XYZ');
    expect(renderPage(doc, 'about', { mode: 'preview', now: NOW }).html).not.toContain('googletagmanager');
  });

  it('titles pages with the base title, and uses theme colour, favicon, meta image and the iOS app banner', () => {
    const doc = site();
    Object.assign(doc.settings, {
      title: { _loc: true, en: 'Acme Ltd' },
      themeColor: '#ff0000',
      favicon: 'icon.svg',
      share: 'share.png',
      appleAppId: '12345',
    });
    const root = dom(compiled(doc));
    expect(root.querySelector('title')!.text).toBe('About | Acme Ltd');
    expect(root.querySelector('meta[name="theme-color"]')!.getAttribute('content')).toBe('#ff0000');
    expect(root.querySelector('link[rel="icon"]')!.getAttribute('type')).toBe('image/svg+xml');
    expect(root.querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe('https://acme.test/assets/share.png');
    expect(root.querySelector('meta[name="apple-itunes-app"]')!.getAttribute('content')).toBe('app-id=12345');
    // A page's own meta image wins over the site's.
    doc.pages.find((p) => p.id === 'about')!.share = 'about.png';
    expect(dom(compiled(doc)).querySelector('meta[property="og:image"]')!.getAttribute('content')).toBe(
      'https://acme.test/assets/about.png',
    );
  });

  it('uses the page canonical, else the domain, https and base path of the compile settings', () => {
    const doc = site();
    doc.settings.compile = { domain: 'www.acme.example', basePath: '/site', https: false };
    expect(dom(compiled(doc)).querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('http://www.acme.example/site/about/');
    doc.pages.find((p) => p.id === 'about')!.canonical = 'https://elsewhere.example/about';
    expect(dom(compiled(doc)).querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://elsewhere.example/about');
  });

  it('gives forms Botpoison when the form settings choose it, and its script only where a form is', () => {
    const doc = site();
    withSection(doc, 'about', [
      node('contact', 'form', { name: 'contact' }, ['contact.email']),
      node('contact.email', 'input', { name: 'email', type: 'email', label: 'E-mail' }),
    ]);
    doc.settings.form = { spamPrevention: 'botpoison' };
    doc.settings.integrations = { botpoisonPublic: 'pk_test' };
    const root = dom(compiled(doc));
    expect(root.querySelector('form')!.getAttribute('data-botpoison-public-key')).toBe('pk_test');
    expect(root.querySelector('head script[src="https://unpkg.com/@botpoison/browser"]')).toBeTruthy();
    expect(compiled(doc, 'home')).not.toContain('botpoison');
    expect(renderPage(doc, 'about', { mode: 'preview', now: NOW }).html).not.toContain('botpoison');
    doc.settings.form = { spamPrevention: 'none' };
    expect(compiled(doc)).not.toContain('botpoison');
  });

  it('writes attribution and the compile time unless the compile settings remove them', () => {
    const doc = site();
    let root = dom(compiled(doc));
    expect(root.querySelector('meta[name="generator"]')!.getAttribute('content')).toBe('Pagewright');
    expect(root.querySelector('meta[name="pw:compiled"]')!.getAttribute('content')).toBe(NOW.toISOString());
    doc.settings.compile = { noAttribution: true, noTimestamp: true };
    root = dom(compiled(doc));
    expect(root.querySelector('meta[name="generator"]')).toBeNull();
    expect(root.querySelector('meta[name="pw:compiled"]')).toBeNull();
  });
});

describe('compiling honours the settings', () => {
  it('keeps hidden pages out of the sitemap and marks them noindex; absolute URLs use domain and base path', async () => {
    const doc = site();
    doc.settings.compile = { domain: 'www.acme.example', basePath: '/site' };
    const { files } = await compileSite(doc, { now: NOW });
    const sitemap = text(files.get('sitemap.xml'));
    expect(sitemap).toContain('<loc>https://www.acme.example/site/about/</loc>');
    expect(sitemap).not.toContain('secret');
    expect(
      dom(text(files.get('secret/index.html')))
        .querySelector('meta[name="robots"]')!
        .getAttribute('content'),
    ).toBe('noindex');
    expect(dom(text(files.get('about/index.html'))).querySelector('meta[name="robots"]')).toBeNull();
    expect(text(files.get('robots.txt'))).toBe('User-agent: *\nAllow: /\nSitemap: https://www.acme.example/site/sitemap.xml\n');
  });

  it('a site that is not production turns crawlers away', async () => {
    const doc = site();
    doc.settings.compile = { production: false };
    const { files } = await compileSite(doc, { now: NOW });
    expect(text(files.get('robots.txt'))).toBe('User-agent: *\nDisallow: /\n');
    expect(
      dom(text(files.get('about/index.html')))
        .querySelector('meta[name="robots"]')!
        .getAttribute('content'),
    ).toBe('noindex');
  });

  it('redirects: meta refresh pages by default, only _redirects with none', async () => {
    const doc = site();
    doc.settings.redirects = [
      { from: '/old', to: '/about/' },
      { from: '/shop', to: 'https://shop.example.com/' },
    ];
    let { files } = await compileSite(doc, { now: NOW });
    expect(text(files.get('_redirects'))).toBe('/old /about/ 301\n/shop https://shop.example.com/ 301\n');
    expect(
      dom(text(files.get('shop/index.html')))
        .querySelector('meta[http-equiv="refresh"]')!
        .getAttribute('content'),
    ).toBe('0; url=https://shop.example.com/');
    doc.settings.compile = { redirects: 'none' };
    ({ files } = await compileSite(doc, { now: NOW }));
    expect(files.has('_redirects')).toBe(true);
    expect(files.has('old/index.html')).toBe(false);
  });

  it('compiles only the chosen languages, and serves files from the CDN', async () => {
    const doc = site();
    doc.settings.languages = ['en', 'fi', 'sv'];
    doc.settings.compile = { languages: ['en', 'sv'], cdnUrl: 'https://cdn.acme.example' };
    doc.settings.favicon = 'icon.png';
    const { files } = await compileSite(doc, { now: NOW });
    expect(files.has('sv/about/index.html')).toBe(true);
    expect(files.has('fi/about/index.html')).toBe(false);
    expect(
      dom(text(files.get('about/index.html')))
        .querySelector('link[rel="icon"]')!
        .getAttribute('href'),
    ).toBe('https://cdn.acme.example/assets/icon.png');
  });

  it('writes the description of the page, else of the site, as the meta and Open Graph description', () => {
    const doc = site();
    doc.globals.meta.description = '';
    doc.settings.description = { _loc: true, en: 'Bread and buns in Turku.' };
    const about = doc.pages.find((p) => p.id === 'about')!;
    about.description = '';
    const root = dom(compiled(doc));
    expect(root.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Bread and buns in Turku.');
    expect(root.querySelector('meta[property="og:description"]')!.getAttribute('content')).toBe('Bread and buns in Turku.');
    about.description = 'Who bakes the bread.';
    expect(dom(compiled(doc)).querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Who bakes the bread.');
  });

  it('adds no integration snippet, theme colour, iOS banner or custom code that is not set', () => {
    const doc = site();
    doc.settings.integrations = {};
    delete doc.settings.code;
    delete doc.settings.appleAppId;
    const html = compiled(doc);
    for (const mark of ['plausible', 'googletagmanager', 'gtag(', 'fbq(', 'apple-itunes-app', 'botpoison'])
      expect(html, mark).not.toContain(mark);
    doc.settings.integrations = { googleAnalytics: 'G-ONLY' };
    const withGa = compiled(doc);
    expect(withGa).toContain('googletagmanager.com/gtag/js?id=G-ONLY');
    for (const mark of ['plausible', 'fbq(', 'GTM-']) expect(withGa, mark).not.toContain(mark);
  });
});
