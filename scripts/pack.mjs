#!/usr/bin/env node
// `npm run pack`: builds the two packages people install (spec: issue 20) and packs them with `npm pack`.
//
//   @pagewright/sdk  ESM JavaScript and .d.ts built by tsc from sdk/src (generated types included)
//   pagewright       the CLI bundled by esbuild into dist/ (its own sources only), depending on
//                    @pagewright/sdk by exact version and on its other runtime packages from the registry
//
// Each package is assembled in dist/packages/<name>/ with a manifest written for its users (exports at the
// built files, no workspace-only fields, no tsx or esbuild) and packed from there into dist/packages/*.tgz.
// The workspaces keep pointing at their TypeScript sources, so nothing in the repository needs a build
// step before it runs; see docs/decisions/0041-packages.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'packages');
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** Runs a tool of the workspace (tsc, npm) and fails loudly with its output. */
function run(command, args, cwd = root) {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
}

const common = (source) => ({
  version: source.version,
  license: 'MIT',
  type: 'module',
  engines: { node: '>=20.11' },
  homepage: 'https://github.com/pagewright/pagewright#readme',
});

function buildSdk() {
  const source = readJson(path.join(root, 'sdk', 'package.json'));
  const dir = path.join(out, 'sdk');
  fs.rmSync(dir, { recursive: true, force: true });
  run(process.execPath, [
    path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'),
    '-p',
    'sdk/tsconfig.build.json',
    '--outDir',
    path.join(dir, 'dist'),
  ]);
  const entry = (name) => ({ types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` });
  const manifest = {
    name: source.name,
    ...common(source),
    description: 'Typed client for the Pagewright API (sites, pages, CMS content, assets, publishing)',
    keywords: ['pagewright', 'cms', 'website-builder', 'openapi', 'sdk'],
    main: './dist/index.js',
    types: './dist/index.d.ts',
    exports: {
      '.': entry('index'),
      './messages': entry('messages'),
      './rules': entry('rules'),
      './content': entry('content'),
      './package.json': './package.json',
    },
    files: ['dist', 'README.md'],
    sideEffects: false,
    dependencies: source.dependencies,
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.copyFileSync(path.join(root, 'sdk', 'README.md'), path.join(dir, 'README.md'));
  return { dir, manifest };
}

async function buildCli(sdkVersion) {
  const source = readJson(path.join(root, 'cli', 'package.json'));
  const dir = path.join(out, 'cli');
  fs.rmSync(dir, { recursive: true, force: true });
  const { build } = await import('esbuild');
  await build({
    entryPoints: { pagewright: path.join(root, 'cli', 'bin', 'entry.ts') },
    outdir: path.join(dir, 'dist'),
    bundle: true,
    splitting: true, // the terminal UI (ink, React) loads only when `pagewright tui` runs
    format: 'esm',
    platform: 'node',
    target: 'node20',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    // Every package, the SDK included, is installed beside the CLI rather than copied into it.
    packages: 'external',
  });
  // The shebang goes on the entry alone (esbuild's banner would put it on every chunk too).
  const bin = path.join(dir, 'dist', 'pagewright.js');
  fs.writeFileSync(bin, `#!/usr/bin/env node\n${fs.readFileSync(bin, 'utf8')}`);
  fs.chmodSync(bin, 0o755);
  const { tsx: _tsx, esbuild: _esbuild, ...runtime } = source.dependencies;
  const manifest = {
    name: 'pagewright',
    ...common(source),
    description: 'The Pagewright command line: sites, CMS imports and exports, assets, versions and publishing from the terminal and CI',
    keywords: ['pagewright', 'cms', 'cli', 'website-builder', 'static-site', 'publish'],
    bin: { pagewright: 'dist/pagewright.js' },
    files: ['dist', 'README.md'],
    dependencies: { ...runtime, '@pagewright/sdk': sdkVersion },
  };
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.copyFileSync(path.join(root, 'cli', 'README.md'), path.join(dir, 'README.md'));
  return { dir, manifest };
}

/** `npm pack` of an assembled package; answers the tarball's path. */
function pack(dir) {
  const [result] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', out], dir));
  return path.join(out, result.filename);
}

fs.mkdirSync(out, { recursive: true });
for (const old of fs.readdirSync(out)) if (old.endsWith('.tgz')) fs.rmSync(path.join(out, old));
const sdk = buildSdk();
const cli = await buildCli(sdk.manifest.version);
const tarballs = { sdk: pack(sdk.dir), cli: pack(cli.dir) };
process.stdout.write(`${JSON.stringify(tarballs)}\n`);
