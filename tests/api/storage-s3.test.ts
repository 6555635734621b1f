import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStorageUrl, s3Storage, type Storage } from '../../server/src/engines/storage.js';
import { fixtures, multipart } from '../support/files.js';
import { S3_CREDENTIALS, startS3, type LocalS3 } from '../support/s3.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { basic, domain } from '../support/team.js';

// Object storage (issue 17 item 3): the real @aws-sdk/client-s3 against s3rver, a local S3.
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startS3(['pagewright', 'other']);
});
afterAll(() => s3?.close());

const credentials = { accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID, secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY };
const objects = (bucket: string) =>
  fs.existsSync(path.join(s3.directory, bucket))
    ? (fs.readdirSync(path.join(s3.directory, bucket), { recursive: true }) as string[]).filter((f) => f.endsWith('._S3rver_object'))
    : [];

describe('STORAGE_URL', () => {
  it('reads the bucket, the prefix, the endpoint and the region; an endpoint means path-style addressing', () => {
    expect(parseStorageUrl('s3://media/pw/prod/?endpoint=http://minio:9000/&region=eu-north-1')).toEqual({
      bucket: 'media',
      prefix: 'pw/prod/',
      endpoint: 'http://minio:9000',
      region: 'eu-north-1',
      forcePathStyle: true,
    });
    expect(parseStorageUrl('s3://media')).toEqual({
      bucket: 'media',
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(() => parseStorageUrl('https://media/x')).toThrow('STORAGE_URL must look like');
  });
});

describe('the S3 store', () => {
  let store: Storage;
  beforeAll(() => {
    store = s3Storage(parseStorageUrl(s3.storageUrl('other', 'unit')), credentials);
  });

  it('puts, reads, sizes, streams a range of and removes a file under its prefix', async () => {
    const bytes = Buffer.from('0123456789abcdef');
    await store.put('exports/a.example.com/x.zip', bytes);
    expect(objects('other').some((file) => file.startsWith(path.join('unit', 'exports', 'a.example.com')))).toBe(true);
    expect(await store.get('exports/a.example.com/x.zip')).toEqual(bytes);
    expect(await store.size('exports/a.example.com/x.zip')).toBe(16);
    expect(await text((await store.stream('exports/a.example.com/x.zip', { start: 2, end: 5 }))!)).toBe('2345');
    expect(await text((await store.stream('exports/a.example.com/x.zip'))!)).toBe('0123456789abcdef');
    await store.remove('exports/a.example.com/x.zip');
    expect(await store.get('exports/a.example.com/x.zip')).toBeNull();
    expect(await store.size('exports/a.example.com/x.zip')).toBeNull();
    expect(await store.stream('exports/a.example.com/x.zip')).toBeNull();
  });

  it('refuses a key that would leave its prefix', async () => {
    await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow('escapes');
  });

  it('passes its check only when the bucket answers', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    await expect(s3Storage(parseStorageUrl(s3.storageUrl('missing')), credentials).check()).rejects.toBeTruthy();
  });
});

describe('Pagewright with STORAGE_URL', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ STORAGE_URL: s3.storageUrl('pagewright', 'site-files'), ...S3_CREDENTIALS });
  });
  afterAll(() => t?.close());

  it('keeps uploads and their resized images in the bucket, none in the local folder, and serves them (ranges too)', async () => {
    const { session, api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'S3', siteId, templateId: 'launch' } });
    const { body, contentType } = multipart([
      { field: 'file0', filename: 'notes.txt', data: fixtures.txt() },
      { field: 'file1', filename: 'photo.png', data: await fixtures.png(1200, 800) },
    ]);
    const uploaded = await contractFetch(t.url)(`${t.url}/api/sites/${siteId}/files`, {
      method: 'POST',
      headers: { 'content-type': contentType, authorization: basic(session.token) },
      body,
    });
    expect(uploaded.status).toBe(201);
    expect(fs.existsSync(path.join(t.pw.deps.config.dataDir, 'files'))).toBe(false);
    const stored = objects('pagewright').filter((file) => file.includes(siteId));
    expect(stored.length).toBeGreaterThanOrEqual(3); // the text, the picture and at least one resized copy

    const { data: files } = await api.GET('/sites/{siteId}/files', { params: { path: { siteId } } });
    const notes = files!.files.find((f) => f.name === 'notes.txt')!;
    const whole = await fetch(`${t.url}${notes.url}`);
    expect(await whole.text()).toBe(fixtures.txt().toString());
    const part = await fetch(`${t.url}${notes.url}`, { headers: { range: 'bytes=5-8' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 5-8/${fixtures.txt().length}`);
    expect(await part.text()).toBe('some');
  });

  // A publish also writes its deploy's files (and their compressed copies) to the bucket (issue 31):
  // some hundred PUTs to s3rver, given a publish's time rather than a request's.
  it('stores the published zip in the bucket and streams it from there', { timeout: 60_000 }, async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Zip', siteId, templateId: 'launch' } });
    const { data } = await api.GET('/sites/{siteId}/publish', { params: { path: { siteId } } });
    expect(objects('pagewright').some((file) => file.startsWith(path.join('site-files', 'exports', siteId)))).toBe(true);
    const zip = await fetch(data!.download.url.replace(t.pw.deps.config.publicUrl, t.url));
    expect(zip.status).toBe(200);
    expect(Number(zip.headers.get('content-length'))).toBe(data!.download.size);
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('reports the store in the health check, and a store that cannot be reached as failing', async () => {
    expect(await (await fetch(`${t.url}/api/health`)).json()).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      checks: { database: 'ok', storage: 'ok' },
    });
    const broken = await startTestServer({ STORAGE_URL: s3.storageUrl('no-such-bucket'), ...S3_CREDENTIALS });
    try {
      const health = await fetch(`${broken.url}/api/health`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({
        status: 'failing',
        checks: { database: 'ok', storage: expect.not.stringMatching(/^ok$/) },
      });
    } finally {
      await broken.close();
    }
  });
});
