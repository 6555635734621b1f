import { dispatchKey } from '../../site/actions/keyboard.ts';
import { registeredActions, perform, type ActionContext } from '../../site/actions/registry.ts';
import { selectComponent } from '../../site/actions/selection.ts';
import { updateText } from '../../site/actions/components.ts';
import { parentIdOf } from '../../site/store/document.ts';
import { canvasAppearance, type EditorState, type Preview } from '../../site/store/store.ts';
import { previewQuery, readPreview } from '../../site/store/firstReads.ts';
import { canvasEmbeds } from './embeds.ts';
import { frameDocument, newToken, type BridgeScript } from './frameDocument.ts';
import { createTextBurst, inlineEditOf } from './inlineText.ts';
import { forcedStateOf } from '../../site/store/variants.ts';
import { ClassCssCache, missingClasses, setInstantCanvas, stylesOf, type ClassSwap, type InstantCanvas } from './instantStyle.ts';
import {
  parseBridgeMessage,
  type Box,
  type BridgeMessage,
  type ForcedState,
  type InsertAt,
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
/** How long a patch waits for the answer it follows before the whole page is asked for instead. */
const WAIT_MS = 1000;
/** How long a document given to the frame may take to say ready before the next one is given anyway. */
const COMMIT_MS = 2000;

/** Which rendering of a page a preview is. */
const keyOf = (p: Pick<Preview, 'pageId' | 'appearance' | 'language'>) => `${p.pageId}\n${p.appearance}\n${p.language}`;

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
  /**
   * The token of the document last given to the frame while its bridge has not said ready, and the
   * document to give it next. Chromium keeps the first of two srcdocs given within a few milliseconds
   * and drops the second, so a page switched to while the previous one loads (the style preview right
   * after the site's first canvas) waits its turn: until that ready, or COMMIT_MS for a document whose
   * bridge never speaks. (The frame's load event cannot say which document loaded.)
   */
  private committing: string | null = null;
  private nextDocument: string | null = null;
  private commitTimer: ReturnType<typeof setTimeout> | undefined;
  /** The page of the document loaded in the frame, and the whole HTML it shows (or is about to). */
  private page: string | null = null;
  private shown: string | null = null;
  /** The HTML the frame's document was loaded with (the bridge is sent `shown` when it differs). */
  private loaded: string | null = null;
  /** Which rendering the frame shows (page, appearance, language) and the site's revision it is at (null: not known). */
  private shownKey: string | null = null;
  private revision: number | null = null;
  /** Patches that came before the answer they follow, applied once the frame is at their base. */
  private waiting: Preview[] = [];
  private waitTimer: ReturnType<typeof setTimeout> | undefined;
  /** The whole page is being asked for (a patch did not fit). */
  private refreshing = false;
  /** Fragments for a frame still loading its document, sent once its bridge is ready. */
  private unsent: ParentMessage[] = [];
  /** Classes patches brought into the page's stylesheet since it was loaded whole. */
  private readonly inserted = new Set<string>();
  /** The origins the frame's policy lets the page's embeds load from (a new one needs a new document). */
  private frames = new Set<string>();
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
    // A burst is handed to the outbox, which keeps the order; the next burst does not wait for this
    // one's answer (offline, that would keep it out of the outbox and so out of IndexedDB).
    this.burst = createTextBurst((id, text) => {
      void perform(ctx, updateText, { id, text });
      return Promise.resolve();
    });
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
    this.loaded = null;
    this.shownKey = null;
    this.revision = null;
    this.unsent = [];
    this.ready = false;
    this.committing = null;
    this.nextDocument = null;
    window.addEventListener('message', this.onMessage);
    const store = this.ctx.store;
    this.unsubscribe = store.subscribe((s, previous) => this.onStore(s, previous));
    this.onStore(store.getState(), null);
    setInstantCanvas(this);
  }

  detach(): void {
    void this.burst.flush();
    clearTimeout(this.waitTimer);
    this.waiting = [];
    window.removeEventListener('message', this.onMessage);
    clearTimeout(this.commitTimer);
    this.committing = null;
    this.nextDocument = null;
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

  /**
   * A preview the store took: a whole page is loaded or patched in; a patch (issue 29) goes to the
   * bridge as a fragment when the frame is at the revision it follows, waits for the answer before it
   * otherwise, and a patch that cannot follow what the frame shows gets the whole page asked for.
   */
  private show(preview: Preview | null): void {
    if (!preview || !this.frame) return;
    if (preview.patch) {
      this.takePatch(preview);
      return;
    }
    if (preview.html === undefined) return;
    const key = keyOf(preview);
    const revision = preview.revision ?? null;
    const embeds = canvasEmbeds(preview.html, this.origin);
    if (key === this.shownKey && this.revision !== null && revision !== null) {
      // An older page than the frame shows (patches took it further): not shown again.
      if (revision < this.revision) return;
      if (revision === this.revision && embeds.html === this.shown) return;
    }
    if (key === this.shownKey && revision === null && this.revision === null && embeds.html === this.shown) return;
    this.shownKey = key;
    this.revision = revision;
    this.inserted.clear();
    this.unsent = [];
    this.refreshing = false;
    if (this.page === preview.pageId && embeds.origins.every((o) => this.frames.has(o))) {
      // Same page: patched in place. A document still loading gets it when its bridge is ready.
      this.shown = embeds.html;
      if (this.ready) this.send({ type: 'patch', html: embeds.html });
    } else {
      // Another page, or an embed from an origin the frame's policy does not name: a new document.
      this.load(preview.pageId, embeds);
    }
    this.followWaiting();
  }

  private takePatch(preview: Preview): void {
    const patch = preview.patch!;
    if (keyOf(preview) !== this.shownKey) return;
    const revision = preview.revision;
    if (revision === undefined) return;
    if (this.revision === null || this.refreshing) {
      this.wait(preview);
      this.refresh();
      return;
    }
    // The frame shows it already.
    if (revision <= this.revision) return;
    if (patch.base !== this.revision) {
      this.wait(preview);
      return;
    }
    const parts = patch.parts.map((part) => ({ id: part.id, embeds: canvasEmbeds(part.html, this.origin) }));
    if (parts.some((part) => part.embeds.origins.some((o) => !this.frames.has(o)))) {
      // An embed from an origin the frame's policy does not name: the whole page, in a new document.
      this.refresh();
      return;
    }
    this.revision = revision;
    for (const c of patch.css.classes) this.inserted.add(c.name);
    const message: ParentMessage = { type: 'fragment', parts: parts.map((p) => ({ id: p.id, html: p.embeds.html })), css: patch.css };
    if (this.ready) this.send(message);
    else this.unsent.push(message);
    this.followWaiting();
  }

  /** Keeps a patch until the frame is at its base; asks for the whole page should that not come soon. */
  private wait(preview: Preview): void {
    this.waiting.push(preview);
    this.waitTimer ??= setTimeout(() => {
      this.waitTimer = undefined;
      if (this.waiting.length > 0) this.refresh();
    }, WAIT_MS);
  }

  /** Applies the waiting patches that now follow what the frame shows; drops those it shows already. */
  private followWaiting(): void {
    for (;;) {
      this.waiting = this.waiting.filter(
        (p) => keyOf(p) === this.shownKey && (this.revision === null || p.revision === undefined || p.revision > this.revision),
      );
      const next = this.revision === null ? undefined : this.waiting.find((p) => p.patch!.base === this.revision);
      if (!next) break;
      this.waiting = this.waiting.filter((p) => p !== next);
      this.takePatch(next);
    }
    if (this.waiting.length === 0) {
      clearTimeout(this.waitTimer);
      this.waitTimer = undefined;
    }
  }

  /**
   * Asks for the whole page (a patch did not fit the frame): the frame's revision is not known until it
   * comes. Asked here rather than through the store, whose preview load gives way to every edit sent.
   */
  private refresh(): void {
    if (this.refreshing) return;
    this.refreshing = true;
    this.revision = null;
    const s = this.ctx.store.getState();
    const asked = keyOf({ pageId: s.pageId, appearance: canvasAppearance(s), language: s.language });
    readPreview(this.ctx.api, s.siteId, previewQuery(s, canvasAppearance(s)))
      .then(({ data }) => {
        this.refreshing = false;
        if (data?.preview && keyOf(data.preview) === asked) this.show(data.preview);
      })
      .catch(() => {
        this.refreshing = false;
      });
  }

  private load(pageId: string, embeds: { html: string; origins: string[] }): void {
    this.restoreScroll = this.scrolls.get(pageId) ?? null;
    this.token = newToken();
    this.ready = false;
    this.page = pageId;
    this.shown = embeds.html;
    this.loaded = embeds.html;
    this.frames = new Set(embeds.origins);
    const srcdoc = frameDocument(embeds.html, this.bridge, { origin: this.origin, token: this.token, frames: embeds.origins });
    if (this.committing !== null) this.nextDocument = srcdoc;
    else this.navigate(srcdoc);
    this.update({ boxes: new Map(), scroll: TOP, ready: false, editingId: null });
  }

  /** Gives the frame a document (of the current token); the next waits until this one has committed. */
  private navigate(srcdoc: string): void {
    this.committing = this.token;
    clearTimeout(this.commitTimer);
    this.commitTimer = setTimeout(() => this.committed(), COMMIT_MS);
    this.frame!.srcdoc = srcdoc;
  }

  /** The document given last has committed: a document that waited for it is given now. */
  private committed(): void {
    clearTimeout(this.commitTimer);
    this.committing = null;
    const next = this.nextDocument;
    this.nextDocument = null;
    if (next !== null && this.frame) this.navigate(next);
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
    // The ready of a document superseded before it committed: the one after it can be given now.
    if (this.committing !== null && this.committing !== this.token && parseBridgeMessage(event.data, this.committing)?.type === 'ready') {
      this.committed();
      return;
    }
    const message = parseBridgeMessage(event.data, this.token);
    if (message) this.handle(message);
  };

  private handle(message: BridgeMessage): void {
    const { store } = this.ctx;
    switch (message.type) {
      case 'ready': {
        // This document is the last one given (a waiting one would carry this token), so none follows.
        this.committed();
        this.ready = true;
        const keys = registeredActions().flatMap((action) => action.keys ?? []);
        this.send({ type: 'init', keys, scroll: this.restoreScroll });
        this.track(this.tracked, true);
        if (this.forced.state) this.force(store.getState(), true);
        // What came while the document loaded: a newer whole page, then the fragments that follow it.
        if (this.shown !== null && this.shown !== this.loaded) this.send({ type: 'patch', html: this.shown });
        this.loaded = this.shown;
        for (const message of this.unsent.splice(0)) this.send(message);
        this.update({ ready: true });
        break;
      }
      case 'stale':
        this.refresh();
        break;
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
          // The frame now shows typed text the last preview does not have: the next preview patches it
          // even when the server's page is unchanged (an edit it refused is taken back that way).
          this.shown = null;
          this.burst.input(message.id, message.text);
          void this.burst.flush();
          this.update({ editingId: null });
        }
        break;
      case 'key':
        dispatchKey(this.ctx, message.key);
        break;
      case 'alt':
        store.getState().holdAlt(message.down);
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
    const missing = missingClasses(this.pageStyles(), swap.add).filter((c) => !this.inserted.has(c));
    if (missing.length === 0) return { key, ready: Promise.resolve() };
    const token = this.token;
    const ready = this.cssCache()
      .get(missing)
      .then((css) => {
        if (css && this.ready && this.token === token) this.send({ type: 'css', css });
      });
    return { key, ready };
  }

  /** A data edit's plain text shows on the canvas now; its answer (or `settleStyle` on failure) reconciles. */
  showText(id: string, text: string): { key: number } {
    const key = ++this.instantKey;
    if (this.ready) this.send({ type: 'text', key, id, text });
    return { key };
  }

  /** A deleted component disappears from the canvas now; its answer (or `settleStyle` on failure) reconciles. */
  showRemoval(id: string): { key: number } {
    const key = ++this.instantKey;
    if (this.ready) this.send({ type: 'hide', key, id });
    return { key };
  }

  /** A moved component shows in its new place now; its answer (or `settleStyle` on failure) reconciles. */
  showMove(id: string, at: InsertAt): { key: number } {
    const key = ++this.instantKey;
    if (this.ready) this.send({ type: 'move', key, id, at });
    return { key };
  }

  /** An added component (a copy, or a placeholder saying `label`) shows now; its answer (or a failure) settles it. */
  showInsert(copy: string | null, label: string, at: InsertAt): { key: number } {
    const key = ++this.instantKey;
    if (this.ready) this.send({ type: 'insert', key, copy, label, at });
    return { key };
  }

  warm(classes: readonly string[]): void {
    if (!this.ready) return;
    const cache = this.cssCache();
    const unknown = classes.filter((c) => !cache.has(c) && !this.inserted.has(c));
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
