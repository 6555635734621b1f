import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { WebSocket, WebSocketServer } from 'ws';

export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

/** Delivers events to a user's open channels, on this instance or (with Redis) on any instance. */
export interface Bus {
  publish(userId: number, event: RealtimeEvent): Promise<void>;
  subscribe(userId: number, handler: (event: RealtimeEvent) => void): () => void;
  close(): Promise<void>;
}

export function createMemoryBus(): Bus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(userId, event) {
      emitter.emit(`user:${userId}`, event);
    },
    subscribe(userId, handler) {
      emitter.on(`user:${userId}`, handler);
      return () => emitter.off(`user:${userId}`, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** Redis pub/sub, so a webhook received by one instance reaches a browser connected to another. */
export function createRedisBus(url: string, log: Logger): Bus {
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const local = createMemoryBus();
  const channel = 'pagewright:realtime';
  sub.subscribe(channel).catch((error: unknown) => log.error({ err: error }, 'realtime: redis subscribe failed'));
  sub.on('message', (_channel: string, raw: string) => {
    const { userId, event } = JSON.parse(raw) as { userId: number; event: RealtimeEvent };
    void local.publish(userId, event);
  });
  return {
    async publish(userId, event) {
      await pub.publish(channel, JSON.stringify({ userId, event }));
    },
    subscribe: (userId, handler) => local.subscribe(userId, handler),
    async close() {
      await Promise.allSettled([pub.quit(), sub.quit()]);
      await local.close();
    },
  };
}

const AUTH_TIMEOUT_MS = 10_000;

/**
 * The per-user channel at /api/realtime. Browsers cannot set headers on a WebSocket, so the first
 * message carries the session token: {"type":"auth","token":"…"}.
 */
export function attachRealtime(
  server: Server,
  bus: Bus,
  authenticate: (token: string) => Promise<number | null>,
  log: Logger,
): WebSocketServer {
  const wss = new WebSocketServer({ server, path: '/api/realtime', maxPayload: 4096 });
  wss.on('connection', (socket: WebSocket) => {
    let unsubscribe: (() => void) | null = null;
    const timer = setTimeout(() => socket.close(4401, 'Authenticate first'), AUTH_TIMEOUT_MS);
    socket.once('message', (raw) => void authenticateSocket(raw));
    const authenticateSocket = async (raw: unknown) => {
      clearTimeout(timer);
      let token = '';
      try {
        const message = JSON.parse(String(raw)) as { type?: string; token?: string };
        if (message.type === 'auth' && typeof message.token === 'string') token = message.token;
      } catch {
        // falls through to the close below
      }
      const userId = token ? await authenticate(token).catch(() => null) : null;
      // The socket may have closed while the token was checked; subscribing now would leak the handler.
      if (socket.readyState !== WebSocket.OPEN) return;
      if (userId === null) {
        socket.close(4401, 'Unauthorized');
        return;
      }
      unsubscribe = bus.subscribe(userId, (event) => socket.send(JSON.stringify(event)));
      socket.send(JSON.stringify({ type: 'ready' }));
    };
    socket.on('close', () => {
      clearTimeout(timer);
      unsubscribe?.();
    });
    socket.on('error', (error) => log.warn({ err: error }, 'realtime socket error'));
  });
  // server.close() waits for every open socket, and an upgraded WebSocket never ends by itself: shutting
  // down would hang while a browser is connected. Tell each one the server is going away (1001) first.
  const closeServer = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    for (const client of wss.clients) client.close(1001, 'Server shutting down');
    wss.close();
    return closeServer(callback);
  };
  return wss;
}
