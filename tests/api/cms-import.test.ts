import { SDK_VERSION } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { dialect, startTestServer, type TestServer } from '../support/server.js';
import { createSite, fixtureLibrary } from '../support/siteDoc.js';
import { basic } from '../support/team.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

async function site() {
  const { api, session } = await t.signup('Importer');
  const siteId = await createSite(t.pw.deps.db, api);
  const cms = cmsOf(api, siteId);
  await cms.addField('posts', { name: 'views', type: 'number' });
  return { api, siteId, token: session.token, cms };
}

const rows = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ title: `Imported ${from + i}`, slug: `imported-${from + i}`, views: from + i }));

describe('POST /content/{collection}/import', () => {
  it('creates many items in one request with the next ids, in order', async () => {
    const s = await site();
    const { data, response } = await s.cms.import('posts', { items: rows(1000) });
    expect(response.status).toBe(200);
    expect(data).toEqual({ dryRun: false, created: 1000, updated: 0, unchanged: 0, invalid: 0, errors: [] });
    const all = await s.cms.all('posts');
    expect(all).toHaveLength(1002);
    expect(all.slice(0, 3).map((i) => i._id)).toEqual([1, 2, 3]);
    expect(all.at(-1)).toEqual({ _id: 1002, title: 'Imported 1000', slug: 'imported-1000', views: 1000 });
  });

  it('checks every row first: any invalid row answers the row errors and writes nothing', async () => {
    const s = await site();
    const items: Record<string, unknown>[] = rows(50);
    items[3] = { ...items[3], views: 'many' };
    items[17] = { ...items[17], colour: 'red' };
    items[30] = { ...items[30], _id: 1 };
    (items as unknown[])[40] = 'not an object';
    const { data, error, response } = await s.cms.import('posts', { items });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    expect(error).toMatchObject({
      code: 'IMPORT_INVALID',
      error: 'Some rows are invalid; nothing was imported',
      info: {
        field: 'items',
        invalidRows: 4,
        rows: [
          { index: 3, field: 'views', message: 'Must be a number' },
          { index: 17, field: 'colour', message: 'Unknown field' },
          { index: 30, field: '_id', message: 'An item with this id already exists' },
          { index: 40, field: '', message: 'items must be a list of objects' },
        ],
      },
    });
    expect((await s.cms.all('posts')).map((i) => i._id)).toEqual([1, 2]);
  });

  it('with skipInvalid writes the valid rows and lists the others', async () => {
    const s = await site();
    const items: Record<string, unknown>[] = rows(5);
    items[2] = { ...items[2], views: 'many' };
    const { data } = await s.cms.import('posts', { items, skipInvalid: true });
    expect(data).toEqual({
      dryRun: false,
      created: 4,
      updated: 0,
      unchanged: 0,
      invalid: 1,
      errors: [{ index: 2, field: 'views', message: 'Must be a number' }],
    });
    expect(await s.cms.all('posts')).toHaveLength(6);
  });

  it('upserts by a field: matching rows update their item, others are created, equal ones are unchanged', async () => {
    const s = await site();
    await s.cms.import('posts', { items: rows(10) });
    const items = [
      { slug: 'imported-1', views: 100 }, // changes one value, keeps the title
      { slug: 'imported-2', title: 'Imported 2', views: 2 }, // as it is
      { slug: 'hello-world', title: 'Hello again' },
      { slug: 'brand-new', title: 'Brand new' },
    ];
    const dry = await s.cms.import('posts', { items, upsertBy: 'slug', dryRun: true });
    expect(dry.data).toEqual({ dryRun: true, created: 1, updated: 2, unchanged: 1, invalid: 0, errors: [] });
    expect((await s.cms.item('posts', 3)).data).toEqual({ _id: 3, title: 'Imported 1', slug: 'imported-1', views: 1 });
    expect(await s.cms.all('posts')).toHaveLength(12);

    const real = await s.cms.import('posts', { items, upsertBy: 'slug' });
    expect(real.data).toEqual({ ...dry.data, dryRun: false });
    expect((await s.cms.item('posts', 3)).data).toEqual({ _id: 3, title: 'Imported 1', slug: 'imported-1', views: 100 });
    expect((await s.cms.item('posts', 1)).data!.title).toBe('Hello again');
    expect((await s.cms.all('posts')).at(-1)).toEqual({ _id: 13, title: 'Brand new', slug: 'brand-new' });
    // The same import again changes nothing.
    expect((await s.cms.import('posts', { items, upsertBy: 'slug' })).data).toMatchObject({ created: 0, updated: 0, unchanged: 4 });
  });

  it('upserts by _id, and refuses a key given twice or an unknown upsert field', async () => {
    const s = await site();
    const { data } = await s.cms.import('posts', {
      items: [
        { _id: 2, title: 'Second, edited' },
        { _id: 7, title: 'Seven' },
      ],
      upsertBy: '_id',
    });
    expect(data).toMatchObject({ created: 1, updated: 1 });
    expect((await s.cms.all('posts')).map((i) => [i._id, i.title])).toEqual([
      [1, 'Hello world'],
      [2, 'Second, edited'],
      [7, 'Seven'],
    ]);

    const twice = await s.cms.import('posts', {
      items: [
        { slug: 'x', title: 'a' },
        { slug: 'x', title: 'b' },
      ],
      upsertBy: 'slug',
    });
    expect(twice.error).toMatchObject({
      info: { rows: [{ index: 1, field: 'slug', message: 'The same key appears twice in this import' }] },
    });
    const unknown = await s.cms.import('posts', { items: [{ title: 'a' }], upsertBy: 'nope' });
    expect(unknown.response.status).toBe(400);
    expect(unknown.error).toMatchObject({ error: 'Field not found', info: { field: 'upsertBy' } });
    expect((await s.cms.import('posts', { items: [] })).error).toMatchObject({ error: 'Send at least one item', info: { field: 'items' } });
  });

  it('takes a body larger than the 1 MB of other calls', async () => {
    const s = await site();
    const long = 'x'.repeat(400);
    const items = rows(5000).map((r) => ({ ...r, title: `${r.title} ${long}` }));
    expect(JSON.stringify({ items }).length).toBeGreaterThan(2_000_000);
    expect((await s.cms.import('posts', { items })).data).toMatchObject({ created: 5000 });
  });

  it('an import that fails half way through its writes leaves the collection exactly as it was', async () => {
    const s = await site();
    await s.cms.import('posts', { items: rows(1000) });
    const before = await s.cms.all('posts');
    const db = t.pw.deps.db;
    // A fault at the database: the insert of item 1800 fails after earlier batches of the same import were written.
    if (dialect === 'postgres') {
      await db.raw(
        `CREATE FUNCTION cms_fault() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.item_id = 1800 THEN RAISE EXCEPTION 'injected fault'; END IF; RETURN NEW; END $$`,
      );
      await db.raw('CREATE TRIGGER cms_fault BEFORE INSERT ON cms_items FOR EACH ROW EXECUTE FUNCTION cms_fault()');
    } else {
      await db.raw(
        `CREATE TRIGGER cms_fault BEFORE INSERT ON cms_items WHEN NEW.item_id = 1800 BEGIN SELECT RAISE(ABORT, 'injected fault'); END`,
      );
    }
    try {
      // Updates of 500 items (deleted and written again) and 1,000 new ones.
      const items = [...rows(500).map((r) => ({ slug: r.slug, views: -r.views })), ...rows(1000, 2001)];
      const response = await fetch(`${t.url}/api/sites/${s.siteId}/content/posts/import`, {
        method: 'POST',
        headers: { Authorization: basic(s.token), 'X-Client-Version': `sdk/${SDK_VERSION}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ items, upsertBy: 'slug' }),
      });
      expect(response.status).toBe(500);
    } finally {
      if (dialect === 'postgres') {
        await db.raw('DROP TRIGGER cms_fault ON cms_items');
        await db.raw('DROP FUNCTION cms_fault()');
      } else {
        await db.raw('DROP TRIGGER cms_fault');
      }
    }
    expect(await s.cms.all('posts')).toEqual(before);
    const stored = (await db('cms_items').where({ site_id: s.siteId, collection_id: 'posts' }).count({ n: '*' }).first()) as {
      n: number | string;
    };
    expect(Number(stored.n)).toBe(1002);
    // Nothing is stuck: the same import then goes through.
    expect((await s.cms.import('posts', { items: rows(3, 5000) })).data).toMatchObject({ created: 3 });
  });
});
