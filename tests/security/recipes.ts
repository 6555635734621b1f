import { fixtures, multipart } from '../support/files.js';
import { createSite, makeSiteDoc } from '../support/siteDoc.js';
import { clientOf, join, PASSWORD, send, submitForm, teamSite, upload, type Person, type Role, type SiteRef, type World } from './world.js';

/**
 * For every operation of openapi.yaml, a request that succeeds for a role the operation is meant
 * for, against real resources of the world's site. `make` runs before each use and may create
 * what the call consumes (a page to delete, a key to revoke), so every cell of the role matrix
 * aims at something that exists, and the fuzz suite mutates a request that would otherwise work.
 */

export interface Call {
  /** Path parameters by name (raw values; they are encoded when the path is built). */
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  json?: unknown;
  raw?: string | Uint8Array;
  contentType?: string;
  /** The site the call is about, when it is not the world's site (the key role uses its key). */
  site?: SiteRef;
  /** A session for this call alone (sign-out, password change), instead of the role's own. */
  token?: string;
}

export interface Context {
  site: SiteRef;
  role: Role;
  /** The person behind the role (null for anonymous and API keys). */
  person: Person | null;
}

export interface Recipe {
  make(w: World, ctx: Context): Promise<Call> | Call;
  /**
   * Answers that are the expected outcome for a role allowed to make the call, besides 2xx and 3xx:
   * external services left unconfigured on purpose (503), a check the request is meant to fail.
   */
  otherwise?: number[];
  /** Runs after every other operation (it changes the account or the session it is made with). */
  last?: boolean;
}

const owner = (w: World) => clientOf(w, w.owner);
const unique = (w: World, prefix: string) => `${prefix}-${w.next()}`;

/** A fresh session of a person (for calls that end or change sessions). */
async function freshSession(person: Person | null): Promise<string | undefined> {
  if (!person) return undefined;
  const answer = await send({ method: 'POST', path: '/auth/login', json: { email: person.email, password: person.password } });
  return (answer.body as { token: string }).token;
}

async function newPage(w: World, siteId: string): Promise<string> {
  const { data } = await owner(w).POST('/sites/{siteId}/pages', { params: { path: { siteId } }, body: { name: unique(w, 'Page') } });
  return data!.page.id;
}

async function newSection(w: World, siteId: string): Promise<string> {
  const { data } = await owner(w).POST('/sites/{siteId}/sections', {
    params: { path: { siteId } },
    body: { pageId: 'home', sectionId: 'hero-fixture' },
  });
  return data!.id;
}

async function newComponent(w: World, siteId: string): Promise<string> {
  const { data } = await owner(w).POST('/sites/{siteId}/components', {
    params: { path: { siteId } },
    body: { toContainer: 'hero', type: 'heading' },
  });
  return data!.id;
}

async function newShared(w: World, siteId: string): Promise<string> {
  const name = unique(w, 'Style');
  await owner(w).PATCH('/sites/{siteId}/theme/copy', {
    params: { path: { siteId } },
    body: { fromComponentId: 'hero.text', toComponentIds: ['hero.text'], copyType: 'shared', name },
  });
  return name.toLowerCase();
}

async function newRedirect(w: World, siteId: string): Promise<number> {
  const n = w.next();
  const { data } = await owner(w).POST('/sites/{siteId}/redirects', {
    params: { path: { siteId } },
    body: { from: `/old-${n}`, to: `/new-${n}` },
  });
  return data!.redirects.length - 1;
}

async function newCollection(w: World, siteId: string): Promise<string> {
  const id = `c${w.next()}`;
  await owner(w).POST('/sites/{siteId}/content', { params: { path: { siteId } }, body: { id, name: `Collection ${id}` } });
  return id;
}

async function newField(w: World, siteId: string): Promise<string> {
  const name = `f${w.next()}`;
  await owner(w).POST('/sites/{siteId}/content/{collection}/fields', {
    params: { path: { siteId, collection: 'posts' } },
    body: { name, type: 'text' },
  });
  return name;
}

async function newItem(w: World, siteId: string): Promise<number> {
  const { data } = await owner(w).POST('/sites/{siteId}/content/{collection}/items', {
    params: { path: { siteId, collection: 'posts' } },
    body: { title: unique(w, 'Post') } as never,
  });
  return data!.itemId;
}

async function newKey(w: World, siteId: string): Promise<string> {
  const { data } = await owner(w).POST('/sites/{siteId}/api-keys', { params: { path: { siteId } }, body: { name: unique(w, 'Key') } });
  return data!.token;
}

async function newInvitation(w: World, siteId: string) {
  const { data } = await owner(w).POST('/sites/{siteId}/collaborators/invitations', { params: { path: { siteId } } });
  return data!;
}

/** A user who has just joined the site (to be removed). */
async function newMember(w: World, siteId: string): Promise<number> {
  const { session, password } = await w.t.signup('Member');
  await join(w, siteId, { id: session.id, name: 'Member', email: session.email, password, token: session.token });
  return session.id;
}

const scratch = new WeakMap<World, Promise<string>>();
/** A site of the owner with nobody else in it, for invitations that are really accepted. */
function scratchSite(w: World): Promise<string> {
  if (!scratch.has(w)) scratch.set(w, createSite(w.t.pw.deps.db, owner(w), makeSiteDoc()));
  return scratch.get(w)!;
}

/** The site's live deploy (the world's publish made one). */
async function liveDeploy(w: World, siteId: string): Promise<number> {
  const row: { deploy_id: number } | undefined = await w.t.pw.deps.db('live_deploys').where({ site_id: siteId }).first('deploy_id');
  return Number(row!.deploy_id);
}

/** A domain the owner claimed for the site just now. */
async function newDomain(w: World, siteId: string): Promise<string> {
  const domain = `www.d${w.next()}.hosting.example.com`;
  const { response } = await owner(w).POST('/sites/{siteId}/domains', { params: { path: { siteId } }, body: { domain } });
  if (response.status !== 201) throw new Error(`domain not claimed: ${response.status}`);
  return domain;
}

/** The secret of a new view link of the site, made by the owner. */
async function viewToken(w: World, siteId: string): Promise<string> {
  const answer = await send({ method: 'POST', path: `/sites/${encodeURIComponent(siteId)}/view`, token: w.owner.token });
  return (answer.body as { url: string }).url.split('/view/')[1]!.replace(/\/$/, '');
}

/** Something to undo: an edit by the owner. */
async function edit(w: World, siteId: string) {
  await owner(w).PATCH('/sites/{siteId}/components/{componentId}', {
    params: { path: { siteId, componentId: 'hero.title' } },
    body: { data: { value: unique(w, 'Title') } },
  });
}

export const recipes: Record<string, Recipe> = {
  // System
  'GET /health': { make: () => ({}) },
  'GET /config': { make: () => ({}) },
  'GET /docs': { make: () => ({}) },
  'GET /openapi.yaml': { make: () => ({}) },
  // A WebSocket endpoint asked over plain HTTP answers 426 to everyone.
  'GET /realtime': { make: () => ({}), otherwise: [426] },

  // Auth: public, so every role gets what an anonymous visitor gets.
  'POST /auth/signup': { make: (w) => ({ json: { name: 'New', email: `new-${w.next()}@example.com`, password: PASSWORD } }) },
  'POST /auth/login': { make: (w) => ({ json: { email: w.stranger.email, password: PASSWORD } }) },
  // No two-factor sign-in is pending: the token is refused (401) for everyone alike.
  'POST /auth/login/2fa': { make: () => ({ json: { token: 'x'.repeat(43), otp: '123456' } }), otherwise: [401] },
  'POST /auth/login/token': { make: () => ({ json: { token: 'x'.repeat(43) } }), otherwise: [401] },
  'POST /auth/validate': { make: (w) => ({ json: { token: w.stranger.token } }) },
  'POST /auth/logout': { make: async (_w, ctx) => ({ token: await freshSession(ctx.person) }) },
  'POST /auth/forgot-password': { make: (w) => ({ json: { email: w.stranger.email } }) },
  'POST /auth/reset-password': { make: () => ({ json: { token: 'x'.repeat(43), password: 'a new password' } }), otherwise: [400] },
  // Google and GitHub are not configured here: 503 (and 404 for a callback) for everyone alike.
  'GET /auth/google': { make: () => ({}), otherwise: [503] },
  'GET /auth/google/callback': { make: () => ({ query: { code: 'c', state: 's' } }), otherwise: [404] },
  'GET /auth/github': { make: () => ({}), otherwise: [503] },
  'GET /auth/github/callback': { make: () => ({ query: { code: 'c', state: 's' } }), otherwise: [404] },

  // The account
  'GET /user': { make: () => ({}) },
  'PATCH /user': { make: (_w, ctx) => ({ json: { name: ctx.person?.name ?? 'Someone' } }) },
  'PATCH /user/password': {
    make: (_w, ctx) => ({ json: { password: ctx.person?.password ?? PASSWORD, passwordNew: `${PASSWORD} again` } }),
    last: true,
  },
  'DELETE /user/auth/{provider}': {
    // The person has a Google account linked (and a password, so it is not their last way in).
    make: async (w, ctx) => {
      if (ctx.person)
        await w.t.pw.deps
          .db('users')
          .where({ id: ctx.person.id })
          .update({ google_id: `g-${ctx.person.id}` });
      return { params: { provider: 'google' } };
    },
  },
  'GET /user/2fa': { make: () => ({}) },
  // A wrong code: the call is let in and refuses the code (400), turning nothing on.
  'POST /user/2fa': { make: () => ({ json: { secret: 'JBSWY3DPEHPK3PXP', otp: '000000' } }), otherwise: [400] },
  'DELETE /user/2fa': { make: () => ({}) },

  // Billing
  'GET /payments/plans': { make: () => ({}) },
  // Unsigned: refused (400) for everyone alike.
  'POST /payments/webhook': { make: () => ({ json: { type: 'ping' } }), otherwise: [400] },
  'GET /subscription': { make: () => ({}) },
  // Cancelling needs a paid plan: a free account is told so (400).
  'PATCH /subscription': { make: () => ({ json: { cancel_at_period_end: false } }), otherwise: [400] },
  'GET /checkout/{publicUserId}/{priceId}': { make: (w) => ({ params: { publicUserId: w.publicUserId, priceId: w.priceId } }) },
  'GET /billing-portal/{customerId}': { make: (w) => ({ params: { customerId: w.customerId } }) },

  // Sites
  'GET /templates': { make: () => ({}) },
  'GET /templates/{templateId}/pages/{pageId}/preview': { make: () => ({ params: { templateId: 'bistro', pageId: 'menu' } }) },
  'POST /validate': { make: (w) => ({ json: { siteId: `free-${w.next()}.example.com` } }) },
  'GET /sites': { make: () => ({}) },
  'POST /sites': { make: (w) => ({ json: { name: 'New site', siteId: `new-${w.next()}.example.com`, templateId: 'launch' } }) },
  'POST /sites/join/{code}': {
    // An invitation to a site of the owner that is not the matrix's own, so joining changes nothing there.
    make: async (w) => ({ params: { code: (await newInvitation(w, await scratchSite(w))).token } }),
    // The owner cannot join their own site as a collaborator.
    otherwise: [409],
  },
  'POST /sites/{siteId}/restore': {
    make: async (w) => {
      const site = await teamSite(w);
      await owner(w).DELETE('/sites/{siteId}', { params: { path: { siteId: site.id }, query: { confirm: site.id } } });
      return { site };
    },
  },
  'DELETE /sites/{siteId}/versions/reset': { make: () => ({}) },
  'POST /sites/{siteId}/message': { make: () => ({ json: { type: 'message', message: 'Hello from the matrix' } }) },
  'GET /sites/{siteId}/collaborators': { make: () => ({}) },
  'POST /sites/{siteId}/collaborators/invitations': { make: () => ({}) },
  'DELETE /sites/{siteId}/collaborators/invitations/{invId}': {
    make: async (w, ctx) => ({ params: { invId: (await newInvitation(w, ctx.site.id)).id } }),
  },
  'PATCH /sites/{siteId}/collaborators/{userId}': { make: (w) => ({ params: { userId: w.locked.id }, json: { isLocked: true } }) },
  'DELETE /sites/{siteId}/collaborators/{userId}': { make: async (w, ctx) => ({ params: { userId: await newMember(w, ctx.site.id) } }) },

  // The editor's catalogues
  'GET /sections': { make: () => ({}) },
  'GET /fonts': { make: () => ({}) },
  'GET /fonts/files/{file}': { make: () => ({ params: { file: 'inter-latin-400-normal.woff2' } }) },
  'GET /schemaorg': { make: () => ({}) },

  // The site in the editor
  'GET /sites/{siteId}': { make: () => ({ query: { expand: 'pages' } }) },
  'PATCH /sites/{siteId}': { make: () => ({ json: { description: 'Shared work' } }) },
  'DELETE /sites/{siteId}': {
    make: async (w) => {
      const site = await teamSite(w);
      return { site, query: { confirm: site.id } };
    },
  },
  'GET /sites/{siteId}/preview': { make: () => ({ query: { preview: 'home,light' } }) },
  'GET /sites/{siteId}/preview/css': { make: () => ({ query: { classes: 'opacity-40 bg-primary-l3' } }) },
  'POST /sites/{siteId}/pages': { make: (w) => ({ json: { name: unique(w, 'Page') } }) },
  'POST /sites/{siteId}/pages/sort': { make: () => ({ json: { fromIndex: 0, toIndex: 1 } }) },
  'PATCH /sites/{siteId}/pages/{pageId}': { make: (w) => ({ params: { pageId: 'about' }, json: { title: unique(w, 'About') } }) },
  'DELETE /sites/{siteId}/pages/{pageId}': { make: async (w, ctx) => ({ params: { pageId: await newPage(w, ctx.site.id) } }) },
  'POST /sites/{siteId}/sections': { make: () => ({ json: { pageId: 'home', sectionId: 'hero-fixture' } }) },
  'GET /sites/{siteId}/sections/preview': { make: () => ({ query: { category: 'hero' } }) },
  'POST /sites/{siteId}/sections/preview/ticket': { make: () => ({}) },
  'POST /sites/{siteId}/sections/sort': { make: () => ({ json: { fromPage: 'home', toPage: 'home', fromIndex: 0, toIndex: 1 } }) },
  'POST /sites/{siteId}/sections/shared/{pageId}/{sectionId}': {
    make: async (w, ctx) => ({ params: { pageId: 'about', sectionId: await newSection(w, ctx.site.id) }, json: {} }),
  },
  'DELETE /sites/{siteId}/sections/shared/{sectionId}': {
    make: async (w, ctx) => {
      const sectionId = await newSection(w, ctx.site.id);
      await owner(w).POST('/sites/{siteId}/sections/shared/{pageId}/{sectionId}', {
        params: { path: { siteId: ctx.site.id, pageId: 'about', sectionId } },
        body: {},
      });
      return { params: { sectionId } };
    },
  },
  'POST /sites/{siteId}/components': { make: () => ({ json: { toContainer: 'hero', type: 'heading' } }) },
  'POST /sites/{siteId}/components/sort': {
    make: () => ({ json: { fromContainer: 'features', toContainer: 'features', fromIndex: 0, toIndex: 1 } }),
  },
  'PATCH /sites/{siteId}/components/{componentId}': {
    make: (w) => ({ params: { componentId: 'hero.title' }, json: { data: { value: unique(w, 'Title') } } }),
  },
  'DELETE /sites/{siteId}/components/{componentId}': {
    make: async (w, ctx) => ({ params: { componentId: await newComponent(w, ctx.site.id) } }),
  },
  'PATCH /sites/{siteId}/theme/components/{componentId}': {
    make: () => ({ params: { componentId: 'hero' }, json: { edit: [{ setting: 'padding', value: 'p-4' }] } }),
  },
  'DELETE /sites/{siteId}/theme/components/{componentId}': {
    make: () => ({ params: { componentId: 'hero' }, query: { setting: 'padding' } }),
  },
  'PATCH /sites/{siteId}/theme/copy': {
    make: () => ({ json: { fromComponentId: 'hero.title', toComponentIds: ['hero.text'], copyType: 'style' } }),
  },
  'PATCH /sites/{siteId}/theme/colors': { make: () => ({ json: { primary: '#123456' } }) },
  'PATCH /sites/{siteId}/theme/fonts/{role}': { make: () => ({ params: { role: 'heading' }, json: { family: 'Lora' } }) },
  'PATCH /sites/{siteId}/theme/vars': { make: () => ({ json: { variable: 'gap', value: '1rem' } }) },
  'PATCH /sites/{siteId}/theme/shared/{sharedId}': {
    make: async (w, ctx) => ({ params: { sharedId: await newShared(w, ctx.site.id) }, json: { name: 'Renamed', icon: 'type' } }),
  },
  'DELETE /sites/{siteId}/theme/shared/{sharedId}': { make: async (w, ctx) => ({ params: { sharedId: await newShared(w, ctx.site.id) } }) },
  'POST /sites/{siteId}/theme/shared/default/{sharedId}': {
    make: async (w, ctx) => ({ params: { sharedId: await newShared(w, ctx.site.id) } }),
  },
  'POST /sites/{siteId}/global': { make: () => ({ json: { variable: 'site.email', value: 'team@example.com' } }) },

  // History and versions
  'PATCH /sites/{siteId}/versions/undo': {
    make: async (w, ctx) => {
      await edit(w, ctx.site.id);
      return {};
    },
  },
  'PATCH /sites/{siteId}/versions/redo': {
    make: async (w, ctx) => {
      await edit(w, ctx.site.id);
      await owner(w).PATCH('/sites/{siteId}/versions/undo', { params: { path: { siteId: ctx.site.id } } });
      return {};
    },
  },
  'POST /sites/{siteId}/versions/commit': { make: () => ({ json: { message: 'Checkpoint' } }) },
  'GET /sites/{siteId}/redirects': { make: () => ({}) },
  'POST /sites/{siteId}/redirects': { make: (w) => ({ json: { from: `/from-${w.next()}`, to: '/to' } }) },
  'PATCH /sites/{siteId}/redirects/{index}': {
    make: async (w, ctx) => ({ params: { index: await newRedirect(w, ctx.site.id) }, json: { to: '/elsewhere' } }),
  },
  'DELETE /sites/{siteId}/redirects/{index}': { make: async (w, ctx) => ({ params: { index: await newRedirect(w, ctx.site.id) } }) },
  'GET /sites/{siteId}/versions': { make: () => ({}) },
  'GET /sites/{siteId}/versions/{versionId}/download': { make: (w) => ({ params: { versionId: w.versionId } }) },
  'POST /sites/{siteId}/versions/{versionId}/restore': {
    make: async (w, ctx) => {
      // An edit since the version, so the restore has something to write back.
      await edit(w, ctx.site.id);
      return { params: { versionId: w.versionId } };
    },
  },

  // Publishing
  'GET /sites/{siteId}/publish': { make: () => ({ query: { type: 'download' } }) },
  'GET /sites/{siteId}/export/{token}': { make: (w) => ({ params: { token: w.exportToken } }) },
  'GET /sites/{siteId}/compiled': { make: () => ({}) },
  'GET /sites/{siteId}/webfonts': { make: () => ({}) },
  'POST /sites/{siteId}/view': { make: () => ({}) },
  // Without the trailing slash: a 301 to the home page.
  'GET /sites/{siteId}/view/{token}': { make: async (w, ctx) => ({ params: { token: await viewToken(w, ctx.site.id) } }) },
  'GET /sites/{siteId}/view/{token}/{path}': {
    make: async (w, ctx) => ({ params: { token: await viewToken(w, ctx.site.id), path: 'robots.txt' } }),
  },
  // Hosting (issue 31): the world's site was published once, so it has a deploy to roll back to.
  'GET /sites/{siteId}/deploys': { make: () => ({}) },
  'POST /sites/{siteId}/deploys/{deployId}/rollback': {
    make: async (w, ctx) => ({ params: { deployId: await liveDeploy(w, ctx.site.id) } }),
  },
  'GET /sites/{siteId}/domains': { make: () => ({}) },
  'POST /sites/{siteId}/domains': { make: (w) => ({ json: { domain: `www.d${w.next()}.hosting.example.com` } }) },
  'POST /sites/{siteId}/domains/{domain}/verify': { make: async (w, ctx) => ({ params: { domain: await newDomain(w, ctx.site.id) } }) },
  'DELETE /sites/{siteId}/domains/{domain}': { make: async (w, ctx) => ({ params: { domain: await newDomain(w, ctx.site.id) } }) },
  // Caddy's question about a domain no site has verified: 404 is the answer it is meant to get.
  'GET /hosting/ask': { make: (w) => ({ query: { domain: `www.d${w.next()}.hosting.example.com` } }), otherwise: [404] },
  'GET /sites/{siteId}/schemaorg/{componentId}': { make: (w) => ({ params: { componentId: w.schemaOrgId } }) },
  'PUT /sites/{siteId}/schemaorg/{componentId}': {
    make: (w) => ({ params: { componentId: w.schemaOrgId }, json: { json: { '@type': 'Restaurant', name: 'Bistro' } } }),
  },

  // Assets
  'GET /sites/{siteId}/files': { make: () => ({}) },
  'POST /sites/{siteId}/files': {
    make: async (w) => {
      const { body, contentType } = multipart([
        { field: 'file0', filename: `up-${w.next()}.png`, data: await fixtures.png(), type: 'image/png' },
      ]);
      return { raw: body, contentType };
    },
  },
  // Nothing listens at the address: the import is let in and fails to fetch (400 or 502).
  'POST /sites/{siteId}/files/import': {
    make: (w) => ({ json: { url: 'https://127.0.0.1:9/picture.png', filename: `import-${w.next()}.png` } }),
    otherwise: [400, 502],
  },
  'GET /sites/{siteId}/files/{name}': { make: (w) => ({ params: { name: w.fileName } }) },
  'PATCH /sites/{siteId}/files/{name}': {
    make: async (w, ctx) => ({
      params: { name: (await upload(w, ctx.site.id, `rename-${w.next()}.png`)).name },
      json: { newName: `renamed-${w.next()}.png`, tags: ['hero', 'autumn menu'] },
    }),
  },
  'DELETE /sites/{siteId}/files/{name}': {
    make: async (w, ctx) => ({ params: { name: (await upload(w, ctx.site.id, `delete-${w.next()}.png`)).name } }),
  },
  'GET /files/{blob}/{name}': { make: (w) => ({ params: { blob: w.blob, name: w.fileName } }) },
  // Unsplash is not configured here: the search is let in and answers 503.
  'GET /assets/unsplash': { make: () => ({ query: { search: 'mountain' } }), otherwise: [503] },

  // API keys
  'GET /sites/{siteId}/api-keys': { make: () => ({}) },
  'POST /sites/{siteId}/api-keys': { make: () => ({ json: { name: 'CI' } }) },
  'PATCH /sites/{siteId}/api-keys/{token}': {
    make: async (w, ctx) => ({ params: { token: await newKey(w, ctx.site.id) }, json: { name: 'Renamed' } }),
  },
  'DELETE /sites/{siteId}/api-keys/{token}': { make: async (w, ctx) => ({ params: { token: await newKey(w, ctx.site.id) } }) },

  // CMS
  'GET /sites/{siteId}/content': { make: () => ({}) },
  'POST /sites/{siteId}/content': { make: (w) => ({ json: { id: `n${w.next()}`, name: 'New collection' } }) },
  'GET /sites/{siteId}/content/{collection}': { make: () => ({ params: { collection: 'posts' } }) },
  'PATCH /sites/{siteId}/content/{collection}': { make: () => ({ params: { collection: 'posts' }, json: { icon: 'Star' } }) },
  'DELETE /sites/{siteId}/content/{collection}': {
    make: async (w, ctx) => ({ params: { collection: await newCollection(w, ctx.site.id) } }),
  },
  'POST /sites/{siteId}/content/{collection}/fields': {
    make: (w) => ({ params: { collection: 'posts' }, json: { name: `x${w.next()}`, type: 'text' } }),
  },
  'PATCH /sites/{siteId}/content/{collection}/fields/{field}': {
    make: async (w, ctx) => ({ params: { collection: 'posts', field: await newField(w, ctx.site.id) }, json: { _title: 'Extra' } }),
  },
  'DELETE /sites/{siteId}/content/{collection}/fields/{field}': {
    make: async (w, ctx) => ({ params: { collection: 'posts', field: await newField(w, ctx.site.id) } }),
  },
  'POST /sites/{siteId}/content/{collection}/sort/fields': {
    make: () => ({ params: { collection: 'posts' }, json: { fromIndex: 0, toIndex: 1 } }),
  },
  'GET /sites/{siteId}/content/{collection}/items': { make: () => ({ params: { collection: 'posts' } }) },
  'POST /sites/{siteId}/content/{collection}/items': {
    make: (w) => ({ params: { collection: 'posts' }, json: { title: unique(w, 'Post') } }),
  },
  'POST /sites/{siteId}/content/{collection}/import': {
    make: (w) => ({ params: { collection: 'posts' }, json: { items: [{ title: unique(w, 'Imported') }] } }),
  },
  'GET /sites/{siteId}/content/{collection}/items/{itemId}': { make: () => ({ params: { collection: 'posts', itemId: 1 } }) },
  'PATCH /sites/{siteId}/content/{collection}/items/{itemId}': {
    make: (w) => ({ params: { collection: 'posts', itemId: 1 }, json: { title: unique(w, 'Hello') } }),
  },
  'DELETE /sites/{siteId}/content/{collection}/items/{itemId}': {
    make: async (w, ctx) => ({ params: { collection: 'posts', itemId: await newItem(w, ctx.site.id) } }),
  },
  'POST /sites/{siteId}/content/{collection}/items/{itemId}/duplicate': { make: () => ({ params: { collection: 'posts', itemId: 1 } }) },
  'POST /sites/{siteId}/content/{collection}/sort/items': {
    make: () => ({ params: { collection: 'posts' }, json: { fromIndex: 0, toIndex: 1 } }),
  },
  'POST /sites/{siteId}/content/{collection}/sort/items/{field}/{order}': {
    make: () => ({ params: { collection: 'posts', field: 'title', order: 'asc' } }),
  },

  // Localization
  'GET /sites/{siteId}/localization': { make: () => ({ query: { type: 'pages', typeId: 'home' } }) },
  'PATCH /sites/{siteId}/localization': {
    make: (w) => ({ json: { type: 'pages', typeId: 'home', id: 'hero.title:value', values: { en: unique(w, 'Welcome') } } }),
  },

  // Forms
  'POST /sites/{siteId}/forms/{formName}': { make: () => ({ params: { formName: 'contact' }, json: { email: 'visitor@example.com' } }) },
  'GET /sites/{siteId}/submissions': { make: () => ({}) },
  'PATCH /sites/{siteId}/submissions/{id}': { make: (w) => ({ params: { id: w.submissionId }, json: { status: 'completed' } }) },
  'DELETE /sites/{siteId}/submissions/{id}': { make: async (w, ctx) => ({ params: { id: await submitForm(w, ctx.site.id) } }) },

  // AI: about the site named in the body; no provider is configured here, so the allowed get 503.
  'POST /ai/text': { make: (_w, ctx) => ({ json: { text: 'Make this better', siteId: ctx.site.id } }), otherwise: [503] },
  'POST /ai/translate': {
    make: (_w, ctx) => ({ json: { text: 'Hello', languages: ['fi'], siteId: ctx.site.id } }),
    otherwise: [503],
  },

  // Admin
  'GET /admin/users': { make: () => ({}) },
  // The admin's own account back on the free plan it is on: allowed, and it changes nobody's limits.
  'PATCH /admin/users/{userId}': { make: (w) => ({ params: { userId: w.admin.id }, json: { planId: 1 } }) },
  'GET /admin/sites': { make: () => ({}) },
  'GET /admin/activity': { make: () => ({}) },
};

/** The path of an operation with its parameters filled in (each one encoded). */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in params)) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(String(params[name]));
  });
}
