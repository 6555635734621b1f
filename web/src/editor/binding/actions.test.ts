import { describe, expect, it } from 'vitest';
import { perform } from '../../site/actions/registry.ts';
import { editorForTest } from '../../site/store/testing.ts';
import { setComponentData } from './actions.ts';

const history = { undo: 1, redo: 0, unsaved: 1 };

describe('setComponentData', () => {
  it('sends the patch as one edit with the preview and takes the node the server answers', async () => {
    const t = editorForTest({
      handle: [
        (r) =>
          r.method === 'PATCH' && r.path === '/sites/example.com/components/hero'
            ? {
                body: {
                  id: 'hero',
                  previousId: 'hero',
                  node: { id: 'hero', type: 'layout-v', data: { _repeat: 'posts' }, style: {}, children: ['hero.title', 'hero.text'] },
                  preview: { pageId: 'home', appearance: 'light', language: 'en', html: '<html>repeated</html>' },
                },
                history,
              }
            : undefined,
      ],
    });
    await t.store.getState().load();
    await perform(t.ctx, setComponentData, { id: 'hero', patch: { _repeat: 'posts', _dataSource: null } });
    const call = t.received.find((r) => r.method === 'PATCH')!;
    expect(call.body).toEqual({ data: { _repeat: 'posts', _dataSource: null } });
    expect(call.query.get('preview')).toBe('home,light,en,patch');
    expect(t.store.getState().nodes.get('hero')!.data).toEqual({ _repeat: 'posts' });
    expect(t.store.getState().preview!.html).toBe('<html>repeated</html>');
    expect(t.store.getState().history).toEqual(history);
  });

  it('puts the node back and tells the refusal in the server’s words', async () => {
    const t = editorForTest({
      handle: [
        (r) =>
          r.method === 'PATCH'
            ? { status: 400, body: { error: 'Collection not found', status: 400, code: 'INVALID', info: { field: '_repeat' } } }
            : undefined,
      ],
    });
    await t.store.getState().load();
    const said: string[] = [];
    await perform(t.ctx, setComponentData, { id: 'hero', patch: { _repeat: 'ghost' }, onInvalid: (m, f) => said.push(`${f}: ${m}`) });
    expect(said).toEqual(['_repeat: Collection not found']);
    expect(t.store.getState().nodes.get('hero')!.data._repeat).toBeUndefined();
    // Without onInvalid the banner says it.
    await perform(t.ctx, setComponentData, { id: 'hero', patch: { _repeat: 'ghost' } });
    expect(t.errors.map((e) => e.error)).toEqual(['Collection not found']);
  });

  it('an empty patch is no edit', async () => {
    const t = editorForTest();
    await t.store.getState().load();
    await perform(t.ctx, setComponentData, { id: 'hero', patch: {} });
    expect(t.received.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  describe('two changes of one node, the second made while the first saves', () => {
    const node = (data: Record<string, unknown>) => ({
      id: 'hero',
      type: 'layout-v' as const,
      data,
      style: {},
      children: ['hero.title', 'hero.text'],
    });
    // The server applies the edits in order: its answer to the first does not hold the second yet.
    const refusal = { status: 400, body: { error: 'Invalid filter', status: 400, code: 'INVALID' } };
    const answering = ({ refuseFirst = false, refuseSecond = false } = {}) => {
      let release: () => void = () => undefined;
      const first = new Promise<void>((resolve) => (release = resolve));
      const t = editorForTest({
        handle: [
          (r) => {
            if (r.method !== 'PATCH') return undefined;
            const body = r.body as { data: Record<string, unknown> };
            if ('_options.filterField' in body.data)
              return first.then(() =>
                refuseFirst
                  ? refusal
                  : { body: { id: 'hero', previousId: 'hero', node: node({ _repeat: 'posts', '_options.filterField': 'slug' }) }, history },
              );
            if (refuseSecond) return refusal;
            return {
              body: {
                id: 'hero',
                previousId: 'hero',
                node: node({ _repeat: 'posts', '_options.filterField': 'slug', '_options.filter': ['second-post'] }),
              },
              history,
            };
          },
        ],
      });
      return { t, release };
    };

    it('the panel keeps showing the second while the first is answered, then shows what the server has', async () => {
      const { t, release } = answering();
      await t.store.getState().load();
      t.store.getState().applyNode(node({ _repeat: 'posts' }));
      const first = perform(t.ctx, setComponentData, { id: 'hero', patch: { '_options.filterField': 'slug' } });
      const second = perform(t.ctx, setComponentData, { id: 'hero', patch: { '_options.filter': ['second-post'] } });
      expect(t.store.getState().nodes.get('hero')!.data['_options.filter']).toEqual(['second-post']);
      release();
      await first;
      // The first answer came without the second change: the ticked value stays ticked.
      expect(t.store.getState().nodes.get('hero')!.data['_options.filter']).toEqual(['second-post']);
      await second;
      expect(t.store.getState().nodes.get('hero')!.data).toEqual({
        _repeat: 'posts',
        '_options.filterField': 'slug',
        '_options.filter': ['second-post'],
      });
    });

    /** Both changes made, the first answered once the second is on its way: the node's data once both settled. */
    const settledAfterBoth = async (refusals: { refuseFirst?: boolean; refuseSecond?: boolean }) => {
      const { t, release } = answering(refusals);
      await t.store.getState().load();
      t.store.getState().applyNode(node({ _repeat: 'posts' }));
      const first = perform(t.ctx, setComponentData, { id: 'hero', patch: { '_options.filterField': 'slug' } });
      const second = perform(t.ctx, setComponentData, { id: 'hero', patch: { '_options.filter': ['second-post'] } });
      release();
      await Promise.all([first, second]);
      return t.store.getState().nodes.get('hero')!.data;
    };

    it('a refused second change goes back to the first as the server answered it', async () => {
      expect(await settledAfterBoth({ refuseSecond: true })).toEqual({ _repeat: 'posts', '_options.filterField': 'slug' });
    });

    it('two refused changes go back to the node as it was before the first', async () => {
      expect(await settledAfterBoth({ refuseFirst: true, refuseSecond: true })).toEqual({ _repeat: 'posts' });
    });
  });
});
