import { basicAuth } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** A read: a locked collaborator may make it. */
  read?: boolean;
}

/**
 * Every editing call of spec 001 §7, in an order where each one, made by the collaborator, leaves
 * the site fit for the next.
 */
const CALLS: Call[] = [
  { method: 'GET', path: '?expand=all', read: true },
  { method: 'PATCH', path: '', body: { description: 'Shared work' } },
  { method: 'GET', path: '/preview?preview=home,light', read: true },
  { method: 'POST', path: '/pages', body: { name: 'Team page' } },
  { method: 'POST', path: '/pages/sort', body: { fromIndex: 0, toIndex: 1 } },
  { method: 'PATCH', path: '/pages/posts|:slug', body: { name: 'Posts' } },
  { method: 'DELETE', path: '/pages/about' },
  { method: 'POST', path: '/sections', body: { pageId: 'home', sectionId: 'hero-fixture' } },
  { method: 'POST', path: '/sections/sort', body: { fromPage: 'home', toPage: 'home', fromIndex: 0, toIndex: 1 } },
  { method: 'POST', path: '/sections/shared/404/header', body: {} },
  { method: 'DELETE', path: '/sections/shared/header' },
  { method: 'PATCH', path: '/components/hero.title', body: { data: { value: 'Team title' } } },
  { method: 'POST', path: '/components', body: { toContainer: 'hero', type: 'heading' } },
  { method: 'POST', path: '/components/sort', body: { fromContainer: 'features', toContainer: 'features', fromIndex: 0, toIndex: 1 } },
  { method: 'DELETE', path: '/components/features.card-3' },
  { method: 'PATCH', path: '/theme/components/hero', body: { edit: [{ setting: 'extra', value: 'p-1' }] } },
  { method: 'DELETE', path: '/theme/components/hero?setting=extra' },
  { method: 'PATCH', path: '/theme/copy', body: { fromComponentId: 'hero.title', toComponentIds: ['hero.text'], copyType: 'style' } },
  { method: 'PATCH', path: '/theme/colors', body: { primary: '#123456' } },
  { method: 'PATCH', path: '/theme/fonts/heading', body: { family: 'Lora' } },
  { method: 'PATCH', path: '/theme/vars', body: { variable: 'gap', value: '1rem' } },
  {
    method: 'PATCH',
    path: '/theme/copy',
    body: { fromComponentId: 'hero.text', toComponentIds: ['hero.text'], copyType: 'shared', name: 'Team' },
  },
  { method: 'POST', path: '/theme/shared/default/team' },
  { method: 'DELETE', path: '/theme/shared/team' },
  { method: 'POST', path: '/global', body: { variable: 'site.email', value: 'team@example.com' } },
  { method: 'PATCH', path: '/versions/undo' },
  { method: 'PATCH', path: '/versions/redo' },
  { method: 'POST', path: '/versions/commit', body: { message: 'Team checkpoint' } },
  { method: 'DELETE', path: '/versions/reset' },
  { method: 'GET', path: '/publish' },
  { method: 'GET', path: '/compiled', read: true },
  { method: 'GET', path: '/schemaorg/hero.ld', read: true },
];

describe('who may make the editing calls', () => {
  it('anonymous 401, a stranger 404, a locked collaborator 403 (reads allowed), a collaborator and the owner succeed', async () => {
    const { owner, guest, siteId, lock } = await teamSite(t);
    await owner.api.POST('/sites/{siteId}/components', { params: { path: { siteId } }, body: { toContainer: 'hero', type: 'schemaOrg' } });
    await owner.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.schema-org' } },
      body: { name: 'ld' },
    });
    const stranger = await t.signup('Stranger');
    const checked = contractFetch(t.url);
    const call = (token: string | null, c: Call) =>
      checked(`${t.url}/api/sites/${siteId}${c.path}`, {
        method: c.method,
        headers: { ...(token ? { Authorization: basicAuth(token) } : {}), ...(c.body ? { 'Content-Type': 'application/json' } : {}) },
        body: c.body ? JSON.stringify(c.body) : undefined,
      });
    for (const c of CALLS) {
      const label = `${c.method} ${c.path}`;
      expect((await call(null, c)).status, `anonymous ${label}`).toBe(401);
      expect((await call(stranger.session.token, c)).status, `stranger ${label}`).toBe(404);
      await lock(true);
      const locked = await call(guest.session.token, c);
      expect(locked.status, `locked ${label}`).toBe(c.read ? 200 : 403);
      if (!c.read) expect(((await locked.json()) as { code: string }).code).toBe('SITE_LOCKED');
      await lock(false);
      const allowed = await call(guest.session.token, c);
      expect([200, 201], `collaborator ${label}: ${allowed.status} ${await allowed.clone().text()}`).toContain(allowed.status);
      if (!['GET /publish', 'GET /compiled'].includes(label) && !label.startsWith('GET /schemaorg')) {
        expect(allowed.headers.get('X-History'), `X-History on ${label}`).toMatch(/^\d+\|\d+\|\d+$/);
      }
    }
  });

  it('leaves the owner’s edits to the owner as well', async () => {
    const { owner, siteId } = await teamSite(t);
    const { response } = await owner.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId, componentId: 'hero.title' } },
      body: { data: { value: 'Mine' } },
    });
    expect(response.status).toBe(200);
  });
});
