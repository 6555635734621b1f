import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';
import { createSite, fixtureLibrary } from '../support/siteDoc.js';
import { loggedIn, removeCliUsers, type Result } from './run.js';

/** A local webhook receiver that records what it is sent and answers with `status`. */
async function receiver(status = 200) {
  const received: unknown[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString()));
      res.writeHead(status).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let t: TestServer;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-publish-'));
beforeAll(async () => {
  // Webhooks may reach the deployment's own network here, as the local receiver needs.
  t = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { sectionLibrary: fixtureLibrary });
});
afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

async function ownerSite() {
  const owner = await t.signup('Owner');
  const siteId = await createSite(t.pw.deps.db, owner.api);
  const path = { siteId };
  return {
    siteId,
    api: owner.api,
    cli: loggedIn(t.url, owner.session.token),
    view: async () => (await owner.api.GET('/sites/{siteId}', { params: { path, query: { expand: 'publish|versions' } } })).data!,
    setWebhook: (webhook: string) => owner.api.PATCH('/sites/{siteId}', { params: { path }, body: { publish: { webhook } } }),
    newKey: async (name = 'CI') => (await owner.api.POST('/sites/{siteId}/api-keys', { params: { path }, body: { name } })).data!,
  };
}

const exportsOf = (siteId: string) => t.pw.deps.db('exports').where({ site_id: siteId });

describe('publish', () => {
  it('without a webhook makes the zip and prints its download link', async () => {
    const s = await ownerSite();
    const result = await s.cli.run(['publish', '--site', s.siteId]);
    expect(result.code).toBe(0);
    const { publish } = await s.view();
    expect(publish).toMatchObject({ type: 'download', author: 'Owner' });
    expect(result.stdout).toMatch(new RegExp(`^http://localhost:\\d+/api/sites/${s.siteId.replace(/\./g, '\\.')}/export/\\S+\\n$`));
    expect(result.stderr).toMatch(
      new RegExp(
        `^Published ${s.siteId.replace(/\./g, '\\.')}: \\d+ files, zip [\\d.]+ KB \\(md5 [0-9a-f]{32}\\)\\nThe download link above is valid for 7 days\\n$`,
      ),
    );
    expect(await exportsOf(s.siteId)).toHaveLength(1);
  });

  it('--json prints the version hash, md5, size, URL and name', async () => {
    const s = await ownerSite();
    await s.api.POST('/sites/{siteId}/versions/commit', { params: { path: { siteId: s.siteId } }, body: { message: 'Release' } });
    const result = await s.cli.run(['publish', '--site', s.siteId, '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const json = JSON.parse(result.stdout);
    const view = await s.view();
    expect(json).toEqual({
      site: s.siteId,
      type: 'download',
      hash: view.hash,
      version: view.versions![0]!.id,
      md5: expect.stringMatching(/^[0-9a-f]{32}$/),
      size: expect.any(Number),
      url: expect.stringContaining(`/api/sites/${s.siteId}/export/`),
      name: expect.stringMatching(/\.zip$/),
      author: 'Owner',
      timestamp: view.publish!.timestamp,
      files: expect.any(Number),
      // The deploy the publish made live, and where (no verified domain here).
      deploy: 1,
      liveUrl: null,
    });
    expect(view.versions![0]!.hash).toBe(view.hash);
    expect(json.files).toBeGreaterThan(3);
  });

  it('--download writes the zip, checked against its md5', async () => {
    const s = await ownerSite();
    const file = path.join(work, `${s.siteId}.zip`);
    const result = await s.cli.run(['publish', '--site', s.siteId, '--download', file, '--json']);
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout);
    const bytes = fs.readFileSync(file);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(json).toMatchObject({
      type: 'download',
      path: file,
      size: bytes.length,
      md5: crypto.createHash('md5').update(bytes).digest('hex'),
    });
    const plain = await s.cli.run(['publish', '--site', s.siteId, '--download', file]);
    expect(plain.stdout).toBe(`${file}\n`);
    expect(plain.stderr).toContain(`to ${file}`);
  });

  it('posts to the webhook when the site has one', async () => {
    const hook = await receiver();
    try {
      const s = await ownerSite();
      await s.setWebhook(hook.url);
      const result = await s.cli.run(['publish', '--site', s.siteId, '--json']);
      expect(result.code).toBe(0);
      const json = JSON.parse(result.stdout);
      expect(json).toMatchObject({ type: 'webhook', webhook: { status: 200 } });
      expect(hook.received).toEqual([
        { event: 'publish', download: { md5: json.md5, size: json.size, url: json.url, name: json.name }, timestamp: json.timestamp },
      ]);
      const plain = await s.cli.run(['publish', '--site', s.siteId]);
      expect(plain.stderr).toContain('The webhook answered 200');
      expect((await s.view()).publish).toMatchObject({ type: 'webhook', webhook: hook.url });
    } finally {
      await hook.close();
    }
  });

  it("exits 1 with the server's message when the webhook refuses, naming the zip that was made", async () => {
    const hook = await receiver(500);
    try {
      const s = await ownerSite();
      await s.setWebhook(hook.url);
      const result = await s.cli.run(['publish', '--site', s.siteId, '--json']);
      expect(result).toMatchObject({ code: 1, stdout: '' });
      expect(result.stderr).toMatch(
        /^error: The webhook did not accept the publish \(502\)\nThe zip was made all the same: http\S+\/export\/\S+\n$/,
      );
    } finally {
      await hook.close();
    }
  });

  it('works with an API key of the site, and exits 1 once the key is locked', async () => {
    const s = await ownerSite();
    const key = await s.newKey();
    const env = { PAGEWRIGHT_URL: t.url, PAGEWRIGHT_API_KEY: key.key, PAGEWRIGHT_SITE: s.siteId };
    const ci = loggedIn('http://unused.example.com', 'unused', env);
    const ok = await ci.run(['publish', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ site: s.siteId, type: 'download' });
    await s.api.PATCH('/sites/{siteId}/api-keys/{token}', {
      params: { path: { siteId: s.siteId, token: key.token } },
      body: { isLocked: true },
    });
    const locked = await ci.run(['publish']);
    expect(locked).toMatchObject({ code: 1, stdout: '', stderr: 'error: This API key is locked by the site owner (403)\n' });
  });

  it('exits 4 without a token', async () => {
    const s = await ownerSite();
    const result = await loggedIn('http://elsewhere.example.com', 'x').run(['publish', '--site', s.siteId], {
      env: { PAGEWRIGHT_URL: t.url },
    });
    expect(result.code).toBe(4);
    expect(await exportsOf(s.siteId)).toHaveLength(0);
  });
});

const SCRIPT = fileURLToPath(new URL('../../examples/ci/publish.sh', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Runs examples/ci/publish.sh as CI would: from the checkout, with only the three secrets set. */
function runScript(env: Record<string, string>, args: string[] = []): Promise<Result> {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('PAGEWRIGHT_')));
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [SCRIPT, ...args], { cwd: ROOT, env: { ...base, HOME: work, ...env }, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end();
  });
}

describe('examples/ci/publish.sh', () => {
  it('commits a version and publishes with an API key, printing the publish as JSON', async () => {
    const s = await ownerSite();
    const key = await s.newKey('GitHub Actions');
    const result = await runScript({
      PAGEWRIGHT_URL: t.url,
      PAGEWRIGHT_API_KEY: key.key,
      PAGEWRIGHT_SITE: s.siteId,
      GITHUB_SHA: 'abcdef1234567890',
    });
    expect(result.code, result.stderr).toBe(0);
    const view = await s.view();
    expect(view.versions![0]).toMatchObject({ message: 'Published from CI at abcdef1' });
    expect(result.stderr).toContain(`Saved version ${view.versions![0]!.hash}: Published from CI at abcdef1`);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ site: s.siteId, type: 'download', hash: view.versions![0]!.hash, version: view.versions![0]!.id });
    expect(view.publish!.timestamp).toBe(json.timestamp);
    expect(await exportsOf(s.siteId)).toHaveLength(1);
    const keys = (await s.api.GET('/sites/{siteId}/api-keys', { params: { path: { siteId: s.siteId } } })).data!;
    expect(keys.find((k) => k.token === key.token)!.usedCount).toBeGreaterThanOrEqual(3);
  }, 30_000);

  it('fails without its settings, and with a locked key, publishing nothing', async () => {
    const s = await ownerSite();
    const missing = await runScript({ PAGEWRIGHT_URL: t.url, PAGEWRIGHT_SITE: s.siteId });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('PAGEWRIGHT_API_KEY');
    const key = await s.newKey();
    await s.api.PATCH('/sites/{siteId}/api-keys/{token}', {
      params: { path: { siteId: s.siteId, token: key.token } },
      body: { isLocked: true },
    });
    const locked = await runScript({ PAGEWRIGHT_URL: t.url, PAGEWRIGHT_API_KEY: key.key, PAGEWRIGHT_SITE: s.siteId }, ['Locked out']);
    expect(locked.code).toBe(1);
    expect(locked.stderr).toContain('This API key is locked by the site owner');
    expect((await s.view()).versions!.map((v) => v.message)).not.toContain('Locked out');
    expect(await exportsOf(s.siteId)).toHaveLength(0);
  }, 30_000);
});
