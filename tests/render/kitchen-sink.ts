import type { SiteDoc } from '../../server/src/model/document.js';
import { makeDoc, node, page, posts, withSection } from './fixtures.js';

/**
 * A two-language site with every component type, a header and footer, a blog collection with
 * collection pages, a 404 page and redirects: what the validity tests compile.
 */
export function kitchenSink(): SiteDoc {
  const doc = makeDoc();
  doc.settings.languages = ['en', 'fi'];
  doc.settings.redirects = [{ from: '/old-about', to: '/about/', status: 301 }];
  doc.settings.social = { github: 'https://github.com/acme', x: 'https://x.com/acme', email: 'hello@acme.test' };
  doc.collections.push(posts(3));
  doc.pages = [
    page('home', {
      name: 'Home',
      title: { _loc: true, en: 'Acme', fi: 'Acme FI' },
      slug: { _loc: true, en: '', fi: 'fi' },
      description: { _loc: true, en: 'Home of Acme', fi: 'Acmen koti' },
    }),
    page('about', { name: 'About', title: { _loc: true, en: 'About us', fi: 'Meistä' }, slug: { _loc: true, en: 'about', fi: 'meista' } }),
    page('blog', { name: 'Blog', title: 'Blog' }),
    page('blog/:slug', { name: 'Post', title: '{item.title}', slug: 'blog/:slug', content: 'posts', description: 'A post: {item.title}' }),
    page('_before', { name: 'Header' }),
    page('_after', { name: 'Footer' }),
    page('404', { name: 'Not found', title: 'Not found', slug: '404' }),
  ];
  withSection(doc, '_before', [
    node('header', 'layout-h', { '_options.tag': 'header' }, ['header.logo', 'header.nav', 'header.menu', 'header.langs'], {
      layout: 'items-center justify-between px-section-x py-4',
    }),
    node('header.logo', 'link', { _action: 'page', _target: 'home', value: '{site.name}' }, [], { text: 'font-bold' }),
    node('header.nav', 'nav', { label: 'Main' }, [], { layout: 'flex gap-4', link: '[&_a]:nav-exact:underline' }),
    node('header.menu', 'button', { value: 'Menu', '_attr.data-toggle-target': 'mobile-menu', '_attr.aria-label': 'Open menu' }, [], {
      d: 'md:hidden',
    }),
    node('header.langs', 'languages', {}, [], { layout: 'flex gap-2' }),
  ]);
  withSection(doc, '_after', [
    node('footer', 'layout-v', { '_options.tag': 'footer' }, ['footer.social', 'footer.copy', 'footer.nav'], {
      spacing: 'px-section-x py-8',
    }),
    node('footer.social', 'social', {}, [], { layout: 'gap-3 text-2xl' }),
    node('footer.copy', 'paragraph', { value: '© {copyright.year} {legal.company_name}', '_options.tag': 'small' }),
    node('footer.nav', 'nav', { '_options.name': 'Footer' }),
  ]);
  withSection(doc, 'home', [
    node(
      'hero',
      'layout-v',
      { '_options.tag': 'section', '_attr.id': 'top' },
      ['hero.title', 'hero.lead', 'hero.image', 'hero.cta', 'hero.rt', 'hero.text'],
      { spacing: 'px-section-x py-section-y gap-gap-md', bg: 'bg-primary-l2 dark:bg-primary-d2' },
    ),
    node('hero.title', 'heading', { value: { _loc: true, en: 'Welcome to **{site.name}**', fi: 'Tervetuloa' }, '_options.tag': 'h1' }, [], {
      text: 'text-5xl font-bold',
    }),
    node('hero.lead', 'paragraph', { value: 'We build [things](https://acme.test/things) that *last*. {tagline}' }),
    node(
      'hero.image',
      'image',
      { value: 'hero.jpg', alt: 'A workshop', caption: 'Our workshop', '_options.loading': 'eager', '_attr.fetchpriority': 'high' },
      [],
      { size: 'w-full rounded-box-md' },
    ),
    node('hero.cta', 'button', { value: 'Contact us', _action: 'email', _target: 'hello@acme.test', icon: 'zondicons:envelope' }, [], {
      c: 'bg-primary-l9 text-white px-6 py-3 rounded-button-md hover:bg-primary-l10',
    }),
    node('hero.rt', 'richtext', {
      value: [
        { type: 'h2', value: 'Rich **text**' },
        { type: 'p', value: 'A paragraph with `code`, *italic* and a <script>alert(1)</script> tag.' },
        { type: 'ul', value: ['One', 'Two **bold**'] },
        { type: 'ol', value: 'First\nSecond' },
        { type: 'img', value: 'inline.png', alt: 'Inline', figcaption: 'A caption', width: 'full', align: 'center' },
        { type: 'codeBlock', value: 'const a = 1 &lt; 2;', language: 'javascript', theme: 'github-dark' },
        { type: 'youtube', value: 'dQw4w9WgXcQ', width: 560, height: 315 },
        {
          type: 'table',
          header: true,
          td: [
            ['Name', 'Value'],
            ['a', '1'],
          ],
        },
      ],
    }),
    node('hero.text', 'text', { value: 'inline text' }, [], { t: 'italic' }),
  ]);
  withSection(doc, 'home', [
    node('data', 'layout-grid3', { '_options.tag': 'section', '_attr.aria-label': 'Data' }, [
      'data.table',
      'data.list',
      'data.date',
      'data.number',
      'data.counter',
      'data.timer',
      'data.cms',
    ]),
    node('data.table', 'table', { type: 'cms', collectionId: 'posts' }),
    node('data.list', 'ul', { items: ['Alpha', 'Beta', { item: 'Gamma' }] }, [], { list: 'list-disc pl-6' }),
    node('data.date', 'date', { value: '2026-03-14', format: 'long' }),
    node('data.number', 'number', { value: '1234567.891', decimals: 2, thousandsSeparator: 'space', decimalSeparator: 'comma' }),
    node('data.counter', 'counter', { value: '12500', prefix: '+', suffix: ' users', duration: 1500 }),
    node('data.timer', 'timer', { '_attr.data-timer': '2027-01-01T00:00:00Z' }),
    node(
      'data.cms',
      'layout-v',
      { '_options.tag': 'ul', _repeat: 'posts', '_options.sortBy': 'rank', '_options.sort': 'desc', '_options.length': 2 },
      ['data.cms.li'],
    ),
    node('data.cms.li', 'layout-v', { '_options.tag': 'li' }, ['data.cms.li.title', 'data.cms.li.link']),
    node('data.cms.li.title', 'heading', { value: '{item.title}', '_options.tag': 'h3' }),
    node('data.cms.li.link', 'link', { value: 'Read {item.title}', _action: 'page', _target: 'blog/:slug' }),
  ]);
  withSection(doc, 'home', [
    node('media', 'layout-grid2', { '_options.tag': 'section', '_attr.aria-label': 'Media' }, [
      'media.gallery',
      'media.video',
      'media.yt',
      'media.svg',
      'media.icon',
      'media.icons',
      'media.polygon',
      'media.mockup',
      'media.slides',
      'media.dots',
    ]),
    node(
      'media.gallery',
      'gallery',
      {
        items: [
          { image: 'a.jpg', alt: 'A' },
          { image: 'b.jpg', alt: 'B', caption: 'Bee' },
        ],
      },
      [],
      { layout: 'grid grid-cols-2 gap-2' },
    ),
    node('media.video', 'video', { value: 'clip.mp4', poster: 'poster.jpg', title: 'Product clip' }),
    node('media.yt', 'youtube', { value: 'dQw4w9WgXcQ', title: 'Launch video' }),
    node('media.svg', 'svg', {
      value: '<svg viewBox="0 0 10 10" onload="alert(1)"><script>alert(1)</script><circle cx="5" cy="5" r="4"/></svg>',
      alt: 'A circle',
      fill: 'primary-l9',
    }),
    node('media.icon', 'icon', { value: 'bi:github', title: 'GitHub' }, [], { size: 'text-2xl' }),
    node('media.icons', 'icons', { value: 'zondicons:star-full', total: 5, count: 4, alt: '4 out of 5 stars' }),
    node('media.polygon', 'polygon', { points: '0,0 100,0 50,100', fill: 'secondary-l9' }, [], { size: 'w-16 h-16' }),
    node('media.mockup', 'deviceMockup', {
      value: 'laptop.png',
      alt: 'Laptop',
      screen: 'screen.png',
      deviceScreen: '0.1,0.1,0.9,0.1,0.9,0.8,0.1,0.8',
    }),
    node('media.slides', 'layout-h', { '_attr.data-dots-target': 'yes', '_attr.id': 'slides' }, ['media.slides.a', 'media.slides.b'], {
      scroll: 'overflow-x-auto snap-x',
    }),
    node('media.slides.a', 'paragraph', { value: 'Slide A' }),
    node('media.slides.b', 'paragraph', { value: 'Slide B' }),
    node('media.dots', 'dots', { target: 'slides' }),
  ]);
  withSection(doc, 'home', [
    node('contact', 'layout-v', { '_options.tag': 'section', '_attr.aria-label': 'Contact' }, [
      'contact.form',
      'contact.map',
      'contact.frame',
    ]),
    node('contact.form', 'form', { name: 'contact' }, [
      'contact.form.name-label',
      'contact.form.name',
      'contact.form.email',
      'contact.form.topic',
      'contact.form.message',
      'contact.form.terms',
      'contact.form.send',
    ]),
    node('contact.form.name-label', 'label', { value: 'Your name', for: 'contact.form.name' }),
    node('contact.form.name', 'input', { name: 'name', required: true }),
    node('contact.form.email', 'input', { type: 'email', name: 'email', label: 'E-mail', placeholder: 'you@example.com', required: true }),
    node('contact.form.topic', 'select', {
      name: 'topic',
      label: 'Topic',
      options: [{ value: 'sales', label: 'Sales' }, 'Support'],
      selected: 'sales',
    }),
    node('contact.form.message', 'textarea', { name: 'message', label: 'Message', rows: 5 }),
    node('contact.form.terms', 'checkbox', { name: 'terms', label: 'I accept the terms', required: true }),
    node('contact.form.send', 'button', { value: 'Send' }),
    node('contact.map', 'googleMaps', { value: 'Mannerheimintie 1, Helsinki' }),
    node('contact.frame', 'iframe', { src: 'https://example.com/widget', title: 'Widget', sandbox: ['allow-scripts', 'allow-bogus'] }),
  ]);
  withSection(doc, 'home', [
    node('misc', 'layout-v', { '_options.tag': 'section', '_attr.aria-label': 'Misc' }, [
      'misc.divider',
      'misc.sr',
      'misc.code',
      'misc.script',
      'misc.schema',
      'misc.thing',
      'misc.faq',
      'misc.alias',
      'misc.hidden',
    ]),
    node('misc.divider', 'divider'),
    node('misc.sr', 'sr', { value: 'Only for screen readers' }),
    node('misc.code', 'codeBlock', { value: 'SELECT 1;', language: 'sql', theme: 'a11y-dark' }),
    node('misc.script', 'script', { value: 'console.log("</script>")' }),
    node('misc.schema', 'schemaOrg', { value: { '@type': 'Organization', name: '{site.name}', logo: 'logo.png' } }),
    node('misc.thing', 'schemaOrg-thing', { value: { name: 'A thing' } }),
    node('misc.faq', 'layout-v', { '_options.tag': 'details' }, ['misc.faq.q', 'misc.faq.a']),
    node('misc.faq.q', 'paragraph', { value: 'Question?', '_options.tag': 'summary' }),
    node('misc.faq.a', 'paragraph', { value: 'Answer.' }),
    { id: 'misc.alias', type: 'heading', data: {}, style: {}, children: [], alias: 'hero.title' },
    node('misc.hidden', 'paragraph', { value: 'Hidden', '_options.hidden': true }),
  ]);
  withSection(doc, 'about', [
    node('crumbs', 'breadcrumb', {}, [], { layout: 'px-section-x' }),
    node('about', 'layout-v', { '_options.tag': 'section' }, ['about.title', 'about.source'], { spacing: 'px-section-x py-section-y' }),
    node('about.title', 'heading', { value: '{page.title}', '_options.tag': 'h1' }),
    node('about.source', 'layout-v', { _dataSource: 'posts.2' }, ['about.source.title']),
    node('about.source.title', 'paragraph', { value: { _bind: 'title' } }),
  ]);
  withSection(doc, 'blog', [
    node('list', 'layout-v', { '_options.tag': 'section' }, ['list.title', 'list.items']),
    node('list.title', 'heading', { value: 'Blog', '_options.tag': 'h1' }),
    node('list.items', 'ul', { _repeat: 'posts' }, ['list.items.link']),
    node('list.items.link', 'link', { value: '{item.title}', _action: 'page', _target: 'blog/:slug' }),
  ]);
  withSection(doc, 'blog/:slug', [
    node('post', 'layout-v', { '_options.tag': 'article' }, ['post.crumbs', 'post.title', 'post.date', 'post.ld']),
    node('post.crumbs', 'breadcrumb'),
    node('post.title', 'heading', { value: { _bind: 'title' }, '_options.tag': 'h1' }),
    node('post.date', 'date', { value: { _bind: 'date' }, format: 'medium' }),
    node('post.ld', 'schemaOrg-blog'),
  ]);
  withSection(doc, '404', [
    node('nf', 'layout-v', { '_options.tag': 'section' }, ['nf.title', 'nf.dym']),
    node('nf.title', 'heading', { value: 'Page not found', '_options.tag': 'h1' }),
    node('nf.dym', 'didYouMean', { value: 'Did you mean {link}?', fallback: 'Try the home page.' }),
  ]);
  doc.nodes['header.mobile'] = node('header.mobile', 'layout-v', { '_attr.id': 'mobile-menu' }, [], { d: 'hidden open:flex' });
  doc.nodes.header!.children.push('header.mobile');
  return doc;
}
