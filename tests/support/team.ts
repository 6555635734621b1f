import crypto from 'node:crypto';
import type { PagewrightClient } from '@pagewright/sdk';
import type { TestServer } from './server.js';

let n = 0;
export const domain = () => `team-${++n}-${crypto.randomBytes(3).toString('hex')}.example.com`;

export interface Team {
  siteId: string;
  owner: { id: number; token: string; api: PagewrightClient };
  collaborator: { id: number; token: string; api: PagewrightClient };
  locked: { id: number; token: string; api: PagewrightClient };
  stranger: { id: number; token: string; api: PagewrightClient };
  /** An API key of this site, of another site (same owner), and a locked one of this site. */
  key: string;
  otherSiteKey: string;
  otherSiteId: string;
  lockedKey: string;
}

/**
 * Everyone the permission tests need: a site on the Pro plan (collaborators allowed) with its
 * owner, a collaborator, a locked collaborator, a stranger, and API keys of this and another site.
 */
export async function team(t: TestServer): Promise<Team> {
  const person = async (name: string) => {
    const { session, api } = await t.signup(name);
    return { id: session.id, token: session.token, api };
  };
  const owner = await person('Owner');
  await t.pw.deps.db('subscriptions').where({ user_id: owner.id }).update({ plan_id: 2 });
  const siteId = domain();
  const otherSiteId = domain();
  for (const id of [siteId, otherSiteId]) {
    const { response } = await owner.api.POST('/sites', { body: { name: 'Team site', siteId: id, templateId: 'launch' } });
    if (response.status !== 201) throw new Error(`site not created: ${response.status}`);
  }
  const join = async (name: string) => {
    const member = await person(name);
    const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
    await member.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
    return member;
  };
  const collaborator = await join('Collaborator');
  const locked = await join('Locked');
  await owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', {
    params: { path: { siteId, userId: locked.id } },
    body: { isLocked: true },
  });
  const stranger = await person('Stranger');
  const newKey = async (id: string) =>
    (await owner.api.POST('/sites/{siteId}/api-keys', { params: { path: { siteId: id } }, body: {} })).data!;
  const key = (await newKey(siteId)).key;
  const otherSiteKey = (await newKey(otherSiteId)).key;
  const lockedOne = await newKey(siteId);
  await owner.api.PATCH('/sites/{siteId}/api-keys/{token}', {
    params: { path: { siteId, token: lockedOne.token } },
    body: { isLocked: true },
  });
  return { siteId, owner, collaborator, locked, stranger, key, otherSiteKey, otherSiteId, lockedKey: lockedOne.key };
}

/** `Authorization` for a raw fetch. */
export const basic = (token: string) => `Basic ${Buffer.from(`${token}:`).toString('base64')}`;
