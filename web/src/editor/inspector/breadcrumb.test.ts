import { describe, expect, it } from 'vitest';
import { breadcrumbOf } from './breadcrumb.ts';

describe('the selection breadcrumb', () => {
  it('shows every ancestor of a shallow component', () => {
    expect(breadcrumbOf('hero.content.title')).toEqual({ hidden: [], shown: ['hero', 'hero.content'] });
  });
  it('shows the 4 nearest ancestors and hides the older ones under the ellipsis', () => {
    expect(breadcrumbOf('a.b.c.d.e.f.g')).toEqual({ hidden: ['a', 'a.b'], shown: ['a.b.c', 'a.b.c.d', 'a.b.c.d.e', 'a.b.c.d.e.f'] });
  });
  it('has no ancestors for a section', () => {
    expect(breadcrumbOf('hero')).toEqual({ hidden: [], shown: [] });
  });
});
