import { describe, expect, it } from 'vitest';
import { filenameFromUrl, initialTab, isStockUrl, searchPlan, stockPhoto, tabsFor, uploadProblem } from './imageRules.ts';

const stock = 'https://images.unsplash.com/photo-1?ixid=x&name=lake&user=Ada+Photographer&color=%230c2626&blur_hash=L&w=6000&h=4000';
const assets = [{ name: 'hero.jpg' }, { name: 'team.png' }, { name: 'logo.webp' }];

describe('image picker state rules (spec 001 §4)', () => {
  it('initial tab: none gives Assets', () => {
    expect(initialTab(null, 'image')).toBe('assets');
    expect(initialTab('', 'image')).toBe('assets');
    expect(initialTab('hero.jpg', 'image')).toBe('assets');
  });

  it('initial tab: an external stock-photo URL gives Unsplash', () => {
    expect(initialTab(stock, 'image')).toBe('unsplash');
    expect(initialTab('http://127.0.0.1:9/photo?name=a&user=b&blur_hash=c', 'image')).toBe('unsplash');
    expect(isStockUrl('https://example.org/a.jpg')).toBe(false);
  });

  it('initial tab: any other URL gives URL', () => {
    expect(initialTab('https://example.org/a.jpg', 'image')).toBe('url');
    // The SVG type has no URL tab.
    expect(initialTab('https://example.org/a.svg', 'svg')).toBe('assets');
  });

  it('the SVG type offers only Assets and Upload', () => {
    expect(tabsFor('image')).toEqual(['assets', 'unsplash', 'upload', 'url']);
    expect(tabsFor('svg')).toEqual(['assets', 'upload']);
    expect(tabsFor('file')).toEqual(['assets', 'upload']);
  });

  it('search: under 3 characters filters the site assets', () => {
    expect(searchPlan('o', assets, 'image')).toEqual({ matches: [{ name: 'hero.jpg' }, { name: 'logo.webp' }], stock: null, chosen: null });
  });

  it('search: 3 or more searches the stock-photo service', () => {
    expect(searchPlan(' lake ', assets, 'image').stock).toBe('lake');
    expect(searchPlan('lake', assets, 'svg').stock).toBeNull();
  });

  it('search: a single match under 3 characters is chosen automatically', () => {
    expect(searchPlan('lo', assets, 'image').chosen).toEqual({ name: 'logo.webp' });
    expect(searchPlan('logo', assets, 'image').chosen).toBeNull();
  });
});

describe('upload checks (spec 001 §5)', () => {
  const none = new Set<string>();
  it("a file over 2097152 bytes is rejected 'File size exceeds max upload size'", () => {
    expect(uploadProblem({ name: 'big.jpg', size: 2_097_153 }, 'image', none, false)).toBe('File size exceeds max upload size');
    expect(uploadProblem({ name: 'ok.jpg', size: 2_097_152 }, 'image', none, false)).toBeNull();
  });

  it("an existing name is rejected 'File already exists' unless overwrite is on", () => {
    const existing = new Set(['hero.jpg']);
    expect(uploadProblem({ name: 'hero.jpg', size: 10 }, 'image', existing, false)).toBe('File already exists');
    expect(uploadProblem({ name: 'hero.jpg', size: 10 }, 'image', existing, true)).toBeNull();
  });

  it('raster accepts jpeg, jpg, png, gif, webp; SVG picking accepts svg only', () => {
    for (const name of ['a.jpeg', 'a.JPG', 'a.png', 'a.gif', 'a.webp'])
      expect(uploadProblem({ name, size: 1 }, 'image', none, false), name).toBeNull();
    expect(uploadProblem({ name: 'a.svg', size: 1 }, 'image', none, false)).not.toBeNull();
    expect(uploadProblem({ name: 'a.svg', size: 1 }, 'svg', none, false)).toBeNull();
    expect(uploadProblem({ name: 'a.png', size: 1 }, 'svg', none, false)).not.toBeNull();
    expect(uploadProblem({ name: 'a.pdf', size: 1 }, 'file', none, false)).toBeNull();
  });

  it("reads the stock photo's attribution and an import's default name", () => {
    expect(stockPhoto(stock)).toMatchObject({ name: 'lake', user: 'Ada Photographer', color: '#0c2626' });
    expect(filenameFromUrl('https://cdn.example.org/img/My%20Photo.jpg?x=1')).toBe('My-Photo.jpg');
  });
});
