import { messages, parseHistory, type ApiError, type History, type PagewrightClient, type Schemas } from '@pagewright/sdk';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { HEADER, FOOTER, ancestorsOf, isAdding, nodeMapOf, parentIdOf, sectionsOf, type Node, type Page } from './document.ts';
import { loadViewPrefs, saveViewPrefs, type ViewPrefs } from './prefs.ts';
import { PHONE_WIDTH, variantAtWidth } from './variants.ts';
import { createOutbox, outboxStorage, type OutboxStatus, type OutboxStorage } from './outbox.ts';
import type { Place } from './places.ts';
import { openingPreviewQuery, previewQuery, readDocument, readPreview, takeFirstReads, type FirstReads } from './firstReads.ts';

export type EditorSite = Schemas['EditorSite'];
export type Preview = Schemas['Preview'];

/** Breakpoint presets above the canvas (spec 001 §9 breakpoints; desktop is the default preview width). */
export const BREAKPOINTS = [
  { name: 'Desktop', icon: 'monitor', width: 1280 },
  { name: 'Tablet', icon: 'tablet', width: 768 },
  { name: 'Mobile', icon: 'smartphone', width: PHONE_WIDTH },
] as const;
export type BreakpointName = (typeof BREAKPOINTS)[number]['name'];

/** The editor's popups; one at a time (spec 001 §2 "One popup is open at a time"). */
export type EditorPopup =
  | { name: 'sections'; pageId: string; afterSectionId: string | null }
  | { name: 'components'; container: string; index?: number }
  | { name: 'pages' }
  | { name: 'commit' }
  | { name: 'shortcuts' }
  | { name: 'palette' };

export interface Presence {
  id: number;
  name: string;
  selection: string | null;
}

/** What the deps of the store are: the typed client and how a failure is shown (the red banner). */
export interface EditorDeps {
  api: PagewrightClient;
  showError(error: ApiError): void;
  /** The signed-in user's id, so presence can tell others from oneself. */
  userId(): number | null;
  /** How the outbox sends (the browser's fetch by default; tests give their own server). */
  fetch?: (request: Request) => Promise<Response>;
  /** The session and client-version headers for an edit sent again from IndexedDB. */
  headers?: () => Record<string, string>;
  /** Where waiting edits are kept (IndexedDB by default). */
  storage?: OutboxStorage;
  /** The app's handling of a 401 or 426 (sign out, reload) for an edit the outbox holds. */
  reportError?: (error: ApiError, response: Response) => void;
}

/** Passed to an editing call: it sends through the site's outbox (`{ ...via }` in the call's options). */
export interface EditVia {
  fetch(request: Request): Promise<Response>;
}

/** Settings of the user's edits that another editor's later edit replaced (told in one line, with undo). */
export type Replaced = NonNullable<Schemas['Replaced']>;

type Answer<T> = { data?: T; error?: ApiError; response: Response };

export interface EditOptions {
  /** The edit changed the structure (added, moved, deleted, renamed): reload the page tree after it. */
  structure?: boolean;
  /** Show a failure in the banner (default true). */
  toast?: boolean;
  /**
   * Called with the answer (true) or the refusal (false) before the answer's page patch is taken:
   * what the canvas showed ahead of the edit gives way to the page as the server rendered it.
   */
  answered?: (ok: boolean) => void;
  /**
   * What the edit changes in the lists the structure calls count by index (places.ts), counted as the
   * server will have them when the edits before it are done: if it is refused, the edits after it are
   * counted again without it.
   */
  places?: Place[];
}

export interface EditorState {
  siteId: string;
  site: EditorSite | null;
  loadFailed: boolean;
  pages: Page[];
  nodes: Map<string, Node>;
  before: string[];
  after: string[];
  pageId: string;
  selectedId: string | null;
  hoveredId: string | null;
  /** Tree nodes (and pages) shown open in the navigator. */
  expanded: Set<string>;
  history: History;
  preview: Preview | null;
  readOnly: boolean;
  view: ViewPrefs;
  zoom: number;
  /** Canvas px per page px as drawn: the fit factor times the zoom (what the zoom label shows). */
  scale: number;
  language: string;
  popup: EditorPopup | null;
  renamingId: string | null;
  /** A just-added item, highlighted for 1 s (spec 001 §4). */
  highlightId: string | null;
  /** The component copied with Copy, pasted with Paste. */
  clipboard: string | null;
  presence: Presence[];
  /** The last deploy switch another editor (or this tab) made, from the realtime channel: the Deploys list reloads on it. */
  lastDeploy: { by: string; action: 'publish' | 'rollback'; number: number } | null;
  /** Distance measure and inspect are exclusive (spec 001 §4). */
  tool: 'none' | 'measure' | 'inspect';
  /** Alt has been held for ALT_MEASURE_DELAY_MS: the distance measure shows until it is let go. */
  altMeasure: boolean;
  /** Edits on their way to the server. */
  saving: number;
  /** The outbox: how many edits wait, and whether the server could not be reached (the header says so). */
  outbox: OutboxStatus;
  /** Every edit made since the site opened is on the server (the header says "Saved"). */
  saved: boolean;
  /** The user's settings that a later edit of someone else replaced, until dismissed. */
  replaced: Replaced | null;
  /** A setting the command palette asked the inspector to show and focus. */
  openSetting: { row: string; tab: string; group: string } | null;
  /** When this tab last wrote, so its own realtime echo does not reload what it already shows. */
  lastEditAt: number;
  /** A short confirmation at the bottom of the editor ('Checkpoint saved'); hides after a moment. */
  notice: string | null;
  /** The style variant the inspector edits (`''` base, `md`, `md:hover`): the canvas shows it. */
  styleVariant: string;

  load(): Promise<void>;
  refreshDocument(): Promise<void>;
  refreshPreview(): Promise<void>;
  /**
   * Runs one editing call through the outbox (the call passes `via` to the client): with the preview
   * query, in order, retried while the server cannot be reached; applies history and preview; null
   * when the server refused it (the caller takes its change back).
   */
  edit<T>(run: (preview: string, via: EditVia) => Promise<Answer<T>>, options?: EditOptions): Promise<T | null>;
  /** Tries the waiting edits now (the browser is online again). */
  retrySending(): void;
  /** The site's screens closed: stop sending; what waits stays in IndexedDB for the next time. */
  close(): void;
  dismissReplaced(): void;
  setOpenSetting(target: EditorState['openSetting']): void;
  setPage(pageId: string): void;
  select(id: string | null): void;
  hover(id: string | null): void;
  toggleExpanded(id: string, open?: boolean): void;
  setView(prefs: Partial<ViewPrefs>): void;
  setZoom(zoom: number): void;
  setScale(scale: number): void;
  setLanguage(language: string): void;
  setHistory(history: History): void;
  openPopup(popup: EditorPopup): void;
  closePopup(): void;
  setRenaming(id: string | null): void;
  highlight(id: string): void;
  setClipboard(id: string | null): void;
  setPresence(users: Presence[]): void;
  deployed(event: NonNullable<EditorState['lastDeploy']>): void;
  setTool(tool: EditorState['tool']): void;
  /** The Alt key went down or up (in the editor or the canvas). */
  holdAlt(down: boolean): void;
  notify(text: string): void;
  setStyleVariant(variant: string): void;
  /** Applies a node the server answered with (an edit, a rename) without reloading the document. */
  applyNode(node: Node, previousId?: string): void;
  /**
   * Shows a local change of a node at once, before its edit is answered. Every such change is settled
   * by `settleNode` when its edit comes back.
   */
  changeNode(node: Node): void;
  /**
   * An edit begun with `changeNode` came back: with the node as the server has it after the edit, with
   * only its style (a style edit's answer), or null when it was refused or lost. While a later change of
   * the same node is still on its way, the panel keeps showing that later change: an earlier answer,
   * which does not hold it yet, would take it back for a moment (a checkbox ticked while the previous
   * setting saved went unticked). Once the last is answered the node is what the server has: the
   * answers in order on the node as it was before the first change, refused changes left out.
   */
  settleNode(id: string, answered: { node: Node; previousId?: string } | { style: Node['style'] } | null): void;
  /**
   * Shows a component being added (a copy of `like`, or a new one of `type`) in the tree at once, at
   * `index` of container `parentId` (null: a section, at `index` of the current page's sections), so
   * the edits made after it count it where the server will have it. `settle(true)` leaves it to the
   * next document read (which has the real one); `settle(false)` takes it away. `moving`: it is a
   * component moved there from another container (its row says "Moving…").
   */
  showAdding(
    parentId: string | null,
    index: number,
    like: Node | null,
    type: Node['type'],
    name: string,
    kind?: 'adding' | 'moving',
  ): { settle: (ok: boolean) => void };
  /**
   * Shows a component or a section of the current page as deleted in the tree at once, also across the
   * document reads before its answer; `settle(false)` puts it back where it was.
   */
  showRemoval(id: string): { settle: (ok: boolean) => void };
}

export type EditorStore = StoreApi<EditorState>;

const HIGHLIGHT_MS = 1000;
/** Holding Alt this long shows the distance measure (spec 001 §4 "Alt-key distance mode has a 100 ms delay"). */
export const ALT_MEASURE_DELAY_MS = 100;
const NOTICE_MS = 3000;

/** What the page tree is made of. */
type Layout = Pick<EditorState, 'nodes' | 'pages' | 'before' | 'after'>;

/** Something shown as added or deleted before its answer: at `index` of container `parentId`, or (null) of page `pageId`'s sections. */
interface TreeChange {
  parentId: string | null;
  pageId: string;
  index: number;
  /** Answered: the next document read has it as the server does, and this ends. */
  answered: boolean;
}
interface AddingEntry extends TreeChange {
  node: Node;
}
interface RemovingEntry extends TreeChange {
  id: string;
}

/** The tree's parts as they are now, with a copy of the nodes to change. */
const layoutOf = (s: Layout): Layout => ({ nodes: new Map(s.nodes), pages: s.pages, before: s.before, after: s.after });

/**
 * The layout with the list of `at` changed by `change`: container `parentId`'s children (`layout.nodes`
 * is changed in place: pass a copy, see layoutOf) or page `pageId`'s sections.
 */
function withList(layout: Layout, at: Pick<TreeChange, 'parentId' | 'pageId'>, change: (list: readonly string[]) => string[]): Layout {
  if (at.parentId === null) return { ...layout, ...withSections(layout, at.pageId, change) };
  const parent = layout.nodes.get(at.parentId);
  if (parent) layout.nodes.set(at.parentId, { ...parent, children: change(parent.children) });
  return layout;
}

/** The list of page `pageId`'s sections changed by `change`: the page's own, or the header's or footer's. */
function withSections(
  layout: Pick<Layout, 'pages' | 'before' | 'after'>,
  pageId: string,
  change: (sections: readonly string[]) => string[],
): Partial<Layout> {
  if (pageId === HEADER) return { before: change(layout.before) };
  if (pageId === FOOTER) return { after: change(layout.after) };
  return { pages: layout.pages.map((p) => (p.id === pageId ? { ...p, sections: change(p.sections) } : p)) };
}

/** The sections of the current page, with the header and footer lists for those pages. */
export function currentSections(s: Pick<EditorState, 'pages' | 'pageId' | 'before' | 'after'>): readonly string[] {
  const page = s.pages.find((p) => p.id === s.pageId);
  return page ? sectionsOf(page, s.before, s.after) : [];
}

/** The appearance the canvas shows: fixed by the theme unless it is auto, then the user's choice. */
export function canvasAppearance(s: Pick<EditorState, 'site' | 'view'>): 'light' | 'dark' {
  const theme = s.site?.style?.theme.appearance;
  if (theme === 'light' || theme === 'dark') return theme;
  if (s.view.appearance === 'system') return matchesDark() ? 'dark' : 'light';
  return s.view.appearance;
}

function matchesDark(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches
  );
}

/** Makes the store of one open site. Nothing in it outlives the site's screens but the view preferences. */
export function createEditorStore(siteId: string, deps: EditorDeps, initialPage = 'home'): EditorStore {
  let highlightTimer: ReturnType<typeof setTimeout> | undefined;
  let altTimer: ReturnType<typeof setTimeout> | undefined;
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  let documentLoad = 0;
  let previewLoad = 0;
  /** The document read asked as the app started, for the first load's refreshDocument to take. */
  let firstDocument: FirstReads['document'] | null = null;
  /** Counts the writes announced on the realtime channel (setHistory): a read one of them overtook has older counts. */
  let announced = 0;
  /** Per node, how many local changes are on their way, and the node as the server has it so far. */
  const unsettled = new Map<string, { count: number; confirmed: Node }>();
  /** Components and sections shown as added before their answer (`showAdding`), in the order they were added. */
  const adding = new Map<string, AddingEntry>();
  let addingCount = 0;
  /** `id` put at `index` of a list (once), or taken out of it. */
  const putAt = (id: string, index: number) => (list: readonly string[]) => {
    const rest = list.filter((c) => c !== id);
    return rest.toSpliced(Math.min(index, rest.length), 0, id);
  };
  const without = (id: string) => (list: readonly string[]) => list.filter((c) => c !== id);
  /** The layout with `entry` in its place (in a copy, see layoutOf). */
  const putAdding = (layout: Layout, entry: AddingEntry): Layout => {
    if (entry.parentId !== null && !layout.nodes.has(entry.parentId)) return layout;
    layout.nodes.set(entry.node.id, entry.node);
    return withList(layout, entry, putAt(entry.node.id, entry.index));
  };
  /** Components and sections shown as deleted before their answer (`showRemoval`). */
  const removing = new Map<string, RemovingEntry>();
  const takeOut = (layout: Layout, entry: RemovingEntry): Layout => withList(layout, entry, without(entry.id));
  /** A document read: what is still being added goes in its place again, what is being deleted out of it; what was answered is as read. */
  const withAdding = (layout: Layout): Layout => {
    for (const [id, entry] of adding) {
      if (entry.answered) adding.delete(id);
      else layout = putAdding(layout, entry);
    }
    for (const [id, entry] of removing) {
      if (entry.answered) removing.delete(id);
      else layout = takeOut(layout, entry);
    }
    return layout;
  };

  const initialView = loadViewPrefs();
  const store = createStore<EditorState>()((set, get) => {
    const historyOf = (response: Response) => {
      const history = parseHistory(response.headers.get('X-History'));
      if (history) set({ history });
    };
    const outbox = createOutbox({
      siteId,
      userId: deps.userId,
      fetch: deps.fetch ?? ((request) => fetch(request)),
      headers: deps.headers ?? (() => ({})),
      storage: deps.storage ?? outboxStorage(),
      now: () => Date.now(),
      onStatus: (status) => set({ outbox: status, ...(status.waiting > 0 ? { saved: false } : {}) }),
      onRestoredAnswer(response) {
        historyOf(response);
        // Refused: the canvas is fetched again once nothing waits, which takes the change back; the reason shows.
        if (!response.ok) void errorOf(response).then(deps.showError);
      },
      onHeld(response) {
        void errorOf(response).then((error) => deps.reportError?.(error, response));
      },
      onDrained(afterTrouble) {
        set({ saved: true });
        // After edits that waited (or came from an earlier session), the canvas is what the server has now.
        if (afterTrouble)
          void get()
            .refreshDocument()
            .then(() => get().refreshPreview());
      },
    });
    const takePreview = (preview: Preview | undefined) => {
      const s = get();
      if (preview && preview.pageId === s.pageId && preview.language === s.language) set({ preview });
    };

    return {
      siteId,
      site: null,
      loadFailed: false,
      pages: [],
      nodes: new Map(),
      before: [],
      after: [],
      pageId: initialPage,
      selectedId: null,
      hoveredId: null,
      expanded: new Set([initialPage]),
      history: { undo: 0, redo: 0, unsaved: 0 },
      preview: null,
      readOnly: true,
      view: initialView,
      zoom: 1,
      scale: 1,
      language: '',
      popup: null,
      renamingId: null,
      highlightId: null,
      clipboard: null,
      presence: [],
      lastDeploy: null,
      tool: 'none',
      altMeasure: false,
      saving: 0,
      outbox: { waiting: 0, offline: false },
      saved: false,
      replaced: null,
      openSetting: null,
      lastEditAt: 0,
      notice: null,
      // The variant edited is the breakpoint the canvas shows (one selection with the top bar's widths).
      styleVariant: variantAtWidth('', initialView.previewWidth),

      async load() {
        // Edits kept from an earlier session of this site in this browser are sent first.
        void outbox.restore();
        // The canvas first (DESIGN "Opening a site shows the canvas of its home page before anything else"):
        // the preview is asked for with the document, guessing the appearance and taking the site's first
        // language, and used when the document agrees with the guess.
        // Both may have been asked already, as the app started on this page's address (firstReads.ts).
        const first = takeFirstReads(siteId);
        const guess = openingPreviewQuery(get().pageId, get().view.appearance);
        const early = (first?.query === guess ? first.preview : readPreview(deps.api, siteId, guess)).catch(() => null);
        const ticket = ++previewLoad;
        firstDocument = first?.document ?? null;
        await get().refreshDocument();
        const s = get();
        if (!s.site) return;
        if (!s.pages.some((p) => p.id === s.pageId)) set({ pageId: 'home' });
        const answer = await early;
        const wanted = get();
        const preview = answer?.data?.preview;
        if (
          ticket === previewLoad &&
          preview &&
          preview.pageId === wanted.pageId &&
          preview.language === wanted.language &&
          preview.appearance === canvasAppearance(wanted)
        )
          set({ preview });
        else await get().refreshPreview();
      },

      async refreshDocument() {
        const ticket = ++documentLoad;
        const announcedBefore = announced;
        const asked = firstDocument?.catch(() => readDocument(deps.api, siteId)) ?? readDocument(deps.api, siteId);
        firstDocument = null;
        const { data, error, response } = await asked;
        if (ticket !== documentLoad) return;
        if (error || !data) {
          if (!get().site) set({ loadFailed: true });
          if (error) deps.showError(error);
          return;
        }
        // A write announced while this read was on its way may be newer than what it read: the counts it
        // announced stay, not this answer's older ones (every write announces its own, so none is lost).
        const overtaken = announced !== announcedBefore;
        if (!overtaken) historyOf(response);
        const languages = data.settings?.languages ?? [];
        const language = languages.includes(get().language) ? get().language : (languages[0] ?? 'en');
        const { nodes, pages, before, after } = withAdding({
          nodes: nodeMapOf(data.nodes),
          pages: data.pages ?? [],
          before: data.before ?? [],
          after: data.after ?? [],
        });
        set((s) => ({
          site: data,
          history: overtaken ? s.history : data.history,
          pages,
          nodes,
          before,
          after,
          readOnly: data.isLocked,
          language,
          loadFailed: false,
          // A selection whose component is gone (deleted by someone else, or renamed) is dropped.
          selectedId: s.selectedId && nodes.has(s.selectedId) ? s.selectedId : null,
        }));
      },

      async refreshPreview() {
        const s = get();
        if (!s.site) return;
        const ticket = ++previewLoad;
        const { data, error, response } = await readPreview(deps.api, siteId, previewQuery(s, canvasAppearance(s)));
        if (ticket !== previewLoad) return;
        if (error) {
          deps.showError(error);
          return;
        }
        historyOf(response);
        takePreview(data?.preview);
      },

      async edit(run, { structure = false, toast = true, answered, places } = {}) {
        const s = get();
        const madeAt = Date.now();
        set({ saving: s.saving + 1, lastEditAt: madeAt });
        // A preview already on its way is older than the one this edit answers with.
        previewLoad++;
        // Its place in the sending order is taken now: an edit made after it never overtakes it.
        const ticket = outbox.reserve();
        let sent = false;
        const via: EditVia = {
          fetch(request) {
            sent = true;
            return outbox.send(request, madeAt, ticket, places);
          },
        };
        try {
          const { data, error, response } = await run(previewQuery(s, canvasAppearance(s)), via);
          if (!sent) throw new Error('An editing call did not go through the outbox: pass `via` to the client');
          answered?.(!error);
          answered = undefined;
          if (error) {
            // Refused (403, 402, 400…): the caller takes its change back from the store, the canvas shows
            // the page as the server has it again, and the reason shows in the banner.
            if (toast) deps.showError(error);
            void get().refreshPreview();
            return null;
          }
          historyOf(response);
          takePreview((data as { preview?: Preview } | undefined)?.preview);
          const replaced = (data as { replaced?: Replaced } | undefined)?.replaced;
          if (replaced?.length) set({ replaced });
          if (structure) await get().refreshDocument();
          return data ?? null;
        } catch (thrown) {
          answered?.(false);
          console.error(thrown);
          if (toast) deps.showError({ error: 'Network error', status: 0, code: 'NETWORK_ERROR' });
          return null;
        } finally {
          outbox.release(ticket);
          set((x) => ({ saving: x.saving - 1, lastEditAt: Date.now() }));
        }
      },

      retrySending: () => outbox.retryNow(),
      close: () => outbox.close(),
      dismissReplaced: () => set({ replaced: null }),
      setOpenSetting: (openSetting) => set({ openSetting }),

      setPage(pageId) {
        if (pageId === get().pageId) return;
        set((s) => ({ pageId, selectedId: null, hoveredId: null, popup: null, preview: null, expanded: new Set([...s.expanded, pageId]) }));
        void get().refreshPreview();
      },

      select(id) {
        // A component still being added is no component yet: nothing can be done with it.
        if (id !== null && isAdding(id)) return;
        if (id === null) {
          set({ selectedId: null });
          return;
        }
        // Selecting opens its ancestors and its page in the tree (spec 001 §4 "Selection").
        set((s) => ({ selectedId: id, expanded: new Set([...s.expanded, s.pageId, ...ancestorsOf(id)]) }));
      },
      hover: (hoveredId) => {
        if (get().hoveredId !== hoveredId) set({ hoveredId });
      },
      toggleExpanded(id, open) {
        set((s) => {
          const expanded = new Set(s.expanded);
          const next = open ?? !expanded.has(id);
          if (next) expanded.add(id);
          else expanded.delete(id);
          return { expanded };
        });
      },
      setView(prefs) {
        const before = canvasAppearance(get());
        set((s) => {
          const view = { ...s.view, ...prefs };
          return {
            view,
            styleVariant: prefs.previewWidth === undefined ? s.styleVariant : variantAtWidth(s.styleVariant, view.previewWidth),
          };
        });
        saveViewPrefs(get().view);
        if (canvasAppearance(get()) !== before) void get().refreshPreview();
      },
      setZoom: (zoom) => set({ zoom: Math.min(2, Math.max(0.25, zoom)) }),
      setScale: (scale) => {
        if (get().scale !== scale) set({ scale });
      },
      setLanguage(language) {
        if (language === get().language) return;
        set({ language });
        void get().refreshPreview();
      },
      setHistory: (history) => {
        announced++;
        set({ history });
      },
      openPopup: (popup) => set({ popup }),
      closePopup: () => set({ popup: null }),
      setRenaming: (renamingId) => set({ renamingId }),
      highlight(id) {
        clearTimeout(highlightTimer);
        set({ highlightId: id });
        highlightTimer = setTimeout(() => set({ highlightId: null }), HIGHLIGHT_MS);
      },
      setClipboard: (clipboard) => set({ clipboard }),
      setPresence: (presence) => set({ presence }),
      deployed: (lastDeploy) => set({ lastDeploy }),
      setTool: (tool) => set((s) => ({ tool: s.tool === tool ? 'none' : tool })),
      holdAlt(down) {
        clearTimeout(altTimer);
        if (!down) {
          if (get().altMeasure) set({ altMeasure: false });
          return;
        }
        altTimer = setTimeout(() => set({ altMeasure: true }), ALT_MEASURE_DELAY_MS);
      },
      notify(text) {
        clearTimeout(noticeTimer);
        set({ notice: text });
        noticeTimer = setTimeout(() => set({ notice: null }), NOTICE_MS);
      },
      setStyleVariant: (styleVariant) => set({ styleVariant }),
      applyNode(node, previousId) {
        set((s) => {
          const nodes = new Map(s.nodes);
          if (previousId && previousId !== node.id) nodes.delete(previousId);
          nodes.set(node.id, node);
          return { nodes };
        });
      },
      changeNode(node) {
        const entry = unsettled.get(node.id) ?? { count: 0, confirmed: get().nodes.get(node.id) ?? node };
        entry.count++;
        unsettled.set(node.id, entry);
        get().applyNode(node);
      },
      showAdding(parentId, index, like, type, name, kind = 'adding') {
        const pageId = get().pageId;
        const id = parentId === null ? `~${kind}-${++addingCount}` : `${parentId}.~${kind}-${++addingCount}`;
        const node: Node = {
          id,
          type: like?.type ?? type,
          data: { ...(like?.data ?? {}), '_options.name': name },
          style: like?.style ?? {},
          children: [],
        };
        const entry: AddingEntry = { node, parentId, pageId, index, answered: false };
        adding.set(id, entry);
        set((s) => putAdding(layoutOf(s), entry));
        return {
          settle(ok) {
            const entry = adding.get(id);
            if (!entry) return;
            if (ok) {
              entry.answered = true;
              return;
            }
            adding.delete(id);
            set((s) => {
              const layout = layoutOf(s);
              layout.nodes.delete(id);
              return withList(layout, entry, without(id));
            });
          },
        };
      },
      showRemoval(id) {
        const s = get();
        const parentId = parentIdOf(id);
        const list = parentId === null ? currentSections(s) : (s.nodes.get(parentId)?.children ?? []);
        const index = list.indexOf(id);
        if (index < 0) return { settle: () => undefined };
        const entry: RemovingEntry = { id, parentId, pageId: s.pageId, index, answered: false };
        removing.set(id, entry);
        set((now) => takeOut(layoutOf(now), entry));
        return {
          settle(ok) {
            if (removing.get(id) !== entry) return;
            if (ok) {
              // Gone for good: the next document read (which no longer has it) ends this.
              entry.answered = true;
              return;
            }
            removing.delete(id);
            // Refused: back in its place, in the list as it is now (another answer may have changed it meanwhile).
            set((now) => withList(layoutOf(now), entry, (list) => (list.includes(id) ? [...list] : putAt(id, index)(list))));
          },
        };
      },
      settleNode(id, answered) {
        const entry = unsettled.get(id);
        if (!entry) return;
        entry.count--;
        if (answered) entry.confirmed = 'node' in answered ? answered.node : { ...entry.confirmed, style: answered.style };
        const previousId = answered && 'node' in answered ? answered.previousId : undefined;
        // Renamed (a new id): later changes of the old id have no node to show on.
        if (entry.count > 0 && (previousId === undefined || previousId === entry.confirmed.id)) return;
        unsettled.delete(id);
        get().applyNode(entry.confirmed, previousId);
      },
    };
  });
  return store;
}

/** The error an answer carries, in the one error shape. */
async function errorOf(response: Response): Promise<ApiError> {
  try {
    const body = (await response.clone().json()) as Partial<ApiError>;
    if (typeof body.error === 'string' && typeof body.code === 'string')
      return { error: body.error, status: body.status ?? response.status, code: body.code, info: body.info };
  } catch {
    // not JSON
  }
  return { error: messages.networkError, status: response.status, code: 'HTTP_ERROR' };
}

/** The page list the navigator shows: the site's pages, with the header first and the footer last. */
export function navigatorPages(pages: readonly Page[]): Page[] {
  const header = pages.find((p) => p.id === HEADER);
  const footer = pages.find((p) => p.id === FOOTER);
  const rest = pages.filter((p) => p.id !== HEADER && p.id !== FOOTER);
  return [...(header ? [header] : []), ...rest, ...(footer ? [footer] : [])];
}
