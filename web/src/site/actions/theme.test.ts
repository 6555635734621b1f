import { describe, expect, it } from 'vitest';
import { editorForTest } from '../store/testing.ts';
import { perform } from './registry.ts';
import {
  createSharedStyle,
  deleteSharedStyle,
  makeDefaultSharedStyle,
  setBodyStyle,
  setGlobalVariable,
  setSharedStyle,
  setThemeColor,
  setThemeFont,
  setThemeVariable,
  updateSharedStyle,
  type SharedStyle,
  type Theme,
} from './theme.ts';

const history = { undo: 1, redo: 0, unsaved: 1 };
const scale = (base: string) => ({ base, shades: { l1: '#fafafa', l9: base, d9: base } });
const font = (family: string, normal = [400], italic: number[] = []) => ({ family, normal, italic });

const theme = (): Theme => ({
  colors: { primary: scale('#3e64de'), secondary: scale('#f59e0b'), gray: scale('#6b7280') },
  fonts: { heading: font('Inter', [400, 700]), sans: font('Inter') },
  appearance: 'light',
  textScale: 100,
  cornerScale: 100,
  vars: { gap: '2rem' },
  body: { textColor: 'text-gray-l12 dark:text-gray-d12' },
});
const sharedStyle = (id: string, extra: Partial<SharedStyle> = {}): SharedStyle => ({
  id,
  name: id,
  type: 'button',
  default: false,
  style: { background: 'bg-primary-l9 hover:bg-primary-l10' },
  ...extra,
});
const style = () => ({ theme: theme(), shared: { button: sharedStyle('button', { default: true }), outline: sharedStyle('outline') } });
const preview = (r: { query: URLSearchParams }) => ({
  pageId: 'home',
  appearance: 'light',
  language: 'en',
  html: `<html>${r.query.get('preview')}</html>`,
});

async function loaded(handle: NonNullable<NonNullable<Parameters<typeof editorForTest>[0]>['handle']> = [], confirm = true) {
  const t = editorForTest({ site: { style: style() }, handle, confirm });
  await t.store.getState().load();
  return t;
}
const themeOf = (t: Awaited<ReturnType<typeof loaded>>) => t.store.getState().site!.style!.theme;

describe('theme actions', () => {
  it('a colour is one editing call with the preview; the shades the server made replace the scale', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path.endsWith('/theme/colors')
          ? { body: { colors: { ...theme().colors, primary: scale('#112233') }, preview: preview(r) }, history }
          : undefined,
    ]);
    await perform(t.ctx, setThemeColor, { name: 'primary', value: '112233' });
    const call = t.received.find((r) => r.method === 'PATCH')!;
    expect(call.path).toBe('/sites/example.com/theme/colors');
    expect(call.body).toEqual({ primary: '112233' });
    expect(call.query.get('preview')).toBe('home,light,en,patch');
    expect(themeOf(t).colors.primary!.base).toBe('#112233');
    expect(t.store.getState().history).toEqual(history);
    expect(t.store.getState().preview!.html).toContain('home,light,en');
  });

  it('says why a colour is refused beside it (the server message and field), not in the banner', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH'
          ? {
              status: 400,
              body: { error: 'Hex color must be 6 hex digits', status: 400, code: 'VALIDATION_FAILED', info: { field: 'primary' } },
            }
          : undefined,
    ]);
    const said: Array<[string, string | null]> = [];
    await perform(t.ctx, setThemeColor, { name: 'primary', value: 'zz', onInvalid: (m, f) => said.push([m, f]) });
    expect(said).toEqual([['Hex color must be 6 hex digits', 'primary']]);
    expect(t.errors).toEqual([]);
    expect(themeOf(t).colors.primary!.base).toBe('#3e64de');
  });

  it('a failure other than bad input goes to the banner', async () => {
    const t = await loaded([
      (r) => (r.method === 'PATCH' ? { status: 403, body: { error: 'Locked', status: 403, code: 'FORBIDDEN' } } : undefined),
    ]);
    const said: string[] = [];
    await perform(t.ctx, setThemeColor, { name: 'primary', value: '#000000', onInvalid: (m) => said.push(m) });
    expect(said).toEqual([]);
    expect(t.errors.map((e) => e.status)).toEqual([403]);
  });

  it('choosing a font family sends only the family and takes the weights the server kept', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path.endsWith('/theme/fonts/heading')
          ? { body: { role: 'heading', font: font('Playfair Display', [400, 700], [400]) }, history }
          : undefined,
    ]);
    await perform(t.ctx, setThemeFont, { role: 'heading', family: 'Playfair Display' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ family: 'Playfair Display' });
    expect(themeOf(t).fonts.heading).toEqual(font('Playfair Display', [400, 700], [400]));
    expect(themeOf(t).fonts.sans.family).toBe('Inter');
  });

  it('a theme variable answers with the scales and tokens, and an appearance change shows the new one', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path.endsWith('/theme/vars')
          ? { body: { appearance: 'dark', textScale: 100, cornerScale: 100, vars: { gap: '2rem' }, preview: preview(r) }, history }
          : undefined,
    ]);
    await perform(t.ctx, setThemeVariable, { variable: 'appearance', value: 'dark' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ variable: 'appearance', value: 'dark' });
    expect(themeOf(t).appearance).toBe('dark');
    // The answer's preview was asked for in light; the canvas is fetched again in dark.
    const last = t.received.filter((r) => r.method === 'GET' && r.path.endsWith('/preview')).at(-1)!;
    expect(last.query.get('preview')).toBe('home,dark,en,patch');
  });

  it('a token reset sends null', async () => {
    const t = await loaded([
      (r) => (r.method === 'PATCH' ? { body: { appearance: 'light', textScale: 105, cornerScale: 100, vars: {} } } : undefined),
    ]);
    await perform(t.ctx, setThemeVariable, { variable: 'gap', value: null });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ variable: 'gap', value: null });
    expect(themeOf(t).vars).toEqual({});
    expect(themeOf(t).textScale).toBe(105);
  });

  it('a body setting edits the style of `body` and takes its settings', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path === '/sites/example.com/theme/components/body'
          ? { body: { id: 'body', style: { scroll: 'scroll-smooth' } }, history }
          : undefined,
    ]);
    await perform(t.ctx, setBodyStyle, { setting: 'scroll', value: 'scroll-smooth' });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({ edit: [{ setting: 'scroll', value: 'scroll-smooth' }] });
    expect(themeOf(t).body).toEqual({ scroll: 'scroll-smooth' });
  });

  it('a shared style setting edits `shared.{id}` and only that style', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path === '/sites/example.com/theme/components/shared.outline'
          ? { body: { id: 'shared.outline', style: { background: 'bg-primary-l9', padding: 'p-4' } }, history }
          : undefined,
    ]);
    await perform(t.ctx, setSharedStyle, { styleId: 'outline', setting: 'padding', value: 'p-4' });
    const shared = t.store.getState().site!.style!.shared;
    expect(shared.outline!.style).toEqual({ background: 'bg-primary-l9', padding: 'p-4' });
    expect(shared.button!.style).toEqual(sharedStyle('button').style);
  });

  it('make default takes every shared style as the server answers', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'POST' && r.path === '/sites/example.com/theme/shared/default/outline'
          ? { body: { shared: [sharedStyle('button'), sharedStyle('outline', { default: true })] }, history }
          : undefined,
    ]);
    await perform(t.ctx, makeDefaultSharedStyle, { styleId: 'outline' });
    const shared = t.store.getState().site!.style!.shared;
    expect(shared.outline!.default).toBe(true);
    expect(shared.button!.default).toBe(false);
  });

  it('delete asks first, and does nothing when the answer is no', async () => {
    const t = await loaded([], false);
    let deleted = false;
    await perform(t.ctx, deleteSharedStyle, { styleId: 'outline', onDeleted: () => (deleted = true) });
    expect(t.received.some((r) => r.method === 'DELETE')).toBe(false);
    expect(deleted).toBe(false);
  });

  it('delete removes the style, reloads the document and says so', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'DELETE' && r.path === '/sites/example.com/theme/shared/outline'
          ? { body: { id: 'outline', components: ['hero.cta'] }, history }
          : undefined,
    ]);
    const gets = t.received.length;
    let deleted = false;
    await perform(t.ctx, deleteSharedStyle, { styleId: 'outline', onDeleted: () => (deleted = true) });
    expect(deleted).toBe(true);
    expect(t.received.slice(gets).some((r) => r.method === 'GET' && r.path === '/sites/example.com')).toBe(true);
  });

  it('a locked collaborator cannot edit the theme', async () => {
    const t = editorForTest({ site: { style: style(), isLocked: true } });
    await t.store.getState().load();
    expect(await perform(t.ctx, setThemeColor, { name: 'primary', value: '#000000' })).toBe(false);
    expect(t.received.some((r) => r.method === 'PATCH')).toBe(false);
  });
});

describe('shared style and global variable actions', () => {
  it('rename and icon are one call that keeps the id; the answer replaces that style only', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path === '/sites/example.com/theme/shared/outline'
          ? { body: { shared: sharedStyle('outline', { name: 'Ghost', icon: 'square' }), preview: preview(r) }, history }
          : undefined,
    ]);
    await perform(t.ctx, updateSharedStyle, { styleId: 'outline', name: 'Ghost', icon: 'square' });
    const call = t.received.find((r) => r.method === 'PATCH')!;
    expect(call.body).toEqual({ name: 'Ghost', icon: 'square' });
    expect(call.query.get('preview')).toBe('home,light,en,patch');
    const shared = t.store.getState().site!.style!.shared;
    expect(shared.outline).toMatchObject({ name: 'Ghost', icon: 'square' });
    expect(shared.button!.name).toBe('button');
  });

  it('a refused name is told to the control, not the banner', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path.endsWith('/theme/shared/outline')
          ? { status: 400, body: { error: 'Name is required', status: 400, code: 'INVALID', info: { field: 'name' } } }
          : undefined,
    ]);
    const said: string[] = [];
    await perform(t.ctx, updateSharedStyle, { styleId: 'outline', name: '', onInvalid: (m, f) => said.push(`${f}: ${m}`) });
    expect(said).toEqual(['name: Name is required']);
    expect(t.errors).toEqual([]);
  });

  it('a new shared style from a component copies its style as shared to itself and hands back the new id', async () => {
    const t = await loaded([
      (r) =>
        r.method === 'PATCH' && r.path.endsWith('/theme/copy')
          ? { body: { components: [], shared: sharedStyle('card-title', { name: 'Card title', type: 'text' }) }, history }
          : undefined,
    ]);
    const created: string[] = [];
    await perform(t.ctx, createSharedStyle, { componentId: 'hero.title', name: 'Card title', onCreated: (id) => created.push(id) });
    expect(t.received.find((r) => r.method === 'PATCH')!.body).toEqual({
      fromComponentId: 'hero.title',
      toComponentIds: ['hero.title'],
      copyType: 'shared',
      name: 'Card title',
    });
    expect(created).toEqual(['card-title']);
    expect(t.store.getState().site!.style!.shared['card-title']!.name).toBe('Card title');
  });

  it("a global variable is one call; the globals the server answers replace the site's", async () => {
    const globals = { site: { name: 'Aalto' }, meta: {}, legal: {}, custom: {} };
    const t = await loaded([
      (r) => (r.method === 'POST' && r.path.endsWith('/global') ? { body: { globals, preview: preview(r) }, history } : undefined),
    ]);
    await perform(t.ctx, setGlobalVariable, { variable: 'site.name', value: 'Aalto' });
    expect(t.received.find((r) => r.method === 'POST')!.body).toEqual({ variable: 'site.name', value: 'Aalto' });
    expect(t.store.getState().site!.globals).toEqual(globals);
    expect(t.store.getState().history).toEqual(history);
  });
});
