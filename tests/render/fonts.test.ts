import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite, renderPage } from '../../server/src/render/index.js';
import {
  fallbackFace,
  fallbackOverrides,
  fontFaces,
  fontMetrics,
  fontStack,
  preloadFaces,
  siteFontFaces,
  subsetsFor,
} from '../../server/src/render/fonts.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { makeDoc } from './fixtures.js';
import { NOW, dom } from './helpers.js';

const require = createRequire(import.meta.url);
const packageFile = (id: string, file: string) =>
  fs.readFileSync(path.join(path.dirname(require.resolve(`@fontsource/${id}/package.json`)), 'files', file));

const bistroFonts = () => {
  const doc = makeDoc();
  doc.theme.fonts = {
    heading: { family: 'Fraunces', normal: [500, 600, 700], italic: [500] },
    sans: { family: 'Source Sans 3', normal: [400, 600, 700], italic: [400] },
  };
  return doc;
};

describe('the fonts a site uses', () => {
  it('are the weights and styles the theme names, in the latin subset for English', () => {
    const faces = fontFaces({ family: 'Fraunces', normal: [500, 700], italic: [500] }, ['en']);
    expect(faces.map((f) => f.file)).toEqual([
      'fraunces-latin-500-normal.woff2',
      'fraunces-latin-700-normal.woff2',
      'fraunces-latin-500-italic.woff2',
    ]);
    expect(faces.every((f) => f.family === 'Fraunces' && f.unicodeRange === undefined)).toBe(true);
  });

  it('snap a weight the family lacks to its nearest one, and take 400 when none is named', () => {
    // Space Grotesk has 300–700 upright only.
    expect(fontFaces({ family: 'Space Grotesk', normal: [900], italic: [400] }, ['en']).map((f) => f.file)).toEqual([
      'space-grotesk-latin-700-normal.woff2',
    ]);
    expect(fontFaces({ family: 'Inter', normal: [], italic: [] }, ['en']).map((f) => f.file)).toEqual(['inter-latin-400-normal.woff2']);
  });

  it('add the subsets the languages need, each limited to its characters', () => {
    expect(subsetsFor(['en', 'fi', 'sv'], ['latin', 'latin-ext', 'cyrillic'])).toEqual(['latin']);
    expect(subsetsFor(['en', 'et', 'ru'], ['latin', 'latin-ext', 'cyrillic'])).toEqual(['latin', 'latin-ext', 'cyrillic']);
    expect(subsetsFor(['el'], ['latin', 'latin-ext'])).toEqual(['latin']);
    const faces = fontFaces({ family: 'Inter', normal: [400], italic: [] }, ['en', 'pl']);
    expect(faces.map((f) => f.subset)).toEqual(['latin', 'latin-ext']);
    expect(faces[1]!.unicodeRange).toMatch(/^U\+0100-02BA/);
    expect(faces[0]!.unicodeRange).toMatch(/^U\+0000-00FF/);
  });

  it('are none for a family no package has: with "Download webfonts" no font service is asked, its metric-matched local fallback takes its room', () => {
    const doc = makeDoc();
    // Lora and Roboto are in the font picker's list (GET /fonts) but no @fontsource package the server has.
    doc.theme.fonts.heading = { family: 'Lora', normal: [700], italic: [] };
    doc.theme.fonts.sans = { family: 'Roboto', normal: [400], italic: [] };
    doc.settings.compile = { downloadFonts: true };
    expect(fontFaces(doc.theme.fonts.heading, ['en'])).toEqual([]);
    for (const mode of ['compile', 'preview'] as const) {
      const html = renderPage(doc, 'home', { mode, now: NOW }).html;
      expect(html).not.toMatch(/googleapis|gstatic|https?:\/\/[^"']*\.woff2/);
      const head = dom(html).querySelector('head')!;
      expect(head.querySelector('link[rel=stylesheet][href^="http"]')).toBeNull();
      expect(head.querySelector('link[rel=preconnect]')).toBeNull();
      const style = head
        .querySelectorAll('style')
        .map((el) => el.textContent)
        .join('');
      expect(style).toMatch(/@font-face\{font-family:"Lora Fallback";src:local\("Times New Roman"\)[^}]*size-adjust:\d/);
      expect(style).toMatch(/@font-face\{font-family:"Roboto Fallback";src:local\("Arial"\)[^}]*size-adjust:\d/);
    }
    expect(fontStack(doc.theme.fonts.heading, 'sans-serif')).toBe('"Lora", "Lora Fallback", ui-serif, Georgia, serif');
    expect(fontStack(doc.theme.fonts.sans, 'sans-serif')).toBe('"Roboto", "Roboto Fallback", sans-serif');
    // A family Capsize has no metrics for is named, then the generic: still nothing fetched.
    expect(fontStack({ family: 'Nowhere Grotesk', normal: [400], italic: [] }, 'sans-serif')).toBe('"Nowhere Grotesk", sans-serif');
  });

  it('are linked from the font service in a compiled site without "Download webfonts", never in the preview, never for a packaged family', () => {
    const doc = makeDoc();
    doc.theme.fonts.heading = { family: 'Lora', normal: [700], italic: [400] };
    doc.theme.fonts.sans = { family: 'Inter', normal: [400], italic: [] };
    const head = (mode: 'compile' | 'preview') => dom(renderPage(doc, 'home', { mode, now: NOW }).html).querySelector('head')!;
    const link = head('compile').querySelector('link[rel=stylesheet][href^="https://fonts.googleapis.com/"]');
    expect(link?.getAttribute('href')).toBe('https://fonts.googleapis.com/css2?family=Lora:ital,wght@0,700;1,400&display=swap');
    // Inter is packaged: its faces come from the site itself, so the service is asked for Lora alone.
    expect(head('compile').toString()).toMatch(/url\(\/fonts\/inter-latin-400-normal\.woff2\)/);
    expect(head('preview').toString()).not.toMatch(/googleapis|gstatic/);
    doc.settings.compile = { downloadFonts: true };
    expect(head('compile').toString()).not.toMatch(/googleapis|gstatic/);
  });

  it('every family of the font picker is either packaged or has metrics for its fallback', () => {
    const picker = JSON.parse(fs.readFileSync(new URL('../../server/src/model/data/fonts.json', import.meta.url), 'utf8')) as {
      family: string;
      category: string;
    }[];
    const without = picker.filter(
      (f) => !fontFaces({ family: f.family, normal: [400], italic: [] }, ['en']).length && !fontMetrics(f.family),
    );
    expect(without.map((f) => f.family)).toEqual([]);
    // Capsize's names keep the capitals after the first letter (DM Sans is dMSans).
    expect(fontMetrics('DM Sans')?.unitsPerEm).toBeGreaterThan(0);
    expect(fontMetrics('IBM Plex Sans')?.unitsPerEm).toBeGreaterThan(0);
  });

  it('preload the heading and body faces a first paint shows', () => {
    const doc = bistroFonts();
    expect(preloadFaces(doc, siteFontFaces(doc)).map((f) => f.file)).toEqual([
      'fraunces-latin-700-normal.woff2',
      'source-sans-3-latin-400-normal.woff2',
    ]);
  });
});

describe('the metric-matched fallback', () => {
  it('scales the local font to the web font’s average width and takes its vertical metrics', () => {
    const web = { ascent: 1900, descent: -500, lineGap: 100, unitsPerEm: 2000, xWidthAvg: 1000 };
    const local = { ascent: 1854, descent: -434, lineGap: 67, unitsPerEm: 2048, xWidthAvg: 1024 };
    // 0.5 / 0.5 = 100%; then ascent 1900 / 2000 = 95%.
    expect(fallbackOverrides(web, local)).toEqual({
      sizeAdjust: '100%',
      ascentOverride: '95%',
      descentOverride: '25%',
      lineGapOverride: '5%',
    });
    expect(fallbackOverrides({ ...web, xWidthAvg: 1100 }, local).sizeAdjust).toBe('110%');
    expect(fallbackOverrides({ ...web, xWidthAvg: 1100 }, local).ascentOverride).toBe('86.36%');
  });

  it('is Times New Roman for a serif family and Arial for a sans one, with the overrides from their metrics', () => {
    const serif = fallbackFace('Fraunces', 'serif');
    expect(serif).toContain('font-family:"Fraunces Fallback";src:local("Times New Roman"), local("Liberation Serif")');
    const o = fallbackOverrides(fontMetrics('Fraunces')!, fontMetrics('Times New Roman')!);
    expect(serif).toContain(`size-adjust:${o.sizeAdjust};ascent-override:${o.ascentOverride};descent-override:${o.descentOverride}`);
    expect(Number.parseFloat(o.sizeAdjust)).toBeGreaterThan(100);
    expect(fallbackFace('Inter', 'sans-serif')).toMatch(/src:local\("Arial"\).*size-adjust:1\d\d\.\d+%/);
  });

  it('comes right after the family in the theme’s font stacks, with a serif generic for a serif family', () => {
    expect(fontStack({ family: 'Fraunces', normal: [400], italic: [] }, 'ui-sans-serif, system-ui, sans-serif')).toBe(
      '"Fraunces", "Fraunces Fallback", ui-serif, Georgia, serif',
    );
    expect(fontStack({ family: 'Inter', normal: [400], italic: [] }, 'ui-sans-serif, sans-serif')).toBe(
      '"Inter", "Inter Fallback", ui-sans-serif, sans-serif',
    );
    expect(fontStack({ family: 'Lobster', normal: [400], italic: [] }, 'sans-serif')).toBe('"Lobster", "Lobster Fallback", sans-serif');
  });
});

describe('a compiled site’s fonts', () => {
  it('are copied from the packages into fonts/, only those the theme uses', async () => {
    const { files } = await compileSite(bistroFonts(), { now: NOW });
    const fonts = [...files.keys()].filter((f) => f.startsWith('fonts/')).sort();
    expect(fonts).toEqual(
      [
        'fraunces-latin-500-normal.woff2',
        'fraunces-latin-600-normal.woff2',
        'fraunces-latin-700-normal.woff2',
        'fraunces-latin-500-italic.woff2',
        'source-sans-3-latin-400-normal.woff2',
        'source-sans-3-latin-600-normal.woff2',
        'source-sans-3-latin-700-normal.woff2',
        'source-sans-3-latin-400-italic.woff2',
      ]
        .map((f) => `fonts/${f}`)
        .sort(),
    );
    expect(
      Buffer.compare(
        files.get('fonts/fraunces-latin-700-normal.woff2') as Buffer,
        packageFile('fraunces', 'fraunces-latin-700-normal.woff2'),
      ),
    ).toBe(0);
  });

  it('are declared in each page with font-display swap and preloaded, with no font service in sight', async () => {
    const { files } = await compileSite(bistroFonts(), { now: NOW });
    const html = String(files.get('index.html'));
    const head = dom(html).querySelector('head')!;
    expect(html).not.toContain('fonts.googleapis.com');
    expect(html).not.toContain('fonts.gstatic.com');
    const preloads = head.querySelectorAll('link[rel=preload][as=font]');
    expect(preloads.map((l) => l.getAttribute('href'))).toEqual([
      '/fonts/fraunces-latin-700-normal.woff2',
      '/fonts/source-sans-3-latin-400-normal.woff2',
    ]);
    expect(preloads.every((l) => l.hasAttribute('crossorigin') && l.getAttribute('type') === 'font/woff2')).toBe(true);
    const css = head
      .querySelectorAll('style')
      .map((s) => s.text)
      .join('');
    expect(css).toContain(
      '@font-face{font-family:"Fraunces";font-style:italic;font-weight:500;font-display:swap;src:url(/fonts/fraunces-latin-500-italic.woff2) format("woff2")}',
    );
    expect(css).toContain('font-family:"Source Sans 3 Fallback"');
    expect(String(files.get('styles.css'))).toContain('"Fraunces", "Fraunces Fallback", ui-serif');
  });

  it('come from the server in the editor’s preview', () => {
    const html = renderPage(bistroFonts(), 'home', { mode: 'preview', now: NOW, apiBase: 'https://app.example.com/' }).html;
    expect(html).toContain('src:url(https://app.example.com/api/fonts/files/fraunces-latin-600-normal.woff2) format("woff2")');
    expect(html).not.toContain('fonts.googleapis.com');
  });
});

describe('GET /api/fonts/files/{file}', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves a packaged woff2 file to any origin, cacheable', async () => {
    const res = await contractFetch(t.url)(`${t.url}/api/fonts/files/inter-latin-400-normal.woff2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/woff2');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), packageFile('inter', 'inter-latin-400-normal.woff2'))).toBe(0);
  });

  it('answers 404 for a name that is not a packaged font file', async () => {
    for (const name of [
      'inter-latin-400-normal.woff',
      'lobster-latin-400-normal.woff2',
      '..%2Fpackage.json',
      'inter-latin-450-normal.woff2',
    ]) {
      const res = await contractFetch(t.url)(`${t.url}/api/fonts/files/${name}`);
      expect(res.status, name).toBe(404);
    }
  });
});
