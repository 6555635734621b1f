import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtures, multipart, type Part } from '../support/files.js';
import { contractFetch, startTestServer, type TestServer } from '../support/server.js';
import { basic, domain, team, type Team } from '../support/team.js';

let t: TestServer;
let checked: typeof fetch;
let crew: Team;
beforeAll(async () => {
  t = await startTestServer();
  checked = contractFetch(t.url);
  crew = await team(t);
});
afterAll(() => t.close());

type Json = Record<string, unknown>;

async function upload(token: string | null, siteId: string, parts: Part[], fields: Record<string, string> = {}) {
  const { body, contentType } = multipart(parts, fields);
  const response = await checked(`${t.url}/api/sites/${siteId}/files`, {
    method: 'POST',
    headers: { 'content-type': contentType, ...(token ? { authorization: basic(token) } : {}) },
    body,
  });
  return { status: response.status, body: await response.json() };
}

async function call(token: string | null, method: string, url: string, json?: unknown) {
  const response = await checked(`${t.url}/api${url}`, {
    method,
    headers: { ...(json === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: basic(token) } : {}) },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  return { status: response.status, body: response.status === 204 ? null : await response.json() };
}

/** A fresh site of a fresh owner (Pro plan), for tests that count files or bytes. */
async function ownSite() {
  const { session, api } = await t.signup();
  await t.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 2 });
  const siteId = domain();
  await api.POST('/sites', { body: { name: 'Files', siteId, templateId: 'launch' } });
  return { token: session.token, userId: session.id, siteId, api };
}

const storedFolder = (siteId: string) => path.join(t.pw.deps.config.dataDir, 'files', 'assets', siteId);
const filesOnDisk = (siteId: string): string[] =>
  fs.existsSync(storedFolder(siteId))
    ? (fs.readdirSync(storedFolder(siteId), { recursive: true }) as string[]).filter((f) => f.includes(path.sep))
    : [];

/** Nothing of the site in the table or in the storage folder. */
async function expectNothingStored(siteId: string) {
  expect(await t.pw.deps.db('assets').where({ site_id: siteId })).toEqual([]);
  expect(filesOnDisk(siteId)).toEqual([]);
}

describe('uploading', () => {
  it('stores every allowed type, judged by its content, and lists them by sidebar type', async () => {
    const { token, siteId } = await ownSite();
    const files: [string, Buffer][] = [
      ['photo.png', await fixtures.png()],
      ['photo.jpg', await fixtures.jpeg()],
      ['anim.gif', await fixtures.gif()],
      ['pic.webp', await fixtures.webp()],
      ['logo.svg', fixtures.svg()],
      ['clip.mp4', fixtures.mp4()],
      ['clip.ogv', fixtures.ogg()],
      ['doc.pdf', fixtures.pdf()],
      ['prices.csv', fixtures.csv()],
      ['notes.txt', fixtures.txt()],
      ['page.html', fixtures.html()],
      ['ada.vcf', fixtures.vcf()],
    ];
    const { status, body } = await upload(
      token,
      siteId,
      files.map(([filename, data], i) => ({ field: `file${i}`, filename, data })),
    );
    expect(status).toBe(201);
    expect(body.map((f: Json) => [f.name, f.kind, f.mime])).toEqual([
      ['photo.png', 'image', 'image/png'],
      ['photo.jpg', 'image', 'image/jpeg'],
      ['anim.gif', 'image', 'image/gif'],
      ['pic.webp', 'image', 'image/webp'],
      ['logo.svg', 'svg', 'image/svg+xml'],
      ['clip.mp4', 'video', 'video/mp4'],
      ['clip.ogv', 'video', 'video/ogg'],
      ['doc.pdf', 'file', 'application/pdf'],
      ['prices.csv', 'file', 'text/csv'],
      ['notes.txt', 'file', 'text/plain'],
      ['page.html', 'file', 'text/html'],
      ['ada.vcf', 'file', 'text/vcard'],
    ]);
    expect(body[0]).toMatchObject({
      id: 'photo.png',
      info: { width: 40, height: 30 },
      original: null,
      placeholder: false,
      used: false,
      tags: [],
    });
    const count = async (type: string) => (await call(token, 'GET', `/sites/${siteId}/files?type=${type}`)).body.files.length;
    expect([await count('images'), await count('svgs'), await count('videos'), await count('files')]).toEqual([4, 1, 2, 5]);
    const all = (await call(token, 'GET', `/sites/${siteId}/files`)).body;
    expect(all.storage).toMatchObject({ used: all.files.reduce((s: number, f: Json) => s + Number(f.size), 0), limit: 2000 * 1024 * 1024 });
    expect((await call(token, 'GET', `/sites/${siteId}/files?search=PHOTO`)).body.files.map((f: Json) => f.name)).toEqual([
      'photo.jpg',
      'photo.png',
    ]);
    expect((await call(token, 'GET', `/sites/${siteId}/files?type=fonts`)).status).toBe(400);
    expect((await call(token, 'GET', `/sites/${siteId}/files/notes.txt`)).body).toMatchObject({
      name: 'notes.txt',
      size: fixtures.txt().length,
    });
  });

  it('resizes a wide image for the web, keeps the original, and makes a preview and variants', async () => {
    const { token, siteId } = await ownSite();
    const { body } = await upload(token, siteId, [{ field: 'file0', filename: 'wide.png', data: await fixtures.png(3000, 1000) }]);
    const file = body[0];
    expect(file.info).toEqual({ width: 2560, height: 853 });
    expect(file.variants.map((v: Json) => v.width)).toEqual([640, 1280]);
    const meta = async (url: string) => sharp(Buffer.from(await (await fetch(`${t.url}${url}`)).arrayBuffer())).metadata();
    expect(await meta(file.url)).toMatchObject({ width: 2560, format: 'png' });
    expect(await meta(file.original)).toMatchObject({ width: 3000, height: 1000 });
    expect(file.originalSize).toBeGreaterThan(0);
    expect(await meta(file.previewImage)).toMatchObject({ width: 420, format: 'webp' });
    expect(await meta(file.variants[0].url)).toMatchObject({ width: 640, format: 'webp' });
  });

  it('refuses a file over 2 MB with 413 and stores nothing; 2 MB exactly is fine', async () => {
    const { token, siteId } = await ownSite();
    const over = await upload(token, siteId, [{ field: 'file0', filename: 'big.txt', data: Buffer.alloc(2_097_153, 'a') }]);
    expect(over.status).toBe(413);
    expect(over.body).toMatchObject({
      error: 'File size exceeds max upload size',
      code: 'FILE_TOO_LARGE',
      info: { field: 'file0', limit: 2097152 },
    });
    await expectNothingStored(siteId);
    expect((await upload(token, siteId, [{ field: 'file0', filename: 'max.txt', data: Buffer.alloc(2_097_152, 'a') }])).status).toBe(201);
  });

  it("answers 'File already exists' for a taken name unless overwrite, and replaces the bytes when it is", async () => {
    const { token, siteId } = await ownSite();
    const first = (await upload(token, siteId, [{ field: 'file0', filename: 'a.png', data: await fixtures.png() }])).body[0];
    const single = await upload(token, siteId, [{ field: 'file0', filename: 'a.png', data: await fixtures.png(50, 50) }]);
    expect(single).toMatchObject({
      status: 409,
      body: { error: 'File already exists', code: 'FILE_EXISTS', info: { field: 'file0', names: ['a.png'] } },
    });
    const several = await upload(token, siteId, [
      { field: 'file0', filename: 'b.txt', data: fixtures.txt() },
      { field: 'file1', filename: 'a.png', data: await fixtures.png() },
    ]);
    expect(several).toMatchObject({ status: 409, body: { error: 'Some files are already uploaded', info: { field: 'file1' } } });
    expect((await t.pw.deps.db('assets').where({ site_id: siteId })).map((r) => r.name)).toEqual(['a.png']);
    const replaced = await upload(token, siteId, [{ field: 'file0', filename: 'a.png', data: await fixtures.png(50, 50) }], {
      overwrite: 'true',
    });
    expect(replaced.status).toBe(201);
    expect(replaced.body[0]).toMatchObject({ name: 'a.png', info: { width: 50, height: 50 } });
    expect(replaced.body[0].url).not.toBe(first.url);
    expect((await fetch(`${t.url}${first.url}`)).status).toBe(404);
    expect(filesOnDisk(siteId).every((f) => f.startsWith(replaced.body[0].url.split('/')[3]))).toBe(true);
  });

  it.each([
    ['no file at all', [] as Part[], 'file0', 'Choose a file to upload'],
    [
      'a field other than fileN',
      [{ field: 'upload', filename: 'a.txt', data: Buffer.from('x') }],
      'upload',
      'Files are sent as the fields file0, file1, …',
    ],
    [
      'the same name twice',
      [
        { field: 'file0', filename: 'a.txt', data: Buffer.from('x') },
        { field: 'file1', filename: 'a.txt', data: Buffer.from('y') },
      ],
      'file1',
      'The same file name is used twice',
    ],
    ['an empty file', [{ field: 'file0', filename: 'a.txt', data: Buffer.alloc(0) }], 'file0', 'Choose a file to upload'],
    [
      'more than 20 files',
      Array.from({ length: 21 }, (_, i) => ({ field: `file${i}`, filename: `f${i}.txt`, data: Buffer.from('x') })),
      'file0',
      'Upload at most 20 files at a time',
    ],
  ] as [string, Part[], string, string][])('refuses %s with 400 and stores nothing', async (_label, parts, field, message) => {
    const { token, siteId } = await ownSite();
    const { status, body } = await upload(token, siteId, parts, { overwrite: 'false' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: message, info: { field } });
    await expectNothingStored(siteId);
  });

  it('refuses a body that is not multipart', async () => {
    const { token, siteId } = await ownSite();
    expect(await call(token, 'POST', `/sites/${siteId}/files`, { file0: 'x' })).toMatchObject({
      status: 400,
      body: { info: { field: 'file0' } },
    });
  });
});

describe('security of uploads', () => {
  it.each([
    ['an HTML page renamed .png', 'cat.png', () => fixtures.html(), "The file's content does not match its name"],
    ['a PNG renamed .pdf', 'doc.pdf', () => fixtures.png(), "The file's content does not match its name"],
    ['text renamed .svg', 'logo.svg', () => fixtures.txt(), "The file's content does not match its name"],
    [
      'a Windows program renamed .png',
      'setup.png',
      () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200)]),
      'This file type is not allowed. Allowed: images (jpeg, png, gif, webp), svg, videos (mp4, ogg) and files (pdf, csv, plain text, html, vcard)',
    ],
    [
      'a zip',
      'site.zip',
      () => Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.alloc(100)]),
      'This file type is not allowed. Allowed: images (jpeg, png, gif, webp), svg, videos (mp4, ogg) and files (pdf, csv, plain text, html, vcard)',
    ],
    ['a broken PNG', 'broken.png', async () => (await fixtures.png(400, 400)).subarray(0, 120), 'The file could not be read'],
  ])('refuses %s and stores nothing', async (_label, filename, data, message) => {
    const { token, siteId } = await ownSite();
    const { status, body } = await upload(token, siteId, [{ field: 'file0', filename, data: await data() }]);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: message, info: { field: 'file0' } });
    await expectNothingStored(siteId);
  });

  it('stores an SVG only after removing scripts, event handlers and external references', async () => {
    const { token, siteId } = await ownSite();
    const evil = `<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10" onload="alert(1)">
      <script>alert(document.cookie)</script><circle cx="5" cy="5" r="4" fill="red" onclick="steal()"/>
      <a href="javascript:alert(1)"><text>click</text></a><use xlink:href="https://evil.example/sprite.svg#x"/>
      <image href="http://evil.example/track.png"/><foreignObject><iframe src="https://evil.example"></iframe></foreignObject>
      <style>@import url(https://evil.example/x.css);</style><set attributeName="onmouseover" to="alert(1)"/></svg>`;
    const { status, body } = await upload(token, siteId, [{ field: 'file0', filename: 'evil.svg', data: Buffer.from(evil) }]);
    expect(status).toBe(201);
    const stored = await fetch(`${t.url}${body[0].url}`);
    const text = await stored.text();
    expect(text).toContain('<circle');
    for (const bad of ['<script', 'onload', 'onclick', 'javascript:', 'evil.example', 'foreignObject', 'iframe', '@import', 'onmouseover'])
      expect(text).not.toContain(bad);
    expect(stored.headers.get('content-type')).toBe('image/svg+xml');
    expect(stored.headers.get('content-security-policy')).toContain('sandbox');
    expect(stored.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(body[0].size).toBe(Buffer.byteLength(text));
  });

  it.each([
    '../evil.png',
    '../../etc/passwd.png',
    '..%2f..%2fevil.png',
    '%2e%2e%2fevil.png',
    '/etc/passwd.png',
    '/tmp/evil.png',
    'C:\\evil.png',
    '..\\evil.png',
    '.htaccess',
    'a/b.png',
  ])('refuses the file name %j with 400 and stores nothing', async (filename) => {
    const { token, siteId } = await ownSite();
    const { status, body } = await upload(token, siteId, [{ field: 'file0', filename, data: await fixtures.png() }]);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'FILE_NAME', info: { field: 'file0' } });
    await expectNothingStored(siteId);
    expect(fs.existsSync(path.join(t.pw.deps.config.dataDir, 'evil.png'))).toBe(false);
  });

  it('refuses traversal in the path and in a new name', async () => {
    const { token, siteId } = await ownSite();
    await upload(token, siteId, [{ field: 'file0', filename: 'a.png', data: await fixtures.png() }]);
    for (const name of ['..%2F..%2Fsecret.png', '%252e%252e%252fsecret.png', '..%5Csecret.png']) {
      expect((await call(token, 'DELETE', `/sites/${siteId}/files/${name}`)).body).toMatchObject({ code: 'FILE_NAME' });
      expect((await call(token, 'GET', `/sites/${siteId}/files/${name}`)).status).toBe(400);
    }
    for (const newName of ['../b.png', '..%2fb.png', '/b.png']) {
      expect(await call(token, 'PATCH', `/sites/${siteId}/files/a.png`, { newName })).toMatchObject({
        status: 400,
        body: { code: 'FILE_NAME', info: { field: 'newName' } },
      });
    }
    expect((await t.pw.deps.db('assets').where({ site_id: siteId })).map((r) => r.name)).toEqual(['a.png']);
  });

  it('serves files with nosniff, their own type, and html as a download', async () => {
    const { token, siteId } = await ownSite();
    const { body } = await upload(token, siteId, [
      { field: 'file0', filename: 'page.html', data: fixtures.html() },
      { field: 'file1', filename: 'clip.mp4', data: fixtures.mp4() },
      { field: 'file2', filename: 'p.jpg', data: await fixtures.jpeg() },
    ]);
    const html = await fetch(`${t.url}${body[0].url}`);
    expect(html.headers.get('x-content-type-options')).toBe('nosniff');
    expect(html.headers.get('content-type')).toContain('text/html');
    expect(html.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(html.headers.get('content-security-policy')).toContain('sandbox');
    const image = await fetch(`${t.url}${body[2].url}`);
    expect([image.headers.get('content-type'), image.headers.get('content-disposition')?.split(';')[0]]).toEqual(['image/jpeg', 'inline']);
    const part = await fetch(`${t.url}${body[1].url}`, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(fixtures.mp4().subarray(0, 8));
    const blob = body[2].url.split('/')[3];
    for (const url of [
      `/api/files/${blob}/other.jpg`,
      `/api/files/${'0'.repeat(32)}/p.jpg`,
      `/api/files/not-a-blob/p.jpg`,
      `${body[2].url}?variant=original`,
      `${body[2].url}?variant=999`,
    ]) {
      expect((await checked(`${t.url}${url}`)).status).toBe(404);
    }
  });
});

describe('storage quota', () => {
  async function planOf(userId: number, storage: number) {
    const id = 100 + storage;
    const base = await t.pw.deps.db('plans').where({ id: 2 }).first();
    if (!(await t.pw.deps.db('plans').where({ id }).first()))
      await t.pw.deps.db('plans').insert({ ...base, id, storage, stripe_price_id_monthly: null, stripe_price_id_yearly: null });
    await t.pw.deps.db('subscriptions').where({ user_id: userId }).update({ plan_id: id });
  }
  const kb = (n: number, c = 'a') => Buffer.alloc(n * 1024, c);

  it("blocks an upload past the plan's storage with the owner's and the collaborator's messages", async () => {
    const quota = await team(t);
    await planOf(quota.owner.id, 1);
    const { siteId } = quota;
    expect((await upload(quota.owner.token, siteId, [{ field: 'file0', filename: 'a.txt', data: kb(700) }])).status).toBe(201);
    const owner = await upload(quota.owner.token, siteId, [{ field: 'file0', filename: 'b.txt', data: kb(400) }]);
    expect(owner).toMatchObject({
      status: 402,
      body: {
        code: 'PLAN_LIMIT',
        error: 'You have reached your site storage limit of 1 MB. To upload more assets, you first need to upgrade your pricing plan.',
        info: { title: 'Upgrade needed', limit: 1 },
      },
    });
    const collaborator = await upload(quota.collaborator.token, siteId, [{ field: 'file0', filename: 'b.txt', data: kb(400) }]);
    expect(collaborator).toMatchObject({
      status: 402,
      body: { error: "This site has reached it's storage limit. A pricing plan upgrade is needed by the site owner." },
    });
    expect((await t.pw.deps.db('assets').where({ site_id: siteId })).map((r) => r.name)).toEqual(['a.txt']);
    expect(filesOnDisk(siteId)).toHaveLength(1);
    // Replacing a file counts only the new bytes; placeholders do not count.
    expect(
      (await upload(quota.owner.token, siteId, [{ field: 'file0', filename: 'a.txt', data: kb(900, 'b') }], { overwrite: 'true' })).status,
    ).toBe(201);
    await t.pw.deps.db('assets').where({ site_id: siteId }).update({ placeholder: true });
    expect((await upload(quota.owner.token, siteId, [{ field: 'file0', filename: 'b.txt', data: kb(400) }])).status).toBe(201);
    const usage = (await call(quota.owner.token, 'GET', `/sites/${siteId}/files`)).body.storage;
    expect(usage).toEqual({ used: 400 * 1024, limit: 1024 * 1024, percent: 39.1 });
  });

  it('blocks every upload when the plan has no storage', async () => {
    const { token, userId, siteId } = await ownSite();
    await planOf(userId, 0);
    expect((await upload(token, siteId, [{ field: 'file0', filename: 'a.txt', data: Buffer.from('x') }])).status).toBe(402);
    await expectNothingStored(siteId);
  });
});

describe('rename, delete and "Not used"', () => {
  it('renames a file within its type, and keeps the name of one the site uses', async () => {
    const { token, siteId } = await ownSite();
    const { body } = await upload(token, siteId, [
      { field: 'file0', filename: 'a.png', data: await fixtures.png() },
      { field: 'file1', filename: 'b.png', data: await fixtures.png() },
    ]);
    const renamed = await call(token, 'PATCH', `/sites/${siteId}/files/a.png`, { newName: 'hero image.png' });
    expect(renamed).toMatchObject({
      status: 200,
      body: { name: 'hero image.png', id: 'hero image.png', url: expect.stringContaining('hero%20image.png') },
    });
    expect((await fetch(`${t.url}${renamed.body.url}`)).status).toBe(200);
    expect((await fetch(`${t.url}${body[0].url}`)).status).toBe(404);
    expect(await call(token, 'PATCH', `/sites/${siteId}/files/b.png`, { newName: 'hero image.png' })).toMatchObject({
      status: 409,
      body: { error: 'File already exists' },
    });
    expect(await call(token, 'PATCH', `/sites/${siteId}/files/b.png`, { newName: 'b.jpg' })).toMatchObject({
      status: 400,
      body: { error: 'A renamed file keeps the extension of its type', info: { field: 'newName' } },
    });
    expect(await call(token, 'PATCH', `/sites/${siteId}/files/b.png`, {})).toMatchObject({
      status: 400,
      body: { code: 'FILE_NAME', info: { field: 'newName' } },
    });
    expect((await call(token, 'PATCH', `/sites/${siteId}/files/nope.png`, { newName: 'x.png' })).body).toMatchObject({
      error: 'File not found',
    });
    await useInDocument(siteId, ['b.png']);
    expect(await call(token, 'PATCH', `/sites/${siteId}/files/b.png`, { newName: 'c.png' })).toMatchObject({
      status: 409,
      body: { code: 'FILE_IN_USE' },
    });
  });

  it('sets the tags of a file (trimmed, once each, at most 20), lists the files of a tag, and refuses bad tags writing nothing', async () => {
    const { token, siteId } = await ownSite();
    await upload(token, siteId, [
      { field: 'file0', filename: 'a.png', data: await fixtures.png() },
      { field: 'file1', filename: 'b.png', data: await fixtures.png() },
    ]);
    const tagged = await call(token, 'PATCH', `/sites/${siteId}/files/a.png`, { tags: [' Autumn  menu ', 'hero', 'HERO', '<b>dish</b>'] });
    expect(tagged).toMatchObject({ status: 200, body: { name: 'a.png', tags: ['Autumn menu', 'hero', 'dish'] } });
    await call(token, 'PATCH', `/sites/${siteId}/files/b.png`, { tags: ['dish'] });
    const byTag = async (tag: string) =>
      (await call(token, 'GET', `/sites/${siteId}/files?tag=${encodeURIComponent(tag)}`)).body.files.map((f: Json) => f.name);
    expect(await byTag('Dish')).toEqual(['a.png', 'b.png']);
    expect(await byTag('autumn menu')).toEqual(['a.png']);
    expect(await byTag('winter')).toEqual([]);
    // A new name and new tags at once; an empty list removes every tag.
    expect(await call(token, 'PATCH', `/sites/${siteId}/files/b.png`, { newName: 'soup.png', tags: [] })).toMatchObject({
      status: 200,
      body: { name: 'soup.png', tags: [] },
    });

    for (const tags of ['hero', [''], ['x'.repeat(41)], [1], Array.from({ length: 21 }, (_, i) => `t${i}`)]) {
      const refused = await call(token, 'PATCH', `/sites/${siteId}/files/a.png`, { newName: 'renamed.png', tags });
      expect(refused).toMatchObject({ status: 400, body: { code: 'FILE_TAGS', info: { field: 'tags' } } });
    }
    expect((await call(token, 'GET', `/sites/${siteId}/files/a.png`)).body).toMatchObject({
      name: 'a.png',
      tags: ['Autumn menu', 'hero', 'dish'],
    });
  });

  it('deletes a file with its original, preview and variants', async () => {
    const { token, siteId } = await ownSite();
    await upload(token, siteId, [{ field: 'file0', filename: 'wide.png', data: await fixtures.png(3000, 100) }]);
    expect(filesOnDisk(siteId).length).toBe(5);
    expect((await call(token, 'DELETE', `/sites/${siteId}/files/wide.png`)).status).toBe(204);
    await expectNothingStored(siteId);
    expect((await call(token, 'DELETE', `/sites/${siteId}/files/wide.png`)).status).toBe(404);
  });

  it('marks as "Not used" the files no page, component, setting or item refers to', async () => {
    const { token, siteId } = await ownSite();
    const names = ['hero.png', 'inline.png', 'icon.svg', 'orphan.png', 'my photo.jpg'];
    await upload(
      token,
      siteId,
      await Promise.all(
        names.map(async (filename, i) => ({
          field: `file${i}`,
          filename,
          data: filename.endsWith('svg') ? fixtures.svg() : filename.endsWith('jpg') ? await fixtures.jpeg() : await fixtures.png(),
        })),
      ),
    );
    await useInDocument(
      siteId,
      ['hero.png', 'Read more in ![x](/assets/inline.png "pic").', 'https://cdn.example.com/assets/my%20photo.jpg?w=300'],
      'icon.svg',
    );
    const { files } = (await call(token, 'GET', `/sites/${siteId}/files`)).body;
    expect(Object.fromEntries(files.map((f: Json) => [f.name, f.used]))).toEqual({
      'hero.png': true,
      'icon.svg': true,
      'inline.png': true,
      'my photo.jpg': true,
      'orphan.png': false,
    });
    expect((await call(token, 'GET', `/sites/${siteId}/files?type=unused`)).body.files.map((f: Json) => f.name)).toEqual(['orphan.png']);
  });

  it('counts a file used only by a CMS item as used, and keeps its name', async () => {
    const { token, siteId } = await ownSite();
    await upload(token, siteId, [{ field: 'file0', filename: 'dish.png', data: await fixtures.png() }]);
    expect((await call(token, 'POST', `/sites/${siteId}/content`, { id: 'dishes', name: 'Dishes' })).status).toBe(201);
    expect((await call(token, 'POST', `/sites/${siteId}/content/dishes/fields`, { name: 'photo', type: 'image' })).status).toBe(201);
    expect((await call(token, 'GET', `/sites/${siteId}/files/dish.png`)).body.used).toBe(false);
    expect((await call(token, 'POST', `/sites/${siteId}/content/dishes/items`, { photo: 'dish.png' })).status).toBe(201);
    expect((await call(token, 'GET', `/sites/${siteId}/files/dish.png`)).body.used).toBe(true);
    expect(await call(token, 'PATCH', `/sites/${siteId}/files/dish.png`, { newName: 'meal.png' })).toMatchObject({
      status: 409,
      body: { code: 'FILE_IN_USE' },
    });
  });
});

/** Makes the site document refer to files, as components and the favicon do. */
async function useInDocument(siteId: string, values: string[], favicon?: string) {
  const row = await t.pw.deps.db('sites').where({ id: siteId }).first();
  const doc = JSON.parse(row.data);
  doc.nodes = { ...doc.nodes };
  values.forEach((value, i) => (doc.nodes[`refs-${i}`] = { id: `refs-${i}`, type: 'image', data: { value }, style: {}, children: [] }));
  if (favicon) doc.settings = { ...doc.settings, favicon };
  await t.pw.deps
    .db('sites')
    .where({ id: siteId })
    .update({ data: JSON.stringify(doc) });
}

describe('who may do what', () => {
  it('lets the owner, a collaborator and an API key of the site write; a locked collaborator only read', async () => {
    const { siteId } = crew;
    const png = await fixtures.png();
    for (const [who, token, name] of [
      ['owner', crew.owner.token, 'o.png'],
      ['collaborator', crew.collaborator.token, 'c.png'],
      ['API key', crew.key, 'k.png'],
    ] as const) {
      expect([who, (await upload(token, siteId, [{ field: 'file0', filename: name, data: png }])).status]).toEqual([who, 201]);
      expect([who, (await call(token, 'PATCH', `/sites/${siteId}/files/${name}`, { newName: `r-${name}` })).status]).toEqual([who, 200]);
      expect([who, (await call(token, 'GET', `/sites/${siteId}/files`)).status]).toEqual([who, 200]);
      expect([who, (await call(token, 'DELETE', `/sites/${siteId}/files/r-${name}`)).status]).toEqual([who, 204]);
    }
    await upload(crew.owner.token, siteId, [{ field: 'file0', filename: 'keep.png', data: png }]);
    expect((await call(crew.locked.token, 'GET', `/sites/${siteId}/files`)).status).toBe(200);
    expect((await call(crew.locked.token, 'GET', `/sites/${siteId}/files/keep.png`)).status).toBe(200);
    const refusals: [string, string | null, number, string][] = [
      ['locked collaborator', crew.locked.token, 403, 'SITE_LOCKED'],
      ['stranger', crew.stranger.token, 404, 'NOT_FOUND'],
      ['anonymous', null, 401, 'UNAUTHORIZED'],
      ['API key of another site', crew.otherSiteKey, 403, 'API_KEY_SCOPE'],
      ['locked API key', crew.lockedKey, 403, 'API_KEY_LOCKED'],
    ];
    for (const [who, token, status, code] of refusals) {
      const attempts = [
        await upload(token, siteId, [{ field: 'file0', filename: 'x.png', data: png }]),
        await call(token, 'POST', `/sites/${siteId}/files/import`, { url: 'https://example.com/x.png' }),
        await call(token, 'PATCH', `/sites/${siteId}/files/keep.png`, { newName: 'y.png' }),
        await call(token, 'DELETE', `/sites/${siteId}/files/keep.png`),
      ];
      expect([who, attempts.map((a) => [a.status, a.body.code])]).toEqual([who, attempts.map(() => [status, code])]);
    }
    for (const [who, token, status] of [
      ['stranger', crew.stranger.token, 404],
      ['anonymous', null, 401],
      ['other key', crew.otherSiteKey, 403],
      ['locked key', crew.lockedKey, 403],
    ] as const) {
      expect([who, (await call(token, 'GET', `/sites/${siteId}/files`)).status]).toEqual([who, status]);
    }
    expect((await t.pw.deps.db('assets').where({ site_id: siteId })).map((r) => r.name)).toEqual(['keep.png']);
  });
});
