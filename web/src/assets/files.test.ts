import { describe, expect, it } from 'vitest';
import { assetType, checkBatch, filterFiles, formatBytes, storageFull, tagsOf, type SiteFile } from './files.ts';
import { stockFileName, stockPhoto } from './stock.ts';

const file = (name: string, kind: SiteFile['kind'], used = true): SiteFile => ({
  id: name,
  name,
  kind,
  mime: 'x/y',
  size: 1,
  info: {},
  url: `/api/files/0/${name}`,
  original: null,
  originalSize: null,
  previewImage: null,
  variants: [],
  placeholder: false,
  dynamic: false,
  tags: [],
  used,
  created: '2026-01-01T00:00:00Z',
  modified: '2026-01-01T00:00:00Z',
});

const library = [file('hero.jpg', 'image'), file('logo.svg', 'svg', false), file('intro.mp4', 'video'), file('menu.pdf', 'file', false)];

describe('the asset library filters', () => {
  it('narrows by sidebar type, "Not used" and a name search', () => {
    const names = (type: Parameters<typeof filterFiles>[1], search = '') => filterFiles(library, type, search).map((f) => f.name);
    expect(names(null)).toEqual(['hero.jpg', 'logo.svg', 'intro.mp4', 'menu.pdf']);
    expect(names('images')).toEqual(['hero.jpg']);
    expect(names('svgs')).toEqual(['logo.svg']);
    expect(names('videos')).toEqual(['intro.mp4']);
    expect(names('files')).toEqual(['menu.pdf']);
    expect(names('unused')).toEqual(['logo.svg', 'menu.pdf']);
    expect(names(null, ' ME')).toEqual(['menu.pdf']);
  });

  it('narrows by tag in any case, and lists every tag once with its count', () => {
    const tagged = [
      { ...file('hero.jpg', 'image'), tags: ['Autumn', 'hero'] },
      { ...file('soup.jpg', 'image'), tags: ['autumn'] },
      file('logo.svg', 'svg'),
    ];
    expect(filterFiles(tagged, null, '', 'AUTUMN').map((f) => f.name)).toEqual(['hero.jpg', 'soup.jpg']);
    expect(filterFiles(tagged, 'images', 'soup', 'autumn').map((f) => f.name)).toEqual(['soup.jpg']);
    expect(tagsOf(tagged)).toEqual([
      { tag: 'Autumn', count: 2 },
      { tag: 'hero', count: 1 },
    ]);
  });

  it('knows the route types and nothing else', () => {
    expect(assetType('unsplash')).toBe('unsplash');
    expect(assetType('upload')).toBeNull();
    expect(assetType('__proto__')).toBeNull();
  });
});

describe('a batch before it is sent (spec 002 §5)', () => {
  const picked = (name: string, size: number) => new File([new Uint8Array(size)], name);

  it('keeps files over 2097152 bytes back and finds the names the library has', () => {
    const big = picked('big.txt', 2_097_153);
    const edge = picked('edge.txt', 2_097_152);
    const again = picked('hero.jpg', 10);
    const check = checkBatch([big, edge, again], library);
    expect(check.tooLarge).toEqual([big]);
    expect(check.ready).toEqual([edge, again]);
    expect(check.existing).toEqual([again]);
  });

  it('calls storage full only when a limit is reached', () => {
    expect(storageFull({ used: 10, limit: 10, percent: 100 })).toBe(true);
    expect(storageFull({ used: 9, limit: 10, percent: 90 })).toBe(false);
    expect(storageFull({ used: 9e12, limit: null, percent: 0 })).toBe(false);
  });

  it('writes sizes as people read them', () => {
    expect([formatBytes(980), formatBytes(14_540), formatBytes(1_900_000)]).toEqual(['980 B', '14 kB', '1.8 MB']);
  });
});

describe('stock photos', () => {
  const answered =
    'https://images.unsplash.com/photo-1501785888041?ixid=abc&name=a+lake%3A+between+mountains%21&user=Ada+Photographer&color=%230c2626&blur_hash=L&w=6000&h=4000';

  it('reads the credit, a 288 px preview and an import address under 2560 px from the answered URL', () => {
    const photo = stockPhoto(answered)!;
    expect(photo).toMatchObject({ id: 'photo-1501785888041', name: 'a lake: between mountains!', user: 'Ada Photographer', width: 6000 });
    const preview = new URL(photo.preview);
    expect(Object.fromEntries(preview.searchParams)).toEqual({ ixid: 'abc', w: '288' });
    expect(new URL(photo.download).searchParams.get('w')).toBe('2560');
    expect(stockFileName(photo)).toBe('a lake between mountains.jpg');
  });

  it('ignores what is not an http address', () => {
    expect(stockPhoto('javascript:alert(1)')).toBeNull();
    expect(stockPhoto('not a url')).toBeNull();
  });
});
