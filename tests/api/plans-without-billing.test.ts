import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagewrightClient } from '@pagewright/sdk';
import { cmsOf } from '../support/cms.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';

/**
 * Issue 28: on a server that cannot take payment (no Stripe), plans gate nothing unless the admin asks
 * for limits (DEFAULT_PLAN_ID, a user's plan). `DEFAULT_PLAN_ID: ''` is a server where it is unset.
 */

async function bistro(api: PagewrightClient) {
  const siteId = domain();
  const created = await api.POST('/sites', { body: { name: 'Bistro', siteId, templateId: 'bistro' } });
  expect(created.response.status).toBe(201);
  return siteId;
}

/** What a user does on a template site that the free plan refuses: a third language, custom code, legal pages. */
async function extras(api: PagewrightClient, siteId: string) {
  const path = { params: { path: { siteId } } };
  return {
    languages: await api.PATCH('/sites/{siteId}', { ...path, body: { languages: ['en', 'fi', 'sv'] } }),
    code: await api.PATCH('/sites/{siteId}', { ...path, body: { code: { headEnd: '<script>window.booked = true;</script>' } } }),
    pageCode: await api.PATCH('/sites/{siteId}/pages/{pageId}', {
      params: { path: { siteId, pageId: 'privacy' } },
      body: { code: { bodyEnd: '<p>Cookie settings</p>' } },
    }),
    legal: await api.POST('/sites/{siteId}/global', { ...path, body: { variable: 'legal.company_name', value: 'Bistro Aalto Oy' } }),
    thirdParties: await cmsOf(api, siteId).create({ id: '_thirdparty' }),
  };
}

/** An account made before this server ran without billing: its row names the free plan, as every account's did. */
async function existing(t: TestServer) {
  const user = await t.signup('Eero Existing');
  await t.pw.deps
    .db('subscriptions')
    .where({ user_id: user.session.id })
    .update({ plan_id: 1, status: 'active', plan_set_by_admin: false, updated_at: Date.UTC(2024, 0, 1) });
  return user;
}

describe('a server without billing and without DEFAULT_PLAN_ID', () => {
  let t: TestServer;
  let admin: PagewrightClient;
  beforeAll(async () => {
    t = await startTestServer({ DEFAULT_PLAN_ID: '' });
    // The first account runs the instance.
    admin = (await t.signup('Ada Admin')).api;
  });
  afterAll(() => t.close());

  it.each([
    ['a new user', (s: TestServer) => s.signup('Nina New')],
    ['an existing user on the free plan', existing],
  ])('lets %s add languages, custom code and legal pages to a template site', async (_, who) => {
    const { api } = await who(t);
    const siteId = await bistro(api);
    const done = await extras(api, siteId);
    expect(done.languages.response.status).toBe(200);
    expect(done.languages.data!.settings.languages).toEqual(['en', 'fi', 'sv']);
    expect(done.code.response.status).toBe(200);
    expect(done.pageCode.response.status).toBe(200);
    expect(done.legal.response.status).toBe(200);
    expect(done.legal.data!.globals.legal.company_name).toBe('Bistro Aalto Oy');
    expect(done.thirdParties.response.status).toBe(201);
    const site = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    expect(site.data!.settings?.code?.headEnd).toBe('<script>window.booked = true;</script>');
  });

  it('answers every feature as the user’s plan, says billing is off, and does not stop at the free plan’s 3 sites', async () => {
    const { api } = await t.signup('Sam Sites');
    const { data: user } = await api.GET('/user');
    expect(user).toMatchObject({
      billing: false,
      maxSites: 9999,
      plan: { id: 0, languages: 9999, customCode: true, legal: true, useAi: true },
    });
    for (let i = 0; i < 4; i += 1) await bistro(api);
    expect((await api.GET('/user')).data!.sites).toBe(4);
  });

  it('keeps the plan the admin put a user on', async () => {
    const { api, session } = await t.signup('Lia Limited');
    await t.pw.deps.db('subscriptions').where({ user_id: session.id }).update({ plan_id: 1, plan_set_by_admin: true });
    const siteId = await bistro(api);
    const refused = await extras(api, siteId);
    for (const r of Object.values(refused)) expect(r.response.status).toBe(402);
    expect((await api.GET('/user')).data!.plan.id).toBe(1);
  });

  it('lists for the admin the plan in force: every feature for an account not put on a plan, else the admin’s', async () => {
    const free = await existing(t);
    const { session } = await t.signup('Pekka Picked');
    await admin.PATCH('/admin/users/{userId}', { params: { path: { userId: session.id } }, body: { planId: 2 } });
    const { data: users } = await admin.GET('/admin/users');
    expect(users!.find((u) => u.id === free.session.id)).toMatchObject({ planId: 0, planSetByAdmin: false });
    expect(users!.find((u) => u.id === session.id)).toMatchObject({ planId: 2, planSetByAdmin: true });
  });
});

describe('a server without billing whose admin set DEFAULT_PLAN_ID', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ DEFAULT_PLAN_ID: '1' });
  });
  afterAll(() => t.close());

  it.each([
    ['a new user', (s: TestServer) => s.signup('Nina New')],
    ['an existing user', existing],
  ])('holds the plan’s limits for %s, and writes nothing', async (_, who) => {
    const { api } = await who(t);
    const siteId = await bistro(api);
    const before = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    const refused = await extras(api, siteId);
    for (const r of Object.values(refused)) {
      expect(r.response.status).toBe(402);
      expect(r.error).toMatchObject({ code: 'PLAN_LIMIT', info: { title: 'Upgrade needed' } });
    }
    const after = await api.GET('/sites/{siteId}', { params: { path: { siteId } } });
    expect(after.data!.settings).toEqual(before.data!.settings);
    const { data: user } = await api.GET('/user');
    expect(user).toMatchObject({ billing: false, plan: { id: 1 } });
  });
});
