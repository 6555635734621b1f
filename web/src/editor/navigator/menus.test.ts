import { describe, expect, it } from 'vitest';
import { editorForTest, page } from '../../site/store/testing.ts';
import { componentMenu, pageMenu } from './menus.ts';
import type { MenuEntry } from './NavigatorMenu.tsx';

const labels = (entries: MenuEntry[]) => entries.flatMap((e) => ('label' in e ? [e.label] : []));
const find = (entries: MenuEntry[], label: string) =>
  entries.find((e) => 'label' in e && e.label === label) as Exclude<MenuEntry, { separator: true }>;

async function loaded(options: Parameters<typeof editorForTest>[0] = {}) {
  const editor = editorForTest(options);
  await editor.store.getState().load();
  return editor;
}

describe('tree item menu', () => {
  const deps = { navigate: () => undefined, mac: false };

  it('offers the structure edits with their shortcuts; no alias for a section', async () => {
    const { ctx, store } = await loaded();
    store.getState().select('hero.title');
    const entries = componentMenu(ctx, deps, 'hero.title');
    expect(labels(entries)).toEqual([
      'Rename',
      'Duplicate',
      'Make an alias',
      'Copy',
      'Paste',
      'Add component',
      'Add Section',
      'Hide',
      'Delete',
    ]);
    expect(find(entries, 'Duplicate').shortcut).toBe('Ctrl+D');
    expect(find(entries, 'Make an alias').shortcut).toBe('Ctrl+Shift+D');
    expect(find(entries, 'Paste').disabled).toBe(true);
    store.getState().select('hero');
    expect(labels(componentMenu(ctx, deps, 'hero'))).not.toContain('Make an alias');
  });

  it('shows a section on another page too, picked by the page name, and stops sharing a section two pages list', async () => {
    const { ctx, store, received } = await loaded({
      pages: [page('home', ['hero']), page('about', ['intro'], { name: 'About' }), page('menu', ['hero'], { name: 'Menu' })],
      handle: [
        (r) => (r.method === 'POST' || r.method === 'DELETE' ? { body: { id: 'hero', pages: [], copies: [], nodes: {} } } : undefined),
      ],
    });
    store.getState().select('hero');
    const entries = componentMenu(ctx, deps, 'hero');
    expect(labels(entries)).toContain('Also show on About');
    expect(labels(entries)).not.toContain('Also show on Menu');
    expect(labels(entries)).toContain('Stop sharing (on 2 pages)');
    find(entries, 'Also show on About').onSelect();
    await expect.poll(() => received.find((r) => r.method === 'POST')?.path).toBe('/sites/example.com/sections/shared/about/hero');
    find(entries, 'Stop sharing (on 2 pages)').onSelect();
    await expect.poll(() => received.find((r) => r.method === 'DELETE')?.path).toBe('/sites/example.com/sections/shared/hero');
    // A component inside a section is not shared on its own.
    store.getState().select('hero.title');
    expect(labels(componentMenu(ctx, deps, 'hero.title')).some((l) => l.startsWith('Also show on'))).toBe(false);
  });

  it('adds a component into a container at its end, else after the item in its container', async () => {
    const { ctx, store } = await loaded();
    store.getState().select('hero.title');
    find(componentMenu(ctx, deps, 'hero.title'), 'Add component').onSelect();
    expect(store.getState().popup).toEqual({ name: 'components', container: 'hero', index: 1 });
    find(componentMenu(ctx, deps, 'hero'), 'Add component').onSelect();
    expect(store.getState().popup).toEqual({ name: 'components', container: 'hero' });
  });

  it('on the free plan ends with the upgrade, which leads the owner to the plans', async () => {
    const went: string[] = [];
    const { ctx, store } = await loaded({ site: { plan: { id: 1 } as never } });
    store.getState().select('hero.title');
    const entries = componentMenu(ctx, { navigate: (to) => went.push(to), mac: true }, 'hero.title');
    expect(labels(entries).at(-1)).toBe('Upgrade pricing plan');
    expect(find(entries, 'Duplicate').shortcut).toBe('⌘D');
    find(entries, 'Upgrade pricing plan').onSelect();
    expect(went).toEqual(['/user/plans']);
  });

  it('a read-only editor greys out every edit', async () => {
    const { ctx, store } = await loaded({ site: { isLocked: true } });
    store.getState().select('hero.title');
    const entries = componentMenu(ctx, deps, 'hero.title');
    for (const label of ['Rename', 'Duplicate', 'Make an alias', 'Add component', 'Add Section', 'Hide', 'Delete'])
      expect(find(entries, label).disabled, label).toBe(true);
    expect(find(entries, 'Copy').disabled).toBe(false);
  });
});

describe('page menu', () => {
  const deps = { navigate: () => undefined, mac: false };
  const pages = [
    page('_before', []),
    page('home', ['hero']),
    page('about', [], { unpublished: true }),
    page('404', []),
    page('_after', []),
  ];

  it('home keeps its name and stays published; header and footer only rename nothing', async () => {
    const { ctx, store } = await loaded({ pages });
    const of = (id: string) =>
      labels(
        pageMenu(
          ctx,
          deps,
          store.getState().pages.find((p) => p.id === id)!,
          () => undefined,
        ),
      );
    expect(of('home')).toEqual(['Duplicate', 'Page settings']);
    expect(of('404')).toEqual(['Duplicate', 'Page settings']);
    expect(of('_before')).toEqual([]);
    expect(of('about')).toEqual(['Rename', 'Duplicate', 'Publish', 'Page settings', 'Delete']);
  });

  it('page settings link to the settings screen of the page; unpublished pages have none', async () => {
    const went: string[] = [];
    const { ctx, store } = await loaded({ pages: [...pages, page('blog/:slug', [])] });
    const settings = (id: string) =>
      find(
        pageMenu(
          ctx,
          { navigate: (to) => went.push(to), mac: false },
          store.getState().pages.find((p) => p.id === id)!,
          () => undefined,
        ),
        'Page settings',
      );
    settings('blog/:slug').onSelect();
    expect(went).toEqual(['/sites/example.com/settings/page/blog/%3Aslug']);
    expect(settings('about').disabled).toBe(true);
  });
});
