import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

let n = 0;
const domain = () => `site-${++n}-${Date.now().toString(36)}.example.com`;

describe('templates', () => {
  it('lists at least four templates with every field of the spec', async () => {
    const { data } = await t.client().GET('/templates');
    expect(data!.length).toBeGreaterThanOrEqual(4);
    for (const template of data!) {
      for (const field of [
        'id',
        'name',
        'description',
        'price',
        'theme',
        'author',
        'authorImage',
        'vendor',
        'pages',
        'collections',
        'features',
        'updated',
      ]) {
        expect(template).toHaveProperty(field);
      }
      expect(template.pages[0]).toMatchObject({ id: 'home' });
    }
    expect(data!.some((x) => (x.languages ?? []).length > 1)).toBe(true);
    expect(data!.some((x) => x.collections.length > 0)).toBe(true);
  });

  it('serves each template preview and author picture', async () => {
    const { data } = await t.client().GET('/templates');
    for (const template of data!) {
      const preview = await fetch(`${t.url}${template.previewImage}`);
      expect(preview.headers.get('content-type')).toContain('image/svg+xml');
      expect((await fetch(`${t.url}${template.authorImage}`)).status).toBe(200);
    }
  });
});

describe('creating a site', () => {
  it('creates a site from a template, owned by the user, with a first milestone', async () => {
    const { api, session } = await t.signup('Owner');
    const siteId = domain();
    const { data, response } = await api.POST('/sites', { body: { name: 'My shop', siteId, templateId: 'launch' } });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      id: siteId,
      name: 'My shop',
      ownerId: session.id,
      ownerName: 'Owner',
      collaborators: [],
      error: null,
      object: null,
      templateId: 'launch',
    });
    expect(data!.theme).toEqual({ primary: '#3E64DE', secondary: '#10A6E9' });
    const versions = await t.pw.deps.db('versions').where({ site_id: siteId });
    expect(versions).toHaveLength(1);
    expect(versions[0].hash).toMatch(/^[0-9a-f]{64}$/);
    const { data: list } = await api.GET('/sites');
    expect(list!.map((s) => s.id)).toEqual([siteId]);
  });

  it('lowercases the domain and keeps a chosen theme', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    const { data } = await api.POST('/sites', {
      body: { name: 'Caps', siteId: siteId.toUpperCase(), templateId: 'folio', theme: { primary: '#112233', secondary: '#445566' } },
    });
    expect(data).toMatchObject({ id: siteId, theme: { primary: '#112233', secondary: '#445566' } });
  });

  it.each([
    [{ name: '', siteId: 'ok.example.com', templateId: 'launch' }, 'name', 'Site name is required'],
    [{ name: 'A', siteId: 'ok.example.com', templateId: 'launch' }, 'name', 'Too short, min. 2 charaters'],
    [{ name: 'Fine', siteId: 'not a domain', templateId: 'launch' }, 'siteId', 'Invalid domain format'],
    [{ name: 'Fine', siteId: 'nodot', templateId: 'launch' }, 'siteId', 'Invalid domain format'],
    [{ name: 'Fine', siteId: '-bad.example.com', templateId: 'launch' }, 'siteId', 'Invalid domain format'],
    [{ name: 'Fine', siteId: 'ok.example.com', templateId: 'nope' }, 'templateId', 'Template not found'],
    [
      { name: 'Fine', siteId: 'ok.example.com', templateId: 'launch', theme: { primary: 'red', secondary: '#000000' } },
      'theme',
      'Theme colours must be #rrggbb',
    ],
  ])('rejects %j on %s with the spec message and writes nothing', async (body, field, message) => {
    const { api } = await t.signup();
    const { error, response } = await api.POST('/sites', { body: body as never });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: message, code: 'VALIDATION_FAILED', info: { field } });
    expect(await t.pw.deps.db('sites').where({ id: 'ok.example.com' }).first()).toBeUndefined();
  });

  it('refuses a domain that is taken with 409 Domain is taken', async () => {
    const a = await t.signup();
    const b = await t.signup();
    const siteId = domain();
    await a.api.POST('/sites', { body: { name: 'First', siteId, templateId: 'launch' } });
    const { error, response } = await b.api.POST('/sites', { body: { name: 'Second', siteId, templateId: 'launch' } });
    expect(response.status).toBe(409);
    expect(error).toMatchObject({ error: 'Domain is taken', code: 'DOMAIN_TAKEN', info: { field: 'siteId' } });
    const { data } = await b.api.GET('/sites');
    expect(data).toEqual([]);
  });

  it('stops at the plan limit with the Upgrade needed text, and writes nothing', async () => {
    const { api, session } = await t.signup();
    expect(session.maxSites).toBe(3);
    for (let i = 0; i < 3; i++)
      expect((await api.POST('/sites', { body: { name: `Site ${i}`, siteId: domain(), templateId: 'launch' } })).response.status).toBe(201);
    const siteId = domain();
    const { error, response } = await api.POST('/sites', { body: { name: 'One more', siteId, templateId: 'launch' } });
    expect(response.status).toBe(402);
    expect(error).toMatchObject({
      code: 'PLAN_LIMIT',
      error:
        'You have reached the site limit for your current plan. To create additional sites, please upgrade to a higher-tier pricing plan.',
      info: { title: 'Upgrade needed', limit: 3 },
    });
    expect(await t.pw.deps.db('sites').where({ id: siteId }).first()).toBeUndefined();
    expect((await api.GET('/user')).data!.sites).toBe(3);
  });

  it('needs a session', async () => {
    const { response } = await t.client().POST('/sites', { body: { name: 'Anon', siteId: domain(), templateId: 'launch' } });
    expect(response.status).toBe(401);
  });
});

describe('domain check', () => {
  it('answers valid for a free domain, and why not otherwise', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    expect((await api.POST('/validate', { body: { siteId } })).data).toEqual({ valid: true });
    await api.POST('/sites', { body: { name: 'Taken', siteId, templateId: 'launch' } });
    expect((await api.POST('/validate', { body: { siteId } })).data).toEqual({ valid: false, message: 'Domain is taken' });
    expect((await api.POST('/validate', { body: { siteId: 'bad domain' } })).data).toEqual({
      valid: false,
      message: 'Invalid domain format',
    });
  });
});

describe('listing sites', () => {
  it('lists own and shared sites newest change first; admin=true lists all for admins only', async () => {
    const admin = await startTestServer();
    try {
      const root = await admin.signup('Root'); // first account: admin
      const a = await admin.signup('A');
      const b = await admin.signup('B');
      const aSite = domain();
      const bSite = domain();
      await a.api.POST('/sites', { body: { name: 'A site', siteId: aSite, templateId: 'launch' } });
      await b.api.POST('/sites', { body: { name: 'B site', siteId: bSite, templateId: 'launch' } });
      expect((await a.api.GET('/sites')).data!.map((s) => s.id)).toEqual([aSite]);
      const { response } = await a.api.GET('/sites', { params: { query: { admin: true } } });
      expect(response.status).toBe(403);
      const all = await root.api.GET('/sites', { params: { query: { admin: true } } });
      expect(all.data!.map((s) => s.id).sort()).toEqual([aSite, bSite].sort());
      expect((await root.api.GET('/sites')).data).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});

async function siteWithCollaborator() {
  const owner = await t.signup('Owner');
  await t.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: 2 });
  const siteId = domain();
  await owner.api.POST('/sites', { body: { name: 'Team site', siteId, templateId: 'launch' } });
  const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
  const guest = await t.signup('Guest');
  const { data: joined } = await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
  expect(joined?.id).toBe(siteId);
  return { owner, guest, siteId };
}

describe('rollback', () => {
  it('returns a broken site to its last milestone', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Fragile', siteId, templateId: 'launch' } });
    const original = (await t.pw.deps.db('sites').where({ id: siteId }).first()).data;
    await t.pw.deps
      .db('sites')
      .where({ id: siteId })
      .update({ data: '{"broken":', error: 'Unexpected end of JSON input', object: 'broken' });
    const broken = (await api.GET('/sites')).data![0]!;
    expect(broken).toMatchObject({ object: 'broken', error: 'Unexpected end of JSON input' });
    const { data, response } = await api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId } } });
    expect(response.status).toBe(200);
    expect(data).toMatchObject({ id: siteId, object: null, error: null });
    expect((await t.pw.deps.db('sites').where({ id: siteId }).first()).data).toBe(original);
  });

  it('is refused to a locked collaborator and hidden from strangers', async () => {
    const { owner, guest, siteId } = await siteWithCollaborator();
    await owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', {
      params: { path: { siteId, userId: guest.session.id } },
      body: { isLocked: true },
    });
    const locked = await guest.api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId } } });
    expect(locked.response.status).toBe(403);
    expect(locked.error?.code).toBe('SITE_LOCKED');
    const stranger = await t.signup();
    expect((await stranger.api.DELETE('/sites/{siteId}/versions/reset', { params: { path: { siteId } } })).response.status).toBe(404);
  });
});

describe('collaborators and invitations', () => {
  it('lists the owner first, then collaborators; invitations only for the owner', async () => {
    const { owner, guest, siteId } = await siteWithCollaborator();
    await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    const mine = (await owner.api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } })).data!;
    expect(mine.collaborators.map((c) => [c.name, c.role, c.isLocked])).toEqual([
      ['Owner', 'owner', false],
      ['Guest', 'collaborator', false],
    ]);
    expect(mine.invitations).toHaveLength(1); // the first code was spent by joining
    const theirs = (await guest.api.GET('/sites/{siteId}/collaborators', { params: { path: { siteId } } })).data!;
    expect(theirs.invitations).toEqual([]);
    const site = (await owner.api.GET('/sites')).data!.find((s) => s.id === siteId)!;
    expect(site.collaborators).toEqual([guest.session.id]);
    expect((await guest.api.GET('/sites')).data!.map((s) => s.id)).toContain(siteId);
  });

  it('makes readable invite codes that expire in 7 days', async () => {
    const { owner, siteId } = await siteWithCollaborator();
    const { data } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    expect(data!.token).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    const days = (Date.parse(data!.expires) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('refuses an expired or unknown join code with 404', async () => {
    const { owner, siteId } = await siteWithCollaborator();
    const { data } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    await t.pw.deps
      .db('invitations')
      .where({ id: data!.id })
      .update({ expires_at: Date.now() - 1 });
    const other = await t.signup();
    const expired = await other.api.POST('/sites/join/{code}', { params: { path: { code: data!.token } } });
    expect(expired.response.status).toBe(404);
    expect(expired.error?.code).toBe('INVITE_INVALID');
    expect((await other.api.POST('/sites/join/{code}', { params: { path: { code: 'NOPE' } } })).response.status).toBe(404);
  });

  it('only the owner invites, withdraws, locks and removes', async () => {
    const { owner, guest, siteId } = await siteWithCollaborator();
    const path = { siteId };
    expect((await guest.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path } })).response.status).toBe(403);
    const { data: inv } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path } });
    expect(
      (await guest.api.DELETE('/sites/{siteId}/collaborators/invitations/{invId}', { params: { path: { siteId, invId: inv!.id } } }))
        .response.status,
    ).toBe(403);
    expect(
      (await owner.api.DELETE('/sites/{siteId}/collaborators/invitations/{invId}', { params: { path: { siteId, invId: inv!.id } } }))
        .response.status,
    ).toBe(204);
    expect(
      (await owner.api.DELETE('/sites/{siteId}/collaborators/invitations/{invId}', { params: { path: { siteId, invId: inv!.id } } }))
        .response.status,
    ).toBe(404);
    expect(
      (
        await guest.api.PATCH('/sites/{siteId}/collaborators/{userId}', {
          params: { path: { siteId, userId: owner.session.id } },
          body: { isLocked: true },
        })
      ).response.status,
    ).toBe(403);
    const other = await t.signup();
    expect((await other.api.GET('/sites/{siteId}/collaborators', { params: { path } })).response.status).toBe(404);
  });

  it('never locks the owner', async () => {
    const { owner, siteId } = await siteWithCollaborator();
    const { error, response } = await owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', {
      params: { path: { siteId, userId: owner.session.id } },
      body: { isLocked: true },
    });
    expect(response.status).toBe(400);
    expect(error).toMatchObject({ error: 'The owner cannot be locked', info: { field: 'userId' } });
  });

  it('toggles the lock of a collaborator', async () => {
    const { owner, guest, siteId } = await siteWithCollaborator();
    const params = { path: { siteId, userId: guest.session.id } };
    expect((await owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', { params, body: { isLocked: true } })).data!.isLocked).toBe(
      true,
    );
    expect((await owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', { params, body: { isLocked: false } })).data!.isLocked).toBe(
      false,
    );
    const bad = await owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', { params, body: { isLocked: 'yes' as never } });
    expect(bad.response.status).toBe(400);
  });

  it('lets nobody remove themselves', async () => {
    const { owner, guest, siteId } = await siteWithCollaborator();
    for (const who of [owner, guest]) {
      const { error, response } = await who.api.DELETE('/sites/{siteId}/collaborators/{userId}', {
        params: { path: { siteId, userId: who.session.id } },
      });
      expect(response.status).toBe(400);
      expect(error?.error).toBe('You cannot remove yourself from the collaborators');
    }
  });

  it('lets the owner remove a collaborator, who then loses the site', async () => {
    const { owner, guest, siteId } = await siteWithCollaborator();
    expect(
      (await guest.api.DELETE('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId, userId: owner.session.id } } }))
        .response.status,
    ).toBe(403);
    expect(
      (await owner.api.DELETE('/sites/{siteId}/collaborators/{userId}', { params: { path: { siteId, userId: guest.session.id } } }))
        .response.status,
    ).toBe(204);
    expect((await guest.api.GET('/sites')).data!.map((s) => s.id)).not.toContain(siteId);
  });

  it('applies the plan collaborator limit: none on the free plan', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Solo', siteId, templateId: 'launch' } });
    const { error, response } = await api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    expect(response.status).toBe(402);
    expect(error?.code).toBe('PLAN_LIMIT');
    expect(await t.pw.deps.db('invitations').where({ site_id: siteId })).toHaveLength(0);
  });

  it('refuses a join that would pass the limit', async () => {
    const { owner, siteId } = await siteWithCollaborator();
    const { data } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    // The owner drops to a plan with room for exactly the one collaborator already there.
    await t.pw.deps.db('plans').where({ id: 2 }).update({ collaborators: 1 });
    try {
      const late = await t.signup();
      const { response } = await late.api.POST('/sites/join/{code}', { params: { path: { code: data!.token } } });
      expect(response.status).toBe(402);
      expect(await t.pw.deps.db('site_members').where({ site_id: siteId, user_id: late.session.id }).first()).toBeUndefined();
    } finally {
      await t.pw.deps.db('plans').where({ id: 2 }).update({ collaborators: 5 });
    }
  });

  it('joining twice keeps one membership', async () => {
    const { owner, guest, siteId } = await siteWithCollaborator();
    const { data } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    expect((await guest.api.POST('/sites/join/{code}', { params: { path: { code: data!.token.toLowerCase() } } })).data!.id).toBe(siteId);
    expect(await t.pw.deps.db('site_members').where({ site_id: siteId, user_id: guest.session.id })).toHaveLength(1);
  });
});

describe('feedback message', () => {
  it('stores a feature request, a bug report or a message from a member', async () => {
    const { api } = await t.signup();
    const siteId = domain();
    await api.POST('/sites', { body: { name: 'Feedback', siteId, templateId: 'launch' } });
    const { data, response } = await api.POST('/sites/{siteId}/message', {
      params: { path: { siteId } },
      body: { type: 'bug', message: 'The button is blue\n\nChrome, en-US' },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({ type: 'bug', id: expect.any(Number) });
    const bad = await api.POST('/sites/{siteId}/message', { params: { path: { siteId } }, body: { type: 'rant' as never, message: 'x' } });
    expect(bad.response.status).toBe(400);
    const empty = await api.POST('/sites/{siteId}/message', { params: { path: { siteId } }, body: { type: 'message', message: '  ' } });
    expect(empty.error).toMatchObject({ error: 'Message is required', info: { field: 'message' } });
    const stranger = await t.signup();
    expect(
      (await stranger.api.POST('/sites/{siteId}/message', { params: { path: { siteId } }, body: { type: 'message', message: 'hi' } }))
        .response.status,
    ).toBe(404);
  });
});
