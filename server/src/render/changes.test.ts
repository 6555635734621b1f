import { describe, expect, it } from 'vitest';
import type { Node, SiteDoc } from '../model/document.js';
import { whatChanged } from './changes.js';
import type { CompileOptions, CompiledSite, Output } from './compiled.js';
import { testDoc, testPage, testPosts } from './testing.js';

const heading = (id: string, value: string): Node => ({ id, type: 'heading', data: { value }, style: {}, children: [] });

function site(about = 'About us', header = 'Acme', post2 = 'Post 2'): SiteDoc {
  const posts = testPosts(2);
  posts.items[1]!.title = post2;
  return testDoc({
    pages: [
      testPage('_before', { sections: ['top'] }),
      testPage('home', { slug: '', sections: [] }),
      testPage('about', { sections: ['intro'] }),
    ],
    nodes: { top: heading('top', header), intro: heading('intro', about) },
    collections: [posts],
  });
}

const output = (pageId: string, deps: string[] = []): Output => ({
  pageId,
  language: 'en',
  deps,
  classes: [],
  scripts: [],
  indexable: true,
});

/** A previous compile of `doc` that wrote `paths` (the fingerprints are the document's). */
function compiled(doc: SiteDoc, paths: string[]): CompiledSite {
  const { fingerprints } = whatChanged(doc, {});
  const state = { ...fingerprints, outputs: new Map<string, Output>(), classCount: new Map<string, number>(), css: '' };
  return { files: new Map(paths.map((p) => [p, '<html>'])), state, stats: { pages: 0, rendered: 0, reused: 0, ms: 0 } };
}

const changesSince = (before: SiteDoc, after: SiteDoc, options: CompileOptions = {}) =>
  whatChanged(after, {
    ...options,
    previous: compiled(before, ['index.html', 'about/index.html', 'blog/index.html', 'blog/post-1/index.html', 'blog/post-2/index.html']),
  });

describe('what changed since the previous compile', () => {
  it('is everything when there is no previous compile', () => {
    const changes = whatChanged(site(), {});
    expect(changes.full).toBe(true);
    expect(changes.dirty('index.html', output('home'))).toBe(true);
  });

  it('is everything when something every page shows changes (here the site settings)', () => {
    const after = site();
    after.settings.name = 'Acme Inc';
    expect(changesSince(site(), after).full).toBe(true);
  });

  it('is nothing for a document that did not change', () => {
    const changes = changesSince(site(), site());
    expect(changes.full).toBe(false);
    expect(changes.dirty('index.html', output('home'))).toBe(false);
  });

  it('is the page whose sections changed, not the others', () => {
    const changes = changesSince(site(), site('About the team'));
    expect(changes.dirty('about/index.html', output('about'))).toBe(true);
    expect(changes.dirty('index.html', output('home'))).toBe(false);
  });

  it('is every page when the header or footer changes', () => {
    const changes = changesSince(site(), site('About us', 'Acme Inc'));
    expect(changes.full).toBe(false);
    expect(changes.dirty('index.html', output('home'))).toBe(true);
  });

  it('is the pages that show a changed item or list its collection', () => {
    const changes = changesSince(site(), site('About us', 'Acme', 'Second post'));
    expect(changes.dirty('blog/post-2/index.html', output('blog', ['item:posts.2']))).toBe(true);
    expect(changes.dirty('blog/post-1/index.html', output('blog', ['item:posts.1']))).toBe(false);
    expect(changes.dirty('blog/index.html', output('blog', ['collection:posts']))).toBe(true);
  });

  it('is what the caller names, taken without comparing the document', () => {
    const doc = site();
    const changes = changesSince(doc, doc, { changed: { pages: ['about'], items: [{ collection: 'posts', id: 1 }] } });
    expect(changes.dirty('about/index.html', output('about'))).toBe(true);
    expect(changes.dirty('index.html', output('home'))).toBe(false);
    expect(changes.dirty('blog/index.html', output('blog', ['collection:posts']))).toBe(true);
  });

  it('carries the fingerprints of the parts the caller did not name over from the previous compile', () => {
    const before = site();
    const previous = compiled(before, []);
    const after = site('About the team');
    const changes = whatChanged(after, { previous, changed: { pages: ['home'] } });
    expect(changes.fingerprints.pages.get('about')).toBe(previous.state.pages.get('about'));
  });

  it('includes a page file the previous compile did not write', () => {
    expect(changesSince(site(), site()).dirty('new/index.html', output('home'))).toBe(true);
  });
});
