import { describe, expect, it } from 'vitest';
import type { DataSetting } from '../inspector/schema.ts';
import { nodeMapOf, type Node } from '../../site/store/document.ts';
import { bindable, fittingFields, scopeCollection } from './fields.ts';
import type { Field } from './state.ts';

const node = (id: string, data: Record<string, unknown> = {}, children: string[] = []): Node =>
  ({ id, type: 'layout-v', data, style: {}, children }) as unknown as Node;

const nodes = nodeMapOf({
  grid: node('grid', { _repeat: 'products' }, ['grid.card']),
  'grid.card': node('grid.card', {}, ['grid.card.name']),
  'grid.card.name': node('grid.card.name'),
  hero: node('hero', {}, ['hero.title', 'hero.box']),
  'hero.title': node('hero.title'),
  'hero.box': node('hero.box', { _dataSource: 'posts.3' }),
});

const row = (key: string, kind: string): DataSetting =>
  ({ id: key, key, label: key, store: 'data', control: { kind } }) as unknown as DataSetting;
const fields = [
  { id: 'name', name: 'Name', type: 'text' },
  { id: 'description', name: 'Description', type: 'richtext' },
  { id: 'image', name: 'Image', type: 'image' },
  { id: 'price', name: 'Price', type: 'number' },
  { id: 'published', name: 'Published', type: 'published' },
] as Field[];

describe('binding by picking', () => {
  it('finds the collection in scope: an own item source, a repeating ancestor, else the collection page', () => {
    expect(scopeCollection('grid.card.name', nodes, undefined)).toBe('products');
    expect(scopeCollection('grid', nodes, undefined)).toBeNull();
    expect(scopeCollection('hero.box', nodes, undefined)).toBe('posts');
    expect(scopeCollection('hero.title', nodes, undefined)).toBeNull();
    expect(scopeCollection('hero.title', nodes, { content: 'products' })).toBe('products');
  });

  it('offers only the fields whose type fits the row', () => {
    const ids = (r: DataSetting) => fittingFields(r, fields).map((f) => f.id);
    expect(ids(row('value', 'text'))).toEqual(['name', 'description', 'price']);
    expect(ids(row('value', 'richtext'))).toEqual(['name', 'description']);
    expect(ids(row('value', 'image'))).toEqual(['image']);
    expect(ids(row('value', 'number'))).toEqual(['price']);
    expect(ids(row('alt', 'text'))).toEqual(['name', 'description', 'price']);
  });

  it('binds content rows, not behaviour', () => {
    expect(bindable(row('value', 'text'))).toBe(true);
    expect(bindable(row('alt', 'text'))).toBe(true);
    expect(bindable(row('placeholder', 'text'))).toBe(false);
    expect(bindable(row('min', 'number'))).toBe(false);
    expect(bindable(row('value', 'select'))).toBe(false);
  });
});
