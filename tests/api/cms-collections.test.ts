import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

async function site() {
  const s = await ownSite(t);
  return { ...s, cms: cmsOf(s.api, s.siteId) };
}

async function compiledPaths(s: Awaited<ReturnType<typeof site>>) {
  const { data } = await s.api.GET('/sites/{siteId}/compiled', { params: { path: { siteId: s.siteId } } });
  return data!.files.map((f) => f.path);
}

describe('collections', () => {
  it('lists the collections with their fields and item counts, the internal ones flagged', async () => {
    const s = await site();
    const { data } = await s.cms.list();
    expect(data).toEqual([
      {
        id: 'posts',
        name: 'Posts',
        icon: 'Blog',
        internal: false,
        count: 2,
        fields: [
          { id: 'title', name: 'Title', type: 'text' },
          { id: 'slug', name: 'Slug', type: 'slug' },
        ],
      },
    ]);
    await s.cms.create({ id: '_social' });
    expect((await s.cms.list()).data!.map((c) => [c.id, c.internal])).toEqual([
      ['posts', false],
      ['_social', true],
    ]);
    // Pickers leave out what starts with an underscore.
    expect((await s.cms.list('false')).data!.map((c) => c.id)).toEqual(['posts']);
    expect((await s.cms.get('_social')).data!.fields.map((f) => f.id)).toEqual(['name', 'handle', 'url', 'icon', 'color']);
  });

  it('creates a collection with an id from its name, the default icon book, or the id and icon given', async () => {
    const s = await site();
    const first = await s.cms.create({ name: 'Team members' });
    expect(first.response.status).toBe(201);
    expect(first.data).toEqual({ id: 'team-members', name: 'Team members', icon: 'book', internal: false, fields: [], count: 0 });
    expect((await s.cms.create({ name: 'Team members' })).data!.id).toBe('team-members-2');
    expect((await s.cms.create({ id: 'faq', name: 'FAQ', icon: 'Question' })).data).toMatchObject({ id: 'faq', icon: 'Question' });
    // Any letter case of an icon; answered in the spec's spelling.
    expect((await s.cms.create({ name: 'Shop', icon: 'cart' as 'Cart' })).data!.icon).toBe('Cart');
  });

  it('refuses a missing name, a bad id, an unknown icon, and an id that is taken, writing nothing', async () => {
    const s = await site();
    const cases: [Parameters<typeof s.cms.create>[0], number, string, string][] = [
      [{ name: '  ' }, 400, 'name', 'Collection name is required'],
      [
        { id: 'Bad Id', name: 'X' },
        400,
        'id',
        'A collection id is lowercase letters, digits, hyphens and underscores, starting with a letter',
      ],
      [
        { id: '_secret', name: 'X' },
        400,
        'id',
        'A collection id is lowercase letters, digits, hyphens and underscores, starting with a letter',
      ],
      [{ name: 'X', icon: 'Rocket' as 'Star' }, 400, 'icon', 'Unknown icon'],
      [{ id: 'posts', name: 'Posts again' }, 409, 'id', 'A collection with this id already exists'],
    ];
    for (const [body, status, field, message] of cases) {
      const { error, response } = await s.cms.create(body);
      expect(response.status).toBe(status);
      expect(error).toMatchObject({ error: message, info: { field } });
    }
    expect((await s.cms.list()).data!.map((c) => c.id)).toEqual(['posts']);
  });

  it('adds sample data: a generic sample, or a collection the section library brings', async () => {
    const s = await site();
    const generic = await s.cms.create({ name: 'News' }, '');
    expect(generic.data).toMatchObject({ id: 'news', count: 3 });
    expect(generic.data!.fields.map((f) => f.type)).toEqual(['text', 'slug', 'richtext', 'image', 'enum', 'date', 'published']);
    expect((await s.cms.items('news')).data!.items.map((i) => i._id)).toEqual([1, 2, 3]);

    const questions = await s.cms.create({}, 'questions');
    expect(questions.data).toMatchObject({ id: 'questions', name: 'Questions', count: 1 });
    expect((await s.cms.items('questions')).data!.items).toEqual([{ _id: 1, question: 'Why?' }]);

    const { error, response } = await s.cms.create({ name: 'X' }, 'no-such-sample');
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'Sample content not found', info: { field: 'sample' } });
  });

  it('renames and changes the icon', async () => {
    const s = await site();
    const { data } = await s.cms.update('posts', { name: 'Articles', icon: 'Text' });
    expect(data).toMatchObject({ id: 'posts', name: 'Articles', icon: 'Text', count: 2 });
    expect((await s.cms.update('posts', { name: '' })).error).toMatchObject({
      error: 'Collection name is required',
      info: { field: 'name' },
    });
    expect((await s.cms.update('nope', { name: 'X' })).response.status).toBe(404);
  });

  it('a new id is followed by the pages and components that reference the collection, and the items move with it', async () => {
    const s = await site();
    const path = { siteId: s.siteId };
    await s.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { ...path, componentId: 'hero.text' } },
      body: { data: { _dataSource: 'posts.2' } },
    });
    await s.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { ...path, componentId: 'features' } },
      body: { data: { _repeat: 'posts' } },
    });
    expect(await compiledPaths(s)).toContain('posts/hello-world/index.html');

    const { data, response } = await s.cms.update('posts', { id: 'articles' });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: 'articles', count: 2 });
    const doc = await s.doc();
    expect(doc.pages.find((p) => p.id === 'posts/:slug')!.content).toBe('articles');
    expect(doc.nodes['hero.text']!.data._dataSource).toBe('articles.2');
    expect(doc.nodes.features!.data._repeat).toBe('articles');
    expect(doc.collections.map((c) => [c.id, c.items.length])).toEqual([['articles', 2]]);
    expect((await s.cms.get('posts')).response.status).toBe(404);
    // The collection page still renders one page per item.
    expect(await compiledPaths(s)).toEqual(expect.arrayContaining(['posts/hello-world/index.html', 'posts/second-post/index.html']));
    // The rename is not an undo step: undo takes back the component edit made before it, and the page keeps the new id.
    const undone = await s.api.PATCH('/sites/{siteId}/versions/undo', { params: { path } });
    expect(undone.data!.edits).toEqual([{ path: ['nodes', 'features', 'data', '_repeat'] }]);
    expect((await s.doc()).pages.find((p) => p.id === 'posts/:slug')!.content).toBe('articles');
    expect((await s.cms.update('articles', { id: 'Bad' })).error).toMatchObject({ info: { field: 'id' } });
  });

  it('refuses to rename onto an id that is taken', async () => {
    const s = await site();
    await s.cms.create({ id: 'faq', name: 'FAQ' });
    const { error, response } = await s.cms.update('faq', { id: 'posts' });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ code: 'COLLECTION_EXISTS', info: { field: 'id' } });
  });

  it('deletes a collection only when it has no items', async () => {
    const s = await site();
    const refused = await s.cms.remove('posts');
    expect(refused.response.status).toBe(409);
    expect(refused.error).toMatchObject({ code: 'COLLECTION_NOT_EMPTY', error: 'Only an empty collection can be deleted' });
    await s.cms.deleteItem('posts', 1);
    await s.cms.deleteItem('posts', 2);
    expect((await s.cms.remove('posts')).response.status).toBe(204);
    expect((await s.cms.get('posts')).response.status).toBe(404);
    expect((await s.cms.list()).data).toEqual([]);
    expect((await s.cms.remove('posts')).response.status).toBe(404);
  });
});

describe('collections, history and versions', () => {
  it('undoing a section keeps the collection it brought; content is not an undo step', async () => {
    const s = await site();
    await s.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: s.siteId } },
      body: { pageId: 'home', sectionId: 'faq-fixture' },
    });
    await s.cms.addItem('questions', { question: 'How?' });
    await s.api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId: s.siteId } } });
    expect((await s.cms.items('questions')).data!.items.map((i) => i.question)).toEqual(['Why?', 'How?']);
    expect((await s.doc()).nodes.faq).toBeUndefined();
  });

  it('a version holds the collections, and reset brings them back as they were', async () => {
    const s = await site();
    const path = { siteId: s.siteId };
    await s.cms.addItem('posts', { title: 'Third', slug: 'third' });
    await s.api.POST('/sites/{siteId}/versions/commit', { params: { path }, body: { message: 'Three posts' } });
    const version: { data: string } = await t.pw.deps.db('versions').where({ site_id: s.siteId }).orderBy('id', 'desc').first('data');
    expect((JSON.parse(version.data) as { collections: { items: unknown[] }[] }).collections[0]!.items).toHaveLength(3);

    await s.cms.deleteItem('posts', 1);
    await s.cms.create({ name: 'Later' });
    await s.api.DELETE('/sites/{siteId}/versions/reset', { params: { path } });
    expect((await s.cms.list()).data!.map((c) => [c.id, c.count])).toEqual([['posts', 3]]);
    expect((await s.cms.all('posts')).map((i) => i.title)).toEqual(['Hello world', 'Second post', 'Third']);
  });

  it('a site whose document still holds its collections is read as it is and moved to the tables on the first write', async () => {
    const doc = makeSiteDoc();
    const s = await ownSite(t, doc);
    const cms = cmsOf(s.api, s.siteId);
    const stored = () => t.pw.deps.db('sites').where({ id: s.siteId }).first('data') as Promise<{ data: string }>;
    expect(JSON.parse((await stored()).data).collections).toHaveLength(1);
    expect((await cms.items('posts')).data!.total).toBe(2);
    await cms.addItem('posts', { title: 'New' });
    expect(JSON.parse((await stored()).data).collections).toEqual([]);
    expect((await cms.all('posts')).map((i) => i._id)).toEqual([1, 2, 3]);
    // The editor's view of the site reads them from the tables.
    const view = await s.api.GET('/sites/{siteId}', { params: { path: { siteId: s.siteId }, query: { expand: 'content' } } });
    expect(view.data!.content!.map((c) => [c.id, c.items.length])).toEqual([['posts', 3]]);
  });
});
