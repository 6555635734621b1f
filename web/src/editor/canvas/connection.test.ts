// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../site/actions/index.ts';
import { editorForTest } from '../../site/store/testing.ts';
import { FrameConnection, trackedIds } from './connection.ts';
import type { BridgeMessage, FragmentCss, ParentMessage } from './messages.ts';

const BRIDGE = { code: 'bridge()', hash: 'sha256-abc=' };

/** A frame as the connection sees it: its srcdoc, and what is posted to its window. */
function fakeFrame() {
  const posted: ParentMessage[] = [];
  const contentWindow = { postMessage: (message: ParentMessage) => posted.push(message) };
  const frame = { contentWindow, srcdoc: '' };
  return { frame, posted, contentWindow };
}

/** A message event as the browser dispatches one from the frame (jsdom refuses a plain object as `source`). */
function fromFrame(source: object, data: unknown) {
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source } });
  window.dispatchEvent(event);
}

const tokenOf = (srcdoc: string) => /name="pw-bridge" content="([0-9a-f]+)"/.exec(srcdoc)?.[1] ?? '';

async function connected(options: Parameters<typeof editorForTest>[0] = {}) {
  const t = editorForTest(options);
  await t.store.getState().load();
  const { frame, posted, contentWindow } = fakeFrame();
  const connection = new FrameConnection(t.ctx, BRIDGE, 'https://app.test');
  connection.attach(frame as unknown as HTMLIFrameElement);
  const send = (message: BridgeMessage, token = tokenOf(frame.srcdoc)) => fromFrame(contentWindow, { ...message, token });
  const sent = (type: ParentMessage['type']) => posted.filter((m) => m.type === type);
  return { ...t, frame, posted, contentWindow, connection, send, sent };
}

describe('the editor side of the canvas bridge', () => {
  let c: Awaited<ReturnType<typeof connected>>;
  beforeEach(async () => {
    c = await connected();
  });
  afterEach(() => {
    c.connection.detach();
    vi.useRealTimers();
  });

  it('loads the first preview as the frame document, with the policy, its token and the bridge', () => {
    expect(c.frame.srcdoc).toMatch(/^<html><head><meta http-equiv="Content-Security-Policy".*<\/head>home<\/html>$/);
    expect(c.frame.srcdoc).toContain("script-src 'sha256-abc='");
    expect(c.frame.srcdoc).toContain('<script>bridge()</script>');
    expect(tokenOf(c.frame.srcdoc)).toMatch(/^[0-9a-f]{32}$/);
    expect(c.connection.getView().ready).toBe(false);
  });

  it('answers ready with the key bindings and what to measure, then patches later previews in place', () => {
    c.send({ type: 'ready' });
    const init = c.sent('init')[0] as Extract<ParentMessage, { type: 'init' }>;
    expect(init.keys).toEqual(expect.arrayContaining(['Backspace', 'Mod+d', 'Escape']));
    expect(init.scroll).toBeNull();
    expect(c.sent('track')).toEqual([{ type: 'track', ids: [] }]);
    expect(c.connection.getView().ready).toBe(true);

    const srcdoc = c.frame.srcdoc;
    c.store.setState({ preview: { pageId: 'home', appearance: 'light', language: 'en', html: '<html>edited</html>' } });
    expect(c.sent('patch')).toEqual([{ type: 'patch', html: '<html>edited</html>' }]);
    expect(c.frame.srcdoc).toBe(srcdoc);

    // Another page is another document.
    c.store.setState({ preview: { pageId: 'about', appearance: 'light', language: 'en', html: '<html>about</html>' } });
    expect(c.frame.srcdoc).toMatch(/<\/head>about<\/html>$/);
    expect(c.sent('patch')).toHaveLength(1);
  });

  it('gives a preview that arrives while the frame loads to the bridge when it is ready', () => {
    c.store.setState({ preview: { pageId: 'home', appearance: 'light', language: 'en', html: '<html>newer</html>' } });
    expect(c.sent('patch')).toEqual([]);
    c.send({ type: 'ready' });
    expect(c.sent('patch')).toEqual([{ type: 'patch', html: '<html>newer</html>' }]);
  });

  it('gives the frame another page only once the document before it is ready (Chromium drops a srcdoc given before the last one commits)', () => {
    const home = c.frame.srcdoc;
    c.store.setState({ preview: { pageId: 'about', appearance: 'light', language: 'en', html: '<html>about</html>' } });
    c.store.setState({ preview: { pageId: 'contact', appearance: 'light', language: 'en', html: '<html>contact</html>' } });
    expect(c.frame.srcdoc).toBe(home);
    // The home document commits: the last page asked for is given, and only it.
    c.send({ type: 'ready' }, tokenOf(home));
    expect(c.frame.srcdoc).toMatch(/<\/head>contact<\/html>$/);
    expect(c.sent('init')).toEqual([]);
    expect(c.connection.getView().ready).toBe(false);
    c.send({ type: 'ready' });
    expect(c.sent('init')).toHaveLength(1);
    expect(c.connection.getView().ready).toBe(true);
    // Once ready, another page is given at once.
    c.store.setState({ preview: { pageId: 'about', appearance: 'light', language: 'en', html: '<html>about</html>' } });
    expect(c.frame.srcdoc).toMatch(/<\/head>about<\/html>$/);
  });

  it('gives the next page after a while when the document before it never says ready', async () => {
    vi.useFakeTimers();
    c.connection.detach();
    c = await connected();
    const home = c.frame.srcdoc;
    c.store.setState({ preview: { pageId: 'about', appearance: 'light', language: 'en', html: '<html>about</html>' } });
    expect(c.frame.srcdoc).toBe(home);
    vi.advanceTimersByTime(2000);
    expect(c.frame.srcdoc).toMatch(/<\/head>about<\/html>$/);
  });

  it('ignores messages from another window or without this document’s token', () => {
    c.send({ type: 'click', id: 'hero.title', boxes: [] }, 'wrong');
    fromFrame(window, { type: 'click', id: 'hero.title', boxes: [], token: tokenOf(c.frame.srcdoc) });
    fromFrame(c.contentWindow, { type: 'click', id: 'hero.title', token: tokenOf(c.frame.srcdoc) });
    expect(c.store.getState().selectedId).toBeNull();
  });

  it('selects on a click with the boxes that came with it, and tracks the selection and its parent', () => {
    c.send({ type: 'ready' });
    const rect = { x: 10, y: 20, width: 300, height: 40 };
    c.send({ type: 'click', id: 'hero.title', boxes: [{ id: 'hero.title', rects: [rect] }] });
    expect(c.store.getState().selectedId).toBe('hero.title');
    expect(c.connection.getView().boxes.get('hero.title')).toEqual([rect]);
    expect(c.sent('track').at(-1)).toEqual({ type: 'track', ids: ['hero.title', 'hero'] });
    // Clicked in the frame: already in view, nothing to reveal.
    expect(c.sent('reveal')).toEqual([]);

    c.send({ type: 'click', id: null, boxes: [] });
    expect(c.store.getState().selectedId).toBeNull();
  });

  it('reveals a selection made elsewhere (the tree, a key) and a just-added item', () => {
    c.send({ type: 'ready' });
    c.store.getState().select('hero.text');
    expect(c.sent('reveal')).toEqual([{ type: 'reveal', id: 'hero.text' }]);
    c.store.getState().highlight('hero.title');
    expect(c.sent('reveal').at(-1)).toEqual({ type: 'reveal', id: 'hero.title' });
  });

  it('follows the hover, and keeps the boxes of tracked components only', () => {
    c.send({ type: 'ready' });
    c.send({ type: 'hover', id: 'hero.text', boxes: [{ id: 'hero.text', rects: [{ x: 0, y: 0, width: 5, height: 5 }] }] });
    expect(c.store.getState().hoveredId).toBe('hero.text');
    c.send({ type: 'hover', id: null, boxes: [] });
    expect(c.store.getState().hoveredId).toBeNull();
    expect(c.connection.getView().boxes.has('hero.text')).toBe(false);
  });

  it('starts inline editing of a text on a double-click, with its raw text and whether Enter commits', () => {
    c.send({ type: 'ready' });
    c.send({ type: 'dblclick', id: 'hero.title' });
    expect(c.store.getState().selectedId).toBe('hero.title');
    expect(c.sent('edit')).toEqual([{ type: 'edit', id: 'hero.title', text: 'Welcome', singleLine: true }]);
    expect(c.connection.getView().editingId).toBe('hero.title');

    c.send({ type: 'dblclick', id: 'hero.text' });
    expect(c.sent('edit').at(-1)).toEqual({ type: 'edit', id: 'hero.text', text: 'Hello', singleLine: false });
    c.send({ type: 'dblclick', id: 'hero' });
    expect(c.sent('edit')).toHaveLength(2);
  });

  it('saves what is typed once per burst, at once when editing ends', async () => {
    vi.useFakeTimers();
    c.send({ type: 'ready' });
    c.send({ type: 'dblclick', id: 'hero.title' });
    c.send({ type: 'input', id: 'hero.title', text: 'Welcome ' });
    c.send({ type: 'input', id: 'hero.title', text: 'Welcome home' });
    await vi.advanceTimersByTimeAsync(300);
    expect(c.received.filter((r) => r.method === 'PATCH')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    const patches = c.received.filter((r) => r.method === 'PATCH');
    expect(patches.map((r) => [r.path, r.body])).toEqual([
      ['/sites/example.com/components/hero.title', { data: { value: 'Welcome home' } }],
    ]);

    c.send({ type: 'input', id: 'hero.title', text: 'Welcome home!' });
    c.send({ type: 'editEnd', id: 'hero.title', text: 'Welcome home!' });
    await vi.advanceTimersByTimeAsync(0);
    expect(c.received.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { data: { value: 'Welcome home' } },
      { data: { value: 'Welcome home!' } },
    ]);
    expect(c.connection.getView().editingId).toBeNull();
  });

  it('stops editing when the selection moves elsewhere', () => {
    c.send({ type: 'ready' });
    c.send({ type: 'dblclick', id: 'hero.title' });
    c.store.getState().select('hero.text');
    expect(c.sent('endEdit')).toHaveLength(1);
  });

  it('runs the action bound to a key typed in the frame', () => {
    c.send({ type: 'ready' });
    c.store.getState().select('hero.title');
    c.send({ type: 'key', key: { key: 'Escape', metaKey: false, ctrlKey: false, shiftKey: false, altKey: false } });
    expect(c.store.getState().selectedId).toBe('hero');
  });
});

describe('an edit answered with a patch (issue 29)', () => {
  const EMPTY: FragmentCss = { classes: [], theme: [], global: [] };
  const whole = (revision: number, html = `<html>r${revision}</html>`) => ({
    pageId: 'home',
    appearance: 'light' as const,
    language: 'en',
    revision,
    html,
  });
  const patched = (base: number, revision: number, html = `<h1 data-pw-id="hero.title">r${revision}</h1>`, css = EMPTY) => ({
    pageId: 'home',
    appearance: 'light' as const,
    language: 'en',
    revision,
    patch: { base, parts: [{ id: 'hero.title', html }], css },
  });
  let c: Awaited<ReturnType<typeof connected>>;
  beforeEach(async () => {
    c = await connected();
    c.send({ type: 'ready' });
    c.store.setState({ preview: whole(5) });
  });
  afterEach(() => {
    c.connection.detach();
    vi.useRealTimers();
  });

  it('sends the part and its rules to the bridge as a fragment, not the whole page', () => {
    const css = { classes: [{ name: 'opacity-35', after: 'mt-4', rules: ['.opacity-35 { opacity: 35%; }'] }], theme: [], global: [] };
    c.store.setState({ preview: patched(5, 6, undefined, css) });
    expect(c.sent('fragment')).toEqual([
      { type: 'fragment', parts: [{ id: 'hero.title', html: '<h1 data-pw-id="hero.title">r6</h1>' }], css },
    ]);
    expect(c.sent('patch')).toHaveLength(1);
    // A whole page older than what the frame shows now is not shown.
    c.store.setState({ preview: whole(5, '<html>older</html>') });
    expect(c.sent('patch')).toHaveLength(1);
  });

  it('keeps a patch that came before the one it follows, and applies both in order', () => {
    c.store.setState({ preview: patched(6, 7) });
    expect(c.sent('fragment')).toEqual([]);
    c.store.setState({ preview: patched(5, 6) });
    expect(c.sent('fragment').map((m) => (m as Extract<ParentMessage, { type: 'fragment' }>).parts[0]!.html)).toEqual([
      '<h1 data-pw-id="hero.title">r6</h1>',
      '<h1 data-pw-id="hero.title">r7</h1>',
    ]);
    // One the frame shows already is not sent again.
    c.store.setState({ preview: patched(5, 6) });
    expect(c.sent('fragment')).toHaveLength(2);
  });

  it('asks for the whole page when a patch does not fit the frame (the bridge says so, or the one it follows never comes)', async () => {
    vi.useFakeTimers();
    const previews = () => c.received.filter((r) => r.method === 'GET' && r.path.endsWith('/preview')).length;
    const asked = previews();
    c.send({ type: 'stale' });
    await vi.advanceTimersByTimeAsync(0);
    expect(previews()).toBe(asked + 1);
    expect(c.sent('patch').at(-1)).toEqual({ type: 'patch', html: '<html>home</html>' });

    c.store.setState({ preview: whole(8) });
    c.store.setState({ preview: patched(9, 10) });
    await vi.advanceTimersByTimeAsync(999);
    expect(previews()).toBe(asked + 1);
    await vi.advanceTimersByTimeAsync(1);
    expect(previews()).toBe(asked + 2);
  });

  it('an embed from an origin the frame’s policy does not name gets a new frame document whose policy names it', async () => {
    const embed = '<iframe src="https://player.vimeo.com/video/1" title="Vimeo"></iframe>';
    const srcdoc = c.frame.srcdoc;
    expect(srcdoc).toContain("frame-src 'none'");
    c.store.setState({ preview: whole(6, `<html>${embed}</html>`) });
    expect(c.frame.srcdoc).not.toBe(srcdoc);
    expect(c.frame.srcdoc).toContain('frame-src https://player.vimeo.com');
    // The same origin again: patched in place.
    c.send({ type: 'ready' });
    const loaded = c.frame.srcdoc;
    c.store.setState({ preview: whole(7, `<html>${embed}${embed}</html>`) });
    expect(c.frame.srcdoc).toBe(loaded);
    expect(c.sent('patch').at(-1)).toEqual({ type: 'patch', html: `<html>${embed}${embed}</html>` });
    // A patch bringing another origin is not applied: the whole page is asked for (it then comes in a new document, as above).
    const asked = c.received.filter((r) => r.method === 'GET' && r.path.endsWith('/preview')).length;
    c.store.setState({
      preview: patched(7, 8, '<iframe data-pw-id="hero.title" src="https://maps.google.com/maps?q=x" title="Map"></iframe>'),
    });
    expect(c.sent('fragment')).toEqual([]);
    await vi.waitFor(() => expect(c.received.filter((r) => r.method === 'GET' && r.path.endsWith('/preview')).length).toBe(asked + 1));
  });

  it('gives fragments that came while the frame loaded to the bridge once it is ready, after the page', async () => {
    const fresh = await connected();
    fresh.store.setState({ preview: whole(5) });
    fresh.store.setState({ preview: patched(5, 6) });
    expect(fresh.sent('fragment')).toEqual([]);
    fresh.send({ type: 'ready' });
    expect(fresh.posted.map((m) => m.type).filter((t) => t === 'patch' || t === 'fragment')).toEqual(['patch', 'fragment']);
    fresh.connection.detach();
  });
});

describe('a read-only editor', () => {
  it('never starts inline editing', async () => {
    const c = await connected({ site: { isLocked: true } });
    c.send({ type: 'ready' });
    c.send({ type: 'dblclick', id: 'hero.title' });
    expect(c.sent('edit')).toEqual([]);
    expect(c.connection.getView().editingId).toBeNull();
    c.connection.detach();
  });
});

describe('what the canvas measures', () => {
  it('tracks the selection, its parent, the hover, the highlight and others’ selections, once each', () => {
    const presence = [
      { id: 2, name: 'Ada', selection: 'hero.text' },
      { id: 3, name: 'Bo', selection: null },
    ];
    expect(trackedIds({ selectedId: 'hero.title', hoveredId: 'hero.text', highlightId: null, presence })).toEqual([
      'hero.title',
      'hero',
      'hero.text',
    ]);
    expect(trackedIds({ selectedId: 'hero', hoveredId: null, highlightId: 'hero', presence: [] })).toEqual(['hero']);
  });
});
