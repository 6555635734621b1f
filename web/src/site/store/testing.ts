import { createClient, type ApiError, type History } from '@pagewright/sdk';
import type { ActionContext } from '../actions/registry.ts';
import type { Node, Page } from './document.ts';
import { createEditorStore, type EditorSite } from './store.ts';

/** One request the fake server received. */
export interface Received {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; history?: History };
/** Answers a request, or leaves it to the next handler; a promise answers when it resolves (a slow or offline server). */
type Handler = (request: Received) => Answer | Promise<Answer> | undefined;

/**
 * A store whose client talks to an in-memory server: `handle` answers by method and path (the first
 * handler that answers wins), every request is recorded, and notices, errors and confirms are captured.
 * Tests inject fetch, not modules (CONVENTIONS 5).
 */
export function editorForTest(
  options: { site?: Partial<EditorSite>; pages?: Page[]; nodes?: Record<string, Node>; handle?: Handler[]; confirm?: boolean } = {},
) {
  const received: Received[] = [];
  const notices: string[] = [];
  const errors: ApiError[] = [];
  const handlers = options.handle ?? [];
  const site = {
    id: 'example.com',
    name: 'Example',
    role: 'owner',
    isLocked: false,
    revision: 1,
    hash: 'h',
    history: { undo: 0, redo: 0, unsaved: 0 },
    plan: { id: 2 },
    settings: { languages: ['en', 'fi'] },
    pages: options.pages ?? [page('home', ['hero'])],
    nodes: options.nodes ?? {
      hero: node('hero', 'layout-v', ['hero.title', 'hero.text']),
      'hero.title': node('hero.title', 'heading', [], { value: 'Welcome' }),
      'hero.text': node('hero.text', 'paragraph', [], { value: { _loc: true, en: 'Hello', fi: 'Hei' } }),
    },
    before: [],
    after: [],
    versions: [],
    ...options.site,
  } as unknown as EditorSite;

  const fetch = (async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.text();
    const entry: Received = {
      method: request.method,
      path: decodeURIComponent(url.pathname.replace(/^\/api/, '')),
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    received.push(entry);
    let answer = await handlers.map((h) => h(entry)).find(Boolean);
    if (answer?.history) site.history = answer.history;
    // Like the server, the site answers with the newest history counts.
    if (!answer && entry.method === 'GET' && entry.path === `/sites/${site.id}`) answer = { body: site, history: site.history };
    if (!answer && entry.method === 'GET' && entry.path === `/sites/${site.id}/preview`) {
      const [pageId, appearance, language] = (entry.query.get('preview') ?? '').split(',');
      answer = { body: { preview: { pageId: pageId!.replaceAll('|', '/'), appearance, language, html: `<html>${pageId}</html>` } } };
    }
    const status = answer?.status ?? (answer ? 200 : 404);
    const body = answer?.body ?? { error: 'Not found', status: 404, code: 'NOT_FOUND' };
    const headers = new Headers({ 'Content-Type': 'application/json' });
    if (answer?.history) headers.set('X-History', `${answer.history.undo}|${answer.history.redo}|${answer.history.unsaved}`);
    return new Response(JSON.stringify(body), { status, headers });
  }) as typeof globalThis.fetch;

  const api = createClient({ baseUrl: 'http://editor.test', fetch });
  const store = createEditorStore(site.id, { api, fetch, showError: (e) => errors.push(e), userId: () => 1 });
  const opened: string[] = [];
  const saved: string[] = [];
  const ctx: ActionContext = {
    store,
    api,
    notify: (text) => notices.push(text),
    showError: (e) => errors.push(e),
    confirm: async () => options.confirm ?? true,
    openTab: () => ({ go: (url) => opened.push(url), close: () => undefined }),
    save: (_blob, name) => saved.push(name),
    leave: () => opened.push('left'),
  };
  return { store, ctx, received, notices, errors, opened, saved, site };
}

export function page(id: string, sections: string[], extra: Partial<Page> = {}): Page {
  return { id, name: id, title: '', slug: '', description: '', hidden: false, unpublished: false, sections, ...extra };
}

export function node(id: string, type: string, children: string[] = [], data: Record<string, unknown> = {}): Node {
  return { id, type, data, style: {}, children } as unknown as Node;
}
