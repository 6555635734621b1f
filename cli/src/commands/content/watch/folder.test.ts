import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followFolder } from './folder.js';

class FakeWatcher extends EventEmitter {
  closed = false;
  close() {
    this.closed = true;
    return Promise.resolve();
  }
}

function following(flush = (_changed: string[], _gone: string[]) => Promise.resolve()) {
  const watcher = new FakeWatcher();
  const flushes: [string[], string[]][] = [];
  const folder = followFolder(watcher, 10, (changed, gone) => {
    flushes.push([changed, gone]);
    return flush(changed, gone);
  });
  return { watcher, flushes, folder };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('following a folder', () => {
  it('gathers the content files found before the start for the initial sync, and flushes none of them', async () => {
    const { watcher, flushes, folder } = following();
    const ready = folder.ready();
    watcher.emit('add', 'posts/a.md');
    watcher.emit('add', 'posts/notes.txt');
    watcher.emit('ready');
    await ready;
    await vi.advanceTimersByTimeAsync(100);
    expect(folder.initialFiles).toEqual(['posts/a.md']);
    expect(flushes).toEqual([]);
  });

  it('flushes the changes once the folder has been quiet, each file once', async () => {
    const { watcher, flushes, folder } = following();
    folder.start();
    watcher.emit('add', 'a.md');
    watcher.emit('change', 'a.md');
    await vi.advanceTimersByTimeAsync(9);
    watcher.emit('change', 'b.json');
    await vi.advanceTimersByTimeAsync(9);
    expect(flushes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(flushes).toEqual([[['a.md', 'b.json'], []]]);
  });

  it('hands a removed file over as gone, not as changed, and a file back again as changed', async () => {
    const { watcher, flushes, folder } = following();
    folder.start();
    watcher.emit('change', 'a.md');
    watcher.emit('unlink', 'a.md');
    watcher.emit('unlink', 'b.md');
    watcher.emit('add', 'b.md');
    await vi.advanceTimersByTimeAsync(10);
    expect(flushes).toEqual([[['b.md'], ['a.md']]]);
  });

  it('runs one flush at a time', async () => {
    let finish: () => void = () => undefined;
    const { watcher, flushes, folder } = following((changed) =>
      changed[0] === 'a.md' ? new Promise<void>((resolve) => (finish = resolve)) : Promise.resolve(),
    );
    folder.start();
    watcher.emit('add', 'a.md');
    await vi.advanceTimersByTimeAsync(10);
    watcher.emit('add', 'b.md');
    await vi.advanceTimersByTimeAsync(10);
    expect(flushes.map(([changed]) => changed)).toEqual([['a.md']]);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(flushes.map(([changed]) => changed)).toEqual([['a.md'], ['b.md']]);
  });

  it('stops the watcher, drops the changes not yet flushed, and waits for the flush under way', async () => {
    let finish: () => void = () => undefined;
    const { watcher, flushes, folder } = following(() => new Promise<void>((resolve) => (finish = resolve)));
    folder.start();
    watcher.emit('add', 'a.md');
    await vi.advanceTimersByTimeAsync(10);
    watcher.emit('add', 'b.md');
    let stopped = false;
    const stopping = folder.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(100);
    expect(watcher.closed).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(flushes.map(([changed]) => changed)).toEqual([['a.md']]);
  });

  it('fails to get ready when the watcher fails', async () => {
    const { watcher, folder } = following();
    const ready = folder.ready();
    watcher.emit('error', new Error('EMFILE'));
    await expect(ready).rejects.toThrow('EMFILE');
  });
});
