import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import operations from '../../cli/src/generated/operations.json' with { type: 'json' };
import { ownSite, type EditorSite } from '../support/editor.js';
import { fixtures } from '../support/files.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { fixtureLibrary } from '../support/siteDoc.js';
import { loggedIn, removeCliUsers, type CliUser } from './run.js';

// One CLI process per operation of the contract.
const ROOT = new URL('../..', import.meta.url);
let t: TestServer;
let s: EditorSite;
let cli: CliUser;
let work: string;

/** What the site has that the paths name: a file, a version, an export, a view, a component with structured data. */
let world: { fileName: string; blob: string; versionId: number; exportToken: string; viewToken: string; schemaOrgId: string };

beforeAll(async () => {
  t = await startTestServer({ WEBHOOK_ALLOW_PRIVATE: 'true' }, { sectionLibrary: fixtureLibrary });
  // The first account is the instance's admin: the owner below is a plain user.
  await t.signup('Instance Admin');
  s = await ownSite(t);
  cli = loggedIn(t.url, s.token);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-api-'));
  fs.writeFileSync(path.join(work, 'logo.png'), await fixtures.png());
  const path_ = { siteId: s.siteId };

  const upload = await cli.run(['api', 'POST', '/sites/{siteId}/files', '--site', s.siteId, '-F', `file0=@${path.join(work, 'logo.png')}`]);
  expect(upload.code, upload.stderr).toBe(0);
  const [file] = JSON.parse(upload.stdout) as { name: string; url: string }[];
  const { data: schemaOrg } = await s.api.POST('/sites/{siteId}/components', {
    params: { path: path_ },
    body: { toContainer: 'hero', type: 'schemaOrg' },
  });
  await s.api.POST('/sites/{siteId}/versions/commit', { params: { path: path_ }, body: { message: 'Fixture' } });
  const { data: versions } = await s.api.GET('/sites/{siteId}/versions', { params: { path: path_ } });
  const { data: published } = await s.api.GET('/sites/{siteId}/publish', { params: { path: path_, query: { type: 'download' } } });
  const { data: view } = await s.api.POST('/sites/{siteId}/view', { params: { path: path_ } });
  // A visitor's form post, through the same command (a public operation).
  const form = await cli.run([
    'api',
    'POST',
    '/sites/{siteId}/forms/contact',
    '--site',
    s.siteId,
    '-f',
    'email=visitor@example.com',
    '-f',
    'message=Hi',
  ]);
  expect(form.code, form.stderr).toBe(0);
  world = {
    fileName: file!.name,
    blob: file!.url.split('/files/')[1]!.split('/')[0]!,
    versionId: versions![0]!.id,
    exportToken: published!.download.url.split('/export/')[1]!,
    viewToken: view!.url.split('/view/')[1]!.replace(/\/$/, ''),
    schemaOrgId: schemaOrg!.id,
  };
});

afterAll(async () => {
  removeCliUsers();
  fs.rmSync(work, { recursive: true, force: true });
  await t.close();
});

/**
 * How `pagewright api` calls each GET of the contract on the owner's fresh site: the path with its
 * parameters filled (and the query some need), or why a signed-in owner cannot call it.
 */
const GETS: Record<string, (() => string) | { skip: string }> = {
  'GET /health': () => '/health',
  'GET /docs': () => '/docs',
  'GET /config': () => '/config',
  'GET /openapi.yaml': () => '/openapi.yaml',
  'GET /realtime': { skip: 'a WebSocket upgrade, not a request and an answer' },
  'GET /auth/google': { skip: 'a browser sign-in with a provider this server has not configured' },
  'GET /auth/google/callback': { skip: "the provider's redirect back to a browser sign-in" },
  'GET /auth/github': { skip: 'a browser sign-in with a provider this server has not configured' },
  'GET /auth/github/callback': { skip: "the provider's redirect back to a browser sign-in" },
  'GET /user': () => '/user',
  'GET /user/2fa': () => '/user/2fa',
  'GET /payments/plans': () => '/payments/plans',
  'GET /subscription': () => '/subscription',
  'GET /checkout/{publicUserId}/{priceId}': { skip: 'needs Stripe, which this server does not take payment with' },
  'GET /billing-portal/{customerId}': { skip: 'needs Stripe, which this server does not take payment with' },
  'GET /templates': () => '/templates',
  'GET /templates/{templateId}/pages/{pageId}/preview': () => '/templates/bistro/pages/menu/preview',
  'GET /sites': () => '/sites',
  'GET /sites/{siteId}/collaborators': () => '/sites/{siteId}/collaborators',
  'GET /sections': () => '/sections',
  'GET /fonts': () => '/fonts',
  'GET /fonts/files/{file}': () => '/fonts/files/inter-latin-400-normal.woff2',
  'GET /schemaorg': () => '/schemaorg',
  'GET /sites/{siteId}': () => '/sites/{siteId}?expand=pages',
  'GET /sites/{siteId}/preview': () => '/sites/{siteId}/preview?preview=home,light',
  'GET /sites/{siteId}/preview/css': () => '/sites/{siteId}/preview/css?classes=opacity-40',
  'GET /sites/{siteId}/sections/preview': () => '/sites/{siteId}/sections/preview?category=hero',
  'GET /sites/{siteId}/redirects': () => '/sites/{siteId}/redirects',
  'GET /sites/{siteId}/versions': () => '/sites/{siteId}/versions',
  'GET /sites/{siteId}/versions/{versionId}/download': () => `/sites/{siteId}/versions/${world.versionId}/download`,
  'GET /sites/{siteId}/publish': () => '/sites/{siteId}/publish?type=download',
  'GET /sites/{siteId}/export/{token}': () => `/sites/{siteId}/export/${world.exportToken}`,
  'GET /sites/{siteId}/view/{token}': () => `/sites/{siteId}/view/${world.viewToken}/`,
  'GET /sites/{siteId}/view/{token}/{path}': () => `/sites/{siteId}/view/${world.viewToken}/robots.txt`,
  'GET /sites/{siteId}/compiled': () => '/sites/{siteId}/compiled',
  'GET /sites/{siteId}/webfonts': () => '/sites/{siteId}/webfonts',
  'GET /sites/{siteId}/schemaorg/{componentId}': () => `/sites/{siteId}/schemaorg/${world.schemaOrgId}`,
  'GET /sites/{siteId}/files': () => '/sites/{siteId}/files',
  'GET /sites/{siteId}/files/{name}': () => `/sites/{siteId}/files/${world.fileName}`,
  'GET /files/{blob}/{name}': () => `/files/${world.blob}/${world.fileName}`,
  'GET /assets/unsplash': { skip: 'stock photos are not configured on this server (it answers 503)' },
  'GET /sites/{siteId}/api-keys': () => '/sites/{siteId}/api-keys',
  'GET /sites/{siteId}/content': () => '/sites/{siteId}/content',
  'GET /sites/{siteId}/content/{collection}': () => '/sites/{siteId}/content/posts',
  'GET /sites/{siteId}/content/{collection}/items': () => '/sites/{siteId}/content/posts/items',
  'GET /sites/{siteId}/content/{collection}/items/{itemId}': () => '/sites/{siteId}/content/posts/items/1',
  'GET /sites/{siteId}/localization': () => '/sites/{siteId}/localization?type=pages&typeId=home',
  'GET /sites/{siteId}/submissions': () => '/sites/{siteId}/submissions',
  'GET /sites/{siteId}/deploys': () => '/sites/{siteId}/deploys',
  'GET /sites/{siteId}/domains': () => '/sites/{siteId}/domains',
  'GET /hosting/ask': { skip: "the TLS server's question about a domain: 404 for any domain not verified, and a fresh site has none" },
  'GET /admin/users': { skip: 'for the instance admin only' },
  'GET /admin/sites': { skip: 'for the instance admin only' },
  'GET /admin/activity': { skip: 'for the instance admin only' },
};

const contractGets = () => {
  const doc = parse(fs.readFileSync(new URL('openapi.yaml', ROOT), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths)
    .filter(([, item]) => item.get)
    .map(([route]) => `GET ${route}`);
};

describe('pagewright api reaches every GET of the contract', () => {
  it('its table of operations is the one openapi.yaml gives, and this list names every GET', () => {
    const table = (operations as { method: string; path: string }[]).filter((op) => op.method === 'GET').map((op) => `GET ${op.path}`);
    expect(table).toEqual(contractGets());
    expect(Object.keys(GETS).sort()).toEqual(contractGets().sort());
  });

  it('answers each with exit 0: JSON as JSON, anything else as the bytes the server sent', async () => {
    const failures: string[] = [];
    for (const [key, how] of Object.entries(GETS)) {
      if (typeof how !== 'function') continue;
      const result = await cli.run(['api', how(), '--site', s.siteId]);
      if (result.code !== 0) {
        failures.push(`${key}: exit ${result.code} ${result.stderr.trim()}`);
        continue;
      }
      const text = result.stdout.trim();
      if (text.startsWith('{') || text.startsWith('[')) {
        try {
          JSON.parse(text);
        } catch {
          failures.push(`${key}: not JSON: ${text.slice(0, 80)}`);
        }
      } else if (!text) failures.push(`${key}: printed nothing`);
    }
    expect(failures).toEqual([]);
  });

  it('prints what the SDK reads for the same call', async () => {
    const result = await cli.run(['api', `/sites/${s.siteId}/content/posts/items`]);
    const { data } = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
      params: { path: { siteId: s.siteId, collection: 'posts' } },
    });
    expect(JSON.parse(result.stdout)).toEqual(data);
    const version = await cli.run([
      'api',
      '/sites/{siteId}/versions/{versionId}/download'.replace('{versionId}', String(world.versionId)),
      '-s',
      s.siteId,
    ]);
    const { data: doc } = await s.api.GET('/sites/{siteId}/versions/{versionId}/download', {
      params: { path: { siteId: s.siteId, versionId: world.versionId } },
    });
    expect(JSON.parse(version.stdout)).toEqual(doc);
  });
});

describe('pagewright api writes', () => {
  it('POST with typed and text fields creates an item; PATCH changes it; DELETE removes it', async () => {
    const items = `/sites/${s.siteId}/content/posts/items`;
    const created = await cli.run(['api', items, '-f', 'title=From the terminal', '-f', 'slug=from-the-terminal', '-F', '_id=40']);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ itemId: 40, item: { title: 'From the terminal' } });
    const patched = await cli.run(['api', 'PATCH', `${items}/40`, '-f', 'title=Renamed in the terminal', '--jq', '.title']);
    expect(patched).toMatchObject({ code: 0, stdout: 'Renamed in the terminal\n', stderr: '' });
    const read = await s.api.GET('/sites/{siteId}/content/{collection}/items/{itemId}', {
      params: { path: { siteId: s.siteId, collection: 'posts', itemId: 40 } },
    });
    expect(read.data).toMatchObject({ title: 'Renamed in the terminal', slug: 'from-the-terminal' });
    const deleted = await cli.run(['api', '-X', 'DELETE', `${items}/40`]);
    expect(deleted).toMatchObject({ code: 0, stdout: '' });
    const gone = await s.api.GET('/sites/{siteId}/content/{collection}/items/{itemId}', {
      params: { path: { siteId: s.siteId, collection: 'posts', itemId: 40 } },
    });
    expect(gone.response.status).toBe(404);
  });

  it('sends a JSON body from --input (a file or stdin), and nests fields with key[sub] and key[]', async () => {
    const body = path.join(work, 'redirect.json');
    fs.writeFileSync(body, JSON.stringify({ from: '/old-menu', to: '/menu' }));
    const fromFile = await cli.run(['api', 'POST', '/sites/{siteId}/redirects', '--site', s.siteId, '--input', body]);
    expect(fromFile.code, fromFile.stderr).toBe(0);
    const fromStdin = await cli.run(['api', 'POST', '/sites/{siteId}/redirects', '--site', s.siteId, '--input', '-'], {
      input: JSON.stringify({ from: '/old-about', to: '/about' }),
    });
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    const { data } = await s.api.GET('/sites/{siteId}/redirects', { params: { path: { siteId: s.siteId } } });
    expect(data!.redirects.map((r) => [r.from, r.to])).toEqual(
      expect.arrayContaining([
        ['/old-menu', '/menu'],
        ['/old-about', '/about'],
      ]),
    );

    const field = await cli.run([
      'api',
      'POST',
      `/sites/${s.siteId}/content/posts/fields`,
      '-f',
      'name=mood',
      '-f',
      'type=enum',
      '-f',
      'options[]=Calm',
      '-f',
      'options[]=Busy',
    ]);
    expect(field.code, field.stderr).toBe(0);
    const { data: posts } = await s.api.GET('/sites/{siteId}/content/{collection}', {
      params: { path: { siteId: s.siteId, collection: 'posts' } },
    });
    expect(posts!.fields.find((f) => f.name === 'mood')).toMatchObject({ type: 'enum', options: ['Calm', 'Busy'] });
  });

  it('--paginate joins every page of a paged list; --include shows the status and headers', async () => {
    for (let i = 0; i < 5; i++)
      await s.api.POST('/sites/{siteId}/content/{collection}/items', {
        params: { path: { siteId: s.siteId, collection: 'posts' } },
        body: { title: `Paged ${i}` },
      });
    const { data } = await s.api.GET('/sites/{siteId}/content/{collection}/items', {
      params: { path: { siteId: s.siteId, collection: 'posts' }, query: { limit: 100 } },
    });
    const all = await cli.run(['api', `/sites/${s.siteId}/content/posts/items?limit=2`, '--paginate', '--jq', '(.items | length), .total']);
    expect(all).toMatchObject({ code: 0, stdout: `${data!.total}\n${data!.total}\n` });
    const included = await cli.run(['api', '/health', '-i']);
    expect(included.stdout).toMatch(/^HTTP 200 OK\n(.+: .+\n)+\n\{/);
    const notPaged = await cli.run(['api', '/sites', '--paginate']);
    expect(notPaged).toMatchObject({ code: 1, stderr: 'error: GET /sites is not paged (it has no offset and limit)\n' });
  });
});

describe('pagewright api checks the call against the contract', () => {
  it('suggests the nearest path for an unknown one, and sends nothing', async () => {
    const result = await cli.run(['api', `/sitez/${s.siteId}/versions`]);
    expect(result).toMatchObject({ code: 1, stdout: '' });
    expect(result.stderr).toBe(
      `error: no operation of the API has the path /sitez/${s.siteId}/versions\nDid you mean GET /sites/{siteId}/versions?\n`,
    );
    const typo = await cli.run(['api', '/sites/{siteId}/redirect', '--site', s.siteId]);
    expect(typo.stderr).toContain('Did you mean GET /sites/{siteId}/redirects, or POST /sites/{siteId}/redirects?');
  });

  it('refuses a method the path does not have, a query parameter it does not take, and a method that is none', async () => {
    const method = await cli.run(['api', 'DELETE', '/sites/{siteId}/versions', '--site', s.siteId]);
    expect(method).toMatchObject({
      code: 1,
      stderr: 'error: DELETE is not an operation of /sites/{siteId}/versions\nIt has: GET /sites/{siteId}/versions\n',
    });
    const query = await cli.run(['api', '/sites/{siteId}/versions?limit=3', '--site', s.siteId]);
    expect(query.stderr).toBe('error: GET /sites/{siteId}/versions takes no query parameter "limit"\nIt takes none\n');
    const verb = await cli.run(['api', 'FETCH', '/sites']);
    expect(verb.stderr).toBe('error: FETCH is not a method: use GET, POST, PUT, PATCH, DELETE\n');
    const site = await cli.run(['api', '/sites/{siteId}/versions']);
    expect(site.stderr).toBe('error: {siteId} in the path needs --site (or PAGEWRIGHT_SITE)\n');
  });

  it("reports the server's refusal as every command does: the message, the status and the field; 4 without a sign-in", async () => {
    const refused = await cli.run([
      'api',
      'POST',
      '/sites/{siteId}/versions/commit',
      '--site',
      s.siteId,
      '-f',
      `message=${'x'.repeat(501)}`,
    ]);
    expect(refused).toMatchObject({ code: 1, stdout: '', stderr: 'error: message must be at most 500 characters (400) field: message\n' });
    const anonymous = await loggedIn('http://elsewhere.example.com', 'x').run(['api', '/sites'], { env: { PAGEWRIGHT_URL: t.url } });
    expect(anonymous.code).toBe(4);
    expect(anonymous.stderr).toMatch(/^error: .+ \(401\)\nTo sign in, run: pagewright login/);
  });

  it('lists the operations with --operations, filtered by a word', async () => {
    const result = await cli.run(['api', '--operations', 'versions']);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toContain(
      'POST\t/sites/{siteId}/versions/{versionId}/restore\tRestore any saved version, as one step that undo takes back',
    );
    expect(lines.every((line) => /versions/i.test(line))).toBe(true);
  });

  it('reports a jq expression jq cannot read', async () => {
    const result = await cli.run(['api', '/health', '--jq', '.a |||']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^error: --jq: jq: error: syntax error/);
  });
});
