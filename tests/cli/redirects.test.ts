import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@pagewright/sdk/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { contentSite } from './content.js';
import { loggedIn, removeCliUsers, rows } from './run.js';

// Every test runs the CLI as several processes; on a shared 2-core machine that takes a while.
let t: TestServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-redirects-'));
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

async function redirectSite() {
  const s = await contentSite(t);
  const list = async () =>
    (await s.api.GET('/sites/{siteId}/redirects', { params: { path: { siteId: s.siteId } } })).data!.redirects.map((r) => [r.from, r.to]);
  const add = (from: string, to: string) =>
    s.api.POST('/sites/{siteId}/redirects', { params: { path: { siteId: s.siteId } }, body: { from, to } });
  return { ...s, list, add, site: ['--site', s.siteId] };
}

describe('redirects add and list', () => {
  it('adds a redirect, prints its index, and lists index, from and to as rows', async () => {
    const s = await redirectSite();
    const first = await s.cli.run(['redirects', 'add', '/old-menu', '/menu', ...s.site]);
    expect(first).toMatchObject({ code: 0, stdout: '0\n', stderr: 'Added the redirect /old-menu -> /menu\n' });
    const second = await s.cli.run(['redirects', 'add', '/shop', 'https://store.example.com/', ...s.site]);
    expect(second.stdout).toBe('1\n');
    expect(await s.list()).toEqual([
      ['/old-menu', '/menu'],
      ['/shop', 'https://store.example.com/'],
    ]);
    const listed = await s.cli.run(['redirects', 'list', ...s.site]);
    expect(rows(listed.stdout)).toEqual([
      ['0', '/old-menu', '/menu'],
      ['1', '/shop', 'https://store.example.com/'],
    ]);
    const json = await s.cli.run(['redirects', 'ls', ...s.site, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(
      (await s.api.GET('/sites/{siteId}/redirects', { params: { path: { siteId: s.siteId } } })).data,
    );
  });

  it('reports a from that exists as ignored (exit 0, nothing changed); --json shows changed false', async () => {
    const s = await redirectSite();
    await s.add('/old', '/new');
    const again = await s.cli.run(['redirects', 'add', '/old', '/elsewhere', ...s.site]);
    expect(again).toMatchObject({ code: 0, stdout: '', stderr: 'Ignored: a redirect from /old exists already (index 0, to /new)\n' });
    const json = await s.cli.run(['redirects', 'add', '/old', '/elsewhere', ...s.site, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ changed: false, index: 0 });
    expect(await s.list()).toEqual([['/old', '/new']]);
  });

  it("shows the server's message for a bad path and adds nothing", async () => {
    const s = await redirectSite();
    const result = await s.cli.run(['redirects', 'add', 'old', '/new', ...s.site]);
    expect(result).toMatchObject({ code: 1, stderr: `error: ${messages.redirectFromInvalid} (400) field: from\n` });
    expect(await s.list()).toEqual([]);
  });

  it('works with an API key of the site', async () => {
    const s = await redirectSite();
    const { data: key } = await s.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId: s.siteId } }, body: {} });
    const ci = loggedIn('http://unused.example.com', 'unused', {
      PAGEWRIGHT_URL: t.url,
      PAGEWRIGHT_API_KEY: key!.key,
      PAGEWRIGHT_SITE: s.siteId,
    });
    expect((await ci.run(['redirects', 'add', '/a', '/b'])).code).toBe(0);
    expect(await s.list()).toEqual([['/a', '/b']]);
  });
});

describe('redirects edit and remove', () => {
  it('changes to, from or both; an edit onto a taken from is reported as ignored', async () => {
    const s = await redirectSite();
    await s.add('/a', '/x');
    await s.add('/b', '/y');
    const to = await s.cli.run(['redirects', 'edit', '0', '--to', '/z', ...s.site]);
    expect(to).toMatchObject({ code: 0, stderr: 'Changed redirect 0: /a -> /z\n' });
    const taken = await s.cli.run(['redirects', 'edit', '1', '--from', '/a', ...s.site]);
    expect(taken).toMatchObject({ code: 0, stderr: 'Ignored: a redirect from /a exists already (index 0, to /z)\n' });
    expect(await s.list()).toEqual([
      ['/a', '/z'],
      ['/b', '/y'],
    ]);
    const none = await s.cli.run(['redirects', 'edit', '1', ...s.site]);
    expect(none).toMatchObject({ code: 1, stderr: 'error: give --from, --to or both\n' });
    const missing = await s.cli.run(['redirects', 'edit', '7', '--to', '/q', ...s.site]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/\(404\)\n$/);
    const bad = await s.cli.run(['redirects', 'edit', 'first', '--to', '/q', ...s.site]);
    expect(bad.stderr).toBe('error: a redirect index is a whole number from 0 (got "first"); see: pagewright redirects list\n');
  });

  it('removes with --yes (the later ones move up), needs it when it cannot ask, and asks on a terminal', async () => {
    const s = await redirectSite();
    await s.add('/a', '/x');
    await s.add('/b', '/y');
    const refused = await s.cli.run(['redirects', 'remove', '0', ...s.site]);
    expect(refused).toMatchObject({ code: 1, stderr: 'error: --yes required when not running interactively\n' });
    const no = await s.cli.runInTerminal(['redirects', 'remove', '0', ...s.site], [['Remove the redirect /a -> /x? (y/N) ', 'n\r']]);
    expect(no.code).toBe(2);
    const result = await s.cli.run(['redirects', 'rm', '0', ...s.site, '--yes']);
    expect(result).toMatchObject({ code: 0, stderr: `Removed redirect 0 from ${s.siteId}\n` });
    expect(await s.list()).toEqual([['/b', '/y']]);
  });
});

describe('redirects import', () => {
  it('adds the rows of a from,to CSV, counting ignored duplicates and reporting refused rows (exit 1)', async () => {
    const s = await redirectSite();
    await s.add('/exists', '/there');
    const csv = path.join(work, 'redirects.csv');
    fs.writeFileSync(csv, 'from,to\n/old-a,/a\n/exists,/elsewhere\nbad path,/b\n/old-c,https://c.example.com/\n');
    const result = await s.cli.run(['redirects', 'import', csv, ...s.site]);
    expect(result.code).toBe(1);
    expect(rows(result.stdout)).toEqual([
      ['added', '2'],
      ['ignored', '1'],
      ['rejected', '1'],
    ]);
    expect(result.stderr).toContain('line 3: ignored, a redirect from /exists exists already\n');
    expect(result.stderr).toContain(`line 4: bad path -> /b: ${messages.redirectFromInvalid}\n`);
    expect(await s.list()).toEqual([
      ['/exists', '/there'],
      ['/old-a', '/a'],
      ['/old-c', 'https://c.example.com/'],
    ]);
  });

  it('reads a CSV without a header, and answers a summary with --json', async () => {
    const s = await redirectSite();
    const csv = path.join(work, 'plain.csv');
    fs.writeFileSync(csv, '/x,/y\n/x,/z\n');
    const result = await s.cli.run(['redirects', 'import', csv, ...s.site, '--json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ added: 1, ignored: 1, rejected: [] });
    expect(await s.list()).toEqual([['/x', '/y']]);
  });
});
