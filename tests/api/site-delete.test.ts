import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@pagewright/sdk/messages';
import { storageKey } from '../../server/src/site/file-rows.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { basic, domain } from '../support/team.js';

/** Issue 16: deleting a site (owner, typing the domain) and restoring it within 7 days. */

let t: TestServer;
let clock = Date.now();
beforeAll(async () => {
  t = await startTestServer();
  // The restore window is days long: the services read the time through deps.now.
  t.pw.deps.now = () => clock;
});
afterAll(() => t.close());

async function ownerSite(planId = 2) {
  const owner = await t.signup('Owner');
  await t.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: planId });
  const siteId = domain();
  const { response } = await owner.api.POST('/sites', { body: { name: 'To delete', siteId, templateId: 'launch' } });
  expect(response.status).toBe(201);
  return { owner, siteId, path: { siteId } };
}

const remove = (api: ReturnType<TestServer['client']>, siteId: string, confirm: string) =>
  api.DELETE('/sites/{siteId}', { params: { path: { siteId }, query: { confirm } } });

describe('DELETE /sites/{siteId}', () => {
  it('needs the domain typed again, then hides the site from lists and every call', async () => {
    const { owner, siteId, path } = await ownerSite();
    const refused = await remove(owner.api, siteId, 'something-else.example.com');
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ error: messages.siteDeleteConfirm, info: { field: 'confirm' } });

    const { data, response } = await remove(owner.api, siteId, siteId.toUpperCase());
    expect(response.status).toBe(200);
    expect(data).toEqual({
      id: siteId,
      deletedAt: new Date(clock).toISOString(),
      restoreUntil: new Date(clock + 7 * 86_400_000).toISOString(),
    });
    expect((await owner.api.GET('/sites')).data!.map((s) => s.id)).not.toContain(siteId);
    expect((await owner.api.GET('/sites/{siteId}', { params: { path } })).response.status).toBe(404);
    expect((await owner.api.GET('/sites/{siteId}/redirects', { params: { path } })).response.status).toBe(404);
    const post = await fetch(`${t.url}/api/sites/${siteId}/forms/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com' }),
    });
    expect(post.status).toBe(404);
    // The deleted list shows it with its restore window.
    const deleted = (await owner.api.GET('/sites', { params: { query: { deleted: true } } })).data!;
    expect(deleted).toMatchObject([{ id: siteId, name: 'To delete', deletedAt: data!.deletedAt, restoreUntil: data!.restoreUntil }]);
    // The domain stays taken while the site can come back.
    expect((await owner.api.POST('/validate', { body: { siteId } })).data).toEqual({ valid: false, message: messages.domainTaken });
  });

  it('is for the owner only: a collaborator is refused (403), a stranger and an API key too', async () => {
    const { owner, siteId, path } = await ownerSite();
    const guest = await t.signup('Guest');
    const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path } });
    await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    expect((await remove(guest.api, siteId, siteId)).response.status).toBe(403);
    const stranger = await t.signup('Stranger');
    expect((await remove(stranger.api, siteId, siteId)).response.status).toBe(404);
    const { data: key } = await owner.api.POST('/sites/{siteId}/api-keys', { params: { path }, body: {} });
    const byKey = await fetch(`${t.url}/api/sites/${siteId}?confirm=${siteId}`, {
      method: 'DELETE',
      headers: { Authorization: basic(key!.key) },
    });
    expect(byKey.status).toBe(403);
    expect((await owner.api.GET('/sites/{siteId}', { params: { path } })).response.status).toBe(200);
  });
});

describe('POST /sites/{siteId}/restore', () => {
  it('brings the site back whole within 7 days: pages, items, submissions, collaborators', async () => {
    const { owner, siteId, path } = await ownerSite();
    await owner.api.POST('/sites/{siteId}/redirects', { params: { path }, body: { from: '/old', to: '/new' } });
    await fetch(`${t.url}/api/sites/${siteId}/forms/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com' }),
    });
    const before = (await owner.api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages' } } })).data!;
    await remove(owner.api, siteId, siteId);
    clock += 6 * 86_400_000;
    const { data, response } = await owner.api.POST('/sites/{siteId}/restore', { params: { path } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: siteId, name: 'To delete' });
    const after = (await owner.api.GET('/sites/{siteId}', { params: { path, query: { expand: 'pages' } } })).data!;
    expect(after.pages).toEqual(before.pages);
    expect((await owner.api.GET('/sites/{siteId}/redirects', { params: { path } })).data!.redirects).toMatchObject([
      { from: '/old', to: '/new' },
    ]);
    expect((await owner.api.GET('/sites/{siteId}/submissions', { params: { path } })).data!.total).toBe(1);
    expect((await owner.api.GET('/sites')).data!.map((s) => s.id)).toContain(siteId);
    expect((await owner.api.GET('/sites', { params: { query: { deleted: true } } })).data).toEqual([]);
  });

  it('an admin may restore any deleted site; someone else gets 404', async () => {
    const { owner, siteId, path } = await ownerSite();
    await remove(owner.api, siteId, siteId);
    const stranger = await t.signup('Stranger');
    expect((await stranger.api.POST('/sites/{siteId}/restore', { params: { path } })).response.status).toBe(404);
    const admin = await t.signup('Admin');
    await t.pw.deps.db('users').where({ id: admin.session.id }).update({ is_admin: true });
    expect((await admin.api.GET('/sites', { params: { query: { deleted: true, admin: true } } })).data!.map((s) => s.id)).toContain(siteId);
    expect((await admin.api.POST('/sites/{siteId}/restore', { params: { path } })).response.status).toBe(200);
    expect((await owner.api.GET('/sites/{siteId}', { params: { path } })).response.status).toBe(200);
  });

  it('after 7 days the site is gone for good: rows and files removed, the domain free again', async () => {
    const { owner, siteId, path } = await ownerSite();
    const form = new FormData();
    form.append('file0', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>']), 'logo.svg');
    const upload = await owner.api.POST('/sites/{siteId}/files', {
      params: { path },
      body: { file0: 'logo.svg' },
      bodySerializer: () => form,
    });
    expect(upload.response.status).toBe(201);
    const key = storageKey(siteId, (await t.pw.deps.db('assets').where({ site_id: siteId }).first()).blob as string, 'file');
    expect(await t.pw.deps.storage.get(key)).toBeTruthy();
    await remove(owner.api, siteId, siteId);
    clock += 7 * 86_400_000 + 1000;
    expect((await owner.api.POST('/sites/{siteId}/restore', { params: { path } })).response.status).toBe(404);
    for (const table of ['sites', 'versions', 'assets', 'submissions', 'site_members']) {
      expect(
        await t.pw.deps
          .db(table)
          .where(table === 'sites' ? { id: siteId } : { site_id: siteId })
          .first(),
        table,
      ).toBeUndefined();
    }
    expect(await t.pw.deps.storage.get(key)).toBeNull();
    expect((await owner.api.POST('/validate', { body: { siteId } })).data).toEqual({ valid: true });
  });

  it("restoring needs room for one more site in the owner's plan", async () => {
    const { owner, siteId, path } = await ownerSite(1);
    await remove(owner.api, siteId, siteId);
    // The free plan's 3 sites, made while this one was deleted.
    for (let i = 0; i < 3; i++)
      expect((await owner.api.POST('/sites', { body: { name: 'Other', siteId: domain(), templateId: 'launch' } })).response.status).toBe(
        201,
      );
    const refused = await owner.api.POST('/sites/{siteId}/restore', { params: { path } });
    expect(refused.response.status).toBe(402);
    expect(refused.error).toMatchObject({ error: messages.siteLimit });
  });
});
