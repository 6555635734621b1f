import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type LocalDns } from '../support/dns.js';
import { HOSTING_CNAME, publish, verifyDomain, visit } from '../support/hosting.js';
import { S3_CREDENTIALS, startS3, type LocalS3 } from '../support/s3.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';

// Issue 31 item 4 and the hosting on S3 storage: the real @aws-sdk/client-s3 (the server's storage
// code) against s3rver, the local S3 the storage suites use.
let s3: LocalS3;
let dns: LocalDns;
beforeAll(async () => {
  s3 = await startS3(['instance', 'target']);
  dns = await startDns();
});
afterAll(async () => {
  await s3?.close();
  await dns?.close();
});

/** The objects of a bucket under a prefix, as keys. */
function keys(bucket: string, prefix: string): string[] {
  const root = path.join(s3.directory, bucket);
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .filter((f) => f.endsWith('._S3rver_object'))
    .map((f) => f.slice(0, -'._S3rver_object'.length).split(path.sep).join('/'))
    .filter((key) => key.startsWith(prefix));
}
const object = (bucket: string, key: string) => fs.readFileSync(path.join(s3.directory, bucket, `${key}._S3rver_object`), 'utf8');

describe('hosting with STORAGE_URL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ STORAGE_URL: s3.storageUrl('instance', 'pw'), ...S3_CREDENTIALS, DNS_SERVER: dns.server, HOSTING_CNAME });
  });
  afterAll(() => t?.close());

  it("keeps a deploy's files content-addressed in the bucket and serves the site from there", async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Bucket site', siteId, templateId: 'launch' } });
    await publish(api, siteId);
    await verifyDomain(api, dns, siteId, `www.${siteId}`);
    const stored = keys('instance', `pw/hosting/${siteId}/`);
    expect(stored.length).toBeGreaterThan(10);
    expect(stored.every((key) => /\/[0-9a-f]{32}(\.br|\.gz)?$/.test(key))).toBe(true);
    expect(fs.existsSync(path.join(t.pw.deps.config.dataDir, 'files'))).toBe(false);
    const home = await visit(t.url, `www.${siteId}`, '/', { headers: { 'accept-encoding': 'br' } });
    expect(home.status).toBe(200);
    expect(home.headers['content-encoding']).toBe('br');
    const [, file] = /href="(\/favicon[^"?]*)\?v=/.exec(home.text) ?? [];
    const part = await visit(t.url, `www.${siteId}`, file!, { headers: { range: 'bytes=0-4' } });
    expect(part.status).toBe(206);
    expect(part.body.length).toBe(5);
  });
});

describe('an S3 bucket as a publish target', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DNS_SERVER: dns.server, HOSTING_CNAME });
  });
  afterAll(() => t?.close());

  it('gets each deploy under deploys/<n>/, then current.json naming it; a rollback rewrites only current.json', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Target', siteId, templateId: 'launch' } });
    const prefix = `sites/${siteId}`;
    const saved = await api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: {
        publish: {
          s3: {
            url: s3.storageUrl('target', prefix),
            accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID,
            secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
          },
        },
      },
    });
    expect(saved.response.status).toBe(200);
    expect(JSON.stringify(saved.data)).not.toContain('secretAccessKey');
    // The secret key is sealed at rest, apart from the document.
    const sealed: { sealed: string } = await t.pw.deps
      .db('site_secrets')
      .where({ site_id: siteId, name: 's3SecretAccessKey' })
      .first('sealed');
    expect(sealed.sealed).not.toContain(S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY);
    const { data: site } = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    expect(site!.settings!.publish?.s3).toEqual({ url: s3.storageUrl('target', prefix), accessKeyId: 'S3RVER', secretSet: true });
    expect(JSON.stringify(site)).not.toContain('secretAccessKey');

    await api.POST('/sites/{siteId}/redirects', { params: { path: { siteId } }, body: { from: '/old', to: '/' } });
    const first = await publish(api, siteId);
    expect(keys('target', `${prefix}/deploys/1/`)).toEqual(
      expect.arrayContaining([`${prefix}/deploys/1/index.html`, `${prefix}/deploys/1/_redirects`]),
    );
    expect(keys('target', `${prefix}/deploys/1/`)).toHaveLength(first.files.length);
    expect(object('target', `${prefix}/deploys/1/_redirects`)).toBe('/old / 301\n');
    expect(JSON.parse(object('target', `${prefix}/current.json`))).toEqual({ deploy: 1, prefix: 'deploys/1/' });

    await api.PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { themeColor: '#224466' } });
    await publish(api, siteId);
    expect(JSON.parse(object('target', `${prefix}/current.json`))).toEqual({ deploy: 2, prefix: 'deploys/2/' });
    expect(object('target', `${prefix}/deploys/2/index.html`)).toContain('#224466');

    const rolled = await api.POST('/sites/{siteId}/deploys/{deployId}/rollback', {
      params: { path: { siteId, deployId: first.deploy.id } },
    });
    expect(rolled.data?.deploy.number).toBe(1);
    expect(JSON.parse(object('target', `${prefix}/current.json`))).toEqual({ deploy: 1, prefix: 'deploys/1/' });
  });

  it('reports a bucket that refuses the deploy with 502, the site live here all the same', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Refused', siteId, templateId: 'launch' } });
    await api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: { publish: { s3: { url: s3.storageUrl('no-such-bucket', 'x'), accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } } },
    });
    const answer = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId }, query: { type: 'download' } } });
    expect(answer.response.status).toBe(502);
    expect(answer.error).toMatchObject({ code: 'TARGET_FAILED' });
    const { data } = await api.GET('/sites/{siteId}/deploys', { params: { path: { siteId } } });
    expect(data!.deploys).toMatchObject([{ number: 1, live: true }]);
  });

  it('refuses a target that is not an s3:// address, with the field', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Bad target', siteId, templateId: 'launch' } });
    const answer = await api.PATCH('/sites/{siteId}', {
      params: { path: { siteId } },
      body: { publish: { s3: { url: 'https://bucket.example.com' } } },
    });
    expect(answer.response.status).toBe(400);
    expect(answer.error).toMatchObject({ info: { field: 'publish.s3.url' } });
  });
});
