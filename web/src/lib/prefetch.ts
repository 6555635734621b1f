/**
 * Screens' code asked for ahead of a navigation a person is about to make (a pointer over, or focus
 * on, a link to it, or the screen one goes to next from where they are, once the tab is idle), so the
 * screen opens without waiting for its chunks: the chunks are then in the tab's module map and in the
 * browser's cache (immutable), which a reload or a bookmark opened later reads too. The route table registers
 * what each kind of screen loads (router.tsx); a link says which it leads to. Each is asked for once
 * a tab, again only after a failed load.
 */
const loaders = new Map<string, () => Promise<unknown>>();
const asked = new Set<string>();

export function registerPrefetch(screen: string, load: () => Promise<unknown>): void {
  loaders.set(screen, load);
}

export function prefetch(screen: string): void {
  const load = loaders.get(screen);
  if (!load || asked.has(screen)) return;
  asked.add(screen);
  load().catch(() => asked.delete(screen));
}

/**
 * prefetch once the tab has nothing else to do (and at the latest after `timeout` ms): for the screen
 * a person most likely opens next, on a device without hover too. Answers a cancel for an unmount.
 */
export function prefetchWhenIdle(screen: string, timeout = 2000): () => void {
  if (asked.has(screen)) return () => undefined;
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => prefetch(screen), { timeout });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(() => prefetch(screen), 200);
  return () => window.clearTimeout(handle);
}
