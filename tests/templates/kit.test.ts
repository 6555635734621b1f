import { describe, expect, it } from 'vitest';
import { col, heading, materialize, para, rebase, styleOf, utilityOf } from '../../server/src/templates/kit.js';

describe('the section vocabulary', () => {
  it('splits classes into fine-grained style settings, keeping each variant with its utility', () => {
    expect(
      styleOf('p-4 md:p-8 text-lg text-gray-l11 dark:text-gray-d11 text-center font-heading font-bold [&_h2]:text-3xl hover:bg-primary-l3'),
    ).toEqual({
      padding: 'p-4 md:p-8',
      fontSize: 'text-lg',
      textColor: 'text-gray-l11 dark:text-gray-d11',
      textAlign: 'text-center',
      fontFamily: 'font-heading',
      fontWeight: 'font-bold',
      children: '[&_h2]:text-3xl',
      background: 'hover:bg-primary-l3',
    });
    expect(utilityOf('md:group-hover/card:bg-primary-l3')).toBe('bg-primary-l3');
    expect(utilityOf('[&_:is(h2,h3)]:font-heading')).toBe('font-heading');
  });

  it('names ids after the components, unique among siblings', () => {
    const nodes = materialize(col('Hero', '', [heading('Title', 'A', 1), para('Text', 'B'), para('Text', 'C')]), 'hero');
    expect(Object.keys(nodes)).toEqual(['hero', 'hero.title', 'hero.text', 'hero.text-2']);
    expect(nodes.hero!.children).toEqual(['hero.title', 'hero.text', 'hero.text-2']);
    expect(nodes['hero.title']!.data).toMatchObject({ '_options.name': 'Title', '_options.tag': 'h1', inherits: 'heading', value: 'A' });
  });

  it('re-bases a subtree without touching ids that merely share a prefix', () => {
    const nodes = materialize(col('Hero', '', [para('Text', 'B')]), 'hero');
    nodes['hero-2'] = { id: 'hero-2', type: 'layout-v', data: {}, style: {}, children: [] };
    const moved = rebase(nodes, 'hero', 'intro');
    expect(Object.keys(moved).sort()).toEqual(['hero-2', 'intro', 'intro.text']);
    expect(moved.intro!.children).toEqual(['intro.text']);
  });
});
