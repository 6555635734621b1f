import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseColors, templateArt, templateAsset, templateAssetNames, templateAssets } from '../../server/src/templates/assets.js';
import { findTemplate, siteFromTemplate } from '../../server/src/templates/catalog.js';
import { sectionLibrary } from '../../server/src/templates/sections.js';

/** Every /template-assets/ URL a value holds. */
const urlsIn = (value: unknown): string[] => JSON.stringify(value).match(/\/template-assets\/[^"\\]+/g) ?? [];

describe('template pictures', () => {
  it.each(['launch', 'folio', 'journal', 'bistro'])(
    'every picture the %s template names is drawn, and is a well-formed image',
    async (id) => {
      const doc = siteFromTemplate(findTemplate(id)!, 'Acme', findTemplate(id)!.theme);
      const urls = [...new Set(urlsIn(doc))];
      expect(urls.length).toBeGreaterThan(5);
      for (const url of urls) {
        const [, template, file] = /^\/template-assets\/([^/]+)\/([^?]+)/.exec(url)!;
        const asset = await templateAsset(template!, file!);
        expect(asset, url).toBeDefined();
        const meta = await sharp(asset!.bytes).metadata();
        expect(meta.width, url).toBeGreaterThan(90);
        expect(asset!.contentType).toBe(file!.endsWith('.png') ? 'image/png' : 'image/svg+xml');
      }
    },
  );

  it('draws every picture of the section library', async () => {
    const urls = new Set(sectionLibrary.flatMap((s) => urlsIn(s.build())));
    expect(urls.size).toBeGreaterThan(10);
    for (const url of urls) {
      const [, template, file] = /^\/template-assets\/([^/]+)\/([^?]+)/.exec(url)!;
      expect(await templateAsset(template!, file!), url).toBeDefined();
    }
  });

  it('draws in the colours asked for', async () => {
    const own = (await templateAsset('launch', 'product.svg'))!.bytes.toString();
    const other = (await templateAsset('launch', 'product.svg', { primary: '#aa0000', secondary: '#00aa00' }))!.bytes.toString();
    expect(own).toContain('#3e64de');
    expect(other).toContain('#aa0000');
    expect(other).not.toContain('#3e64de');
    expect(templateArt('launch', { primary: '#AA0000', secondary: '#00aa00' })('product.svg')).toBe(
      '/template-assets/launch/product.svg?c=aa0000-00aa00',
    );
    expect(templateArt('launch', { primary: '#3e64de', secondary: '#10a6e9' })('product.svg')).toBe('/template-assets/launch/product.svg');
    expect(parseColors('aa0000-00aa00')).toEqual({ primary: '#aa0000', secondary: '#00aa00' });
    expect(parseColors('red-blue')).toBeUndefined();
    expect(parseColors(undefined)).toBeUndefined();
  });

  it('makes a 1200×630 PNG share picture for social networks', async () => {
    const share = (await templateAsset('bistro', 'share.png'))!;
    const meta = await sharp(share.bytes).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });

  it('answers nothing for unknown templates and files', () => {
    expect(templateAsset('nope', 'product.svg')).toBeUndefined();
    expect(templateAsset('launch', 'nope.svg')).toBeUndefined();
    expect(templateAsset('launch', '../catalog.ts')).toBeUndefined();
    expect(templateAsset('constructor', 'call')).toBeUndefined();
    expect(templateAsset('launch', 'constructor')).toBeUndefined();
  });

  it('yields every picture of a template as files for a new site', async () => {
    const files = await templateAssets('journal', { primary: '#112233', secondary: '#445566' });
    expect(files.map((f) => f.name).sort()).toEqual(templateAssetNames('journal').sort());
    for (const f of files) expect(f.bytes.length).toBeGreaterThan(100);
    expect(files.find((f) => f.name === 'post-1.svg')!.bytes.toString()).toContain('#112233');
  });
});
