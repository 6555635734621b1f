// The CLI and the SDK as a user gets them (issue 20): `npm run pack` builds both packages, they are
// installed from their tarballs into a fresh project outside the workspace (their dependencies from the
// registry), and then used against a live server the way a CI pipeline or an import script uses them.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cmsOf } from '../support/cms.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { domain } from '../support/team.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
const exec = promisify(execFile);

interface Tarballs {
  sdk: string;
  cli: string;
}

let tarballs: Tarballs;
let project: string;
let t: TestServer;
let owner: Awaited<ReturnType<TestServer['signup']>>;
let siteId: string;

/** The environment of a user's shell: none of the runner's Pagewright settings, a home of its own. */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PAGEWRIGHT_') && !key.startsWith('npm_')));
  return { ...base, HOME: path.join(project, 'home'), PAGEWRIGHT_CONFIG_DIR: path.join(project, 'home', 'config'), ...extra };
}

/** Runs a command in the user's project; answers its exit code and output. */
function inProject(command: string, args: string[], options: { input?: string; env?: Record<string, string> } = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd: project, env: userEnv(options.env), stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}

const pagewright = (args: string[], options: { input?: string; env?: Record<string, string> } = {}) =>
  inProject('npx', ['--no-install', 'pagewright', ...args], options);

async function tarballFiles(tarball: string): Promise<string[]> {
  const { stdout } = await exec('tar', ['tzf', tarball]);
  return stdout.trim().split('\n');
}

async function tarballManifest(tarball: string): Promise<Record<string, unknown>> {
  const { stdout } = await exec('tar', ['xzOf', tarball, 'package/package.json']);
  return JSON.parse(stdout) as Record<string, unknown>;
}

beforeAll(async () => {
  const { stdout } = await exec(process.execPath, [path.join(ROOT, 'scripts', 'pack.mjs')], { cwd: ROOT });
  tarballs = JSON.parse(stdout.trim().split('\n').pop()!) as Tarballs;
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-packages-'));
  fs.mkdirSync(path.join(project, 'home'));
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'my-site-scripts', private: true, type: 'module' }));
  // As a user installs them: the two tarballs, everything else from the registry, no workspace around.
  const install = await inProject('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts=false', tarballs.sdk, tarballs.cli]);
  expect(install.code, install.stderr).toBe(0);

  t = await startTestServer();
  owner = await t.signup('CI Owner');
  siteId = domain();
  await owner.api.POST('/sites', { body: { name: 'Packaged', siteId, templateId: 'launch' } });
  const cms = cmsOf(owner.api, siteId);
  await cms.create({ id: 'products', name: 'Products' });
  for (const field of [
    { name: 'title', type: 'text' as const },
    { name: 'sku', type: 'text' as const },
    { name: 'price', type: 'number' as const },
  ]) {
    await cms.addField('products', field);
  }
});

afterAll(async () => {
  await t?.close();
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

describe('the tarballs', () => {
  it('the SDK ships built JavaScript with its types, and no tests or TypeScript sources', async () => {
    const files = await tarballFiles(tarballs.sdk);
    expect(files).toContain('package/dist/index.js');
    expect(files).toContain('package/dist/index.d.ts');
    expect(files).toContain('package/dist/generated/api.d.ts');
    expect(files.filter((f) => /\.test\.|\/src\//.test(f) || (f.endsWith('.ts') && !f.endsWith('.d.ts')))).toEqual([]);
    const manifest = await tarballManifest(tarballs.sdk);
    expect(manifest).toMatchObject({
      name: '@pagewright/sdk',
      type: 'module',
      exports: { '.': { types: './dist/index.d.ts', default: './dist/index.js' } },
    });
    expect(manifest.private).toBeUndefined();
  });

  it('the CLI ships one bundled bin, depends on the SDK by version, and has no install script, tsx or esbuild', async () => {
    const files = await tarballFiles(tarballs.cli);
    expect(files).toContain('package/dist/pagewright.js');
    expect(files.filter((f) => f.endsWith('.ts') || f.includes('.test.'))).toEqual([]);
    const manifest = await tarballManifest(tarballs.cli);
    const sdk = await tarballManifest(tarballs.sdk);
    expect(manifest).toMatchObject({ name: 'pagewright', bin: { pagewright: 'dist/pagewright.js' } });
    const dependencies = manifest.dependencies as Record<string, string>;
    expect(dependencies['@pagewright/sdk']).toBe(sdk.version);
    expect(Object.keys(dependencies)).not.toContain('tsx');
    expect(Object.keys(dependencies)).not.toContain('esbuild');
    const scripts = (manifest.scripts ?? {}) as Record<string, string>;
    expect(['preinstall', 'install', 'postinstall', 'prepare'].filter((s) => s in scripts)).toEqual([]);
  });
});

describe('the docs install what was packed', () => {
  it('the CI example pins the CLI version this repository packs', async () => {
    const { version } = (await tarballManifest(tarballs.cli)) as { version: string };
    const workflow = fs.readFileSync(path.join(ROOT, 'examples', 'ci', 'publish.yml'), 'utf8');
    expect(workflow).toContain(`npm install -g pagewright@${version}`);
    expect(workflow).not.toContain('npm ci');
  });
});

describe('the installed CLI against a live server', () => {
  it('--version prints the CLI version, and the server version once signed in', async () => {
    const version = ((await tarballManifest(tarballs.cli)) as { version: string }).version;
    const before = await pagewright(['--version']);
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout.trim()).toBe(version);
    const login = await pagewright(['login', '--with-token'], { input: owner.session.token, env: { PAGEWRIGHT_URL: t.url } });
    expect(login.code, login.stderr).toBe(0);
    const after = await pagewright(['--version']);
    expect(after.code, after.stderr).toBe(0);
    expect(after.stdout).toContain(version);
    expect(after.stdout).toMatch(new RegExp(`server ${t.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\d+\\.\\d+\\.\\d+`));
  });

  it('items import of a CSV, then publish --download, as a CI job would', async () => {
    fs.writeFileSync(path.join(project, 'products.csv'), 'title,sku,price\nBoots,B-1,89.5\nScarf,S-2,19\n');
    const imported = await pagewright([
      'items',
      'import',
      'products.csv',
      '--site',
      siteId,
      '--collection',
      'products',
      '--upsert-by',
      'sku',
      '--json',
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ rows: 2, created: 2, rejected: 0 });
    const listed = await pagewright(['items', 'list', '--site', siteId, '--collection', 'products', '--json', 'sku,price']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toEqual([
      { sku: 'B-1', price: 89.5 },
      { sku: 'S-2', price: 19 },
    ]);

    const published = await pagewright(['publish', '--site', siteId, '--download', 'site.zip', '--json']);
    expect(published.code, published.stderr).toBe(0);
    const zip = fs.readFileSync(path.join(project, 'site.zip'));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect((await exec('unzip', ['-l', path.join(project, 'site.zip')])).stdout).toContain('index.html');
  });
});

describe('the installed SDK', () => {
  it('a plain .mjs script imports it and lists the sites', async () => {
    fs.writeFileSync(
      path.join(project, 'list-sites.mjs'),
      `import { createClient } from '@pagewright/sdk';
const api = createClient({ baseUrl: process.env.PAGEWRIGHT_URL, token: process.env.PAGEWRIGHT_TOKEN, throwOnError: true });
const { data } = await api.GET('/sites');
console.log(JSON.stringify(data.map((s) => s.id)));
`,
    );
    const run = await inProject(process.execPath, ['list-sites.mjs'], {
      env: { PAGEWRIGHT_URL: t.url, PAGEWRIGHT_TOKEN: owner.session.token },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual([siteId]);
  });

  it('a TypeScript file type-checks against it with tsc --noEmit, and a wrong call does not', async () => {
    fs.writeFileSync(
      path.join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          lib: ['ES2023', 'DOM'],
          noEmit: true,
          skipLibCheck: false,
          types: [],
        },
        include: ['*.ts'],
      }),
    );
    fs.writeFileSync(
      path.join(project, 'import.ts'),
      `import { createClient, PagewrightError, type Schemas } from '@pagewright/sdk';
import { messages } from '@pagewright/sdk/messages';
const api = createClient({ baseUrl: 'http://localhost:8080', token: 'key' });
const item: Schemas['ItemInput'] = { title: 'Boots' };
export async function run(siteId: string): Promise<number> {
  const { data, error } = await api.GET('/sites/{siteId}/content/{collection}/items', { params: { path: { siteId, collection: 'products' } } });
  if (error) throw new PagewrightError(error);
  void item; void messages;
  return data.items.length;
}
`,
    );
    const good = await inProject(process.execPath, [TSC, '-p', 'tsconfig.json']);
    expect(good.code, good.stdout + good.stderr).toBe(0);
    fs.writeFileSync(
      path.join(project, 'wrong.ts'),
      `import { createClient } from '@pagewright/sdk';\nawait createClient({ baseUrl: 'x' }).GET('/no-such-path');\n`,
    );
    const wrong = await inProject(process.execPath, [TSC, '-p', 'tsconfig.json']);
    fs.rmSync(path.join(project, 'wrong.ts'));
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toMatch(/^wrong\.ts\(2,\d+\): error TS\d+/m);
  });

  it('examples/csv-import runs from its own folder with only the SDK and its CSV parser installed', async () => {
    const example = path.join(project, 'csv-import');
    fs.cpSync(path.join(ROOT, 'examples', 'csv-import'), example, { recursive: true });
    const install = await new Promise<number | null>((resolve) => {
      const child = spawn('npm', ['install', '--no-audit', '--no-fund', tarballs.sdk], { cwd: example, env: userEnv(), stdio: 'ignore' });
      child.on('close', resolve);
    });
    expect(install).toBe(0);
    const other = domain();
    await owner.api.POST('/sites', { body: { name: 'Example shop', siteId: other, templateId: 'launch' } });
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['import-with-sdk.mjs'], {
        cwd: example,
        env: userEnv({ PAGEWRIGHT_URL: t.url, PAGEWRIGHT_TOKEN: owner.session.token, PAGEWRIGHT_SITE: other }),
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ rows: 300, created: 300, updated: 0, unchanged: 0 });
  });
});
