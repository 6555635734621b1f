import { describe, expect, it } from 'vitest';
import {
  changeFilterField,
  changeFilterType,
  changeItem,
  changeItemCollection,
  changeRepeatCollection,
  changeSortField,
  filterChoices,
  itemLabel,
  modeOf,
  orderingFields,
  pickerCollections,
  REPEAT_OPTIONS,
  switchMode,
  visibleControls,
  type Collection,
} from './state.ts';

const posts: Collection = {
  id: 'posts',
  name: 'Posts',
  icon: 'Blog',
  schema: [
    { id: 'title', name: 'Title', type: 'text' },
    { id: 'slug', name: 'Slug', type: 'slug' },
    { id: 'category', name: 'Category', type: 'enum', options: ['News', 'Guides'] },
    { id: 'tags', name: 'Tags', type: 'list' },
    { id: 'published', name: 'Published', type: 'published' },
  ],
  items: [
    { _id: 4, title: 'Hello world', slug: 'hello-world', category: 'News', tags: ['a', 'b'] },
    { _id: 7, title: 'Second post', slug: 'second-post', category: 'Guides', tags: '["b","c"]' },
  ],
};
const team: Collection = {
  id: 'team',
  name: 'Team',
  icon: 'People',
  schema: [
    { id: 'name', name: 'Name', type: 'text' },
    { id: 'slug', name: 'Slug', type: 'slug' },
  ],
  items: [{ _id: 1, name: 'Ada' }],
};
const empty: Collection = { id: 'empty', name: 'Empty', icon: 'Text', schema: [{ id: 'label', name: 'Label', type: 'text' }], items: [] };
const internal: Collection = { id: '_social', name: 'Social', icon: 'Globe', schema: [], items: [{ _id: 1 }] };
const collections = [internal, posts, team];

const repeating = {
  _repeat: 'posts',
  '_options.offset': 1,
  '_options.length': 3,
  '_options.duplicate': 2,
  '_options.shuffle': true,
  '_options.sortBy': 'title',
  '_options.sort': 'desc',
  '_options.filterField': 'category',
  '_options.filterType': 'or',
  '_options.filter': ['News'],
  '_options.filterPattern': 'text',
};

describe('CMS data source mode (spec 001 §4)', () => {
  it('has three states: none, item, repeat', () => {
    expect(modeOf({})).toBe('none');
    expect(modeOf({ _dataSource: 'posts.4' })).toBe('item');
    expect(modeOf({ _repeat: 'posts' })).toBe('repeat');
  });

  it('to repeat: clears the data source and all repeat options, selects the first collection', () => {
    expect(switchMode({ _dataSource: 'team.1' }, 'repeat', collections)).toEqual({ _dataSource: null, _repeat: 'posts' });
    // From a repeat over another collection its options go too.
    const patch = switchMode({ ...repeating, _repeat: 'team' }, 'repeat', collections);
    expect(patch._repeat).toBe('posts');
    for (const key of REPEAT_OPTIONS) expect(patch[key]).toBeNull();
  });

  it('to item: clears the repeat and its options, selects the first item of the first collection', () => {
    const patch = switchMode(repeating, 'item', collections);
    expect(patch).toMatchObject({ _repeat: null, _dataSource: 'posts.4' });
    for (const key of REPEAT_OPTIONS) expect(patch[key]).toBeNull();
  });

  it('to item: selects nothing when the first collection has no item or there is no collection', () => {
    expect(switchMode({}, 'item', [empty, posts])).toEqual({ _dataSource: 'empty' });
    expect(switchMode({}, 'item', [internal])).toEqual({});
  });

  it('to none: clears everything', () => {
    const patch = switchMode({ ...repeating, _dataSource: 'posts.4' }, 'none', collections);
    expect(patch).toMatchObject({ _repeat: null, _dataSource: null });
    for (const key of REPEAT_OPTIONS) expect(patch[key]).toBeNull();
    expect(switchMode({ value: 'x' }, 'none', collections)).toEqual({});
  });

  it('changing collection in item mode selects its first item', () => {
    expect(changeItemCollection({ _dataSource: 'posts.7' }, team)).toEqual({ _dataSource: 'team.1' });
    expect(changeItemCollection({ _dataSource: 'posts.7' }, empty)).toEqual({ _dataSource: 'empty' });
    expect(changeItem({ _dataSource: 'posts.4' }, 'posts', 7)).toEqual({ _dataSource: 'posts.7' });
  });

  it('changing collection in repeat mode keeps the sort field and filter field if the new collection has them', () => {
    const data = { ...repeating, '_options.sortBy': 'slug', '_options.filterField': 'slug', '_options.filter': ['ada'] };
    expect(changeRepeatCollection(data, team)).toEqual({ _repeat: 'team' });
  });

  it('changing collection in repeat mode else resets the sort and filter fields to its first field', () => {
    expect(changeRepeatCollection(repeating, team)).toEqual({
      _repeat: 'team',
      '_options.sortBy': 'name',
      '_options.filterField': 'name',
      '_options.filter': null,
    });
    // Unset fields stay unset.
    expect(changeRepeatCollection({ _repeat: 'posts' }, team)).toEqual({ _repeat: 'team' });
  });

  it('filter type notEmpty or empty clears filter values', () => {
    expect(changeFilterType(repeating, 'notEmpty')).toEqual({ '_options.filterType': 'notEmpty', '_options.filter': null });
    expect(changeFilterType(repeating, 'empty')).toEqual({ '_options.filterType': 'empty', '_options.filter': null });
    expect(changeFilterType(repeating, 'not')).toEqual({ '_options.filterType': 'not' });
  });

  it('sort order control shows only when a sort field is set', () => {
    expect(visibleControls({ _repeat: 'posts' }).sortOrder).toBe(false);
    expect(visibleControls({ _repeat: 'posts', '_options.sortBy': 'title' }).sortOrder).toBe(true);
    // Clearing the sort field drops its order too.
    expect(changeSortField(repeating, null)).toEqual({ '_options.sortBy': null, '_options.sort': null });
  });

  it('filter type shows only when a filter field is set', () => {
    expect(visibleControls({ _repeat: 'posts' }).filterType).toBe(false);
    expect(visibleControls({ '_options.filterField': 'title' }).filterType).toBe(true);
  });

  it('the filter input shows only when a filter field is set and the type is or, not or unset', () => {
    expect(visibleControls({ '_options.filterType': 'or' }).filterInput).toBe(false);
    for (const type of [undefined, 'or', 'not'])
      expect(visibleControls({ '_options.filterField': 'title', '_options.filterType': type }).filterInput).toBe(true);
    for (const type of ['empty', 'notEmpty'])
      expect(visibleControls({ '_options.filterField': 'title', '_options.filterType': type }).filterInput).toBe(false);
  });

  it('the filter input is a pick-list for an enum field', () => {
    expect(filterChoices(posts, 'category', 'en')).toEqual(['News', 'Guides']);
  });

  it('the filter input is a pick-list for a slug field on a collection with at most 12 items, else a free list', () => {
    expect(filterChoices(posts, 'slug', 'en')).toEqual(['hello-world', 'second-post']);
    const many = { ...posts, items: Array.from({ length: 13 }, (_, i) => ({ _id: i + 1, slug: `post-${i + 1}` })) };
    expect(filterChoices(many, 'slug', 'en')).toBeNull();
    // The editor holds a collection's first page: its count decides.
    expect(filterChoices({ ...posts, total: 5000 }, 'slug', 'en')).toBeNull();
  });

  it('the filter input is a pick-list for a list field', () => {
    expect(filterChoices(posts, 'tags', 'en')).toEqual(['a', 'b', 'c']);
  });

  it('the filter input of a list field is a free list when the editor holds only the first items of the collection', () => {
    expect(filterChoices({ ...posts, total: posts.items.length }, 'tags', 'en')).toEqual(['a', 'b', 'c']);
    expect(filterChoices({ ...posts, total: 5000 }, 'tags', 'en')).toBeNull();
  });

  it('the filter input is a free list for other fields', () => {
    expect(filterChoices(posts, 'title', 'en')).toBeNull();
  });

  it('fields of type published are not offered for sorting or filtering', () => {
    expect(orderingFields(posts).map((f) => f.id)).toEqual(['title', 'slug', 'category', 'tags']);
  });

  it('changing the filter field drops the values of the old one', () => {
    expect(changeFilterField(repeating, 'slug')).toEqual({ '_options.filterField': 'slug', '_options.filter': null });
    expect(changeFilterField(repeating, 'category')).toEqual({});
  });

  it('collection ids starting with an underscore are hidden from pickers', () => {
    expect(pickerCollections(collections).map((c) => c.id)).toEqual(['posts', 'team']);
  });

  it('item labels use the first present of name, firstname, lastname, title, heading, text, description, question, then the first field', () => {
    expect(itemLabel(team, { _id: 1, name: 'Ada', title: 'CTO' }, 'en')).toBe('Ada');
    expect(itemLabel(posts, { _id: 1, title: 'Hello', description: 'Hi' }, 'en')).toBe('Hello');
    expect(itemLabel(empty, { _id: 1, label: 'Only the first field' }, 'en')).toBe('Only the first field');
    expect(itemLabel(team, { _id: 1, name: { _loc: true, en: 'Ada', fi: 'Aada' } }, 'fi')).toBe('Aada');
  });

  it('item names over 20 characters are cut to 15 plus an ellipsis', () => {
    expect(itemLabel(posts, { _id: 1, title: 'Exactly twenty chars' }, 'en')).toBe('Exactly twenty chars');
    expect(itemLabel(posts, { _id: 1, title: 'A title longer than twenty' }, 'en')).toBe('A title longer …');
  });

  it('an unchanged value is no edit', () => {
    expect(changeItem({ _dataSource: 'posts.4' }, 'posts', 4)).toEqual({});
    expect(changeFilterType({ '_options.filterType': 'or' }, 'or')).toEqual({});
  });
});
