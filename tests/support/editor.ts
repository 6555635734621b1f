import { parseHistory, type PagewrightClient } from '@pagewright/sdk';
import type { SiteDoc } from '../../server/src/model/document.js';
import type { TestServer } from './server.js';
import { createSite, makeSiteDoc } from './siteDoc.js';

/** What the editor's suites share: a signed-in owner with a site made from a fixture document. */
export interface EditorSite {
  api: PagewrightClient;
  siteId: string;
  userId: number;
  /** The owner's session token, for requests made without the SDK. */
  token: string;
  /** The stored document, read from the database, with its collections. */
  doc(): Promise<SiteDoc>;
}

export async function ownSite(t: TestServer, doc: SiteDoc = makeSiteDoc(), name = 'Owner'): Promise<EditorSite> {
  const { api, session } = await t.signup(name);
  const siteId = await createSite(t.pw.deps.db, api, doc);
  return {
    api,
    siteId,
    userId: session.id,
    token: session.token,
    // Collections live in their own tables (docs/decisions/0019-cms-content-tables.md): the document as the editor sees it.
    doc: () => t.pw.services.content.loadSiteDoc(t.pw.deps.db, siteId),
  };
}

/** An owner on the Pro plan with a collaborator, and a client for each. */
export async function teamSite(t: TestServer, doc: SiteDoc = makeSiteDoc()) {
  const owner = await t.signup('Owner');
  await t.pw.deps.db('subscriptions').where({ user_id: owner.session.id }).update({ plan_id: 2 });
  const siteId = await createSite(t.pw.deps.db, owner.api, doc);
  const { data: invitation } = await owner.api.POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
  const guest = await t.signup('Guest');
  const { error } = await guest.api.POST('/sites/join/{code}', { params: { path: { code: invitation!.token } } });
  if (error) throw new Error(`joining failed: ${JSON.stringify(error)}`);
  const lock = (isLocked: boolean) =>
    owner.api.PATCH('/sites/{siteId}/collaborators/{userId}', {
      params: { path: { siteId, userId: guest.session.id } },
      body: { isLocked },
    });
  return { owner, guest, siteId, lock };
}

/** The counts of an answer's X-History header. */
export const history = (response: Response) => parseHistory(response.headers.get('X-History'));
