import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

const sectionsOf = async (site: Awaited<ReturnType<typeof ownSite>>, pageId: string) =>
  (await site.doc()).pages.find((p) => p.id === pageId)!.sections;

describe('POST /sections', () => {
  it('adds a library section after another, under a free id, with what it brings', async () => {
    const site = await ownSite(t);
    const { api, siteId } = site;
    const { data, response } = await api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId }, query: { preview: 'home,light' } },
      body: { pageId: 'home', sectionId: 'hero-fixture', afterSectionId: 'hero' },
    });
    expect(response.status).toBe(201);
    expect(history(response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(data).toMatchObject({ id: 'hero-2', name: 'Hero', collections: [], files: ['hero.jpg'] });
    expect(Object.keys(data!.nodes)).toEqual(['hero-2', 'hero-2.title', 'hero-2.text', 'hero-2.actions', 'hero-2.actions.cta']);
    expect(data!.nodes['hero-2.title']!.data.value).toBe('A fresh hero');
    expect(data!.preview!.html).toContain('data-pw-id="hero-2.title"');
    expect(await sectionsOf(site, 'home')).toEqual(['hero', 'hero-2', 'features']);
    const events = await t.pw.deps.db('events').where({ site_id: siteId, key: 'sectionsAdd' });
    expect(events).toHaveLength(1);
  });

  it('puts a section first with afterSectionId null and last without it', async () => {
    const site = await ownSite(t);
    await site.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: site.siteId } },
      body: { pageId: 'about', sectionId: 'faq-fixture', afterSectionId: null },
    });
    await site.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: site.siteId } },
      body: { pageId: 'about', sectionId: 'hero-fixture' },
    });
    expect(await sectionsOf(site, 'about')).toEqual(['faq', 'about-intro', 'hero-2']);
  });

  it('adds the collections a section brings once', async () => {
    const site = await ownSite(t);
    const first = await site.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: site.siteId } },
      body: { pageId: 'home', sectionId: 'faq-fixture' },
    });
    expect(first.data!.collections.map((c) => c.id)).toEqual(['questions']);
    await site.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: site.siteId } },
      body: { pageId: 'about', sectionId: 'faq-fixture' },
    });
    expect((await site.doc()).collections.map((c) => c.id)).toEqual(['posts', 'questions']);
  });

  it('pastes a copy of a section of the site', async () => {
    const site = await ownSite(t);
    const { data } = await site.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: site.siteId } },
      body: { pageId: 'about', duplicate: 'features' },
    });
    expect(data!.id).toBe('features-2');
    expect(data!.nodes['features-2.card-1.heading']!.data.value).toBe('Feature 1');
    expect(await sectionsOf(site, 'about')).toEqual(['about-intro', 'features-2']);
  });

  it.each([
    [{ sectionId: 'hero-fixture' }, 'pageId', 'Page not found'],
    [{ pageId: 'nowhere', sectionId: 'hero-fixture' }, 'pageId', 'Page not found'],
    [{ pageId: 'home', sectionId: 'no-such-design' }, 'sectionId', 'Section not found'],
    [{ pageId: 'home' }, 'sectionId', 'Section not found'],
    [{ pageId: 'home', sectionId: 'hero-fixture', afterSectionId: 'about-intro' }, 'afterSectionId', 'The section is not on this page'],
    [{ pageId: 'home', duplicate: 'hero.title' }, 'duplicate', 'Section not found'],
  ])('rejects %j on %s and writes nothing', async (body, field, message) => {
    const site = await ownSite(t);
    const before = await site.doc();
    const { error, response } = await site.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: site.siteId } },
      body: body as never,
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect(await site.doc()).toEqual(before);
    expect(await t.pw.deps.db('events').where({ site_id: site.siteId })).toEqual([]);
  });
});

describe('POST /sections/sort', () => {
  it('moves a section within a page', async () => {
    const site = await ownSite(t);
    const { data } = await site.api.POST('/sites/{siteId}/sections/sort', {
      params: { path: { siteId: site.siteId } },
      body: { fromPage: 'home', toPage: 'home', fromIndex: 0, toIndex: 1 },
    });
    expect(data).toEqual({ id: 'hero', pages: [{ id: 'home', sections: ['features', 'hero'] }] });
  });

  it('moves a section to another page', async () => {
    const site = await ownSite(t);
    const { data } = await site.api.POST('/sites/{siteId}/sections/sort', {
      params: { path: { siteId: site.siteId } },
      body: { fromPage: 'home', toPage: 'about', fromIndex: 1, toIndex: 0 },
    });
    expect(data!.pages).toEqual([
      { id: 'home', sections: ['hero'] },
      { id: 'about', sections: ['features', 'about-intro'] },
    ]);
  });

  it('a move sent late names its section and the one it follows: a section added meanwhile does not change what moves or where', async () => {
    const site = await ownSite(t);
    const sort = (body: Record<string, unknown>) =>
      site.api.POST('/sites/{siteId}/sections/sort', { params: { path: { siteId: site.siteId } }, body: body as never });
    // Both editors saw home as [hero, features]; another adds a section first, then the late move of features to first arrives.
    const added = await site.api.POST('/sites/{siteId}/sections', {
      params: { path: { siteId: site.siteId } },
      body: { pageId: 'home', duplicate: 'hero', afterSectionId: null },
    });
    expect(added.response.status).toBe(201);
    const { data } = await sort({
      fromPage: 'home',
      toPage: 'home',
      fromIndex: 1,
      toIndex: 0,
      sectionId: 'features',
      afterSectionId: null,
    });
    expect(data!.id).toBe('features');
    expect(await sectionsOf(site, 'home')).toEqual(['features', added.data!.id, 'hero']);
    // Then after hero (seen at index 0): right after hero, not at index 1.
    await sort({ fromPage: 'home', toPage: 'home', fromIndex: 0, toIndex: 1, sectionId: 'features', afterSectionId: 'hero' });
    expect(await sectionsOf(site, 'home')).toEqual([added.data!.id, 'hero', 'features']);
    const gone = await sort({ fromPage: 'home', toPage: 'home', fromIndex: 0, toIndex: 1, sectionId: 'ghost' });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ error: 'Section not found' });
    expect(await sectionsOf(site, 'home')).toEqual([added.data!.id, 'hero', 'features']);
  });

  it('rejects unknown pages, indexes out of range, and a page that already shows the section', async () => {
    const site = await ownSite(t);
    const path = { siteId: site.siteId };
    const unknown = await site.api.POST('/sites/{siteId}/sections/sort', {
      params: { path },
      body: { fromPage: 'nope', toPage: 'home', fromIndex: 0, toIndex: 0 },
    });
    expect(unknown.error).toMatchObject({ error: 'Page not found', info: { field: 'fromPage' } });
    const range = await site.api.POST('/sites/{siteId}/sections/sort', {
      params: { path },
      body: { fromPage: 'home', toPage: 'about', fromIndex: 2, toIndex: 0 },
    });
    expect(range.error).toMatchObject({ error: 'Index is out of range', info: { field: 'fromIndex' } });
    await site.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { ...path, pageId: 'about', sectionId: 'hero' } },
    });
    const twice = await site.api.POST('/sites/{siteId}/sections/sort', {
      params: { path },
      body: { fromPage: 'home', toPage: 'about', fromIndex: 0, toIndex: 0 },
    });
    expect(twice.response.status).toBe(409);
    expect(twice.error).toMatchObject({ code: 'SECTION_ON_PAGE', error: 'The section is already on this page' });
  });
});

describe('shared sections', () => {
  it('shows one section on two pages; an edit shows on both', async () => {
    const site = await ownSite(t);
    const path = { siteId: site.siteId, pageId: 'about', sectionId: 'hero' };
    const { data, response } = await site.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path },
      body: { afterSectionId: null },
    });
    expect(response.status).toBe(200);
    expect(data!.pages).toEqual([
      { id: 'home', sections: ['hero', 'features'] },
      { id: 'about', sections: ['hero', 'about-intro'] },
    ]);
    await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Everywhere' } },
    });
    const about = await site.api.GET('/sites/{siteId}/preview', {
      params: { path: { siteId: site.siteId }, query: { preview: 'about,light' } },
    });
    expect(about.data!.preview.html).toContain('Everywhere');
  });

  it('refuses to share a section onto a page that has it, or a section that does not exist', async () => {
    const site = await ownSite(t);
    const again = await site.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { siteId: site.siteId, pageId: 'home', sectionId: 'hero' } },
    });
    expect(again.response.status).toBe(409);
    const missing = await site.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { siteId: site.siteId, pageId: 'home', sectionId: 'hero.title' } },
    });
    expect(missing.error).toMatchObject({ error: 'Section not found', info: { field: 'sectionId' } });
    const page = await site.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { siteId: site.siteId, pageId: 'gone', sectionId: 'hero' } },
    });
    expect(page.response.status).toBe(404);
  });

  it('stops sharing: the first page keeps the section, the others get copies in place', async () => {
    const site = await ownSite(t);
    await site.api.POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
      params: { path: { siteId: site.siteId, pageId: 'about', sectionId: 'hero' } },
    });
    const { data } = await site.api.DELETE('/sites/{siteId}/sections/shared/{sectionId}', {
      params: { path: { siteId: site.siteId, sectionId: 'hero' } },
    });
    expect(data!.copies).toEqual([{ pageId: 'about', id: 'hero-2' }]);
    expect(Object.keys(data!.nodes)).toContain('hero-2.actions.cta');
    expect(await sectionsOf(site, 'about')).toEqual(['about-intro', 'hero-2']);
    expect(await sectionsOf(site, 'home')).toEqual(['hero', 'features']);
  });

  it('refuses to unshare a section that is not shared', async () => {
    const site = await ownSite(t);
    const { error, response } = await site.api.DELETE('/sites/{siteId}/sections/shared/{sectionId}', {
      params: { path: { siteId: site.siteId, sectionId: 'hero' } },
    });
    expect(response.status).toBe(400);
    expect(error!.error).toBe('This section is not shared');
  });
});

describe('the section library of the templates', () => {
  it('serves every design with its category, and any of them can be added and rendered', async () => {
    const real = await startTestServer();
    try {
      const { data: designs } = await real.client().GET('/sections');
      expect(new Set(designs!.map((d) => d.category)).size).toBeGreaterThanOrEqual(21);
      const site = await ownSite(real);
      for (const design of designs!) {
        const { data, error } = await site.api.POST('/sites/{siteId}/sections', {
          params: { path: { siteId: site.siteId } },
          body: { pageId: 'about', sectionId: design.id },
        });
        expect(error, design.id).toBeUndefined();
        expect(Object.keys(data!.nodes)).toHaveLength(design.count);
        expect(Object.keys(data!.nodes).every((id) => id === data!.id || id.startsWith(`${data!.id}.`))).toBe(true);
      }
      const { data } = await site.api.GET('/sites/{siteId}/preview', {
        params: { path: { siteId: site.siteId }, query: { preview: 'about,light' } },
      });
      expect((data!.preview.html!.match(/data-pw-id="[^".]+"/g) ?? []).length).toBeGreaterThanOrEqual(designs!.length);
      const view = await site.api.GET('/sites/{siteId}', {
        params: { path: { siteId: site.siteId }, query: { expand: 'samplePages|sampleContent' } },
      });
      expect(view.data!.samplePages!.map((p) => p.id)).toEqual([
        'about',
        'contact',
        'pricing',
        'services',
        'portfolio',
        'blog',
        'products',
        'legal',
      ]);
      expect(view.data!.sampleContent!.length).toBeGreaterThan(0);
    } finally {
      await real.close();
    }
  }, 60_000);
});
