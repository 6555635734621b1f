import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite } from './content.js';
import { removeCliUsers, rows } from './run.js';

// Every test runs the CLI as several processes; on a shared 2-core machine that takes a while.
let t: TestServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-submissions-'));
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

/** A site with three submissions, sent as a visitor's script would (no session). */
async function siteWithSubmissions() {
  const s = await contentSite(t);
  const post = async (form: string, body: Record<string, unknown>) => {
    const response = await fetch(`${t.url}/api/sites/${s.siteId}/forms/${form}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
  };
  await post('contact', { email: 'ada@example.com', message: 'Hello' });
  await post('newsletter', { email: 'bob@example.com' });
  await post('contact', { email: 'cy@example.com', message: 'Line one\nline two', topic: ['a', 'b'] });
  const all = async () => (await s.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: s.siteId } } })).data!;
  const first = (await all()).items.find((i) => i.body.email === 'ada@example.com')!;
  await s.api.PATCH('/sites/{siteId}/submissions/{id}', {
    params: { path: { siteId: s.siteId, id: first.id } },
    body: { status: 'completed' },
  });
  return { ...s, all, site: ['--site', s.siteId] };
}

describe('submissions list', () => {
  it('lists id, form, status, date and fields, newest first, filtered by --status and --form', async () => {
    const s = await siteWithSubmissions();
    const result = await s.cli.run(['submissions', 'list', ...s.site]);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const listed = rows(result.stdout);
    expect(listed.map((r) => [r[1], r[2], r[4]])).toEqual([
      ['contact', 'new', 'email=cy@example.com; message=Line one line two; topic=a, b'],
      ['newsletter', 'new', 'email=bob@example.com'],
      ['contact', 'completed', 'email=ada@example.com; message=Hello'],
    ]);
    const filtered = await s.cli.run(['submissions', 'list', ...s.site, '--status', 'new', '--form', 'contact']);
    expect(rows(filtered.stdout).map((r) => r[4])).toEqual(['email=cy@example.com; message=Line one line two; topic=a, b']);
    const json = await s.cli.run(['submissions', 'ls', ...s.site, '--json', '--limit', '2']);
    const page = await s.api.GET('/sites/{siteId}/submissions', { params: { path: { siteId: s.siteId }, query: { limit: 2 } } });
    expect(JSON.parse(json.stdout)).toEqual({ ...page.data!, limit: 2 });
  });

  it('refuses an unknown --status before calling the server', async () => {
    const s = await contentSite(t);
    const result = await s.cli.run(['submissions', 'list', '--site', s.siteId, '--status', 'done']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("argument 'done' is invalid");
  });
});

describe('submissions export', () => {
  it('writes CSV with a column per field sent, and JSON and NDJSON by --format or --out', async () => {
    const s = await siteWithSubmissions();
    const out = path.join(work, `${s.siteId}.csv`);
    const result = await s.cli.run(['submissions', 'export', ...s.site, '--out', out]);
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: `Exported 3 submissions to ${out} as CSV\n` });
    const records: Record<string, string>[] = parse(fs.readFileSync(out, 'utf8'), { columns: true });
    expect(Object.keys(records[0]!)).toEqual(['id', 'form', 'status', 'language', 'received', 'email', 'message', 'topic']);
    expect(records[0]).toMatchObject({
      form: 'contact',
      status: 'new',
      email: 'cy@example.com',
      message: 'Line one\nline two',
      topic: 'a\nb',
    });
    const json = await s.cli.run(['submissions', 'export', ...s.site, '--format', 'json', '--form', 'contact']);
    expect(JSON.parse(json.stdout)).toEqual((await s.all()).items.filter((i) => i.formName === 'contact'));
    const nd = await s.cli.run(['submissions', 'export', ...s.site, '--format', 'ndjson', '--status', 'completed']);
    expect(
      nd.stdout
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).body.email),
    ).toEqual(['ada@example.com']);
  });
});
