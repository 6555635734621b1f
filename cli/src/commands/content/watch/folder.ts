import { isContentFile } from './files.js';

/** The events of a folder watcher that the sync follows (chokidar's). */
export interface FolderWatcher {
  on(event: 'add' | 'change' | 'unlink', listener: (file: string) => void): unknown;
  once(event: 'ready' | 'error', listener: (error?: unknown) => void): unknown;
  close(): Promise<void>;
}

/**
 * Follows a folder's content files. The files found before `start()` are gathered for the initial
 * sync; after it, changes and removals are handed to `flush` once the folder has been quiet for
 * `debounce` ms, one flush at a time.
 */
export function followFolder(watcher: FolderWatcher, debounce: number, flush: (changed: string[], gone: string[]) => Promise<void>) {
  const initialFiles: string[] = [];
  const pending = new Set<string>();
  const removed = new Set<string>();
  let started = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();

  const flushNow = () => {
    timer = null;
    const changed = [...pending];
    const gone = [...removed];
    pending.clear();
    removed.clear();
    running = running.then(() => flush(changed, gone));
  };
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(flushNow, debounce);
  };
  const onFile = (file: string) => {
    if (!isContentFile(file)) return;
    if (!started) return void initialFiles.push(file);
    removed.delete(file);
    pending.add(file);
    schedule();
  };
  watcher.on('add', onFile);
  watcher.on('change', onFile);
  watcher.on('unlink', (file) => {
    if (!isContentFile(file)) return;
    pending.delete(file);
    removed.add(file);
    schedule();
  });

  return {
    initialFiles,
    /** Resolves once the folder has been read (every file there is in `initialFiles`). */
    ready: () =>
      new Promise<void>((resolve, reject) => {
        watcher.once('ready', () => resolve());
        watcher.once('error', reject);
      }),
    /** The initial sync is done: changes from now on are flushed. */
    start() {
      started = true;
    },
    /** Stops watching and waits for the flush under way. */
    async stop() {
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
