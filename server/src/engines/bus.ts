import crypto from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type * as ioredisModule from 'ioredis';
import { lazyRequire } from '../core/lazy.js';

/** The Redis client, loaded only when REDIS_URL is set. */
export const ioredis = lazyRequire<typeof ioredisModule>('ioredis');

export interface RealtimeEvent {
  type: string;
  [key: string]: unknown;
}

/** One socket's membership of a site, as every instance sees it in the presence store. */
export interface PresenceEntry {
  id: number;
  name: string;
  email: string;
  /** The component this socket has selected, or null. */
  selection: string | null;
  /** When the socket joined, and when its selection last changed (epoch ms). */
  joined: number;
  at: number;
}

/**
 * Who is in a site, across instances: each instance stores the entries of its own sockets under its
 * own key, for a while (it refreshes them on a heartbeat; a crashed instance's entries expire).
 */
export interface PresenceStore {
  /** Replaces one instance's entries of a site, valid for `ttlMs`; no entries removes them. */
  put(siteId: string, instance: string, entries: PresenceEntry[], ttlMs: number): Promise<void>;
  /** Every instance's entries of a site that have not expired. */
  read(siteId: string): Promise<PresenceEntry[]>;
}

/**
 * Delivers events to a user's open channels, and to every socket joined to a site, on this instance
 * or (with Redis) on any instance.
 */
export interface Bus {
  publish(userId: number, event: RealtimeEvent): Promise<void>;
  subscribe(userId: number, handler: (event: RealtimeEvent) => void): () => void;
  /** Sends an event to the site's channel on every instance. */
  publishSite(siteId: string, event: RealtimeEvent): Promise<void>;
  /** Every site event this instance receives, whichever the site (the site rooms route them to their sockets). */
  subscribeSites(handler: (siteId: string, event: RealtimeEvent) => void): () => void;
  presence: PresenceStore;
  /**
   * Tells every instance, this one first (before this resolves), that what it holds in memory under
   * these tags (`user:7`, `site:…`) is stale: the caches of sessions, API keys and sites (core/held.ts)
   * drop it. Call it once the change has committed.
   */
  invalidate(tags: readonly string[]): Promise<void>;
  /** Each invalidation this instance hears; `null` when some may have been missed (drop everything). */
  onInvalidate(handler: (tags: readonly string[] | null) => void): () => void;
  /** Whether this instance hears every invalidation now (with Redis: only while subscribed). */
  hearsInvalidations(): boolean;
  close(): Promise<void>;
}

/** Site ids and instance ids are keys of Maps, never of plain objects (no `__proto__` surprises). */
function memoryPresence(now: () => number): PresenceStore {
  const sites = new Map<string, Map<string, { until: number; entries: PresenceEntry[] }>>();
  return {
    async put(siteId, instance, entries, ttlMs) {
      let site = sites.get(siteId);
      if (entries.length === 0) {
        site?.delete(instance);
        if (site?.size === 0) sites.delete(siteId);
        return;
      }
      if (!site) sites.set(siteId, (site = new Map<string, { until: number; entries: PresenceEntry[] }>()));
      site.set(instance, { until: now() + ttlMs, entries });
    },
    async read(siteId) {
      const site = sites.get(siteId);
      if (!site) return [];
      const out: PresenceEntry[] = [];
      for (const [instance, record] of site) {
        if (record.until < now()) site.delete(instance);
        else out.push(...record.entries);
      }
      return out;
    },
  };
}

export function createMemoryBus(now: () => number = Date.now): Bus {
  return memoryBus(now);
}

/** The bus within one process; `dropAll` tells its caches that invalidations may have been missed. */
function memoryBus(now: () => number): Bus & { dropAll(): void } {
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
    async publishSite(siteId, event) {
      emitter.emit('sites', siteId, event);
    },
    subscribeSites(handler) {
      emitter.on('sites', handler);
      return () => emitter.off('sites', handler);
    },
    presence: memoryPresence(now),
    async invalidate(tags) {
      emitter.emit('invalidate', tags);
    },
    onInvalidate(handler) {
      emitter.on('invalidate', handler);
      return () => emitter.off('invalidate', handler);
    },
    hearsInvalidations: () => true,
    dropAll() {
      emitter.emit('invalidate', null);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** A stored presence record: one instance's entries and until when they hold. */
interface StoredPresence {
  until: number;
  entries: PresenceEntry[];
}

function isEntry(value: unknown): value is PresenceEntry {
  const e = value as PresenceEntry | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.id === 'number' &&
    typeof e.name === 'string' &&
    typeof e.email === 'string' &&
    (e.selection === null || typeof e.selection === 'string') &&
    typeof e.joined === 'number' &&
    typeof e.at === 'number'
  );
}

/**
 * Redis pub/sub, so a webhook received by one instance reaches a browser connected to another, and an
 * edit made through one instance reaches every editor of the site. Presence is a hash per site (one
 * field per instance, with the time its entries expire) that the key's own TTL removes when every
 * instance has gone.
 */
export function createRedisBus(url: string, log: Logger, now: () => number = Date.now): Bus {
  const { Redis } = ioredis();
  const pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const local = memoryBus(now);
  const users = 'pagewright:realtime';
  const sites = 'pagewright:realtime:sites';
  const invalidations = 'pagewright:invalidate';
  /** This instance's own invalidations come back from Redis: they were applied already. */
  const instance = crypto.randomUUID();
  /** Subscribed to the invalidations and connected: until then (and after a lost connection) caches are not trusted. */
  let hearing = false;
  const presenceKey = (siteId: string) => `pagewright:presence:${siteId}`;
  // A lost connection is retried by ioredis; each failed command is reported where it was made.
  for (const connection of [pub, sub])
    connection.on('error', (error: unknown) => log.warn({ err: error }, 'realtime: redis connection error'));
  sub.subscribe(users, sites).catch((error: unknown) => log.error({ err: error }, 'realtime: redis subscribe failed'));
  // Invalidations published while this instance was not listening are lost: once it hears again
  // (after its subscription is confirmed), everything held is dropped.
  const listen = () =>
    sub.subscribe(invalidations).then(
      () => {
        if (sub.status !== 'ready') return;
        local.dropAll();
        hearing = true;
      },
      (error: unknown) => log.error({ err: error }, 'cache: redis subscribe failed'),
    );
  sub.on('ready', () => void listen());
  for (const event of ['close', 'reconnecting', 'end'])
    sub.on(event, () => {
      hearing = false;
    });
  sub.on('message', (channel: string, raw: string) => {
    try {
      if (channel === invalidations) {
        const { from, tags } = JSON.parse(raw) as { from?: unknown; tags?: unknown };
        if (from !== instance && Array.isArray(tags) && tags.every((t) => typeof t === 'string')) void local.invalidate(tags);
      } else if (channel === users) {
        const { userId, event } = JSON.parse(raw) as { userId: number; event: RealtimeEvent };
        void local.publish(userId, event);
      } else if (channel === sites) {
        const { siteId, event } = JSON.parse(raw) as { siteId: string; event: RealtimeEvent };
        if (typeof siteId === 'string' && event && typeof event.type === 'string') void local.publishSite(siteId, event);
      }
    } catch (error) {
      log.warn({ err: error }, 'realtime: unreadable message on redis');
    }
  });
  return {
    async publish(userId, event) {
      await pub.publish(users, JSON.stringify({ userId, event }));
    },
    subscribe: (userId, handler) => local.subscribe(userId, handler),
    async publishSite(siteId, event) {
      await pub.publish(sites, JSON.stringify({ siteId, event }));
    },
    subscribeSites: (handler) => local.subscribeSites(handler),
    async invalidate(tags) {
      await local.invalidate(tags);
      // Another instance that misses this (Redis down) drops what it holds within its caches' few seconds.
      await pub
        .publish(invalidations, JSON.stringify({ from: instance, tags }))
        .catch((error: unknown) => log.warn({ err: error }, 'cache: invalidation not sent to the other instances'));
    },
    onInvalidate: (handler) => local.onInvalidate(handler),
    hearsInvalidations: () => hearing,
    presence: {
      async put(siteId, instance, entries, ttlMs) {
        const key = presenceKey(siteId);
        if (entries.length === 0) {
          await pub.hdel(key, instance);
          return;
        }
        const record: StoredPresence = { until: now() + ttlMs, entries };
        await pub.multi().hset(key, instance, JSON.stringify(record)).pexpire(key, ttlMs).exec();
      },
      async read(siteId) {
        const key = presenceKey(siteId);
        const records = await pub.hgetall(key);
        const out: PresenceEntry[] = [];
        const expired: string[] = [];
        for (const [instance, raw] of Object.entries(records)) {
          let record: StoredPresence | null = null;
          try {
            record = JSON.parse(raw) as StoredPresence;
          } catch {
            // an unreadable record is treated as expired
          }
          if (!record || typeof record.until !== 'number' || record.until < now() || !Array.isArray(record.entries)) expired.push(instance);
          else out.push(...record.entries.filter(isEntry));
        }
        if (expired.length) await pub.hdel(key, ...expired);
        return out;
      },
    },
    async close() {
      hearing = false;
      await Promise.allSettled([pub.quit(), sub.quit()]);
      await local.close();
    },
  };
}
