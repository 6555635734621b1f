import { describe, expect, it } from 'vitest';
import { renderNode, renderPage } from '../../server/src/render/index.js';
import type { Node } from '../../server/src/model/document.js';
import { makeDoc, node, page, posts, withSection } from './fixtures.js';
import { NOW, dom, fragment, main } from './helpers.js';

/** Titles a repeat renders with the given options. */
function repeat(options: Record<string, unknown>, count = 6, edit?: (doc: ReturnType<typeof makeDoc>) => void): string[] {
  const doc = makeDoc();
  doc.collections.push(posts(count));
  edit?.(doc);
  withSection(doc, 'home', [
    node('r', 'layout-v', { '_options.tag': 'ul', _repeat: 'posts', ...options }, ['r.li']),
    node('r.li', 'layout-v', { '_options.tag': 'li' }, ['r.li.t']),
    node('r.li.t', 'text', { value: '{item.title}' }),
  ]);
  return fragment(doc, 'r')
    .querySelectorAll('li')
    .map((li) => li.text);
}

describe('repeat', () => {
  it('renders the children once per published item', () => {
    expect(repeat({}, 3)).toEqual(['Post 1', 'Post 2', 'Post 3']);
    expect(repeat({}, 3, (d) => (d.collections[0]!.items[1]!.published = false))).toEqual(['Post 1', 'Post 3']);
  });

  it('offset and length (0 = all)', () => {
    expect(repeat({ '_options.offset': 2, '_options.length': 2 })).toEqual(['Post 3', 'Post 4']);
    expect(repeat({ '_options.offset': 4, '_options.length': 0 })).toEqual(['Post 5', 'Post 6']);
  });

  it('duplicate repeats the whole list', () => {
    expect(repeat({ '_options.duplicate': 2 }, 2)).toEqual(['Post 1', 'Post 2', 'Post 1', 'Post 2']);
  });

  it('sorts by a field, numbers numerically, either way', () => {
    // ranks: 0 7 4 1 8 5
    expect(repeat({ '_options.sortBy': 'rank' })).toEqual(['Post 1', 'Post 4', 'Post 3', 'Post 6', 'Post 2', 'Post 5']);
    expect(repeat({ '_options.sortBy': 'rank', '_options.sort': 'desc' })).toEqual([
      'Post 5',
      'Post 2',
      'Post 6',
      'Post 3',
      'Post 4',
      'Post 1',
    ]);
    expect(repeat({ '_options.sortBy': 'title', '_options.sort': 'desc', '_options.length': 2 }, 12)).toEqual(['Post 12', 'Post 11']);
  });

  it('shuffles deterministically for a seed', () => {
    const a = repeat({ '_options.shuffle': true }, 12);
    expect([...a].sort()).toEqual(repeat({}, 12).sort());
    expect(a).not.toEqual(repeat({}, 12));
    expect(repeat({ '_options.shuffle': true }, 12)).toEqual(a);
  });

  it('filters: or, not, notEmpty, empty, regex, and values with variables', () => {
    expect(repeat({ '_options.filterField': 'category', '_options.filter': ['guides'] })).toEqual(['Post 2', 'Post 4', 'Post 6']);
    expect(repeat({ '_options.filterField': 'category', '_options.filterType': 'or', '_options.filter': ['guides', 'news'] })).toHaveLength(
      6,
    );
    expect(repeat({ '_options.filterField': 'category', '_options.filterType': 'not', '_options.filter': ['guides'] })).toEqual([
      'Post 1',
      'Post 3',
      'Post 5',
    ]);
    const blank = (d: ReturnType<typeof makeDoc>) => {
      d.collections[0]!.items[0]!.category = '';
    };
    expect(repeat({ '_options.filterField': 'category', '_options.filterType': 'empty' }, 3, blank)).toEqual(['Post 1']);
    expect(repeat({ '_options.filterField': 'category', '_options.filterType': 'notEmpty' }, 3, blank)).toEqual(['Post 2', 'Post 3']);
    expect(repeat({ '_options.filterField': 'title', '_options.filterPattern': 'regex', '_options.filter': ['^Post [12]$'] })).toEqual([
      'Post 1',
      'Post 2',
    ]);
    expect(repeat({ '_options.filterField': 'category', '_options.filter': ['{item.category}'], _dataSource: undefined })).toEqual([]);
  });

  it('applies the options in order: filter, sort, offset, length', () => {
    expect(
      repeat({
        '_options.filterField': 'category',
        '_options.filter': ['news'],
        '_options.sortBy': 'rank',
        '_options.sort': 'desc',
        '_options.offset': 1,
        '_options.length': 1,
      }),
    ).toEqual(['Post 3']);
  });

  it('matches list fields by any entry', () => {
    const tagged = (d: ReturnType<typeof makeDoc>) => {
      d.collections[0]!.items.forEach((item, i) => (item.tags = i === 1 ? ['x', 'y'] : ['z']));
    };
    expect(repeat({ '_options.filterField': 'tags', '_options.filter': ['y'] }, 3, tagged)).toEqual(['Post 2']);
  });
});

describe('item data source', () => {
  it('binds settings to the item and its fields in text', () => {
    const doc = makeDoc();
    const c = posts(3);
    c.fields.push({ id: 'cover', name: 'Cover', type: 'image' });
    c.items[1]!.cover = 'cover-2.jpg';
    c.items[1]!.title = { _loc: true, en: 'Second', fi: 'Toinen' };
    doc.collections.push(c);
    doc.settings.languages = ['en', 'fi'];
    withSection(doc, 'home', [
      node('card', 'layout-v', { _dataSource: 'posts.2' }, ['card.t', 'card.i', 'card.p', 'card.f']),
      node('card.t', 'heading', { value: { _bind: 'title' } }),
      node('card.i', 'image', { value: { _bind: 'cover' }, alt: '{item.title}' }),
      node('card.p', 'paragraph', { value: 'Category: {item.category}' }),
      node('card.f', 'paragraph', { value: { _bind: 'missing', fallback: 'No value' } }),
    ]);
    const en = fragment(doc, 'card');
    expect(en.querySelector('h2')!.text).toBe('Second');
    expect(en.querySelector('img')!.getAttribute('src')).toBe('/assets/cover-2.jpg');
    expect(en.querySelector('img')!.getAttribute('alt')).toBe('Second');
    expect(en.querySelectorAll('p').map((p) => p.text)).toEqual(['Category: guides', 'No value']);
    expect(fragment(doc, 'card', { language: 'fi' }).querySelector('h2')!.text).toBe('Toinen');
  });

  it('an unpublished or missing item binds nothing', () => {
    const doc = makeDoc();
    const c = posts(2);
    c.items[0]!.published = false;
    doc.collections.push(c);
    withSection(doc, 'home', [
      node('card', 'layout-v', { _dataSource: 'posts.1' }, ['card.t']),
      node('card.t', 'paragraph', { value: { _bind: 'title' }, fallback: 'None' }),
    ]);
    expect(fragment(doc, 'card').querySelector('p')!.text).toBe('None');
  });

  it('renderNode of a node inside a repeat renders the repeat', () => {
    const doc = makeDoc();
    doc.collections.push(posts(2));
    withSection(doc, 'home', [
      node('r', 'layout-v', { _repeat: 'posts' }, ['r.t']),
      node('r.t', 'text', { value: '{item.title}' }, [], { c: 'block' }),
    ]);
    const result = renderNode(doc, 'r.t', { mode: 'preview' });
    expect(result.id).toBe('r');
    expect(
      dom(result.html)
        .querySelectorAll('[data-pw-id="r.t"]')
        .map((e) => e.text),
    ).toEqual(['Post 1', 'Post 2']);
  });
});

describe('collection pages', () => {
  function blog() {
    const doc = makeDoc();
    doc.collections.push(posts(3));
    doc.pages.push(
      page('blog', { name: 'Blog', title: 'Blog' }),
      page('blog/:slug', { name: 'Post', title: '{item.title}', slug: 'blog/:slug', content: 'posts', description: 'About {item.title}' }),
    );
    withSection(doc, 'blog/:slug', [
      node('post', 'layout-v', { '_options.tag': 'article' }, ['post.h', 'post.next']),
      node('post.h', 'heading', { value: { _bind: 'title' }, '_options.tag': 'h1' }),
      node('post.next', 'link', { value: 'Post 3', _action: 'page', _target: 'blog/:slug', _params: { slug: 'post-3' } }),
    ]);
    withSection(doc, 'blog', [
      node('list', 'layout-v', { _repeat: 'posts' }, ['list.a']),
      node('list.a', 'link', { value: '{item.title}', _action: 'page', _target: 'blog/:slug' }),
    ]);
    return doc;
  }

  it('render once per item with the item in scope', () => {
    const doc = blog();
    const item = doc.collections[0]!.items[1]!;
    const root = dom(renderPage(doc, 'blog/:slug', { mode: 'compile', item, now: NOW }).html);
    expect(main(root).querySelector('h1')!.text).toBe('Post 2');
    expect(root.querySelector('title')!.text).toBe('Post 2 | Acme');
    expect(root.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('About Post 2');
    expect(root.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe('https://acme.test/blog/post-2/');
    expect(root.querySelector('meta[property="og:type"]')!.getAttribute('content')).toBe('article');
    expect(main(root).querySelector('a')!.getAttribute('href')).toBe('/blog/post-3/');
  });

  it('bound rich text renders as cleaned HTML; text, titles and descriptions read its words; prices keep their decimals', () => {
    const doc = blog();
    const c = doc.collections[0]!;
    c.fields.push({ id: 'body', name: 'Body', type: 'richtext' }, { id: 'price', name: 'Price', type: 'number' });
    c.items.forEach((item, i) => {
      item.body = [{ type: 'p', value: `Fresh <b>bread</b> number ${i + 1}${i === 0 ? '<script>alert(1)</script>' : ''}` }];
      item.price = [7.5, 12.25, 3][i]!;
    });
    doc.pages[doc.pages.length - 1]!.description = '{item.body}';
    withSection(doc, 'blog/:slug', [
      node('post', 'layout-v', { '_options.tag': 'article' }, ['post.h', 'post.body', 'post.summary', 'post.price']),
      node('post.h', 'heading', { value: { _bind: 'title' }, '_options.tag': 'h1' }),
      node('post.body', 'richtext', { value: { _bind: 'body' } }),
      node('post.summary', 'paragraph', { value: 'In short: {item.body}' }),
      node('post.price', 'number', { value: { _bind: 'price' } }),
    ]);
    const html = renderPage(doc, 'blog/:slug', { mode: 'compile', item: c.items[0]!, now: NOW }).html;
    expect(html).not.toContain('[object Object]');
    expect(html).not.toContain('<script>alert');
    const root = dom(html);
    expect(main(root).querySelector('[class*="richtext"] p, div p')!.innerHTML).toBe('Fresh <b>bread</b> number 1');
    expect(main(root).querySelector('p:not(div p)')?.text ?? main(root).querySelectorAll('p').at(-1)!.text).toContain(
      'In short: Fresh bread number 1',
    );
    expect(root.querySelector('meta[name="description"]')!.getAttribute('content')).toBe('Fresh bread number 1');
    expect(main(root).text).toContain('7.50');
    const third = dom(renderPage(doc, 'blog/:slug', { mode: 'compile', item: c.items[2]!, now: NOW }).html);
    expect(main(third).text).toContain('3.00');
    // Clean HTML (nothing for the sanitizer to take away) is HTML too, not escaped text.
    expect(main(third).querySelector('div p')!.innerHTML).toBe('Fresh <b>bread</b> number 3');
    expect(third.querySelector('title')!.text).toBe('Post 3 | Acme');
  });

  it('preview shows the first published item when none is named', () => {
    const doc = blog();
    doc.collections[0]!.items[0]!.published = false;
    const root = dom(renderPage(doc, 'blog/:slug', { mode: 'preview', now: NOW }).html);
    expect(main(root).querySelector('h1')!.text).toBe('Post 2');
  });

  it('links in a repeat go to each item page', () => {
    const root = dom(renderPage(blog(), 'blog', { mode: 'compile', now: NOW }).html);
    expect(
      main(root)
        .querySelectorAll('a')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/blog/post-1/', '/blog/post-2/', '/blog/post-3/']);
  });
});

export type { Node };
