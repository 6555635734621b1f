// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createInstant, INSTANT_STYLE } from './instant.ts';
import { applyPatch } from './morph.ts';

// jsdom has no CSS.escape (browsers all have it): enough of it for class names.
globalThis.CSS ??= { escape: (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, '\\$&') } as typeof CSS;

const page = (titleClass: string, style = '.opacity-50{opacity:.5}') =>
  `<!doctype html><html lang="en"><head><title>Home</title><style>${style}</style></head><body>` +
  `<section data-pw-id="hero"><h1 data-pw-id="hero.title" class="${titleClass}">Fresh bread</h1>` +
  `<nav data-pw-id="hero.crumbs"><ol class="flex gap-2"><li>Home</li></ol></nav></section></body></html>`;

function load(html: string) {
  document.open();
  document.write(html);
  document.close();
}

const classes = (id: string) => [...document.querySelector(`[data-pw-id="${id}"]`)!.classList];
const instantStyles = () => document.head.querySelectorAll(`style[${INSTANT_STYLE}]`).length;

describe('instant style changes in the canvas', () => {
  beforeEach(() => load(page('text-4xl opacity-50')));

  it('swaps the classes on the component at once', () => {
    const instant = createInstant(document);
    instant.show(1, { id: 'hero.title', remove: ['opacity-50'], add: ['opacity-35'] });
    expect(classes('hero.title')).toEqual(['text-4xl', 'opacity-35']);
  });

  it('swaps on the inner element that carries the old class', () => {
    const instant = createInstant(document);
    instant.show(1, { id: 'hero.crumbs', remove: ['gap-2'], add: ['gap-4'] });
    expect([...document.querySelector('[data-pw-id="hero.crumbs"] ol')!.classList]).toEqual(['flex', 'gap-4']);
    expect(classes('hero.crumbs')).toEqual([]);
  });

  it('shows a change still on its way again after an older re-render arrives', () => {
    const instant = createInstant(document);
    instant.show(1, { id: 'hero.title', remove: ['opacity-50'], add: ['opacity-35'] });
    // A patch from before the change (another edit's answer) puts the old class back…
    applyPatch(document, page('text-4xl opacity-50'), { keep: null });
    instant.patched();
    // …and the pending change is applied over it.
    expect(classes('hero.title')).toEqual(['text-4xl', 'opacity-35']);
  });

  it('undoes a failed change on the canvas', () => {
    const instant = createInstant(document);
    instant.show(1, { id: 'hero.title', remove: ['opacity-50'], add: ['opacity-35'] });
    instant.settle(1, true);
    expect(classes('hero.title')).toEqual(['text-4xl', 'opacity-50']);
    // Settled: a later patch no longer re-applies it.
    applyPatch(document, page('text-4xl opacity-50'), { keep: null });
    instant.patched();
    expect(classes('hero.title')).toEqual(['text-4xl', 'opacity-50']);
  });

  it('keeps the rules it brought through patches until no change is pending', () => {
    const instant = createInstant(document);
    instant.show(1, { id: 'hero.title', remove: ['opacity-50'], add: ['opacity-35'] });
    instant.show(2, { id: 'hero.title', remove: ['text-4xl'], add: ['text-5xl'] });
    instant.css('.opacity-35{opacity:.35}.text-5xl{font-size:3rem}');
    expect(instantStyles()).toBe(1);

    // The first edit's answer: the page has its rule, the second change is still on its way.
    applyPatch(document, page('text-4xl opacity-35', '.opacity-35{opacity:.35}'), { keep: null });
    instant.patched();
    instant.settle(1, false);
    expect(instantStyles()).toBe(1);
    expect(classes('hero.title')).toEqual(['opacity-35', 'text-5xl']);

    // The second one's answer: every rule is in the page's stylesheet now.
    applyPatch(document, page('text-5xl opacity-35', '.opacity-35{opacity:.35}.text-5xl{font-size:3rem}'), { keep: null });
    instant.patched();
    instant.settle(2, false);
    expect(instantStyles()).toBe(0);
    expect(classes('hero.title')).toEqual(['text-5xl', 'opacity-35']);
  });

  it('ignores the settling of a change it never showed (a page loaded in between)', () => {
    const instant = createInstant(document);
    instant.settle(7, true);
    expect(classes('hero.title')).toEqual(['text-4xl', 'opacity-50']);
  });
});
