import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

describe('GET /sites/{siteId}', () => {
  it('answers the summary with role, history, plan and settings, and the history header', async () => {
    const { api, siteId, userId } = await ownSite(t);
    const { data, response } = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 0, redo: 0, unsaved: 0 });
    expect(data).toMatchObject({
      id: siteId,
      ownerId: userId,
      role: 'owner',
      isLocked: false,
      history: { undo: 0, redo: 0, unsaved: 0 },
      plan: { id: 1 },
    });
    expect(data!.settings).toMatchObject({ name: 'Test Site', languages: ['en'] });
    expect(data!.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(data).not.toHaveProperty('pages');
  });

  it('expands everything with all', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'all' } } });
    expect(data!.pages!.map((p) => p.id)).toEqual(['home', 'about', 'posts/:slug', '_before', '_after', '404']);
    expect(data!.nodes!['hero.title']).toMatchObject({ type: 'heading', data: { value: 'Welcome' } });
    expect(data!.before).toEqual(['header']);
    expect(data!.after).toEqual(['footer']);
    expect(data!.style!.theme.colors.primary!.shades.l9).toBe('#3e64de');
    expect(data!.globals!.site.name).toBe('Test Site');
    expect(data!.content).toEqual([
      expect.objectContaining({ id: 'posts', name: 'Posts', icon: 'Blog', schema: expect.any(Array), items: expect.any(Array) }),
    ]);
    expect(data!.publish).toEqual({ webhook: null, type: null, author: null, authorId: null, timestamp: null });
    expect(data!.samplePages).toEqual([
      { id: 'pricing', name: 'Pricing', sections: ['faq-fixture'] },
      { id: 'products', name: 'Products', sections: ['faq-fixture'] },
    ]);
    expect(data!.sampleContent!.map((c) => c.id)).toEqual(['questions']);
    expect(data!.versions).toHaveLength(1);
  });

  it('expands only the keys asked for, joined by |', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'style|globals' } } });
    expect(data).toHaveProperty('style');
    expect(data).toHaveProperty('globals');
    expect(data).not.toHaveProperty('pages');
    expect(data).not.toHaveProperty('content');
  });

  it('rejects an unknown expand key', async () => {
    const { api, siteId } = await ownSite(t);
    const { error, response } = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages|secrets' } } });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', info: { field: 'expand' } });
  });

  it('answers a broken site with its summary, and 409 when expanded', async () => {
    const { api, siteId } = await ownSite(t);
    await t.pw.deps.db('sites').where({ id: siteId }).update({ data: '{"broken":' });
    const plain = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    expect(plain.response.status).toBe(200);
    expect(plain.data).not.toHaveProperty('settings');
    const expanded = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
    expect(expanded.response.status).toBe(409);
    expect(expanded.error).toMatchObject({
      code: 'SITE_BROKEN',
      error: 'This site could not be loaded. Roll back to the last saved version to continue.',
    });
  });
});

describe('PATCH /sites/{siteId}', () => {
  it('changes the name, description and languages, and the site list follows the name', async () => {
    const { api, siteId, doc } = await ownSite(t);
    await t.pw.deps
      .db('subscriptions')
      .where({ user_id: (await api.GET('/user')).data!.id })
      .update({ plan_id: 2 });
    const { data, response } = await api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: { name: 'Bistro Aalto', description: { _loc: true, en: 'Food', fi: 'Ruokaa' }, languages: ['en', 'FI'] },
    });
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(data!.settings).toMatchObject({
      name: 'Bistro Aalto',
      languages: ['en', 'fi'],
      description: { _loc: true, en: 'Food', fi: 'Ruokaa' },
    });
    expect((await doc()).settings.name).toBe('Bistro Aalto');
    expect((await api.GET('/sites')).data!.find((s) => s.id === siteId)!.name).toBe('Bistro Aalto');
  });

  it.each([
    [{ name: '' }, 'name', 'Site name is required'],
    [{ name: 'A' }, 'name', 'Too short, min. 2 charaters'],
    [{ languages: [] }, 'languages', 'At least one language is required'],
    [{ languages: ['english'] }, 'languages', 'Invalid language code'],
    [{ languages: ['en', 'en'] }, 'languages', 'A language is listed twice'],
    [{ publish: { webhook: 'ftp://example.com/hook' } }, 'publish.webhook', 'The webhook must be an http or https address'],
    [{ description: 'x'.repeat(156) }, 'description', 'Description must be at most 155 characters'],
  ])('rejects %j on %s and writes nothing', async (body, field, message) => {
    const { api, siteId, doc } = await ownSite(t);
    const before = await doc();
    const { error, response } = await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: body as never });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, code: 'VALIDATION_FAILED', info: { field } });
    expect(await doc()).toEqual(before);
  });

  it('stops at the plan language limit with 402', async () => {
    const { api, siteId } = await ownSite(t);
    const { error, response } = await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { languages: ['en', 'fi'] } });
    expect(response.status).toBe(402);
    expect(error).toMatchObject({
      code: 'PLAN_LIMIT',
      error: 'Your pricing plan allows 1 language. To add more, the site owner needs to upgrade the pricing plan.',
      info: { title: 'Upgrade needed', limit: 1 },
    });
  });

  it('sets and removes the publish webhook', async () => {
    const { api, siteId } = await ownSite(t);
    const set = await api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: { publish: { webhook: 'https://hooks.example.com/deploy' } },
    });
    expect(set.data!.settings.publish).toEqual({ webhook: 'https://hooks.example.com/deploy' });
    const removed = await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { publish: { webhook: null } } });
    expect(removed.data!.settings.publish).toEqual({});
  });
});

describe('preview', () => {
  it('answers the page rendered for the editor frame', async () => {
    const { api, siteId } = await ownSite(t);
    const { data, response } = await api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: 'home,dark' } } });
    expect(response.status).toBe(200);
    expect(data!.preview).toMatchObject({ pageId: 'home', appearance: 'dark', language: 'en' });
    expect(data!.preview.html).toContain('data-pw-id="hero.title"');
    expect(data!.preview.html).toContain('Welcome');
    expect(data!.preview.html).toContain('<style>');
  });

  it('renders a page whose id has a slash, sent with |', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: 'posts|:slug,light' } } });
    expect(data!.preview.pageId).toBe('posts/:slug');
    expect(data!.preview.html).toContain('Hello world');
  });

  it('rejects a malformed preview query and answers 404 for a missing page', async () => {
    const { api, siteId } = await ownSite(t);
    for (const preview of ['home', 'home,sepia', 'home,light,english', '']) {
      const { error, response } = await api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview } } });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({
        error: 'preview must be <pageId>,<appearance> with appearance light or dark',
        info: { field: 'preview' },
      });
    }
    const missing = await api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: 'nowhere,light' } } });
    expect(missing.response.status).toBe(404);
  });

  it('comes with an edit when the edit asks for it, rendered after the edit', async () => {
    const { api, siteId } = await ownSite(t);
    const { data } = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' }, query: { preview: 'home,light' } },
      body: { data: { value: 'Freshly edited' } },
    });
    expect(data!.preview!.html).toContain('Freshly edited');
    const without = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Again' } },
    });
    expect(without.data).not.toHaveProperty('preview');
  });

  it('rejects a bad preview query on an edit before writing anything', async () => {
    const { api, siteId, doc } = await ownSite(t);
    const before = await doc();
    const { response } = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' }, query: { preview: 'home,purple' } },
      body: { data: { value: 'Never saved' } },
    });
    expect(response.status).toBe(400);
    expect(await doc()).toEqual(before);
  });
});

describe('catalogues', () => {
  it('serves the section library', async () => {
    const { data } = await t.client().GET('/sections');
    expect(data).toEqual([
      { id: 'hero-fixture', name: 'Hero', category: 'hero', count: 5 },
      { id: 'faq-fixture', name: 'FAQ', category: 'faq', count: 2 },
    ]);
  });

  it('serves at least 40 web fonts with their weights', async () => {
    const { data } = await t.client().GET('/fonts');
    expect(data!.length).toBeGreaterThanOrEqual(40);
    expect(data!.find((f) => f.family === 'Inter')).toEqual({
      family: 'Inter',
      category: 'sans-serif',
      normal: [100, 200, 300, 400, 500, 600, 700, 800, 900],
      italic: [100, 200, 300, 400, 500, 600, 700, 800, 900],
    });
    expect(data!.find((f) => f.family === 'Bebas Neue')).toMatchObject({ normal: [400], italic: [] });
    for (const font of data!) expect(font.normal.length).toBeGreaterThan(0);
  });

  it('serves the Schema.org types the spec needs, each reaching Thing, with properties on known types', async () => {
    const { data } = await t.client().GET('/schemaorg');
    const types = new Map(data!.types.map((x) => [x.id, x.subClassOf]));
    const required = [
      'Thing',
      'CreativeWork',
      'Article',
      'BlogPosting',
      'Organization',
      'LocalBusiness',
      'Restaurant',
      'Person',
      'Product',
      'Offer',
      'Event',
      'Place',
      'PostalAddress',
      'WebSite',
      'WebPage',
      'FAQPage',
      'Question',
      'Answer',
    ];
    for (const id of required) expect(types.has(id), id).toBe(true);
    const reachesThing = (id: string): boolean => id === 'Thing' || (types.get(id) ?? []).some(reachesThing);
    for (const id of types.keys()) expect(reachesThing(id), id).toBe(true);
    expect(types.get('Restaurant')).toEqual(['FoodEstablishment']);
    expect(types.get('LocalBusiness')).toEqual(['Organization', 'Place']);
    const scalars = ['Text', 'URL', 'Number', 'Integer', 'Boolean', 'Date', 'DateTime', 'Time'];
    for (const p of data!.properties) {
      for (const d of p.domain) expect(types.has(d), `${p.id} domain ${d}`).toBe(true);
      for (const v of p.types) expect(types.has(v) || scalars.includes(v), `${p.id} type ${v}`).toBe(true);
    }
    expect(data!.properties.find((p) => p.id === 'servesCuisine')).toEqual({
      id: 'servesCuisine',
      domain: ['FoodEstablishment'],
      types: ['Text'],
    });
  });
});

describe('a site without a model document', () => {
  it('answers 409 to an edit of a document the editor cannot read, and reset mends it', async () => {
    const { api, siteId } = await ownSite(t, makeSiteDoc());
    await t.pw.deps.db('sites').where({ id: siteId }).update({ data: '{"settings":{}}' });
    const edit = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'x' } },
    });
    expect(edit.response.status).toBe(409);
    expect(edit.error?.code).toBe('SITE_BROKEN');
    expect((await api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId } } })).response.status).toBe(200);
    const again = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'x' } },
    });
    expect(again.response.status).toBe(200);
  });
});
