import { dispatchKey } from '../actions/keyboard.ts';
import { registeredActions, perform, type ActionContext } from '../actions/registry.ts';
import { selectComponent } from '../actions/selection.ts';
import { updateText } from '../actions/components.ts';
import { parentIdOf } from '../store/document.ts';
import type { EditorState, Preview } from '../store/store.ts';
import { frameDocument, newToken, type BridgeScript } from './frameDocument.ts';
import { createTextBurst, inlineEditOf } from './inlineText.ts';
import { forcedStateOf } from '../style/variants.ts';
import { ClassCssCache, missingClasses, setInstantCanvas, stylesOf, type ClassSwap, type InstantCanvas } from './instantStyle.ts';
import {
  parseBridgeMessage,
  type Box,
  type BridgeMessage,
  type ForcedState,
  type ParentMessage,
  type Point,
  type Rect,
} from './messages.ts';

/** What the canvas draws from the frame: the boxes of the tracked components, and which text is being typed. */
export interface FrameView {
  boxes: ReadonlyMap<string, readonly Rect[]>;
  scroll: Point;
  ready: boolean;
  editingId: string | null;
}

const TOP: Point = { x: 0, y: 0 };

/** The components whose boxes the canvas draws: selection, its parent, hover, highlight and others' selections. */
export function trackedIds(s: Pick<EditorState, 'selectedId' | 'hoveredId' | 'highlightId' | 'presence'>): string[] {
  const ids = [
    s.selectedId,
    s.selectedId ? parentIdOf(s.selectedId) : null,
    s.hoveredId,
    s.highlightId,
    ...s.presence.map((p) => p.selection),
  ];
  return [...new Set(ids.filter((id): id is string => typeof id === 'string' && id !== ''))];
}

/**
 * The editor's side of the bridge for one canvas frame: loads the preview into the frame (srcdoc the
 * first time and on a page change, patches after that), answers the bridge's messages with editor
 * actions, tells the bridge what to measure, and keeps the boxes the overlays draw.
 */
export class FrameConnection implements InstantCanvas {
  private frame: HTMLIFrameElement | null = null;
  private token = '';
  private ready = false;
  /** The page of the document loaded in the frame, and the HTML it shows (or is about to). */
  private page: string | null = null;
  private shown: string | null = null;
  private restoreScroll: Point | null = null;
  /** Where each page was scrolled, so coming back to a page (or a remounted frame) shows the same place. */
  private readonly scrolls = new Map<string, Point>();
  private tracked: string[] = [];
  /** The component and state the frame shows forced (the inspector's hover/focus variant). */
  private forced: { id: string | null; state: ForcedState | null } = { id: null, state: null };
  /** The selection the last click in the frame made: the frame need not scroll to it. */
  private clicked: string | null | undefined;
  private view: FrameView = { boxes: new Map(), scroll: TOP, ready: false, editingId: null };
  private readonly listeners = new Set<() => void>();
  private readonly burst: ReturnType<typeof createTextBurst>;
  private unsubscribe: (() => void) | null = null;
  /** Instant style changes: the last key given, the rules of classes asked for, the page CSS last read. */
  private instantKey = 0;
  private classCss: ClassCssCache | null = null;
  private pageCss: { html: string; css: string } | null = null;

  constructor(
    private readonly ctx: ActionContext,
    private readonly bridge: BridgeScript,
    private readonly origin: string,
  ) {
    this.burst = createTextBurst((id, text) => perform(ctx, updateText, { id, text }));
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getView = () => this.view;

  attach(frame: HTMLIFrameElement): void {
    this.frame = frame;
    this.page = null;
    this.shown = null;
    this.ready = false;
    window.addEventListener('message', this.onMessage);
    const store = this.ctx.store;
    this.unsubscribe = store.subscribe((s, previous) => this.onStore(s, previous));
    this.onStore(store.getState(), null);
    setInstantCanvas(this);
  }

  detach(): void {
    void this.burst.flush();
    window.removeEventListener('message', this.onMessage);
    this.unsubscribe?.();
    this.unsubscribe = null;
    setInstantCanvas(null);
    this.frame = null;
    this.ready = false;
  }

  private update(patch: Partial<FrameView>): void {
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  private send(message: ParentMessage): void {
    // The frame's origin is opaque ("null"), so no target origin can name it; it holds nothing secret.
    this.frame?.contentWindow?.postMessage(message, '*');
  }

  private onStore(s: EditorState, previous: EditorState | null): void {
    if (!previous || s.preview !== previous.preview) this.show(s.preview);
    if (
      !previous ||
      s.selectedId !== previous.selectedId ||
      s.hoveredId !== previous.hoveredId ||
      s.highlightId !== previous.highlightId ||
      s.presence !== previous.presence
    )
      this.track(trackedIds(s));
    if (previous && s.selectedId !== previous.selectedId) {
      // Selected in the tree or by a key: the canvas scrolls it into view (EDITOR-UX "The canvas").
      if (s.selectedId && s.selectedId !== this.clicked) this.send({ type: 'reveal', id: s.selectedId });
      this.clicked = undefined;
      if (this.view.editingId && s.selectedId !== this.view.editingId) this.send({ type: 'endEdit' });
    }
    if (previous && s.highlightId && s.highlightId !== previous.highlightId) this.send({ type: 'reveal', id: s.highlightId });
    if (s.readOnly && this.view.editingId) this.send({ type: 'endEdit' });
    if (!previous || s.selectedId !== previous.selectedId || s.styleVariant !== previous.styleVariant) this.force(s);
  }

  /** The variant being edited shows on the canvas: its hover or focus state forced on the selection. */
  private force(s: Pick<EditorState, 'selectedId' | 'styleVariant'>, resend = false): void {
    const state = s.selectedId ? forcedStateOf(s.styleVariant) : null;
    const next = { id: state ? s.selectedId : null, state };
    if (!resend && next.id === this.forced.id && next.state === this.forced.state) return;
    this.forced = next;
    if (this.ready) this.send({ type: 'force', ...next });
  }

  private show(preview: Preview | null): void {
    if (!preview || !this.frame || preview.html === this.shown) return;
    if (this.page === preview.pageId) {
      // Same page: patched in place. A document still loading gets it when its bridge is ready.
      if (this.ready) {
        this.shown = preview.html;
        this.send({ type: 'patch', html: preview.html });
      }
      return;
    }
    this.load(preview);
  }

  private load(preview: Preview): void {
    this.restoreScroll = this.scrolls.get(preview.pageId) ?? null;
    this.token = newToken();
    this.ready = false;
    this.page = preview.pageId;
    this.shown = preview.html;
    this.frame!.srcdoc = frameDocument(preview.html, this.bridge, { origin: this.origin, token: this.token });
    this.update({ boxes: new Map(), scroll: TOP, ready: false, editingId: null });
  }

  private track(ids: string[], force = false): void {
    const same = ids.length === this.tracked.length && ids.every((id, i) => id === this.tracked[i]);
    if (same && !force) return;
    this.tracked = ids;
    if (this.ready) this.send({ type: 'track', ids });
    if (!same) {
      const boxes = new Map<string, readonly Rect[]>();
      for (const id of ids) {
        const known = this.view.boxes.get(id);
        if (known) boxes.set(id, known);
      }
      this.update({ boxes });
    }
  }

  /** Boxes from the bridge replace those it measured; other tracked ones keep theirs until it does. */
  private takeBoxes(measured: Box[], patch: Partial<FrameView> = {}): void {
    const boxes = new Map<string, readonly Rect[]>();
    const fresh = new Map(measured.map((b) => [b.id, b.rects]));
    for (const id of new Set([...this.tracked, ...fresh.keys()])) {
      const rects = fresh.get(id) ?? this.view.boxes.get(id);
      if (rects) boxes.set(id, rects);
    }
    this.update({ ...patch, boxes });
  }

  private readonly onMessage = (event: MessageEvent) => {
    if (!this.frame || event.source !== this.frame.contentWindow) return;
    const message = parseBridgeMessage(event.data, this.token);
    if (message) this.handle(message);
  };

  private handle(message: BridgeMessage): void {
    const { store } = this.ctx;
    switch (message.type) {
      case 'ready': {
        this.ready = true;
        const keys = registeredActions().flatMap((action) => action.keys ?? []);
        this.send({ type: 'init', keys, scroll: this.restoreScroll });
        this.track(this.tracked, true);
        if (this.forced.state) this.force(store.getState(), true);
        const preview = store.getState().preview;
        if (preview && preview.pageId === this.page && preview.html !== this.shown) {
          this.shown = preview.html;
          this.send({ type: 'patch', html: preview.html });
        }
        this.update({ ready: true });
        break;
      }
      case 'hover':
        this.takeBoxes(message.boxes);
        store.getState().hover(message.id);
        break;
      case 'click':
        this.takeBoxes(message.boxes);
        this.clicked = message.id;
        void perform(this.ctx, selectComponent, { id: message.id });
        break;
      case 'dblclick':
        this.startEditing(message.id);
        break;
      case 'boxes':
        if (this.page) this.scrolls.set(this.page, message.scroll);
        this.takeBoxes(message.boxes, { scroll: message.scroll });
        break;
      case 'input':
        if (message.id === this.view.editingId) this.burst.input(message.id, message.text);
        break;
      case 'editEnd':
        if (message.id === this.view.editingId) {
          this.burst.input(message.id, message.text);
          void this.burst.flush();
          this.update({ editingId: null });
        }
        break;
      case 'key':
        dispatchKey(this.ctx, message.key);
        break;
    }
  }

  private startEditing(id: string): void {
    const s = this.ctx.store.getState();
    if (s.readOnly) return;
    const edit = inlineEditOf(s.nodes.get(id), s.language);
    if (!edit) return;
    if (s.selectedId !== id) {
      this.clicked = id;
      void perform(this.ctx, selectComponent, { id });
    }
    this.burst.begin(id, edit.text);
    this.update({ editingId: id });
    this.send({ type: 'edit', id, text: edit.text, singleLine: edit.singleLine });
  }

  /**
   * A style change shows on the canvas now: the classes swap on the component's elements, and the
   * rules of a class the page's stylesheet lacks follow as soon as the server has compiled them.
   */
  showStyle(id: string, swap: ClassSwap): { key: number; ready: Promise<void> } {
    const key = ++this.instantKey;
    if (!this.ready) return { key, ready: Promise.resolve() };
    this.send({ type: 'classes', key, id, remove: swap.remove, add: swap.add });
    const missing = missingClasses(this.pageStyles(), swap.add);
    if (missing.length === 0) return { key, ready: Promise.resolve() };
    const token = this.token;
    const ready = this.cssCache()
      .get(missing)
      .then((css) => {
        if (css && this.ready && this.token === token) this.send({ type: 'css', css });
      });
    return { key, ready };
  }

  warm(classes: readonly string[]): void {
    if (!this.ready) return;
    const cache = this.cssCache();
    const unknown = classes.filter((c) => !cache.has(c));
    if (unknown.length === 0) return;
    const missing = missingClasses(this.pageStyles(), unknown);
    if (missing.length > 0) void cache.get(missing);
  }

  /** The stylesheet of the page the canvas shows (read once per page shown). */
  private pageStyles(): string {
    const html = this.shown ?? '';
    if (this.pageCss?.html !== html) this.pageCss = { html, css: stylesOf(html) };
    return this.pageCss.css;
  }

  /** The rules of classes asked for this site. */
  private cssCache(): ClassCssCache {
    this.classCss ??= new ClassCssCache(this.ctx.api, this.ctx.store.getState().siteId);
    return this.classCss;
  }

  /** The edit of an instant change answered (its patch already sent); a failed one is undone on the canvas. */
  settleStyle(key: number, ok: boolean): void {
    if (this.ready) this.send({ type: 'settle', key, revert: !ok });
  }

  /** Leaves inline editing, saving what was typed. */
  stopEditing(): void {
    if (this.view.editingId) this.send({ type: 'endEdit' });
  }
}
