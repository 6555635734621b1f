import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePageId } from '../../server/src/editor/pages.js';
import { history, ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

describe('page addresses', () => {
  it.each([
    ['About Us', 'about-us'],
    ['/Ääni ja Öljy', 'aani-ja-oljy'],
    ['<b>Bold</b> move', 'bold-move'],
    ['Åland', 'aland'],
    ['Blog/First Post', 'blog/first-post'],
    ['  spaced   out  ', 'spaced-out'],
    ['café crème!', 'cafe-creme'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizePageId(input)).toBe(expected);
  });
});

describe('POST /pages', () => {
  it('adds a blank page at the end, its address from the name', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const { data, response } = await api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { name: 'Our Team' } });
    expect(response.status).toBe(201);
    expect(history(response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(data!.page).toMatchObject({
      id: 'our-team',
      name: 'Our Team',
      title: 'Our Team',
      slug: 'our-team',
      hidden: false,
      unpublished: false,
      sections: [],
    });
    expect((await doc()).pages.at(-1)!.id).toBe('our-team');
  });

  it('makes the address unique', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { name: 'About' } });
    expect(data!.page.id).toBe('about-2');
  });

  it('duplicates a page with copies of its sections, right after it', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const { data } = await api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { duplicate: 'home' } });
    expect(data!.page).toMatchObject({ id: 'home-copy', name: 'Home copy', sections: ['hero-2', 'features-2'] });
    expect(data!.nodes['hero-2.title']).toMatchObject({ id: 'hero-2.title', data: { value: 'Welcome' } });
    const stored = await doc();
    expect(stored.pages.map((p) => p.id).slice(0, 2)).toEqual(['home', 'home-copy']);
    expect(stored.nodes['hero-2']!.children).toEqual(['hero-2.title', 'hero-2.text', 'hero-2.actions']);
    expect(stored.nodes.hero!.children).toEqual(['hero.title', 'hero.text', 'hero.actions']);
  });

  it('adds a sample page built from the section library', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const { data } = await api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { sample: 'pricing' } });
    expect(data!.page).toMatchObject({ id: 'pricing', name: 'Pricing', sections: ['faq'] });
    expect(Object.keys(data!.nodes)).toEqual(['faq', 'faq.list']);
    expect((await doc()).collections.map((c) => c.id)).toEqual(['posts', 'questions']);
  });

  it('makes a collection page with :slug', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.POST('/sites/{siteId}/pages', {
      params: { path: { siteId } },
      body: { name: 'Articles', content: 'posts' },
    });
    expect(data!.page).toMatchObject({ id: 'articles/:slug', content: 'posts' });
  });

  it('starts a collection page with the item shown, bound to its fields, titled by its label field', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.POST('/sites/{siteId}/pages', {
      params: { path: { siteId } },
      body: { name: 'Articles', content: 'posts' },
    });
    expect(data!.page).toMatchObject({ title: '{item.title}', sections: ['posts'] });
    expect(data!.nodes['posts']).toMatchObject({ type: 'layout-v', children: ['posts.title'] });
    expect(data!.nodes['posts.title']).toMatchObject({ type: 'heading', data: { value: { _bind: 'title' }, '_options.tag': 'h1' } });
  });

  it.each([
    [{}, 'name', 'Page name is required'],
    [{ name: '<i></i>' }, 'name', 'Page name is required'],
    [{ name: 'x', id: '!!!' }, 'id', 'Page address is required'],
    [{ name: 'Header', id: '_before' }, 'id', 'This page address is reserved'],
    [{ duplicate: 'nowhere' }, 'duplicate', 'Page not found'],
    [{ sample: 'nothing' }, 'sample', 'Sample page not found'],
    [{ name: 'Shop', content: 'products' }, 'content', 'Collection not found'],
  ])('rejects %j on %s and writes nothing', async (body, field, message) => {
    const { api, siteId, doc } = await ownSite(t);
    const before = await doc();
    const { error, response } = await api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: body as never });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect(await doc()).toEqual(before);
    expect(history(response)).toBeNull();
  });
});

describe('PATCH /pages/{pageId}', () => {
  it('renames a page: the address is normalised, links follow, the slug follows', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const { data } = await api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: 'about' } },
      body: { id: '/Über Ömme', name: 'Über' },
    });
    expect(data!.page).toMatchObject({ id: 'uber-omme', name: 'Über', slug: 'uber-omme', sections: ['about-intro'] });
    const stored = await doc();
    expect(stored.nodes['hero.actions.cta']!.data._target).toBe('uber-omme');
    expect(stored.pages.some((p) => p.id === 'about')).toBe(false);
  });

  it('changes page fields, with text per language', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: 'about' } },
      body: {
        title: { _loc: true, en: 'About', fi: 'Meistä' },
        description: 'Who <b>we</b> are',
        hidden: true,
        unpublished: true,
        icon: 'info',
      },
    });
    expect(data!.page).toMatchObject({
      title: { _loc: true, en: 'About', fi: 'Meistä' },
      description: 'Who we are',
      hidden: true,
      unpublished: true,
      icon: 'info',
    });
  });

  it('addresses a page whose id has a slash with |', async () => {
    const { api, siteId } = await ownSite(t);
    const { data, response } = await api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: 'posts|:slug' } },
      body: { name: 'Blog post' },
    });
    expect(response.status).toBe(200);
    expect(data!.page).toMatchObject({ id: 'posts/:slug', name: 'Blog post' });
  });

  it('keeps home, the header, the footer and 404 where they are', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const before = await doc();
    const cases = [
      ['home', { id: 'start' }, 'id', 'The home page cannot be renamed'],
      ['home', { unpublished: true }, 'unpublished', 'The home page cannot be unpublished'],
      ['_before', { id: 'top' }, 'id', 'The header, footer and 404 pages cannot be renamed'],
      ['404', { id: 'missing' }, 'id', 'The header, footer and 404 pages cannot be renamed'],
    ] as const;
    for (const [pageId, body, field, message] of cases) {
      const { error, response } = await api.PATCH('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId } }, body });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: message, info: { field } });
    }
    expect(await doc()).toEqual(before);
    expect(
      (
        await api.PATCH('/sites/{siteId}/pages/{pageId}', {
          params: { path: { siteId, pageId: 'home' } },
          body: { name: 'Start', title: 'Welcome' },
        })
      ).response.status,
    ).toBe(200);
  });

  it('refuses an address that is taken with 409, and an unknown page with 404', async () => {
    const { api, siteId } = await ownSite(t);
    const taken = await api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: 'about' } },
      body: { id: 'Posts/:slug' },
    });
    expect(taken.response.status).toBe(409);
    expect(taken.error).toMatchObject({ code: 'PAGE_EXISTS', error: 'A page with this address already exists', info: { field: 'id' } });
    const missing = await api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: 'nowhere' } },
      body: { name: 'x' },
    });
    expect(missing.response.status).toBe(404);
  });

  it('validates the fields it takes', async () => {
    const { api, siteId } = await ownSite(t);
    for (const [body, field] of [
      [{ hidden: 'yes' }, 'hidden'],
      [{ name: '' }, 'name'],
      [{ title: 42 }, 'title'],
      [{ title: { _loc: true, english: 'x' } }, 'title'],
    ] as const) {
      const { error, response } = await api.PATCH('/sites/{siteId}/pages/{pageId}', {
        params: { path: { siteId, pageId: 'about' } },
        body: body as never,
      });
      expect(response.status).toBe(400);
      expect(error!.info).toEqual({ field });
    }
  });
});

describe('DELETE /pages/{pageId}', () => {
  it('deletes a page and its sections, and names the neighbour to select', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const { data, response } = await api.DELETE('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId: 'about' } } });
    expect(response.status).toBe(200);
    expect(data).toEqual({ id: 'about', next: 'home' });
    const stored = await doc();
    expect(stored.pages.map((p) => p.id)).not.toContain('about');
    expect(stored.nodes['about-intro']).toBeUndefined();
    expect(stored.nodes['about-intro.title']).toBeUndefined();
  });

  it('keeps a section another page shares', async () => {
    const { api, siteId, doc } = await ownSite(t);
    await api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { siteId, pageId: 'home', sectionId: 'about-intro' } },
      body: {},
    });
    await api.DELETE('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId: 'about' } } });
    const stored = await doc();
    expect(stored.nodes['about-intro']).toBeDefined();
    expect(stored.pages[0]!.sections).toContain('about-intro');
  });

  it('never deletes home, the header, the footer or 404', async () => {
    const { api, siteId } = await ownSite(t);
    const home = await api.DELETE('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId: 'home' } } });
    expect(home.error).toMatchObject({ error: 'The home page cannot be deleted', info: { field: 'pageId' } });
    for (const pageId of ['_before', '_after', '404']) {
      const { error, response } = await api.DELETE('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId } } });
      expect(response.status).toBe(400);
      expect(error!.error).toBe('The header, footer and 404 pages cannot be deleted');
    }
    expect((await api.DELETE('/sites/{siteId}/pages/{pageId}', { params: { path: { siteId, pageId: 'gone' } } })).response.status).toBe(
      404,
    );
  });
});

describe('POST /pages/sort', () => {
  it('moves a page in the list', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.POST('/sites/{siteId}/pages/sort', { params: { path: { siteId } }, body: { fromIndex: 1, toIndex: 0 } });
    expect(data!.pages).toEqual(['about', 'home', 'posts/:slug', '_before', '_after', '404']);
  });

  it('a move sent late names its page and the one it follows: a page added meanwhile does not change which page moves or where', async () => {
    const site = await ownSite(t);
    const { api, siteId } = site;
    const sort = (body: Record<string, unknown>) =>
      api.POST('/sites/{siteId}/pages/sort', { params: { path: { siteId } }, body: body as never });
    // The editor saw [home, about, posts/:slug, _before, _after, 404] and moved 404 right after home.
    const late = { fromIndex: 5, toIndex: 1, pageId: '404', afterPageId: 'home' };
    // Meanwhile another editor added a page, and moved it first.
    const added = await api.POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { name: 'Pricing' } });
    expect(added.response.status).toBe(201);
    const ids = async () => (await site.doc()).pages.map((p) => p.id);
    await sort({ fromIndex: (await ids()).indexOf(added.data!.page.id), toIndex: 0 });
    const before = await ids();
    expect(before[0]).toBe(added.data!.page.id);
    const { data } = await sort(late);
    const rest = before.filter((p) => p !== '404');
    // 404, right after home (by index alone, _after, now at index 5, would have moved before home).
    expect(data!.pages).toEqual(rest.toSpliced(rest.indexOf('home') + 1, 0, '404'));
    const gone = await sort({ fromIndex: 0, toIndex: 1, pageId: 'ghost' });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ error: 'Page not found' });
    expect(await ids()).toEqual(data!.pages);
  });

  it('rejects indexes out of range', async () => {
    const { api, siteId } = await ownSite(t);
    for (const body of [
      { fromIndex: 6, toIndex: 0 },
      { fromIndex: 0, toIndex: -1 },
      { fromIndex: 0.5, toIndex: 1 },
    ]) {
      const { error, response } = await api.POST('/sites/{siteId}/pages/sort', { params: { path: { siteId } }, body });
      expect(response.status).toBe(400);
      expect(error!.error).toBe('Index is out of range');
    }
  });
});
