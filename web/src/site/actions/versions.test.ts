import { describe, expect, it } from 'vitest';
import { editorForTest } from '../store/testing.ts';
import { perform } from './registry.ts';
import { commitVersion, resetVersion } from './versions.ts';
import { addSection, openAddSection } from './sections.ts';

describe('versions', () => {
  it('saving a version sends the message, resets the counts and says Checkpoint saved', async () => {
    const t = editorForTest({
      site: { history: { undo: 4, redo: 0, unsaved: 4 } },
      handle: [
        (r) =>
          r.path.endsWith('/versions/commit')
            ? { status: 201, body: { version: { id: 1 } }, history: { undo: 0, redo: 0, unsaved: 0 } }
            : undefined,
      ],
    });
    await t.store.getState().load();
    t.store.getState().openPopup({ name: 'commit' });
    await perform(t.ctx, commitVersion, { message: 'Spring menu' });
    expect(t.received.find((r) => r.method === 'POST')!.body).toEqual({ message: 'Spring menu' });
    expect(t.notices).toEqual(['Checkpoint saved']);
    expect(t.store.getState().popup).toBeNull();
  });

  it('reset needs unsaved changes and a confirmation', async () => {
    const none = editorForTest();
    await none.store.getState().load();
    expect(await perform(none.ctx, resetVersion, undefined)).toBe(false);
    const declined = editorForTest({ site: { history: { undo: 1, redo: 0, unsaved: 1 } }, confirm: false });
    await declined.store.getState().load();
    await perform(declined.ctx, resetVersion, undefined);
    expect(declined.received.filter((r) => r.method === 'DELETE')).toEqual([]);
    const t = editorForTest({
      site: { history: { undo: 1, redo: 0, unsaved: 1 } },
      handle: [(r) => (r.method === 'DELETE' ? { body: { id: 'example.com' }, history: { undo: 0, redo: 0, unsaved: 0 } } : undefined)],
    });
    await t.store.getState().load();
    await perform(t.ctx, resetVersion, undefined);
    expect(t.received.some((r) => r.method === 'DELETE' && r.path.endsWith('/versions/reset'))).toBe(true);
  });

  it('a change announced while the document is being read keeps its counts: Reset stays possible', async () => {
    // After a save the editor reads the document again. Its answer carries the counts of before the next
    // change (0 unsaved), but the realtime channel announced that change (1 unsaved) before the answer came.
    let hold: Promise<void> | null = null;
    let release: () => void = () => undefined;
    const t = editorForTest({
      handle: [
        (r) =>
          hold && r.method === 'GET' && r.path === '/sites/example.com'
            ? hold.then(() => ({ body: t.site, history: { undo: 0, redo: 0, unsaved: 0 } }))
            : undefined,
      ],
    });
    await t.store.getState().load();
    hold = new Promise<void>((resolve) => (release = resolve));
    const reading = t.store.getState().refreshDocument();
    t.store.getState().setHistory({ undo: 1, redo: 0, unsaved: 1 });
    release();
    await reading;
    expect(t.store.getState().history).toEqual({ undo: 1, redo: 0, unsaved: 1 });
    expect(resetVersion.enabled!(t.store.getState())).toBe(true);
    // A read that nothing overtook takes the server's counts as they are.
    hold = null;
    await t.store.getState().refreshDocument();
    expect(t.store.getState().history).toEqual({ undo: 0, redo: 0, unsaved: 0 });
  });
});

describe('sections', () => {
  it('Add Section opens the library after the selected section', async () => {
    const t = editorForTest();
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    await perform(t.ctx, openAddSection, undefined);
    expect(t.store.getState().popup).toEqual({ name: 'sections', pageId: 'home', afterSectionId: 'hero' });
  });

  it('adding a design puts it after the section, selects and highlights it, and closes the popup', async () => {
    const t = editorForTest({
      handle: [
        (r) =>
          r.method === 'POST'
            ? { status: 201, body: { id: 'pricing', name: 'Pricing', nodes: {}, collections: [], files: [] } }
            : undefined,
      ],
    });
    await t.store.getState().load();
    t.store.getState().openPopup({ name: 'sections', pageId: 'home', afterSectionId: 'hero' });
    await perform(t.ctx, addSection, { templateId: 'pricing-cards', pageId: 'home', afterSectionId: 'hero' });
    expect(t.received.find((r) => r.method === 'POST')!.body).toEqual({
      pageId: 'home',
      sectionId: 'pricing-cards',
      afterSectionId: 'hero',
    });
    expect(t.store.getState().selectedId).toBe('pricing');
    expect(t.store.getState().popup).toBeNull();
  });
});
