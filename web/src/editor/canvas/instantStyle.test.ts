import type { PagewrightClient, Schemas } from '@pagewright/sdk';
import { describe, expect, it } from 'vitest';
import type { Node } from '../../site/store/document.ts';
import { ClassCssCache, classSelector, classSwap, missingClasses, sharedStyleOf, stylesOf } from './instantStyle.ts';

const node = (type: string, style: Record<string, string>, data: Record<string, unknown> = {}): Node =>
  ({ id: 'hero.title', type, data, style, children: [] }) as Node;

const shared = (
  id: string,
  type: Schemas['SharedStyle']['type'],
  style: Record<string, string>,
  isDefault = false,
): Schemas['SharedStyle'] => ({
  id,
  name: id,
  type,
  default: isDefault,
  style,
});

describe('sharedStyleOf', () => {
  const styles = {
    big: shared('big', 'text', { text: 'text-5xl' }),
    body: shared('body', 'text', { text: 'text-base' }, true),
    cta: shared('cta', 'button', { bg: 'bg-primary' }, true),
  };

  it('is the style the component inherits', () => {
    expect(sharedStyleOf(node('heading', {}, { inherits: 'big' }), styles)?.id).toBe('big');
  });

  it('is the default of its type when it inherits none', () => {
    expect(sharedStyleOf(node('heading', {}), styles)?.id).toBe('body');
    expect(sharedStyleOf(node('button', {}), styles)?.id).toBe('cta');
  });

  it('is none for a kind without a shared type, an unknown style or no styles at all', () => {
    expect(sharedStyleOf(node('image', {}), styles)).toBeUndefined();
    expect(sharedStyleOf(node('heading', {}, { inherits: 'gone' }), styles)).toBeUndefined();
    expect(sharedStyleOf(node('heading', {}, { inherits: 'constructor' }), styles)).toBeUndefined();
    expect(sharedStyleOf(node('heading', {}), undefined)).toBeUndefined();
  });
});

describe('classSwap', () => {
  it('swaps a setting’s old classes for its new ones', () => {
    const n = node('heading', { opacity: 'opacity-50', text: 'text-4xl md:text-6xl' });
    expect(classSwap(n, [{ setting: 'opacity', value: 'opacity-35' }])).toEqual({ remove: ['opacity-50'], add: ['opacity-35'] });
    expect(classSwap(n, [{ setting: 'text', value: 'text-4xl md:text-7xl' }])).toEqual({ remove: ['md:text-6xl'], add: ['md:text-7xl'] });
  });

  it('adds a new setting and removes a removed one', () => {
    const n = node('heading', { opacity: 'opacity-50' });
    expect(classSwap(n, [{ setting: 'bg', value: 'bg-primary-l3 hover:bg-primary-l5' }])).toEqual({
      remove: [],
      add: ['bg-primary-l3', 'hover:bg-primary-l5'],
    });
    expect(classSwap(n, [{ setting: 'opacity', value: null }])).toEqual({ remove: ['opacity-50'], add: [] });
  });

  it('takes several edits at once', () => {
    const n = node('box', { p: 'p-4', m: 'm-2' });
    const swap = classSwap(n, [
      { setting: 'p', value: 'p-8' },
      { setting: 'm', value: null },
    ]);
    expect(swap).toEqual({ remove: ['p-4', 'm-2'], add: ['p-8'] });
  });

  it('replaces the shared style’s value of a setting the component did not set, and falls back to it on removal', () => {
    const style = shared('body', 'text', { text: 'text-base', color: 'text-gray-700' }, true);
    expect(classSwap(node('heading', {}), [{ setting: 'text', value: 'text-2xl' }], style)).toEqual({
      remove: ['text-base'],
      add: ['text-2xl'],
    });
    expect(classSwap(node('heading', { text: 'text-2xl' }), [{ setting: 'text', value: null }], style)).toEqual({
      remove: ['text-2xl'],
      add: ['text-base'],
    });
  });

  it('shows what the page will: a class a later setting replaces at the same variant is not on the element', () => {
    const n = node('heading', { fontSize: 'text-4xl lg:text-7xl', text: 'lg:text-6xl' });
    expect(classSwap(n, [{ setting: 'text', value: null }])).toEqual({ remove: ['lg:text-6xl'], add: ['lg:text-7xl'] });
    expect(classSwap(n, [{ setting: 'fontSize', value: 'text-4xl' }])).toEqual({ remove: [], add: [] });
  });

  it('keeps a class another setting or the class attribute still uses', () => {
    const n = node('box', { a: 'rounded p-4', b: 'rounded' });
    expect(classSwap(n, [{ setting: 'a', value: 'p-4' }])).toEqual({ remove: [], add: [] });
    const withAttr = node('box', { a: 'shadow' }, { '_attr.class': 'shadow card' });
    expect(classSwap(withAttr, [{ setting: 'a', value: null }])).toEqual({ remove: [], add: [] });
    const withList = node('box', { a: 'shadow' }, { '_attr.class': ['shadow', 'card'] });
    expect(classSwap(withList, [{ setting: 'a', value: 'shadow-lg' }])).toEqual({ remove: [], add: ['shadow-lg'] });
  });

  it('changes nothing when the value is the same', () => {
    expect(classSwap(node('box', { p: 'p-4' }), [{ setting: 'p', value: 'p-4' }])).toEqual({ remove: [], add: [] });
  });
});

describe('classSelector', () => {
  it('escapes a class as Tailwind writes it in a selector', () => {
    expect(classSelector('p-4')).toBe('.p-4');
    expect(classSelector('md:hover:opacity-20')).toBe('.md\\:hover\\:opacity-20');
    expect(classSelector('p-2.5')).toBe('.p-2\\.5');
    expect(classSelector('bg-primary-l3/40')).toBe('.bg-primary-l3\\/40');
    expect(classSelector('bg-[#1e40af]')).toBe('.bg-\\[\\#1e40af\\]');
    expect(classSelector('p-[clamp(1rem,2vw,3rem)]')).toBe('.p-\\[clamp\\(1rem\\,2vw\\,3rem\\)\\]');
  });

  it('writes a leading digit as its code point', () => {
    expect(classSelector('2xl:p-4')).toBe('.\\32 xl\\:p-4');
  });

  it('agrees with the browser’s CSS.escape where both apply', () => {
    const escape = (s: string) => s.replace(/[^a-zA-Z0-9_-]/g, (c) => `\\${c}`);
    for (const name of ['md:p-4', 'hover:bg-white/50', 'w-1/2', 'text-[13px]']) expect(classSelector(name)).toBe(`.${escape(name)}`);
  });
});

describe('missingClasses', () => {
  const css =
    '@layer utilities{.p-4{padding:1rem}.p-4\\.5{padding:1.125rem}.md\\:hover\\:opacity-20:hover{opacity:.2}.text-base,.x{font-size:1rem}}';

  it('finds the classes the stylesheet has a rule for', () => {
    expect(missingClasses(css, ['p-4', 'md:hover:opacity-20', 'text-base'])).toEqual([]);
  });

  it('returns the classes it lacks', () => {
    expect(missingClasses(css, ['p-8', 'opacity-20', 'p-4'])).toEqual(['p-8', 'opacity-20']);
  });

  it('does not take a longer class for the one asked for', () => {
    expect(missingClasses('.p-4\\.5{padding:1.125rem}.p-40{padding:10rem}.p-4-x{}', ['p-4'])).toEqual(['p-4']);
  });

  it('does not take a variant of the class for the class itself', () => {
    expect(missingClasses('.hover\\:p-4:hover{padding:1rem}', ['p-4'])).toEqual(['p-4']);
  });

  it('finds a class at the very end of the stylesheet', () => {
    expect(missingClasses('.a{}.p-4', ['p-4'])).toEqual([]);
  });
});

describe('stylesOf', () => {
  it('is the text of the inlined styles in the head', () => {
    const html =
      '<!doctype html><html><head><style>.a{color:red}</style><link rel="icon"><style data-x="1">.b{}</style></head><body><style>.c{}</style></body></html>';
    expect(stylesOf(html)).toBe('.a{color:red}.b{}');
  });

  it('is empty for a page without a head', () => {
    expect(stylesOf('<p>no head</p>')).toBe('');
  });
});

describe('ClassCssCache', () => {
  function fakeApi(answers: Array<string | Error>) {
    const asked: string[] = [];
    const api = {
      GET(_path: string, init: { params: { query: { classes: string } } }) {
        asked.push(init.params.query.classes);
        const next = answers.shift() ?? '';
        return next instanceof Error ? Promise.reject(next) : Promise.resolve({ data: { css: next } });
      },
    } as unknown as PagewrightClient;
    return { api, asked };
  }

  it('asks once per class and answers the rules', async () => {
    const { api, asked } = fakeApi(['.p-8{padding:2rem}']);
    const cache = new ClassCssCache(api, 'site');
    expect(await cache.get(['p-8'])).toBe('.p-8{padding:2rem}');
    expect(await cache.get(['p-8'])).toBe('.p-8{padding:2rem}');
    expect(asked).toEqual(['p-8']);
  });

  it('asks only for the classes not asked before, and joins the answers', async () => {
    const { api, asked } = fakeApi(['.a{}', '.b{}']);
    const cache = new ClassCssCache(api, 'site');
    await cache.get(['a']);
    expect(await cache.get(['a', 'b'])).toBe('.a{}\n.b{}');
    expect(asked).toEqual(['a', 'b']);
  });

  it('asks for more than 100 classes in calls of at most 100, and answers every one', async () => {
    const { api, asked } = fakeApi(['.first{}', '.second{}', '.third{}']);
    const cache = new ClassCssCache(api, 'site');
    const classes = Array.from({ length: 250 }, (_, i) => `opacity-${i}`);
    expect(await cache.get(classes)).toBe('.first{}\n.second{}\n.third{}');
    expect(asked.map((a) => a.split(' ').length)).toEqual([100, 100, 50]);
    expect(cache.has('opacity-249')).toBe(true);
    expect(await cache.get(['opacity-249'])).toBe('.third{}');
    expect(asked).toHaveLength(3);
  });

  it('forgets a failed or empty answer so the class is asked again', async () => {
    const { api, asked } = fakeApi([new Error('offline'), '.a{}']);
    const cache = new ClassCssCache(api, 'site');
    expect(await cache.get(['a'])).toBe('');
    expect(await cache.get(['a'])).toBe('.a{}');
    expect(asked).toEqual(['a', 'a']);
  });
});
