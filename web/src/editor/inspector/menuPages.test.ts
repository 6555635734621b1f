import { describe, expect, it } from 'vitest';
import { page } from '../../site/store/testing.ts';
import { boundField, chosenPages, menuLinkTargets, menuPageChoices } from './menuPages.ts';

describe("a menu's custom pages", () => {
  const pages = [page('_before', []), page('home', []), page('about', []), page('posts/:slug', []), page('404', []), page('_after', [])];

  it('offers the pages a visitor can open, in the site order, less those already in the menu', () => {
    expect(menuPageChoices(pages, ['about']).map((p) => p.id)).toEqual(['home', '404']);
    expect(menuPageChoices(pages, []).map((p) => p.id)).toEqual(['home', 'about', '404']);
  });

  it('reads the chosen pages from a list or a single id', () => {
    expect(chosenPages(['menu', 'about'])).toEqual(['menu', 'about']);
    expect(chosenPages('about')).toEqual(['about']);
    expect(chosenPages(undefined)).toEqual([]);
  });

  it("names the pages a menu's bound link goes to: the menu's custom pages by name, else the top pages", () => {
    const named = [page('menu', [], { name: 'Menu' }), page('about', [], { name: 'About' })];
    expect(boundField({ _bind: 'id' })).toBe('id');
    expect(boundField('about')).toBeNull();
    expect(menuLinkTargets([{ type: 'nav', data: { pages: ['menu', 'about'] } }], named)).toBe('Menu, About');
    expect(
      menuLinkTargets(
        [
          { type: 'box', data: {} },
          { type: 'nav', data: { _repeat: '_pages-0' } },
        ],
        named,
      ),
    ).toBe('the top pages of the site');
  });
});
