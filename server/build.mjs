// The production build of the server: server/src bundled by esbuild into server/dist, ES modules with
// source maps. `node server/dist/main.js` runs it (no tsx, no TypeScript compiled at start).
//
// - Packages from node_modules stay external (native modules — better-sqlite3, argon2, sharp, pg — and
//   everything else is loaded by Node from node_modules as in development); the workspace's own
//   @pagewright/sdk is TypeScript source and is bundled in.
// - Code splitting: what main.ts or app.ts import with `await import()` (the Tailwind compiler, sharp,
//   the template catalogue, Swagger UI…) becomes a chunk of its own, loaded on first use.
// - Every file sits directly in server/dist, the same depth below the repository as server/src, so the
//   `import.meta.url`-relative lookups (REPO_ROOT/web/dist, openapi.yaml) find the same files; the
//   data files read beside their module (model/data/*.json) are copied to server/dist/data.
//
//   node server/build.mjs              build
//   node server/build.mjs --if-stale   build only when server/dist is missing or older than its inputs
//   node server/build.mjs --outdir D   build into D (a directory directly inside server/, for tests)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.dirname(serverDir);
const defaultOutdir = path.join(serverDir, 'dist');

/** Files and folders whose change makes a build out of date. */
const INPUTS = [
  path.join(serverDir, 'src'),
  path.join(repoRoot, 'sdk', 'src'),
  path.join(serverDir, 'package.json'),
  path.join(serverDir, 'build.mjs'),
  path.join(repoRoot, 'package-lock.json'),
];

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted or renamed file changes its folder's time
  for (const name of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

/** True when `outdir` has no build or one older than a source file, the SDK or the lockfile. */
export function isStale(outdir = defaultOutdir) {
  let built;
  try {
    built = fs.statSync(path.join(outdir, 'main.js')).mtimeMs;
  } catch {
    return true;
  }
  return INPUTS.some((input) => newestMtime(input) > built);
}

/** Bare imports stay external, except the workspace's TypeScript packages, which are bundled. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@pagewright/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export async function build(outdir = defaultOutdir) {
  const { build: esbuild } = await import('esbuild');
  const started = performance.now();
  // A fresh folder each time: stale chunks of an earlier build must not linger beside the new ones.
  const staging = `${outdir}.staging-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  await esbuild({
    absWorkingDir: serverDir,
    // The publish's compile thread (publishing/compile-thread.ts) runs compile-worker.js beside main.js.
    entryPoints: { main: 'src/boot.ts', 'compile-worker': 'src/publishing/compile-worker.ts' },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    // Stacks name server/src files and lines; the sources themselves are in the repository.
    sourcesContent: false,
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    legalComments: 'none',
    plugins: [externalPackages],
  });
  fs.cpSync(path.join(serverDir, 'src', 'model', 'data'), path.join(staging, 'data'), { recursive: true });
  // Swap in the new build whole, so a server starting meanwhile never sees half of one.
  const old = `${outdir}.old-${process.pid}`;
  if (fs.existsSync(outdir)) fs.renameSync(outdir, old);
  fs.renameSync(staging, outdir);
  fs.rmSync(old, { recursive: true, force: true });
  return { outdir, ms: Math.round(performance.now() - started) };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outdir');
  const outdir = at >= 0 ? path.resolve(args[at + 1] ?? '') : defaultOutdir;
  if (args.includes('--if-stale') && !isStale(outdir)) process.exit(0);
  const { ms } = await build(outdir).catch(() => process.exit(1)); // esbuild has printed the errors
  console.log(`server built into ${path.relative(process.cwd(), outdir) || '.'} in ${ms} ms`);
}
