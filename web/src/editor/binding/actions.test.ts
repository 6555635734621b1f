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
});
