import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDns, type LocalDns } from '../support/dns.js';
import { HOSTING_CNAME, verifyDomain, visit } from '../support/hosting.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';
import { loggedIn, removeCliUsers, rows } from './run.js';

// `pagewright publish --wait`, `deploys list` and `deploys rollback` against a live server (issue 31).
let t: TestServer;
let dns: LocalDns;
beforeAll(async () => {
  dns = await startDns();
  t = await startTestServer({ DNS_SERVER: dns.server, HOSTING_CNAME });
});
afterAll(async () => {
  removeCliUsers();
  await t?.close();
  await dns?.close();
});

async function ownerSite() {
  const owner = await t.signup('Cli Owner');
  const siteId = domain();
  await owner.api.POST('/sites', { body: { name: 'Cli site', siteId, templateId: 'launch' } });
  return { siteId, api: owner.api, cli: loggedIn(t.url, owner.session.token) };
}

describe('publish --wait', () => {
  it('prints the live address once the server serves the new deploy at the domain', async () => {
    const s = await ownerSite();
    const host = `www.${s.siteId}`;
    // Before any verified domain: published, but --wait has nowhere to wait for.
    const early = await s.cli.run(['publish', '--site', s.siteId, '--wait']);
    expect(early.code).toBe(1);
    expect(early.stderr).toContain('has no verified domain');
    await verifyDomain(s.api, dns, s.siteId, host);
    await s.api.PATCH('/sites/{siteId}', { params: { path: { siteId: s.siteId } }, body: { themeColor: '#0a7f5c' } });
    const result = await s.cli.run(['publish', '--site', s.siteId, '--wait']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`https://${host}/\n`);
    expect(result.stderr).toContain(`${s.siteId} version 2 is live at https://${host}/`);
    const page = await visit(t.url, host, '/');
    expect(page.headers['x-pagewright-deploy']).toBe('2');
    expect(page.text).toContain('#0a7f5c');
    const json = await s.cli.run(['publish', '--site', s.siteId, '--wait', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ deploy: 3, liveUrl: `https://${host}/` });
  });
});

describe('deploys list and rollback', () => {
  it('lists the deploys newest first with the live one marked, and rolls back to one by its id', async () => {
    const s = await ownerSite();
    const host = `www.${s.siteId}`;
    await s.cli.run(['publish', '--site', s.siteId]);
    await verifyDomain(s.api, dns, s.siteId, host);
    await s.api.PATCH('/sites/{siteId}', { params: { path: { siteId: s.siteId } }, body: { themeColor: '#aa3300' } });
    await s.cli.run(['publish', '--site', s.siteId]);

    const list = await s.cli.run(['deploys', 'list', '--site', s.siteId]);
    expect(list.code).toBe(0);
    const { data } = await s.api.GET('/sites/{siteId}/deploys', { params: { path: { siteId: s.siteId } } });
    expect(rows(list.stdout)).toEqual(
      data!.deploys.map((d) => [
        String(d.id),
        String(d.number),
        d.live ? 'live' : '',
        d.createdAt,
        'Cli Owner',
        String(d.files),
        String(d.changed),
        expect.stringMatching(/ (KB|MB|B)$/),
        d.versionId === null ? '' : String(d.versionId),
      ]),
    );
    expect(rows(list.stdout).map((r) => [r[1], r[2]])).toEqual([
      ['2', 'live'],
      ['1', ''],
    ]);
    expect(list.stderr).toBe(`Live at https://${host}/\n`);
    const json = await s.cli.run(['deploys', 'list', '--site', s.siteId, '--json']);
    expect(JSON.parse(json.stdout)).toEqual(data);

    const first = data!.deploys[1]!;
    // No terminal to ask on: the rollback wants --yes.
    const unasked = await s.cli.run(['deploys', 'rollback', String(first.id), '--site', s.siteId]);
    expect(unasked.code).not.toBe(0);
    expect((await visit(t.url, host, '/')).headers['x-pagewright-deploy']).toBe('2');
    const rolled = await s.cli.run(['deploys', 'rollback', String(first.id), '--site', s.siteId, '--yes']);
    expect(rolled.code).toBe(0);
    expect(rolled.stdout).toBe(`https://${host}/\n`);
    expect(rolled.stderr).toBe(`Rolled ${s.siteId} back to version 1\n`);
    const page = await visit(t.url, host, '/');
    expect(page.headers['x-pagewright-deploy']).toBe('1');
    expect(page.text).not.toContain('#aa3300');

    const missing = await s.cli.run(['deploys', 'rollback', '999999', '--site', s.siteId, '--yes']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Deploy not found');
  });
});
