import crypto from 'node:crypto';
import { SDK_VERSION } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { history, ownSite } from '../support/editor.js';
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

describe('POST /sites/{siteId}/versions/{versionId}/restore', () => {
  /** A site with three versions: named First, Second and Third, each with one more post. */
  async function threeVersions() {
    const s = await ownSite(t);
    const path = { siteId: s.siteId };
    const cms = cmsOf(s.api, s.siteId);
    const ids: number[] = [];
    for (const name of ['First', 'Second', 'Third']) {
      await s.api.PATCH('/sites/{siteId}', { params: { path }, body: { name } });
      await cms.addItem('posts', { title: `${name} post`, slug: name.toLowerCase() });
      const { data } = await s.api.POST('/sites/{siteId}/versions/commit', { params: { path }, body: { message: name } });
      ids.push(data!.version.id);
    }
    const download = async (versionId: number) =>
      JSON.parse(
        (await s.api.GET('/sites/{siteId}/versions/{versionId}/download', { params: { path: { ...path, versionId } }, parseAs: 'text' }))
          .data as unknown as string,
      ) as unknown;
    const restore = (versionId: number) =>
      s.api.POST('/sites/{siteId}/versions/{versionId}/restore', { params: { path: { ...path, versionId } } });
    return { ...s, path, cms, ids, download, restore };
  }

  it('brings back the second-newest of three versions, collections included, as one step that undo takes back', async () => {
    const s = await threeVersions();
    const [, second, third] = s.ids as [number, number, number];
    await s.api.PATCH('/sites/{siteId}', { params: { path: s.path }, body: { name: 'Unsaved' } });
    const before = await s.doc();

    const { data, response } = await s.restore(second);
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: s.siteId, name: 'Second' });
    expect(history(response)).toEqual({ undo: 2, redo: 0, unsaved: 2 });
    // The document equals the version: its download, and the hash the version was saved with.
    expect(JSON.parse(JSON.stringify(await s.doc()))).toEqual(await s.download(second));
    const site = (await s.api.GET('/sites/{siteId}', { params: { path: s.path, query: { expand: 'versions' } } })).data!;
    expect(site.hash).toBe(site.versions!.find((v) => v.id === second)!.hash);
    expect((await s.cms.all('posts')).map((i) => i.title)).toEqual(['Hello world', 'Second post', 'First post', 'Second post']);
    // Restoring saves no version.
    expect(site.versions!.map((v) => v.id).slice(0, 3)).toEqual([third, second, s.ids[0]]);

    const undo = await s.api.PATCH('/sites/{siteId}/versions/undo', { params: { path: s.path } });
    expect(history(undo.response)).toEqual({ undo: 1, redo: 1, unsaved: 3 });
    expect(JSON.parse(JSON.stringify(await s.doc()))).toEqual(JSON.parse(JSON.stringify(before)));
    expect((await s.cms.all('posts')).map((i) => i.title)).toContain('Third post');

    await s.api.PATCH('/sites/{siteId}/versions/redo', { params: { path: s.path } });
    expect(JSON.parse(JSON.stringify(await s.doc()))).toEqual(await s.download(second));
  });

  it('writes nothing when the site already equals the version', async () => {
    const s = await threeVersions();
    const { response } = await s.restore(s.ids[2]!);
    expect(response.status).toBe(200);
    expect(history(response)).toEqual({ undo: 0, redo: 0, unsaved: 0 });
  });

  it("answers 404 for a version that is not the site's, and writes nothing", async () => {
    const s = await threeVersions();
    const other = await ownSite(t);
    const [theirs] = (await other.api.GET('/sites/{siteId}/versions', { params: { path: { siteId: other.siteId } } })).data!;
    for (const versionId of [theirs!.id, 999999]) {
      const { response, error } = await s.restore(versionId);
      expect(response.status).toBe(404);
      expect(error).toMatchObject({ error: 'Version not found' });
    }
    const site = (await s.api.GET('/sites/{siteId}', { params: { path: s.path } })).data!;
    expect(site.history).toEqual({ undo: 0, redo: 0, unsaved: 0 });
  });
});
