import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBackup, RestoreRefused } from '../../server/src/admin/backup.js';
import { cmsOf } from '../support/cms.js';
import { ownSite, type EditorSite } from '../support/editor.js';
import { fixtures, multipart } from '../support/files.js';
import { S3_CREDENTIALS, startS3, type LocalS3 } from '../support/s3.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic } from '../support/team.js';

// Backups (issue 17 item 6): `npm run backup` writes the whole instance (rows and files) to one archive
// that `npm run restore` reads into a fresh one. The source runs on SQLite with files in a folder; the
// target on PostgreSQL when DATABASE_URL is set (SQLite otherwise) with its files in S3 (s3rver).
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PASSWORD = 'correct horse battery';

let source: TestServer;
let target: TestServer;
let s3: LocalS3;
let site: EditorSite;
let email: string;
let archive: string;
let fileUrl: string;
const png = await fixtures.png(640, 480);

/** `npm run backup -- <file>` for the source's configuration (`tsx server/src/backup.ts backup <file>`). */
function runCommand(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/backup.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

beforeAll(async () => {
  s3 = await startS3(['restored']);
  source = await startTestServer({ DATABASE_URL: '' });
  site = await ownSite(source);
  email = (await site.api.GET('/user')).data!.email;
  const cms = cmsOf(site.api, site.siteId);
  await cms.addItem('posts', { title: 'Kept across the move', slug: 'kept' });
  const { body, contentType } = multipart([{ field: 'file0', filename: 'photo.png', data: png }]);
  const uploaded = await fetch(`${source.url}/api/sites/${site.siteId}/files`, {
    method: 'POST',
    headers: { 'content-type': contentType, authorization: basic(site.token) },
    body,
  });
  fileUrl = ((await uploaded.json()) as { url: string }[])[0]!.url;
  await site.api.POST('/sites/{siteId}/versions/commit', {
    params: { path: { siteId: site.siteId } },
    body: { message: 'Before the move' },
  });
  const form = await fetch(`${source.url}/api/sites/${site.siteId}/forms/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Ada', message: 'Still here?' }).toString(),
  });
  expect(form.status).toBe(201);
  archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pw-backup-')), 'instance.pwbackup');
  target = await startTestServer({ STORAGE_URL: s3.storageUrl('restored', 'moved'), ...S3_CREDENTIALS });
});
afterAll(async () => {
  await source?.close();
  await target?.close();
  await s3?.close();
  if (archive) fs.rmSync(path.dirname(archive), { recursive: true, force: true });
});

describe('backup and restore', () => {
  it('writes the whole instance to one archive with npm run backup', async () => {
    const { code, stderr } = await runCommand(['backup', archive], { DATA_DIR: source.pw.deps.config.dataDir, DATABASE_URL: '' });
    expect(stderr).toMatch(/^Wrote .*instance\.pwbackup: \d+ rows and \d+ files from SQLite/);
    expect(code).toBe(0);
    expect(fs.statSync(archive).size).toBeGreaterThan(png.length / 2);
  });

  it('reads it into a fresh instance on another database and store: account, site, items, files, versions and submissions', async () => {
    const { rows, files } = await readBackup(target.pw.deps.db, target.pw.deps.storage, fs.createReadStream(archive));
    expect(rows).toBeGreaterThan(10);
    expect(files).toBeGreaterThanOrEqual(2); // the picture and its resized copies

    const login = await target.client().POST('/auth/login', { body: { email, password: PASSWORD } });
    expect(login.response.status).toBe(200);
    const api = target.client((login.data as { token: string }).token);
    const path_ = { siteId: site.siteId };
    expect((await api.GET('/sites')).data!.map((s) => s.id)).toContain(site.siteId);
    const before = await site.api.GET('/sites/{siteId}', { params: { path: path_, query: { expand: 'pages' } } });
    const after = await api.GET('/sites/{siteId}', { params: { path: path_, query: { expand: 'pages' } } });
    expect(after.data!.nodes).toEqual(before.data!.nodes);
    const items = (await cmsOf(api, site.siteId).items('posts')).data!;
    expect(items).toEqual((await cmsOf(site.api, site.siteId).items('posts')).data!);
    expect(JSON.stringify(items)).toContain('Kept across the move');
    const served = await fetch(`${target.url}${fileUrl}`);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const versions = (await api.GET('/sites/{siteId}/versions', { params: { path: path_ } })).data!;
    expect(JSON.stringify(versions)).toContain('Before the move');
    const submissions = (await api.GET('/sites/{siteId}/submissions', { params: { path: path_ } })).data!;
    expect(submissions.total).toBe(1);
    expect(JSON.stringify(submissions.items[0])).toContain('Still here?');
    // New rows after the restore get fresh ids (the sequences moved on with the restored rows).
    const newcomer = await target.signup('After the move');
    expect(newcomer.session.id).toBeGreaterThan(site.userId);
  });

  it('refuses to restore into an instance that already has accounts, and a file that is not a backup', async () => {
    await expect(readBackup(target.pw.deps.db, target.pw.deps.storage, fs.createReadStream(archive))).rejects.toThrow(RestoreRefused);
    const bogus = path.join(path.dirname(archive), 'not-a-backup');
    fs.writeFileSync(bogus, 'hello');
    const { code, stderr } = await runCommand(['restore', bogus], { DATA_DIR: path.dirname(archive), DATABASE_URL: '' });
    expect(code).toBe(1);
    expect(stderr).toBeTruthy();
  });
});
