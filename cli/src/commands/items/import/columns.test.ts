import { describe, expect, it } from 'vitest';
import type { Field } from '../../../lib/content.js';
import { columnMapper, itemOfRow } from './columns.js';

const FIELDS: Field[] = [
  { id: 'title', name: 'Product name', type: 'text' },
  { id: 'price', name: 'Price', type: 'number' },
  { id: 'colour', name: 'Colour', type: 'enum', options: ['red', 'blue'] },
];
const byId = new Map(FIELDS.map((f) => [f.id, f]));

describe('the columns of an import file', () => {
  it('go to the field named by their key, _id, or a key or title in any letter case', () => {
    const mapper = columnMapper(FIELDS, []);
    expect(['title', '_id', 'PRICE', 'product NAME'].map((c) => mapper.target(c))).toEqual(['title', '_id', 'price', 'title']);
  });

  it('go where --map says first, and column= ignores a column without listing it', () => {
    const mapper = columnMapper(FIELDS, ['Name=title', 'price=']);
    expect(mapper.target('Name')).toBe('title');
    expect(mapper.target('price')).toBeNull();
    expect(mapper.ignored).toEqual([]);
  });

  it('that match no field are listed once as ignored', () => {
    const mapper = columnMapper(FIELDS, []);
    mapper.target('Notes');
    mapper.target('Notes');
    expect(mapper.ignored).toEqual(['Notes']);
  });

  it('cannot be mapped to a field the collection does not have', () => {
    expect(() => columnMapper(FIELDS, ['Name=headline'])).toThrow('--map Name=headline: the collection has no field headline');
    expect(() => columnMapper(FIELDS, ['=title'])).toThrow('--map takes column=field (got "=title")');
  });
});

describe('a row of an import file as an item', () => {
  it('reads text cells as their field type and leaves empty cells out', () => {
    const { item } = itemOfRow({ title: 'Linen shirt', price: '49', colour: '' }, byId, columnMapper(FIELDS, []));
    expect(item).toEqual({ title: 'Linen shirt', price: 49 });
  });

  it('reads an _id cell as a number, and an empty one as no id', () => {
    const mapper = columnMapper(FIELDS, []);
    expect(itemOfRow({ _id: '12' }, byId, mapper).item).toEqual({ _id: 12 });
    expect(itemOfRow({ _id: ' ' }, byId, mapper).item).toEqual({});
  });

  it('keeps values that are not text (JSON rows) as they are', () => {
    expect(itemOfRow({ price: 12.5, title: null }, byId, columnMapper(FIELDS, [])).item).toEqual({ price: 12.5, title: null });
  });

  it('names the fields whose value is not one of their categories', () => {
    const mapper = columnMapper(FIELDS, []);
    expect(itemOfRow({ colour: 'Blue' }, byId, mapper)).toEqual({ item: { colour: 'blue' }, outside: [] });
    expect(itemOfRow({ colour: 'green' }, byId, mapper)).toEqual({ item: { colour: 'green' }, outside: ['colour'] });
  });
});
