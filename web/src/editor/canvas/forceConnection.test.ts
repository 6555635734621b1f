// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import '../../site/actions/index.ts';
import { editorForTest } from '../../site/store/testing.ts';
import { FrameConnection } from './connection.ts';
import type { BridgeMessage, ParentMessage } from './messages.ts';

const BRIDGE = { code: 'bridge()', hash: 'sha256-abc=' };
const tokenOf = (srcdoc: string) => /name="pw-bridge" content="([0-9a-f]+)"/.exec(srcdoc)?.[1] ?? '';

function fromFrame(source: object, data: unknown) {
  const event = new Event('message');
  Object.defineProperties(event, { data: { value: data }, source: { value: source } });
  window.dispatchEvent(event);
}

/** The editor side of forced states: the variant the inspector edits, sent to the bridge for the selection. */
describe('forced states, editor side', () => {
  let posted: ParentMessage[];
  let t: ReturnType<typeof editorForTest>;
  let connection: FrameConnection;
  let send: (message: BridgeMessage) => void;
  const forces = () => posted.filter((m) => m.type === 'force');

  beforeEach(async () => {
    t = editorForTest();
    await t.store.getState().load();
    posted = [];
    const contentWindow = { postMessage: (message: ParentMessage) => posted.push(message) };
    const frame = { contentWindow, srcdoc: '' };
    connection = new FrameConnection(t.ctx, BRIDGE, 'https://app.test');
    connection.attach(frame as unknown as HTMLIFrameElement);
    send = (message) => fromFrame(contentWindow, { ...message, token: tokenOf(frame.srcdoc) });
    send({ type: 'ready' });
  });
  afterEach(() => connection.detach());

  it('forces hover on the selection while a hover variant is edited, and stops when the state goes', () => {
    t.store.getState().select('hero.title');
    t.store.getState().setStyleVariant('md:hover');
    expect(forces().at(-1)).toEqual({ type: 'force', id: 'hero.title', state: 'hover' });
    t.store.getState().setStyleVariant('md');
    expect(forces().at(-1)).toEqual({ type: 'force', id: null, state: null });
  });

  it('moves the forced state with the selection and forces nothing without one', () => {
    t.store.getState().setStyleVariant('focus');
    t.store.getState().select('hero.title');
    expect(forces().at(-1)).toEqual({ type: 'force', id: 'hero.title', state: 'focus' });
    t.store.getState().select('hero.text');
    expect(forces().at(-1)).toEqual({ type: 'force', id: 'hero.text', state: 'focus' });
    t.store.getState().select(null);
    expect(forces().at(-1)).toEqual({ type: 'force', id: null, state: null });
  });

  it('sends the forced state again to a frame that reloaded', () => {
    t.store.getState().select('hero.title');
    t.store.getState().setStyleVariant('hover');
    const before = forces().length;
    send({ type: 'ready' });
    expect(forces()).toHaveLength(before + 1);
    expect(forces().at(-1)).toEqual({ type: 'force', id: 'hero.title', state: 'hover' });
  });
});
