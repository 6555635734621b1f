import { describe, expect, it } from 'vitest';
import { pageVersions, renderSettings } from './compile.js';
import { testDoc, testPage, testPosts } from './testing.js';

const versionsOf = (doc: ReturnType<typeof testDoc>) =>
  [...pageVersions(doc)].map(({ page, language, item }) => `${page.id} ${language}${item ? ` #${item._id}` : ''}`);

describe('the page files of a compile', () => {
  it('are each published page in each language, leaving out the header and footer', () => {
    const doc = testDoc({
      pages: [testPage('_before'), testPage('home', { slug: '' }), testPage('draft', { unpublished: true }), testPage('_after')],
    });
    doc.settings.languages = ['en', 'fi'];
    expect(versionsOf(doc)).toEqual(['home en', 'home fi']);
  });

  it('are only the languages the compile settings choose, and those a page exists in', () => {
    const doc = testDoc({ pages: [testPage('home', { slug: '' }), testPage('english', { languages: ['en'] })] });
    doc.settings.languages = ['en', 'fi', 'sv'];
    doc.settings.compile = { languages: ['fi', 'en'] };
    expect(versionsOf(doc)).toEqual(['home en', 'home fi', 'english en']);
  });

  it('are one per published item for a collection page, none when its collection is missing', () => {
    const posts = testPosts(3);
    posts.items[1]!.published = false;
    const doc = testDoc({
      pages: [testPage('blog/:slug', { content: 'posts' }), testPage('gone/:slug', { content: 'missing' })],
      collections: [posts],
    });
    expect(versionsOf(doc)).toEqual(['blog/:slug en #1', 'blog/:slug en #3']);
  });
});

describe('what the pages of a compile are rendered with', () => {
  it("serves the site's files from the CDN of the compile settings, other addresses as they are", () => {
    const doc = testDoc();
    doc.settings.compile = { cdnUrl: 'https://cdn.acme.test/' };
    const { assetUrl } = renderSettings(doc, {});
    expect(assetUrl?.('photo.jpg')).toBe('https://cdn.acme.test/assets/photo.jpg');
    expect(assetUrl?.('https://images.example.com/a.jpg')).toBe('https://images.example.com/a.jpg');
  });

  it('offers the resized copies of an image, narrowest first, and links the one stylesheet', () => {
    const variants = new Map([
      [1280, Buffer.from('')],
      [640, Buffer.from('')],
    ]);
    const settings = renderSettings(testDoc(), { images: new Map([['photo.jpg', { width: 2000, height: 1000, variants }]]) });
    expect(settings.image?.('photo.jpg')).toEqual({
      width: 2000,
      height: 1000,
      variants: [
        { width: 640, url: '/assets/_w640/photo.jpg.webp' },
        { width: 1280, url: '/assets/_w1280/photo.jpg.webp' },
      ],
    });
    expect(settings.cssHref).toBe('/styles.css');
  });
});
