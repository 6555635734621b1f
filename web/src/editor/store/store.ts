import { parseHistory, type ApiError, type History, type PagewrightClient, type Schemas } from '@pagewright/sdk';
import { createStore, type StoreApi } from 'zustand/vanilla';
import { HEADER, FOOTER, ancestorsOf, nodeMapOf, pagePath, sectionsOf, type Node, type Page } from './document.ts';
import { loadViewPrefs, saveViewPrefs, type ViewPrefs } from './prefs.ts';

export type EditorSite = Schemas['EditorSite'];
export type Preview = Schemas['Preview'];

/** Breakpoint presets above the canvas (spec 001 §9 breakpoints; desktop is the default preview width). */
export const BREAKPOINTS = [
  { name: 'Desktop', icon: 'monitor', width: 1280 },
  { name: 'Tablet', icon: 'tablet', width: 768 },
  { name: 'Mobile', icon: 'smartphone', width: 390 },
] as const;
export type BreakpointName = (typeof BREAKPOINTS)[number]['name'];

/** The editor's popups; one at a time (spec 001 §2 "One popup is open at a time"). */
export type EditorPopup =
  | { name: 'sections'; pageId: string; afterSectionId: string | null }
  | { name: 'components'; container: string; index?: number }
  | { name: 'pages' }
  | { name: 'commit' }
  | { name: 'shortcuts' };

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
}

type Answer<T> = { data?: T; error?: ApiError; response: Response };

export interface EditOptions {
  /** The edit changed the structure (added, moved, deleted, renamed): reload the page tree after it. */
  structure?: boolean;
  /** Show a failure in the banner (default true). */
  toast?: boolean;
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
  language: string;
  popup: EditorPopup | null;
  renamingId: string | null;
  /** A just-added item, highlighted for 1 s (spec 001 §4). */
  highlightId: string | null;
  /** The component copied with Copy, pasted with Paste. */
  clipboard: string | null;
  presence: Presence[];
  /** Distance measure and inspect are exclusive (spec 001 §4). */
  tool: 'none' | 'measure' | 'inspect';
  /** Edits on their way to the server. */
  saving: number;
  /** When this tab last wrote, so its own realtime echo does not reload what it already shows. */
  lastEditAt: number;
  /** A short confirmation at the bottom of the editor ('Checkpoint saved'); hides after a moment. */
  notice: string | null;
  /** The style variant the inspector edits (`''` base, `md`, `md:hover`): the canvas shows it. */
  styleVariant: string;

  load(): Promise<void>;
  refreshDocument(): Promise<void>;
  refreshPreview(): Promise<void>;
  /** Runs one editing call with the preview query; applies history and preview; null on failure. */
  edit<T>(run: (preview: string) => Promise<Answer<T>>, options?: EditOptions): Promise<T | null>;
  setPage(pageId: string): void;
  select(id: string | null): void;
  hover(id: string | null): void;
  toggleExpanded(id: string, open?: boolean): void;
  setView(prefs: Partial<ViewPrefs>): void;
  setZoom(zoom: number): void;
  setLanguage(language: string): void;
  setHistory(history: History): void;
  openPopup(popup: EditorPopup): void;
  closePopup(): void;
  setRenaming(id: string | null): void;
  highlight(id: string): void;
  setClipboard(id: string | null): void;
  setPresence(users: Presence[]): void;
  setTool(tool: EditorState['tool']): void;
  notify(text: string): void;
  setStyleVariant(variant: string): void;
  /** Applies a node the server answered with (an edit, a rename) without reloading the document. */
  applyNode(node: Node, previousId?: string): void;
}

export type EditorStore = StoreApi<EditorState>;

// Not `content`: it carries every item of every collection, which the editor's screens load on their own.
const EXPAND = 'pages|style|globals|publish|samplePages|versions';
const HIGHLIGHT_MS = 1000;
const NOTICE_MS = 3000;

/** The sections of the current page, with the header and footer lists for those pages. */
export function currentSections(s: Pick<EditorState, 'pages' | 'pageId' | 'before' | 'after'>): readonly string[] {
  const page = s.pages.find((p) => p.id === s.pageId);
  return page ? sectionsOf(page, s.before, s.after) : [];
}

/** The page ids in navigator order: the site's pages with the header and footer where the server lists them. */
export const previewQuery = (s: Pick<EditorState, 'pageId' | 'view' | 'language'>, appearance: 'light' | 'dark') =>
  `${pagePath(s.pageId)},${appearance},${s.language}`;

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
  let noticeTimer: ReturnType<typeof setTimeout> | undefined;
  let documentLoad = 0;
  let previewLoad = 0;

  const store = createStore<EditorState>()((set, get) => {
    const historyOf = (response: Response) => {
      const history = parseHistory(response.headers.get('X-History'));
      if (history) set({ history });
    };
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
      view: loadViewPrefs(),
      zoom: 1,
      language: '',
      popup: null,
      renamingId: null,
      highlightId: null,
      clipboard: null,
      presence: [],
      tool: 'none',
      saving: 0,
      lastEditAt: 0,
      notice: null,
      styleVariant: '',

      async load() {
        // The canvas first (DESIGN "Opening a site shows the canvas of its home page before anything else"):
        // the preview is asked for with the document, guessing the appearance and taking the site's first
        // language, and used when the document agrees with the guess.
        const guess = previewQuery({ ...get(), language: '' }, get().view.appearance === 'dark' ? 'dark' : 'light').replace(/,$/, '');
        const early = deps.api
          .GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: guess } } })
          .catch(() => null);
        const ticket = ++previewLoad;
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
        const { data, error, response } = await deps.api.GET('/sites/{siteId}', {
          params: { path: { siteId }, query: { expand: EXPAND } },
        });
        if (ticket !== documentLoad) return;
        if (error || !data) {
          if (!get().site) set({ loadFailed: true });
          if (error) deps.showError(error);
          return;
        }
        historyOf(response);
        const languages = data.settings?.languages ?? [];
        const language = languages.includes(get().language) ? get().language : (languages[0] ?? 'en');
        const nodes = nodeMapOf(data.nodes);
        set((s) => ({
          site: data,
          history: data.history,
          pages: data.pages ?? [],
          nodes,
          before: data.before ?? [],
          after: data.after ?? [],
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
        const { data, error, response } = await deps.api.GET('/sites/{siteId}/preview', {
          params: { path: { siteId }, query: { preview: previewQuery(s, canvasAppearance(s)) } },
        });
        if (ticket !== previewLoad) return;
        if (error) {
          deps.showError(error);
          return;
        }
        historyOf(response);
        takePreview(data?.preview);
      },

      async edit(run, { structure = false, toast = true } = {}) {
        const s = get();
        set({ saving: s.saving + 1, lastEditAt: Date.now() });
        // A preview already on its way is older than the one this edit answers with.
        previewLoad++;
        try {
          const { data, error, response } = await run(previewQuery(s, canvasAppearance(s)));
          if (error) {
            if (toast) deps.showError(error);
            return null;
          }
          historyOf(response);
          takePreview((data as { preview?: Preview } | undefined)?.preview);
          if (structure) await get().refreshDocument();
          return data ?? null;
        } catch (thrown) {
          console.error(thrown);
          if (toast) deps.showError({ error: 'Network error', status: 0, code: 'NETWORK_ERROR' });
          return null;
        } finally {
          set((x) => ({ saving: x.saving - 1, lastEditAt: Date.now() }));
        }
      },

      setPage(pageId) {
        if (pageId === get().pageId) return;
        set((s) => ({ pageId, selectedId: null, hoveredId: null, popup: null, preview: null, expanded: new Set([...s.expanded, pageId]) }));
        void get().refreshPreview();
      },

      select(id) {
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
        set((s) => ({ view: { ...s.view, ...prefs } }));
        saveViewPrefs(get().view);
        if (canvasAppearance(get()) !== before) void get().refreshPreview();
      },
      setZoom: (zoom) => set({ zoom: Math.min(2, Math.max(0.25, zoom)) }),
      setLanguage(language) {
        if (language === get().language) return;
        set({ language });
        void get().refreshPreview();
      },
      setHistory: (history) => set({ history }),
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
      setTool: (tool) => set((s) => ({ tool: s.tool === tool ? 'none' : tool })),
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
    };
  });
  return store;
}

/** The page list the navigator shows: the site's pages, with the header first and the footer last. */
export function navigatorPages(pages: readonly Page[]): Page[] {
  const header = pages.find((p) => p.id === HEADER);
  const footer = pages.find((p) => p.id === FOOTER);
  const rest = pages.filter((p) => p.id !== HEADER && p.id !== FOOTER);
  return [...(header ? [header] : []), ...rest, ...(footer ? [footer] : [])];
}
