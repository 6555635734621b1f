import { describe, expect, it } from 'vitest';
import {
  changeActionType,
  changeRenderFilterType,
  changeTableSource,
  choosePageTarget,
  hasScrollTargets,
  scrollTargetsOf,
} from './rules.ts';

const data = (entries: Record<string, unknown>) => new Map(Object.entries(entries));
const context = { scrollTargets: ['pricing', 'faq'], files: ['brochure.pdf'] };
const common = { _blank: null, _params: null };

describe('action setting (spec 001 §4)', () => {
  it('changing action type to page sets target to home', () => {
    expect(
      Object.fromEntries(changeActionType(data({ _action: 'url', _target: 'https://x.test', _blank: true }), 'page', context)),
    ).toEqual({
      _action: 'page',
      _target: 'home',
      ...common,
    });
  });

  it('changing action type to scroll picks the first scroll target', () => {
    expect(changeActionType(data({}), 'scroll', context).get('_target')).toBe('pricing');
    expect(changeActionType(data({}), 'scroll', { scrollTargets: [], files: [] }).get('_target')).toBeNull();
  });

  it('changing action type to scrollX sets left', () => {
    expect(changeActionType(data({}), 'scrollX', context).get('_target')).toBe('left');
  });

  it('download and file keep the target only if it is a known file', () => {
    expect(changeActionType(data({ _action: 'file', _target: 'brochure.pdf' }), 'download', context).get('_target')).toBe('brochure.pdf');
    expect(changeActionType(data({ _action: 'url', _target: 'https://x.test/a.pdf' }), 'file', context).get('_target')).toBeNull();
  });

  it('anything else clears the target', () => {
    expect(changeActionType(data({ _action: 'page', _target: 'about' }), 'url', context).get('_target')).toBeNull();
    expect(changeActionType(data({ _action: 'page', _target: 'about' }), 'none', context).get('_action')).toBeNull();
  });

  it('the new-tab flag and page params are cleared', () => {
    const patch = changeActionType(
      data({ _action: 'page', _target: 'posts/:slug', _blank: true, _params: { slug: 'a' } }),
      'email',
      context,
    );
    expect(patch.get('_blank')).toBeNull();
    expect(patch.get('_params')).toBeNull();
  });

  it('choosing a page target containing :slug sets the slug params to the last preview', () => {
    expect(Object.fromEntries(choosePageTarget('posts/:slug', 'hello-world'))).toEqual({
      _target: 'posts/:slug',
      _params: { slug: 'hello-world' },
    });
    expect(Object.fromEntries(choosePageTarget('about', 'hello-world'))).toEqual({ _target: 'about', _params: null });
  });

  it("the picker shows 'No scroll targets' when the page has no anchors", () => {
    expect(hasScrollTargets({ scrollTargets: [] })).toBe(false);
    const nodes = new Map<string, Record<string, unknown>>([
      ['a', { '_attr.id': 'top' }],
      ['b', {}],
      ['c', { '_attr.id': 'faq' }],
    ]);
    expect(scrollTargetsOf(nodes.keys(), (id) => nodes.get(id))).toEqual(['top', 'faq']);
  });
});

describe('table source (spec 001 §4)', () => {
  it('choosing cms sets the collection to the first non-underscore collection and clears the file', () => {
    expect(Object.fromEntries(changeTableSource('cms', ['_pages', 'posts', 'team']))).toEqual({
      type: 'cms',
      file: null,
      collectionId: 'posts',
    });
  });

  it('choosing either source clears the file', () => {
    expect(Object.fromEntries(changeTableSource('file', ['posts']))).toEqual({ type: 'file', file: null });
  });
});

describe('render filter (spec 001 §4)', () => {
  it('changing the filter type to anything other than or/not clears the filter input', () => {
    expect(changeRenderFilterType('empty').get('_options.renderFilter')).toBeNull();
    expect(changeRenderFilterType('or').has('_options.renderFilter')).toBe(false);
    expect(changeRenderFilterType('not').has('_options.renderFilter')).toBe(false);
  });
});
