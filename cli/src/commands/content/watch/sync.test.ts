import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fakeServer, testDeps, type SeenRequest } from '../../../lib/testing.js';
import { keyOf } from './files.js';
import { CollectionSync } from './sync.js';

const IMPORT = '/api/sites/blog.example.com/content/posts/import';
const toItem = (file: string, text: string) => ({ ...(JSON.parse(text) as Record<string, unknown>), slug: keyOf(file) });

/** A server that creates every item it is sent, refuses those without a title, and finds each as item 7. */
function server(request: SeenRequest) {
  if (request.method === 'GET') return { items: [{ _id: 7 }], total: 1, offset: 0, limit: 1 };
  if (request.method === 'DELETE') return {};
  const { items } = request.body as { items: Record<string, unknown>[] };
  const errors = items.flatMap((item, index) => (item.title ? [] : [{ index, field: 'title', message: 'required' }]));
  return { dryRun: false, created: items.length - errors.length, updated: 0, unchanged: 0, invalid: errors.length, errors };
}

function syncing(options: { delete?: boolean } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-sync-'));
  const fake = fakeServer(server);
  const { deps, text } = testDeps({ fetch: fake.fetch });
  const opts = { site: 'blog.example.com', collection: 'posts', key: 'slug', ...options };
  const sync = new CollectionSync(deps.api, deps, opts, dir, toItem);
  const write = (name: string, content: unknown) => {
    fs.writeFileSync(path.join(dir, name), JSON.stringify(content));
    return path.join(dir, name);
  };
  return { sync, seen: fake.seen, text, write, dir };
}

describe('syncing a folder with a collection', () => {
  it('sends every file at start in one request, upserting by the key, and sums up the answers', async () => {
    const { sync, seen, text, write } = syncing();
    await sync.initial([write('a.json', { title: 'A' }), write('b.json', { title: 'B' })]);
    expect(seen).toEqual([
      {
        method: 'POST',
        path: IMPORT,
        body: {
          items: [
            { title: 'A', slug: 'a' },
            { title: 'B', slug: 'b' },
          ],
          upsertBy: 'slug',
          skipInvalid: true,
        },
      },
    ]);
    expect(text.err).toBe('Synced 2 files to posts: 2 created, 0 updated, 0 unchanged, 0 rejected\n');
  });

  it('reports each file refused at start, and sends it again on its next change', async () => {
    const { sync, seen, text, write } = syncing();
    const bad = write('bad.json', {});
    await sync.initial([write('a.json', { title: 'A' }), bad]);
    expect(text.out).toBe('rejected\tbad\tbad.json\ttitle: required\n');
    await sync.changed([bad]);
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(2);
  });

  it('sends a changed file alone, names the item it became, and sends it again only when its content changes', async () => {
    const { sync, seen, text, write } = syncing();
    const file = write('hello.json', { title: 'Hello' });
    await sync.changed([file]);
    expect(text.out).toBe('created\thello #7\thello.json\n');
    expect(seen[1]).toMatchObject({ method: 'GET', path: expect.stringContaining('filter=slug%3Ahello') as string });
    await sync.changed([file]);
    expect(seen).toHaveLength(2);
  });

  it('reports a file that is no item without sending it', async () => {
    const { sync, seen, text, dir } = syncing();
    fs.writeFileSync(path.join(dir, 'broken.json'), '{');
    await sync.changed([path.join(dir, 'broken.json')]);
    expect(text.out).toMatch(/^rejected\tbroken\tbroken.json\t/);
    expect(seen).toEqual([]);
  });

  it('keeps the item of a removed file without --delete', async () => {
    const { sync, seen, text, dir } = syncing();
    await sync.removed([path.join(dir, 'old.json')]);
    expect(text.out).toBe('kept\told\told.json\n');
    expect(seen).toEqual([]);
  });

  it('deletes the item of a removed file with --delete, and leaves a file that is back', async () => {
    const { sync, seen, text, write, dir } = syncing({ delete: true });
    const back = write('back.json', { title: 'Back' });
    await sync.removed([path.join(dir, 'old.json'), back]);
    expect(text.out).toBe('deleted\told #7\told.json\n');
    expect(seen.map((r) => r.method)).toEqual(['GET', 'DELETE']);
    expect(seen[1]?.path).toBe('/api/sites/blog.example.com/content/posts/items/7');
  });
});
