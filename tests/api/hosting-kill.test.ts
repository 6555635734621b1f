import { createClient, SDK_VERSION, type PagewrightClient } from '@pagewright/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type LocalDns } from '../support/dns.js';
import { HOSTING_CNAME, publish, siteWithPosts, verifyDomain, visit } from '../support/hosting.js';
import { serverProcesses } from '../support/server-process.js';

// The server as `npm start` runs it, in its own process, killed with SIGKILL in the middle of a publish
// and started again on the same database and files (as tests/api/cms-import-kill.test.ts does).
const servers = await serverProcesses('hosting-kill', { run: 'build' });
let dns: LocalDns;

beforeAll(async () => {
  dns = await startDns();
});
afterAll(async () => {
  await servers.close();
  await dns?.close();
});

const startServer = () => servers.start({ env: { LOG_LEVEL: 'silent', DNS_SERVER: dns.server, HOSTING_CNAME, REDIS_URL: '' } });
const kill = servers.kill;

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
