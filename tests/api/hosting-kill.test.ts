import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, SDK_VERSION, type PagewrightClient } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type LocalDns } from '../support/dns.js';
import { HOSTING_CNAME, publish, siteWithPosts, verifyDomain, visit } from '../support/hosting.js';
import { createPostgresDatabase } from '../support/server.js';

// The server as `npm start` runs it, in its own process, killed with SIGKILL in the middle of a publish
// and started again on the same database and files (as tests/api/cms-import-kill.test.ts does).
const root = fileURLToPath(new URL('../..', import.meta.url));
const MAIN = path.join(root, 'server', 'src', 'main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-hosting-kill-'));
const pg = process.env.DATABASE_URL ? await createPostgresDatabase(process.env.DATABASE_URL) : null;
const children = new Set<ChildProcess>();
let dns: LocalDns;

beforeAll(async () => {
  dns = await startDns();
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await dns?.close();
  await pg?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ARGON2_MEMORY_KIB: '4096',
    ARGON2_TIME_COST: '1',
    DNS_SERVER: dns.server,
    HOSTING_CNAME,
    REDIS_URL: '',
    ...(pg ? { DATABASE_URL: pg.url } : { DATABASE_URL: '' }),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /running at (http:\/\/\S+)/.exec(out);
      if (found) resolve({ url: found[1]!, child });
    });
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the server exited with ${code} before it was running:\n${out}`)));
  });
}

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const POSTS = 200;

/** Every page of the site a visitor reads, with the deploy each came from; all must be one deploy, whole. */
async function readSite(url: string, host: string): Promise<{ deploys: Set<string>; colours: Set<string>; failed: number }> {
  const deploys = new Set<string>();
  const colours = new Set<string>();
  let failed = 0;
  const paths = ['/', ...Array.from({ length: 30 }, (_, i) => `/posts/post-${1 + Math.floor((i * POSTS) / 30)}/`)];
  for (const p of paths) {
    const page = await visit(url, host, p);
    if (page.status !== 200) failed++;
    deploys.add(String(page.headers['x-pagewright-deploy']));
    colours.add(/<meta name="theme-color" content="([^"]+)">/.exec(page.text)?.[1] ?? 'none');
    for (const [, file, version] of page.text.matchAll(/(?:href|src)="(\/[^"?]+)\?v=([0-9a-f]{16})"/g)) {
      if ((await visit(url, host, `${file}?v=${version}`)).status !== 200) failed++;
    }
  }
  return { deploys, colours, failed };
}

describe('a publish killed half way', () => {
  it('leaves the previous deploy serving, whole, after a restart; the next publish succeeds', { timeout: 300_000 }, async () => {
    let server = await startServer();
    const api = createClient({ baseUrl: server.url, clientVersion: `sdk/${SDK_VERSION}` });
    const { data: session } = await api.POST('/auth/signup', {
      body: { name: 'Publisher', email: 'publisher@example.com', password: 'correct horse battery' },
    });
    const signedIn = (url: string): PagewrightClient =>
      createClient({ baseUrl: url, token: session!.token, clientVersion: `sdk/${SDK_VERSION}` });
    const siteId = 'kill-publish.example.com';
    const host = `www.${siteId}`;
    await siteWithPosts(signedIn(server.url), siteId, POSTS);
    const setColour = (url: string, themeColor: string) =>
      signedIn(url).PATCH('/sites/{siteId}', { params: { path: { siteId } }, body: { themeColor } });
    await setColour(server.url, '#111111');
    const started = performance.now();
    await publish(signedIn(server.url), siteId);
    const full = performance.now() - started;
    await verifyDomain(signedIn(server.url), dns, siteId, host);
    const before = await readSite(server.url, host);
    expect(before).toEqual({ deploys: new Set(['1']), colours: new Set(['#111111']), failed: 0 });

    // The same publish again with another colour, the process killed at points inside the time a
    // whole publish took. Each kill leaves deploy 1 serving whole, or (when the publish had committed
    // before the kill) deploy 2 whole: never a mix, never a missing file.
    let interrupted = 0;
    let colour = '#111111';
    for (const share of [0.15, 0.4, 0.7]) {
      await setColour(server.url, '#222222');
      const sending = fetch(`${server.url}/api/sites/${siteId}/publish?type=download`, {
        headers: {
          Authorization: `Basic ${Buffer.from(`${session!.token}:`).toString('base64')}`,
          'X-Client-Version': `sdk/${SDK_VERSION}`,
        },
      }).then(
        (response) => response.status,
        () => 'killed' as const,
      );
      await new Promise((resolve) => setTimeout(resolve, full * share));
      await kill(server.child);
      const outcome = await sending;
      server = await startServer();
      const after = await readSite(server.url, host);
      expect(after.failed).toBe(0);
      expect(after.deploys.size).toBe(1);
      expect(after.colours.size).toBe(1);
      const { data } = await signedIn(server.url).GET('/sites/{siteId}/deploys', { params: { path: { siteId } } });
      const live = data!.deploys.find((d) => d.live)!;
      expect([...after.deploys]).toEqual([String(live.number)]);
      if (live.number === 1) {
        expect(outcome).toBe('killed');
        expect([...after.colours]).toEqual(['#111111']);
        interrupted++;
      } else {
        colour = '#222222';
        expect([...after.colours]).toEqual(['#222222']);
        break;
      }
    }
    expect(interrupted).toBeGreaterThan(0);

    // The server takes the next publish, whole, after the kills.
    await setColour(server.url, '#333333');
    const next = await publish(signedIn(server.url), siteId);
    expect(next.deploy.live).toBe(true);
    expect(await readSite(server.url, host)).toEqual({
      deploys: new Set([String(next.deploy.number)]),
      colours: new Set(['#333333']),
      failed: 0,
    });
    expect(colour).toBeTruthy();
    await kill(server.child);
  });
});
