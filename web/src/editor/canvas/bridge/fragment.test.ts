// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { applyFragment, applyPart } from './fragment.ts';

globalThis.CSS ??= { escape: (s: string) => s.replace(/["\\]/g, '\\$&') } as typeof CSS;

const el = (id: string) => document.querySelector(`[data-pw-id="${id}"]`)!;
const NO_CSS = { classes: [], theme: [], global: [] };

describe('one component’s element replaced from an edit’s answer', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<main><section data-pw-id="hero"><h1 data-pw-id="hero.title" class="text-4xl">Welcome</h1><p data-pw-id="hero.text">Hello</p></section>' +
      '<section data-pw-id="menu"><h2 data-pw-id="menu.title">Menu</h2></section></main>';
  });

  it('changes that element only: the rest of the page keeps its elements', () => {
    const hero = el('hero');
    const title = el('hero.title');
    const menu = el('menu.title');
    expect(
      applyPart(document, { id: 'hero.title', html: '<h1 data-pw-id="hero.title" class="text-4xl opacity-35">Fresh bread</h1>' }, null),
    ).toBe(true);
    expect(el('hero.title')).toBe(title);
    expect(title.outerHTML).toBe('<h1 data-pw-id="hero.title" class="text-4xl opacity-35">Fresh bread</h1>');
    expect(el('hero')).toBe(hero);
    expect(el('menu.title')).toBe(menu);
  });

  it('a new tag replaces the element; nothing rendered removes it', () => {
    applyPart(document, { id: 'hero.title', html: '<h2 data-pw-id="hero.title">Welcome</h2>' }, null);
    expect(el('hero.title').tagName).toBe('H2');
    expect(applyPart(document, { id: 'hero.text', html: '' }, null)).toBe(true);
    expect(document.querySelector('[data-pw-id="hero.text"]')).toBeNull();
  });

  it('leaves the text being typed into as it is', () => {
    const title = el('hero.title');
    title.textContent = 'Welcome ho';
    applyPart(
      document,
      {
        id: 'hero',
        html: '<section data-pw-id="hero" class="py-8"><h1 data-pw-id="hero.title">Welcome</h1><p data-pw-id="hero.text">Hello</p></section>',
      },
      title,
    );
    expect(el('hero').getAttribute('class')).toBe('py-8');
    expect(title.textContent).toBe('Welcome ho');
  });

  it('does not fit a page without that one element, or HTML that is not that component', () => {
    expect(applyPart(document, { id: 'gone', html: '<p data-pw-id="gone">x</p>' }, null)).toBe(false);
    expect(applyPart(document, { id: 'hero.title', html: '<p data-pw-id="hero.text">x</p>' }, null)).toBe(false);
    expect(applyPart(document, { id: 'hero.title', html: '<h1 data-pw-id="hero.title">a</h1><p>b</p>' }, null)).toBe(false);
    expect(el('hero.title').textContent).toBe('Welcome');
    expect(applyFragment(document, [{ id: 'gone', html: '<p data-pw-id="gone">x</p>' }], NO_CSS, null)).toBe(false);
  });
});
