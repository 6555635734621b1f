import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../server/src/render/index.js';
import { cmsOf } from '../support/cms.js';
import { history, ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

/**
 * "Renaming a collection updates the pages and components that reference it" (spec 002 §4), and a
 * renamed field keeps every binding that reads it: the pages still show the items' values.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

async function site() {
  const s = await ownSite(t, makeSiteDoc({ languages: ['en', 'fi'] }));
  const path = { siteId: s.siteId };
  const component = async (componentId: string, data: Record<string, unknown>) => {
    const { response, error } = await s.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { ...path, componentId } },
      body: { data },
    });
    expect(response.status, JSON.stringify(error)).toBe(200);
  };
  const add = async (toContainer: string, type: 'richtext' | 'table' | 'text') => {
    const { data } = await s.api.POST('/sites/{siteId}/components', { params: { path }, body: { toContainer, type } });
    return data!.id;
  };
  const compiled = async () => (await compileSite(await s.doc(), { siteId: s.siteId })).files;
  const preview = async (pageId: string, language = 'en') => {
    const { data } = await s.api.GET('/sites/{siteId}/preview', {
      params: { path: { ...path }, query: { preview: `${pageId},light,${language}` } },
    });
    return data!.preview.html!;
  };
  const state = async () => history((await s.api.GET('/sites/{siteId}', { params: { path } })).response)!;
  return { ...s, path, cms: cmsOf(s.api, s.siteId), component, add, compiled, preview, state };
}

describe('renaming a field', () => {
  it('rewrites the bindings, {item.…} texts, page templates and repeat options that read it; the pages still show the values', async () => {
    const s = await site();
    // The collection page: its heading is bound to `title` (the fixture), its title and a rich text read it too.
    await s.api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { ...s.path, pageId: 'posts|:slug' } },
      body: { title: { _loc: true, en: '{item.title} | Blog', fi: '{item.title} | Blogi' } },
    });
    const body = await s.add('post', 'richtext');
    await s.component(body, { value: [{ type: 'p', value: 'All about {item.title}.' }] });
    // The home page repeats the posts, sorted and filtered by title, with a bound heading and a localized text.
    await s.component('features', {
      _repeat: 'posts',
      '_options.sortBy': 'title',
      '_options.sort': 'desc',
      '_options.filterField': 'title',
      '_options.filterType': 'notEmpty',
    });
    await s.component('features.card-1.heading', { value: { _bind: 'title', fallback: 'Untitled' } });
    await s.component('features.card-1.body', { value: { _loc: true, en: 'Read {item.title} now', fi: 'Lue {item.title} nyt' } });
    const before = await s.state();

    const { data, response } = await s.cms.editField('posts', 'title', { name: 'headline' });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: 'headline' });

    const doc = await s.doc();
    expect(doc.nodes['post.title']!.data.value).toEqual({ _bind: 'headline' });
    expect(doc.nodes[body]!.data.value).toEqual([{ type: 'p', value: 'All about {item.headline}.' }]);
    expect(doc.pages.find((p) => p.id === 'posts/:slug')!.title).toEqual({
      _loc: true,
      en: '{item.headline} | Blog',
      fi: '{item.headline} | Blogi',
    });
    expect(doc.nodes.features!.data).toMatchObject({ _repeat: 'posts', '_options.sortBy': 'headline', '_options.filterField': 'headline' });
    expect(doc.nodes['features.card-1.heading']!.data.value).toEqual({ _bind: 'headline', fallback: 'Untitled' });
    expect(doc.nodes['features.card-1.body']!.data.value).toEqual({
      _loc: true,
      en: 'Read {item.headline} now',
      fi: 'Lue {item.headline} nyt',
    });
    // Like the items, the document's change is not an undo step; it counts as unsaved.
    expect(await s.state()).toEqual({ ...before, unsaved: before.unsaved + 1 });

    // The compiled collection pages show each item's value in the heading, the title and the text.
    const files = await s.compiled();
    const hello = String(files.get('posts/hello-world/index.html'));
    expect(hello).toMatch(/<h1[^>]*>Hello world<\/h1>/);
    expect(hello).toContain('<title>Hello world | Blog');
    expect(hello).toContain('All about Hello world.');
    expect(String(files.get('fi/posts/hello-world/index.html'))).toContain('<title>Hello world | Blogi');
    // The home page still repeats every post, in descending title order.
    const home = await s.preview('home');
    expect(home.indexOf('Second post')).toBeGreaterThan(-1);
    expect(home.indexOf('Second post')).toBeLessThan(home.indexOf('Hello world'));
    expect(home).toContain('Read Second post now');
    expect(await s.preview('home', 'fi')).toContain('Lue Hello world nyt');
    expect(home).not.toContain('Untitled');
  });

  it('leaves what another collection in scope reads alone', async () => {
    const s = await site();
    await s.cms.create({ id: 'faq', name: 'FAQ' });
    await s.cms.addField('faq', { name: 'title', type: 'text' });
    await s.cms.addItem('faq', { title: 'Do you ship abroad?' });
    // The about page repeats the FAQ: its `title` is the FAQ's, not the posts'.
    await s.component('about-intro', { _repeat: 'faq', '_options.sortBy': 'title' });
    await s.component('about-intro.title', { value: { _bind: 'title' } });
    // On the posts' page a repeat of the FAQ reads its own title, and {item.title} the FAQ's too (the innermost item with the field).
    const faqText = await s.add('post', 'text');
    await s.component(faqText, { value: 'Question: {item.title}', _dataSource: 'faq.1' });
    const before = await s.state();

    expect((await s.cms.editField('posts', 'title', { name: 'headline' })).response.status).toBe(200);
    const doc = await s.doc();
    expect(doc.nodes['about-intro.title']!.data.value).toEqual({ _bind: 'title' });
    expect(doc.nodes['about-intro']!.data['_options.sortBy']).toBe('title');
    expect(doc.nodes[faqText]!.data.value).toBe('Question: {item.title}');
    // The post heading does follow.
    expect(doc.nodes['post.title']!.data.value).toEqual({ _bind: 'headline' });
    expect((await s.state()).unsaved).toBe(before.unsaved + 1);
    expect(await s.preview('about')).toContain('Do you ship abroad?');
    const hello = String((await s.compiled()).get('posts/hello-world/index.html'));
    expect(hello).toContain('Question: Do you ship abroad?');
    expect(hello).toMatch(/<h1[^>]*>Hello world<\/h1>/);

    // Renaming the FAQ's title moves exactly those.
    const quiet = await s.state();
    expect((await s.cms.editField('faq', 'title', { name: 'question' })).response.status).toBe(200);
    const after = await s.doc();
    expect(after.nodes['about-intro.title']!.data.value).toEqual({ _bind: 'question' });
    expect(after.nodes['about-intro']!.data['_options.sortBy']).toBe('question');
    expect(after.nodes[faqText]!.data.value).toBe('Question: {item.question}');
    expect(after.nodes['post.title']!.data.value).toEqual({ _bind: 'headline' });
    expect((await s.state()).unsaved).toBe(quiet.unsaved + 1);
    expect(await s.preview('about')).toContain('Do you ship abroad?');
    expect(String((await s.compiled()).get('posts/hello-world/index.html'))).toContain('Question: Do you ship abroad?');
    // A field no page reads is renamed without touching the document.
    const untouched = await s.state();
    await s.cms.addField('faq', { name: 'answer', type: 'text' });
    expect((await s.cms.editField('faq', 'answer', { name: 'reply' })).response.status).toBe(200);
    expect(await s.state()).toEqual(untouched);
  });

  it('a refused rename changes neither the items nor the pages', async () => {
    const s = await site();
    const before = await s.doc();
    const { response } = await s.cms.editField('posts', 'title', { name: 'slug' });
    expect(response.status).toBe(409);
    expect(await s.doc()).toEqual(before);
    expect((await s.cms.item('posts', 1)).data).toMatchObject({ title: 'Hello world' });
  });
});

describe('renaming a collection', () => {
  it('rewrites CMS tables inside values (a table component, rich text table blocks per language) as well as pages and repeats', async () => {
    const s = await site();
    const table = await s.add('about-intro', 'table');
    await s.component(table, { value: { type: 'cms', collectionId: 'posts' }, header: true });
    const body = await s.add('about-intro', 'richtext');
    await s.component(body, {
      value: {
        _loc: true,
        en: [
          { type: 'h2', value: 'Posts' },
          { type: 'table', collectionId: 'posts', header: true },
        ],
        fi: [{ type: 'table', collectionId: 'posts' }],
      },
    });
    await s.component('features', { _repeat: 'posts' });
    await s.component('features.card-1.heading', { value: { _bind: 'title' } });

    const { response } = await s.cms.update('posts', { id: 'articles' });
    expect(response.status).toBe(200);
    const doc = await s.doc();
    expect(doc.nodes[table]!.data.value).toEqual({ type: 'cms', collectionId: 'articles' });
    expect(doc.nodes[body]!.data.value).toEqual({
      _loc: true,
      en: [
        { type: 'h2', value: 'Posts' },
        { type: 'table', collectionId: 'articles', header: true },
      ],
      fi: [{ type: 'table', collectionId: 'articles' }],
    });
    expect(doc.nodes.features!.data._repeat).toBe('articles');
    expect(doc.pages.find((p) => p.id === 'posts/:slug')!.content).toBe('articles');

    // The pages still show the items.
    const about = await s.preview('about');
    expect(about.match(/Second post/g)!.length).toBeGreaterThanOrEqual(2);
    expect(await s.preview('about', 'fi')).toContain('Hello world');
    expect(await s.preview('home')).toContain('Second post');
    const files = await s.compiled();
    expect(String(files.get('posts/second-post/index.html'))).toMatch(/<h1[^>]*>Second post<\/h1>/);

    // And a field of the renamed collection can be renamed in turn.
    expect((await s.cms.editField('articles', 'title', { name: 'headline' })).response.status).toBe(200);
    expect((await s.doc()).nodes['features.card-1.heading']!.data.value).toEqual({ _bind: 'headline' });
    expect(await s.preview('home')).toContain('Second post');
  });
});
