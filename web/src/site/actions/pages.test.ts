import { describe, expect, it } from 'vitest';
import { editorForTest, page } from '../store/testing.ts';
import { addPage, deletePage, movePage, renamePage, switchPage, togglePagePublished } from './pages.ts';
import { perform } from './registry.ts';

const pages = [page('home', ['hero']), page('about', []), page('_before', []), page('404', [])];

describe('page actions', () => {
  it('switching pages loads that page into the canvas and clears the selection', async () => {
    const t = editorForTest({ pages });
    await t.store.getState().load();
    t.store.getState().select('hero');
    await perform(t.ctx, switchPage, { pageId: 'about' });
    await new Promise((r) => setTimeout(r, 0));
    expect(t.store.getState().selectedId).toBeNull();
    expect(t.store.getState().preview?.pageId).toBe('about');
  });

  it('add page opens the new page', async () => {
    const t = editorForTest({
      pages,
      handle: [
        (r) =>
          r.method === 'POST' && r.path.endsWith('/pages') ? { status: 201, body: { page: page('contact', []), nodes: {} } } : undefined,
      ],
    });
    await t.store.getState().load();
    await perform(t.ctx, addPage, { name: 'Contact' });
    expect(t.received.find((r) => r.method === 'POST')!.body).toEqual({ name: 'Contact' });
    expect(t.store.getState().pageId).toBe('contact');
  });

  it('renaming the open page keeps it open under its new id', async () => {
    const t = editorForTest({ pages, handle: [(r) => (r.method === 'PATCH' ? { body: { page: page('about-us', []) } } : undefined)] });
    await t.store.getState().load();
    t.store.getState().setPage('about');
    await perform(t.ctx, renamePage, { pageId: 'about', name: 'About us' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ id: 'About us', name: 'About us' });
    expect(t.store.getState().pageId).toBe('about-us');
  });

  it('home, the header and 404 cannot be renamed, unpublished or deleted', async () => {
    const t = editorForTest({ pages });
    await t.store.getState().load();
    for (const pageId of ['home', '_before', '404']) {
      await perform(t.ctx, renamePage, { pageId, name: 'x' });
      await perform(t.ctx, togglePagePublished, { pageId });
      await perform(t.ctx, deletePage, { pageId });
    }
    expect(t.received.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('unpublish flips the page flag', async () => {
    const t = editorForTest({
      pages,
      handle: [(r) => (r.method === 'PATCH' ? { body: { page: page('about', [], { unpublished: true }) } } : undefined)],
    });
    await t.store.getState().load();
    await perform(t.ctx, togglePagePublished, { pageId: 'about' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ unpublished: true });
  });

  it('deleting the open page asks first and then opens the neighbour the server names', async () => {
    const t = editorForTest({ pages, handle: [(r) => (r.method === 'DELETE' ? { body: { id: 'about', next: 'home' } } : undefined)] });
    await t.store.getState().load();
    t.store.getState().setPage('about');
    await perform(t.ctx, deletePage, { pageId: 'about' });
    expect(t.store.getState().pageId).toBe('home');
    const refused = editorForTest({ pages, confirm: false });
    await refused.store.getState().load();
    await perform(refused.ctx, deletePage, { pageId: 'about' });
    expect(refused.received.filter((r) => r.method === 'DELETE')).toEqual([]);
  });

  it("moving a page shows it moved at once and saves the move by its indexes in the whole page list, and by the pages' ids", async () => {
    const t = editorForTest({ pages, handle: [(r) => (r.path.endsWith('/pages/sort') ? { body: { pages: [] } } : undefined)] });
    await t.store.getState().load();
    const moving = perform(t.ctx, movePage, { pageId: '404', overId: 'about' });
    expect(t.store.getState().pages.map((p) => p.id)).toEqual(['home', '404', 'about', '_before']);
    await moving;
    expect(t.received.find((r) => r.path.endsWith('/pages/sort'))!.body).toEqual({
      fromIndex: 3,
      toIndex: 1,
      pageId: '404',
      afterPageId: 'home',
    });
  });
});
