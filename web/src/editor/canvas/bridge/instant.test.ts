// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { createInstant, INSTANT_STYLE, PENDING } from './instant.ts';
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

  it('hides a deleted component at once, again after an older re-render, and shows it as it was when the delete fails', () => {
    load(page('text-4xl').replace('<h1 data-pw-id="hero.title"', '<h1 data-pw-id="hero.title" style="display: grid"'));
    const title = () => document.querySelector<HTMLElement>('[data-pw-id="hero.title"]')!;
    const instant = createInstant(document);
    instant.hide(1, 'hero.title');
    expect(title().style.getPropertyValue('display')).toBe('none');
    expect(title().style.getPropertyPriority('display')).toBe('important');
    // Another edit's answer, made before the delete reached the server, brings the element back…
    applyPatch(document, page('text-4xl'), { keep: null });
    instant.patched();
    // …and it stays hidden.
    expect(title().style.getPropertyValue('display')).toBe('none');
    instant.settle(1, true);
    expect(title().getAttribute('style')).toBeNull();
  });

  it('leaves a deleted component hidden once its delete is answered, until the page without it comes', () => {
    const instant = createInstant(document);
    instant.hide(1, 'hero.crumbs');
    instant.settle(1, false);
    expect(document.querySelector<HTMLElement>('[data-pw-id="hero.crumbs"]')!.style.display).toBe('none');
    applyPatch(document, page('text-4xl').replace(/<nav[\s\S]*<\/nav>/, ''), { keep: null });
    instant.patched();
    expect(document.querySelector('[data-pw-id="hero.crumbs"]')).toBeNull();
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

describe('a data edit’s plain text shown in the canvas at once (issue 29)', () => {
  beforeEach(() => load(page('text-4xl')));
  const title = () => document.querySelector('[data-pw-id="hero.title"]')!;

  it('shows the text until its edit settles, again after an older patch, and the old one when it fails', () => {
    const instant = createInstant(document);
    instant.text(1, 'hero.title', 'Bread at dawn');
    expect(title().textContent).toBe('Bread at dawn');
    // An older answer arriving meanwhile does not show the old text again.
    applyPatch(document, page('text-4xl'), { keep: null });
    instant.patched();
    expect(title().textContent).toBe('Bread at dawn');
    instant.settle(1, false);
    expect(title().textContent).toBe('Bread at dawn');

    instant.text(2, 'hero.title', 'Not saved');
    instant.settle(2, true);
    expect(title().textContent).toBe('Bread at dawn');
  });
});

describe('components added and moved in the canvas at once (issue 29)', () => {
  const row = (...items: string[]) =>
    `<!doctype html><html lang="en"><head><title>Home</title></head><body>` +
    `<section data-pw-id="hero"><div class="wrap"><div data-pw-id="hero.row" class="flex">` +
    items.map((name) => `<p data-pw-id="hero.row.${name}"><b data-pw-id="hero.row.${name}.icon">*</b>${name}</p>`).join('') +
    `</div></div></section><section data-pw-id="about"><h2 data-pw-id="about.title">About</h2></section></body></html>`;
  /** The row's children as a visitor reads them: each one's text, a copy or placeholder marked with `+`. */
  const shown = () =>
    [...document.querySelector('[data-pw-id="hero.row"]')!.children].map(
      (el) => `${el.hasAttribute(PENDING) ? '+' : ''}${el.textContent.replace('*', '')}`,
    );
  const sections = () => [...document.body.children].map((el) => el.getAttribute('data-pw-id') ?? `+${el.textContent}`);

  beforeEach(() => load(row('a', 'b', 'c')));

  it('moves a component to its index among the others, keeps it there through an older patch, and puts it back when refused', () => {
    const instant = createInstant(document);
    instant.move(1, 'hero.row.a', { into: 'hero.row', index: 2 });
    expect(shown()).toEqual(['b', 'c', 'a']);
    // An answer from before the move re-renders the old order: the move shows again.
    applyPatch(document, row('a', 'b', 'c'), { keep: null });
    instant.patched();
    expect(shown()).toEqual(['b', 'c', 'a']);
    instant.settle(1, true);
    expect(shown()).toEqual(['a', 'b', 'c']);
  });

  it('leaves a move the server took to the page it renders', () => {
    const instant = createInstant(document);
    instant.move(1, 'hero.row.c', { into: 'hero.row', index: 0 });
    expect(shown()).toEqual(['c', 'a', 'b']);
    instant.settle(1, false);
    instant.patching();
    applyPatch(document, row('c', 'a', 'b'), { keep: null });
    instant.patched();
    expect(shown()).toEqual(['c', 'a', 'b']);
  });

  it('moves a component into another container, and a section before another', () => {
    const instant = createInstant(document);
    instant.move(1, 'about.title', { into: 'hero.row', index: 1 });
    expect(shown()).toEqual(['a', 'About', 'b', 'c']);
    instant.move(2, 'about', { before: 'hero' });
    expect(sections()).toEqual(['about', 'hero']);
    // Never into itself.
    instant.move(3, 'hero', { into: 'hero.row', index: 0 });
    expect(sections()).toEqual(['about', 'hero']);
  });

  it('shows a duplicate right after its component with no component ids of its own, until the patch after its answer', () => {
    const instant = createInstant(document);
    instant.insert(1, 'hero.row.a', '', { after: 'hero.row.a' });
    expect(shown()).toEqual(['a', '+a', 'b', 'c']);
    expect(document.querySelectorAll('[data-pw-id="hero.row.a"], [data-pw-id="hero.row.a.icon"]')).toHaveLength(2);
    // An older re-render: the copy is still on its way and shows again, once.
    instant.patching();
    applyPatch(document, row('a', 'b', 'c'), { keep: null });
    instant.patched();
    expect(shown()).toEqual(['a', '+a', 'b', 'c']);
    // Answered: the next patch brings the copy as the server made it, and the placeholder copy goes.
    instant.settle(1, false);
    expect(shown()).toEqual(['a', '+a', 'b', 'c']);
    instant.patching();
    applyPatch(document, row('a', 'a-2', 'b', 'c'), { keep: null });
    instant.patched();
    expect(shown()).toEqual(['a', 'a-2', 'b', 'c']);
  });

  it('shows a placeholder for a component being added, counts it for the next add, and takes it away when refused', () => {
    const instant = createInstant(document);
    instant.insert(1, null, 'Heading', { into: 'hero.row', index: 1 });
    instant.insert(2, null, 'Image', { into: 'hero.row', index: 2 });
    instant.insert(3, null, 'Button', { into: 'hero.row', index: null });
    expect(shown()).toEqual(['a', '+Heading', '+Image', 'b', 'c', '+Button']);
    instant.settle(2, true);
    expect(shown()).toEqual(['a', '+Heading', 'b', 'c', '+Button']);
  });

  it('does not count a component whose delete is on its way', () => {
    const instant = createInstant(document);
    instant.hide(1, 'hero.row.a');
    instant.move(2, 'hero.row.c', { into: 'hero.row', index: 0 });
    expect(shown()).toEqual(['a', 'c', 'b']);
    expect(document.querySelector<HTMLElement>('[data-pw-id="hero.row.a"]')!.style.display).toBe('none');
  });
});
