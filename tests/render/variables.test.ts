import { describe, expect, it } from 'vitest';
import { renderPage } from '../../server/src/render/index.js';
import { makeDoc, node, page, withSection } from './fixtures.js';
import { NOW, dom, main } from './helpers.js';

function site() {
  const doc = makeDoc();
  doc.settings.languages = ['en', 'fi'];
  doc.pages.push(
    page('about', {
      name: 'About',
      title: { _loc: true, en: 'About us', fi: 'Meistä' },
      slug: { _loc: true, en: 'about', fi: 'meista' },
      description: { _loc: true, en: 'Who we are', fi: 'Keitä olemme' },
    }),
  );
  doc.globals.legal.company_business_id = '1234567-8';
  doc.globals.meta.description = 'Meta description';
  withSection(doc, 'about', [
    node('s', 'layout-v', {}, ['s.a', 's.b', 's.c', 's.d', 's.e']),
    node('s.a', 'paragraph', {
      value: '{site.name} · {page.title} · {meta.description} · {legal.company_name} {legal.company_business_id} · © {copyright.year}',
    }),
    node('s.b', 'paragraph', { value: '{tagline} / {unknown} / {page.nothing} / {not a var}' }),
    node('s.c', 'heading', { value: { _loc: true, en: 'Hello', fi: 'Hei' } }),
    node('s.d', 'heading', { value: { _loc: true, en: 'Only English' } }),
    node('s.e', 'paragraph', { value: '{site.email} {site.phone} {page.description}' }),
  ]);
  return doc;
}

const paragraphs = (html: string) =>
  main(dom(html))
    .querySelectorAll('p, h2')
    .map((p) => p.text);

describe('template variables', () => {
  it('fill site, page, meta, legal, copyright and custom values; leave unknown names as written', () => {
    const { html } = renderPage(site(), 'about', { mode: 'compile', now: NOW });
    const [a, b, , , e] = paragraphs(html);
    expect(a).toBe('Acme · About us · Meta description · Acme Oy 1234567-8 · © 2026');
    expect(b).toBe('Built to last / {unknown} / {page.nothing} / {not a var}');
    expect(e).toBe('hello@acme.test +358401234567 Who we are');
  });

  it('variables in titles and descriptions of pages', () => {
    const doc = site();
    doc.pages.find((p) => p.id === 'about')!.title = '{site.name} team';
    const root = dom(renderPage(doc, 'about', { mode: 'compile', now: NOW }).html);
    expect(root.querySelector('title')!.text).toBe('Acme team | Acme');
  });
});

describe('localization', () => {
  it('renders localized values in the page language, falling back to the default language', () => {
    const { html } = renderPage(site(), 'about', { mode: 'compile', language: 'fi', now: NOW });
    const [a, b, c, d] = paragraphs(html);
    expect(a).toContain('Meistä');
    expect(b).toContain('Kestää');
    expect(c).toBe('Hei');
    expect(d).toBe('Only English');
  });

  it('writes the language, localized head and hreflang alternates', () => {
    const root = dom(renderPage(site(), 'about', { mode: 'compile', language: 'fi', now: NOW }).html);
    expect(root.querySelector('html')!.getAttribute('lang')).toBe('fi');
    expect(root.querySelector('title')!.text).toBe('Meistä | Acme');
    expect(root.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Keitä olemme');
    expect(root.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://acme.test/fi/meista/');
    const alternates = root.querySelectorAll('link[rel="alternate"]').map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')]);
    expect(alternates).toEqual([
      ['en', 'https://acme.test/about/'],
      ['fi', 'https://acme.test/fi/meista/'],
      ['x-default', 'https://acme.test/about/'],
    ]);
  });

  it('an unknown language renders the default one', () => {
    const root = dom(renderPage(site(), 'about', { mode: 'compile', language: 'de', now: NOW }).html);
    expect(root.querySelector('html')!.getAttribute('lang')).toBe('en');
  });
});
