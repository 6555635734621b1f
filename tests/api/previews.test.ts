import { parse } from 'node-html-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';

/**
 * Real previews in the app (issue 19, item 6): the gallery's Preview frame loads a template page,
 * rendered (GET /templates/{templateId}/pages/{pageId}/preview); the home cards' thumbnails are the
 * site's own home page (GET /sites/{siteId}/preview), which only those who may see the site get.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

const h1 = (html: string) => parse(html).querySelector('h1')?.textContent.trim() ?? '';
const templatePage = (templateId: string, pageId: string, query = '') =>
  fetch(`${t.url}/api/templates/${encodeURIComponent(templateId)}/pages/${encodeURIComponent(pageId)}/preview${query}`);

describe('GET /templates/{templateId}/pages/{pageId}/preview', () => {
  it('answers the page a new site made from the template shows, as a sandboxed, cacheable document', async () => {
    const { api } = await t.signup('Owner');
    const siteId = domain();
    expect((await api.POST('/sites', { body: { name: 'Bistro', siteId, templateId: 'bistro' } })).response.status).toBe(201);
    const site = await api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: 'home,light' } } });
    const siteHeading = h1(site.data!.preview.html!);
    expect(siteHeading).not.toBe('');

    const res = await templatePage('bistro', 'home');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const csp = res.headers.get('content-security-policy')!;
    expect(csp.split(/;\s*/)).toContain('sandbox');
    expect(csp).not.toMatch(/script-src/);
    expect(csp).toContain("default-src 'none'");
    const html = await res.text();
    expect(html).toMatch(/^<!doctype html>/i);
    expect(h1(html)).toBe(siteHeading);
  });

  it('answers every page of every template, each its own', async () => {
    const templates = (await t.client(null).GET('/templates')).data!;
    expect(templates.length).toBeGreaterThan(0);
    for (const template of templates) {
      const headings = new Set<string>();
      for (const page of template.pages) {
        const res = await templatePage(template.id, page.id.replace(/\//g, '|'));
        expect(res.status, `${template.id}/${page.id}`).toBe(200);
        const html = await res.text();
        expect(parse(html).querySelector('main')?.textContent.trim().length, `${template.id}/${page.id}`).toBeGreaterThan(20);
        headings.add(parse(html).querySelector('main')!.textContent.trim().slice(0, 200));
      }
      expect(headings.size).toBe(template.pages.length);
    }
  });

  it('says 404 for an unknown template or page and 400 for an unknown appearance', async () => {
    const template = await templatePage('nope', 'home');
    expect(template.status).toBe(404);
    expect((await template.json()).error).toBe('Template not found');
    const page = await templatePage('bistro', 'toString');
    expect(page.status).toBe(404);
    expect((await page.json()).error).toBe('Page not found');
    const before = await templatePage('bistro', '_before');
    expect(before.status).toBe(404);
    const appearance = await templatePage('bistro', 'home', '?appearance=sepia');
    expect(appearance.status).toBe(400);
    expect((await appearance.json()).error).toBe('Appearance must be light or dark');
  });
});

describe("a site's thumbnail (GET /sites/{siteId}/preview of its home page)", () => {
  it('shows the home page as edited, and only to those who may see the site', async () => {
    const { api } = await t.signup('Owner');
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Launch', siteId, templateId: 'launch' } });
    const { data } = await api.GET('/sites/{siteId}', { params: { path: { siteId }, query: { expand: 'all' } } });
    const nodes = Object.values(
      (data as unknown as { nodes: Record<string, { id: string; type: string; data: Record<string, unknown> }> }).nodes,
    );
    const heading = nodes.find((n) => n.type === 'heading' && n.data['_options.tag'] === 'h1')!;
    await api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: heading.id } },
      body: { data: { value: 'Thumbnails that tell sites apart' } },
    });
    const own = await api.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: 'home,light' } } });
    expect(h1(own.data!.preview.html!)).toBe('Thumbnails that tell sites apart');

    const stranger = (await t.signup('Stranger')).api;
    const theirs = await stranger.GET('/sites/{siteId}/preview', { params: { path: { siteId }, query: { preview: 'home,light' } } });
    expect([403, 404]).toContain(theirs.response.status);
    expect(theirs.data).toBeUndefined();
  });
});
