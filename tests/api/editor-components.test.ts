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
const patch = (site: Site, componentId: string, body: Record<string, unknown>) =>
  site.api.PATCH('/sites/{siteId}/components/{componentId}', { params: { path: { siteId: site.siteId, componentId } }, body });
const add = (site: Site, body: Record<string, unknown>) =>
  site.api.POST('/sites/{siteId}/components', { params: { path: { siteId: site.siteId } }, body: body as never });
const sort = (site: Site, body: Record<string, unknown>) =>
  site.api.POST('/sites/{siteId}/components/sort', { params: { path: { siteId: site.siteId } }, body: body as never });

describe('PATCH /components/{id}', () => {
  it('sets and removes data keys; the id stays', async () => {
    const site = await ownSite(t);
    const { data, response } = await patch(site, 'hero.title', {
      data: { value: { _loc: true, en: 'Hi' }, '_options.tag': 'h2', '_attr.id': 'top' },
    });
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(data).toMatchObject({
      id: 'hero.title',
      previousId: 'hero.title',
      node: { data: { value: { _loc: true, en: 'Hi' }, '_options.tag': 'h2', '_attr.id': 'top' } },
    });
    const removed = await patch(site, 'hero.title', { data: { '_attr.id': null } });
    expect(removed.data!.node.data).not.toHaveProperty('_attr.id');
  });

  it('ignores an unchanged value: no history entry', async () => {
    const site = await ownSite(t);
    const { response } = await patch(site, 'hero.title', { data: { value: 'Welcome' } });
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 0, redo: 0, unsaved: 0 });
  });

  it('renames: the id and its descendants follow, and the parent lists the new id', async () => {
    const site = await ownSite(t);
    const { data } = await patch(site, 'hero.actions', { name: 'Call to action' });
    expect(data).toMatchObject({ id: 'hero.call-to-action', previousId: 'hero.actions' });
    const stored = await site.doc();
    expect(stored.nodes.hero!.children).toEqual(['hero.title', 'hero.text', 'hero.call-to-action']);
    expect(stored.nodes['hero.call-to-action']!.children).toEqual(['hero.call-to-action.cta']);
    expect(stored.nodes['hero.call-to-action.cta']!.data.value).toBe('Get started');
    expect(stored.nodes['hero.actions']).toBeUndefined();
  });

  it('renames a section: the pages list the new id', async () => {
    const site = await ownSite(t);
    const { data } = await patch(site, 'features', { name: 'Why us' });
    expect(data!.id).toBe('why-us');
    expect((await site.doc()).pages[0]!.sections).toEqual(['hero', 'why-us']);
  });

  it('renames to a free id when a sibling has the name', async () => {
    const site = await ownSite(t);
    const { data } = await patch(site, 'hero.text', { name: 'Title' });
    expect(data!.id).toBe('hero.title-2');
    expect((await site.doc()).nodes['hero.title-2']!.data['_options.name']).toBe('Title');
  });

  it('edits an alias through to its original', async () => {
    const site = await ownSite(t);
    const alias = await add(site, { toContainer: 'about-intro', componentId: 'hero.title', alias: true });
    await patch(site, alias.data!.id, { data: { value: 'Shared words' } });
    const stored = await site.doc();
    expect(stored.nodes['hero.title']!.data.value).toBe('Shared words');
    expect(stored.nodes[alias.data!.id]!.alias).toBe('hero.title');
  });

  it.each([
    [{ name: '  ' }, 'name', 'Name is required'],
    [{ data: [] }, 'data', 'data must be an object of settings'],
    [{ data: { 'bad key!': 1 } }, 'bad key!', 'Invalid setting name'],
    [{ data: { '_options.tag': 'h7' } }, '_options.tag', 'Must be one of h1, h2, h3, h4, h5, h6'],
    [{ data: { '_options.hidden': 'yes' } }, '_options.hidden', '_options.hidden must be true or false'],
    [{ data: { _repeat: 'nothing' } }, '_repeat', 'Collection not found'],
    [{ data: { _dataSource: 'posts.99' } }, '_dataSource', 'Item not found'],
    [{ data: { value: 'x'.repeat(100_001) } }, 'value', 'The value is too large'],
  ])('rejects %j on %s and writes nothing', async (body, field, message) => {
    const site = await ownSite(t);
    const before = await site.doc();
    const { error, response } = await patch(site, 'hero.title', body);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect(await site.doc()).toEqual(before);
  });

  it('parses a counter value as an integer', async () => {
    const site = await ownSite(t);
    const { data: counter } = await add(site, { toContainer: 'hero', type: 'counter' });
    const { data } = await patch(site, counter!.id, { data: { value: '42 apples' } });
    expect(data!.node.data.value).toBe(42);
    const bad = await patch(site, counter!.id, { data: { value: 'many' } });
    expect(bad.error).toMatchObject({ error: 'Counter value must be a whole number', info: { field: 'value' } });
  });

  it('binds a data source to an item of a collection', async () => {
    const site = await ownSite(t);
    const { data } = await patch(site, 'hero', { data: { _dataSource: 'posts.2' } });
    expect(data!.node.data._dataSource).toBe('posts.2');
  });

  it('answers 404 for a component that does not exist', async () => {
    const site = await ownSite(t);
    expect((await patch(site, 'hero.nothing', { data: { value: 1 } })).response.status).toBe(404);
  });
});

describe('POST /components', () => {
  it('adds a component of a type with starting content at an index', async () => {
    const site = await ownSite(t);
    const { data, response } = await add(site, { toContainer: 'hero.actions', type: 'button', index: 0 });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ id: 'hero.actions.button', files: [] });
    expect(data!.nodes['hero.actions.button']).toMatchObject({
      type: 'button',
      data: { value: 'Button', '_options.name': 'Button' },
      children: [],
    });
    expect((await site.doc()).nodes['hero.actions']!.children).toEqual(['hero.actions.button', 'hero.actions.cta']);
    expect(await t.pw.deps.db('events').where({ site_id: site.siteId, key: 'comopnentsAdd' })).toHaveLength(1);
  });

  it('duplicates a component with everything in it', async () => {
    const site = await ownSite(t);
    const { data } = await add(site, { toContainer: 'hero', componentId: 'hero.actions', index: 3 });
    expect(data!.id).toBe('hero.actions-2');
    expect(Object.keys(data!.nodes)).toEqual(['hero.actions-2', 'hero.actions-2.cta']);
    expect((await site.doc()).nodes.hero!.children).toEqual(['hero.title', 'hero.text', 'hero.actions', 'hero.actions-2']);
  });

  it('copies into another section under the container', async () => {
    const site = await ownSite(t);
    const { data } = await add(site, { toContainer: 'features.card-1', componentId: 'hero.actions.cta' });
    expect(data!.id).toBe('features.card-1.cta');
  });

  it('shows a new component in the default shared style of its type', async () => {
    const site = await ownSite(t);
    await site.api.PATCH('/sites/{siteId}/theme/copy', {
      params: { path: { siteId: site.siteId } },
      body: { fromComponentId: 'hero.text', toComponentIds: ['hero.text'], copyType: 'shared', name: 'Body' },
    });
    await site.api.PATCH('/sites/{siteId}/theme/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'shared.body' } },
      body: { edit: [{ setting: 'color', value: 'text-gray-l11' }] },
    });
    await site.api.POST('/sites/{siteId}/theme/shared/default/{sharedId}', { params: { path: { siteId: site.siteId, sharedId: 'body' } } });
    const { data } = await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId }, query: { preview: 'home,light' } },
      body: { toContainer: 'features', type: 'paragraph' },
    });
    expect(data!.nodes[data!.id]!.data).not.toHaveProperty('inherits');
    expect(data!.preview!.html).toMatch(
      /<p [^>]*class="[^"]*text-gray-l11[^"]*"[^>]*data-pw-id="features.paragraph"|<p [^>]*data-pw-id="features.paragraph"[^>]*class="[^"]*text-gray-l11/,
    );
  });

  it.each([
    [{ type: 'heading' }, 'toContainer', 'Container not found'],
    [{ toContainer: 'nothing', type: 'heading' }, 'toContainer', 'Container not found'],
    [{ toContainer: 'hero.title', type: 'heading' }, 'toContainer', 'This component cannot hold other components'],
    [{ toContainer: 'hero' }, 'type', 'Choose a component type or a component to copy'],
    [{ toContainer: 'hero', type: 'heading', componentId: 'hero.text' }, 'type', 'Choose a component type or a component to copy'],
    [{ toContainer: 'hero', type: 'marquee' }, 'type', 'Unknown component type'],
    [{ toContainer: 'hero', componentId: 'nothing' }, 'componentId', 'Component not found'],
    [{ toContainer: 'hero', type: 'heading', index: 4 }, 'index', 'Index is out of range'],
    [
      { toContainer: 'hero.actions', componentId: 'hero', alias: true },
      'toContainer',
      'A component cannot be moved into itself or a descendant',
    ],
  ])('rejects %j on %s and writes nothing', async (body, field, message) => {
    const site = await ownSite(t);
    const before = await site.doc();
    const { error, response } = await add(site, body);
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, info: { field } });
    expect(await site.doc()).toEqual(before);
  });
});

describe('DELETE /components/{id}', () => {
  it('deletes a component and everything in it; selects the previous sibling', async () => {
    const site = await ownSite(t);
    const { data, response } = await site.api.DELETE('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.actions' } },
    });
    expect(response.status).toBe(200);
    expect(data).toEqual({ id: 'hero.actions', select: 'hero.text' });
    const stored = await site.doc();
    expect(stored.nodes['hero.actions.cta']).toBeUndefined();
    expect(stored.nodes.hero!.children).toEqual(['hero.title', 'hero.text']);
    expect(await t.pw.deps.db('events').where({ site_id: site.siteId, key: 'componentsDelete' })).toHaveLength(1);
  });

  it('selects the next sibling of a first child, and the parent of an only child', async () => {
    const site = await ownSite(t);
    const del = (componentId: string) =>
      site.api.DELETE('/sites/{siteId}/components/{componentId}', { params: { path: { siteId: site.siteId, componentId } } });
    expect((await del('hero.title')).data!.select).toBe('hero.text');
    expect((await del('hero.actions.cta')).data!.select).toBe('hero.actions');
  });

  it('deletes a section from its page', async () => {
    const site = await ownSite(t);
    const { data } = await site.api.DELETE('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero' } },
    });
    expect(data).toEqual({ id: 'hero', select: 'features' });
    expect((await site.doc()).pages[0]!.sections).toEqual(['features']);
  });

  it('turns aliases of what it deletes into copies', async () => {
    const site = await ownSite(t);
    const alias = await add(site, { toContainer: 'about-intro', componentId: 'hero.actions', alias: true });
    await site.api.DELETE('/sites/{siteId}/components/{componentId}', { params: { path: { siteId: site.siteId, componentId: 'hero' } } });
    const stored = await site.doc();
    const copy = stored.nodes[alias.data!.id]!;
    expect(copy.alias).toBeUndefined();
    expect(copy.children).toEqual([`${alias.data!.id}.cta`]);
    expect(stored.nodes[`${alias.data!.id}.cta`]!.data.value).toBe('Get started');
  });

  it('answers 404 for a component that does not exist', async () => {
    const site = await ownSite(t);
    expect(
      (
        await site.api.DELETE('/sites/{siteId}/components/{componentId}', {
          params: { path: { siteId: site.siteId, componentId: 'ghost' } },
        })
      ).response.status,
    ).toBe(404);
  });
});

describe('POST /components/sort', () => {
  it('reorders within a container; the id stays', async () => {
    const site = await ownSite(t);
    const { data } = await sort(site, { fromContainer: 'hero', toContainer: 'hero', fromIndex: 0, toIndex: 2 });
    expect(data).toEqual({ fromComponentId: 'hero.title', toComponentId: 'hero.title' });
    expect((await site.doc()).nodes.hero!.children).toEqual(['hero.text', 'hero.actions', 'hero.title']);
  });

  it('moves into another container under a new id, with its subtree and the aliases pointing at it', async () => {
    const site = await ownSite(t);
    const alias = await add(site, { toContainer: 'about-intro', componentId: 'hero.actions.cta', alias: true });
    const { data } = await sort(site, { fromContainer: 'hero', toContainer: 'features.card-2', fromIndex: 2, toIndex: 1 });
    expect(data).toEqual({ fromComponentId: 'hero.actions', toComponentId: 'features.card-2.actions' });
    const stored = await site.doc();
    expect(stored.nodes['features.card-2']!.children).toEqual([
      'features.card-2.heading',
      'features.card-2.actions',
      'features.card-2.body',
    ]);
    expect(stored.nodes['features.card-2.actions']!.children).toEqual(['features.card-2.actions.cta']);
    expect(stored.nodes['hero.actions']).toBeUndefined();
    expect(stored.nodes[alias.data!.id]!.alias).toBe('features.card-2.actions.cta');
  });

  it('cannot move a component into itself or a descendant', async () => {
    const site = await ownSite(t);
    for (const toContainer of ['hero.actions', 'hero.actions.cta']) {
      const { error, response } = await sort(site, { fromContainer: 'hero', toContainer, fromIndex: 2, toIndex: 0 });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({
        error:
          toContainer === 'hero.actions'
            ? 'A component cannot be moved into itself or a descendant'
            : 'This component cannot hold other components',
        info: { field: 'toContainer' },
      });
    }
  });

  it('cannot move a container into a container inside it', async () => {
    const site = await ownSite(t);
    const { data: inner } = await add(site, { toContainer: 'features.card-1', type: 'layout-v' });
    expect(inner!.id).toBe('features.card-1.column');
    const { error } = await sort(site, { fromContainer: 'features', toContainer: inner!.id, fromIndex: 0, toIndex: 0 });
    expect(error).toMatchObject({ error: 'A component cannot be moved into itself or a descendant', info: { field: 'toContainer' } });
  });

  it("a move sent late names its component and the one it follows: another editor's add meanwhile does not change what moves or where", async () => {
    // Both editors saw hero as [title, text, actions]; one (offline) moves actions right after title.
    const late = { fromContainer: 'hero', toContainer: 'hero', fromIndex: 2, toIndex: 1 };
    const site = await ownSite(t);
    const first = await add(site, { toContainer: 'hero', type: 'paragraph', index: 0 });
    expect(first.response.status).toBe(201);
    const { data } = await sort(site, { ...late, componentId: 'hero.actions', afterComponentId: 'hero.title' });
    expect(data).toEqual({ fromComponentId: 'hero.actions', toComponentId: 'hero.actions' });
    expect((await site.doc()).nodes.hero!.children).toEqual([first.data!.id, 'hero.title', 'hero.actions', 'hero.text']);

    // By index alone the same call moves another component (what the names are for).
    const plain = await ownSite(t);
    await add(plain, { toContainer: 'hero', type: 'paragraph', index: 0 });
    expect((await sort(plain, late)).data).toEqual({ fromComponentId: 'hero.text', toComponentId: 'hero.text' });
  });

  it('a move whose component went meanwhile is refused and writes nothing; one whose anchor went uses its index, the end at most', async () => {
    const site = await ownSite(t);
    await site.api.DELETE('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.text' } },
    });
    const before = (await site.doc()).nodes.hero!.children;
    const gone = await sort(site, { fromContainer: 'hero', toContainer: 'hero', fromIndex: 1, toIndex: 0, componentId: 'hero.text' });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ error: 'Component not found' });
    expect((await site.doc()).nodes.hero!.children).toEqual(before);

    // It meant "after hero.text, at 2": hero.text is gone and the list has 2 children, so the end.
    const { data } = await sort(site, {
      fromContainer: 'hero',
      toContainer: 'hero',
      fromIndex: 0,
      toIndex: 2,
      componentId: 'hero.title',
      afterComponentId: 'hero.text',
    });
    expect(data).toEqual({ fromComponentId: 'hero.title', toComponentId: 'hero.title' });
    expect((await site.doc()).nodes.hero!.children).toEqual(['hero.actions', 'hero.title']);
    // null: first, whatever the index says.
    await sort(site, {
      fromContainer: 'hero',
      toContainer: 'hero',
      fromIndex: 1,
      toIndex: 1,
      componentId: 'hero.title',
      afterComponentId: null,
    });
    expect((await site.doc()).nodes.hero!.children).toEqual(['hero.title', 'hero.actions']);

    for (const [field, body] of [
      ['componentId', { componentId: 7 }],
      ['afterComponentId', { afterComponentId: ['hero.title'] }],
    ] as const) {
      const wrong = await sort(site, { fromContainer: 'hero', toContainer: 'hero', fromIndex: 0, toIndex: 1, ...body });
      expect(wrong.response.status).toBe(400);
      expect(wrong.error).toMatchObject({ error: 'Component not found', info: { field } });
    }
    expect((await site.doc()).nodes.hero!.children).toEqual(['hero.title', 'hero.actions']);
  });

  it('an add named to follow a component goes right after it, wherever it is now', async () => {
    const site = await ownSite(t);
    await sort(site, { fromContainer: 'hero', toContainer: 'hero', fromIndex: 0, toIndex: 2 });
    // The editor saw [title, text, actions] and pasted after title (index 1).
    const { data } = await add(site, { toContainer: 'hero', type: 'paragraph', index: 1, afterComponentId: 'hero.title' });
    expect((await site.doc()).nodes.hero!.children).toEqual(['hero.text', 'hero.actions', 'hero.title', data!.id]);
  });

  it('rejects an unknown container and indexes out of range', async () => {
    const site = await ownSite(t);
    expect((await sort(site, { fromContainer: 'ghost', toContainer: 'hero', fromIndex: 0, toIndex: 0 })).error).toMatchObject({
      info: { field: 'fromContainer' },
    });
    expect((await sort(site, { fromContainer: 'hero', toContainer: 'hero', fromIndex: 3, toIndex: 0 })).error).toMatchObject({
      error: 'Index is out of range',
      info: { field: 'fromIndex' },
    });
    expect((await sort(site, { fromContainer: 'hero', toContainer: 'features', fromIndex: 0, toIndex: 9 })).error).toMatchObject({
      error: 'Index is out of range',
      info: { field: 'toIndex' },
    });
  });
});
