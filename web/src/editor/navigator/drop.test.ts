import { describe, expect, it } from 'vitest';
import { dropTarget, keyboardSlots } from './drop.ts';
import { fixture } from './fixture.test-util.ts';

describe('drop target of a dragged component', () => {
  it('drops above a row into that row’s container, at its place', () => {
    const f = fixture();
    const target = dropTarget(f, 'hero.picture', { index: f.at('hero.content.title'), fraction: 0.1, depth: 2 });
    expect(target).toEqual({
      kind: 'component',
      id: 'hero.picture',
      container: 'hero.content',
      toIndex: 0,
      line: { boundary: f.at('hero.content.title'), depth: 2 },
      outline: 'hero.content',
    });
  });

  it('reorders within its container counting the index after the item is taken out, as the server does', () => {
    const f = fixture();
    const target = dropTarget(f, 'hero.content.title', { index: f.at('hero.content.text'), fraction: 0.9, depth: 2 });
    expect(target).toMatchObject({ kind: 'component', container: 'hero.content', toIndex: 1 });
  });

  it('drops into a container when over the middle of its row, appended after its children', () => {
    const f = fixture();
    const target = dropTarget(f, 'hero.picture', { index: f.at('hero.content.buttons'), fraction: 0.5, depth: 0 });
    expect(target).toMatchObject({
      kind: 'component',
      container: 'hero.content.buttons',
      toIndex: 2,
      outline: 'hero.content.buttons',
      line: { boundary: f.at('hero.content.buttons.two') + 1, depth: 3 },
    });
  });

  it('a closed container takes the drop with an outline and no line', () => {
    const f = fixture(['hero', 'hero.content', 'cta']);
    const target = dropTarget(f, 'hero.picture', { index: f.at('hero.content.buttons'), fraction: 0.5, depth: 0 });
    expect(target).toMatchObject({ container: 'hero.content.buttons', toIndex: 2, line: null });
  });

  it('below the last child of nested containers, the pointer’s depth picks the level', () => {
    const f = fixture();
    const below = { index: f.at('hero.content.buttons.two'), fraction: 0.9 };
    expect(dropTarget(f, 'hero.content.title', { ...below, depth: 3 })).toMatchObject({ container: 'hero.content.buttons', toIndex: 2 });
    expect(dropTarget(f, 'hero.content.title', { ...below, depth: 2 })).toMatchObject({
      container: 'hero.content',
      toIndex: 2,
      line: { depth: 2 },
    });
    expect(dropTarget(f, 'hero.content.title', { ...below, depth: 0 })).toMatchObject({
      container: 'hero',
      toIndex: 1,
      line: { boundary: f.at('hero.picture'), depth: 1 },
    });
  });

  it('refuses a drop into itself or a descendant', () => {
    const f = fixture();
    expect(dropTarget(f, 'hero.content', { index: f.at('hero.content.buttons'), fraction: 0.5, depth: 3 })).toBeNull();
    expect(dropTarget(f, 'hero.content', { index: f.at('hero.content.title'), fraction: 0.1, depth: 2 })).toBeNull();
    expect(dropTarget(f, 'hero.content', { index: f.at('hero.content'), fraction: 0.5, depth: 1 })).toEqual({ kind: 'stay' });
  });

  it('refuses a drop into an alias or into a component that is no container', () => {
    const f = fixture();
    expect(dropTarget(f, 'hero.picture', { index: f.at('cta.copy'), fraction: 0.5, depth: 2 })).toBeNull();
    expect(dropTarget(f, 'hero.picture', { index: f.at('cta.link.label'), fraction: 0.1, depth: 2 })).toBeNull();
  });

  it('refuses a component between sections, where only sections go', () => {
    const f = fixture(['hero', 'cta']);
    expect(dropTarget(f, 'hero.picture', { index: f.at('hero'), fraction: 0.1, depth: 0 })).toBeNull();
  });

  it('a drop where the item already is stays', () => {
    const f = fixture();
    expect(dropTarget(f, 'hero.content.text', { index: f.at('hero.content.text'), fraction: 0.1, depth: 2 })).toEqual({ kind: 'stay' });
    expect(dropTarget(f, 'hero.content.text', { index: f.at('hero.content.buttons'), fraction: 0.1, depth: 2 })).toEqual({ kind: 'stay' });
  });
});

describe('drop target of a dragged section', () => {
  it('moves among the sections, before or after the section under the pointer', () => {
    const f = fixture();
    expect(dropTarget(f, 'cta', { index: f.at('hero'), fraction: 0.2, depth: 3 })).toEqual({
      kind: 'section',
      id: 'cta',
      toIndex: 0,
      line: { boundary: 0, depth: 0 },
    });
    expect(dropTarget(f, 'hero', { index: f.rows.length, fraction: 0, depth: 0 })).toEqual({
      kind: 'section',
      id: 'hero',
      toIndex: 1,
      line: { boundary: f.rows.length, depth: 0 },
    });
    expect(dropTarget(f, 'hero', { index: f.at('cta.box'), fraction: 0.5, depth: 0 })).toMatchObject({ kind: 'section', toIndex: 1 });
  });

  it('over its own rows it stays', () => {
    const f = fixture();
    expect(dropTarget(f, 'hero', { index: f.at('hero.content.title'), fraction: 0.5, depth: 0 })).toEqual({ kind: 'stay' });
  });
});

describe('keyboard drag', () => {
  it('steps above each row, inside each container, and below the last row', () => {
    const f = fixture(['hero']);
    // hero, content, picture, cta: three containers
    expect(keyboardSlots(f.rows, f.nodes)).toEqual([
      { index: 0, fraction: 0, depth: 0 },
      { index: 0, fraction: 0.5, depth: 1 },
      { index: 1, fraction: 0, depth: 1 },
      { index: 1, fraction: 0.5, depth: 2 },
      { index: 2, fraction: 0, depth: 1 },
      { index: 3, fraction: 0, depth: 0 },
      { index: 3, fraction: 0.5, depth: 1 },
      { index: 4, fraction: 0, depth: 0 },
    ]);
  });
});
