import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

type Site = Awaited<ReturnType<typeof ownSite>>;
const css = (site: Site, classes: string) =>
  site.api.GET('/sites/{siteId}/preview/css', { params: { path: { siteId: site.siteId }, query: { classes } } });

describe('GET /sites/{siteId}/preview/css', () => {
  it('answers the rules of just the classes asked for, in the site theme, without preflight', async () => {
    const site = await ownSite(t);
    const { data, response } = await css(site, 'opacity-35 bg-primary-l3 md:hover:opacity-20 no-such-class');
    expect(response.status).toBe(200);
    expect(data!.css).toContain('.opacity-35');
    expect(data!.css).toMatch(/\.md\\:hover\\:opacity-20:hover/);
    // The theme's colour token the class uses comes along, with the site's value.
    const doc = await site.doc();
    const l3 = (doc.theme.colors as Record<string, { shades: Record<string, string> }>).primary!.shades.l3!;
    expect(data!.css).toContain(`--color-primary-l3: ${l3}`);
    expect(data!.css).not.toContain('no-such-class');
    // No preflight: the page's own stylesheet has the reset already.
    expect(data!.css).not.toContain('box-sizing');
  });

  it('refuses too many or too long classes with 400, and strangers with 403/404', async () => {
    const site = await ownSite(t);
    const many = Array.from({ length: 101 }, (_, i) => `opacity-${i}`).join(' ');
    const tooMany = await css(site, many);
    expect(tooMany.response.status).toBe(400);
    expect(tooMany.error!.error).toBe(messages.classesInvalid);
    expect((await css(site, `w-${'1'.repeat(201)}`)).response.status).toBe(400);
    const other = await ownSite(t);
    const stranger = await other.api.GET('/sites/{siteId}/preview/css', {
      params: { path: { siteId: site.siteId }, query: { classes: 'opacity-35' } },
    });
    expect([403, 404]).toContain(stranger.response.status);
  });
});
