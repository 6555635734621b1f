import { createClient } from '@pagewright/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askFirstReads, takeFirstReads } from './firstReads.ts';
import { memoryStorage } from './outbox.ts';
import { createEditorStore } from './store.ts';

/** A server for the client: the editor's two reads of site example.com, each request recorded. */
function server() {
  const asked: string[] = [];
  const api = createClient({
    baseUrl: 'http://app.test',
    async fetch(input) {
      const url = new URL(new Request(input).url);
      asked.push(url.pathname + url.search);
      const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
      if (url.pathname === '/api/sites/example.com/preview') {
        const [page, appearance] = (url.searchParams.get('preview') ?? '').split(',');
        return json({ preview: { pageId: page, appearance, language: 'en', html: '<p>Home</p>', revision: 1 } });
      }
      if (url.pathname === '/api/sites/example.com')
        return json({ id: 'example.com', nodes: {}, pages: [{ id: 'home', sections: [] }], settings: { languages: ['en'] } });
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'Content-Type': 'application/json' } });
    },
  });
  return { api, asked };
}

afterEach(() => {
  takeFirstReads('');
  vi.useRealTimers();
});

describe("the editor's first reads, asked as the app starts", () => {
  it('on a page address asks the document and that page, light and in the first language', () => {
    const { api, asked } = server();
    askFirstReads(api, '/sites/example.com/pages/blog/post');
    const first = takeFirstReads('example.com');
    expect(first?.query).toBe('blog|post,light,,patch');
    return Promise.all([first!.document, first!.preview]).then(() =>
      expect(asked).toEqual([
        '/api/sites/example.com?expand=pages%7Cstyle%7Cglobals%7Cpublish%7CsamplePages%7Cversions',
        '/api/sites/example.com/preview?preview=blog%7Cpost%2Clight%2C%2Cpatch',
      ]),
    );
  });

  it('asks nothing on other addresses, or on a malformed escape', async () => {
    const { api, asked } = server();
    for (const path of ['/', '/sites/example.com/cms', '/sites/example.com/design-theme', '/sites/%E0%A4%A/pages'])
      askFirstReads(api, path);
    await Promise.resolve();
    expect(asked).toEqual([]);
    expect(takeFirstReads('example.com')).toBeNull();
  });

  it('gives them once, to the site they were asked for, while fresh', () => {
    const { api } = server();
    askFirstReads(api, '/sites/example.com/pages');
    expect(takeFirstReads('other.com')).toBeNull();
    expect(takeFirstReads('example.com')).toBeNull(); // the wrong site's take ended them

    askFirstReads(api, '/sites/example.com/pages');
    expect(takeFirstReads('example.com')).not.toBeNull();
    expect(takeFirstReads('example.com')).toBeNull();

    vi.useFakeTimers();
    askFirstReads(api, '/sites/example.com/pages');
    vi.advanceTimersByTime(10_001);
    expect(takeFirstReads('example.com')).toBeNull();
  });

  it("are what the editor store's first load shows, without asking again", async () => {
    const { api, asked } = server();
    askFirstReads(api, '/sites/example.com/pages');
    const store = createEditorStore('example.com', { api, showError: () => undefined, userId: () => 1, storage: memoryStorage() });
    await store.getState().load();
    expect(asked.filter((a) => a.startsWith('/api/sites/example.com?'))).toHaveLength(1);
    expect(asked.filter((a) => a.startsWith('/api/sites/example.com/preview'))).toHaveLength(1);
    expect(store.getState().site?.id).toBe('example.com');
    expect(store.getState().preview?.html).toBe('<p>Home</p>');
  });

  it('are asked again by the store when the first ones failed to arrive', async () => {
    let down = true;
    const asked: string[] = [];
    const again = (request: Request) => {
      const path = new URL(request.url).pathname;
      asked.push(`again ${path}`);
      return Promise.resolve(
        path.endsWith('/preview')
          ? Response.json({ preview: { pageId: 'home', appearance: 'light', language: 'en', html: '<p>Again</p>', revision: 1 } })
          : Response.json({ id: 'example.com', nodes: {}, pages: [{ id: 'home', sections: [] }], settings: { languages: ['en'] } }),
      );
    };
    const api = createClient({
      baseUrl: 'http://app.test',
      fetch: (input) => (down ? Promise.reject(new TypeError('Failed to fetch')) : again(new Request(input))),
    });
    askFirstReads(api, '/sites/example.com/pages');
    await new Promise((resolve) => setTimeout(resolve, 0));
    down = false;
    const store = createEditorStore('example.com', { api, showError: () => undefined, userId: () => 1, storage: memoryStorage() });
    await store.getState().load();
    expect(store.getState().site?.id).toBe('example.com');
    expect(store.getState().preview?.html).toBe('<p>Again</p>');
    expect(asked).toEqual(['again /api/sites/example.com', 'again /api/sites/example.com/preview']);
  });
});
