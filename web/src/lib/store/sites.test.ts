// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('the sites list', () => {
  it('is read once when a screen asks while the read the app began at start is on its way', async () => {
    // The build's name, which the app's bundle has defined (vite.config.ts `define`) and a test run from the root has not.
    vi.stubGlobal('__BUILD__', 'test');
    const asked: string[] = [];
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal('fetch', (request: Request) => {
      asked.push(new URL(request.url).pathname);
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    const { useStore } = await import('./index.ts');
    const first = useStore.getState().loadSites();
    const second = useStore.getState().loadSites();
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    answer(Response.json([{ id: 'example.com', name: 'Example' }]));
    await Promise.all([first, second]);
    expect(asked).toEqual(['/api/sites']);
    expect(useStore.getState().sites.map((s) => s.id)).toEqual(['example.com']);

    // Read again once answered: the sites screen's visit shows sites created elsewhere since.
    const third = useStore.getState().loadSites();
    await vi.waitFor(() => expect(asked).toHaveLength(2));
    answer(
      Response.json([
        { id: 'example.com', name: 'Example' },
        { id: 'other.com', name: 'Other' },
      ]),
    );
    await third;
    expect(asked).toEqual(['/api/sites', '/api/sites']);
    expect(useStore.getState().sites.map((s) => s.id)).toEqual(['example.com', 'other.com']);
  });
});
