import { SDK_VERSION } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';
import { basic, team, type Team } from '../support/team.js';

let t: TestServer;
let who: Team;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
  who = await team(t);
  const cms = cmsOf(who.owner.api, who.siteId);
  await cms.create({ id: 'notes', name: 'Notes' });
  await cms.addField('notes', { name: 'text', type: 'text' });
  await cms.addItem('notes', { text: 'First' });
});
afterAll(() => t.close());

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  read?: boolean;
}

/**
 * Every CMS call, in an order where each one, made by anyone allowed, leaves the site fit for the
 * next; each run makes and deletes its own item.
 */
let run = 0;
const calls = (n = ++run): Call[] => [
  { method: 'GET', path: '/content', read: true },
  { method: 'GET', path: '/content/notes', read: true },
  { method: 'GET', path: '/content/notes/items?sort=text&filter=text:First', read: true },
  { method: 'GET', path: '/content/notes/items/1', read: true },
  { method: 'POST', path: '/content', body: { id: 'extra', name: 'Extra' } },
  { method: 'PATCH', path: '/content/extra', body: { name: 'Extra things', icon: 'Star' } },
  { method: 'DELETE', path: '/content/extra' },
  { method: 'POST', path: '/content/notes/fields', body: { name: 'extra', type: 'text' } },
  { method: 'PATCH', path: '/content/notes/fields/extra', body: { _title: 'Extra' } },
  { method: 'POST', path: '/content/notes/sort/fields', body: { fromIndex: 0, toIndex: 1 } },
  { method: 'DELETE', path: '/content/notes/fields/extra' },
  { method: 'POST', path: '/content/notes/items', body: { text: 'More', _id: 1000 * n } },
  { method: 'PATCH', path: '/content/notes/items/1', body: { text: 'First, edited' } },
  { method: 'POST', path: '/content/notes/items/1/duplicate' },
  { method: 'POST', path: '/content/notes/sort/items', body: { fromIndex: 0, toIndex: 1 } },
  { method: 'POST', path: '/content/notes/sort/items/text/asc' },
  { method: 'POST', path: '/content/notes/import', body: { items: [{ text: 'Bulk' }] } },
  { method: 'POST', path: '/content/notes/import', body: { items: [{ text: 'Dry' }], dryRun: true } },
  { method: 'DELETE', path: `/content/notes/items/${1000 * n}` },
];

const checked = () => contractFetch(t.url);
async function call(token: string, c: Call, siteId = who.siteId) {
  return checked()(`${t.url}/api/sites/${siteId}${c.path}`, {
    method: c.method,
    headers: {
      Authorization: basic(token),
      'X-Client-Version': `sdk/${SDK_VERSION}`,
      ...(c.body ? { 'Content-Type': 'application/json' } : {}),
    },
    ...(c.body ? { body: JSON.stringify(c.body) } : {}),
  });
}
const ok = (status: number) => status >= 200 && status < 300;

describe('who may use the CMS', () => {
  it('the owner may make every call', async () => {
    for (const c of calls())
      expect([c.method, c.path, (await call(who.owner.token, c)).status]).toEqual([c.method, c.path, expect.toSatisfy(ok)]);
  });

  it('a collaborator may make every call', async () => {
    for (const c of calls())
      expect([c.method, c.path, (await call(who.collaborator.token, c)).status]).toEqual([c.method, c.path, expect.toSatisfy(ok)]);
  });

  it('an API key of the site may make every call', async () => {
    for (const c of calls()) expect([c.method, c.path, (await call(who.key, c)).status]).toEqual([c.method, c.path, expect.toSatisfy(ok)]);
  });

  it('a locked collaborator may read, and gets 403 for every write, which writes nothing', async () => {
    const before = await cmsOf(who.owner.api, who.siteId).all('notes');
    for (const c of calls()) {
      const response = await call(who.locked.token, c);
      if (c.read) expect([c.path, response.status]).toEqual([c.path, 200]);
      else {
        expect([c.method, c.path, response.status]).toEqual([c.method, c.path, 403]);
        expect(await response.json()).toMatchObject({ code: 'SITE_LOCKED' });
      }
    }
    expect(await cmsOf(who.owner.api, who.siteId).all('notes')).toEqual(before);
  });

  it('another user gets 404 for every call, as if the site did not exist', async () => {
    for (const c of calls()) expect([c.method, c.path, (await call(who.stranger.token, c)).status]).toEqual([c.method, c.path, 404]);
  });

  it('an API key of another site gets 403 for every call; a locked key too', async () => {
    for (const c of calls()) {
      const response = await call(who.otherSiteKey, c);
      expect([c.method, c.path, response.status]).toEqual([c.method, c.path, 403]);
      expect(await response.json()).toMatchObject({ code: 'API_KEY_SCOPE' });
    }
    for (const c of calls()) expect([c.method, c.path, (await call(who.lockedKey, c)).status]).toEqual([c.method, c.path, 403]);
  });

  it('without a session every call is 401', async () => {
    for (const c of calls()) {
      const response = await checked()(`${t.url}/api/sites/${who.siteId}${c.path}`, {
        method: c.method,
        headers: { 'X-Client-Version': `sdk/${SDK_VERSION}` },
      });
      expect([c.method, c.path, response.status]).toEqual([c.method, c.path, 401]);
    }
  });
});
