import { createClient, SDK_VERSION } from '@pagewright/sdk';
import { afterAll, describe, expect, it } from 'vitest';
import { serverProcesses } from '../support/server-process.js';

// The server as `npm start` runs it, in its own process, so the test can kill it with SIGKILL in the
// middle of a bulk import and start it again on the same database.
const servers = await serverProcesses('kill', { run: 'build' });
const startServer = () => servers.start({ env: { LOG_LEVEL: 'silent' } });
const kill = servers.kill;

afterAll(() => servers.close());

const rows = (n: number, from = 1) =>
  Array.from({ length: n }, (_, i) => ({ title: `Item ${from + i}`, slug: `item-${from + i}`, views: from + i }));

describe('a bulk import killed half way', () => {
  it('leaves the collection exactly as it was when the server process dies in the middle of the writes', { timeout: 180_000 }, async () => {
    let server = await startServer();
    const api = createClient({ baseUrl: server.url, clientVersion: `sdk/${SDK_VERSION}` });
    const { data: session } = await api.POST('/auth/signup', {
      body: { name: 'Importer', email: 'importer@example.com', password: 'correct horse battery' },
    });
    const token = session!.token;
    const signedIn = (url: string) => createClient({ baseUrl: url, token, clientVersion: `sdk/${SDK_VERSION}` });
    const siteId = 'kill-test.example.com';
    expect((await signedIn(server.url).POST('/sites', { body: { name: 'Kill test', siteId, templateId: 'launch' } })).response.status).toBe(
      201,
    );
    const posts = { siteId, collection: 'posts' };
    const client = signedIn(server.url);
    expect(
      (await client.POST('/sites/{siteId}/content', { params: { path: { siteId } }, body: { id: 'posts', name: 'Posts' } })).response
        .status,
    ).toBe(201);
    for (const field of [
      { name: 'title', type: 'text' },
      { name: 'slug', type: 'text' },
      { name: 'views', type: 'number' },
    ] as const) {
      expect((await client.POST('/sites/{siteId}/content/{collection}/fields', { params: { path: posts }, body: field })).response.ok).toBe(
        true,
      );
    }
    expect(
      (await client.POST('/sites/{siteId}/content/{collection}/import', { params: { path: posts }, body: { items: rows(1000) } })).data,
    ).toMatchObject({ created: 1000 });

    const all = async (url: string) => {
      const items: unknown[] = [];
      for (let offset = 0; ; offset += 100) {
        const { data } = await signedIn(url).GET('/sites/{siteId}/content/{collection}/items', {
          params: { path: posts, query: { offset } },
        });
        items.push(...data!.items);
        if (items.length >= data!.total) return items;
      }
    };
    const before = await all(server.url);
    expect(before).toHaveLength(1000);

    // How long the big import takes when it runs to the end (on a copy of the collection)…
    const big = { items: [...rows(1000).map((r) => ({ slug: r.slug, views: -r.views })), ...rows(20_000, 5001)], upsertBy: 'slug' };
    await client.POST('/sites/{siteId}/content', { params: { path: { siteId } }, body: { id: 'copy', name: 'Copy' } });
    for (const field of [
      { name: 'title', type: 'text' },
      { name: 'slug', type: 'text' },
      { name: 'views', type: 'number' },
    ] as const) {
      await client.POST('/sites/{siteId}/content/{collection}/fields', { params: { path: { siteId, collection: 'copy' } }, body: field });
    }
    const started = performance.now();
    expect(
      (await client.POST('/sites/{siteId}/content/{collection}/import', { params: { path: { siteId, collection: 'copy' } }, body: big }))
        .data,
    ).toMatchObject({ created: 21_000 });
    const full = performance.now() - started;

    // …then the same import again on posts, with the process killed at points inside that time. Each
    // kill leaves the import either not there at all or, when it had committed before the kill
    // (its answer may still be lost), all there: never a part.
    let rolledBack = 0;
    let landed = false;
    for (const share of [0.2, 0.4, 0.6, 0.8]) {
      const sending = fetch(`${server.url}/api/sites/${siteId}/content/posts/import`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}`,
          'Content-Type': 'application/json',
          'X-Client-Version': `sdk/${SDK_VERSION}`,
        },
        body: JSON.stringify(big),
      }).then(
        (response) => response.status,
        () => 'killed' as const,
      );
      await new Promise((resolve) => setTimeout(resolve, full * share));
      await kill(server.child);
      const outcome = await sending;
      server = await startServer();
      const after = await all(server.url);
      if (after.length === before.length) {
        expect(outcome).toBe('killed');
        expect(after).toEqual(before);
        rolledBack++;
      } else {
        expect(after).toHaveLength(21_000);
        expect(after.slice(0, 3)).toEqual(rows(3).map((r, i) => ({ _id: i + 1, ...r, views: -r.views })));
        expect(after.at(-1)).toEqual({ _id: 21_000, ...rows(1, 25_000)[0] });
        landed = true;
        break;
      }
    }
    // The first kill, a fifth of the way in, found the import unfinished.
    expect(rolledBack).toBeGreaterThan(0);
    if (landed) return kill(server.child);
    // The server still takes the same import after the kills.
    expect(
      (await signedIn(server.url).POST('/sites/{siteId}/content/{collection}/import', { params: { path: posts }, body: big })).data,
    ).toMatchObject({ created: 20_000, updated: 1000 });
    await kill(server.child);
  });
});
