import type { Bus } from '../engines/bus.js';

/** The tag of what instances hold about a user: their sessions, and the API keys they made or own. */
export const userTag = (userId: number): string => `user:${userId}`;
/** The tag of what instances hold about a site: who may read it. */
export const siteTag = (siteId: string): string => `site:${siteId}`;

interface Entry<V> {
  value: V;
  /** performance.now() past which the entry is read again. */
  until: number;
  tags: readonly string[];
}

/**
 * Answers that every request would otherwise read again (a session's check, a site's owner, a
 * collection's schema) held in this process for a few seconds (docs/decisions/0081-per-request-costs.md).
 * Each entry carries tags (`user:7`, `site:…`); a change calls `bus.invalidate(tags)` once it has
 * committed, and every instance drops what it holds under them at once (Redis carries it across
 * instances). While the bus may be missing invalidations (the Redis subscription is down) nothing is
 * held or answered, and `ttlMs` bounds what a lost message can leave behind.
 *
 * A read that began before an invalidation is not held (`ticket`): it may have read the row the
 * change was about to replace.
 */
export class Held<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly byTag = new Map<string, Set<string>>();
  private generation = 0;

  constructor(
    private readonly bus: Bus,
    private readonly ttlMs: number,
    private readonly max: number,
  ) {
    bus.onInvalidate((tags) => {
      this.generation++;
      if (tags === null) this.clear();
      else for (const tag of tags) this.dropTag(tag);
    });
  }

  /** The value held under `key`, while fresh and while invalidations are heard. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until > performance.now() && this.bus.hearsInvalidations()) return entry.value;
    this.drop(key);
    return undefined;
  }

  /** Taken before reading what `set` will hold. */
  ticket(): number {
    return this.generation;
  }

  /** Holds a value read since `ticket`, unless something was invalidated meanwhile. */
  set(key: string, value: V, tags: readonly string[], ticket: number): void {
    if (ticket !== this.generation || !this.bus.hearsInvalidations()) return;
    this.drop(key);
    if (this.entries.size >= this.max) this.drop(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: performance.now() + this.ttlMs, tags });
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  /** The value held, or `read`'s answer held under `tags(value)` (null and undefined are not held). */
  async through(key: string, read: () => Promise<V | null | undefined>, tags: (value: V) => readonly string[]): Promise<V | null> {
    const held = this.get(key);
    if (held !== undefined) return held;
    const ticket = this.ticket();
    const value = await read();
    if (value === null || value === undefined) return null;
    this.set(key, value, tags(value), ticket);
    return value;
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const tag of entry.tags) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private dropTag(tag: string): void {
    for (const key of [...(this.byTag.get(tag) ?? [])]) this.drop(key);
  }

  private clear(): void {
    this.entries.clear();
    this.byTag.clear();
  }
}
