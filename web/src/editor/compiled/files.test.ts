import { describe, expect, it } from 'vitest';
import { asCompiled, defaultFile, fileKind, folderTree, formatSize, isText } from './files.ts';

const files = [
  { path: '404.html', size: 100 },
  { path: 'contact/index.html', size: 200 },
  { path: 'styles.css', size: 300 },
  { path: 'robots.txt', size: 23 },
  { path: 'index.html', size: 400 },
  { path: 'sitemap.xml', size: 50 },
  { path: 'fi/index.html', size: 410 },
  { path: 'fi/menu/index.html', size: 150 },
  { path: 'images/hero-640.webp', size: 9000 },
  { path: 'images/hero-1280.webp', size: 20000 },
];

describe('compiled files', () => {
  it('shows the root with index.html, 404.html, sitemap.xml and robots.txt first, then by name', () => {
    const root = folderTree(files);
    expect(root.files.map((f) => f.name)).toEqual(['index.html', '404.html', 'sitemap.xml', 'robots.txt', 'styles.css']);
    expect(root.count).toBe(10);
    expect(root.size).toBe(30633);
  });

  it('groups page, language and image folders, nested, with their counts and sizes', () => {
    const root = folderTree(files);
    expect(root.folders.map((f) => f.path)).toEqual(['contact', 'fi', 'images']);
    const fi = root.folders.find((f) => f.name === 'fi')!;
    expect(fi.files.map((f) => f.path)).toEqual(['fi/index.html']);
    expect(fi.folders[0]).toMatchObject({ path: 'fi/menu', count: 1, size: 150 });
    expect(fi).toMatchObject({ count: 2, size: 560 });
    expect(root.folders.find((f) => f.name === 'images')!.files.map((f) => f.name)).toEqual(['hero-1280.webp', 'hero-640.webp']);
  });

  it('tells how a file is shown by its extension', () => {
    expect(fileKind('index.html')).toBe('html');
    expect(fileKind('sitemap.xml')).toBe('xml');
    expect(fileKind('robots.txt')).toBe('text');
    expect(fileKind('styles.css')).toBe('css');
    expect(fileKind('images/a.WEBP')).toBe('image');
    expect(fileKind('logo.svg')).toBe('image');
    expect(fileKind('CNAME')).toBe('other');
    expect(fileKind('archive.zip')).toBe('other');
    expect(isText('xml')).toBe(true);
    expect(isText('image')).toBe(false);
  });

  it('formats sizes and opens on the home page', () => {
    expect(formatSize(274)).toBe('274 B');
    expect(formatSize(48780)).toBe('48.8 kB');
    expect(formatSize(2_400_000)).toBe('2.4 MB');
    expect(defaultFile(files)).toBe('index.html');
    expect(defaultFile([{ path: 'a.txt', size: 1 }])).toBe('a.txt');
    expect(defaultFile([])).toBeNull();
  });

  it('shows a page as it was compiled, without the view link’s prefix on its addresses', () => {
    const prefix = '/api/sites/a.example.com/view/s3cr3t';
    const served = `<link href="${prefix}/styles.css"><a href="${prefix}/about/">About</a><a href="https://example.org/">x</a>`;
    expect(asCompiled(served, prefix)).toBe('<link href="/styles.css"><a href="/about/">About</a><a href="https://example.org/">x</a>');
    expect(asCompiled('no links', '')).toBe('no links');
  });
});
