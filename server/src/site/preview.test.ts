import { describe, expect, it } from 'vitest';
import type { Node } from '../model/document.js';
import type { PathEdit } from '../model/paths.js';
import { testDoc, testPage, testPosts } from '../render/testing.js';
import { parsePreview, patchTarget } from './preview.js';

const node = (id: string, type: string, children: string[] = [], data: Record<string, unknown> = {}): Node => ({
  id,
  type: type as Node['type'],
  data,
  style: {},
  children,
});

const doc = () =>
  testDoc({
    pages: [
      testPage('_before', { sections: ['top'] }),
      testPage('home', { slug: '', sections: ['hero', 'list'] }),
      testPage('about', { sections: ['intro'] }),
    ],
    nodes: {
      top: node('top', 'layout-v', ['top.logo']),
      'top.logo': node('top.logo', 'text', [], { value: 'Acme' }),
      hero: node('hero', 'layout-v', ['hero.title', 'hero.text']),
      'hero.title': node('hero.title', 'heading', [], { value: 'Welcome' }),
      'hero.text': node('hero.text', 'paragraph', [], { value: 'Hello' }),
      list: node('list', 'layout-v', ['list.items'], {}),
      'list.items': node('list.items', 'ul', ['list.items.title'], { _repeat: 'posts' }),
      'list.items.title': node('list.items.title', 'heading', [], { value: { _bind: 'title' } }),
      intro: node('intro', 'layout-v', ['intro.title']),
      'intro.title': node('intro.title', 'heading', [], { value: 'About' }),
    },
    collections: [testPosts(2)],
  });

const data = (id: string, key: string): PathEdit => ({ path: ['nodes', id, 'data', key], before: 'a', after: 'b' });
const style = (id: string, setting: string): PathEdit => ({ path: ['nodes', id, 'style', setting], after: 'p-4' });

describe('which edits answer a patch', () => {
  it('a style or data edit of one component: that component; of two: their nearest common one', () => {
    expect(patchTarget(doc(), 'home', [style('hero.title', 'padding')])).toEqual({ id: 'hero.title' });
    expect(patchTarget(doc(), 'home', [data('hero.text', 'value')])).toEqual({ id: 'hero.text' });
    expect(patchTarget(doc(), 'home', [style('hero.title', 'padding'), data('hero.text', 'value')])).toEqual({ id: 'hero' });
    // A component inside a repeat: renderNode draws its repeat (all copies change together).
    expect(patchTarget(doc(), 'home', [data('list.items.title', 'value')])).toEqual({ id: 'list.items.title' });
  });

  it('nothing on the page shown: "elsewhere"', () => {
    expect(patchTarget(doc(), 'home', [data('intro.title', 'value')])).toBe('elsewhere');
    expect(patchTarget(doc(), 'home', [])).toBe('elsewhere');
  });

  it('the whole page for structure, the header, scopes, shared sections, aliases and settings that reach past the component', () => {
    const d = doc();
    expect(patchTarget(d, 'home', [{ path: ['nodes', 'hero', 'children'], after: [] }])).toBeNull();
    expect(patchTarget(d, 'home', [{ path: ['nodes', 'hero.new'], after: {} }])).toBeNull();
    expect(patchTarget(d, 'home', [{ path: ['theme', 'colors'], after: {} }])).toBeNull();
    expect(patchTarget(d, 'home', [data('top.logo', 'value')])).toBeNull();
    for (const key of [
      '_repeat',
      '_dataSource',
      '_options.sort',
      '_options.filter',
      '_attr.id',
      '_attr.data-toggle-target',
      'for',
      '_comment.before',
    ])
      expect(patchTarget(d, 'home', [data('hero.text', key)]), key).toBeNull();
    // A section's tag decides the page's <main>; a component's is its own.
    expect(patchTarget(d, 'home', [data('hero', '_options.tag')])).toBeNull();
    expect(patchTarget(d, 'home', [data('hero.title', '_options.tag')])).toEqual({ id: 'hero.title' });

    d.pages.find((p) => p.id === 'about')!.sections.push('hero');
    expect(patchTarget(d, 'home', [data('hero.text', 'value')])).toBeNull();

    const aliased = doc();
    aliased.nodes['intro.copy'] = { ...node('intro.copy', 'paragraph'), alias: 'hero.text' };
    expect(patchTarget(aliased, 'home', [data('hero.text', 'value')])).toBeNull();
    expect(patchTarget(aliased, 'home', [data('hero.title', 'value')])).toEqual({ id: 'hero.title' });
  });
});

describe('the preview query', () => {
  it('takes patch after the language, which may be left empty', () => {
    expect(parsePreview('home,light,en,patch')).toEqual({ pageId: 'home', appearance: 'light', language: 'en', patch: true });
    expect(parsePreview('posts|:slug,dark,,patch')).toEqual({ pageId: 'posts/:slug', appearance: 'dark', patch: true });
    expect(parsePreview('home,light,en')).toEqual({ pageId: 'home', appearance: 'light', language: 'en' });
    expect(() => parsePreview('home,light,en,whole')).toThrow();
    expect(() => parsePreview('home,light,en,patch,more')).toThrow();
  });
});
