import type { History } from '@pagewright/sdk';
import type { EditorStore, Presence } from '../store/store.ts';

/** Messages of the site channel the editor reads (the `/realtime` description in openapi.yaml). */
export type SiteEvent =
  | { type: 'ready' }
  | { type: 'site.presence'; siteId: string; users: Presence[] }
  | { type: 'site.edit'; siteId: string; by: { id: number; name: string }; history: History; ids: string[] }
  | { type: 'site.error'; siteId: string; error: string }
  | {
      type: 'site.deploy';
      siteId: string;
      action: 'publish' | 'rollback';
      by: { id: number; name: string };
      deploy: { id: number; number: number };
    };

const isHistory = (h: unknown): h is History =>
  typeof h === 'object' && h !== null && ['undo', 'redo', 'unsaved'].every((k) => Number.isInteger((h as Record<string, unknown>)[k]));

/** Validates one message from the server; anything unexpected is dropped (null). */
export function parseSiteEvent(raw: string, siteId: string): SiteEvent | null {
  let message: unknown;
  try {
    message = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const m = message as Record<string, unknown>;
  if (m.type === 'ready') return { type: 'ready' };
  if (m.siteId !== siteId) return null;
  if (m.type === 'site.presence' && Array.isArray(m.users)) {
    const users = m.users
      .filter((u): u is Record<string, unknown> => typeof u === 'object' && u !== null)
      .filter((u) => typeof u.id === 'number' && typeof u.name === 'string')
      .map((u) => ({ id: u.id as number, name: u.name as string, selection: typeof u.selection === 'string' ? u.selection : null }));
    return { type: 'site.presence', siteId, users };
  }
  if (m.type === 'site.edit' && isHistory(m.history)) {
    const by = m.by as Record<string, unknown> | undefined;
    if (!by || typeof by.id !== 'number') return null;
    const ids = Array.isArray(m.ids) ? m.ids.filter((x): x is string => typeof x === 'string') : [];
    return { type: 'site.edit', siteId, by: { id: by.id, name: typeof by.name === 'string' ? by.name : '' }, history: m.history, ids };
  }
  if (m.type === 'site.deploy') {
    const by = m.by as Record<string, unknown> | undefined;
    const deploy = m.deploy as Record<string, unknown> | undefined;
    if (!by || typeof by.id !== 'number' || !deploy || typeof deploy.id !== 'number' || typeof deploy.number !== 'number') return null;
    const action = m.action === 'rollback' ? 'rollback' : 'publish';
    return {
      type: 'site.deploy',
      siteId,
      action,
      by: { id: by.id, name: typeof by.name === 'string' ? by.name : '' },
      deploy: { id: deploy.id, number: deploy.number },
    };
  }
  if (m.type === 'site.error') return { type: 'site.error', siteId, error: typeof m.error === 'string' ? m.error : '' };
  return null;
}

/** This tab's own edits come back on the channel too; within this window they are already shown. */
export const OWN_ECHO_MS = 2000;

/** Whether an edit event needs this tab to reload the document and the canvas. */
export function needsRefresh(
  event: Extract<SiteEvent, { type: 'site.edit' }>,
  me: number | null,
  lastEditAt: number,
  now: number,
): boolean {
  return event.by.id !== me || now - lastEditAt > OWN_ECHO_MS;
}

const RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];
const REFRESH_DEBOUNCE_MS = 120;

/**
 * Joins the site's realtime channel: presence (who else is here, and what they selected) and edits
 * by others, which reload the tree and patch the canvas within a second. Returns a function that leaves.
 */
export function connectSiteChannel(store: EditorStore, token: () => string | null, me: () => number | null): () => void {
  const siteId = store.getState().siteId;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let refresh: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let lastSelection: string | null | undefined;

  const sendSelection = () => {
    const selection = store.getState().selectedId;
    if (socket?.readyState !== WebSocket.OPEN || selection === lastSelection) return;
    lastSelection = selection;
    socket.send(JSON.stringify({ type: 'site.select', siteId, componentId: selection }));
  };
  const unsubscribe = store.subscribe((s, previous) => {
    if (s.selectedId !== previous.selectedId) sendSelection();
  });

  const connect = () => {
    const auth = token();
    if (!auth || stopped) return;
    const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${scheme}://${window.location.host}/api/realtime`);
    socket.onopen = () => socket?.send(JSON.stringify({ type: 'auth', token: auth }));
    socket.onmessage = (message) => {
      const event = parseSiteEvent(String(message.data), siteId);
      if (!event) return;
      if (event.type === 'ready') {
        attempt = 0;
        lastSelection = undefined;
        socket?.send(JSON.stringify({ type: 'site.join', siteId }));
        sendSelection();
      } else if (event.type === 'site.presence') {
        store.getState().setPresence(event.users.filter((u) => u.id !== me()));
      } else if (event.type === 'site.deploy') {
        store.getState().deployed({ by: event.by.name, action: event.action, number: event.deploy.number });
      } else if (event.type === 'site.edit') {
        const s = store.getState();
        s.setHistory(event.history);
        if (!needsRefresh(event, me(), s.lastEditAt, Date.now())) return;
        clearTimeout(refresh);
        refresh = setTimeout(() => {
          void store
            .getState()
            .refreshDocument()
            .then(() => store.getState().refreshPreview());
        }, REFRESH_DEBOUNCE_MS);
      }
    };
    socket.onclose = (close) => {
      if (stopped || close.code === 4401) return;
      retry = setTimeout(connect, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
    };
  };
  connect();

  return () => {
    stopped = true;
    clearTimeout(retry);
    clearTimeout(refresh);
    unsubscribe();
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'site.leave', siteId }));
    socket?.close();
  };
}
