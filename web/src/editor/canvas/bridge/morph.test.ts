// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { applyPatch } from './morph.ts';

// jsdom has no CSS.escape; idiomorph uses it to find moved elements (browsers all have it).
globalThis.CSS ??= { escape: (s: string) => s.replace(/["\\]/g, '\\$&') } as typeof CSS;

const page = (body: string, { style = 'p{color:red}', theme = 'light' } = {}) =>
  `<!doctype html><html lang="en" class="${theme}"><head><title>Home</title><style>${style}</style></head><body>${body}</body></html>`;

const section = (id: string, text: string) => `<section data-pw-id="${id}"><h2 data-pw-id="${id}.title">${text}</h2></section>`;

function load(html: string) {
  document.open();
  document.write(html);
  document.close();
  // What the editor puts first in the frame's head: left alone by every patch.
  document.head.insertAdjacentHTML('afterbegin', '<meta name="pw-bridge" content="t"><script>/* bridge */</script>');
}

const el = (id: string) => document.querySelector(`[data-pw-id="${id}"]`)!;

describe('patching the canvas document', () => {
  beforeEach(() => load(page(section('hero', 'Fresh bread') + section('menu', 'Menu'))));

  it('changes only what changed, keeping the elements of the components', () => {
    const hero = el('hero');
    const menuTitle = el('menu.title');
    applyPatch(document, page(section('hero', 'Fresh bread daily') + section('menu', 'Menu')), { keep: null });
    expect(el('hero')).toBe(hero);
    expect(el('hero.title').textContent).toBe('Fresh bread daily');
    expect(el('menu.title')).toBe(menuTitle);
  });

  it('matches components by their marker when a section is added before them', () => {
    const menu = el('menu');
    const hero = el('hero');
    applyPatch(document, page(section('intro', 'Welcome') + section('hero', 'Fresh bread') + section('menu', 'Menu')), { keep: null });
    expect([...document.querySelectorAll('section')].map((s) => s.getAttribute('data-pw-id'))).toEqual(['intro', 'hero', 'menu']);
    expect(el('menu')).toBe(menu);
    expect(el('hero')).toBe(hero);
  });

  it('leaves the text being typed alone while the rest of the page updates', () => {
    const title = el('hero.title');
    title.textContent = 'Fresh bread and b';
    applyPatch(document, page(section('hero', 'Fresh bread and') + section('menu', 'Our menu')), { keep: title });
    expect(el('hero.title')).toBe(title);
    expect(title.textContent).toBe('Fresh bread and b');
    expect(el('menu.title').textContent).toBe('Our menu');
  });

  it('removes the temporary matching ids and keeps the page’s own ids', () => {
    applyPatch(document, page(`<section data-pw-id="hero" id="top"><h2 data-pw-id="hero.title">Hi</h2></section>`), { keep: null });
    expect(el('hero').getAttribute('id')).toBe('top');
    expect(document.querySelectorAll('[id^="pw-match:"]').length).toBe(0);
    expect(el('hero.title').hasAttribute('id')).toBe(false);
  });

  it('updates the page’s styles, title and appearance, never the bridge’s own head elements', () => {
    applyPatch(document, page(section('hero', 'Hi'), { style: 'p{color:blue}', theme: 'dark' }).replace('Home', 'Home – dark'), {
      keep: null,
    });
    expect(document.querySelector('style')!.textContent).toBe('p{color:blue}');
    expect(document.documentElement.className).toBe('dark');
    expect(document.title).toBe('Home – dark');
    expect(document.querySelector('meta[name="pw-bridge"]')).not.toBeNull();
    expect(document.head.querySelector('script')!.textContent).toBe('/* bridge */');
  });

  it('touches only the text that changed on a large page', async () => {
    const big = Array.from({ length: 50 }, (_, i) => section(`s${i}`, `Title ${i}`)).join('');
    load(page(big));
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((list) => records.push(...list));
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    applyPatch(document, page(big.replace('Title 37<', 'Title thirty-seven<')), { keep: null });
    await Promise.resolve();
    observer.disconnect();
    expect(records.map((r) => r.type)).toEqual(['characterData']);
    expect(el('s37.title').textContent).toBe('Title thirty-seven');
  });

  it('draws a grid once when it is bound to a collection (its cards repeated inside it, not the grid inside itself)', () => {
    const card = (n: number, text: string) =>
      `<div data-pw-id="grid.card-${n}"><h3 data-pw-id="grid.card-${n}.heading">${text}</h3><p data-pw-id="grid.card-${n}.body">b</p></div>`;
    const cards = (texts: string[]) => texts.map((t) => card(1, t) + card(2, t) + card(3, t)).join('');
    load(
      page(
        section('hero', 'Fresh bread') +
          `<section data-pw-id="grid" class="grid">${card(1, 'F1') + card(2, 'F2') + card(3, 'F3')}</section>`,
      ),
    );
    const grid = el('grid');
    applyPatch(
      document,
      page(section('hero', 'Fresh bread') + `<section data-pw-id="grid" class="grid cms">${cards(['A', 'B', 'C'])}</section>`),
      {
        keep: null,
      },
    );
    expect(document.querySelectorAll('[data-pw-id="grid"]')).toHaveLength(1);
    expect(el('grid')).toBe(grid);
    expect(grid.className).toBe('grid cms');
    expect([...grid.children].map((c) => c.querySelector('h3')!.textContent)).toEqual(['A', 'A', 'A', 'B', 'B', 'B', 'C', 'C', 'C']);
  });

  it('renders repeated components (one marker, several elements) in full', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => `<li data-pw-id="list.item">Item ${i}</li>`).join('');
    applyPatch(document, page(`<ul data-pw-id="list">${items(3)}</ul>`), { keep: null });
    expect([...document.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Item 0', 'Item 1', 'Item 2']);
    expect(document.querySelectorAll('li[id]').length).toBe(0);
  });
});

describe('a page the morph refuses', () => {
  beforeEach(() => load(page(section('hero', 'Fresh bread') + section('menu', 'Menu'))));

  it('is taken whole, so the canvas still shows the answer (and no temporary match ids are left)', async () => {
    const { Idiomorph } = await import('idiomorph');
    const morph = vi.spyOn(Idiomorph, 'morph').mockImplementation(() => {
      throw new DOMException("Failed to execute 'insertBefore' on 'Node'", 'HierarchyRequestError');
    });
    try {
      // A section added before the others: the structure changed, so the morph is asked, and refuses.
      applyPatch(document, page(section('intro', 'Welcome') + section('hero', 'Fresh bread') + section('menu', 'Menu')), { keep: null });
      expect(morph).toHaveBeenCalled();
      expect([...document.querySelectorAll('section')].map((s) => s.getAttribute('data-pw-id'))).toEqual(['intro', 'hero', 'menu']);
      expect(document.querySelectorAll('[id^="pw-match:"]')).toHaveLength(0);
      // The bridge's own head is left alone.
      expect(document.querySelector('meta[name="pw-bridge"]')).not.toBeNull();
    } finally {
      morph.mockRestore();
    }
  });
});
