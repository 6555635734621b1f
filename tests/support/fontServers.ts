import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** A real WOFF2 file from a package the server depends on: what the stand-in serves for every face. */
export const SAMPLE_WOFF2 = fs.readFileSync(
  path.join(path.dirname(require.resolve('@fontsource/dm-sans/package.json')), 'files', 'dm-sans-latin-400-normal.woff2'),
);

/** Families the stand-in knows, as Fontsource describes them (a subset of their subsets and weights). */
const FAMILIES: Record<string, { family: string; category: string; weights: number[]; styles: string[] }> = {
  lobster: { family: 'Lobster', category: 'display', weights: [400], styles: ['normal'] },
  pacifico: { family: 'Pacifico', category: 'handwriting', weights: [400], styles: ['normal'] },
  lora: { family: 'Lora', category: 'serif', weights: [400, 500, 600, 700], styles: ['italic', 'normal'] },
};
const SUBSETS = ['cyrillic', 'latin', 'latin-ext', 'vietnamese'];
const RANGES: Record<string, string> = {
  cyrillic: 'U+0301,U+0400-045F,U+0490-0491,U+04B0-04B1,U+2116',
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  vietnamese:
    'U+0102-0103,U+0110-0111,U+0128-0129,U+0168-0169,U+01A0-01A1,U+01AF-01B0,U+0300-0301,U+0303-0304,U+0308-0309,U+0323,U+0329,U+1EA0-1EF9,U+20AB',
};

/**
 * A local Fontsource: `GET /v1/fonts/{id}` answers the family's metadata as api.fontsource.org does
 * (id, family, subsets, weights, styles, unicodeRange, defSubset, variable, category, type, and
 * `variants[weight][style][subset].url.{woff2,woff,ttf}`), its file URLs pointing at this server's
 * `/fontsource/fonts/{id}@latest/{subset}-{weight}-{style}.woff2` as Fontsource's CDN names them.
 * `calls` records every request's path.
 */
export async function fontSourceServer() {
  const state = { calls: [] as string[] };
  let base = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    state.calls.push(url.pathname);
    const meta = /^\/v1\/fonts\/([a-z0-9-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && meta) {
      const id = meta[1]!;
      const f = FAMILIES[id];
      if (!f) return void res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Not Found' }));
      const variants: Record<string, Record<string, Record<string, { url: Record<string, string> }>>> = {};
      for (const w of f.weights)
        for (const style of f.styles)
          for (const subset of SUBSETS) {
            const file = `${base}/fontsource/fonts/${id}@latest/${subset}-${w}-${style}`;
            ((variants[w] ??= {})[style] ??= {})[subset] = { url: { woff2: `${file}.woff2`, woff: `${file}.woff`, ttf: `${file}.ttf` } };
          }
      const body = {
        id,
        family: f.family,
        subsets: SUBSETS,
        weights: f.weights,
        styles: f.styles,
        unicodeRange: RANGES,
        defSubset: 'latin',
        variable: false,
        lastModified: '2025-09-02',
        category: f.category,
        version: 'v23',
        type: 'google',
        variants,
      };
      return void res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    }
    const file = /^\/fontsource\/fonts\/([a-z0-9-]+)@latest\/([a-z-]+)-(\d{3})-(normal|italic)\.woff2$/.exec(url.pathname);
    if (req.method === 'GET' && file && FAMILIES[file[1]!])
      return void res.writeHead(200, { 'Content-Type': 'font/woff2' }).end(SAMPLE_WOFF2);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The address of a font source no one answers at (a port opened and closed again): a server without network. */
export async function unreachableFontSource(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return url;
}
