import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../server/src/engines/webhook.js';
import { ownSite } from '../support/editor.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';

/** A local webhook receiver: records what it is sent and answers as told (or never, until closed). */
async function receiver(answer: { status?: number; answers?: boolean } = {}) {
  const received: { body: unknown; headers: http.IncomingHttpHeaders }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: JSON.parse(Buffer.concat(chunks).toString()), headers: req.headers });
      if (answer.answers === false) return;
      res.writeHead(answer.status ?? 200).end('ok');
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
let lan: TestServer;
beforeAll(async () => {
  t = await startTestServer({}, { sectionLibrary: fixtureLibrary });
  // A deployment that lets webhooks reach its own network, as the local receiver needs.
  lan = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { sectionLibrary: fixtureLibrary });
});
afterAll(async () => {
  await t.close();
  await lan.close();
});

const setWebhook = (site: Awaited<ReturnType<typeof ownSite>>, webhook: string) =>
  site.api.PATCH('/sites/{siteId}', { params: { path: { siteId: site.siteId } }, body: { publish: { webhook } } });

describe('GET /publish', () => {
  it('compiles, zips, records the publish, and serves the zip behind its link', async () => {
    const site = await ownSite(t);
    // A domain, so the site has a sitemap (its addresses are absolute; tests/api/published-output.test.ts has the site without one).
    await site.api.PATCH('/sites/{siteId}', {
      params: { path: { siteId: site.siteId } },
      body: { compile: { domain: 'www.owner.example' } },
    });
    const { data, response } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ type: 'download', author: 'Owner', authorId: site.userId });
    expect(data!.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['index.html', 'about/index.html', 'posts/hello-world/index.html', 'sitemap.xml', 'robots.txt', '404.html']),
    );
    const zip = await fetch(data!.download.url.replace(t.pw.deps.config.publicUrl, t.url));
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(zip.headers.get('content-disposition')).toContain(data!.download.name);
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBe(data!.download.size);
    expect(crypto.createHash('md5').update(bytes).digest('hex')).toBe(data!.download.md5);
    expect(data!.download.name).toMatch(new RegExp(`^${site.siteId.replace(/\./g, '\\.')}-\\d{8}-\\d{6}\\.zip$`));

    const view = await site.api.GET('/sites/{siteId}', { params: { path: { siteId: site.siteId }, query: { expand: 'publish' } } });
    expect(view.data!.publish).toEqual({
      webhook: null,
      type: 'download',
      author: 'Owner',
      authorId: site.userId,
      timestamp: data!.timestamp,
    });
    expect(await t.pw.deps.db('events').where({ site_id: site.siteId, key: 'exports' })).toHaveLength(1);
  });

  it('refuses an unknown or expired download link', async () => {
    const site = await ownSite(t);
    const { data } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
    const wrong = await t
      .client()
      .GET('/sites/{siteId}/export/{token}', { params: { path: { siteId: site.siteId, token: 'not-a-token' } } });
    expect(wrong.response.status).toBe(404);
    expect(wrong.error!.error).toBe('The download link is invalid or has expired');
    await t.pw.deps
      .db('exports')
      .where({ site_id: site.siteId })
      .update({ expires_at: Date.now() - 1 });
    const token = data!.download.url.split('/').pop()!;
    expect(
      (await t.client().GET('/sites/{siteId}/export/{token}', { params: { path: { siteId: site.siteId, token } } })).response.status,
    ).toBe(404);
  });

  it('posts the download to the webhook and records a webhook publish', async () => {
    const hook = await receiver();
    try {
      const site = await ownSite(lan);
      await setWebhook(site, hook.url);
      const { data, response } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
      expect(response.status).toBe(200);
      expect(data).toMatchObject({ type: 'webhook', webhook: { status: 200 } });
      expect(hook.received).toHaveLength(1);
      expect(hook.received[0]!.body).toEqual({ event: 'publish', download: data!.download, timestamp: data!.timestamp });
      expect(hook.received[0]!.headers['content-type']).toBe('application/json');
    } finally {
      await hook.close();
    }
  });

  it('counts a receiver that does not answer within 3 s as delivered', async () => {
    // The wait is the deployment's 3 s; the test shortens it rather than spending 3 s of the clock.
    expect(lan.pw.deps.webhookTimeoutMs).toBe(3000);
    const hook = await receiver({ answers: false });
    lan.pw.deps.webhookTimeoutMs = 100;
    try {
      const site = await ownSite(lan);
      await setWebhook(site, hook.url);
      const { data, response } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
      expect(response.status).toBe(200);
      expect(data!.webhook).toEqual({ status: null });
    } finally {
      lan.pw.deps.webhookTimeoutMs = 3000;
      await hook.close();
    }
  });

  it('answers 502 with the download when the receiver refuses', async () => {
    const hook = await receiver({ status: 500 });
    try {
      const site = await ownSite(lan);
      await setWebhook(site, hook.url);
      const { error, response } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
      expect(response.status).toBe(502);
      expect(error).toMatchObject({
        code: 'WEBHOOK_FAILED',
        error: 'The webhook did not accept the publish',
        info: { status: 500, download: { url: expect.any(String) } },
      });
    } finally {
      await hook.close();
    }
  });

  it('refuses to save a webhook on a loopback, private or link-local address, and never posts to one', async () => {
    const hook = await receiver();
    try {
      const site = await ownSite(t);
      for (const webhook of [
        hook.url,
        'http://10.1.2.3/hook',
        'http://169.254.169.254/latest',
        'http://[::1]:9/x',
        'http://localhost:9/x',
      ]) {
        const saved = await setWebhook(site, webhook);
        expect(saved.response.status, webhook).toBe(400);
        expect(saved.error).toMatchObject({
          error: 'The webhook address must be a public address, not a loopback, private or link-local one',
          info: { field: 'publish.webhook' },
        });
        // One stored before this rule (or a name that resolved elsewhere then) is still refused by the publish.
        const row = await t.pw.deps.db('sites').where({ id: site.siteId }).first('data');
        const doc = JSON.parse(row.data);
        doc.settings.publish = { ...doc.settings.publish, webhook };
        await t.pw.deps
          .db('sites')
          .where({ id: site.siteId })
          .update({ data: JSON.stringify(doc) });
        const { error, response } = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } });
        expect(response.status, webhook).toBe(400);
        expect(error).toMatchObject({
          error: 'The webhook address must be a public address, not a loopback, private or link-local one',
          info: { field: 'publish.webhook' },
        });
      }
      expect(hook.received).toEqual([]);
      expect(await t.pw.deps.db('exports').where({ site_id: site.siteId })).toEqual([]);
    } finally {
      await hook.close();
    }
  });

  it('tells which addresses are private', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.8',
      '172.20.1.1',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isPrivateAddress(ip), ip).toBe(true);
    }
    for (const ip of ['93.184.216.34', '1.1.1.1', '2606:4700::1111', '172.32.0.1']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('asks for a webhook before a webhook publish, and checks the type', async () => {
    const site = await ownSite(t);
    const none = await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId }, query: { type: 'webhook' } } });
    expect(none.error).toMatchObject({ error: 'Set a webhook address in the publish settings first', info: { field: 'type' } });
    const bad = await site.api.GET('/sites/{siteId}/publish', {
      params: { path: { siteId: site.siteId }, query: { type: 'ftp' as never } },
    });
    expect(bad.error).toMatchObject({ info: { field: 'type' } });
  });

  it('keeps the newest five zips of a site', async () => {
    const site = await ownSite(t);
    const links: string[] = [];
    for (let i = 0; i < 6; i++)
      links.push((await site.api.GET('/sites/{siteId}/publish', { params: { path: { siteId: site.siteId } } })).data!.download.url);
    expect(await t.pw.deps.db('exports').where({ site_id: site.siteId })).toHaveLength(5);
    expect((await fetch(links[0]!.replace(t.pw.deps.config.publicUrl, t.url))).status).toBe(404);
    expect((await fetch(links[5]!.replace(t.pw.deps.config.publicUrl, t.url))).status).toBe(200);
  });
});

describe('GET /compiled', () => {
  it('lists the files a publish writes with their sizes', async () => {
    const site = await ownSite(t);
    await site.api.PATCH('/sites/{siteId}', {
      params: { path: { siteId: site.siteId } },
      body: { compile: { domain: 'www.owner.example' } },
    });
    const { data } = await site.api.GET('/sites/{siteId}/compiled', { params: { path: { siteId: site.siteId } } });
    const paths = data!.files.map((f) => f.path);
    expect(paths).toEqual([...paths].sort());
    expect(paths).toEqual(expect.arrayContaining(['index.html', 'sitemap.xml', 'robots.txt']));
    expect(data!.files.every((f) => f.size > 0)).toBe(true);
  });
});

describe('GET /schemaorg/{componentId}', () => {
  it('answers the JSON-LD of a Schema.org component', async () => {
    const site = await ownSite(t);
    const { data: added } = await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId } },
      body: { toContainer: 'hero', type: 'schemaOrg' },
    });
    await site.api.PATCH('/sites/{siteId}/components/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: added!.id } },
      body: { data: { value: { '@type': 'Restaurant', name: '{site.name}', servesCuisine: 'Nordic' } } },
    });
    const { data } = await site.api.GET('/sites/{siteId}/schemaorg/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: added!.id } },
    });
    expect(data!.json).toEqual({ '@context': 'https://schema.org', '@type': 'Restaurant', name: 'Test Site', servesCuisine: 'Nordic' });
  });

  it('answers null for an empty one, 400 for another component type and 404 for none', async () => {
    const site = await ownSite(t);
    const { data: added } = await site.api.POST('/sites/{siteId}/components', {
      params: { path: { siteId: site.siteId } },
      body: { toContainer: 'hero', type: 'schemaOrg' },
    });
    expect(
      (await site.api.GET('/sites/{siteId}/schemaorg/{componentId}', { params: { path: { siteId: site.siteId, componentId: added!.id } } }))
        .data,
    ).toEqual({ json: null });
    const other = await site.api.GET('/sites/{siteId}/schemaorg/{componentId}', {
      params: { path: { siteId: site.siteId, componentId: 'hero.title' } },
    });
    expect(other.error).toMatchObject({ error: 'This component is not a Schema.org component', info: { field: 'componentId' } });
    expect(
      (await site.api.GET('/sites/{siteId}/schemaorg/{componentId}', { params: { path: { siteId: site.siteId, componentId: 'ghost' } } }))
        .response.status,
    ).toBe(404);
  });
});
