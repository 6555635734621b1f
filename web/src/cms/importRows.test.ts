import { describe, expect, it } from 'vitest';
import { coerceText, itemsOf, mappingFor, parseText, type Mapping } from './importRows.ts';
import type { Field } from './values.ts';

const fields: Field[] = [
  { id: 'title', name: 'Title', type: 'text' },
  { id: 'price', name: 'Price', type: 'number' },
  { id: 'category', name: 'Category', type: 'enum', options: ['News', 'Guides'] },
  { id: 'tags', name: 'Tags', type: 'list' },
  { id: 'published', name: 'Published', type: 'published' },
];

describe('reading files', () => {
  it('reads CSV with a header (cells stay text), NDJSON line by line with unreadable lines numbered, JSON as a list', () => {
    expect(parseText('\uFEFFtitle,price\nA,1\n\nB,2\n', 'csv')).toMatchObject({
      columns: ['title', 'price'],
      rows: [
        { title: 'A', price: '1' },
        { title: 'B', price: '2' },
      ],
    });
    const nd = parseText('{"title":"A"}\nnot json\n[1]\n{"title":"B","price":2}\n', 'ndjson');
    expect(nd.rows).toEqual([{ title: 'A' }, { title: 'B', price: 2 }]);
    expect(nd.columns).toEqual(['title', 'price']);
    expect(nd.unreadable.map((u) => u.row)).toEqual([2, 3]);
    expect(parseText('[{"title":"A"}]', 'json').rows).toEqual([{ title: 'A' }]);
    expect(() => parseText('{"title":"A"}', 'json')).toThrow('A JSON file must hold a list');
  });
});

describe('mapping and items', () => {
  it('maps columns named like a key or a title by themselves, keeps a remembered choice that still names a field', () => {
    const remembered: Mapping = new Map([
      ['Name', 'title'],
      ['Old', 'gone'],
    ]);
    expect([...mappingFor(['Name', 'PRICE', 'Category', 'Old', 'x'], fields, 'en', remembered)]).toEqual([
      ['Name', 'title'],
      ['PRICE', 'price'],
      ['Category', 'category'],
      ['Old', ''],
      ['x', ''],
    ]);
  });

  it('turns text into the field types as the CLI does and leaves out empty cells and ignored columns', () => {
    const mapping: Mapping = new Map([
      ['Name', 'title'],
      ['price', 'price'],
      ['category', 'category'],
      ['tags', 'tags'],
      ['published', 'published'],
      ['notes', ''],
    ]);
    expect(
      itemsOf(
        [
          { Name: 'A', price: '1 200', category: 'guides', tags: 'a|b\nc', published: 'no', notes: 'x' },
          { Name: 'B', price: '' },
        ],
        mapping,
        fields,
      ),
    ).toEqual([{ title: 'A', price: 1200, category: 'Guides', tags: ['a', 'b', 'c'], published: false }, { title: 'B' }]);
    expect(coerceText(fields[1], 'ten')).toBe('ten');
    expect(coerceText({ type: 'date' }, '15.3.2026')).toBe('2026-03-15');
  });
});
