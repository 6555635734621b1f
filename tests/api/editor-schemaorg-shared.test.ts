import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** The Schema.org editor's save (PUT /schemaorg/{componentId}) and a shared style's rename and icon (PATCH /theme/shared/{id}). */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

type Site = Awaited<ReturnType<typeof ownSite>>;

async function schemaComponent(site: Site, type: 'schemaOrg' | 'schemaOrg-thing' = 'schemaOrg') {
  const { data } = await site.api.POST('/sites/{siteId}/components', {
    params: { path: { siteId: site.siteId } },
    body: { toContainer: 'hero', type },
  });
  return data!.id;
}
const put = (site: Site, componentId: string, json: unknown, preview?: string) =>
  site.api.PUT('/sites/{siteId}/schemaorg/{componentId}', {
    params: { path: { siteId: site.siteId, componentId }, query: preview ? { preview } : {} },
    body: { json: json as Record<string, unknown> },
  });

describe('PUT /schemaorg/{componentId}', () => {
  it('saves a typed description with a nested entity as one undo step, and the compiled page carries its JSON-LD', async () => {
    const site = await ownSite(t);
    const id = await schemaComponent(site);
    const json = {
      '@type': 'Restaurant',
      name: '{site.name}',
      servesCuisine: ['Nordic', 'Finnish'],
      acceptsReservations: true,
      address: { '@type': 'PostalAddress', addressLocality: 'Helsinki' },
    };
    const { data, response } = await put(site, id, json, 'home,light');
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 2, redo: 0, unsaved: 2 });
    expect(data!.node.data.value).toEqual(json);
    expect(data!.preview!.html).toContain('application/ld+json');
    const { data: ld } = await site.api.GET('/sites/{siteId}/schemaorg/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: id } },
    });
    expect(ld!.json).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Restaurant',
      name: 'Test Site',
      address: { addressLocality: 'Helsinki' },
    });
    // The home page as compiled (the site view serves what a publish writes) carries it.
    const { data: view } = await site.api.POST('/sites/{siteId}/view', { params: { path: { siteId: site.siteId } } });
    const html = await (await fetch(view!.url.replace(t.pw.deps.config.publicUrl, t.url))).text();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as object,
    );
    expect(scripts).toContainEqual(
      expect.objectContaining({ '@type': 'Restaurant', name: 'Test Site', servesCuisine: ['Nordic', 'Finnish'] }),
    );
  });

  it('takes only properties of the type and its ancestors, known types, and values of the vocabulary', async () => {
    const site = await ownSite(t);
    const id = await schemaComponent(site);
    // name is Thing's, telephone Organization's, servesCuisine FoodEstablishment's: all Restaurant's.
    expect((await put(site, id, { '@type': 'Restaurant', name: 'A', telephone: '+358', servesCuisine: 'x' })).response.status).toBe(200);
    const wrong = await put(site, id, { '@type': 'Person', servesCuisine: 'Nordic' });
    expect(wrong.error).toMatchObject({
      status: 400,
      error: 'servesCuisine is not a property of Person',
      info: { field: 'json.servesCuisine' },
    });
    expect((await put(site, id, { '@type': 'Restaurnt' })).error).toMatchObject({
      error: 'Unknown Schema.org type',
      info: { field: 'json.@type' },
    });
    expect((await put(site, id, { '@type': 'Person', address: { street: 'x' } })).error).toMatchObject({
      error: 'A value is text, a number, true or false, a list, or an entity with its @type',
    });
    expect((await put(site, id, { '@type': 'Person', address: { '@type': 'Nope' } })).error).toMatchObject({
      info: { field: 'json.address.@type' },
    });
    expect((await put(site, id, [])).response.status).toBe(400);
    // Nothing of the refused ones was written.
    expect((await site.doc()).nodes[id]!.data.value).toEqual({ '@type': 'Restaurant', name: 'A', telephone: '+358', servesCuisine: 'x' });
  });

  it('lets a thing leave out its type, empties with {}, and refuses other components', async () => {
    const site = await ownSite(t);
    const id = await schemaComponent(site, 'schemaOrg-thing');
    expect((await put(site, id, { name: 'Just a thing' })).response.status).toBe(200);
    expect((await put(site, id, { servesCuisine: 'x' })).error).toMatchObject({ error: 'servesCuisine is not a property of Thing' });
    expect((await put(site, id, {})).data!.node.data.value).toBeUndefined();
    expect((await put(site, 'hero.title', { '@type': 'Thing' })).error).toMatchObject({
      error: 'This component is not a Schema.org component',
    });
    expect((await put(site, 'ghost', { '@type': 'Thing' })).response.status).toBe(404);
  });
});

describe('PATCH /theme/shared/{id}', () => {
  it('renames a shared style and sets its icon, keeping its id and the components that take it', async () => {
    const site = await ownSite(t);
    await site.api.PATCH('/sites/{siteId}/theme/copy', {
      params: { path: { siteId: site.siteId } },
      body: { fromComponentId: 'hero.title', toComponentIds: ['features.card-1.heading'], copyType: 'shared', name: 'Display' },
    });
    const { data, response } = await site.api.PATCH('/sites/{siteId}/theme/shared/{sharedId}', {
      params: { path: { siteId: site.siteId, sharedId: 'display' }, query: { preview: 'home,light' } },
      body: { name: '  Big title ', icon: 'heading' },
    });
    expect(response.status).toBe(200);
    expect(history(response)!.undo).toBe(2);
    expect(data!.shared).toMatchObject({ id: 'display', name: 'Big title', icon: 'heading' });
    expect(data!.preview).toBeDefined();
    const stored = await site.doc();
    expect(stored.nodes['features.card-1.heading']!.data.inherits).toBe('display');
    // null takes the icon off; undo puts it back.
    const cleared = await site.api.PATCH('/sites/{siteId}/theme/shared/{sharedId}', {
      params: { path: { siteId: site.siteId, sharedId: 'display' } },
      body: { icon: null },
    });
    expect(cleared.data!.shared.icon).toBeUndefined();
    await site.api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId: site.siteId } } });
    expect((await site.doc()).shared.display!.icon).toBe('heading');
  });

  it('refuses an empty name, a bad icon and an unknown style, writing nothing', async () => {
    const site = await ownSite(t);
    await site.api.PATCH('/sites/{siteId}/theme/copy', {
      params: { path: { siteId: site.siteId } },
      body: { fromComponentId: 'hero.title', toComponentIds: ['hero.title'], copyType: 'shared', name: 'Display' },
    });
    const patch = (sharedId: string, body: { name?: string; icon?: string | null }) =>
      site.api.PATCH('/sites/{siteId}/theme/shared/{sharedId}', { params: { path: { siteId: site.siteId, sharedId } }, body });
    expect((await patch('display', { name: '   ' })).error).toMatchObject({
      status: 400,
      error: 'Name is required',
      info: { field: 'name' },
    });
    expect((await patch('display', { icon: '<svg>' })).error).toMatchObject({
      error: 'Icon names are lowercase letters, digits and hyphens',
      info: { field: 'icon' },
    });
    expect((await patch('nope', { name: 'X' })).response.status).toBe(404);
    expect((await site.doc()).shared.display!.name).toBe('Display');
  });
});

describe('the styles preview', () => {
  it('`_styles|<id>` shows sample components of the style’s type taking it, without the header, and follows an edit of the style', async () => {
    const site = await ownSite(t);
    await site.api.PATCH('/sites/{siteId}/theme/copy', {
      params: { path: { siteId: site.siteId } },
      body: { fromComponentId: 'hero.title', toComponentIds: ['hero.title'], copyType: 'shared', name: 'Display' },
    });
    const { data } = await site.api.GET('/sites/{siteId}/preview', {
      params: { path: { siteId: site.siteId }, query: { preview: '_styles|display,light' } },
    });
    expect(data!.preview).toMatchObject({ pageId: '_styles/display', appearance: 'light' });
    const html = data!.preview.html;
    expect(html).toContain('data-pw-id="pw-style-sample.heading"');
    expect(html).toContain('data-pw-id="pw-style-sample.paragraph"');
    // The style's classes (the hero title's) are on the samples; the header is not there.
    expect(html).toMatch(
      /data-pw-id="pw-style-sample\.heading"[^>]*class="[^"]*text-4xl|class="[^"]*text-4xl[^"]*"[^>]*data-pw-id="pw-style-sample\.heading"/,
    );
    expect(html).not.toContain('data-pw-id="header"');
    const edited = await site.api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'shared.display' }, query: { preview: '_styles|display,light' } },
      body: { edit: [{ setting: 'textColor', value: 'text-secondary-l11' }] },
    });
    expect(edited.data!.preview!.html).toContain('text-secondary-l11');
    // A style that is not there has no preview page.
    const none = await site.api.GET('/sites/{siteId}/preview', {
      params: { path: { siteId: site.siteId }, query: { preview: '_styles|ghost,light' } },
    });
    expect(none.response.status).toBe(404);
    expect((await site.doc()).pages.some((p) => p.id.startsWith('_styles'))).toBe(false);
  });
});
