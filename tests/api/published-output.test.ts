import { JSDOM } from 'jsdom';
import type { PagewrightClient } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fontSourceServer, SAMPLE_WOFF2, unreachableFontSource } from '../support/fontServers.js';
import { S3_CREDENTIALS, startS3 } from '../support/s3.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';
import { readZip } from '../support/zip.js';

/**
 * What a publish ships that crawlers and visitors depend on (issue 28): a sitemap valid under the
 * sitemap protocol (absolute addresses from the site's domain; none without one), and every font of
 * the picker self-hosted with "Download webfonts" (fetched once from the font source, kept in the
 * instance's storage, shipped as WOFF2 with the site's own @font-face).
 */

let t: TestServer;
let offline: TestServer;
let fonts: Awaited<ReturnType<typeof fontSourceServer>>;
let deadSource: string;

beforeAll(async () => {
  fonts = await fontSourceServer();
  deadSource = await unreachableFontSource();
  t = await startTestServer({ FONTS_URL: fonts.url });
  // An instance without network access: its font source cannot be reached.
  offline = await startTestServer({ FONTS_URL: deadSource });
});
afterAll(async () => {
  await t.close();
  await offline.close();
  await fonts.close();
});

async function templateSite(server: TestServer, templateId: string) {
  const { api } = await server.signup('Owner');
  const siteId = domain();
  const created = await api.POST('/sites', { body: { name: 'Acme', siteId, templateId } });
  expect(created.response.status).toBe(201);
  return { api, siteId };
}

const patchSettings = (api: PagewrightClient, siteId: string, body: Record<string, unknown>) =>
  api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: body as never });

/** Publishes as a download and reads the zip behind its link. */
async function publishedZip(server: TestServer, api: PagewrightClient, siteId: string): Promise<Map<string, Buffer>> {
  const { data, response } = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
  expect(response.status).toBe(200);
  const link = new URL(data!.download.url.replace(server.pw.deps.config.publicUrl, server.url), server.url);
  const zip = await fetch(link);
  expect(zip.status).toBe(200);
  return readZip(Buffer.from(await zip.arrayBuffer()));
}

const text = (files: Map<string, Buffer>, name: string) => files.get(name)!.toString('utf8');

async function useFonts(api: PagewrightClient, siteId: string, heading: string, sans: string) {
  for (const [role, family] of [
    ['heading', heading],
    ['sans', sans],
  ] as const) {
    const { response } = await api.PATCH('/sites/{siteId}/theme/fonts/{role}', {
      params: { path: { siteId, role } },
      body: { family, normal: [400] },
    });
    expect(response.status).toBe(200);
  }
}

describe('sitemap.xml', () => {
  it('with a domain: every <loc> and alternate is an absolute address on it, in a file valid under the sitemap protocol', async () => {
    const { api, siteId } = await templateSite(t, 'bistro');
    expect((await patchSettings(api, siteId, { compile: { domain: 'www.bistro.example' } })).response.status).toBe(200);
    const files = await publishedZip(t, api, siteId);

    // Well-formed XML (the parser throws otherwise), its root the protocol's urlset in its namespace.
    const sitemap = new JSDOM(text(files, 'sitemap.xml'), { contentType: 'application/xml' }).window.document;
    const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    expect(sitemap.documentElement.localName).toBe('urlset');
    expect(sitemap.documentElement.namespaceURI).toBe(NS);
    const urls = [...sitemap.documentElement.children];
    // The protocol: one <loc> per <url>, absolute http(s), at most 2,048 characters, at most 50,000 URLs.
    expect(urls.length).toBeGreaterThan(3);
    expect(urls.length).toBeLessThanOrEqual(50_000);
    const locs: string[] = [];
    for (const url of urls) {
      expect([url.namespaceURI, url.localName]).toEqual([NS, 'url']);
      const loc = [...url.children].filter((c) => c.namespaceURI === NS && c.localName === 'loc');
      expect(loc).toHaveLength(1);
      const address = loc[0]!.textContent ?? '';
      expect(address.length).toBeLessThanOrEqual(2048);
      expect(address).toMatch(/^https:\/\/www\.bistro\.example\//);
      expect(new URL(address).href).toBe(address);
      locs.push(address);
      for (const alt of url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link'))
        expect(alt.getAttribute('href')).toMatch(/^https:\/\/www\.bistro\.example\//);
    }
    // Bistro is in English and Finnish: both languages are listed.
    expect(locs).toEqual(expect.arrayContaining(['https://www.bistro.example/', 'https://www.bistro.example/fi/']));
    expect(text(files, 'robots.txt')).toContain('Sitemap: https://www.bistro.example/sitemap.xml');

    // Canonical and hreflang links of the pages are absolute too.
    const home = text(files, 'index.html');
    expect(home).toContain('<link rel="canonical" href="https://www.bistro.example/">');
    expect(home).toContain('<link rel="alternate" hreflang="fi" href="https://www.bistro.example/fi/">');
  });

  it('without a domain: no sitemap.xml is published, robots.txt names none, and no page has a relative canonical or alternate', async () => {
    const { api, siteId } = await templateSite(t, 'bistro');
    const files = await publishedZip(t, api, siteId);
    expect(files.has('sitemap.xml')).toBe(false);
    expect(files.has('index.html')).toBe(true);
    expect(text(files, 'robots.txt')).not.toContain('Sitemap');
    for (const [name, bytes] of files) {
      if (!name.endsWith('.html')) continue;
      const html = bytes.toString('utf8');
      for (const m of html.matchAll(/<link rel="(?:canonical|alternate)"[^>]*href="([^"]*)"/g)) expect(m[1], name).toMatch(/^https?:\/\//);
    }
    const { data } = await api.GET('/sites/{siteId}/compiled', { params: { path: { siteId } } });
    expect(data!.files.map((f) => f.path)).not.toContain('sitemap.xml');
  });
});

describe('Download webfonts', () => {
  it('ships a font no package has (Lobster, Pacifico) as WOFF2 in the zip with its @font-face, fetched from the source once over two compiles', async () => {
    const { api, siteId } = await templateSite(t, 'launch');
    await useFonts(api, siteId, 'Lobster', 'Pacifico');
    expect((await patchSettings(api, siteId, { compile: { downloadFonts: true } })).response.status).toBe(200);
    fonts.state.calls.length = 0;

    const files = await publishedZip(t, api, siteId);
    for (const id of ['lobster', 'pacifico']) {
      const file = `fonts/${id}-latin-400-normal.woff2`;
      expect(files.get(file)?.subarray(0, 4).toString('latin1'), file).toBe('wOF2');
      expect(files.get(file)!.equals(SAMPLE_WOFF2)).toBe(true);
    }
    const home = text(files, 'index.html');
    expect(home).toMatch(
      /@font-face\{font-family:"Lobster";font-style:normal;font-weight:400;font-display:swap;src:url\(\/fonts\/lobster-latin-400-normal\.woff2\) format\("woff2"\)/,
    );
    expect(home).toMatch(/@font-face\{font-family:"Pacifico";[^}]*src:url\(\/fonts\/pacifico-latin-400-normal\.woff2\) format\("woff2"\)/);
    // The heading's file arrives with the page; nothing is asked of a font service.
    expect(home).toContain('<link rel="preload" href="/fonts/lobster-latin-400-normal.woff2" as="font" type="font/woff2" crossorigin>');
    expect(home).not.toMatch(/googleapis|gstatic|fontsource|127\.0\.0\.1/);
    // The stylesheet names the families first.
    const css = files.has('styles.css') ? text(files, 'styles.css') : home;
    expect(css).toMatch(/--font-heading:\s*"Lobster"/);
    expect(css).toMatch(/--font-sans:\s*"Pacifico"/);

    const asked = [...fonts.state.calls].sort();
    expect(asked).toEqual([
      '/fontsource/fonts/lobster@latest/latin-400-normal.woff2',
      '/fontsource/fonts/pacifico@latest/latin-400-normal.woff2',
      '/v1/fonts/lobster',
      '/v1/fonts/pacifico',
    ]);
    // Kept in the instance's storage...
    expect(await t.pw.deps.storage.get('webfonts/lobster/lobster-latin-400-normal.woff2')).toEqual(SAMPLE_WOFF2);

    // ...so the next compile, of this site or another, asks the source nothing.
    const again = await publishedZip(t, api, siteId);
    expect(again.get('fonts/lobster-latin-400-normal.woff2')!.equals(SAMPLE_WOFF2)).toBe(true);
    const other = await templateSite(t, 'folio');
    await useFonts(other.api, other.siteId, 'Pacifico', 'Lobster');
    await patchSettings(other.api, other.siteId, { compile: { downloadFonts: true } });
    const third = await publishedZip(t, other.api, other.siteId);
    expect(third.has('fonts/pacifico-latin-400-normal.woff2')).toBe(true);
    expect(fonts.state.calls).toHaveLength(4);

    // The compile settings have nothing to report.
    const { data } = await api.GET('/sites/{siteId}/webfonts', { params: { path: { siteId } } });
    expect(data).toEqual({
      source: fonts.url,
      families: [
        { family: 'Lobster', state: 'stored' },
        { family: 'Pacifico', state: 'stored' },
      ],
      message: null,
    });
  });

  it('takes the subsets of the site languages and the weights and styles the theme names', async () => {
    const { api, siteId } = await templateSite(t, 'bistro');
    const { response } = await api.PATCH('/sites/{siteId}/theme/fonts/{role}', {
      params: { path: { siteId, role: 'heading' } },
      body: { family: 'Lora', normal: [400, 700], italic: [400] },
    });
    expect(response.status).toBe(200);
    await patchSettings(api, siteId, { compile: { downloadFonts: true } });
    const files = await publishedZip(t, api, siteId);
    const shipped = [...files.keys()].filter((f) => f.startsWith('fonts/lora-')).sort();
    // Bistro is English and Finnish: latin only (Finnish needs no latin-ext).
    expect(shipped).toEqual([
      'fonts/lora-latin-400-italic.woff2',
      'fonts/lora-latin-400-normal.woff2',
      'fonts/lora-latin-700-normal.woff2',
    ]);
  });

  describe('on an instance with an S3 store', () => {
    // A second instance (its own database, its own bucket) is started in the hook, so the test's own
    // time is the two compiles it checks.
    let s3: Awaited<ReturnType<typeof startS3>>;
    let source: Awaited<ReturnType<typeof fontSourceServer>>;
    let cloud: TestServer;
    beforeAll(async () => {
      s3 = await startS3(['pagewright']);
      source = await fontSourceServer();
      cloud = await startTestServer({ FONTS_URL: source.url, STORAGE_URL: s3.storageUrl('pagewright', 'files'), ...S3_CREDENTIALS });
    });
    afterAll(async () => {
      await cloud?.close();
      await source?.close();
      await s3?.close();
    });

    it('keeps the fetched files in the store, and ships them from there on the next compile', async () => {
      const { api, siteId } = await templateSite(cloud, 'journal');
      await useFonts(api, siteId, 'Pacifico', 'Lobster');
      await patchSettings(api, siteId, { compile: { downloadFonts: true } });
      const first = await publishedZip(cloud, api, siteId);
      expect(first.get('fonts/pacifico-latin-400-normal.woff2')!.equals(SAMPLE_WOFF2)).toBe(true);
      expect(await cloud.pw.deps.storage.get('webfonts/pacifico/pacifico-latin-400-normal.woff2')).toEqual(SAMPLE_WOFF2);
      expect(cloud.pw.deps.storage.description).toContain('s3://pagewright');
      const asked = source.state.calls.length;
      expect(asked).toBe(4);
      const second = await publishedZip(cloud, api, siteId);
      expect(second.get('fonts/lobster-latin-400-normal.woff2')!.equals(SAMPLE_WOFF2)).toBe(true);
      expect(source.state.calls).toHaveLength(asked);
    });
  });

  it('on an instance that cannot reach the font source: the setting says so, and the compile keeps the size-matched fallback', async () => {
    const { api, siteId } = await templateSite(offline, 'launch');
    await useFonts(api, siteId, 'Lobster', 'Pacifico');
    await patchSettings(api, siteId, { compile: { downloadFonts: true } });

    const { data } = await api.GET('/sites/{siteId}/webfonts', { params: { path: { siteId } } });
    expect(data!.families).toEqual([
      { family: 'Lobster', state: 'unavailable' },
      { family: 'Pacifico', state: 'unavailable' },
    ]);
    expect(data!.message).toBe(
      `The font source ${deadSource} cannot be reached from this server, so Lobster and Pacifico cannot be downloaded: ` +
        'the published site shows a size-matched system font in its place. Allow the server to reach it, or set FONTS_URL to a mirror.',
    );

    const files = await publishedZip(offline, api, siteId);
    expect([...files.keys()].filter((f) => f.startsWith('fonts/lobster') || f.startsWith('fonts/pacifico'))).toEqual([]);
    const home = text(files, 'index.html');
    expect(home).toContain('@font-face{font-family:"Lobster Fallback"');
    expect(home).not.toMatch(/googleapis|gstatic/);
  });
});
