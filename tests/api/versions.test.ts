import crypto from 'node:crypto';
import { SDK_VERSION } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownSite } from '../support/editor.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';
import { basic, team, type Team } from '../support/team.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
});
afterAll(() => t.close());

const get = (token: string, path: string) =>
  contractFetch(t.url)(`${t.url}/api${path}`, { headers: { Authorization: basic(token), 'X-Client-Version': `sdk/${SDK_VERSION}` } });

describe('GET /sites/{siteId}/versions', () => {
  it('lists the versions newest first with title, hash, author, date, live and a download', async () => {
    const { api, siteId, doc } = await ownSite(t);
    await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { name: 'Second name' } });
    const commit = await api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId } }, body: { message: 'Renamed' } });
    const { data, response } = await api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } });
    expect(response.status).toBe(200);
    expect(data!.map((v) => v.message)).toEqual(['Renamed', expect.stringContaining('Created from')]);
    const [newest] = data!;
    expect(newest).toMatchObject({
      id: commit.data!.version.id,
      hash: commit.data!.version.hash,
      authorName: 'Owner',
      live: false,
      download: {
        name: `${siteId}-version-${commit.data!.version.id}.json`,
        url: expect.stringMatching(new RegExp(`/api/sites/${siteId.replaceAll('.', '\\.')}/versions/${newest!.id}/download$`)),
      },
    });
    expect(Date.parse(newest!.created)).not.toBeNaN();

    // The newest version saved before the last publish is live.
    await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
    const after = await api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } });
    expect(after.data!.map((v) => v.live)).toEqual([true, false]);
    expect((await doc()).settings.name).toBe('Second name');
  });

  it('downloads a version as its document in JSON, with its MD5; never with a secret', async () => {
    const { api, siteId } = await ownSite(t);
    await api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: { integrations: { botpoisonSecret: 'sk_never_in_a_download' }, title: 'Base' },
    });
    await api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId } }, body: { message: 'Titled' } });
    const [version] = (await api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } })).data!;
    const response = await api.GET('/sites/{siteId}/versions/{versionId}/download', {
      params: { path: { siteId, versionId: version!.id } },
      parseAs: 'text',
    });
    expect(response.response.status).toBe(200);
    expect(response.response.headers.get('content-disposition')).toContain(`${siteId}-version-${version!.id}.json`);
    const text = response.data as unknown as string;
    expect(response.response.headers.get('x-content-md5')).toBe(crypto.createHash('md5').update(text).digest('hex'));
    // The list names the same file: its md5 and size.
    expect(version!.download).toMatchObject({ md5: crypto.createHash('md5').update(text).digest('hex'), size: Buffer.byteLength(text) });
    const again = (await api.GET('/sites/{siteId}/versions', { params: { path: { siteId } } })).data!;
    expect(again[0]!.download).toEqual(version!.download);
    const saved = JSON.parse(text) as { schema: number; settings: { title: string }; pages: unknown[]; collections: unknown[] };
    expect(saved).toMatchObject({ schema: 1, settings: { title: 'Base' } });
    expect(saved.collections).toEqual([expect.objectContaining({ id: 'posts' })]);
    expect(text).not.toContain('sk_never_in_a_download');
  });

  it("answers 404 for a version that is not the site's", async () => {
    const a = await ownSite(t);
    const b = await ownSite(t);
    const [theirs] = (await b.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: b.siteId } } })).data!;
    for (const versionId of [theirs!.id, 999999]) {
      const { response } = await a.api.GET('/sites/{siteId}/versions/{versionId}/download', {
        params: { path: { siteId: a.siteId, versionId } },
      });
      expect(response.status).toBe(404);
    }
  });
});

describe('who may list and download versions', () => {
  let who: Team;
  let versionId: number;
  beforeAll(async () => {
    who = await team(t);
    versionId = (await who.owner.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: who.siteId } } })).data![0]!.id;
  });
  const paths = () => [`/sites/${who.siteId}/versions`, `/sites/${who.siteId}/versions/${versionId}/download`];

  it('the owner, a collaborator, a locked collaborator and an API key of the site may', async () => {
    for (const token of [who.owner.token, who.collaborator.token, who.locked.token, who.key]) {
      for (const path of paths()) expect([path, (await get(token, path)).status]).toEqual([path, 200]);
    }
  });

  it('another user gets 404, an API key of another site or a locked key 403', async () => {
    for (const path of paths()) {
      expect((await get(who.stranger.token, path)).status).toBe(404);
      const other = await get(who.otherSiteKey, path);
      expect(other.status).toBe(403);
      expect(await other.json()).toMatchObject({ code: 'API_KEY_SCOPE' });
      expect((await get(who.lockedKey, path)).status).toBe(403);
    }
  });

  it('without a session, 401', async () => {
    for (const path of paths())
      expect((await contractFetch(t.url)(`${t.url}/api${path}`, { headers: { 'X-Client-Version': `sdk/${SDK_VERSION}` } })).status).toBe(
        401,
      );
  });
});
