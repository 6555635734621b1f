import { describe, expect, it } from 'vitest';
import { editorForTest } from '../store/testing.ts';
import { redo, undo } from './history.ts';
import { perform } from './registry.ts';

describe('undo and redo', () => {
  it('are available only when their counts are above 0', async () => {
    const t = editorForTest();
    await t.store.getState().load();
    expect(await perform(t.ctx, undo, undefined)).toBe(false);
    expect(await perform(t.ctx, redo, undefined)).toBe(false);
  });

  it('undo replays on the server with the preview query and takes the new counts and preview', async () => {
    const t = editorForTest({
      site: { history: { undo: 2, redo: 0, unsaved: 2 } },
      handle: [
        (r) =>
          r.path.endsWith('/versions/undo')
            ? {
                body: { edits: [], preview: { pageId: 'home', appearance: 'light', language: 'en', html: '<html>undone</html>' } },
                history: { undo: 1, redo: 1, unsaved: 3 },
              }
            : undefined,
      ],
    });
    await t.store.getState().load();
    await perform(t.ctx, undo, undefined);
    const call = t.received.find((r) => r.path.endsWith('/versions/undo'))!;
    expect(call.method).toBe('PATCH');
    expect(call.query.get('preview')).toBe('home,light,en,patch');
    expect(t.store.getState().preview?.html).toBe('<html>undone</html>');
    expect(t.store.getState().history).toMatchObject({ undo: 1, redo: 1 });
  });

  it('bind Mod+Z and Mod+Shift+Z', () => {
    expect(undo.keys).toContain('Mod+z');
    expect(redo.keys).toContain('Mod+Shift+z');
  });
});
