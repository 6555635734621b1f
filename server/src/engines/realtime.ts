import type { IncomingMessage, Server } from 'node:http';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';
import type { Bus } from './bus.js';
import { SiteRooms, type RoomSocket, type SiteGate, type SiteRoomsOptions } from './site-rooms.js';

export { createMemoryBus, createRedisBus, type Bus, type PresenceEntry, type PresenceStore, type RealtimeEvent } from './bus.js';
export type { SiteGate, SiteMember } from './site-rooms.js';

const AUTH_TIMEOUT_MS = 10_000;
/** Messages a socket may have waiting for their turn; a client that floods past it is closed. */
const MAX_PENDING = 64;

export interface RealtimeOptions extends SiteRoomsOptions {
  /** Who may join a site's channel; without it every join is refused. */
  gate?: SiteGate;
  /** Whether the upgrade request may open the channel at all (a published site's domain may not). */
  accept?: (req: IncomingMessage) => Promise<boolean>;
}

/** A parsed message, or null for anything that is not a JSON object with a string `type`. */
function parse(raw: unknown): Record<string, unknown> | null {
  try {
    const message = JSON.parse(String(raw)) as unknown;
    if (typeof message !== 'object' || message === null || Array.isArray(message)) return null;
    return typeof (message as { type?: unknown }).type === 'string' ? (message as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The channel at /api/realtime. Browsers cannot set headers on a WebSocket, so the first message
 * carries the session token: {"type":"auth","token":"…"}. After `ready` the socket gets the user's
 * events, and may join sites (`site.join`, `site.leave`, `site.select`) to get their presence and
 * edits (openapi.yaml `/realtime` describes the messages). A socket's messages are handled one after
 * another, in order; a malformed one is ignored.
 */
export function attachRealtime(
  server: Server,
  bus: Bus,
  authenticate: (token: string) => Promise<number | null>,
  log: Logger,
  options: RealtimeOptions = {},
): WebSocketServer {
  const { accept } = options;
  const wss = new WebSocketServer({
    server,
    path: '/api/realtime',
    maxPayload: 4096,
    verifyClient: accept
      ? (info, done) => {
          accept(info.req).then(
            (ok) => (ok ? done(true) : done(false, 404, 'Not Found')),
            () => done(false, 500, 'Internal Server Error'),
          );
        }
      : undefined,
  });
  const rooms = new SiteRooms(bus, options.gate ?? (async () => null), log, options);
  wss.on('connection', (socket: WebSocket) => {
    let unsubscribe: (() => void) | null = null;
    let userId: number | null = null;
    let turn: Promise<void> = Promise.resolve();
    let pending = 0;
    const room: RoomSocket = {
      send: (data) => socket.send(data),
      get open() {
        return socket.readyState === WebSocket.OPEN;
      },
    };
    const timer = setTimeout(() => socket.close(4401, 'Authenticate first'), AUTH_TIMEOUT_MS);

    const authenticateSocket = async (raw: unknown) => {
      clearTimeout(timer);
      const message = parse(raw);
      const token = message?.type === 'auth' && typeof message.token === 'string' ? message.token : '';
      const id = token ? await authenticate(token).catch(() => null) : null;
      // The socket may have closed while the token was checked; subscribing now would leak the handler.
      if (socket.readyState !== WebSocket.OPEN) return;
      if (id === null) {
        socket.close(4401, 'Unauthorized');
        return;
      }
      userId = id;
      unsubscribe = bus.subscribe(id, (event) => {
        socket.send(JSON.stringify(event));
        // A suspended account's channel ends at once, on whichever instance it is open (issue 17).
        if (event.type === 'accountSuspended') socket.close(4401, 'Unauthorized');
      });
      socket.send(JSON.stringify({ type: 'ready' }));
    };

    const handleMessage = async (raw: unknown) => {
      if (userId === null || socket.readyState !== WebSocket.OPEN) return;
      const message = parse(raw);
      if (message) await rooms.handle(room, userId, message);
    };

    let first = true;
    socket.on('message', (raw) => {
      if (++pending > MAX_PENDING) {
        socket.close(1008, 'Too many messages');
        return;
      }
      const step = first ? authenticateSocket : handleMessage;
      first = false;
      turn = turn
        .then(() => step(raw))
        .catch((error: unknown) => log.warn({ err: error }, 'realtime: a message failed'))
        .finally(() => void pending--);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      unsubscribe?.();
      // After the messages already queued, so a join still being checked does not come back after the drop.
      turn = turn.then(() => rooms.drop(room)).catch((error: unknown) => log.warn({ err: error }, 'realtime: leaving failed'));
    });
    socket.on('error', (error) => log.warn({ err: error }, 'realtime socket error'));
  });
  // server.close() waits for every open socket, and an upgraded WebSocket never ends by itself: shutting
  // down would hang while a browser is connected. Tell each one the server is going away (1001) first,
  // and take this instance's members out of the sites' presence.
  const closeServer = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    for (const client of wss.clients) client.close(1001, 'Server shutting down');
    wss.close();
    void rooms.close().finally(() => closeServer(callback));
    return server;
  };
  return wss;
}
