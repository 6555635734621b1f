/**
 * Screens' code asked for ahead of a navigation a person is about to make (a pointer over, or focus
 * on, a link to it), so the screen opens without waiting for its chunks. The route table registers
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
