import crypto from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { makeDoc, node, page, withSection } from './fixtures.js';
import { NOW, dom } from './helpers.js';

const text = (v: string | Buffer | undefined) => String(v ?? '');
const headOf = (html: string | Buffer | undefined) => dom(text(html)).querySelector('head')!;

const twoLanguages = () => {
  const doc = makeDoc();
  doc.settings.languages = ['en', 'fi'];
  doc.pages.push(page('about', { slug: { _loc: true, en: 'about', fi: 'meista' } as unknown as string }));
  return doc;
};

describe('the alternates and canonical address of a compiled page', () => {
  it('are absolute, on the compile settings’ domain', async () => {
    const doc = twoLanguages();
    doc.settings.url = undefined;
    doc.settings.compile = { domain: 'www.acme.example' };
    const { files } = await compileSite(doc, { now: NOW });
    const head = headOf(files.get('fi/meista/index.html'));
    expect(head.querySelectorAll('link[rel=alternate]').map((l) => [l.getAttribute('hreflang'), l.getAttribute('href')])).toEqual([
      ['en', 'https://www.acme.example/about/'],
      ['fi', 'https://www.acme.example/fi/meista/'],
      ['x-default', 'https://www.acme.example/about/'],
    ]);
    expect(head.querySelector('link[rel=canonical]')!.getAttribute('href')).toBe('https://www.acme.example/fi/meista/');
  });

  it('are left out when the site has no address (a relative alternate is ignored by search engines)', async () => {
    const doc = twoLanguages();
    doc.settings.url = undefined;
    doc.globals.site.url = '';
    const { files } = await compileSite(doc, { now: NOW });
    const head = headOf(files.get('about/index.html'));
    expect(head.querySelectorAll('link[rel=alternate]')).toHaveLength(0);
    expect(head.querySelector('link[rel=canonical]')).toBeNull();
  });
});

describe('the favicon', () => {
  it('is the site’s own when it has one', async () => {
    const doc = makeDoc();
    doc.settings.favicon = 'icon.png';
    const { files } = await compileSite(doc, { now: NOW });
    expect(headOf(files.get('index.html')).querySelector('link[rel=icon]')!.getAttribute('href')).toBe('/assets/icon.png');
    expect(files.has('favicon.svg')).toBe(false);
  });

  it('is a letter mark in the theme’s primary colour otherwise', async () => {
    const doc = makeDoc();
    doc.globals.site.name = 'lumen studio';
    const { files } = await compileSite(doc, { now: NOW });
    const link = headOf(files.get('index.html')).querySelector('link[rel=icon]')!;
    expect([link.getAttribute('href'), link.getAttribute('type')]).toEqual(['/favicon.svg', 'image/svg+xml']);
    const svg = dom(text(files.get('favicon.svg')));
    expect(svg.querySelector('rect')!.getAttribute('fill')).toBe(doc.theme.colors.primary.shades.l9);
    expect(svg.querySelector('text')!.text).toBe('L');
  });
});

describe('the stylesheet of a compiled site', () => {
  it('is minified by the optimizer and inlined in each page when small', async () => {
    const doc = makeDoc();
    withSection(doc, 'home', [node('a', 'layout-v', {}, [], { c: 'bg-primary-l3 p-4 md:p-8' })]);
    const { files } = await compileSite(doc, { now: NOW });
    const css = text(files.get('styles.css'));
    expect(css).toContain('.bg-primary-l3{background-color:var(--color-primary-l3)}');
    expect(css).not.toMatch(/\n\s/);
    expect(css.split('\n').length).toBeLessThanOrEqual(2); // the licence comment, then one line
    const head = headOf(files.get('index.html'));
    expect(head.querySelector('style[data-pw-css]')!.text).toBe(css);
    expect(head.querySelector('link[rel=stylesheet]')).toBeNull();
  });

  it('is left as written when the compile settings optimize nothing or only HTML', async () => {
    const doc = makeDoc();
    doc.settings.compile = { optimize: 'html' };
    withSection(doc, 'home', [node('a', 'layout-v', {}, [], { c: 'bg-primary-l3' })]);
    const { files } = await compileSite(doc, { now: NOW });
    expect(text(files.get('styles.css'))).toContain('.bg-primary-l3 {\n');
  });

  it('is linked when it is over 14 KB compressed', async () => {
    const doc = makeDoc();
    // Colours no two alike: CSS that does not compress.
    const classes = Array.from({ length: 2500 }, (_, i) => `bg-[#${crypto.createHash('md5').update(String(i)).digest('hex').slice(0, 6)}]`);
    // One colour per component: on one component a later background replaces the earlier ones.
    const children = classes.map((c, i) => node(`a.c${i}`, 'layout-v', {}, [], { c }));
    withSection(doc, 'home', [
      node(
        'a',
        'layout-v',
        {},
        children.map((c) => c.id),
      ),
      ...children,
    ]);
    const { files } = await compileSite(doc, { now: NOW });
    expect(gzipSync(text(files.get('styles.css'))).length).toBeGreaterThan(14 * 1024);
    const head = headOf(files.get('index.html'));
    expect(head.querySelector('link[rel=stylesheet]')!.getAttribute('href')).toBe('/styles.css');
    expect(head.querySelector('style[data-pw-css]')).toBeNull();
  });

  it('is replaced in the pages an incremental compile reuses when the classes change', async () => {
    const doc = makeDoc();
    doc.pages.push(page('about'));
    withSection(doc, 'home', [node('a', 'layout-v', {}, [], { c: 'bg-primary-l3' })]);
    withSection(doc, 'about', [node('b', 'layout-v', {}, [], { c: 'p-4' })]);
    const first = await compileSite(doc, { now: NOW });
    doc.nodes.b!.style = { c: 'p-6' };
    const second = await compileSite(doc, { now: NOW, previous: first, changed: { pages: ['about'] } });
    expect(second.stats.reused).toBeGreaterThan(0);
    const home = headOf(second.files.get('index.html')).querySelector('style[data-pw-css]')!.text;
    expect(home).toContain('.p-6{');
    expect(home).not.toContain('.p-4{');
  });
});
