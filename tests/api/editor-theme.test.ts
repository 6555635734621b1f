import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { history, ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

type Site = Awaited<ReturnType<typeof ownSite>>;
const style = (site: Site, componentId: string, edit: { setting: string; value: string | null }[], preview?: string) =>
  site.api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
    params: { path: { siteId: site.siteId, componentId }, query: preview ? { preview } : {} },
    body: { edit },
  });
const copy = (site: Site, body: Record<string, unknown>) =>
  site.api.PATCH('/sites/{siteId}/theme/copy', { params: { path: { siteId: site.siteId } }, body: body as never });

describe('PATCH /theme/components/{id}', () => {
  it('sets settings per variant, tidies the classes, and removes a setting with null', async () => {
    const site = await ownSite(t);
    const { data, response } = await style(
      site,
      'hero.title',
      [
        { setting: 'color', value: '  text-primary-l11   dark:text-primary-d11 md:hover:text-primary-l12 text-primary-l11 ' },
        { setting: 'text', value: null },
      ],
      'home,light',
    );
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(data!.style).toEqual({ color: 'text-primary-l11 dark:text-primary-d11 md:hover:text-primary-l12' });
    expect(data!.preview!.html).toContain('text-primary-l11');
    expect(await t.pw.deps.db('events').where({ site_id: site.siteId, key: 'styleEdit' })).toHaveLength(1);
  });

  it('styles the page body and a shared style', async () => {
    const site = await ownSite(t);
    const body = await style(site, 'body', [{ setting: 'background', value: 'bg-gray-l1 dark:bg-gray-d1' }]);
    expect(body.data).toEqual({ id: 'body', style: { background: 'bg-gray-l1 dark:bg-gray-d1' } });
    expect((await site.doc()).theme.body).toEqual({ background: 'bg-gray-l1 dark:bg-gray-d1' });
    await copy(site, { fromComponentId: 'hero.actions.cta', toComponentIds: ['hero.actions.cta'], copyType: 'shared', name: 'Primary' });
    const shared = await style(site, 'shared.primary', [{ setting: 'corners', value: 'rounded-button-md' }]);
    expect(shared.data!.style).toEqual({ background: 'bg-primary-l9 hover:bg-primary-l10', corners: 'rounded-button-md' });
  });

  it.each([
    [[{ setting: 'color', value: 'text-red-500" onclick="x' }], 'color', 'Invalid style value'],
    [[{ setting: 'color', value: 'a{b}' }], 'color', 'Invalid style value'],
    [[{ setting: 'bad setting', value: 'p-4' }], 'setting', 'Invalid style setting'],
    [[], 'edit', 'edit must be a list of { setting, value }'],
  ])('rejects %j on %s and writes nothing', async (edit, field, message) => {
    const site = await ownSite(t);
    const before = await site.doc();
    const { error, response } = await style(site, 'hero.title', edit);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect(await site.doc()).toEqual(before);
  });

  it('answers 404 for an unknown component or shared style', async () => {
    const site = await ownSite(t);
    expect((await style(site, 'hero.none', [{ setting: 'p', value: 'p-1' }])).response.status).toBe(404);
    expect((await style(site, 'shared.none', [{ setting: 'p', value: 'p-1' }])).error!.error).toBe('Shared style not found');
  });
});

describe('DELETE /theme/components/{id}', () => {
  it('resets one setting, or the whole style', async () => {
    const site = await ownSite(t);
    const one = await site.api.DELETE('/sites/{siteId}/theme/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero' }, query: { setting: 'padding' } },
    });
    expect(one.data!.style).toEqual({});
    const all = await site.api.DELETE('/sites/{siteId}/theme/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.title' } },
    });
    expect(all.data).toEqual({ id: 'hero.title', style: {} });
    expect(history(all.response)).toEqual({ undo: 2, redo: 0, unsaved: 2 });
  });
});

describe('PATCH /theme/copy', () => {
  it('copies the style to other components', async () => {
    const site = await ownSite(t);
    const { data } = await copy(site, {
      fromComponentId: 'hero.title',
      toComponentIds: ['features.card-1.heading', 'features.card-2.heading'],
      copyType: 'style',
    });
    expect(data!.components.map((c) => c.id)).toEqual(['hero.title', 'features.card-1.heading', 'features.card-2.heading']);
    expect((await site.doc()).nodes['features.card-2.heading']!.style).toEqual({ text: 'text-4xl md:text-6xl font-heading' });
  });

  it('copies the content, keeping each name', async () => {
    const site = await ownSite(t);
    await copy(site, { fromComponentId: 'hero.title', toComponentIds: ['features.card-1.heading'], copyType: 'content' });
    expect((await site.doc()).nodes['features.card-1.heading']!.data).toEqual({
      '_options.name': 'Heading',
      value: 'Welcome',
      '_options.tag': 'h1',
    });
  });

  it('makes a shared style that the source and the targets take', async () => {
    const site = await ownSite(t);
    const { data } = await copy(site, {
      fromComponentId: 'hero.title',
      toComponentIds: ['features.card-1.heading'],
      copyType: 'shared',
      name: 'Display',
    });
    expect(data!.shared).toEqual({
      id: 'display',
      name: 'Display',
      type: 'text',
      default: false,
      style: { text: 'text-4xl md:text-6xl font-heading' },
    });
    const stored = await site.doc();
    expect(stored.nodes['hero.title']!).toMatchObject({ style: {}, data: { inherits: 'display' } });
    expect(stored.nodes['features.card-1.heading']!).toMatchObject({ style: {}, data: { inherits: 'display' } });
  });

  it.each([
    [{ toComponentIds: ['hero.text'], copyType: 'style' }, 'fromComponentId', 'Component not found'],
    [
      { fromComponentId: 'hero.title', toComponentIds: [], copyType: 'style' },
      'toComponentIds',
      'Choose at least one component to copy to',
    ],
    [{ fromComponentId: 'hero.title', toComponentIds: ['ghost'], copyType: 'style' }, 'toComponentIds', 'Component not found'],
    [
      { fromComponentId: 'hero.title', toComponentIds: ['hero.text'], copyType: 'everything' },
      'copyType',
      'copyType must be style, content, all or shared',
    ],
  ])('rejects %j on %s', async (body, field, message) => {
    const site = await ownSite(t);
    const { error, response } = await copy(site, body);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
  });
});

describe('shared styles', () => {
  it('deleting one keeps its classes on the components that took it', async () => {
    const site = await ownSite(t);
    await copy(site, { fromComponentId: 'hero.title', toComponentIds: ['features.card-1.heading'], copyType: 'shared', name: 'Display' });
    const { data } = await site.api.DELETE('/sites/{siteId}/theme/shared/{sharedId}', {
      params: { path: { siteId: site.siteId, sharedId: 'display' } },
    });
    expect(data).toEqual({ id: 'display', components: ['hero.title', 'features.card-1.heading'] });
    const stored = await site.doc();
    expect(stored.shared).toEqual({});
    expect(stored.nodes['hero.title']!.style).toEqual({ text: 'text-4xl md:text-6xl font-heading' });
    expect(stored.nodes['hero.title']!.data.inherits).toBeUndefined();
    expect(
      (await site.api.DELETE('/sites/{siteId}/theme/shared/{sharedId}', { params: { path: { siteId: site.siteId, sharedId: 'display' } } }))
        .response.status,
    ).toBe(404);
  });

  it('one default per type', async () => {
    const site = await ownSite(t);
    await copy(site, { fromComponentId: 'hero.title', toComponentIds: ['hero.title'], copyType: 'shared', name: 'A' });
    await copy(site, { fromComponentId: 'hero.text', toComponentIds: ['hero.text'], copyType: 'shared', name: 'B' });
    await site.api.POST('/sites/{siteId}/theme/shared/default/{sharedId}', { params: { path: { siteId: site.siteId, sharedId: 'a' } } });
    const { data } = await site.api.POST('/sites/{siteId}/theme/shared/default/{sharedId}', {
      params: { path: { siteId: site.siteId, sharedId: 'b' } },
    });
    expect(data!.shared.map((s) => [s.id, s.default])).toEqual([
      ['a', false],
      ['b', true],
    ]);
    expect(
      (
        await site.api.POST('/sites/{siteId}/theme/shared/default/{sharedId}', {
          params: { path: { siteId: site.siteId, sharedId: 'zzz' } },
        })
      ).response.status,
    ).toBe(404);
  });
});

describe('PATCH /theme/colors', () => {
  it('makes 12 light and 12 dark shades from each base colour, # added', async () => {
    const site = await ownSite(t);
    const { data } = await site.api.PATCH('/sites/{siteId}/theme/colors', {
      params: { path: { siteId: site.siteId } },
      body: { primary: 'FF5500', accent: '#10b981' },
    });
    expect(data!.colors.primary).toMatchObject({ base: '#ff5500' });
    expect(Object.keys(data!.colors.primary!.shades)).toHaveLength(24);
    expect(data!.colors.primary!.shades.l9).toBe('#ff5500');
    expect(data!.colors.accent!.shades.d9).toBe('#10b981');
    const removed = await site.api.PATCH('/sites/{siteId}/theme/colors', {
      params: { path: { siteId: site.siteId } },
      body: { accent: null },
    });
    expect(removed.data!.colors).not.toHaveProperty('accent');
    expect((await site.api.GET('/sites')).data!.find((s) => s.id === site.siteId)!.theme.primary).toBe('#ff5500');
  });

  it.each([
    [{ primary: '#ff550' }, 'primary', 'Hex color must be 6 hex digits'],
    [{ primary: 'orange' }, 'primary', 'Hex color must be 6 hex digits'],
    [{ gray: null }, 'gray', 'The primary, secondary and gray colours cannot be removed'],
    [{ 'Bad Name': '#000000' }, 'Bad Name', 'Colour names are lowercase letters, digits and hyphens'],
  ])('rejects %j', async (body, field, message) => {
    const site = await ownSite(t);
    const { error, response } = await site.api.PATCH('/sites/{siteId}/theme/colors', { params: { path: { siteId: site.siteId } }, body });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
  });
});

describe('PATCH /theme/fonts/{role}', () => {
  it('keeps only the weights the family has, defaulting to 400', async () => {
    const site = await ownSite(t);
    const font = (role: 'heading' | 'sans', body: Record<string, unknown>) =>
      site.api.PATCH('/sites/{siteId}/theme/fonts/{role}', { params: { path: { siteId: site.siteId, role } }, body });
    const { data } = await font('heading', { family: 'playfair display', normal: [400, 700, 1000], italic: [400, 300] });
    expect(data).toEqual({ role: 'heading', font: { family: 'Playfair Display', normal: [400, 700], italic: [400] } });
    const bebas = await font('sans', { family: 'Bebas Neue', normal: [700], italic: [400] });
    expect(bebas.data!.font).toEqual({ family: 'Bebas Neue', normal: [400], italic: [] });
    const weightsOnly = await font('sans', { normal: [300] });
    expect(weightsOnly.data!.font).toEqual({ family: 'Bebas Neue', normal: [400], italic: [] });
  });

  it('rejects an unknown family, bad weights and an unknown role', async () => {
    const site = await ownSite(t);
    const unknown = await site.api.PATCH('/sites/{siteId}/theme/fonts/{role}', {
      params: { path: { siteId: site.siteId, role: 'heading' } },
      body: { family: 'Comic Sans Pro' },
    });
    expect(unknown.error).toMatchObject({ error: 'Font not found', info: { field: 'family' } });
    const weights = await site.api.PATCH('/sites/{siteId}/theme/fonts/{role}', {
      params: { path: { siteId: site.siteId, role: 'heading' } },
      body: { normal: ['bold'] as never },
    });
    expect(weights.error).toMatchObject({ info: { field: 'normal' } });
    const role = await site.api.PATCH('/sites/{siteId}/theme/fonts/{role}', {
      params: { path: { siteId: site.siteId, role: 'mono' as never } },
      body: { family: 'Inter' },
    });
    expect(role.response.status).toBe(404);
  });
});

describe('PATCH /theme/vars', () => {
  const vars = (site: Site, variable: string, value: unknown) =>
    site.api.PATCH('/sites/{siteId}/theme/vars', { params: { path: { siteId: site.siteId } }, body: { variable, value: value as never } });

  it('sets tokens, the appearance and the scales', async () => {
    const site = await ownSite(t);
    await vars(site, 'section-y', 'clamp(3rem, 8vw, 8rem)');
    await vars(site, 'box-2xl', '2rem');
    await vars(site, 'appearance', 'auto');
    await vars(site, 'textScale', 105);
    const { data } = await vars(site, 'cornerScale', '150');
    expect(data).toEqual({
      appearance: 'auto',
      textScale: 105,
      cornerScale: 150,
      vars: { 'section-x': '1.5rem', 'section-y': 'clamp(3rem, 8vw, 8rem)', 'box-2xl': '2rem' },
    });
    const reset = await vars(site, 'section-x', null);
    expect(reset.data!.vars).not.toHaveProperty('section-x');
  });

  it.each([
    ['gap-huge', '1rem', 'variable', 'Unknown theme variable'],
    ['gap', 'wide', 'value', 'Invalid value for this theme variable'],
    ['gap', '1rem; color: red', 'value', 'Invalid value for this theme variable'],
    ['appearance', 'sepia', 'value', 'Must be one of light, auto, dark'],
    ['textScale', 120, 'value', 'Must be one of 90, 95, 100, 105, 110'],
    ['cornerScale', 75, 'value', 'Must be one of 0, 50, 100, 150, 200'],
  ])('rejects %s = %j', async (variable, value, field, message) => {
    const site = await ownSite(t);
    const { error, response } = await vars(site, variable, value);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
  });
});

describe('POST /global', () => {
  const global = (site: Site, variable: string, value: unknown) =>
    site.api.POST('/sites/{siteId}/global', { params: { path: { siteId: site.siteId } }, body: { variable, value: value as never } });

  it('sets site and meta variables and the user’s own, which null removes', async () => {
    const site = await ownSite(t);
    await global(site, 'site.phone', '+358 40 123 4567');
    await global(site, 'meta.title', 'Best <b>bistro</b>');
    await global(site, 'opening_hours', { _loc: true, en: 'Mon–Fri 9–17', fi: 'ma–pe 9–17' });
    const { data, response } = await global(site, 'tagline', 'Fresh daily');
    expect(history(response)).toEqual({ undo: 4, redo: 0, unsaved: 4 });
    expect(data!.globals.site.phone).toBe('+358 40 123 4567');
    expect(data!.globals.meta.title).toBe('Best bistro');
    expect(data!.globals.custom).toEqual({ opening_hours: { _loc: true, en: 'Mon–Fri 9–17', fi: 'ma–pe 9–17' }, tagline: 'Fresh daily' });
    const removed = await global(site, 'tagline', null);
    expect(removed.data!.globals.custom).not.toHaveProperty('tagline');
  });

  it('needs the legal feature of the plan for legal variables', async () => {
    const site = await ownSite(t);
    const refused = await global(site, 'legal.company_name', 'Aalto Oy');
    expect(refused.response.status).toBe(402);
    expect(refused.error).toMatchObject({ code: 'PLAN_LIMIT', info: { title: 'Upgrade needed' } });
    await t.pw.deps.db('subscriptions').where({ user_id: site.userId }).update({ plan_id: 2 });
    const { data } = await global(site, 'legal.company_name', 'Aalto Oy');
    expect(data!.globals.legal.company_name).toBe('Aalto Oy');
  });

  it.each([
    ['site.fax', 'x', 'variable', 'Unknown global variable'],
    ['page', 'x', 'variable', 'Unknown global variable'],
    ['Bad Name', 'x', 'variable', 'Unknown global variable'],
    ['site.email', { _loc: true, en: 'a@b.c' }, 'value', 'This variable takes text, not text per language'],
    ['tagline', 42, 'value', 'value must be text, or text per language'],
  ])('rejects %s = %j', async (variable, value, field, message) => {
    const site = await ownSite(t);
    const { error, response } = await global(site, variable, value);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
  });
});
