import { createClient } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPagewright } from '../../server/src/index.js';
import { cmsOf } from '../support/cms.js';
import { ownSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary, makeSiteDoc } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

async function site(languages?: string[]) {
  const s = await ownSite(t, makeSiteDoc(languages ? { languages } : {}));
  return { ...s, cms: cmsOf(s.api, s.siteId) };
}

const ids = async (s: Awaited<ReturnType<typeof site>>, collection = 'posts') => (await s.cms.all(collection)).map((i) => i._id);

describe('the site list', () => {
  it("an item's create, edit, move, duplicate and delete each count as a change of its site", async () => {
    const s = await site();
    const writes = [
      () => s.cms.addItem('posts', { title: 'New' }),
      () => s.cms.editItem('posts', 1, { title: 'Edited' }),
      () => s.cms.sortItems('posts', 0, 1),
      () => s.cms.duplicate('posts', 1),
      () => s.cms.deleteItem('posts', 2),
    ];
    for (const write of writes) {
      await t.pw.deps.db('sites').where({ id: s.siteId }).update({ modified_at: 0 });
      const before = Date.now();
      expect((await write()).error).toBeUndefined();
      const { data } = await s.api.GET('/sites');
      expect(Date.parse(data!.find((x) => x.id === s.siteId)!.modified)).toBeGreaterThanOrEqual(before);
    }
  });
});

describe('creating items', () => {
  it('gives the highest id + 1 and puts the item last, or at _index', async () => {
    const s = await site();
    const { data, response } = await s.cms.addItem('posts', { title: 'Third', slug: 'third' });
    expect(response.status).toBe(201);
    expect(data).toEqual({ itemId: 3, item: { _id: 3, title: 'Third', slug: 'third' } });
    expect((await s.cms.addItem('posts', { title: 'First', _index: 0 })).data!.itemId).toBe(4);
    expect(await ids(s)).toEqual([4, 1, 2, 3]);
    expect((await s.cms.addItem('posts', { title: 'Chosen', _id: 10 })).data!.itemId).toBe(10);
    expect((await s.cms.addItem('posts', { title: 'Next' })).data!.itemId).toBe(11);
    const taken = await s.cms.addItem('posts', { title: 'Again', _id: 10 });
    expect(taken.response.status).toBe(409);
    expect(taken.error).toMatchObject({ code: 'ITEM_EXISTS', error: 'An item with this id already exists', info: { field: '_id' } });
    expect((await s.cms.addItem('posts', { title: 'Bad', _index: 99 })).error).toMatchObject({ info: { field: '_index' } });
  });

  it('checks values by field type and writes nothing when one is wrong', async () => {
    const s = await site();
    await s.cms.addField('posts', { name: 'price', type: 'number' });
    await s.cms.addField('posts', { name: 'day', type: 'date' });
    await s.cms.addField('posts', { name: 'live', type: 'published' });
    await s.cms.addField('posts', { name: 'tags', type: 'list' });
    await s.cms.addField('posts', { name: 'intro', type: 'text', required: true });
    const cases: [Record<string, unknown>, string, string][] = [
      [{ intro: 'x', price: 'cheap' }, 'price', 'Must be a number'],
      [{ intro: 'x', day: 'someday' }, 'day', 'Must be a date'],
      [{ intro: 'x', live: 'yes' }, 'live', 'Must be true or false'],
      [{ intro: 'x', tags: { a: 1 } }, 'tags', 'Must be a list of texts'],
      [{ intro: 'x', colour: 'red' }, 'colour', 'Unknown field'],
      [{ title: 'No intro' }, 'intro', 'This field is required'],
      [{ intro: '' }, 'intro', 'This field is required'],
    ];
    for (const [body, field, message] of cases) {
      const { error, response } = await s.cms.addItem('posts', body);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: message, info: { field } });
    }
    expect(await ids(s)).toEqual([1, 2]);
    const { data } = await s.cms.addItem('posts', { intro: 'x', price: '12.5', day: '2026-05-01', live: 'false', tags: ['a', '', ' b '] });
    expect(data!.item).toEqual({ _id: 3, intro: 'x', price: 12.5, day: '2026-05-01', live: false, tags: ['a', 'b'] });
  });

  it("a new enum value defaults to the last item's, else the default, else the first category; unknown values fall back", async () => {
    const s = await site();
    await s.cms.create({ id: 'menu', name: 'Menu' });
    await s.cms.addField('menu', { name: 'dish', type: 'text' });
    await s.cms.addField('menu', { name: 'course', type: 'enum', options: ['Starter', 'Main', 'Dessert'] });
    expect((await s.cms.addItem('menu', { dish: 'Soup' })).data!.item.course).toBe('Starter');
    expect((await s.cms.addItem('menu', { dish: 'Cake', course: 'Dessert' })).data!.item.course).toBe('Dessert');
    expect((await s.cms.addItem('menu', { dish: 'Pie' })).data!.item.course).toBe('Dessert');
    expect((await s.cms.addItem('menu', { dish: 'Fish', course: 'Brunch' })).data!.item.course).toBe('Starter');
    await s.cms.create({ id: 'drinks', name: 'Drinks' });
    await s.cms.addField('drinks', { name: 'kind', type: 'enum', options: ['Tea', 'Coffee'], default: 'Coffee' });
    expect((await s.cms.addItem('drinks', {})).data!.item.kind).toBe('Coffee');
    expect((await s.cms.editItem('menu', 1, { course: 'Nope' })).data!.course).toBe('Starter');
  });

  it("a localized value of a field that is not localizable keeps the default language's value", async () => {
    const s = await site(['en', 'fi']);
    expect((await s.cms.addItem('posts', { title: { _loc: true, fi: 'Hei', en: 'Hello' } })).data!.item.title).toBe('Hello');
    await s.cms.editField('posts', 'title', { localizable: true });
    expect((await s.cms.addItem('posts', { title: { _loc: true, fi: 'Hei', en: 'Hello' } })).data!.item.title).toEqual({
      _loc: true,
      fi: 'Hei',
      en: 'Hello',
    });
  });
});

describe('editing items', () => {
  it('changes the values given, removes those set to null, and 404s an unknown item', async () => {
    const s = await site();
    const { data } = await s.cms.editItem('posts', 1, { title: 'Hello again', slug: null });
    expect(data).toEqual({ _id: 1, title: 'Hello again' });
    expect((await s.cms.item('posts', 1)).data).toEqual({ _id: 1, title: 'Hello again' });
    expect((await s.cms.item('posts', 99)).response.status).toBe(404);
    expect((await s.cms.editItem('posts', 99, { title: 'x' })).response.status).toBe(404);
    expect((await s.cms.item('nope', 1)).response.status).toBe(404);
  });

  it('writes the item of the collection named, never the same id of another collection', async () => {
    const s = await site();
    expect((await s.cms.create({ id: 'notes', name: 'Notes' })).error).toBeUndefined();
    await s.cms.addField('notes', { name: 'title', type: 'text' });
    expect((await s.cms.addItem('notes', { title: 'Only note' })).data!.itemId).toBe(1);
    // Posts has items 1 and 2; notes has item 1 only.
    expect((await s.cms.editItem('notes', 2, { title: 'x' })).response.status).toBe(404);
    expect((await s.cms.duplicate('notes', 2)).response.status).toBe(404);
    expect((await s.cms.deleteItem('notes', 2)).response.status).toBe(404);
    expect((await s.cms.editItem('nope', 1, { title: 'x' })).error).toMatchObject({ error: 'Collection not found' });
    expect((await s.cms.editItem('notes', 1, { title: 'Note edited' })).data).toEqual({ _id: 1, title: 'Note edited' });
    expect((await s.cms.item('posts', 1)).data!.title).toBe('Hello world');
    expect((await s.cms.item('posts', 2)).data!.title).toBe('Second post');
    expect((await s.cms.deleteItem('notes', 1)).response.status).toBe(204);
    expect(await ids(s)).toEqual([1, 2]);
    expect(await ids(s, 'notes')).toEqual([]);
  });

  it('the published toggle takes an item off the compiled site', async () => {
    const s = await site();
    await s.cms.addField('posts', { name: 'published', type: 'published' });
    const compiled = async () =>
      (await s.api.GET('/sites/{siteId}/compiled', { params: { path: { siteId: s.siteId } } })).data!.files.map((f) => f.path);
    expect(await compiled()).toContain('posts/second-post/index.html');
    expect((await s.cms.editItem('posts', 2, { published: false })).data!.published).toBe(false);
    expect(await compiled()).not.toContain('posts/second-post/index.html');
    expect(await compiled()).toContain('posts/hello-world/index.html');
  });

  it('deletes an item; the next id is again the highest + 1', async () => {
    const s = await site();
    expect((await s.cms.deleteItem('posts', 2)).response.status).toBe(204);
    expect(await ids(s)).toEqual([1]);
    expect((await s.cms.addItem('posts', { title: 'New' })).data!.itemId).toBe(2);
    expect((await s.cms.deleteItem('posts', 42)).response.status).toBe(404);
  });

  it('duplicates an item right after it, with the next id and a free slug', async () => {
    const s = await site();
    const { data, response } = await s.cms.duplicate('posts', 1);
    expect(response.status).toBe(201);
    expect(data).toEqual({ itemId: 3, item: { _id: 3, title: 'Hello world', slug: 'hello-world-2' } });
    expect(await ids(s)).toEqual([1, 3, 2]);
  });

  it('sorts by hand and by a field', async () => {
    const s = await site();
    await s.cms.addItem('posts', { title: 'Apple' });
    await s.cms.addItem('posts', { title: 'zebra' });
    expect((await s.cms.sortItems('posts', 0, 3)).data).toEqual({ ok: true });
    expect(await ids(s)).toEqual([2, 3, 4, 1]);
    await s.cms.sortItems('posts', 2, 0);
    expect(await ids(s)).toEqual([4, 2, 3, 1]);
    expect((await s.cms.sortItems('posts', 0, 4)).error).toMatchObject({ info: { field: 'toIndex' } });
    await s.cms.sortItemsBy('posts', 'title', 'asc');
    expect((await s.cms.all('posts')).map((i) => i.title)).toEqual(['Apple', 'Hello world', 'Second post', 'zebra']);
    await s.cms.sortItemsBy('posts', '_id', 'desc');
    expect(await ids(s)).toEqual([4, 3, 2, 1]);
    expect((await s.cms.sortItemsBy('posts', 'nope', 'asc')).response.status).toBe(404);
    // A new item after a sort still goes last, with its id from the highest.
    expect((await s.cms.addItem('posts', { title: 'Last' })).data!.itemId).toBe(5);
    expect(await ids(s)).toEqual([4, 3, 2, 1, 5]);
  });
});

describe('moves named by id (a list changed by another editor meanwhile)', () => {
  it('moves the item named to right after the one named, wherever both are now', async () => {
    const s = await site();
    await s.cms.import('posts', { items: Array.from({ length: 4 }, (_, i) => ({ title: `Post ${i + 3}` })) });
    expect(await ids(s)).toEqual([1, 2, 3, 4, 5, 6]);
    // The editor saw [1…6] and dragged 5 right after 1 (from 4 to 1). Meanwhile another adds an item first.
    const late = { itemId: 5, afterItemId: 1 };
    const added = await s.cms.addItem('posts', { title: 'First now', _index: 0 });
    expect(await ids(s)).toEqual([7, 1, 2, 3, 4, 5, 6]);
    expect((await s.cms.sortItems('posts', 4, 1, late)).data).toEqual({ ok: true });
    expect(await ids(s)).toEqual([added.data!.itemId, 1, 5, 2, 3, 4, 6]);
    // null: first.
    await s.cms.sortItems('posts', 6, 0, { itemId: 6, afterItemId: null });
    expect(await ids(s)).toEqual([6, 7, 1, 5, 2, 3, 4]);
    // The item it was to follow was deleted meanwhile: its index is used, past the end meaning the end.
    await s.cms.deleteItem('posts', 3);
    await s.cms.sortItems('posts', 0, 9, { itemId: 6, afterItemId: 3 });
    expect(await ids(s)).toEqual([7, 1, 5, 2, 4, 6]);
    await s.cms.sortItems('posts', 5, 1, { itemId: 6, afterItemId: 3 });
    expect(await ids(s)).toEqual([7, 6, 1, 5, 2, 4]);
    // The item it goes after counts without the item itself named (taken by its index then).
    await s.cms.sortItems('posts', 0, 0, { afterItemId: 4 });
    expect(await ids(s)).toEqual([6, 1, 5, 2, 4, 7]);
  });

  it('refuses a move of an item deleted meanwhile (404) and ids that are not ids (400), and writes nothing', async () => {
    const s = await site();
    await s.cms.addItem('posts', { title: 'Third' });
    await s.cms.deleteItem('posts', 2);
    const gone = await s.cms.sortItems('posts', 1, 0, { itemId: 2, afterItemId: null });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ error: 'Item not found' });
    for (const [field, named] of [
      ['itemId', { itemId: 1.5 }],
      ['afterItemId', { itemId: 1, afterItemId: -1 }],
    ] as const) {
      const wrong = await s.cms.sortItems('posts', 0, 1, named);
      expect(wrong.response.status).toBe(400);
      expect(wrong.error).toMatchObject({ info: { field } });
    }
    expect(await ids(s)).toEqual([1, 3]);
  });
});

describe('listing items', () => {
  async function catalogue() {
    const s = await site();
    await s.cms.create({ id: 'products', name: 'Products' });
    await s.cms.addField('products', { name: 'name', type: 'text' });
    await s.cms.addField('products', { name: 'price', type: 'number' });
    await s.cms.addField('products', { name: 'kind', type: 'enum', options: ['tool', 'toy'] });
    const items = Array.from({ length: 250 }, (_, i) => ({
      name: `Product ${i + 1}`,
      price: (i * 37) % 101,
      kind: i % 5 === 0 ? 'toy' : 'tool',
    }));
    await s.cms.import('products', { items });
    return s;
  }

  it('answers pages of at most 100 in hand order with the total', async () => {
    const s = await catalogue();
    const first = (await s.cms.items('products')).data!;
    expect(first).toMatchObject({ total: 250, offset: 0, limit: 100 });
    expect(first.items.map((i) => i._id)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    const last = (await s.cms.items('products', { offset: 200, limit: 100 })).data!;
    expect(last.items.map((i) => i._id)).toEqual(Array.from({ length: 50 }, (_, i) => i + 201));
    expect((await s.cms.items('products', { limit: 101 })).error).toMatchObject({ info: { field: 'limit' } });
  });

  it('sorts by a field, filters by field:value and searches', async () => {
    const s = await catalogue();
    const sorted = (await s.cms.items('products', { sort: 'price', order: 'desc', filter: ['kind:toy'], limit: 5 })).data!;
    expect(sorted.total).toBe(50);
    expect(sorted.items.every((i) => i.kind === 'toy')).toBe(true);
    const prices = sorted.items.map((i) => i.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    // Numbers sort as numbers, not as text.
    const ascending = (await s.cms.items('products', { sort: 'price', limit: 100 })).data!.items.map((i) => i.price as number);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    const search = (await s.cms.items('products', { search: 'product 12' })).data!;
    expect(search.items.map((i) => i.name)).toEqual([
      'Product 12',
      'Product 120',
      'Product 121',
      'Product 122',
      'Product 123',
      'Product 124',
      'Product 125',
      'Product 126',
      'Product 127',
      'Product 128',
      'Product 129',
    ]);
    // field:text searches that field only.
    expect((await s.cms.items('products', { search: 'kind:toy' })).data!.total).toBe(50);
    expect((await s.cms.items('products', { search: 'name:toy' })).data!.total).toBe(0);
    expect((await s.cms.items('products', { filter: ['nope:1'] })).error).toMatchObject({ info: { field: 'filter' } });
    expect((await s.cms.items('products', { sort: 'nope' })).error).toMatchObject({ info: { field: 'sort' } });
  });

  it('answers the changes of the last write at once', async () => {
    const s = await catalogue();
    await s.cms.items('products', { sort: 'price' });
    await s.cms.editItem('products', 1, { price: 1000 });
    const top = (await s.cms.items('products', { sort: 'price', order: 'desc', limit: 1 })).data!;
    expect(top.items).toEqual([{ _id: 1, name: 'Product 1', price: 1000, kind: 'toy' }]);
    // An edit of other fields keeps the worked-out order, and filters and searches see the new values.
    await s.cms.items('products', { sort: 'price', order: 'desc', filter: ['kind:toy'], search: 'product' });
    await s.cms.editItem('products', 1, { name: 'Renamed', kind: 'tool' });
    expect((await s.cms.items('products', { sort: 'price', order: 'desc', limit: 1 })).data!.items).toEqual([
      { _id: 1, name: 'Renamed', price: 1000, kind: 'tool' },
    ]);
    const toys = (await s.cms.items('products', { sort: 'price', order: 'desc', filter: ['kind:toy'], search: 'product' })).data!;
    expect(toys.total).toBe(49);
    expect((await s.cms.items('products', { search: 'renamed' })).data!.items.map((i) => i._id)).toEqual([1]);
    expect((await s.cms.items('products', { search: 'name:renamed', filter: ['kind:tool'] })).data!.total).toBe(1);
  });
});

describe('several writers', () => {
  /** The CMS of the same user's site through another server process at `url`. */
  async function signedInThere(url: string, s: Awaited<ReturnType<typeof site>>) {
    const login = await t
      .client()
      .POST('/auth/login', { body: { email: (await s.api.GET('/user')).data!.email, password: 'correct horse battery' } });
    return cmsOf(createClient({ baseUrl: url, token: (login.data as { token: string }).token, fetch: contractFetch(url) }), s.siteId);
  }

  it('items created at once by two server processes on one database all get their own id', async () => {
    const second = createPagewright(t.pw.deps.config, t.pw.deps.log, { sectionLibrary: fixtureLibrary });
    const url = await second.start();
    try {
      const s = await site();
      const other = await signedInThere(url, s);
      const writers = [s.cms, other];
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => writers[i % 2]!.addItem('posts', { title: `Item ${i}` })));
      expect(answers.map((a) => a.response.status)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((a) => a.data!.itemId)).size).toBe(10);
      expect((await ids(s)).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
      expect((await other.all('posts')).length).toBe(12);
    } finally {
      await second.close();
    }
  });

  it('a page listed again after another process wrote shows the write: items, fields and collections', async () => {
    const second = createPagewright(t.pw.deps.config, t.pw.deps.log, { sectionLibrary: fixtureLibrary });
    const url = await second.start();
    try {
      const s = await site();
      await s.cms.create({ id: 'notes', name: 'Notes' });
      await s.cms.addField('notes', { name: 'title', type: 'text' });
      await s.cms.import('notes', { items: [{ title: 'Bread' }, { title: 'Milk' }, { title: 'Tea' }] });
      const other = await signedInThere(url, s);
      const query = { sort: 'title', order: 'asc' as const, limit: 2 };
      const titles = async () => (await s.cms.items('notes', query)).data!.items.map((i) => i.title);
      expect(await titles()).toEqual(['Bread', 'Milk']);
      expect(await titles()).toEqual(['Bread', 'Milk']);
      // An item written through the other process.
      expect((await other.addItem('notes', { title: 'Apples' })).response.status).toBe(201);
      expect(await titles()).toEqual(['Apples', 'Bread']);
      // A field renamed there: the same query now names a field that is not there; the new name sorts.
      expect((await other.editField('notes', 'title', { name: 'heading' })).error).toBeUndefined();
      expect((await s.cms.items('notes', query)).error).toMatchObject({ info: { field: 'sort' } });
      expect((await s.cms.items('notes', { ...query, sort: 'heading' })).data!.items).toEqual([
        { _id: 4, heading: 'Apples' },
        { _id: 1, heading: 'Bread' },
      ]);
      // The collection emptied and deleted there, and made again with the same id: the old page is not answered.
      for (const itemId of [1, 2, 3, 4]) expect((await other.deleteItem('notes', itemId)).response.status).toBe(204);
      expect((await other.remove('notes')).response.status).toBe(204);
      await other.create({ id: 'notes', name: 'Notes' });
      await other.addField('notes', { name: 'title', type: 'text' });
      await other.addItem('notes', { title: 'Only one' });
      expect(await titles()).toEqual(['Only one']);
    } finally {
      await second.close();
    }
  });

  it('a change another process wrote (a new revision in the database) is read at once', async () => {
    const s = await site();
    expect((await s.cms.item('posts', 1)).data!.title).toBe('Hello world');
    await s.cms.addItem('posts', { title: 'Third' }); // moves the collection to the tables
    expect((await s.cms.items('posts')).data!.total).toBe(3);
    const db = t.pw.deps.db;
    await db('cms_items')
      .where({ site_id: s.siteId, collection_id: 'posts', item_id: 1 })
      .update({ data: JSON.stringify({ _id: 1, title: 'Changed elsewhere' }) });
    const listed = async () => (await s.cms.items('posts', { sort: 'title' })).data!.items.find((i) => i._id === 1)?.title;
    expect(await listed()).toBe('Hello world');
    await db('cms_collections').where({ site_id: s.siteId, id: 'posts' }).update({ revision: 'another-process-wrote-this' });
    expect((await s.cms.item('posts', 1)).data).toEqual({ _id: 1, title: 'Changed elsewhere' });
    expect(await listed()).toBe('Changed elsewhere');
  });
});
