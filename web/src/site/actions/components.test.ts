import { describe, expect, it } from 'vitest';
import { treeRows } from '../store/document.ts';
import { currentSections } from '../store/store.ts';
import { editorForTest, node, page } from '../store/testing.ts';
import {
  aliasComponent,
  copyComponent,
  deleteComponent,
  duplicateComponent,
  moveComponent,
  pasteComponent,
  renameComponent,
  toggleHidden,
  updateText,
} from './components.ts';
import { perform } from './registry.ts';

const history = { undo: 3, redo: 0, unsaved: 3 };

describe('component actions', () => {
  it('duplicate copies the selection right after it, selects the copy and takes the history counts', async () => {
    const t = editorForTest({
      handle: [
        (r) =>
          r.method === 'POST' && r.path.endsWith('/components')
            ? { status: 201, body: { id: 'hero.title-2', files: [], nodes: {} }, history }
            : undefined,
      ],
    });
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    expect(await perform(t.ctx, duplicateComponent, undefined)).toBe(true);
    const post = t.received.find((r) => r.method === 'POST')!;
    // The copy names the component it follows as well as its index (an edit sent late still lands after it).
    expect(post.body).toEqual({ toContainer: 'hero', componentId: 'hero.title', index: 1, afterComponentId: 'hero.title' });
    expect(post.query.get('preview')).toBe('home,light,en,patch');
    expect(t.store.getState().selectedId).toBe('hero.title-2');
    expect(t.store.getState().highlightId).toBe('hero.title-2');
    expect(t.store.getState().history).toEqual(history);
  });

  it('alias makes an alias of the selected component, and is not offered for a section', async () => {
    const t = editorForTest({
      handle: [(r) => (r.method === 'POST' ? { status: 201, body: { id: 'hero.title-2', files: [], nodes: {} } } : undefined)],
    });
    await t.store.getState().load();
    t.store.getState().select('hero');
    expect(await perform(t.ctx, aliasComponent, undefined)).toBe(false);
    t.store.getState().select('hero.title');
    expect(await perform(t.ctx, aliasComponent, undefined)).toBe(true);
    expect(t.received.find((r) => r.method === 'POST')!.body).toMatchObject({ componentId: 'hero.title', alias: true });
  });

  it('a copy waiting for its answer shows in the tree at once, and the edits after it count it where the server will have it', async () => {
    const answers: ((value: { status: number; body: unknown }) => void)[] = [];
    const t = editorForTest({
      nodes: {
        hero: node('hero', 'layout-v', ['hero.title', 'hero.text', 'hero.note']),
        'hero.title': node('hero.title', 'heading', [], { value: 'Welcome' }),
        'hero.text': node('hero.text', 'paragraph', [], { value: 'Hello' }),
        'hero.note': node('hero.note', 'paragraph', [], { value: 'Note' }),
      },
      handle: [(r) => (r.method === 'POST' ? new Promise((resolve) => answers.push(resolve)) : undefined)],
    });
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    const duplicated = perform(t.ctx, duplicateComponent, undefined);
    // Offline: no answer yet, and the copy is in the tree right after the heading, as nothing to select.
    const children = () => t.store.getState().nodes.get('hero')!.children;
    expect(children()).toHaveLength(4);
    const copy = children()[1]!;
    expect(t.store.getState().nodes.get(copy)).toMatchObject({ type: 'heading', data: { value: 'Welcome', '_options.name': 'title' } });
    t.store.getState().select(copy);
    expect(t.store.getState().selectedId).toBe('hero.title');
    // The note dragged first: the move names the index it has with the copy before it.
    t.store.getState().select('hero.note');
    const moved = perform(t.ctx, moveComponent, { id: 'hero.note', toContainer: 'hero', toIndex: 0 });
    await expect.poll(() => answers.length).toBe(1);
    expect(children()).toEqual(['hero.note', 'hero.title', copy, 'hero.text']);
    // Then the heading dragged right after its copy: the copy has no id yet, so that gap is named by index only.
    const movedAgain = perform(t.ctx, moveComponent, { id: 'hero.title', toContainer: 'hero', toIndex: 2 });
    expect(children()).toEqual(['hero.note', copy, 'hero.title', 'hero.text']);
    // The copy answered: the move is sent with the index the note has on the server, the copy before it.
    answers[0]!({ status: 201, body: { id: 'hero.title-2', files: [], nodes: {} } });
    await duplicated;
    await expect.poll(() => answers.length).toBe(2);
    expect(t.received.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({
      fromContainer: 'hero',
      toContainer: 'hero',
      fromIndex: 3,
      toIndex: 0,
      componentId: 'hero.note',
      afterComponentId: null,
    });
    answers[1]!({ status: 200, body: { fromComponentId: 'hero.note', toComponentId: 'hero.note', files: [], nodes: {} } });
    await moved;
    await expect.poll(() => answers.length).toBe(3);
    expect(t.received.filter((r) => r.method === 'POST').at(-1)!.body).toEqual({
      fromContainer: 'hero',
      toContainer: 'hero',
      fromIndex: 1,
      toIndex: 2,
      componentId: 'hero.title',
    });
    answers[2]!({ status: 200, body: { fromComponentId: 'hero.title', toComponentId: 'hero.title', files: [], nodes: {} } });
    await movedAgain;
  });

  it('a copy the server refuses leaves the tree', async () => {
    const t = editorForTest({
      handle: [(r) => (r.method === 'POST' ? { status: 403, body: { error: 'Locked', status: 403, code: 'LOCKED' } } : undefined)],
    });
    await t.store.getState().load();
    const children = t.store.getState().nodes.get('hero')!.children;
    t.store.getState().select('hero.title');
    await perform(t.ctx, duplicateComponent, undefined);
    expect(t.store.getState().nodes.get('hero')!.children).toEqual(children);
    expect([...t.store.getState().nodes.keys()].some((id) => id.includes('~'))).toBe(false);
  });

  it('a section duplicated or deleted shows in the page tree at once; a refusal puts the list back as it was', async () => {
    const answers: ((value: { status: number; body: unknown }) => void)[] = [];
    const t = editorForTest({
      pages: [page('home', ['hero', 'about'])],
      nodes: {
        hero: node('hero', 'layout-v', ['hero.title']),
        'hero.title': node('hero.title', 'heading', [], { value: 'Welcome' }),
        about: node('about', 'layout-v', []),
      },
      handle: [(r) => (r.method === 'POST' || r.method === 'DELETE' ? new Promise((resolve) => answers.push(resolve)) : undefined)],
    });
    await t.store.getState().load();
    const sections = () => currentSections(t.store.getState());
    t.store.getState().select('hero');
    const duplicated = perform(t.ctx, duplicateComponent, undefined);
    // Before any answer: the copy is right after the section, named as it, and cannot be selected.
    expect(sections()).toHaveLength(3);
    const copy = sections()[1]!;
    expect(copy).toMatch(/^~/);
    expect(treeRows(sections(), t.store.getState().nodes, new Set()).map((r) => [r.name, r.adding])).toEqual([
      ['hero', false],
      ['hero', true],
      ['about', false],
    ]);
    t.store.getState().select('about');
    const deleted = perform(t.ctx, deleteComponent, undefined);
    expect(sections()).toEqual(['hero', copy]);
    await expect.poll(() => answers.length).toBe(1);
    // Both refused: the list is what the server has.
    answers[0]!({ status: 403, body: { error: 'Locked', status: 403, code: 'LOCKED' } });
    await duplicated;
    expect(sections()).toEqual(['hero']);
    await expect.poll(() => answers.length).toBe(2);
    answers[1]!({ status: 403, body: { error: 'Locked', status: 403, code: 'LOCKED' } });
    await deleted;
    expect(sections()).toEqual(['hero', 'about']);
  });

  it('delete selects what the server names next (previous sibling, else next, else parent)', async () => {
    const t = editorForTest({
      handle: [(r) => (r.method === 'DELETE' ? { body: { id: 'hero.text', select: 'hero.title' }, history } : undefined)],
    });
    await t.store.getState().load();
    t.store.getState().select('hero.text');
    await perform(t.ctx, deleteComponent, undefined);
    expect(t.received.some((r) => r.method === 'DELETE' && r.path === '/sites/example.com/components/hero.text')).toBe(true);
    expect(t.store.getState().selectedId).toBe('hero.title');
  });

  it('delete takes the component out of the navigator at once, and puts it back when the server refuses', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    const t = editorForTest({
      handle: [(r) => (r.method === 'DELETE' ? new Promise((resolve) => (answer = resolve)) : undefined)],
    });
    await t.store.getState().load();
    const children = t.store.getState().nodes.get('hero')!.children;
    t.store.getState().select('hero.text');
    const done = perform(t.ctx, deleteComponent, undefined);
    await expect.poll(() => t.received.some((r) => r.method === 'DELETE')).toBe(true);
    // Before any answer (offline, it may be minutes away).
    expect(t.store.getState().nodes.get('hero')!.children).toEqual(children.filter((c) => c !== 'hero.text'));
    expect(t.store.getState().selectedId).toBeNull();
    // A document read meanwhile (another editor's change) still has it: the navigator keeps it out.
    await t.store.getState().refreshDocument();
    expect(t.store.getState().nodes.get('hero')!.children).toEqual(children.filter((c) => c !== 'hero.text'));
    answer({ status: 403, body: { error: 'Locked', status: 403, code: 'LOCKED' } });
    await done;
    expect(t.store.getState().nodes.get('hero')!.children).toEqual(children);
    expect(t.store.getState().selectedId).toBe('hero.text');
  });

  it('does nothing in a read-only editor', async () => {
    const t = editorForTest({ site: { isLocked: true } });
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    expect(await perform(t.ctx, deleteComponent, undefined)).toBe(false);
    expect(t.received.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('copy and paste puts a copy of the copied component after the selection', async () => {
    const t = editorForTest({
      handle: [(r) => (r.method === 'POST' ? { status: 201, body: { id: 'hero.title-2', files: [], nodes: {} } } : undefined)],
    });
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    await perform(t.ctx, copyComponent, undefined);
    t.store.getState().select('hero.text');
    await perform(t.ctx, pasteComponent, undefined);
    expect(t.received.find((r) => r.method === 'POST')!.body).toEqual({
      toContainer: 'hero',
      componentId: 'hero.title',
      index: 2,
      afterComponentId: 'hero.text',
    });
  });

  it('move refuses a move into the component itself or a descendant without calling the server', async () => {
    const t = editorForTest();
    await t.store.getState().load();
    await perform(t.ctx, moveComponent, { id: 'hero', toContainer: 'hero.title', toIndex: 0 });
    await perform(t.ctx, moveComponent, { id: 'hero.title', toContainer: 'hero.title', toIndex: 0 });
    expect(t.received.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('move sends the container and indexes, names the component and the one it goes after, and selects the new id', async () => {
    const t = editorForTest({
      handle: [
        (r) => (r.path.endsWith('/components/sort') ? { body: { fromComponentId: 'hero.title', toComponentId: 'hero.title' } } : undefined),
      ],
    });
    await t.store.getState().load();
    await perform(t.ctx, moveComponent, { id: 'hero.title', toContainer: 'hero', toIndex: 1 });
    expect(t.received.find((r) => r.method === 'POST')!.body).toEqual({
      fromContainer: 'hero',
      toContainer: 'hero',
      fromIndex: 0,
      toIndex: 1,
      componentId: 'hero.title',
      afterComponentId: 'hero.text',
    });
    expect(t.store.getState().selectedId).toBe('hero.title');
  });

  it('rename sends the trimmed name and selects the renamed id; an unchanged name sends nothing', async () => {
    const t = editorForTest({
      handle: [
        (r) =>
          r.method === 'PATCH'
            ? { body: { id: 'hero.main-title', previousId: 'hero.title', node: node('hero.main-title', 'heading') } }
            : undefined,
      ],
    });
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    await perform(t.ctx, renameComponent, { id: 'hero.title', name: 'title' });
    expect(t.received.filter((r) => r.method === 'PATCH')).toEqual([]);
    await perform(t.ctx, renameComponent, { id: 'hero.title', name: '  Main title ' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ name: 'Main title' });
    expect(t.store.getState().selectedId).toBe('hero.main-title');
  });

  it('rename keeps the renamed component selected when the reloaded document no longer has the old id', async () => {
    let renamed = false;
    const t = editorForTest({
      handle: [
        (r) => {
          if (r.method !== 'PATCH') return undefined;
          renamed = true;
          return { body: { id: 'hero.main-title', previousId: 'hero.title', node: node('hero.main-title', 'heading') } };
        },
      ],
    });
    const original = { ...t.site.nodes };
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    // As the server would: after the rename the document has the new id in place of the old one.
    const { 'hero.title': _old, ...rest } = original;
    Object.defineProperty(t.site, 'nodes', {
      get: () =>
        renamed
          ? {
              ...rest,
              hero: node('hero', 'layout-v', ['hero.main-title', 'hero.text']),
              'hero.main-title': node('hero.main-title', 'heading'),
            }
          : original,
    });
    await perform(t.ctx, renameComponent, { id: 'hero.title', name: 'Main title' });
    expect(t.store.getState().selectedId).toBe('hero.main-title');
  });

  it('hide toggles _options.hidden', async () => {
    const t = editorForTest({
      handle: [
        (r) =>
          r.method === 'PATCH'
            ? { body: { id: 'hero.title', previousId: 'hero.title', node: node('hero.title', 'heading', [], { '_options.hidden': true }) } }
            : undefined,
      ],
    });
    await t.store.getState().load();
    await perform(t.ctx, toggleHidden, { id: 'hero.title' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ data: { '_options.hidden': true } });
    expect(t.store.getState().nodes.get('hero.title')!.data['_options.hidden']).toBe(true);
  });

  it('typed text is saved as the value, and a localized value keeps its other languages', async () => {
    const t = editorForTest({
      handle: [
        (r) =>
          r.method === 'PATCH'
            ? {
                body: {
                  id: 'hero.text',
                  previousId: 'hero.text',
                  node: node('hero.text', 'paragraph', [], { value: (r.body as { data: { value: unknown } }).data.value }),
                },
                history,
              }
            : undefined,
      ],
    });
    await t.store.getState().load();
    await perform(t.ctx, updateText, { id: 'hero.text', text: 'Hello there' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ data: { value: { _loc: true, en: 'Hello there', fi: 'Hei' } } });
    expect(t.store.getState().history.undo).toBe(3);
    await perform(t.ctx, updateText, { id: 'hero.title', text: 'Hi' });
    expect(t.received.filter((r) => r.method === 'PATCH')[1]!.body).toEqual({ data: { value: 'Hi' } });
  });

  it('a refused edit shows the error and changes no selection', async () => {
    const t = editorForTest({
      handle: [(r) => (r.method === 'POST' ? { status: 400, body: { error: 'Bad', status: 400, code: 'INVALID' } } : undefined)],
    });
    await t.store.getState().load();
    t.store.getState().select('hero.title');
    await perform(t.ctx, duplicateComponent, undefined);
    expect(t.errors.map((e) => e.error)).toEqual(['Bad']);
    expect(t.store.getState().selectedId).toBe('hero.title');
  });
});
