import { describe, expect, it } from 'vitest';
import '../../../site/actions/index.ts';
import { paletteActions } from '../../../site/actions/registry.ts';
import { editorForTest, page } from '../../../site/store/testing.ts';
import { paletteEntries, paletteFilter } from './entries.ts';

describe('the command palette’s entries', () => {
  it('lists the actions that run without an argument, with their shortcuts and whether they can run now', async () => {
    const t = editorForTest();
    await t.store.getState().load();
    const entries = paletteEntries(t.store.getState(), paletteActions(), false);
    const undo = entries.find((e) => e.value === 'action:undo')!;
    expect(undo).toMatchObject({ group: 'Actions', label: 'Undo', hint: 'Ctrl+Z', enabled: false });
    expect(entries.find((e) => e.value === 'action:zoomIn')).toMatchObject({ enabled: true });
    // Actions that need an argument (a page, a value) are not offered bare; the palette does not list itself.
    expect(entries.some((e) => e.value === 'action:switchPage' || e.value === 'action:inspector.style')).toBe(false);
    expect(entries.some((e) => e.value === 'action:commandPalette')).toBe(false);
  });

  it('goes to pages, selects components by name, and opens the selected component’s settings', async () => {
    const t = editorForTest({ pages: [page('home', ['hero']), page('about', [])] });
    await t.store.getState().load();
    let entries = paletteEntries(t.store.getState(), [], false);
    expect(entries.filter((e) => e.group === 'Go to page').map((e) => e.label)).toEqual(['Go to page: home', 'Go to page: about']);
    expect(entries.filter((e) => e.group === 'Select component').map((e) => e.hint)).toEqual(['hero', 'hero.title', 'hero.text']);
    expect(entries.some((e) => e.group === 'Open setting…')).toBe(false);

    entries.find((e) => e.value === 'component:hero.title')!.run(t.ctx);
    await expect.poll(() => t.store.getState().selectedId).toBe('hero.title');
    entries.find((e) => e.value === 'page:about')!.run(t.ctx);
    await expect.poll(() => t.store.getState().pageId).toBe('about');

    t.store.getState().setPage('home');
    t.store.getState().select('hero.title');
    entries = paletteEntries(t.store.getState(), [], false);
    const opacity = entries.find((e) => e.label === 'Open setting: Opacity')!;
    expect(opacity.hint).toMatch(/^Style › /);
    opacity.run(t.ctx);
    expect(t.store.getState().openSetting).toMatchObject({ tab: 'style' });
  });

  it('ranks entries whose label holds every word typed above fuzzy matches', () => {
    const setting = paletteFilter('setting:effects.opacity', 'opacity', ['Open setting Opacity']);
    const component = paletteFilter('component:planning.content.text.checklist.item', 'opacity', ['Select Item', 'layout-v']);
    expect(setting).toBeGreaterThan(component);
    expect(setting).toBeGreaterThan(paletteFilter('setting:filters.backdrop-opacity', 'opacity', ['Open setting Backdrop opacity']));
    expect(paletteFilter('action:zoomIn', 'zm in', ['Zoom in', 'zoomIn'])).toBeGreaterThan(0);
    expect(paletteFilter('action:undo', 'publish', ['Undo', 'undo'])).toBe(0);
  });
});
