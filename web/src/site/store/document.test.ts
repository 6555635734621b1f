import { describe, expect, it } from 'vitest';
import { ancestorsOf, nodeMapOf, pageFromPath, positionOf, textValue, treeRows, withText } from './document.ts';
import { node } from './testing.ts';

const nodes = nodeMapOf({
  hero: node('hero', 'layout-v', ['hero.title', 'hero.row']),
  'hero.title': node('hero.title', 'heading', [], { value: 'Hi', '_options.name': 'Main title' }),
  'hero.row': node('hero.row', 'layout-h', ['hero.row.a']),
  'hero.row.a': node('hero.row.a', 'button'),
  footer: node('footer', 'layout-v'),
});

describe('the site document as the editor reads it', () => {
  it('lists the tree rows of a page, opening only expanded nodes, with names and depths', () => {
    const rows = treeRows(['hero', 'footer'], nodes, new Set(['hero']));
    expect(rows.map((r) => [r.id, r.depth, r.name, r.expanded])).toEqual([
      ['hero', 0, 'hero', true],
      ['hero.title', 1, 'Main title', false],
      ['hero.row', 1, 'row', false],
      ['footer', 0, 'footer', false],
    ]);
  });

  it('walks a page of thousands of nested components without overflowing the stack', () => {
    const deep = new Map(nodes);
    let id = 'deep';
    const expanded = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const child = `${id}.c`;
      deep.set(id, node(id, 'layout-v', [child]));
      expanded.add(id);
      id = child;
    }
    deep.set(id, node(id, 'text'));
    expect(treeRows(['deep'], deep, expanded)).toHaveLength(5001);
  });

  it('knows ancestors and positions from dotted ids', () => {
    expect(ancestorsOf('hero.row.a')).toEqual(['hero', 'hero.row']);
    expect(positionOf('hero.row', nodes, ['hero', 'footer'])).toEqual({ container: 'hero', index: 1 });
    expect(positionOf('footer', nodes, ['hero', 'footer'])).toEqual({ container: null, index: 1 });
  });

  it('reads and writes inline text, keeping the other languages of a localized value', () => {
    expect(textValue('Hi', 'en')).toBe('Hi');
    expect(textValue({ _loc: true, en: 'Hi', fi: 'Hei' }, 'fi')).toBe('Hei');
    expect(textValue({ _loc: true, en: 'Hi' }, 'fi')).toBe('');
    expect(textValue(42, 'en')).toBeNull();
    expect(withText({ _loc: true, en: 'Hi', fi: 'Hei' }, 'Moi', 'fi')).toEqual({ _loc: true, en: 'Hi', fi: 'Moi' });
    expect(withText('Hi', 'Hello', 'en')).toBe('Hello');
  });

  it('reads the page from the address, home when none, keeping slashes of collection pages', () => {
    expect(pageFromPath(undefined)).toBe('home');
    expect(pageFromPath('')).toBe('home');
    expect(pageFromPath('about/')).toBe('about');
    expect(pageFromPath('posts/:slug')).toBe('posts/:slug');
  });

  it('never uses an id as a plain-object key', () => {
    const map = nodeMapOf(
      JSON.parse('{"__proto__": {"id":"__proto__","type":"text","data":{},"style":{},"children":[]}}') as Record<string, never>,
    );
    expect(map.get('__proto__')?.type).toBe('text');
    expect(({} as Record<string, unknown>).type).toBeUndefined();
  });
});
