import { describe, expect, it } from 'vitest';
import { fixture } from './fixture.test-util.ts';
import { treeKey, typeahead } from './treeKeys.ts';

describe('tree keys', () => {
  it('Up and Down move through the shown rows, Home and End to the ends', () => {
    const f = fixture();
    expect(treeKey(f.rows, f.at('hero.content'), 'ArrowDown')).toEqual({ kind: 'select', id: 'hero.content.title' });
    expect(treeKey(f.rows, f.at('hero.picture'), 'ArrowUp')).toEqual({ kind: 'select', id: 'hero.content.buttons.two' });
    expect(treeKey(f.rows, 0, 'ArrowUp')).toBeNull();
    expect(treeKey(f.rows, f.rows.length - 1, 'ArrowDown')).toBeNull();
    expect(treeKey(f.rows, 3, 'Home')).toEqual({ kind: 'select', id: 'hero' });
    expect(treeKey(f.rows, 3, 'End')).toEqual({ kind: 'select', id: 'cta.link.label' });
  });

  it('with nothing active, the first key lands on the first row', () => {
    const f = fixture();
    expect(treeKey(f.rows, -1, 'ArrowDown')).toEqual({ kind: 'select', id: 'hero' });
    expect(treeKey(f.rows, -1, 'ArrowRight')).toBeNull();
  });

  it('Right opens a closed row, then enters it; on a leaf it does nothing', () => {
    const f = fixture(['hero']);
    expect(treeKey(f.rows, f.at('hero.content'), 'ArrowRight')).toEqual({ kind: 'open', id: 'hero.content' });
    expect(treeKey(f.rows, f.at('hero'), 'ArrowRight')).toEqual({ kind: 'select', id: 'hero.content' });
    expect(treeKey(f.rows, f.at('hero.picture'), 'ArrowRight')).toBeNull();
  });

  it('Left closes an open row, else goes to the parent; a closed section stays', () => {
    const f = fixture();
    expect(treeKey(f.rows, f.at('hero.content'), 'ArrowLeft')).toEqual({ kind: 'close', id: 'hero.content' });
    expect(treeKey(f.rows, f.at('hero.content.buttons.one'), 'ArrowLeft')).toEqual({ kind: 'select', id: 'hero.content.buttons' });
    const closed = fixture([]);
    expect(treeKey(closed.rows, 0, 'ArrowLeft')).toBeNull();
  });

  it('* opens every closed sibling that has children', () => {
    const f = fixture([]);
    expect(treeKey(f.rows, 0, '*')).toEqual({ kind: 'openSiblings', ids: ['hero', 'cta'] });
  });
});

describe('typeahead', () => {
  // hero, content, Title, text, buttons, one, two, picture, cta, box, copy, link, label
  const { rows } = fixture();
  const name = (i: number | null) => (i === null ? null : rows[i]!.name);

  it('finds the next row whose name starts with the typed letters, wrapping', () => {
    expect(name(typeahead(rows, 0, 'p'))).toBe('picture');
    expect(name(typeahead(rows, 0, 'ti'))).toBe('Title');
    expect(name(typeahead(rows, 9, 'h'))).toBe('hero');
    expect(typeahead(rows, 0, 'zz')).toBeNull();
  });

  it('one letter again and again cycles through the rows starting with it', () => {
    const first = typeahead(rows, 0, 't')!;
    expect(name(first)).toBe('Title');
    const second = typeahead(rows, first, 'tt')!;
    expect(name(second)).toBe('text');
    expect(name(typeahead(rows, second, 'ttt'))).toBe('two');
  });

  it('a longer search stays on the active row while it matches', () => {
    const at = rows.findIndex((r) => r.name === 'text');
    expect(typeahead(rows, at, 'te')).toBe(at);
  });
});
