import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, multipart } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic, domain } from '../support/team.js';
import { readZip } from '../support/zip.js';

/**
 * A site made the way a user makes one (POST /sites from a template) is edited, previewed and
 * published end to end: the pictures the template shows and the files the owner uploads reach both
 * the editor's preview and the published site.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

type Node = { id: string; type: string; data: Record<string, unknown> };

async function templateSite(templateId: string) {
  const { api, session } = await t.signup('Owner');
  const siteId = domain();
  const created = await api.POST('/sites', { body: { name: 'My shop', siteId, templateId } });
  expect(created.response.status).toBe(201);
  return { api, siteId, token: session.token };
}

/** A Launch site with team.png (1600×900) uploaded, and the first image component of its pages. */
async function siteWithUpload() {
  const { api, siteId, token } = await templateSite('launch');
  const { body, contentType } = multipart([{ field: 'file0', filename: 'team.png', data: await fixtures.png(1600, 900) }]);
  const upload = await fetch(`${t.url}/api/sites/${siteId}/files`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: basic(token) },
    body,
  });
  expect(upload.status).toBe(201);
  const { data } = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'pages' } } });
  const image = Object.values((data as unknown as { nodes: Record<string, Node> }).nodes).find((n) => n.type === 'image')!;
  return { api, siteId, image };
}

describe('a site made from a template', () => {
  it.each(['launch', 'folio', 'journal', 'bistro'])(
    '%s: opens in the editor, takes an edit with its preview, and undoes it',
    async (templateId) => {
      const { api, siteId } = await templateSite(templateId);
      const { data, response } = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'all' } } });
      expect(response.status).toBe(200);
      const nodes = Object.values((data as unknown as { nodes: Record<string, Node> }).nodes);
      const heading = nodes.find((n) => n.type === 'heading' && n.data['_options.tag'] === 'h1')!;
      expect(heading).toBeDefined();
      const edit = await api.PATCH('/sites/{siteId}/components/{componentId}', {
        params: { path: { siteId, componentId: heading.id }, query: { preview: 'home,light' } },
        body: { data: { value: 'A brand new heading' } },
      });
      expect(edit.response.status).toBe(200);
      expect(edit.response.headers.get('X-History')).toMatch(/^1\|0\|1$/);
      const html = edit.data!.preview!.html!;
      expect(html).toMatch(/^<!doctype html>/i);
      expect(html).toContain('A brand new heading');
      const pictures = [...html.matchAll(/src="(\/template-assets\/[^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
      expect(pictures.length).toBeGreaterThan(0);
      for (const url of pictures) {
        const picture = await fetch(`${t.url}${url}`);
        expect(picture.status, url).toBe(200);
        expect(picture.headers.get('content-type'), url).toMatch(/^image\/(svg\+xml|png)/);
      }
      const undo = await api.PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId } } });
      expect(undo.response.headers.get('X-History')).toMatch(/^0\|1\|\d+$/);
    },
  );

  it('publishes with the template pictures and the uploaded files (and their resized copies) inside the zip', async () => {
    const { api, siteId, image } = await siteWithUpload();
    const edit = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: image.id }, query: { preview: 'home,light' } },
      body: { data: { value: 'team.png' } },
    });
    // The preview loads the upload from where the server keeps it...
    expect(edit.data!.preview!.html).toMatch(/src="\/api\/files\/[0-9a-f]{32}\/team\.png[^"]*"/);
    // ...the published site from its own folder.
    const compiled = await api.GET('/sites/{siteId}/compiled', { params: { path: { siteId } } });
    const paths = compiled.data!.files.map((f) => f.path);
    expect(paths).toContain('assets/team.png');
    // ...with the copies sharp made for narrower screens.
    expect(paths).toEqual(expect.arrayContaining(['assets/_w640/team.png.webp', 'assets/_w1280/team.png.webp']));
    const pictures = paths.filter((p) => p.startsWith('template-assets/launch/'));
    expect(pictures.length).toBeGreaterThan(3);
    expect(pictures).toContain('template-assets/launch/share.png');
    const published = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
    expect(published.data!.files.map((f) => f.path)).toEqual(paths);
  });

  it('publishes an image at the quality its setting names: the copies made by sharp while the compile thread renders', async () => {
    const { api, siteId, image } = await siteWithUpload();
    const edit = await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: image.id } },
      body: { data: { value: 'team.png', quality: 40 } },
    });
    expect(edit.response.status).toBe(200);

    const published = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
    expect(published.response.status).toBe(200);
    const zip = await readZip(Buffer.from(await (await fetch(published.data!.download.url)).arrayBuffer()));
    // The page shows the copy at quality 40, and its srcset the narrower ones at the same quality.
    const home = zip.get('index.html')!.toString('utf8');
    expect(home).toContain('src="/assets/_pw/w0-q40/team.png.webp"');
    expect(home).toContain('/assets/_pw/w640-q40/team.png.webp 640w');
    for (const path of ['assets/_pw/w0-q40/team.png.webp', 'assets/_pw/w640-q40/team.png.webp', 'assets/_pw/w1280-q40/team.png.webp']) {
      const bytes = zip.get(path);
      expect(bytes, path).toBeDefined();
      // A WebP file (RIFF....WEBP), smaller than the original upload.
      expect(bytes!.subarray(0, 4).toString('latin1'), path).toBe('RIFF');
      expect(bytes!.subarray(8, 12).toString('latin1'), path).toBe('WEBP');
      expect(bytes!.length, path).toBeLessThan(zip.get('assets/team.png')!.length);
    }
  });
});
