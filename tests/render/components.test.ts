import { describe, expect, it } from 'vitest';
import { componentJsonLd } from '../../server/src/render/index.js';
import { ALL_COMPONENT_TYPES } from '../../server/src/model/document.js';
import { makeDoc, node, posts, withSection } from './fixtures.js';
import { fragment, main, renderOne } from './helpers.js';

describe('containers', () => {
  it('use the tag option and lay out by their type', () => {
    const { root } = renderOne(node('c', 'layout-grid3', { '_options.tag': 'article', '_attr.id': 'intro' }, ['c.t'], { p: 'p-4' }), [
      node('c.t', 'text', { value: 'x' }),
    ]);
    const article = main(root).querySelector('article#intro')!;
    expect(article).toBeTruthy();
    expect(article.classList.contains('grid')).toBe(true);
    expect(article.classList.contains('md:grid-cols-3')).toBe(true);
    expect(article.classList.contains('p-4')).toBe(true);
  });

  it('keep the display and columns the style chooses', () => {
    const { root } = renderOne(node('c', 'layout-grid2', {}, [], { d: 'flex', cols: 'lg:grid-cols-4' }));
    const div = main(root).querySelector('section > div')!;
    expect(div.getAttribute('class')).toBe('flex lg:grid-cols-4');
  });

  it('fall back to div for an unknown tag and make details/summary work', () => {
    const { root } = renderOne(node('c', 'layout-v', { '_options.tag': 'script' }, ['c.d']), [
      node('c.d', 'layout-v', { '_options.tag': 'details', '_options.open': true }, ['c.d.s']),
      node('c.d.s', 'layout-h', { '_options.tag': 'summary' }, []),
    ]);
    expect(main(root).querySelector('section > div > details[open] > summary')).toBeTruthy();
  });

  it('write data attributes, dir and appearance, never event handlers', () => {
    const { root } = renderOne(
      node('c', 'layout-v', {
        '_attr._data': ['track=hero', 'flag'],
        '_attr.dir': 'rtl',
        '_attr.onclick': 'alert(1)',
        '_options.appearance': 'dark',
      }),
    );
    const div = main(root).querySelector('section > div')!;
    expect(div.getAttribute('data-track')).toBe('hero');
    expect(div.hasAttribute('data-flag')).toBe(true);
    expect(div.getAttribute('dir')).toBe('rtl');
    expect(div.hasAttribute('onclick')).toBe(false);
    expect(div.classList.contains('dark')).toBe(true);
  });
});

describe('text', () => {
  it('heading defaults to h2 and takes h1–h6', () => {
    expect(main(renderOne(node('h', 'heading', { value: 'Hi' })).root).querySelector('h2')!.text).toBe('Hi');
    expect(main(renderOne(node('h', 'heading', { value: 'Hi', '_options.tag': 'h4' })).root).querySelector('h4')).toBeTruthy();
  });

  it('heading allows only a, strong and b; a paragraph also i and code', () => {
    const h = main(renderOne(node('h', 'heading', { value: '**Bold** *it* `c` <img src=x onerror=alert(1)>' })).root).querySelector('h2')!;
    expect(h.querySelector('strong')!.text).toBe('Bold');
    expect(h.querySelector('i')).toBeNull();
    expect(h.querySelector('code')).toBeNull();
    expect(h.querySelector('img')).toBeNull();
    const p = main(
      renderOne(node('p', 'paragraph', { value: 'A *b* `<c>` [link](https://x.test) [bad](javascript:alert(1))' })).root,
    ).querySelector('p')!;
    expect(p.querySelector('i')!.text).toBe('b');
    expect(p.querySelector('code')!.text).toBe('<c>');
    expect(p.querySelectorAll('a')[0]!.getAttribute('href')).toBe('https://x.test');
    expect(p.innerHTML).not.toContain('javascript:');
  });

  it('escapes text', () => {
    const { html } = renderOne(node('t', 'text', { value: '<script>x</script> & "q"' }));
    // Disallowed tags are removed (spec 001 §5), everything else escaped.
    expect(html).not.toContain('<script>x');
    expect(html).toContain('<section class="flex flex-col"> &amp; "q"</section>');
    expect(renderOne(node('t', 'text', { value: 'a < b > c' })).html).toContain('a &lt; b &gt; c');
  });

  it('paragraph tags, fallback, max characters, magic links and formats', () => {
    const r = (data: Record<string, unknown>) =>
      main(renderOne(node('p', 'paragraph', data)).root).querySelector('section')!.firstChild as unknown as {
        tagName: string;
        text: string;
        innerHTML: string;
      };
    expect(r({ value: 'x', '_options.tag': 'address' }).tagName).toBe('ADDRESS');
    expect(r({ value: '', fallback: 'Fallback' }).text).toBe('Fallback');
    expect(r({ value: 'one two three four', maxCharacters: 9 }).text).toBe('one two…');
    expect(r({ value: 'See https://acme.test/x or mail a@b.fi', magicLinks: true }).innerHTML).toContain('<a href="https://acme.test/x">');
    expect(r({ value: 'See https://acme.test/x or mail a@b.fi', magicLinks: true }).innerHTML).toContain('href="mailto:a@b.fi"');
    expect(r({ value: '2026-03-14', formatDate: 'long' }).text).toBe('March 14, 2026');
    expect(r({ value: '+358 40 123 4567', formatPhone: 'e164' }).text).toBe('+358401234567');
    expect(r({ value: 'https://www.acme.test/about/', formatUrl: 'short' }).text).toBe('acme.test/about');
    expect(r({ value: 'https://www.acme.test/about/', formatUrl: 'domain' }).text).toBe('acme.test');
  });

  it('text without attributes is bare text when compiled, a span with a class', () => {
    const bare = renderOne(node('t', 'text', { value: 'plain' }));
    expect(main(bare.root).querySelector('section')!.innerHTML).toBe('plain');
    const styled = renderOne(node('t', 'text', { value: 'styled' }, [], { c: 'italic' }));
    expect(main(styled.root).querySelector('span.italic')!.text).toBe('styled');
  });

  it('sr is visually hidden text', () => {
    const { root, classes } = renderOne(node('s1', 'sr', { value: 'For screen readers' }));
    expect(main(root).querySelector('span.sr-only')!.text).toBe('For screen readers');
    expect(classes.has('sr-only')).toBe(true);
  });
});

describe('rich text', () => {
  const blocks = [
    { type: 'h3', value: 'Title *x*' },
    { type: 'p', value: 'Para <b>b</b> <script>bad()</script><iframe src="x"></iframe>' },
    { type: 'ul', value: ['a', 'b'] },
    { type: 'ol', value: 'one\ntwo' },
    { type: 'img', value: 'pic.png', alt: 'Pic', figcaption: 'Caption' },
    { type: 'codeBlock', value: 'let a = 1;', language: 'javascript', theme: 'monokai' },
    { type: 'youtube', value: 'abcdefghijk' },
    {
      type: 'table',
      header: true,
      td: [
        ['H1', 'H2'],
        ['c1', 'c2'],
      ],
    },
  ];

  it('renders every block type to its element', () => {
    const { root } = renderOne(node('r', 'richtext', { value: blocks }));
    const div = main(root).querySelector('section > div')!;
    expect(div.querySelector('h3')!.text).toBe('Title x');
    expect(div.querySelector('h3 i')).toBeNull();
    expect(div.querySelector('p b')!.text).toBe('b');
    expect(div.querySelector('script')).toBeNull();
    expect(div.querySelector('iframe')).toBeNull();
    expect(div.querySelectorAll('ul > li')).toHaveLength(2);
    expect(div.querySelectorAll('ol > li')).toHaveLength(2);
    expect(div.querySelector('figure > img')!.getAttribute('alt')).toBe('Pic');
    expect(div.querySelector('figure > figcaption')!.text).toBe('Caption');
    expect(div.querySelector('pre[data-code-theme="monokai"] code .hljs-keyword')!.text).toBe('let');
    expect(div.querySelector('button[data-youtube]')).toBeTruthy();
    expect(div.querySelectorAll('table thead th[scope="col"]')).toHaveLength(2);
    expect(root.querySelector('head style')!.text).toContain('[data-code-theme="monokai"]');
  });

  it('reads a JSON string and plain paragraphs', () => {
    const json = renderOne(node('r', 'richtext', { value: JSON.stringify([{ type: 'p', value: 'From JSON' }]) }));
    expect(main(json.root).querySelector('section > div > p')!.text).toBe('From JSON');
    const plain = renderOne(node('r', 'richtext', { value: 'First\n\nSecond' }));
    expect(main(plain.root).querySelectorAll('section > div > p')).toHaveLength(2);
  });
});

describe('table', () => {
  it('inline with a header row', () => {
    const { root } = renderOne(
      node('t', 'table', {
        value: {
          header: true,
          td: [
            ['Name', 'Age'],
            ['Ann', '30'],
          ],
        },
        caption: 'People',
      }),
    );
    const table = main(root).querySelector('table')!;
    expect(table.querySelector('caption')!.text).toBe('People');
    expect(table.querySelectorAll('thead th[scope="col"]').map((th) => th.text)).toEqual(['Name', 'Age']);
    expect(table.querySelectorAll('tbody td').map((td) => td.text)).toEqual(['Ann', '30']);
  });

  it('from a CMS collection, published items only', () => {
    const doc = makeDoc();
    const c = posts(3);
    c.items[1]!.published = false;
    doc.collections.push(c);
    const { root } = renderOne(node('t', 'table', { type: 'cms', collectionId: 'posts' }), [], {}, doc);
    const table = main(root).querySelector('table')!;
    expect(table.querySelectorAll('thead th').map((th) => th.text)).toEqual(['Title', 'Slug', 'Date', 'Category', 'Rank']);
    expect(table.querySelectorAll('tbody tr')).toHaveLength(2);
  });
});

describe('ul', () => {
  it('lists its own items, as ol when asked', () => {
    const { root } = renderOne(node('l', 'ul', { items: ['a', { item: 'b' }], '_options.tag': 'ol' }));
    expect(
      main(root)
        .querySelectorAll('ol > li')
        .map((li) => li.text),
    ).toEqual(['a', 'b']);
  });

  it('repeats its children over a collection', () => {
    const doc = makeDoc();
    doc.collections.push(posts(3));
    const { root } = renderOne(node('l', 'ul', { _repeat: 'posts' }, ['l.t']), [node('l.t', 'text', { value: '{item.title}' })], {}, doc);
    expect(
      main(root)
        .querySelectorAll('ul > li')
        .map((li) => li.text),
    ).toEqual(['Post 1', 'Post 2', 'Post 3']);
  });

  it('keeps list semantics when markers are removed', () => {
    const { root } = renderOne(node('l', 'ul', { items: ['a'] }, [], { l: 'list-none' }));
    expect(main(root).querySelector('ul')!.getAttribute('role')).toBe('list');
  });
});

describe('date and numbers', () => {
  it('date is a <time datetime> in the language', () => {
    const { root } = renderOne(node('d', 'date', { value: '2026-03-14', format: 'full' }));
    const time = main(root).querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2026-03-14');
    expect(time.text).toBe('Saturday, March 14, 2026');
    const fi = makeDoc();
    fi.settings.languages = ['fi'];
    expect(main(renderOne(node('d', 'date', { value: '2026-03-14', format: 'long' }), [], {}, fi).root).querySelector('time')!.text).toBe(
      '14. maaliskuuta 2026',
    );
    const pattern = renderOne(node('d', 'date', { value: '2026-03-04', pattern: 'DD.MM.YYYY', '_options.tag': 'span' }));
    expect(main(pattern.root).querySelector('span > time')!.text).toBe('04.03.2026');
  });

  it('number formats', () => {
    const n = (data: Record<string, unknown>) => main(renderOne(node('n', 'number', data)).root).querySelector('section span')!.text;
    expect(n({ value: 1234567.891, decimals: 2, thousandsSeparator: 'comma' })).toBe('1,234,567.89');
    expect(n({ value: 1.5, decimals: 3, removeZeros: true, decimalSeparator: 'comma' })).toBe('1,5');
    expect(n({ value: 7, zeroPadding: 3 })).toBe('007');
    expect(n({ value: 4, format: 'I' })).toBe('IV');
    expect(n({ value: 28, format: 'a' })).toBe('ab');
    expect(n({ value: 5, content: '{number} users' })).toBe('5 users');
  });

  it('counter: final value readable without script, animated copy hidden from screen readers, script included', () => {
    const { root, scripts } = renderOne(
      node('c', 'counter', { value: '12500', prefix: '+', suffix: '%', thousandsSeparator: 'comma', duration: 900 }),
    );
    const span = main(root).querySelector('section > span')!;
    expect(span.querySelector('.sr-only')!.text).toBe('+12,500%');
    const animated = span.querySelector('[data-counter]')!;
    expect(animated.getAttribute('data-counter')).toBe('12500');
    expect(animated.getAttribute('data-duration')).toBe('900');
    expect(animated.parentNode!.getAttribute('aria-hidden')).toBe('true');
    expect(scripts).toEqual(['counter']);
    expect(root.querySelectorAll('script').filter((s) => !s.getAttribute('type'))).toHaveLength(1);
  });

  it('timer: a role=timer counting down to its target', () => {
    const { root, scripts } = renderOne(node('t', 'timer', { '_attr.data-timer': '2026-06-02T13:01:05Z' }));
    const timer = main(root).querySelector('[role="timer"]')!;
    expect(timer.getAttribute('data-timer')).toBe('2026-06-02T13:01:05.000Z');
    expect(timer.querySelector('[data-t="day"]')!.text).toBe('1 day');
    expect(timer.querySelector('[data-t="hour"]')!.text).toBe('1 hour');
    expect(scripts).toEqual(['timer']);
  });

  it('did you mean: a hidden suggestion with the site paths, and its script', () => {
    const { root, scripts } = renderOne(node('d', 'didYouMean', { value: 'Maybe {link}?', fallback: 'Go home' }));
    const p = main(root).querySelector('p[data-did-you-mean]')!;
    expect(JSON.parse(p.getAttribute('data-did-you-mean')!)).toEqual(['/']);
    expect(p.querySelector('[data-dym]')!.hasAttribute('hidden')).toBe(true);
    expect(p.querySelector('[data-dym-fallback]')!.text).toBe('Go home');
    expect(scripts).toEqual(['didYouMean']);
  });
});

describe('media', () => {
  it('image: alt, intrinsic size, lazy loading, fetch priority; figure when captioned', () => {
    const { root } = renderOne(node('i', 'image', { value: 'cat.jpg', alt: 'A cat', width: 640, aspectRatio: '4by3' }));
    const img = main(root).querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/assets/cat.jpg');
    expect(img.getAttribute('alt')).toBe('A cat');
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['640', '480']);
    expect(img.getAttribute('loading')).toBe('lazy');
    const eager = main(
      renderOne(node('i', 'image', { value: 'cat.jpg', caption: 'Cat', '_options.loading': 'eager', '_attr.fetchpriority': 'high' })).root,
    );
    expect(eager.querySelector('figure > img')!.getAttribute('fetchpriority')).toBe('high');
    expect(eager.querySelector('figure > img')!.hasAttribute('loading')).toBe(false);
    expect(eager.querySelector('figure > figcaption')!.text).toBe('Cat');
    expect(eager.querySelector('figure')!.hasAttribute('fetchpriority')).toBe(false);
  });

  it('a decorative image keeps an empty alt', () => {
    expect(
      main(renderOne(node('i', 'image', { value: 'x.png' })).root)
        .querySelector('img')!
        .getAttribute('alt'),
    ).toBe('');
  });

  it('gallery: a list of figures', () => {
    const { root } = renderOne(node('g', 'gallery', { items: [{ image: 'a.jpg', alt: 'A', caption: 'Cap' }, 'b.jpg'] }));
    const ul = main(root).querySelector('ul[role="list"]')!;
    expect(ul.querySelectorAll('li > figure > img').map((i) => i.getAttribute('src'))).toEqual(['/assets/a.jpg', '/assets/b.jpg']);
    expect(ul.querySelector('figcaption')!.text).toBe('Cap');
  });

  it('video: controls, poster, muted autoplay, a fallback link', () => {
    const { root } = renderOne(node('v', 'video', { value: 'clip.ogg', poster: 'p.jpg', autoplay: true, loop: true, title: 'Clip' }));
    const video = main(root).querySelector('video')!;
    for (const a of ['controls', 'autoplay', 'muted', 'loop', 'playsinline']) expect(video.hasAttribute(a)).toBe(true);
    expect(video.getAttribute('poster')).toBe('/assets/p.jpg');
    expect(video.getAttribute('aria-label')).toBe('Clip');
    expect(video.querySelector('source')!.getAttribute('type')).toBe('video/ogg');
    expect(video.querySelector('a')!.getAttribute('href')).toBe('/assets/clip.ogg');
  });

  it('youtube: a play button with the thumbnail; nocookie by default; the iframe only on click', () => {
    const { root, scripts } = renderOne(node('y', 'youtube', { value: 'https://youtu.be/abcdefghijk', title: 'Demo', start: 30 }));
    const button = main(root).querySelector('button[data-youtube]')!;
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-label')).toBe('Play video: Demo');
    expect(button.getAttribute('data-youtube')).toBe('https://www.youtube-nocookie.com/embed/abcdefghijk?autoplay=1&start=30&rel=0');
    expect(button.querySelector('img')!.getAttribute('src')).toBe('https://i.ytimg.com/vi/abcdefghijk/hqdefault.jpg');
    expect(root.querySelector('iframe')).toBeNull();
    expect(scripts).toEqual(['youtube']);
    const lazy = renderOne(node('y', 'youtube', { value: 'abcdefghijk', title: 'Demo', loading: 'lazy', privacy: false }));
    const iframe = main(lazy.root).querySelector('iframe')!;
    expect(iframe.getAttribute('src')).toMatch(/^https:\/\/www\.youtube\.com\/embed\/abcdefghijk/);
    expect(iframe.getAttribute('title')).toBe('Demo');
    expect(iframe.getAttribute('loading')).toBe('lazy');
    expect(lazy.scripts).toEqual([]);
  });

  it('svg: inline markup cleaned of scripts and handlers, named or hidden', () => {
    const { root } = renderOne(
      node('s1', 'svg', {
        value:
          '<svg viewBox="0 0 4 4" onload="x()"><script>x()</script><foreignObject><p>x</p></foreignObject><rect width="4" height="4"/></svg>',
        alt: 'Square',
        fill: 'primary-l9',
      }),
    );
    const svg = main(root).querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Square');
    expect(svg.querySelector('title')!.text).toBe('Square');
    expect(svg.hasAttribute('onload')).toBe(false);
    expect(svg.querySelector('script')).toBeNull();
    expect(svg.querySelector('foreignObject')).toBeNull();
    expect(svg.classList.contains('fill-primary-l9')).toBe(true);
    const decorative = main(renderOne(node('s1', 'svg', { value: '<svg viewBox="0 0 1 1"></svg>' })).root).querySelector('svg')!;
    expect(decorative.getAttribute('aria-hidden')).toBe('true');
  });

  it('icon: packaged sets inline as SVG, decorative unless titled', () => {
    for (const name of ['zondicons:heart', 'bi:github', 'simple-icons:github', 'flag:fi-4x3', 'flag:fi-1x1']) {
      const svg = main(renderOne(node('i', 'icon', { value: name })).root).querySelector('svg')!;
      expect(svg, name).toBeTruthy();
      expect(svg.getAttribute('aria-hidden')).toBe('true');
      expect(svg.getAttribute('focusable')).toBe('false');
      expect(svg.innerHTML.length).toBeGreaterThan(20);
    }
    const titled = main(renderOne(node('i', 'icon', { value: 'bi:github', title: 'GitHub' })).root).querySelector('svg')!;
    expect(titled.getAttribute('role')).toBe('img');
    expect(titled.querySelector('title')!.text).toBe('GitHub');
    expect(main(renderOne(node('i', 'icon', { value: 'nope:nothing' })).root).querySelector('svg')).toBeNull();
  });

  it('icon ids inside flags stay unique on a page', () => {
    const doc = makeDoc();
    const { root } = renderOne(
      node('i', 'layout-h', {}, ['i.a', 'i.b']),
      [node('i.a', 'icon', { value: 'flag:us-4x3' }), node('i.b', 'icon', { value: 'flag:us-4x3' })],
      {},
      doc,
    );
    const ids = root.querySelectorAll('[id]').map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('icons: a rating named for screen readers', () => {
    const span = main(renderOne(node('i', 'icons', { value: 'zondicons:star-full', total: 5, count: 3 })).root).querySelector(
      'span[role="img"]',
    )!;
    expect(span.getAttribute('aria-label')).toBe('3 / 5');
    expect(span.querySelectorAll('svg')).toHaveLength(5);
    expect(span.querySelectorAll('svg.opacity-30')).toHaveLength(2);
  });

  it('polygon: a decorative svg with clean points', () => {
    const svg = main(
      renderOne(node('p', 'polygon', { points: '0,0 100,0 50,100"><script>', fill: '#ff0000', strokeWidth: 2 })).root,
    ).querySelector('svg')!;
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    const polygon = svg.querySelector('polygon')!;
    expect(polygon.getAttribute('points')).toBe('0,0 100,0 50,100');
    expect(polygon.getAttribute('fill')).toBe('#ff0000');
    expect(polygon.getAttribute('stroke-width')).toBe('2');
  });

  it('device mockup: the screen placed in the screen area behind or in front of the device', () => {
    const behind = main(
      renderOne(
        node('m', 'deviceMockup', { value: 'phone.png', screen: 's.png', alt: 'Phone', deviceScreen: '0.1,0.2,0.9,0.2,0.9,0.8,0.1,0.8' }),
      ).root,
    ).querySelector('section > div')!;
    const [screen, device] = behind.childNodes as unknown as {
      getAttribute(n: string): string;
      querySelector(s: string): { getAttribute(n: string): string };
    }[];
    expect(screen!.getAttribute('style')).toBe('left:10%;top:20%;width:80%;height:60%');
    expect(device!.getAttribute('alt')).toBe('Phone');
    const front = main(
      renderOne(node('m', 'deviceMockup', { value: 'phone.png', screen: 's.png', screenPosition: 'inFront' })).root,
    ).querySelector('section > div')!;
    expect((front.childNodes[0] as unknown as { tagName: string }).tagName).toBe('IMG');
  });
});

describe('actions', () => {
  const link = (data: Record<string, unknown>) =>
    main(renderOne(node('b', 'button', { value: 'Go', ...data })).root).querySelector('section > *')!;

  it('button is a link when it has a target, else a button', () => {
    expect(link({ _action: 'url', _target: 'https://x.test' }).tagName).toBe('A');
    expect(link({}).tagName).toBe('BUTTON');
    expect(link({}).getAttribute('type')).toBe('button');
  });

  it('each action gives its href', () => {
    const doc = makeDoc();
    expect(link({ _action: 'page', _target: 'home' }).getAttribute('href')).toBe('/');
    expect(link({ _action: 'page', _target: 'home', _fragment: 'top' }).getAttribute('href')).toBe('/#top');
    expect(link({ _action: 'email', _target: 'a@b.test' }).getAttribute('href')).toBe('mailto:a@b.test');
    expect(link({ _action: 'phone', _target: '+358 40 123' }).getAttribute('href')).toBe('tel:+35840123');
    expect(link({ _action: 'file', _target: 'doc.pdf' }).getAttribute('href')).toBe('/assets/doc.pdf');
    expect(link({ _action: 'download', _target: 'doc.pdf', _filename: 'Doc.pdf' }).getAttribute('download')).toBe('Doc.pdf');
    expect(link({ _action: 'scroll', _target: 'contact' }).getAttribute('href')).toBe('#contact');
    expect(link({ _action: 'url', _target: 'javascript:alert(1)' }).getAttribute('href')).toBe('#');
    void doc;
  });

  it('_blank opens a new tab without giving it the opener', () => {
    const a = link({ _action: 'url', _target: 'https://x.test', _blank: true });
    expect(a.getAttribute('target')).toBe('_blank');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('a link to the current page is aria-current', () => {
    expect(link({ _action: 'page', _target: 'home' }).getAttribute('aria-current')).toBe('page');
  });

  it('link wraps its children; button carries an icon', () => {
    const { root } = renderOne(node('l', 'link', { _action: 'url', _target: 'https://x.test' }, ['l.t']), [
      node('l.t', 'heading', { value: 'Card' }),
    ]);
    expect(main(root).querySelector('a > h2')!.text).toBe('Card');
    const b = link({ icon: 'zondicons:heart' });
    expect(b.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    expect(b.text).toBe('Go');
  });

  it('social: brand icons in links named for screen readers', () => {
    const doc = makeDoc();
    doc.settings.social = { github: 'https://github.com/acme', email: 'hi@acme.test', facebook: '' };
    const ul = main(renderOne(node('s1', 'social'), [], {}, doc).root).querySelector('ul')!;
    const links = ul.querySelectorAll('li > a');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://github.com/acme', 'mailto:hi@acme.test']);
    expect(links[0]!.getAttribute('aria-label')).toBe('Github');
    expect(links[0]!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });
});

describe('navigation', () => {
  function site() {
    const doc = makeDoc();
    doc.pages.push(
      { id: 'about', name: 'About', title: 'About', slug: 'about', description: '', hidden: false, unpublished: false, sections: [] },
      {
        id: 'about/team',
        name: 'Team',
        title: 'Team',
        slug: 'about/team',
        description: '',
        hidden: false,
        unpublished: false,
        sections: [],
      },
      { id: 'secret', name: 'Secret', title: 'Secret', slug: 'secret', description: '', hidden: true, unpublished: false, sections: [] },
      { id: 'draft', name: 'Draft', title: 'Draft', slug: 'draft', description: '', hidden: false, unpublished: true, sections: [] },
    );
    return doc;
  }

  it('nav: a labelled landmark listing published, visible pages; the current one aria-current', () => {
    const doc = site();
    withSection(doc, 'about/team', [node('n', 'nav', { label: 'Primary' })]);
    const nav = fragment(doc, 'n', { pageId: 'about/team' }).querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).toBe('Primary');
    const links = nav.querySelectorAll('li > a');
    expect(links.map((a) => a.text)).toEqual(['Home', 'About', 'Team']);
    expect(links[2]!.getAttribute('aria-current')).toBe('page');
    expect(links[1]!.hasAttribute('data-nav-active')).toBe(true);
  });

  it('nav: a page level, hideActive and a custom list', () => {
    const doc = site();
    withSection(doc, 'about', [
      node('n', 'nav', { _repeat: '_pages-0', hideActive: true }),
      node('m', 'nav', { pages: ['about/team', 'home'] }),
    ]);
    expect(
      fragment(doc, 'n', { pageId: 'about' })
        .querySelectorAll('a')
        .map((a) => a.text),
    ).toEqual(['Home']);
    expect(
      fragment(doc, 'm', { pageId: 'about' })
        .querySelectorAll('a')
        .map((a) => a.text),
    ).toEqual(['Team', 'Home']);
  });

  it('languages: the page in each language, with hreflang and lang', () => {
    const doc = site();
    doc.settings.languages = ['en', 'fi', 'sv'];
    doc.pages.find((p) => p.id === 'about')!.slug = { _loc: true, en: 'about', fi: 'tietoa', sv: 'om' };
    withSection(doc, 'about', [node('l', 'languages', { hideActiveLanguage: true })]);
    const nav = fragment(doc, 'l', { language: 'fi' }).querySelector('nav[aria-label="Language"]')!;
    const links = nav.querySelectorAll('a');
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('hreflang'), a.getAttribute('lang'), a.text])).toEqual([
      ['/about/', 'en', 'en', 'English'],
      ['/sv/om/', 'sv', 'sv', 'Svenska'],
    ]);
  });

  it('breadcrumb: an ordered list from home to the current page', () => {
    const doc = site();
    withSection(doc, 'about/team', [node('b', 'breadcrumb')]);
    const nav = fragment(doc, 'b').querySelector('nav[aria-label="Breadcrumb"]')!;
    const items = nav.querySelectorAll('ol > li');
    expect(items.map((li) => li.querySelector('a')!.text)).toEqual(['Home', 'About', 'Team']);
    expect(items[2]!.querySelector('a')!.getAttribute('aria-current')).toBe('page');
    expect(items[1]!.querySelector('svg')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('dots: a labelled group driven by its script', () => {
    const { root, scripts } = renderOne(node('d', 'dots', { target: 'slides' }));
    const div = main(root).querySelector('[data-dots]')!;
    expect(div.getAttribute('data-dots')).toBe('slides');
    expect(div.getAttribute('role')).toBe('group');
    expect(scripts).toEqual(['dots']);
  });
});

describe('forms', () => {
  function form() {
    const doc = makeDoc();
    withSection(doc, 'home', [
      node('f', 'form', { name: 'contact' }, ['f.l', 'f.name', 'f.email', 'f.msg', 'f.topic', 'f.ok', 'f.send']),
      node('f.l', 'label', { value: 'Name', for: 'f.name' }),
      node('f.name', 'input', { name: 'name', required: true, minlength: 2, maxlength: 5000 }),
      node('f.email', 'input', { type: 'email', name: 'email', placeholder: 'you@x.test' }),
      node('f.msg', 'textarea', { name: 'message', label: 'Message', rows: 40 }),
      node('f.topic', 'select', {
        name: 'topic',
        label: 'Topic',
        options: ['A', { value: 'b', label: 'B' }],
        selected: 'b',
        required: true,
      }),
      node('f.ok', 'checkbox', { name: 'ok', label: 'I agree', type: 'radio' }),
      node('f.send', 'button', { value: 'Send' }),
    ]);
    return fragment(doc, 'f', { siteId: 'acme.test' });
  }

  it('posts to the site form endpoint by default', () => {
    const f = form().querySelector('form')!;
    expect(f.getAttribute('action')).toBe('/api/sites/acme.test/forms/contact');
    expect(f.getAttribute('method')).toBe('post');
    expect(f.querySelector('input[type="hidden"][name="_language"]')!.getAttribute('value')).toBe('en');
  });

  it('every control has a name a screen reader reads', () => {
    const f = form();
    const name = f.querySelector('input[name="name"]')!;
    expect(f.querySelector(`label[for="${name.id}"]`)!.text).toBe('Name');
    expect(name.hasAttribute('aria-label')).toBe(false);
    expect(name.hasAttribute('required')).toBe(true);
    expect(name.getAttribute('minlength')).toBe('2');
    expect(name.getAttribute('maxlength')).toBe('1000');
    expect(f.querySelector('input[type="email"]')!.getAttribute('aria-label')).toBe('you@x.test');
    const msg = f.querySelector('textarea')!;
    expect(f.querySelector(`label[for="${msg.id}"]`)!.text).toBe('Message');
    expect(msg.getAttribute('rows')).toBe('12');
    const select = f.querySelector('select')!;
    expect(f.querySelector(`label[for="${select.id}"]`)!.text).toBe('Topic *');
    expect(f.querySelector(`label[for="${select.id}"] span`)!.getAttribute('aria-hidden')).toBe('true');
    expect(select.querySelector('option[selected]')!.getAttribute('value')).toBe('b');
    const radio = f.querySelector('input[type="radio"]')!;
    expect(radio.parentNode!.tagName).toBe('LABEL');
    expect(radio.parentNode!.text.trim()).toBe('I agree');
  });

  it('a button in a form submits it', () => {
    expect(form().querySelector('button')!.getAttribute('type')).toBe('submit');
  });
});

describe('other', () => {
  it('divider is an hr', () => {
    expect(main(renderOne(node('d', 'divider')).root).querySelector('hr')).toBeTruthy();
  });

  it('iframe: titled, lazy, strict referrer, the chosen sandbox permissions only', () => {
    const f = main(
      renderOne(node('i', 'iframe', { src: 'https://x.test', sandbox: ['allow-forms', 'allow-everything'], allowfullscreen: true })).root,
    ).querySelector('iframe')!;
    expect(f.getAttribute('title')).toBe('Embedded content');
    expect(f.getAttribute('loading')).toBe('lazy');
    expect(f.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(f.getAttribute('sandbox')).toBe('allow-forms');
    expect(f.hasAttribute('allowfullscreen')).toBe(true);
    const strict = main(renderOne(node('i', 'iframe', { src: 'https://x.test', sandbox: [] })).root).querySelector('iframe')!;
    expect(strict.getAttribute('sandbox')).toBe('');
    const none = main(renderOne(node('i', 'iframe', { src: 'https://x.test', title: 'T' })).root).querySelector('iframe')!;
    expect(none.hasAttribute('sandbox')).toBe(false);
  });

  it('google maps: a titled map frame', () => {
    const f = main(renderOne(node('m', 'googleMaps', { value: 'Helsinki' })).root).querySelector('iframe')!;
    expect(f.getAttribute('src')).toBe('https://maps.google.com/maps?q=Helsinki&z=14&output=embed');
    expect(f.getAttribute('title')).toBe('Map: Helsinki');
  });

  it('code block: highlighted on the server with the named theme', () => {
    const { root } = renderOne(node('c', 'codeBlock', { value: 'if (a &lt; b) {}', language: 'javascript', theme: 'base16/dracula' }));
    const pre = main(root).querySelector('pre')!;
    expect(pre.getAttribute('data-code-theme')).toBe('base16/dracula');
    expect(pre.querySelector('code.language-javascript .hljs-keyword')!.text).toBe('if');
    expect(pre.querySelector('code')!.text).toBe('if (a < b) {}');
    expect(root.querySelector('head style')!.text).toContain('[data-code-theme="base16/dracula"] .hljs');
    const unknown = main(renderOne(node('c', 'codeBlock', { value: 'x', theme: '../../etc/passwd' })).root).querySelector('pre')!;
    expect(unknown.getAttribute('data-code-theme')).toBe('default');
  });

  it('script: attributes kept, inline code cannot escape, inert in preview', () => {
    const compiled = main(
      renderOne(node('s1', 'script', { src: 'https://cdn.test/a.js', async: true, integrity: 'sha384-x', crossorigin: 'anonymous' })).root,
    ).querySelector('script')!;
    expect(compiled.getAttribute('src')).toBe('https://cdn.test/a.js');
    expect(compiled.hasAttribute('async')).toBe(true);
    expect(compiled.getAttribute('integrity')).toBe('sha384-x');
    const { html } = renderOne(node('s1', 'script', { value: 'a("</script><b>")' }));
    expect(html).toContain('a("<\\/script><b>")');
    const preview = main(renderOne(node('s1', 'script', { value: 'x()' }), [], { mode: 'preview' }).root).querySelector('script')!;
    expect(preview.getAttribute('type')).toBe('text/plain');
  });

  it('schema.org components write JSON-LD', () => {
    const { root } = renderOne(
      node('s1', 'schemaOrg', {
        value: { '@type': 'Organization', name: '{site.name}', logo: 'logo.png', description: { _loc: true, en: 'EN' } },
      }),
    );
    const ld = JSON.parse(main(root).querySelector('script[type="application/ld+json"]')!.text);
    expect(ld).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme',
      logo: 'https://acme.test/assets/logo.png',
      description: 'EN',
    });
    const thing = JSON.parse(main(renderOne(node('s1', 'schemaOrg-thing', { value: '{"name":"X"}' })).root).querySelector('script')!.text);
    expect(thing['@type']).toBe('Thing');
    const doc = makeDoc();
    doc.collections.push(posts(2));
    withSection(doc, 'home', [node('b', 'layout-v', { _dataSource: 'posts.2' }, ['b.ld']), node('b.ld', 'schemaOrg-blog')]);
    expect(componentJsonLd(doc, 'b.ld')).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Post 2',
      datePublished: '2026-01-02',
    });
  });
});

describe('aliases and hidden', () => {
  it('an alias renders its original, marked with its own id in preview', () => {
    const doc = makeDoc();
    withSection(doc, 'home', [node('a', 'layout-v', {}, ['a.h']), node('a.h', 'heading', { value: 'Original' })]);
    withSection(doc, 'home', [{ id: 'b', type: 'layout-v', data: {}, style: {}, children: [], alias: 'a' }]);
    const html = fragment(doc, 'b', { mode: 'preview' });
    expect(html.querySelector('[data-pw-id="b"] h2')!.text).toBe('Original');
  });

  it('a hidden node is left out when compiling and marked in preview', () => {
    const doc = makeDoc();
    withSection(doc, 'home', [node('a', 'layout-v', {}, ['a.h']), node('a.h', 'heading', { value: 'Secret', '_options.hidden': true })]);
    expect(fragment(doc, 'a').querySelector('h2')).toBeNull();
    const preview = fragment(doc, 'a', { mode: 'preview' }).querySelector('h2')!;
    expect(preview.hasAttribute('hidden')).toBe(true);
    expect(preview.hasAttribute('data-pw-hidden')).toBe(true);
  });
});

it('every component type has a renderer', () => {
  const doc = makeDoc();
  for (const type of ALL_COMPONENT_TYPES) {
    withSection(doc, 'home', [node(`x-${type}`, type, { value: 'x' })]);
    expect(() => fragment(doc, `x-${type}`, { mode: 'preview' }), type).not.toThrow();
    const marked = fragment(doc, `x-${type}`, { mode: 'preview' }).querySelector(`[data-pw-id="x-${type}"]`);
    if (!['text'].includes(type)) expect(marked, type).toBeTruthy();
  }
});
