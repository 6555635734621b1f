import { describe, expect, it } from 'vitest';
import { editorForTest, page } from '../store/testing.ts';
import { previewSite, visitorPath } from './preview.ts';
import { perform } from './registry.ts';

const pages = [
  page('home', [], { slug: { _loc: true, en: '', fi: 'fi' } as never }),
  page('about', [], { slug: { _loc: true, en: 'about-us', fi: 'tietoa' } as never }),
  page('posts/:slug', [], { slug: 'posts/:slug' }),
];
const site = { settings: { languages: ['en', 'fi'] } } as never;

describe('the visitor preview', () => {
  it("opens the page at its slug, under the language's folder for any language but the first", () => {
    expect(visitorPath({ pages, pageId: 'home', language: 'en', site })).toBe('');
    expect(visitorPath({ pages, pageId: 'about', language: 'en', site })).toBe('about-us/');
    expect(visitorPath({ pages, pageId: 'home', language: 'fi', site })).toBe('fi/');
    expect(visitorPath({ pages, pageId: 'about', language: 'fi', site })).toBe('fi/tietoa/');
    expect(visitorPath({ pages, pageId: 'posts/:slug', language: 'en', site })).toBe('');
  });

  it('asks the server for a link and opens the tab at its path, on the address the app was reached at', async () => {
    const t = editorForTest({
      pages,
      handle: [
        (r) =>
          r.method === 'POST' && r.path.endsWith('/view')
            ? { status: 201, body: { url: 'http://x/api/sites/example.com/view/abc/', expiresAt: '2026-11-25T16:00:00Z' } }
            : undefined,
      ],
    });
    await t.store.getState().load();
    t.store.getState().setPage('about');
    await perform(t.ctx, previewSite, undefined);
    // The server names itself by its PUBLIC_URL (http://x); the tab opens the path where the app is.
    expect(t.opened).toEqual(['/api/sites/example.com/view/abc/about-us/']);
  });
});
