import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite } from './content.js';
import { cliUser, removeCliUsers } from './run.js';

// The examples run the CLI (and npx, tsx) as several processes each.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const EXAMPLE = path.join(ROOT, 'examples', 'csv-import');
const DAY = 24 * 60 * 60 * 1000;

let t: TestServer;
let adminToken: string;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-examples-'));
beforeAll(async () => {
  t = await startTestServer();
  // The first account of a server is its admin.
  adminToken = (await t.signup('Admin Ada')).session.token;
});
afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

/** Runs a command from the repository root, as the READMEs say, with only the given PAGEWRIGHT_* variables. */
function runFromRoot(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PAGEWRIGHT_') && key !== 'NO_COLOR'));
  const home = cliUser().env;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...base, ...home, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function keyedSite() {
  const s = await contentSite(t, 'CSV shop');
  const { data: key } = await s.api.POST('/sites/{siteId}/api-keys', {
    params: { path: { siteId: s.siteId } },
    body: { name: 'CSV import' },
  });
  return { ...s, env: { PAGEWRIGHT_URL: t.url, PAGEWRIGHT_API_KEY: key!.key, PAGEWRIGHT_SITE: s.siteId } };
}

// Each example runs several processes (the CLI, npx, tsx), each starting Node: on a busy 2-core CI machine
// that takes longer than the suites' 20 s default.
describe('examples/csv-import', { timeout: 90_000 }, () => {
  it('products.csv is what generate-products.mjs writes (deterministic), 300 rows', async () => {
    const out = path.join(work, 'products.csv');
    const result = await runFromRoot('node', ['examples/csv-import/generate-products.mjs', '300', out], {});
    expect(result.code, result.stderr).toBe(0);
    expect(fs.readFileSync(out, 'utf8')).toBe(fs.readFileSync(path.join(EXAMPLE, 'products.csv'), 'utf8'));
    expect(fs.readFileSync(out, 'utf8').trimEnd().split('\n')).toHaveLength(301);
  });

  it('import-with-cli.sh creates the collection and fields and imports every row; a second run changes nothing; the SDK script agrees', async () => {
    const s = await keyedSite();
    const first = await runFromRoot('examples/csv-import/import-with-cli.sh', [], s.env);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ rows: 300, created: 300, updated: 0, unchanged: 0, rejected: 0, ignoredColumns: [] });
    const { data: collection } = await s.cms.get('products');
    expect(collection!.fields.map((f) => [f.id, f.type])).toEqual([
      ['title', 'text'],
      ['sku', 'text'],
      ['category', 'enum'],
      ['price', 'number'],
      ['released', 'date'],
      ['tags', 'list'],
      ['description', 'richtext'],
      ['published', 'published'],
    ]);
    const items = await s.items('products');
    expect(items).toHaveLength(300);
    expect(items[0]).toEqual({
      _id: 1,
      sku: 'PW-0001',
      title: 'Linen overshirt',
      category: 'Shirts',
      price: 142,
      published: true,
      released: '2025-06-17',
      tags: ['black', 'shirts'],
      description: 'Linen overshirt in black, "shirts" line. Made to last.',
    });

    const again = await runFromRoot('examples/csv-import/import-with-cli.sh', [], s.env);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ rows: 300, created: 0, updated: 0, unchanged: 300 });

    // The SDK script reads the same rows the same way: on this site nothing changes…
    const sdk = await runFromRoot('npx', ['tsx', 'examples/csv-import/import-with-sdk.mjs'], s.env);
    expect(sdk.code, sdk.stderr).toBe(0);
    expect(JSON.parse(sdk.stdout)).toEqual({ rows: 300, created: 0, updated: 0, unchanged: 300, batches: 3 });
    // …and on a new site it makes the same items.
    const other = await keyedSite();
    const fresh = await runFromRoot('npx', ['tsx', 'examples/csv-import/import-with-sdk.mjs'], other.env);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(JSON.parse(fresh.stdout)).toMatchObject({ rows: 300, created: 300 });
    expect(await other.items('products')).toEqual(items);
  });

  it('import-with-cli.sh stops with the exit code of the CLI when the key is refused', async () => {
    const s = await keyedSite();
    const result = await runFromRoot('examples/csv-import/import-with-cli.sh', [], { ...s.env, PAGEWRIGHT_API_KEY: 'pw_AAAAAAAA_wrong' });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    expect((await s.cms.get('products')).response.status).toBe(404);
  });
});

describe('examples/admin-report', { timeout: 90_000 }, () => {
  it("prints this week's activity per event as JSON: count, the week before, change and users", async () => {
    const user = await t.signup('Bea');
    const now = Date.now();
    const event = (key: string, userId: number, at: number) => ({ key, user_id: userId, site_id: null, created_at: at });
    await t.pw.deps
      .db('events')
      .insert([
        event('exports', user.session.id, now - DAY),
        event('exports', user.session.id, now - 2 * DAY),
        event('exports', user.session.id, now - 9 * DAY),
        event('cmsItemCreate', user.session.id, now - 3 * DAY),
      ]);
    const result = await runFromRoot('node', ['examples/admin-report/weekly-activity.mjs'], {
      PAGEWRIGHT_URL: t.url,
      PAGEWRIGHT_TOKEN: adminToken,
    });
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.events.exports).toEqual({ count: 2, previous: 1, changePercent: 100, users: 1 });
    expect(report.events.cmsItemCreate).toEqual({ count: 1, previous: 0, changePercent: null, users: 1 });
    expect(Object.keys(report.events)).toEqual([
      'sectionsAdd',
      'comopnentsAdd',
      'componentsDelete',
      'styleEdit',
      'cmsItemCreate',
      'cmsItemDelete',
      'cmsItemEdit',
      'exports',
      'rollbacks',
    ]);
    expect(report.busiest).toBe('exports');
    expect(Date.parse(report.to) - Date.parse(report.from)).toBe(7 * DAY);
  });

  it("exits with the CLI's code for someone who is not an admin", async () => {
    const user = await t.signup('Cy');
    const result = await runFromRoot('node', ['examples/admin-report/weekly-activity.mjs'], {
      PAGEWRIGHT_URL: t.url,
      PAGEWRIGHT_TOKEN: user.session.token,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^error: /m);
  });
});
