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

async function site(languages?: string[]) {
  const s = await ownSite(t, makeSiteDoc(languages ? { languages } : {}));
  return { ...s, cms: cmsOf(s.api, s.siteId) };
}

const fieldIds = async (s: Awaited<ReturnType<typeof site>>, collection = 'posts') =>
  (await s.cms.get(collection)).data!.fields.map((f) => f.id);

describe('field names (spec 002 §5)', () => {
  it('adds a field of every type of spec 002 §3', async () => {
    const s = await site();
    const types = [
      'text',
      'richtext',
      'number',
      'slug',
      'page',
      'image',
      'svg',
      'video',
      'file',
      'vcard',
      'gallery',
      'icon',
      'date',
      'enum',
      'published',
      'list',
      'color',
      'gradient',
    ] as const;
    for (const type of types) {
      const { data, response } = await s.cms.addField('posts', { name: `f_${type}`, type, ...(type === 'enum' ? { options: ['a'] } : {}) });
      expect(response.status).toBe(201);
      expect(data).toMatchObject({ id: `f_${type}`, name: `f_${type}`, type });
    }
    expect(await fieldIds(s)).toEqual(['title', 'slug', ...types.map((type) => `f_${type}`)]);
    const bad = await s.cms.addField('posts', { name: 'x', type: 'rocket' as 'text' });
    expect(bad.error).toMatchObject({ info: { field: 'type' } });
  });

  it('stores the title, placeholder, default and flags', async () => {
    const s = await site();
    const { data } = await s.cms.addField('posts', {
      name: 'summary',
      type: 'text',
      _title: 'Summary',
      _placeholder: 'A line or two',
      required: true,
      default: 'Nothing yet',
    });
    expect(data).toEqual({
      id: 'summary',
      name: 'Summary',
      type: 'text',
      placeholder: 'A line or two',
      required: true,
      default: 'Nothing yet',
    });
  });

  it('requires a name of lowercase letters, digits and underscores that the collection does not use', async () => {
    const s = await site();
    const cases: [unknown, number, string][] = [
      [undefined, 400, 'Field name is required'],
      ['', 400, 'Field name is required'],
      ['Title', 400, 'Accepted charaters: a-z and 0-9. No spaces.'],
      ['my field', 400, 'Accepted charaters: a-z and 0-9. No spaces.'],
      ['1st', 400, 'Accepted charaters: a-z and 0-9. No spaces.'],
      ['_id', 400, 'Accepted charaters: a-z and 0-9. No spaces.'],
      ['title', 409, 'Field name is already used'],
    ];
    for (const [name, status, message] of cases) {
      const { error, response } = await s.cms.addField('posts', { name: name as string, type: 'text' });
      expect(response.status).toBe(status);
      expect(error).toMatchObject({ error: message, info: { field: 'name' } });
    }
    // A rename to a used name is refused the same way, and nothing changes.
    const { error } = await s.cms.editField('posts', 'slug', { name: 'title' });
    expect(error).toMatchObject({ error: 'Field name is already used', info: { field: 'name' } });
    expect(await fieldIds(s)).toEqual(['title', 'slug']);
  });
});

describe('field rules (spec 002 §4-§5)', () => {
  it('enum fields need categories; empty entries are ignored', async () => {
    const s = await site();
    for (const options of [undefined, [], ['', '  ']]) {
      const { error, response } = await s.cms.addField('posts', { name: 'kind', type: 'enum', ...(options ? { options } : {}) });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: 'Categories are required', info: { field: 'options' } });
    }
    const { data } = await s.cms.addField('posts', { name: 'kind', type: 'enum', options: ['News', '', ' Guides ', 'News'] });
    expect(data!.options).toEqual(['News', 'Guides']);
  });

  it('the required flag is not offered for enum and published fields', async () => {
    const s = await site();
    for (const body of [
      { name: 'kind', type: 'enum' as const, options: ['a'], required: true },
      { name: 'live', type: 'published' as const, required: true },
    ]) {
      const { error, response } = await s.cms.addField('posts', body);
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: 'Category and published fields cannot be required', info: { field: 'required' } });
    }
  });

  it('the localizable flag needs more than one site language and a type that can be translated', async () => {
    const single = await site();
    const refused = await single.cms.addField('posts', { name: 'intro', type: 'text', localizable: true });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ info: { field: 'localizable' } });

    const multi = await site(['en', 'fi']);
    expect((await multi.cms.addField('posts', { name: 'intro', type: 'text', localizable: true })).data!.localizable).toBe(true);
    expect((await multi.cms.addField('posts', { name: 'price', type: 'number', localizable: true })).error).toMatchObject({
      info: { field: 'localizable' },
    });
  });

  it('a field cannot be hidden when that would leave no visible field', async () => {
    const s = await site();
    expect((await s.cms.editField('posts', 'title', { _hidden: true })).data!.hidden).toBe(true);
    const { error, response } = await s.cms.editField('posts', 'slug', { _hidden: true });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'At least one field must stay visible', info: { field: '_hidden' } });
    expect((await s.cms.editField('posts', 'title', { _hidden: false })).data!.hidden).toBeUndefined();
  });

  it('vCard settings name fields of the collection and a file name ending in .vcf', async () => {
    const s = await site();
    const ok = await s.cms.addField('posts', {
      name: 'card',
      type: 'vcard',
      json: { name: 'title', url: 'slug', filename: 'contact.vcf' },
    });
    expect(ok.data!.json).toEqual({ name: 'title', url: 'slug', filename: 'contact.vcf' });
    const cases: [Record<string, string>, string][] = [
      [{ favourite: 'title' }, 'Unknown vCard setting'],
      [{ name: 'nope' }, 'A vCard setting names a field of this collection'],
      [{ filename: 'contact.txt' }, 'The vCard file name must end in .vcf'],
    ];
    for (const [json, message] of cases) {
      const { error, response } = await s.cms.editField('posts', 'card', { json });
      expect(response.status).toBe(400);
      expect(error).toMatchObject({ error: message, info: { field: 'json' } });
    }
    // Empty means no file is made.
    expect((await s.cms.editField('posts', 'card', { json: { name: 'title', url: 'slug', filename: '' } })).data!.json).toEqual({
      name: 'title',
      url: 'slug',
    });
    // The settings follow a renamed field and forget a deleted one.
    await s.cms.editField('posts', 'title', { name: 'heading' });
    await s.cms.deleteField('posts', 'slug');
    expect((await s.cms.get('posts')).data!.fields.find((f) => f.id === 'card')!.json).toEqual({ name: 'heading' });
  });

  it('allows only the type changes of the current type; the selector has none for some types', async () => {
    const s = await site();
    expect((await s.cms.editField('posts', 'title', { type: 'richtext' })).data!.type).toBe('richtext');
    await s.cms.addField('posts', { name: 'price', type: 'number' });
    const refused = await s.cms.editField('posts', 'price', { type: 'date' });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: "This field's type can change only to text", info: { field: 'type', allowed: ['text'] } });
    await s.cms.addField('posts', { name: 'live', type: 'published' });
    expect((await s.cms.editField('posts', 'live', { type: 'text' })).error).toMatchObject({
      error: "This field's type cannot be changed",
      info: { allowed: [] },
    });
  });
});

describe('field edits and the items', () => {
  it('a new name renames the key in every item', async () => {
    const s = await site();
    const { data } = await s.cms.editField('posts', 'title', { name: 'heading', _title: 'Heading' });
    expect(data).toMatchObject({ id: 'heading', name: 'Heading' });
    expect((await s.cms.all('posts')).map((i) => i.heading)).toEqual(['Hello world', 'Second post']);
    expect((await s.cms.all('posts')).every((i) => !('title' in i))).toBe(true);
  });

  it('new categories move values that are no longer one of them to the first category', async () => {
    const s = await site();
    await s.cms.addField('posts', { name: 'kind', type: 'enum', options: ['News', 'Guides'] });
    await s.cms.editItem('posts', 1, { kind: 'Guides' });
    await s.cms.editItem('posts', 2, { kind: 'News' });
    await s.cms.editField('posts', 'kind', { options: ['Stories', 'Guides'] });
    expect((await s.cms.all('posts')).map((i) => i.kind)).toEqual(['Guides', 'Stories']);
  });

  it('turning localizable off collapses localized values to the default language', async () => {
    const s = await site(['en', 'fi']);
    await s.cms.editField('posts', 'title', { localizable: true });
    await s.cms.editItem('posts', 1, { title: { _loc: true, en: 'Hello', fi: 'Hei' } });
    expect((await s.cms.item('posts', 1)).data!.title).toEqual({ _loc: true, en: 'Hello', fi: 'Hei' });
    await s.cms.editField('posts', 'title', { localizable: false });
    expect((await s.cms.item('posts', 1)).data!.title).toBe('Hello');
  });

  it('deleting a field removes its values', async () => {
    const s = await site();
    expect((await s.cms.deleteField('posts', 'slug')).response.status).toBe(204);
    expect(await fieldIds(s)).toEqual(['title']);
    expect(await s.cms.all('posts')).toEqual([
      { _id: 1, title: 'Hello world' },
      { _id: 2, title: 'Second post' },
    ]);
    expect((await s.cms.deleteField('posts', 'slug')).response.status).toBe(404);
  });

  it('sorts the fields', async () => {
    const s = await site();
    await s.cms.addField('posts', { name: 'body', type: 'richtext' });
    const { data } = await s.cms.sortFields('posts', 2, 0);
    expect(data!.fields.map((f) => f.id)).toEqual(['body', 'title', 'slug']);
    expect(await fieldIds(s)).toEqual(['body', 'title', 'slug']);
    expect((await s.cms.sortFields('posts', 0, 3)).error).toMatchObject({ info: { field: 'toIndex' } });
  });

  it('a move sent late names its field and the one it follows: a field added meanwhile is not the one moved', async () => {
    const s = await site();
    // The editor saw [title, slug] and dragged slug first; meanwhile another adds a field and moves it first.
    await s.cms.addField('posts', { name: 'body', type: 'richtext' });
    await s.cms.sortFields('posts', 2, 0);
    const { data } = await s.cms.sortFields('posts', 1, 0, { fieldId: 'slug', afterFieldId: null });
    expect(data!.fields.map((f) => f.id)).toEqual(['slug', 'body', 'title']);
    await s.cms.sortFields('posts', 0, 1, { fieldId: 'slug', afterFieldId: 'title' });
    expect(await fieldIds(s)).toEqual(['body', 'title', 'slug']);
    const gone = await s.cms.sortFields('posts', 0, 1, { fieldId: 'summary', afterFieldId: 'title' });
    expect(gone.response.status).toBe(404);
    expect(gone.error).toMatchObject({ error: 'Field not found' });
    expect(await fieldIds(s)).toEqual(['body', 'title', 'slug']);
  });
});
